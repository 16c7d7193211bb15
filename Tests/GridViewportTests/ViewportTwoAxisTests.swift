import GridCore
import GridLayouts
import GridStrategies
import GridTestSupport
import GridViewport
import Testing

/// The viewport over a two-axis layout (the data grid): a loaded region grown along both
/// axes, frozen header rows, columns and corner, every strategy alike, no allocation.
///
/// The grid of these tests: 1,000 records × 12 fields, not transposed, columns of 150 after a
/// header column of 100, rows of 44 under a header row of 44, on a 320 × 480 screen. Its
/// content is 100 + 12·150 = 1,900 wide and 44 + 1,000·44 = 44,044 tall.
@Suite struct ViewportTwoAxisTests {
    static let size = Size(width: 320, height: 480)
    static let configuration = DataGrid.Configuration(rowHeaderWidth: 100)

    static func data() throws -> DataShape { try DataGrid.data(records: 1000, fields: 12) }

    func viewport<L: GridLayout>(_ layout: L) throws -> Viewport<L> {
        try Viewport(layout: layout, data: Self.data(), size: Self.size)
    }

    func loaded(_ viewport: Viewport<some GridLayout>, _ kind: ElementKind, _ section: Int, _ item: Int) -> Rect? {
        viewport.loadedElements.first { $0.attributes.kind == kind && $0.attributes.path == ItemPath(section: section, item: item) }?.attributes.frame
    }

    /// Four rows of 44 above and beneath, two columns of 150 either side.
    @Test func theMarginGrowsAlongBothAxes() throws {
        var viewport = try viewport(DataGrid(Self.configuration))
        #expect(viewport.marginExtent == 176)
        #expect(viewport.horizontalMarginExtent == 300)
        viewport.scroll(to: Point(x: 500, y: 2000))
        #expect(viewport.loadedRect == Rect(x: 200, y: 1824, width: 920, height: 832))
    }

