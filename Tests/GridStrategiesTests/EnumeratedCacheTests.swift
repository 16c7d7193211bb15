import GridCore
import GridLayouts
@testable import GridStrategies
import Testing

/// A layout that answers as its `base` does.
protocol Forwarding: GridLayout {
    associatedtype Base: GridLayout
    var base: Base { get set }
}

extension Forwarding {
    mutating func prepare(data: DataShape, container: Size) throws { try base.prepare(data: data, container: container) }
    var contentSize: Size { base.contentSize }
    var traits: LayoutTraits { base.traits }
    func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) { base.elements(in: rect, into: &buffer) }
    func attributes(at path: ItemPath) -> LayoutAttributes? { base.attributes(at: path) }
    func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? { base.supplementary(kind, at: path) }
}

/// A layout's answers without its ``ScrollOrderedEnumeration``: the cache over it is built
/// from rect queries, the way every layout's was before. The reference for the tests below.
struct QueriesOnly<Base: GridLayout>: Forwarding {
    var base: Base
    init(_ base: Base) { self.base = base }
}

/// A cache built from a layout's own enumeration must be the cache built from its rect
/// queries, array for array, bit for bit: the same elements in the same positions, the
/// same bands, the same slots.
@Suite struct EnumeratedCacheTests {
    /// Builds `base`'s cache both ways and compares every array.
    func expectSameCache<Base: GridLayout>(
        _ base: Base, _ data: DataShape, _ container: Size, enumerated: Bool? = true, _ context: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var bulk = CachedLayout(base)
        var queried = CachedLayout(QueriesOnly(base))
        try bulk.prepare(data: data, container: container)
        try queried.prepare(data: data, container: container)
        if let enumerated {
            #expect(bulk.builtFromEnumeration == enumerated, "\(context): built from the enumeration", sourceLocation: sourceLocation)
        }
        #expect(!queried.builtFromEnumeration, sourceLocation: sourceLocation)
        #expect(bulk.ids == queried.ids, "\(context): IDs", sourceLocation: sourceLocation)
        #expect(bulk.frames.map(\.bits) == queried.frames.map(\.bits), "\(context): frames", sourceLocation: sourceLocation)
        #expect(bulk.index.bandStarts == queried.index.bandStarts, "\(context): band starts", sourceLocation: sourceLocation)
        #expect(bulk.index.spillStarts == queried.index.spillStarts && bulk.index.spill == queried.index.spill, "\(context): spill", sourceLocation: sourceLocation)
        #expect(bulk.cellSlots == queried.cellSlots, "\(context): cell slots", sourceLocation: sourceLocation)
        #expect(bulk.headerSlots == queried.headerSlots, "\(context): header slots", sourceLocation: sourceLocation)
        #expect(bulk.otherSlots == queried.otherSlots, "\(context): other slots", sourceLocation: sourceLocation)
        #expect(bulk.bandMaxWidths == queried.bandMaxWidths, "\(context): band widths", sourceLocation: sourceLocation)
        #expect(bulk.positions.isEmpty && queried.positions.isEmpty, sourceLocation: sourceLocation)
    }

    @Test func dataGridsBuildTheSameCacheEitherWay() throws {
        // Header row a line high or none, header column or none, transposed or not,
        // sizes that are binary fractions and sizes that are not, ragged records.
        var random = SeededRandom(seed: 81)
        var cases = 0
        for transposed in [false, true] {
            for (hh, hw) in [(44.0, 100.0), (0, 0), (44, 0), (0, 60), (150, 150), (61.7, 33.3)] {
                for (cw, rh) in [(150.0, 44.0), (97.3, 43.9), (1, 0.1)] {
                    let ragged = random.integer(0...1) == 1
                    let records = random.integer(0...40)
                    let counts = (0..<records).map { _ in ragged ? random.integer(0...7) : 7 }
                    let data = try DataShape(itemCounts: counts)
                    // Rows shorter than a band (rows of 0.1, bands at least 1/(4n + 1) of the
                    // content) put two rows in a band, and the sink sorts it by x.
                    let inOrder: Bool? = true
                    let grid = DataGrid(.init(
                        transposed: transposed, columnWidth: cw, rowHeight: rh, headerHeight: hh, rowHeaderWidth: hw))
                    let context = "transposed \(transposed), hh \(hh), hw \(hw), cw \(cw), rh \(rh), counts \(counts)"
                    try expectSameCache(grid, data, Size(width: 320, height: 480), enumerated: records == 0 ? true : inOrder, context)
                    cases += 1
                }
            }
        }
        #expect(cases == 36)
    }

