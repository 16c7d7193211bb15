import GridCore
@testable import GridLayouts
import GridTestSupport
import Testing

/// The data grid's measured rows kept in a Fenwick tree of their heights (`DataGrid.RowSums`):
/// a measurement sets the heights of the measured records' rows in O(log R) each and reports
/// what it moved (`SectionShift`). Checked against a grid prepared afresh with the data as
/// measured so far, bit for bit; against frames worked by hand; against the frames before and
/// after, element by element, for the shift; and for what a measurement touches and allocates.
@Suite struct DataGridMeasuredRowsTests {
    static let container = Size(width: 320, height: 480)

    static func configuration(header: Double = 44, headerColumn: Double = 0, fields: Int? = nil) -> DataGrid.Configuration {
        DataGrid.Configuration(columnWidth: 100, rowHeight: 44, headerHeight: header, rowHeaderWidth: headerColumn, fields: fields,
                               itemSizing: .heights, estimated: .itemHeight(44))
    }

    static func sizes(_ heights: [Double]) -> [Size] { heights.map { Size(width: 1, height: $0) } }

    static func bits(_ rect: Rect) -> [UInt64] { [rect.minX.bitPattern, rect.minY.bitPattern, rect.width.bitPattern, rect.height.bitPattern] }

    /// Every element `grid` places, by path (`everyDataGridElement`), keyed by its id.
    static func elementsByID(_ grid: DataGrid, _ data: DataShape) -> [ElementID: LayoutAttributes] {
        var all: [ElementID: LayoutAttributes] = [:]
        for element in everyDataGridElement(grid, data) { all[element.id] = element }
        return all
    }