    /// Pinned frames worked by hand: the header row at `y = clamp(y0, 0, 44,044 − 44)`, the
    /// header column at `x = clamp(x0, 0, 1,900 − 100)`, the corner at both; bounces past
    /// either edge clamp.
    @Test(arguments: [
        // (x0, y0) → (header column x, header row y)
        (0.0, 0.0, 0.0, 0.0),
        (500, 2000, 500, 2000),
        (-30, -50, 0, 0),  // bounced past the top-left corner
        (1800, 44000, 1800, 44000),  // exactly at the far end of both
        (1950, 44100, 1800, 44000),  // bounced past the bottom-right corner
        (73.5, 10.25, 73.5, 10.25),
    ])
    func headersAreFrozen(x0: Double, y0: Double, headerX: Double, headerY: Double) throws {
        var viewport = try viewport(DataGrid(Self.configuration))
        viewport.scroll(to: Point(x: x0, y: y0))
        #expect(loaded(viewport, .corner, 0, 0) == Rect(x: headerX, y: headerY, width: 100, height: 44))
        // Column 1's header keeps its x (100 + 150) and moves to the header row's y, when loaded.
        let column1 = Rect(x: 250, y: headerY, width: 150, height: 44)
        if column1.intersects(viewport.loadedRect) { #expect(loaded(viewport, .columnHeader, 0, 1) == column1) }
        // The row header of the first row in view keeps its y (44 + 44·r) and moves to x.
        let row = min(999, max(0, Int(((max(y0, 0) - 44) / 44).rounded(.down))))
        let header = Rect(x: headerX, y: 44 + 44 * Double(row), width: 100, height: 44)
        #expect(loaded(viewport, .rowHeader, row, 0) == header)
        // No header is loaded twice (once pinned, once at its layout frame).
        #expect(Set(viewport.loadedElements.map(\.id)).count == viewport.loadedElements.count)
    }

    /// The loaded set equals a brute-force reading of the rules: every cell whose frame
    /// meets the loaded rect, and every header whose pinned frame does.
    @Test func theLoadedSetIsTheBruteForceSet() throws {
        let layout = DataGrid(DataGrid.Configuration(columnWidth: 90, rowHeight: 30, headerHeight: 25, rowHeaderWidth: 60))
        let data = try DataGrid.data(records: 60, fields: 9)
        var prepared = layout
        try prepared.prepare(data: data, container: Self.size)
        let content = prepared.contentSize  // 60 + 9·90 = 870 by 25 + 60·30 = 1,825
        #expect(content == Size(width: 870, height: 1825))
        var viewport = try Viewport(layout: layout, data: data, size: Self.size, margin: .points(20))
        for offset in [Point(x: 0, y: 0), Point(x: 333, y: 777), Point(x: -40, y: 1500), Point(x: 700, y: -20), Point(x: 555, y: 1400)] {
            viewport.scroll(to: offset)
            let rect = viewport.loadedRect
            let sy = min(max(offset.y, 0), content.height - 25), sx = min(max(offset.x, 0), content.width - 60)
            var expected: [ElementID: Rect] = [:]
            for record in 0..<60 {
                for field in 0..<9 {
                    let frame = Rect(x: 60 + Double(field) * 90, y: 25 + Double(record) * 30, width: 90, height: 30)
                    if frame.intersects(rect) { expected[ElementID(kind: .cell, path: ItemPath(section: record, item: field))] = frame }
                }
                let rowHeader = Rect(x: sx, y: 25 + Double(record) * 30, width: 60, height: 30)
                if rowHeader.intersects(rect) { expected[ElementID(kind: .rowHeader, path: ItemPath(section: record, item: 0))] = rowHeader }
            }
            for field in 0..<9 {
                let header = Rect(x: 60 + Double(field) * 90, y: sy, width: 90, height: 25)
                if header.intersects(rect) { expected[ElementID(kind: .columnHeader, path: ItemPath(section: 0, item: field))] = header }
            }
            let corner = Rect(x: sx, y: sy, width: 60, height: 25)
            if corner.intersects(rect) { expected[ElementID(kind: .corner, path: ItemPath(section: 0, item: 0))] = corner }
            let got = Dictionary(uniqueKeysWithValues: viewport.loadedElements.map { ($0.id, $0.attributes.frame) })
            #expect(got == expected, "at \(offset)")
        }
    }

    /// Every strategy loads exactly what on demand loads, frame by frame, along a diagonal
    /// drag and a transposed grid's horizontal sweep.
    @Test(arguments: [false, true])
    func strategiesAgreeOnTwoAxes(transposed: Bool) throws {
        var configuration = Self.configuration
        configuration.transposed = transposed
        // Across the records: down a tall grid, or sideways along a wide (transposed) one.
        let path = (0...300).map { t in
            transposed
                ? Point(x: -80 + Double(t) * 41.9, y: -50 + Double(t) * 2.3)
                : Point(x: -50 + Double(t) * 7.3, y: -80 + Double(t) * 41.9)
        }
        var reference = try viewport(OnDemandLayout(DataGrid(configuration)))
        var others: [Viewport<AnyGridLayout>] = try [StrategyKind.cached, .scan, .adaptive].map {
            try viewport(AnyGridLayout(try $0.wrap(DataGrid(configuration))))
        }
        var frames = 0
        for offset in path {
            let expected = reference.scroll(to: offset).digest
            #expect(reference.loadedElements.count > 0)
            for index in others.indices {
                let report = others[index].scroll(to: offset)
                #expect(report.digest == expected, "strategy \(index) at \(offset)")
                #expect(others[index].loadedElements.map(\.attributes) == reference.loadedElements.map(\.attributes))
            }
            frames += 1
        }
        #expect(frames == 301)
    }

    /// After a warm-up pass, diagonal frames allocate nothing, whatever the strategy.
    @Test(arguments: StrategyKind.allCases)
    func diagonalFramesAllocateNothing(strategy: StrategyKind) throws {
        try #require(AllocationCount.isAvailable)
        try strategy.wrap(DataGrid(Self.configuration), visitor: DiagonalAllocations(data: try Self.data(), size: Self.size))
    }

    struct DiagonalAllocations: StrategyVisitor {
        let data: DataShape
        let size: Size

        func visit<L: GridLayout>(_ layout: L, kind: StrategyKind) throws {
            var viewport = try Viewport(layout: layout, data: data, size: size)
            let diagonal = (0...600).map { Point(x: -100 + Double($0) * 3.7, y: -100 + Double($0) * 61) }
            let offsets = diagonal + diagonal.reversed() + [Point(x: 1e300, y: -1e300), Point(x: 900, y: 20000)]
            let count = ViewportAllocationTests().secondPassAllocations(&viewport, offsets)
            #expect(count.allocations == 0, "\(kind.rawValue): \(count)")
        }
    }
}
