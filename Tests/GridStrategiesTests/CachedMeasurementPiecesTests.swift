import GridCore
import GridLayouts
@testable import GridStrategies
import GridTestSupport
import Testing

/// The cached strategy over a one-column feed keeps its cache through a measurement: the
/// layout says what it did with a shift cut at items (`SectionShift.firstChangedItem`,
/// `movedFromItem`), and the cache lays again only the items from the checkpoint before the
/// first measured one to the one after the last, moving the rest (`CachedPieces`). Every
/// answer after every batch is compared with a layout prepared afresh with the data as
/// measured so far (law 6), and the cache is never built again.
@Suite struct CachedMeasurementPiecesTests {
    static let container = Size(width: 320, height: 480)

    static func feed() -> ColumnarGrouped {
        ColumnarGrouped(.init(columns: 1, sectionSpacing: 6, headerHeight: 22, footerHeight: 10, estimated: .itemHeight(120)))
    }

    /// Measures in batches and compares every answer with a fresh feed after each; `next`
    /// picks each batch. Returns the cache for further checks.
    @discardableResult
    func measure(
        counts: [Int], steps: Int, seed: UInt64, _ name: String,
        next: (DataShape, inout SeededRandom, Int) -> [SizedItem]
    ) throws -> CachedLayout<ColumnarGrouped> {
        var random = SeededRandom(seed: seed)
        var data = try DataShape(itemCounts: counts, itemSizes: Array(repeating: Size(width: 1, height: 120), count: counts.reduce(0, +)))
        var cached = CachedLayout(Self.feed())
        try cached.prepare(data: data, container: Self.container)
        #expect(cached.buildCount == 1)
        for step in 0..<steps {
            let edit = DataEdit.setItemSizes(next(data, &random, step))
            data = try edit.applied(to: data)
            try cached.prepare(data: data, container: Self.container, invalidation: .edited(edit))
            var fresh = Self.feed()
            try fresh.prepare(data: data, container: Self.container)
            let context = "\(name), step \(step), \(edit)"
            // Not built again: the measurement was followed in pieces.
            #expect(cached.buildCount == 1 || cached.pieceCount == 0, "\(context): built \(cached.buildCount) times")
            let everything = fresh.elements(in: Rect(x: -1, y: -1, width: 400, height: fresh.contentSize.height + 2))
            #expect(cached.cachedElementCount == everything.count, "\(context)")
            // Every element, by path and by rect, against the fresh layout.
            #expect(Answer(cached, Rect(x: -1, y: -1, width: 400, height: fresh.contentSize.height + 2))
                == Answer(fresh, Rect(x: -1, y: -1, width: 400, height: fresh.contentSize.height + 2)), "\(context)")
            let rects = probeRects(content: fresh.contentSize, edges: edges(of: fresh), random: &random, count: 24)
            expectAllAgree([("fresh", fresh), ("cached, told", cached)], data: data, rects: rects, context)
        }
        return cached
    }

    /// Whole-point heights from 1 to 400: exact sums.
    static func height(_ random: inout SeededRandom) -> Size { Size(width: 1, height: Double(random.integer(1...400))) }

    /// One section, measured in scroll order (each batch the next few items, as a viewport
    /// loads them) and then at random places: never built again, every answer fresh.
    @Test(arguments: [UInt64(1), 2, 3])
    func oneSectionFeedKeepsItsCache(seed: UInt64) throws {
        var cursor = 0
        let cached = try measure(counts: [700], steps: 160, seed: seed, "scroll order \(seed)") { data, random, step in
            if step < 100 {
                let count = random.integer(1...4)
                defer { cursor += count }
                return (cursor..<min(cursor + count, 700)).map { SizedItem(path: ItemPath(section: 0, item: $0), size: Self.height(&random)) }
            }
            let first = random.integer(0...699)
            return (first..<min(700, first + random.integer(1...40))).map {
                SizedItem(path: ItemPath(section: 0, item: $0), size: Self.height(&random))
            }
        }
        #expect(cached.buildCount == 1 && cached.answersFromPieces)
    }

    /// Many sections, batches across two or three of them and within one, including empty
    /// sections and the last items of a section (the footer laid again).
    @Test(arguments: [UInt64(11), 12])
    func manySectionsFeedKeepsItsCache(seed: UInt64) throws {
        var setup = SeededRandom(seed: seed &* 7)
        let counts = (0..<12).map { _ in [0, 1, 2, 31, 32, 33, 64, 100, 250][setup.integer(0...8)] }
        try measure(counts: counts, steps: 120, seed: seed, "sections \(counts)") { data, random, _ in
            var items: [SizedItem] = []
            for _ in 0..<random.integer(1...3) {
                var section = random.integer(0...(data.sectionCount - 1))
                var tries = 0
                while data.itemCounts[section] == 0 && tries < data.sectionCount {
                    section = (section + 1) % data.sectionCount
                    tries += 1
                }
                let count = data.itemCounts[section]
                guard count > 0 else { continue }
                let first = random.integer(0...(count - 1))
                for item in first..<min(count, first + random.integer(1...8))
                where !items.contains(where: { $0.path == ItemPath(section: section, item: item) }) {
                    items.append(SizedItem(path: ItemPath(section: section, item: item), size: Self.height(&random)))
                }
            }
            return items.isEmpty ? [SizedItem(path: ItemPath(section: 0, item: 0), size: Size(width: 1, height: 50))] : items
        }
    }

    /// Heights that are not exact (a third of a point): the layout prepares again and
    /// promises nothing, the cache is built again, and the answers are still fresh.
    @Test func inexactHeightsRebuild() throws {
        var data = try DataShape(itemCounts: [300], itemSizes: Array(repeating: Size(width: 1, height: 120), count: 300))
        var cached = CachedLayout(Self.feed())
        try cached.prepare(data: data, container: Self.container)
        let edit = DataEdit.setItemSizes([SizedItem(path: ItemPath(section: 0, item: 40), size: Size(width: 1, height: 100.0 / 3))])
        data = try edit.applied(to: data)
        try cached.prepare(data: data, container: Self.container, invalidation: .edited(edit))
        #expect(cached.buildCount == 2 && !cached.answersFromPieces)
        var fresh = Self.feed()
        try fresh.prepare(data: data, container: Self.container)
        var random = SeededRandom(seed: 9)
        expectAllAgree([("fresh", fresh), ("cached", cached)], data: data,
                       rects: probeRects(content: fresh.contentSize, edges: edges(of: fresh), random: &random, count: 24), "inexact")
    }

    /// What the pieces are after one measurement, worked out by hand: 200 items of 120,
    /// header 22 below a spacing of 6; items 40 (200) and 45 (20) measured. The walk lays
    /// again items 32 ..< 64 (checkpoints every 32), from y = 6 + 22 + 32·120 = 3,868 to
    /// item 64's new top 6 + 22 + 64·120 − 20 = 7,688; items 64 on and the footer move by
    /// −20. Three pieces: the header and items 0 ..< 32 as built, the patch, the rest moved.
    @Test func oneMeasurementMakesThreePieces() throws {
        var data = try DataShape(itemCounts: [200], itemSizes: Array(repeating: Size(width: 1, height: 120), count: 200))
        var cached = CachedLayout(Self.feed())
        try cached.prepare(data: data, container: Self.container)
        let edit = DataEdit.setItemSizes([
            SizedItem(path: ItemPath(section: 0, item: 40), size: Size(width: 1, height: 200)),
            SizedItem(path: ItemPath(section: 0, item: 45), size: Size(width: 1, height: 20)),
        ])
        data = try edit.applied(to: data)
        var base = Self.feed()
        try base.prepare(data: try DataShape(itemCounts: [200], itemSizes: Array(repeating: Size(width: 1, height: 120), count: 200)),
                         container: Self.container)
        let shift = try base.prepareReportingShift(data: data, container: Self.container, invalidation: .edited(edit))
        #expect(shift == SectionShift(
            firstChanged: 0, firstChangedItem: 32, movedFrom: 0, movedFromItem: 64, movedTo: 0, offset: -20,
            changedSpan: 3_868...7_688))
        try cached.prepare(data: data, container: Self.container, invalidation: .edited(edit))
        #expect(cached.buildCount == 1 && cached.pieceCount == 3)
        let pieces = cached.pieces.list
        #expect(pieces.map(\.start) == [0, 32, 64] && pieces.map(\.end) == [32, 64, 1 << 32])
        #expect(pieces.map(\.patch) == [-1, 0, -1] && pieces.map(\.shift) == [0, 0, -20])
        #expect(cached.pieces.patches.first?.elements.count == 32)
        #expect(cached.attributes(at: ItemPath(section: 0, item: 64))?.frame.minY == 7_688)
        #expect(cached.attributes(at: ItemPath(section: 0, item: 41))?.frame.minY == Double(28 + 40 * 120 + 200))
        #expect(cached.supplementary(.sectionFooter, section: 0)?.frame.minY == Double(28 + 200 * 120 - 20))
        #expect(cached.supplementary(.sectionHeader, section: 0)?.frame.minY == 6)
    }
}
