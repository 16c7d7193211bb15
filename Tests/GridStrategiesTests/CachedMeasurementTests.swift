import GridCore
import GridLayouts
@testable import GridStrategies
import GridTestSupport
import Testing

/// The cached strategy told of measurements over the layouts that follow them in place and
/// say what one did (`SectionShiftReporting`): the waterfall in any number of columns, the
/// columnar grouped layout in one. Every answer after every batch of seeded sequences, in
/// many sections, is compared with a layout prepared afresh with the same data.
///
/// The cache follows these measurements in pieces (`CachedPieces`): its arrays, built from
/// rect queries, hold each band's elements in order of section (`sectionsInBands`, checked
/// at the first update followed after the build), and a moved element keeps its group
/// position. The waterfall's shift speaks of
/// whole sections; the feed's is cut at items (see `CachedMeasurementPiecesTests`).
@Suite struct CachedMeasurementTests {
    static let container = Size(width: 320, height: 480)

    /// Batches of 1 to 6 neighbouring items of one section, whole-point heights (exact sums).
    static func batch(_ data: DataShape, _ random: inout SeededRandom) -> [SizedItem] {
        var section = random.integer(0...(data.sectionCount - 1))
        while data.itemCounts[section] == 0 { section = (section + 1) % data.sectionCount }
        let count = data.itemCounts[section]
        let first = random.integer(0...(count - 1))
        return (first..<min(count, first + random.integer(1...6))).map {
            SizedItem(path: ItemPath(section: section, item: $0), size: Size(width: 1, height: Double(random.integer(20...400))))
        }
    }

    func check<Base: GridLayout>(_ make: () -> Base, seed: UInt64, _ name: String) throws {
        var random = SeededRandom(seed: seed)
        let counts = (0..<30).map { _ in random.integer(0...40) }
        var data = try DataShape(itemCounts: counts, itemSizes: Array(repeating: Size(width: 1, height: 120), count: counts.reduce(0, +)))
        var cached = CachedLayout(make())
        try cached.prepare(data: data, container: Self.container)
        for step in 0..<60 {
            let edit = DataEdit.setItemSizes(Self.batch(data, &random))
            data = try edit.applied(to: data)
            try cached.prepare(data: data, container: Self.container, invalidation: .edited(edit))
            var fresh = make()
            try fresh.prepare(data: data, container: Self.container)
            let context = "\(name), step \(step), \(edit)"
            let everything = fresh.elements(in: Rect(x: -1, y: -1, width: 400, height: fresh.contentSize.height + 2))
            #expect(cached.cachedElementCount == everything.count, "\(context)")
            let rects = probeRects(content: fresh.contentSize, edges: edges(of: fresh), random: &random, count: 24)
            expectAllAgree([("fresh", fresh), ("cached, told", cached)], data: data, rects: rects, context)
        }
    }

    @Test(arguments: [ColumnChoice.stable, .rebalance])
    func waterfallMeasurementsAnswerAsAFreshLayout(lanes: ColumnChoice) throws {
        try check({ Waterfall(.init(columns: 3, headerHeight: 24, footerHeight: 12, itemSizing: .heights, estimated: .itemHeight(120), lanes: lanes)) },
                  seed: 41, "waterfall \(lanes)")
    }

    @Test func oneColumnFeedMeasurementsAnswerAsAFreshLayout() throws {
        try check({ ColumnarGrouped(.init(columns: 1, headerHeight: 22, footerHeight: 10, estimated: .itemHeight(120))) }, seed: 42, "feed")
    }
}