    /// `shift` says what went from `before` to `after`: every element of a kept record is
    /// identical and ends at or above the changed span; every element of a moved record is the
    /// old one of record `r − movedTo + movedFrom` with `y + offset` exactly and starts at or
    /// below the span's end; every one laid again lies in the span; every old element kept or
    /// moved is still there; and the offset is exact.
    static func expectShift(
        _ shift: SectionShift, before: DataGrid, beforeData: DataShape, after: DataGrid, afterData: DataShape, _ context: String
    ) {
        #expect(shift.fits(oldSections: beforeData.sectionCount, newSections: afterData.sectionCount), "\(context): \(shift)")
        #expect(SectionShift.isExact(shift.offset), "\(context)")
        #expect(shift.firstChangedItem == 0 && shift.movedFromItem == 0, "\(context): whole records")
        let old = elementsByID(before, beforeData), new = elementsByID(after, afterData)
        var matched = Set<ElementID>()
        for (id, element) in new {
            switch shift.part(of: element, before: false) {
            case .kept:
                guard let previous = old[id] else {
                    Issue.record("\(context): \(id) kept, but new")
                    continue
                }
                matched.insert(id)
                #expect(bits(previous.frame) == bits(element.frame), "\(context): \(id) kept, but \(previous.frame) → \(element.frame)")
                #expect(element.frame.maxY <= shift.changedSpan.lowerBound, "\(context): \(id) kept, ends below the span")
            case .moved:
                let oldID = ElementID(kind: element.kind, path: ItemPath(section: element.path.section - shift.movedTo + shift.movedFrom, item: element.path.item))
                guard let previous = old[oldID] else {
                    Issue.record("\(context): \(id) moved, but no \(oldID) before")
                    continue
                }
                matched.insert(oldID)
                var moved = previous.frame
                moved.origin.y += shift.offset
                #expect(bits(moved) == bits(element.frame), "\(context): \(oldID) moved by \(shift.offset) to \(id), but \(previous.frame) → \(element.frame)")
                #expect(element.frame.minY >= shift.changedSpan.upperBound, "\(context): \(id) moved, starts above the span's end")
            case .laidAgain:
                #expect(element.frame.minY >= shift.changedSpan.lowerBound && element.frame.maxY <= shift.changedSpan.upperBound,
                        "\(context): \(id) laid again at \(element.frame), outside \(shift.changedSpan)")
            }
        }
        for (id, element) in old where !matched.contains(id) {
            #expect(shift.part(of: element, before: true) == .laidAgain, "\(context): \(id) kept or moved, but gone")
        }
    }

    // MARK: By hand

    /// Five records of three fields under a header row of 44: rows of 44, 60.5, 30, 100 and
    /// 44 (each its tallest field), so tops 44, 88, 148.5, 178.5, 278.5 and a content of
    /// 322.5. Record 3 (100 tall, from field 1) measured 130 at field 2: its row grows by 30,
    /// record 4 moves from 278.5 to 308.5, the content to 352.5; records 0–2 keep their frames.
    @Test func aMeasuredRecordMovesTheRowsBelowByItsGrowth() throws {
        let heights: [Double] = [44, 20, 10, 60.5, 3, 60, 30, 30, 30, 1, 100, 99, 44, 44, 44]
        var data = try DataShape(itemCounts: [3, 3, 3, 3, 3], itemSizes: Self.sizes(heights))
        var grid = DataGrid(Self.configuration())
        try grid.prepare(data: data, container: Self.container)
        #expect(grid.rowSums != nil && grid.rowTops == nil)
        #expect(grid.attributes(at: ItemPath(section: 4, item: 2))?.frame == Rect(x: 200, y: 278.5, width: 100, height: 44))
        #expect(grid.attributes(at: ItemPath(section: 3, item: 0))?.frame == Rect(x: 0, y: 178.5, width: 100, height: 100))
        #expect(grid.contentSize.height == 322.5)
        let before = grid, beforeData = data

        let edit = DataEdit.setItemSizes([SizedItem(path: ItemPath(section: 3, item: 2), size: Size(width: 1, height: 130))])
        data = try edit.applied(to: data)
        let shift = try #require(try grid.prepareReportingShift(data: data, container: Self.container, invalidation: .edited(edit)))
        #expect(shift == SectionShift(firstChanged: 3, movedFrom: 4, movedTo: 4, offset: 30, changedSpan: 178.5...308.5))
        #expect(grid.attributes(at: ItemPath(section: 3, item: 1))?.frame == Rect(x: 100, y: 178.5, width: 100, height: 130))
        #expect(grid.attributes(at: ItemPath(section: 4, item: 2))?.frame == Rect(x: 200, y: 308.5, width: 100, height: 44))
        #expect(grid.attributes(at: ItemPath(section: 2, item: 0))?.frame == Rect(x: 0, y: 148.5, width: 100, height: 30))
        #expect(grid.contentSize.height == 352.5)
        Self.expectShift(shift, before: before, beforeData: beforeData, after: grid, afterData: data, "record 3 to 130")
        // Rect queries: y 308 is record 3's last point, 308.5 record 4's first.
        var found: [LayoutAttributes] = []
        grid.elements(in: Rect(x: 0, y: 308, width: 50, height: 0.5), into: &found)
        #expect(found.map(\.path) == [ItemPath(section: 3, item: 0)])
        found.removeAll()
        grid.elements(in: Rect(x: 0, y: 308, width: 50, height: 0.75), into: &found)
        #expect(found.map(\.path) == [ItemPath(section: 3, item: 0), ItemPath(section: 4, item: 0)])

        // A field below its row's tallest changes no frame: nothing laid again, nothing moved.
        let quiet = DataEdit.setItemSizes([SizedItem(path: ItemPath(section: 1, item: 1), size: Size(width: 1, height: 50))])
        let beforeQuiet = grid
        data = try quiet.applied(to: data)
        let none = try #require(try grid.prepareReportingShift(data: data, container: Self.container, invalidation: .edited(quiet)))
        #expect(none == SectionShift(firstChanged: 5, movedFrom: 5, movedTo: 5, offset: 0, changedSpan: 352.5...352.5))
        #expect(grid.measurementTouches == 0)
        #expect(Self.elementsByID(grid, data) == Self.elementsByID(beforeQuiet, data))

        // Record 0 shrinks to 20 (its tallest field measured 20): the header row is laid again
        // with it, every other record moves up 24.
        let top = DataEdit.setItemSizes([SizedItem(path: ItemPath(section: 0, item: 0), size: Size(width: 1, height: 20))])
        let beforeTop = grid, beforeTopData = data
        data = try top.applied(to: data)
        let up = try #require(try grid.prepareReportingShift(data: data, container: Self.container, invalidation: .edited(top)))
        #expect(up == SectionShift(firstChanged: 0, movedFrom: 1, movedTo: 1, offset: -24, changedSpan: 0...64))
        Self.expectShift(up, before: beforeTop, beforeData: beforeTopData, after: grid, afterData: data, "record 0 to 20")
    }

    /// No records: an empty tree (its descent has no first step), the content the header row.
    @Test func aGridOfNoRecordsHasAnEmptyTree() throws {
        var grid = DataGrid(Self.configuration(fields: 3))
        try grid.prepare(data: try DataShape(itemCounts: [], itemSizes: []), container: Self.container)
        #expect(grid.rowSums?.count == 0 && grid.contentSize.height == 44)
        var found: [LayoutAttributes] = []
        grid.elements(in: Rect(x: 0, y: -10, width: 500, height: 1000), into: &found)
        #expect(found.map(\.kind) == [.columnHeader, .columnHeader, .columnHeader])
    }

    /// Heights that are not binary fractions keep the grid's answers a fresh grid's (the rows
    /// laid out again as running sums) and promise no shift.
    @Test func aHeightThatIsNotExactPreparesAgainAndPromisesNothing() throws {
        var data = try DataShape(itemCounts: [2, 2, 2], itemSizes: Self.sizes(Array(repeating: 44, count: 6)))
        var grid = DataGrid(Self.configuration())
        try grid.prepare(data: data, container: Self.container)
        let edit = DataEdit.setItemSizes([SizedItem(path: ItemPath(section: 1, item: 0), size: Size(width: 1, height: 50 + 1.0 / 3))])
        data = try edit.applied(to: data)
        #expect(try grid.prepareReportingShift(data: data, container: Self.container, invalidation: .edited(edit)) == nil)
        #expect(grid.rowSums == nil && grid.rowTops != nil)
        var fresh = DataGrid(Self.configuration())
        try fresh.prepare(data: data, container: Self.container)
        #expect(Self.elementsByID(grid, data) == Self.elementsByID(fresh, data))
        #expect(grid.contentSize.height.bitPattern == fresh.contentSize.height.bitPattern)
    }

    /// A row height that would take the content to 2⁴² or beyond cannot be summed exactly in
    /// any order: the grid prepares again (running sums), undoing the rows of the batch it had
    /// already set, and answers as a fresh grid.
    @Test func aContentReaching2To42PreparesAgain() throws {
        var data = try DataShape(itemCounts: [1, 1, 1, 1], itemSizes: Self.sizes(Array(repeating: 44, count: 4)))
        var grid = DataGrid(Self.configuration())
        try grid.prepare(data: data, container: Self.container)
        let edit = DataEdit.setItemSizes([
            SizedItem(path: ItemPath(section: 0, item: 0), size: Size(width: 1, height: 64)),
            SizedItem(path: ItemPath(section: 2, item: 0), size: Size(width: 1, height: 0x1p42)),
        ])
        data = try edit.applied(to: data)
        #expect(try grid.prepareReportingShift(data: data, container: Self.container, invalidation: .edited(edit)) == nil)
        var fresh = DataGrid(Self.configuration())
        try fresh.prepare(data: data, container: Self.container)
        #expect(Self.elementsByID(grid, data) == Self.elementsByID(fresh, data))
        #expect(grid.contentSize.height.bitPattern == fresh.contentSize.height.bitPattern)
    }

    // MARK: Told against fresh

    enum Heights: CaseIterable, Sendable { case whole, quarters, someThirds }

    static func height(_ random: inout SeededRandom, _ heights: Heights) -> Double {
        let whole = Double(random.integer(1...200))
        switch heights {
        case .whole: return whole
        case .quarters: return whole + 0.25 * Double(random.integer(0...3))
        case .someThirds: return random.integer(0...30) == 0 ? whole + 1.0 / 3 : whole
        }
    }

    /// Seeded sequences of measurement batches (runs of neighbouring fields crossing records,
    /// scattered fields, a field named twice, fields of records that are not neighbours) on
    /// ragged records, with and without a header row and a header column; after every batch,
    /// every frame, the content size and rect queries equal a fresh grid's bit for bit, and a
    /// reported shift is what happened to every element.
    @Test(arguments: Heights.allCases, [0, 1, 2])
    func measurementsAnswerAsAFreshGrid(heights: Heights, shape: Int) throws {
        var setup = SeededRandom(seed: UInt64(shape * 7 + 1))
        let counts = (0..<(shape == 2 ? 300 : 37)).map { _ in [12, 12, 12, 5, 1, 0][setup.integer(0...5)] }
        let configuration = [
            Self.configuration(), Self.configuration(header: 0, headerColumn: 40), Self.configuration(header: 30.5, headerColumn: 20, fields: 12),
        ][shape]
        var data = try DataShape(itemCounts: counts, itemSizes: Self.sizes(Array(repeating: 44, count: counts.reduce(0, +))))
        var told = DataGrid(configuration)
        try told.prepare(data: data, container: Self.container)
        var random = SeededRandom(seed: UInt64(4000 + shape * 10 + Heights.allCases.firstIndex(of: heights)!))
        var shifts = 0
        for step in 0..<60 {
            var batch = MeasurementDifferentialTests.batch(&random, data, .whole) { _ in Size(width: 1, height: 1) }
            for i in batch.indices { batch[i].size = Size(width: 1, height: Self.height(&random, heights)) }
            if step % 5 == 4 {
                // Two records far apart, the later first.
                let total = data.totalItems
                batch = [
                    SizedItem(path: MeasurementDifferentialTests.path(random.integer((total / 2)...(total - 1)), data), size: Size(width: 1, height: Self.height(&random, heights))),
                    SizedItem(path: MeasurementDifferentialTests.path(random.integer(0...(total / 2)), data), size: Size(width: 1, height: Self.height(&random, heights))),
                ]
            }
            let edit = DataEdit.setItemSizes(batch)
            let before = told, beforeData = data
            data = try edit.applied(to: data)
            let shift = try told.prepareReportingShift(data: data, container: Self.container, invalidation: .edited(edit))
            var fresh = DataGrid(configuration)
            try fresh.prepare(data: data, container: Self.container)
            let context = "\(heights), shape \(shape), step \(step) (\(edit))"
            MeasurementDifferentialTests.expectSameAnswers(told, fresh, data, &random, context)
            #expect(Self.elementsByID(told, data) == Self.elementsByID(fresh, data), "\(context): every element by path")
            if let shift {
                shifts += 1
                Self.expectShift(shift, before: before, beforeData: beforeData, after: told, afterData: data, context)
            } else {
                // Only once a height that is not exact came, until the next prepare.
                #expect(heights == .someThirds && told.rowSums == nil, "\(context): no shift")
            }
        }
        if heights != .someThirds { #expect(shifts == 60) }
    }

    // MARK: What a measurement costs

    /// A measurement of one field in a grid of 2¹⁷ + 5 records touches at most
    /// ⌊log₂ R⌋ + 1 = 18 nodes of the tree for its one changed row, wherever it lies; one that
    /// changes k rows at most 18·k.
    @Test func aMeasurementTouchesLogRNodesPerChangedRow() throws {
        let records = (1 << 17) + 5
        var data = try DataShape(itemCounts: Array(repeating: 2, count: records), itemSizes: Self.sizes(Array(repeating: 44, count: 2 * records)))
        var grid = DataGrid(Self.configuration())
        try grid.prepare(data: data, container: Self.container)
        var random = SeededRandom(seed: 17)
        for step in 0..<50 {
            let k = step % 3 + 1
            var batch: [SizedItem] = []
            for _ in 0..<k {
                batch.append(SizedItem(path: ItemPath(section: random.integer(0...(records - 1)), item: random.integer(0...1)),
                                       size: Size(width: 1, height: Double(random.integer(45...300)))))
            }
            let edit = DataEdit.setItemSizes(batch)
            let oldEnd = grid.contentSize.height
            data = try edit.applied(to: data)
            let shift = try #require(try grid.prepareReportingShift(data: data, container: Self.container, invalidation: .edited(edit)))
            #expect(grid.measurementTouches >= 1 && grid.measurementTouches <= 18 * k, "step \(step): \(grid.measurementTouches) nodes for \(k) records")
            #expect(grid.contentSize.height == oldEnd + shift.offset)
        }
        // The rows' tops against a running sum of the heights, record by record.
        let rows = try #require(grid.rowSums), sizes = try #require(data.itemSizes)
        var top = 44.0, wrong: [Int] = []
        for record in 0..<records {
            let height = max(sizes[2 * record].height, sizes[2 * record + 1].height)
            if rows.start(record) != top || rows.length(record) != height { wrong.append(record) }
            top += height
        }
        #expect(wrong.isEmpty, "rows whose top or height is not the running sum's: \(wrong.prefix(10))")
        #expect(grid.contentSize.height == top)
    }

    /// A warm measurement (the grid's own copy of the sizes made by the first) allocates
    /// nothing in the layout, told with or without reporting its shift. (Allocation counts are
    /// unavailable under AddressSanitizer: the name says so to the skip list.)
    @Test func aWarmMeasurementAllocatesNothing() throws {
        try #require(AllocationCount.isAvailable)
        let records = 10_000
        var data = try DataShape(itemCounts: Array(repeating: 12, count: records), itemSizes: Self.sizes(Array(repeating: 44, count: 12 * records)))
        var grid = DataGrid(Self.configuration(header: 44, headerColumn: 50, fields: 12))
        try grid.prepare(data: data, container: Self.container)
        var random = SeededRandom(seed: 23)
        func batch() -> [SizedItem] {
            let record = random.integer(0...(records - 2))
            return (0..<12).map { SizedItem(path: ItemPath(section: record + $0 / 8, item: $0 % 12), size: Size(width: 1, height: Double(random.integer(20...200)))) }
        }
        for step in 0..<20 {
            let items = batch()
            try data.setItemSizes(items)  // the caller's own data, as a viewport writes it
            let invalidation = Invalidation.edited(.setItemSizes(items))
            let (shift, count) = AllocationCount.measure { () -> SectionShift?? in
                if step % 2 == 0 { return try? grid.prepareReportingShift(data: data, container: Self.container, invalidation: invalidation) }
                return ((try? grid.prepare(data: data, container: Self.container, invalidation: invalidation)) != nil ? .some(nil) : nil)
            }
            #expect(shift != nil)
            if step > 0 { #expect(count.allocations == 0, "step \(step): \(count.allocations) allocations") }
        }
        var fresh = DataGrid(Self.configuration(header: 44, headerColumn: 50, fields: 12))
        try fresh.prepare(data: data, container: Self.container)
        #expect(grid.contentSize == fresh.contentSize)
    }
}
