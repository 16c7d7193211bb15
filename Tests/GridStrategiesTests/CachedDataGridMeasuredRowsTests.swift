import GridCore
import GridLayouts
@testable import GridStrategies
import GridTestSupport
import Testing

/// The cached strategy over a data grid whose measured rows are kept in a Fenwick tree
/// (`DataGrid.RowSums`): 400 records of up to 12 fields, measured in seeded batches as a
/// viewport sends them (the records entering the view, scattered ones, fields below their
/// row's tallest that change nothing), in whole and quarter points. After every batch, every
/// answer equals a data grid prepared afresh with the data as measured so far, and the cache
/// is never built again: it follows each reported shift.
@Suite struct CachedDataGridMeasuredRowsTests {
    static let container = Size(width: 320, height: 480)

    static func records() -> DataGrid {
        DataGrid(.init(columnWidth: 90, rowHeight: 44, headerHeight: 30, rowHeaderWidth: 50, fields: 12,
                       itemSizing: .heights, estimated: .itemHeight(44)))
    }

    @Test(arguments: [false, true])
    func dataGridMeasurementsKeepTheCacheBitForBit(quarters: Bool) throws {
        var random = SeededRandom(seed: quarters ? 91 : 92)
        let counts = (0..<400).map { _ in [12, 12, 12, 7, 1, 0][random.integer(0...5)] }
        let total = counts.reduce(0, +)
        var data = try DataShape(itemCounts: counts, itemSizes: Array(repeating: Size(width: 1, height: 44), count: total))
        var cached = CachedLayout(Self.records())
        try cached.prepare(data: data, container: Self.container)
        #expect(cached.buildCount == 1)
        func height() -> Size {
            Size(width: 1, height: Double(random.integer(10...160)) + (quarters ? 0.25 * Double(random.integer(0...3)) : 0))
        }
        var cursor = 0
        for step in 0..<60 {
            var items: [SizedItem] = []
            switch step % 3 {
            case 0:
                // The next fields in order, as scrolling down measures them.
                for flat in cursor..<min(total, cursor + random.integer(1...30)) {
                    items.append(SizedItem(path: data.path(atFlatIndex: flat)!, size: height()))
                }
                cursor = min(total, cursor + 30)
            case 1:
                for _ in 0..<random.integer(1...4) {
                    items.append(SizedItem(path: data.path(atFlatIndex: random.integer(0...(total - 1)))!, size: height()))
                }
            default:
                // A field 1 point tall: below its row's tallest, nothing changes.
                items.append(SizedItem(path: data.path(atFlatIndex: random.integer(0...(total - 1)))!, size: Size(width: 1, height: 1)))
            }
            if items.isEmpty { continue }
            let edit = DataEdit.setItemSizes(items)
            data = try edit.applied(to: data)
            try cached.prepare(data: data, container: Self.container, invalidation: .edited(edit))
            var fresh = Self.records()
            try fresh.prepare(data: data, container: Self.container)
            let context = "step \(step), \(edit)"
            #expect(cached.buildCount == 1, "\(context): built \(cached.buildCount) times")
            let all = Rect(x: -1, y: -1, width: fresh.contentSize.width + 2, height: fresh.contentSize.height + 2)
            #expect(Answer(cached, all) == Answer(fresh, all), "\(context)")
            #expect(cached.contentSize.height.bitPattern == fresh.contentSize.height.bitPattern, "\(context)")
            let rects = probeRects(content: fresh.contentSize, edges: edges(of: fresh), random: &random, count: 16)
            expectAllAgree([("fresh", fresh), ("cached, told", cached)], data: data, rects: rects, context)
            for row in [0, 1, counts.count / 2, counts.count - 1] {
                let path = ItemPath(section: row, item: 0)
                #expect(cached.supplementary(.rowHeader, at: path)?.frame.bits == fresh.supplementary(.rowHeader, at: path)?.frame.bits,
                        "row header \(row); \(context)")
            }
        }
    }

    /// Records inserted and deleted, and fields inserted and deleted, between measurements
    /// (issue 30): the grid says what each edit did, and the cache follows it, renumbering
    /// the records after it, without being built again.
    @Test func dataGridEditsAndMeasurementsKeepTheCacheBitForBit() throws {
        var random = SeededRandom(seed: 93)
        let counts = (0..<120).map { _ in [12, 12, 7, 1, 0][random.integer(0...4)] }
        var data = try DataShape(itemCounts: counts, itemSizes: Array(repeating: Size(width: 1, height: 44), count: counts.reduce(0, +)))
        var cached = CachedLayout(Self.records())
        try cached.prepare(data: data, container: Self.container)
        func sizes(_ n: Int) -> [Size] { (0..<n).map { _ in Size(width: 1, height: Double(random.integer(10...160))) } }
        for step in 0..<60 {
            let records = data.sectionCount
            let record = random.integer(0...(records - 1)), count = data.itemCounts[record]
            let edit: DataEdit
            switch step % 5 {
            case 0:
                let new = (0..<random.integer(1...3)).map { _ in random.integer(0...12) }
                edit = .insertSections(section: random.integer(0...records), counts: new, sizes: sizes(new.reduce(0, +)))
            case 1 where records > 10:
                edit = .deleteSections(record..<min(records, record + random.integer(1...3)))
            case 2 where count < 12:
                let n = random.integer(1...(12 - count))
                edit = .insertItems(section: record, item: random.integer(0...count), count: n, sizes: sizes(n))
            case 3 where count > 0:
                edit = .deleteItems(section: record, items: 0..<random.integer(1...count))
            default:
                let total = data.totalItems
                edit = .setItemSizes((0..<random.integer(1...8)).map { _ in
                    SizedItem(path: data.path(atFlatIndex: random.integer(0...(total - 1)))!, size: sizes(1)[0])
                })
            }
            data = try edit.applied(to: data)
            try cached.prepare(data: data, container: Self.container, invalidation: .edited(edit))
            var fresh = Self.records()
            try fresh.prepare(data: data, container: Self.container)
            let context = "step \(step), \(edit)"
            #expect(cached.buildCount == 1, "\(context): built \(cached.buildCount) times")
            let all = Rect(x: -1, y: -1, width: fresh.contentSize.width + 2, height: fresh.contentSize.height + 2)
            #expect(Answer(cached, all) == Answer(fresh, all), "\(context)")
            let rects = probeRects(content: fresh.contentSize, edges: edges(of: fresh), random: &random, count: 16)
            expectAllAgree([("fresh", fresh), ("cached, told", cached)], data: data, rects: rects, context)
        }
    }
}