    @Test func aHeaderRowShorterThanARowIsSortedIntoItsBand() throws {
        // hh 20 < rh 44: the corner and column headers start in band 0 at y 0, and so does
        // row 0 at y 20; its row header at x 0 comes after column headers at x ≥ 100, and the
        // sink sorts the band.
        let grid = DataGrid(.init(columnWidth: 150, rowHeight: 44, headerHeight: 20, rowHeaderWidth: 100))
        try expectSameCache(grid, try DataShape(sections: 30, itemsPerSection: 4), Size(width: 320, height: 480), "hh 20")
    }

    @Test func theBundledDataGridsAreEnumerated() throws {
        // records-1000x12 and sales-10x4, as the bundled specs give them.
        let records = DataGrid(.init(columnWidth: 150, rowHeight: 44, headerHeight: 44, rowHeaderWidth: 100))
        try expectSameCache(records, try DataShape(sections: 1_000, itemsPerSection: 12), Size(width: 320, height: 480), "records-1000x12")
        let sales = DataGrid(.init(transposed: true, columnWidth: 150, rowHeight: 44, headerHeight: 150, rowHeaderWidth: 150))
        try expectSameCache(sales, try DataShape(sections: 10, itemsPerSection: 4), Size(width: 768, height: 1_024), "sales-10x4")
    }

    @Test func tileGridsBuildTheSameCacheEitherWay() throws {
        // CHGridView's grid, with footers, without titles, padding 0 with heights that are
        // not binary fractions, one tile per line; sections uneven, empty ones among them.
        var random = SeededRandom(seed: 83)
        let styles: [TileGrid.Configuration] = [
            .chGridView,
            .init(tilesPerLine: 4, rowHeight: 79, padding: Size(width: 4, height: 4), sectionTitleHeight: 22, sectionFooterHeight: 16),
            .init(tilesPerLine: 3, rowHeight: 79.33333333333333, padding: Size(width: 0, height: 0), sectionTitleHeight: 0),
            .init(tilesPerLine: 1, rowHeight: 10.1, padding: Size(width: 1, height: 0.3), sectionTitleHeight: 30.75, sectionFooterHeight: 3.3),
        ]
        for (index, style) in styles.enumerated() {
            for round in 0..<4 {
                let counts = (0..<random.integer(0...30)).map { _ in random.integer(0...4) == 0 ? 0 : random.integer(1...40) }
                try expectSameCache(TileGrid(style), try DataShape(itemCounts: counts), Size(width: 320, height: 480), "style \(index), round \(round), counts \(counts)")
            }
        }
        // CHGridView's own 96 × 31, and a thousand sections.
        try expectSameCache(TileGrid(.chGridView), try DataShape(sections: 96, itemsPerSection: 31), Size(width: 320, height: 480), "photos-2976")
        try expectSameCache(TileGrid(.chGridView), try DataShape(sections: 1_000, itemsPerSection: 31), Size(width: 320, height: 480), "31,000 tiles")
    }

