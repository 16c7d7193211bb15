import GridCore
import GridLayouts
@testable import GridStrategies
import Testing

/// Law 6 over measurements (issue 28): after any seeded sequence of measurement batches
/// (`DataEdit.setItemSizes`, told through `prepare(data:container:invalidation:)`), every
/// strategy answers exactly what a fresh layout prepared with the sizes known so far
/// answers, whatever the order of the measurements; and once every item is measured, what
/// the layout of the true sizes answers. Both rules of both measuring layouts (`stable`
/// and `rebalance`), and the centred tile grid, whose told updates the cached strategy
/// follows in pieces.
@Suite struct MeasuredOrderTests {
    static let container = Size(width: 360, height: 600)

    /// Every element of `layout` found without its rect query: each cell by its path,
    /// each header and footer by its section.
    static func bruteForce(_ layout: some GridLayout, _ data: DataShape) -> [LayoutAttributes] {
        var all: [LayoutAttributes] = []
        for section in 0..<data.sectionCount {
            for kind in [ElementKind.sectionHeader, .sectionFooter] {
                if let element = layout.supplementary(kind, section: section) { all.append(element) }
            }
            for item in 0..<data.itemCount(inSection: section) {
                if let element = layout.attributes(at: ItemPath(section: section, item: item)) { all.append(element) }
            }
        }
        return all
    }

    /// Measures `truth` into `start` in a seeded order and seeded batches, checking after
    /// each batch every strategy told of it against a fresh layout, and the fresh layout's
    /// rect queries against its elements found one by one.
    func measureInSeededOrder<Base: GridLayout>(
        _ base: Base, start: DataShape, truth: [Size], random: inout SeededRandom, _ context: String
    ) throws {
        var told: [(String, any GridLayout)] = [("layout", base)] + (try strategies(base))
        for index in told.indices { try told[index].1.prepare(data: start, container: Self.container) }
        let total = start.totalItems
        var order = Array(0..<total)
        for i in stride(from: total - 1, to: 0, by: -1) { order.swapAt(i, random.integer(0...i)) }
        var data = start
        var next = 0
        while next < total {
            let count = random.integer(1...max(1, total / 3))
            let batch = order[next..<min(total, next + count)].map { flat in
                SizedItem(path: start.path(atFlatIndex: flat)!, size: truth[flat])
            }
            next += count
            let edit = DataEdit.setItemSizes(batch)
            data = try edit.applied(to: data)
            for index in told.indices {
                try told[index].1.prepare(data: data, container: Self.container, invalidation: .edited(edit))
            }
            var fresh = base
            try fresh.prepare(data: data, container: Self.container)
            let rects = probeRects(content: fresh.contentSize, edges: edges(of: fresh), random: &random, count: 30)
            expectAllAgree([("fresh", fresh)] + told, data: data, rects: rects, "\(context), \(next) of \(total) measured")
            let all = Self.bruteForce(fresh, data)
            for rect in rects {
                let expected = Answer(all.filter { $0.frame.intersects(rect) })
                let got = Answer(fresh, rect)
                if got != expected {
                    Issue.record("fresh layout in \(rect): got [\(got)], expected [\(expected)]; \(context)")
                    return
                }
            }
        }
        // Every item measured: the data is the true sizes, in whatever order they came.
        #expect(data == (try start.withItemSizes(truth)), "\(context)")
    }

