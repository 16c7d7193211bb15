import GridCore
@testable import GridLayouts
import GridTestSupport
import Testing

/// What a batch update of records and fields (`DataEdit` inserts, deletes, moves) does to a
/// data grid, as it reports it (`SectionShift`, issue 30): checked against the frames before
/// and after, element by element, and worked by hand; the answers after are a fresh grid's.
@Suite struct DataGridEditShiftTests {
    static let container = Size(width: 320, height: 480)

    /// Records with at most `fields` fields each, in a seeded edit: records inserted (1 to 3,
    /// anywhere, with sizes when measured), deleted (a run), fields inserted, deleted or moved
    /// within and across records.
    static func randomEdit(_ random: inout SeededRandom, _ data: DataShape, fields: Int, sized: Bool) -> DataEdit {
        let records = data.sectionCount
        func sizes(_ n: Int) -> [Size]? { sized ? (0..<n).map { _ in Size(width: 1, height: Double(random.integer(10...120))) } : nil }
        let choice = records == 0 ? 0 : random.integer(0...5)
        switch choice {
        case 0:
            let counts = (0..<random.integer(1...3)).map { _ in random.integer(0...fields) }
            return .insertSections(section: random.integer(0...records), counts: counts, sizes: sizes(counts.reduce(0, +)))
        case 1 where records > 1:
            let start = random.integer(0...(records - 1))
            return .deleteSections(start..<min(records, start + random.integer(1...3)))
        case 2:
            let record = random.integer(0...(records - 1)), count = data.itemCounts[record]
            guard count < fields else { return .deleteItems(section: record, items: 0..<count) }
            let n = random.integer(1...(fields - count))
            return .insertItems(section: record, item: random.integer(0...count), count: n, sizes: sizes(n))
        case 3:
            let record = random.integer(0...(records - 1)), count = data.itemCounts[record]
            guard count > 0 else { return .insertItems(section: record, item: 0, count: 1, sizes: sizes(1)) }
            let start = random.integer(0...(count - 1))
            return .deleteItems(section: record, items: start..<min(count, start + random.integer(1...3)))
        default:
            // A field moved, to a record with room for it.
            let nonEmpty = (0..<records).filter { data.itemCounts[$0] > 0 }
            guard let from = nonEmpty.isEmpty ? nil : nonEmpty[random.integer(0...(nonEmpty.count - 1))] else {
                return .insertItems(section: 0, item: 0, count: 1, sizes: sizes(1))
            }
            let item = random.integer(0...(data.itemCounts[from] - 1))
            let targets = (0..<records).filter { $0 == from || data.itemCounts[$0] < fields }
            let to = targets[random.integer(0...(targets.count - 1))]
            let room = data.itemCounts[to] - (to == from ? 1 : 0)
            return .moveItem(from: ItemPath(section: from, item: item), to: ItemPath(section: to, item: random.integer(0...room)))
        }
    }

    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var configuration: DataGrid.Configuration
        /// Whether every edit that leaves records on both sides must be reported.
        var promised: Bool
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "measured rows, 6 fields declared, both headers", configuration: DataGrid.Configuration(
            columnWidth: 80, rowHeight: 44, headerHeight: 30, rowHeaderWidth: 40, fields: 6, itemSizing: .heights, estimated: .itemHeight(44)),
             promised: true),
        Case(name: "rows of 44.5, 6 fields declared, header row", configuration: DataGrid.Configuration(
            columnWidth: 80, rowHeight: 44.5, headerHeight: 44, fields: 6), promised: true),
        Case(name: "rows of 44, no header row, header column", configuration: DataGrid.Configuration(
            columnWidth: 80, rowHeight: 44, headerHeight: 0, rowHeaderWidth: 30, fields: 6), promised: true),
        // Fields not declared: the widest record sets the columns, and an edit that changes it
        // promises nothing.
        Case(name: "measured rows, fields from the widest", configuration: DataGrid.Configuration(
            columnWidth: 80, rowHeight: 44, headerHeight: 30, itemSizing: .heights, estimated: .itemHeight(44)), promised: false),
        // Rows of a third: tops that are not exact promise nothing.
        Case(name: "rows of 44⅓", configuration: DataGrid.Configuration(columnWidth: 80, rowHeight: 44 + 1.0 / 3, fields: 6), promised: false),
    ]

    @Test(arguments: Array(cases.indices))
    func editsReportWhatTheyDid(index: Int) throws {
        let setup = Self.cases[index]
        let sized = setup.configuration.itemSizing == .heights
        var random = SeededRandom(seed: UInt64(500 + index))
        let counts = (0..<25).map { _ in random.integer(0...6) }
        var data = try DataShape(
            itemCounts: counts, itemSizes: sized ? (0..<counts.reduce(0, +)).map { _ in Size(width: 1, height: Double(random.integer(10...120))) } : nil)
        var told = DataGrid(setup.configuration)
        try told.prepare(data: data, container: Self.container)
        var reported = 0
        for step in 0..<80 {
            let edit = Self.randomEdit(&random, data, fields: 6, sized: sized)
            let before = told, beforeData = data
            data = try edit.applied(to: data)
            let shift = try told.prepareReportingShift(data: data, container: Self.container, invalidation: .edited(edit))
            var fresh = DataGrid(setup.configuration)
            try fresh.prepare(data: data, container: Self.container)
            let context = "\(setup.name), step \(step) (\(edit)), \(beforeData.sectionCount) → \(data.sectionCount) records"
            MeasurementDifferentialTests.expectSameAnswers(told, fresh, data, &random, context)
            if let shift {
                reported += 1
                DataGridMeasuredRowsTests.expectShift(shift, before: before, beforeData: beforeData, after: told, afterData: data, context)
            } else if setup.promised {
                #expect(beforeData.sectionCount == 0 || data.sectionCount == 0, "\(context): no shift")
            }
            if setup.configuration.rowHeight != 44 + 1.0 / 3 { continue }
            #expect(shift == nil, "\(context): tops are not exact")
        }
        if setup.promised { #expect(reported >= 70, "\(setup.name): \(reported) of 80 reported") }
    }

    /// Five records of rows of 44 under a header row of 44 (tops 44, 88, 132, 176, 220; the
    /// content 264). Two records inserted before record 2: records 0 and 1 kept, the two new
    /// ones laid again from 132 to 220, old records 2–4 moved 88 down to become 4–6. Then
    /// record 0 deleted: the header row and the old records 0 and 1 (new record 0) laid again
    /// from 0 to 88, the rest moved 44 up, renumbered by −1.
    @Test func insertingAndDeletingRecordsByHand() throws {
        let configuration = DataGrid.Configuration(columnWidth: 100, rowHeight: 44, headerHeight: 44, rowHeaderWidth: 30, fields: 3)
        var data = try DataShape(itemCounts: [3, 3, 3, 3, 3])
        var grid = DataGrid(configuration)
        try grid.prepare(data: data, container: Self.container)
        var before = grid, beforeData = data
        let insert = DataEdit.insertSections(section: 2, counts: [3, 1], sizes: nil)
        data = try insert.applied(to: data)
        let inserted = try #require(try grid.prepareReportingShift(data: data, container: Self.container, invalidation: .edited(insert)))
        #expect(inserted == SectionShift(firstChanged: 2, movedFrom: 2, movedTo: 4, offset: 88, changedSpan: 132...220))
        #expect(grid.attributes(at: ItemPath(section: 4, item: 1))?.frame == Rect(x: 130, y: 220, width: 100, height: 44))
        DataGridMeasuredRowsTests.expectShift(inserted, before: before, beforeData: beforeData, after: grid, afterData: data, "insert")

        before = grid
        beforeData = data
        let delete = DataEdit.deleteSections(0..<1)
        data = try delete.applied(to: data)
        let deleted = try #require(try grid.prepareReportingShift(data: data, container: Self.container, invalidation: .edited(delete)))
        #expect(deleted == SectionShift(firstChanged: 0, movedFrom: 2, movedTo: 1, offset: -44, changedSpan: 0...88))
        DataGridMeasuredRowsTests.expectShift(deleted, before: before, beforeData: beforeData, after: grid, afterData: data, "delete")

        // A field moved from record 3 to record 2 (the inserted one of one field): records 2
        // and 3 laid again, from 132 to 220, nothing moves.
        #expect(data.itemCounts == [3, 3, 1, 3, 3, 3])
        before = grid
        beforeData = data
        let move = DataEdit.moveItem(from: ItemPath(section: 3, item: 0), to: ItemPath(section: 2, item: 0))
        data = try move.applied(to: data)
        let moved = try #require(try grid.prepareReportingShift(data: data, container: Self.container, invalidation: .edited(move)))
        #expect(moved == SectionShift(firstChanged: 2, movedFrom: 4, movedTo: 4, offset: 0, changedSpan: 132...220))
        DataGridMeasuredRowsTests.expectShift(moved, before: before, beforeData: beforeData, after: grid, afterData: data, "move")
    }
}