    @Test func centredTilesAreEnumeratedAndAnswerAlike() throws {
        // Centred content starts lower in one tile than in the next: each row is written by
        // minY, so the cache takes the enumeration. Within a band the order differs from the
        // queries' (scrolling one way, a band is not sorted), so the answers are compared.
        var random = SeededRandom(seed: 84)
        let counts = (0..<20).map { _ in random.integer(0...25) }
        let sizes = (0..<counts.reduce(0, +)).map { _ in Size(width: random.uniform(1...200), height: random.uniform(1...200)) }
        var style = TileGrid.Configuration.chGridView
        style.centersItems = true
        let data = try DataShape(itemCounts: counts, itemSizes: sizes)
        var cached = CachedLayout(TileGrid(style))
        var onDemand = OnDemandLayout(TileGrid(style))
        try cached.prepare(data: data, container: Size(width: 320, height: 480))
        try onDemand.prepare(data: data, container: Size(width: 320, height: 480))
        #expect(cached.builtFromEnumeration)
        #expect(cached.cachedElementCount == counts.reduce(0, +) + counts.count)
        let layouts: [(String, any GridLayout)] = [("on-demand", onDemand), ("cached", cached)]
        let rects = probeRects(content: onDemand.contentSize, edges: edges(of: onDemand), random: &random, count: 60)
        expectAllAgree(layouts, data: data, rects: rects, "centred")
    }

    @Test func spanGridsBuildTheSameCacheEitherWay() throws {
        // Random grids: rows of mixed heights in runs, fixed, fractional and viewport
        // columns, random merged cells (some tall enough to cross many bands), frozen bands.
        var random = SeededRandom(seed: 85)
        var compared = 0, merged = 0
        for round in 0..<40 {
            let rowCount = random.integer(1...40), columnCount = random.integer(1...12)
            let rows = (0..<random.integer(1...4)).map { _ in SpanGrid.RowRun(count: 1 + rowCount / 4, height: [20, 44, 7.3, 61.1][random.integer(0...3)]) }
            let columns: [SpanGrid.ColumnWidth] = (0..<columnCount).map { _ in
                switch random.integer(0...2) {
                case 0: SpanGrid.ColumnWidth(.fixed([40, 97.3, 150][random.integer(0...2)]))
                case 1: SpanGrid.ColumnWidth(.fractional(0.1 * Double(random.integer(1...5))))
                default: SpanGrid.ColumnWidth(.viewport(padding: 10), max: 300)
                }
            }
            let totalRows = rows.reduce(0) { $0 + $1.count }
            var taken = Array(repeating: Array(repeating: false, count: columnCount), count: totalRows)
            var merges: [GridPlacement] = []
            for _ in 0..<random.integer(0...8) {
                let row = random.integer(0...(totalRows - 1)), column = random.integer(0...(columnCount - 1))
                let rowSpan = random.integer(1...max(1, min(totalRows - row, round % 5 == 0 ? 30 : 4)))
                let columnSpan = random.integer(1...max(1, min(columnCount - column, 3)))
                guard rowSpan * columnSpan > 1 else { continue }
                let slots = (row..<(row + rowSpan)).flatMap { r in (column..<(column + columnSpan)).map { (r, $0) } }
                guard !slots.contains(where: { taken[$0.0][$0.1] }) else { continue }
                for (r, c) in slots { taken[r][c] = true }
                merges.append(GridPlacement(row: row, column: column, rowSpan: rowSpan, columnSpan: columnSpan))
            }
            let configuration = SpanGrid.Configuration(
                columns: columns, rows: rows, merges: merges, frozenRows: random.integer(0...1), frozenColumns: random.integer(0...1))
            let grid = SpanGrid(configuration)
            var probe = grid
            let data: DataShape
            do {
                data = try configuration.dataShape()
                try probe.prepare(data: data, container: Size(width: 600, height: 480))
            } catch {
                continue  // a merge across a frozen band, say: refused, nothing to compare
            }
            try expectSameCache(grid, data, Size(width: 600, height: 480), "round \(round): \(totalRows) × \(columnCount), merges \(merges)")
            compared += 1
            if !merges.isEmpty { merged += 1 }
        }
        #expect(compared >= 30 && merged >= 20, "compared \(compared), with merges \(merged)")
    }

