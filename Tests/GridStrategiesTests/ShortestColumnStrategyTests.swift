import GridCore
import GridLayouts
@testable import GridStrategies
import Testing

/// The shortest-column layouts, whose frames are not sorted by y across columns, through
/// every strategy: each answers exactly what the others answer (group positions too), over
/// seeded random shapes, one item 100× taller than the rest among them.
@Suite struct ShortestColumnStrategyTests {
    /// Sections and heights drawn from `random`; with `tall`, one item 100× the tallest.
    static func heights(_ random: inout SeededRandom, total: Int, tall: Bool) -> [Double] {
        var heights = (0..<total).map { _ in random.uniform(20...120).rounded() }
        if tall && total > 0 { heights[random.integer(0...(total - 1))] = 12_000 }
        return heights
    }

    @Test(arguments: 0..<24)
    func columnarGroupedStrategiesAgree(seed: UInt64) throws {
        var random = SeededRandom(seed: 500 + seed)
        let counts = (0..<random.integer(1...60)).map { _ in random.integer(0...40) }
        let total = counts.reduce(0, +)
        let perItem = seed % 4 != 3
        let heights = Self.heights(&random, total: total, tall: seed % 2 == 0)
        let data = try DataShape(itemCounts: counts, itemSizes: perItem ? heights.map { Size(width: 1, height: $0) } : nil)
        // Spacings that are not binary fractions in some: the strategies must still agree bit for bit.
        let spacing = seed % 3 == 0 ? 10.3 : Double(random.integer(0...12))
        let configuration = ColumnarGrouped.Configuration(
            columns: random.integer(1...4), columnSpacing: spacing, sectionSpacing: seed % 3 == 0 ? 4.7 : 5,
            itemHeight: 44, headerHeight: random.uniform(0...1) < 0.5 ? 0 : 28, footerHeight: random.uniform(0...1) < 0.5 ? 0 : 16)
        let width = random.uniform(300...1100).rounded()
        let layouts = try #require(try prepared(ColumnarGrouped(configuration), data, Size(width: width, height: 600)))
        let rects = probeRects(content: layouts[0].1.contentSize, edges: edges(of: layouts[0].1), random: &random, count: 150)
        expectAllAgree(layouts, data: data, rects: rects, "seed \(seed): \(counts), \(configuration), width \(width)")
        // The cached strategy keeps the positions.
        let cached = try #require(layouts.first { $0.0 == "cached" }).1
        if let first = counts.firstIndex(where: { $0 >= 3 }) {
            #expect(cached.attributes(at: ItemPath(section: first, item: 1))?.groupPosition == .middle)
        }
    }

    @Test(arguments: 0..<24)
    func waterfallStrategiesAgree(seed: UInt64) throws {
        var random = SeededRandom(seed: 900 + seed)
        let counts = (0..<random.integer(1...4)).map { _ in random.integer(0...400) }
        let total = counts.reduce(0, +)
        let mode = Int(seed % 3)
        var sizes: [Size]?
        if mode < 2 {
            let heights = Self.heights(&random, total: total, tall: seed % 2 == 0)
            sizes = heights.map { mode == 0 ? Size(width: random.uniform(100...1000).rounded(), height: $0 * 5) : Size(width: 1, height: $0) }
        }
        let data = try DataShape(itemCounts: counts, itemSizes: sizes)
        let fractional = seed % 4 == 1
        let configuration = Waterfall.Configuration(
            columns: random.integer(1...5), columnSpacing: fractional ? 7.3 : 10, itemSpacing: fractional ? 3.1 : Double(random.integer(0...12)),
            insets: fractional ? Waterfall.Insets(top: 0.7, left: 10.1, bottom: 0.3, right: 5) : Waterfall.Insets(),
            headerHeight: random.uniform(0...1) < 0.5 ? 0 : 30, footerHeight: random.uniform(0...1) < 0.5 ? 0 : 12,
            itemHeight: 100, itemSizing: mode == 1 ? .heights : .scaled)
        let width = random.uniform(300...1100).rounded()
        let layouts = try #require(try prepared(Waterfall(configuration), data, Size(width: width, height: 600)))
        let rects = probeRects(content: layouts[0].1.contentSize, edges: edges(of: layouts[0].1), random: &random, count: 150)
        expectAllAgree(layouts, data: data, rects: rects, "seed \(seed): \(counts), \(configuration), width \(width)")
    }

    /// One item 100× taller than the rest does not make the cached strategy read every
    /// element per query: it sits in the spill of the bands it crosses, and a query reads
    /// the elements starting in the bands it spans (and the one before) plus that spill.
    @Test func aTallItemDoesNotMakeCachedQueriesLinear() throws {
        var heights = Array(repeating: 100.0, count: 20_000)
        heights[10] = 10_000
        let data = try DataShape(itemCounts: [20_000], itemSizes: heights.map { Size(width: 1, height: $0) })
        var cached = CachedLayout(Waterfall(.init(itemSizing: .heights)))
        try cached.prepare(data: data, container: Size(width: 320, height: 480))
        // A screen beside the tall item (10..<10,010 in column 0; column 1 holds ~90 items
        // of 110 beside it).
        let rect = Rect(x: 0, y: 5_000, width: 320, height: 480)
        var buffer: [LayoutAttributes] = []
        cached.elements(in: rect, into: &buffer)
        #expect(buffer.contains { $0.path.item == 10 })
        #expect(buffer.count >= 5 && buffer.count <= 7)
        // What the query read: the bands from the one before the rect's first to its last,
        // and the first band's spill.
        let index = cached.index
        let first = index.band(of: rect.minY), last = index.band(of: rect.maxY)
        var read = Int(index.bandStarts[last + 1] - index.bandStarts[max(first - 1, 0)])
        if !index.spillStarts.isEmpty { read += Int(index.spillStarts[first + 1] - index.spillStarts[first]) }
        #expect(read <= 3 * buffer.count, "read \(read) elements for \(buffer.count)")
        #expect(index.bandCount > 1_000)
    }
}