    @Test(arguments: 0..<24)
    func measuredInAnyOrderEqualsAFreshLayout(seed: UInt64) throws {
        var random = SeededRandom(seed: 2_800 + seed)
        let counts = (0..<random.integer(1...6)).map { _ in random.integer(0...30) }
        let total = counts.reduce(0, +)
        var heights = (0..<total).map { _ in random.uniform(10...120).rounded() }
        if seed % 2 == 0 && total > 0 { heights[random.integer(0...(total - 1))] = 900 }
        let truthHeights = heights.map { Size(width: 1, height: $0) }
        let estimatedHeights = try DataShape(itemCounts: counts, itemSizes: Array(repeating: Size(width: 1, height: 44), count: total))
        let columns = random.integer(1...4)
        switch seed % 5 {
        case 0, 1:
            let placement: ColumnarGrouped.Configuration.Placement = seed % 5 == 0 ? .stable : .rebalance
            let configuration = ColumnarGrouped.Configuration(
                columns: columns, headerHeight: seed % 3 == 0 ? 28 : 0, footerHeight: seed % 4 == 0 ? 16 : 0,
                estimated: .itemHeight(44), placement: placement)
            try measureInSeededOrder(
                ColumnarGrouped(configuration), start: estimatedHeights, truth: truthHeights, random: &random,
                "seed \(seed): columnar-grouped \(placement), \(columns) columns, \(counts)")
        case 2, 3:
            let lanes: Waterfall.Configuration.Lanes = seed % 5 == 2 ? .stable : .rebalance
            // Heights, or photos scaled to the column (estimated 300 × 200).
            let photos = seed % 2 == 1
            var configuration = Waterfall.Configuration(
                columns: columns, headerHeight: seed % 3 == 0 ? 20 : 0, footerHeight: seed % 4 == 0 ? 12 : 0,
                itemSizing: photos ? .scaled : .heights, lanes: lanes)
            configuration.estimated = photos ? .itemSize(Size(width: 300, height: 200)) : .itemHeight(44)
            let truth = photos ? heights.map { Size(width: random.uniform(100...1000).rounded(), height: $0 * 4) } : truthHeights
            let start = photos
                ? try DataShape(itemCounts: counts, itemSizes: Array(repeating: Size(width: 300, height: 200), count: total))
                : estimatedHeights
            try measureInSeededOrder(
                Waterfall(configuration), start: start, truth: truth, random: &random,
                "seed \(seed): waterfall \(lanes)\(photos ? " of photos" : ""), \(columns) columns, \(counts)")
        default:
            // The centred tile grid: a measured content size moves its tile's frame, and the
            // cached strategy takes the measured sections from the grid's told update.
            let configuration = TileGrid.Configuration(tilesPerLine: columns, centersItems: true)
            let start = try DataShape(itemCounts: counts, itemSizes: Array(repeating: Size(width: 40, height: 40), count: total))
            let truth = heights.map { Size(width: $0, height: max(1, 130 - $0)) }
            try measureInSeededOrder(
                TileGrid(configuration), start: start, truth: truth, random: &random,
                "seed \(seed): centred tile-grid, \(columns) per line, \(counts)")
        }
    }

    /// An empty batch (a frame that measured nothing) changes nothing, through every
    /// strategy: the tile grid's told update then re-lays no section and the cached
    /// strategy's pieces move nothing.
    @Test func anEmptyMeasurementChangesNothing() throws {
        let data = try DataShape(itemCounts: [5, 0, 9], itemSizes: (0..<14).map { Size(width: 10 + Double($0), height: 30) })
        for base in [TileGrid(TileGrid.Configuration(centersItems: true)) as any GridLayout, Waterfall()] {
            var told: [(String, any GridLayout)] = try Self.strategiesOf(base)
            for index in told.indices {
                try told[index].1.prepare(data: data, container: Self.container)
                try told[index].1.prepare(data: data, container: Self.container, invalidation: .edited(.setItemSizes([])))
            }
            var fresh = base
            try fresh.prepare(data: data, container: Self.container)
            var random = SeededRandom(seed: 1)
            let rects = probeRects(content: fresh.contentSize, edges: edges(of: fresh), random: &random, count: 20)
            expectAllAgree([("fresh", fresh)] + told, data: data, rects: rects, "\(type(of: base)), empty measurement")
        }
    }

    static func strategiesOf<Base: GridLayout>(_ base: Base) throws -> [(String, any GridLayout)] {
        try strategies(base)
    }
}