    @Test func randomFramesAnswerAlikeWhetherEnumeratedOrNot() throws {
        // Freeform frames (tall ones across many bands, zero-area ones, overlaps) listed by
        // their start along the scroll axis: every band in order, so the cache takes the
        // enumeration (both ways, the sink sorts each band by x). It answers as on demand does.
        var random = SeededRandom(seed: 82)
        for seed in 0..<24 as Range<UInt64> {
            let axes: ScrollAxes = [.vertical, .horizontal, .both][Int(seed % 3)]
            let base = ListedFreeform(FreeformLayout(seed: seed, axes: axes))
            let data = try DataShape(itemCounts: (0..<Int(1 + seed % 5)).map { _ in random.integer(0...30) })
            let container = Size(width: 320, height: 480)
            var cached = CachedLayout(base)
            var onDemand = OnDemandLayout(base)
            try cached.prepare(data: data, container: container)
            try onDemand.prepare(data: data, container: container)
            #expect(cached.builtFromEnumeration, "seed \(seed), \(axes)")
            let layouts: [(String, any GridLayout)] = [("on-demand", onDemand), ("cached", cached)]
            let rects = probeRects(content: onDemand.contentSize, edges: edges(of: onDemand), random: &random, count: 40)
            expectAllAgree(layouts, data: data, rects: rects, "seed \(seed), \(axes)")
        }
    }

    @Test func moreElementsThanTheGuessAreTakenAtTwiceTheRoom() throws {
        // 40 undeclared column headers on one item of data: the first guess is 16 elements,
        // then 32, then 64, and the enumeration is taken at 64.
        let base = Listed(contentSize: Size(width: 400, height: 100), elements: (0..<40).map { column in
            LayoutAttributes(kind: .columnHeader, path: ItemPath(section: 0, item: column), frame: Rect(x: Double(column) * 10, y: 0, width: 10, height: 20))
        })
        try expectSameCache(base, try DataShape(itemCounts: [1]), Size(width: 400, height: 100), "40 headers")
        var cached = CachedLayout(base)
        try cached.prepare(data: try DataShape(itemCounts: [1]), container: Size(width: 400, height: 100))
        #expect(cached.cachedElementCount == 40)
    }

    @Test func aPathAnIDCannotHoldIsRefused() throws {
        let base = Listed(contentSize: Size(width: 100, height: 100), elements: [
            .cell(ItemPath(section: 1 << 28, item: 0), frame: Rect(x: 0, y: 0, width: 10, height: 10)),
        ])
        var cached = CachedLayout(base)
        #expect(throws: GridError.self) { try cached.prepare(data: try DataShape(itemCounts: [1]), container: Size(width: 100, height: 100)) }
        #expect(cached.cachedElementCount == 0)
    }
}

/// A freeform layout that lists its elements by their start along the scroll axis (`minY`,
/// or `minX` scrolling sideways), then `minX`, then ID.
struct ListedFreeform: Forwarding, ScrollOrderedEnumeration {
    var base: FreeformLayout
    init(_ base: FreeformLayout) { self.base = base }
    func enumerateElements(into sink: inout ElementSink) {
        let alongX = base.axes == .horizontal
        let sorted = base.allElements.sorted {
            let a = alongX ? $0.frame.minX : $0.frame.minY, b = alongX ? $1.frame.minX : $1.frame.minY
            return a != b ? a < b : ($0.frame.minX != $1.frame.minX ? $0.frame.minX < $1.frame.minX : $0.id < $1.id)
        }
        for element in sorted { sink.append(element.kind, element.path, element.frame) }
    }
}

/// A fixed list of elements, in the order given; rect queries by brute force.
struct Listed: ScrollOrderedEnumeration {
    var contentSize: Size
    var elements: [LayoutAttributes]
    var traits: LayoutTraits { LayoutTraits(lineHeight: 20, supplementaries: []) }
    mutating func prepare(data: DataShape, container: Size) throws {}
    func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        for element in elements where element.frame.intersects(rect) { buffer.append(element) }
    }
    func attributes(at path: ItemPath) -> LayoutAttributes? { elements.first { $0.kind == .cell && $0.path == path } }
    func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? { elements.first { $0.kind == kind && $0.path == path } }
    func enumerateElements(into sink: inout ElementSink) {
        for element in elements { sink.append(element.kind, element.path, element.frame) }
    }
}
