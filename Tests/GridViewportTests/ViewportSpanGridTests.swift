import GridCore
import GridLayouts
import GridStrategies
import GridTestSupport
import GridViewport
import Testing

/// The viewport over span grids: frozen rows and columns pinned by rule, every strategy
/// loading what the layout's own queries load, no allocation per scroll frame.
///
/// The grid of these tests: columns 100 (frozen), then 9 of 60, then one of the width less
/// 200 clamped to [50, 150]; rows 30 (frozen), then 300 of 20; merged cells across the
/// header row, down 120 rows of column 3 and over a block. On a 320 × 480 screen the last
/// column is 120: content 100 + 540 + 120 = 760 wide, 30 + 6,000 = 6,030 high.
@Suite struct ViewportSpanGridTests {
    static let size = Size(width: 320, height: 480)
    static let configuration = SpanGrid.Configuration(
        columns: [SpanGrid.ColumnWidth(.fixed(100))] + Array(repeating: SpanGrid.ColumnWidth(.fixed(60)), count: 9)
            + [SpanGrid.ColumnWidth(.viewport(padding: 200), min: 50, max: 150)],
        rows: [SpanGrid.RowRun(count: 1, height: 30), SpanGrid.RowRun(count: 300, height: 20)],
        merges: [
            GridPlacement(row: 0, column: 1, rowSpan: 1, columnSpan: 4), GridPlacement(row: 5, column: 3, rowSpan: 120, columnSpan: 1),
            GridPlacement(row: 40, column: 5, rowSpan: 10, columnSpan: 4), GridPlacement(row: 7, column: 0, rowSpan: 3, columnSpan: 1),
        ],
        frozenRows: 1, frozenColumns: 1)

    func viewport<L: GridLayout>(_ layout: L, margin: PreloadMargin = .chGridView) throws -> Viewport<L> {
        try Viewport(layout: layout, data: Self.configuration.dataShape(), size: Self.size, margin: margin)
    }

    /// The frozen row at `y = clamp(y0, 0, 6,030 − 30)`, the frozen column at
    /// `x = clamp(x0, 0, 760 − 100)`, their corner cell at both; the merged cell (7, 0) of
    /// the frozen column keeps its y and moves to the column's x.
    @Test(arguments: [
        (0.0, 0.0, 0.0, 0.0), (250, 150, 250, 150), (-40, -60, 0, 0), (700, 6100, 660, 6000), (33.5, 12.25, 33.5, 12.25),
    ])
    func frozenRowsAndColumnsArePinned(x0: Double, y0: Double, columnX: Double, rowY: Double) throws {
        var viewport = try viewport(SpanGrid(Self.configuration))
        viewport.scroll(to: Point(x: x0, y: y0))
        let loaded = Dictionary(uniqueKeysWithValues: viewport.loadedElements.map { ($0.attributes.path, $0.attributes.frame) })
        #expect(loaded.count == viewport.loadedElements.count, "each element once")
        #expect(loaded[ItemPath(section: 0, item: 0)] == Rect(x: columnX, y: rowY, width: 100, height: 30))
        // The merged header (0, 1…4): x 100, pinned on y only, when in the loaded rect.
        let header = Rect(x: 100, y: rowY, width: 240, height: 30)
        if header.intersects(viewport.loadedRect) { #expect(loaded[ItemPath(section: 0, item: 1)] == header) }
        // The frozen column's merged cell (rows 7…9): y 30 + 6·20 = 150, 60 high.
        let block = Rect(x: columnX, y: 150, width: 100, height: 60)
        if block.intersects(viewport.loadedRect) { #expect(loaded[ItemPath(section: 7, item: 0)] == block) }
    }

    /// Every strategy loads what on demand (the layout's own queries) loads, frame by frame,
    /// along a diagonal drag, a vertical sweep through the 120-row merged cell and back.
    @Test func strategiesAgree() throws {
        let diagonal = (0...300).map { Point(x: -50 + Double($0) * 2.9, y: -80 + Double($0) * 19.9) }
        let sweep = (0...200).map { Point(x: 120, y: 6100 - Double($0) * 31.7) }
        let path = diagonal + sweep
        var reference = try viewport(SpanGrid(Self.configuration))
        var others: [Viewport<AnyGridLayout>] = try StrategyKind.allCases.map {
            try viewport(AnyGridLayout(try $0.wrap(SpanGrid(Self.configuration))))
        }
        // Adaptive at a threshold of 0 is on demand; the default (400) caches these 2,700 cells.
        others.append(try viewport(AnyGridLayout(try StrategyKind.adaptive.wrap(SpanGrid(Self.configuration), threshold: 100_000))))
        for offset in path {
            let expected = reference.scroll(to: offset).digest
            #expect(!reference.loadedElements.isEmpty)
            for index in others.indices {
                #expect(others[index].scroll(to: offset).digest == expected, "strategy \(index) at \(offset)")
            }
        }
    }

    /// The loaded set is the brute-force reading of the rules: every cell whose frame (pinned
    /// for frozen cells) meets the loaded rect.
    @Test func theLoadedSetIsTheBruteForceSet() throws {
        var layout = SpanGrid(Self.configuration)
        try layout.prepare(data: Self.configuration.dataShape(), container: Self.size)
        let content = layout.contentSize
        #expect(content == Size(width: 760, height: 6030))
        let everything = layout.elements(in: layout.contentBounds)
        var viewport = try viewport(SpanGrid(Self.configuration), margin: .points(25))
        for offset in [Point(x: 0, y: 0), Point(x: 333, y: 777), Point(x: -40, y: 2500), Point(x: 700, y: -20), Point(x: 555, y: 5900)] {
            viewport.scroll(to: offset)
            let rect = viewport.loadedRect
            let sy = min(max(offset.y, 0), content.height - 30), sx = min(max(offset.x, 0), content.width - 100)
            var expected: [ItemPath: Rect] = [:]
            for element in everything {
                var frame = element.frame
                if frame.maxY <= 30 { frame.origin.y += sy }
                if frame.maxX <= 100 { frame.origin.x += sx }
                if frame.intersects(rect) { expected[element.path] = frame }
            }
            let got = Dictionary(uniqueKeysWithValues: viewport.loadedElements.map { ($0.attributes.path, $0.attributes.frame) })
            #expect(got == expected, "at \(offset)")
        }
    }

    /// After a warm-up pass, scroll frames allocate nothing, on demand and cached.
    @Test func scrollingAllocatesNothing() throws {
        try #require(AllocationCount.isAvailable)
        let diagonal = (0...300).map { Point(x: -50 + Double($0) * 2.9, y: -80 + Double($0) * 21.3) }
        let offsets = diagonal + diagonal.reversed()
        var onDemand = try viewport(SpanGrid(Self.configuration))
        var cached = try viewport(CachedLayout(SpanGrid(Self.configuration)))
        var entered = 0
        for offset in offsets {
            entered += onDemand.scroll(to: offset).entered
            entered += cached.scroll(to: offset).entered
        }
        let (_, count) = AllocationCount.measure {
            var index = 0
            while index < offsets.count {
                entered &+= onDemand.scroll(to: offsets[index]).entered
                entered &+= cached.scroll(to: offsets[index]).entered
                index += 1
            }
        }
        #expect(entered > 0)
        #expect(count.allocations == 0, "\(count)")
    }
}
