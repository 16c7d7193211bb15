import GridCore
@testable import GridLayouts
import GridTestSupport
import Testing

/// The rect query's work, counted (rows walked, band entries read), not timed: it grows
/// with what the rect shows, not with the rows a merged cell spans or the merged cells
/// elsewhere; and it allocates nothing.
@Suite struct SpanGridComplexityTests {
    struct Counter: QueryWork {
        var rows = 0
        var entries = 0
        mutating func row() { rows += 1 }
        mutating func read(_ count: Int) { entries += count }
    }

    /// 100,000 rows of 20 × 30 columns of 50 (1,500 × 2,000,000); merged cells as listed.
    static func grid(_ merges: [GridPlacement]) throws -> SpanGrid {
        try preparedSpanGrid(SpanGrid.Configuration(
            columns: fixedColumns(Array(repeating: 50, count: 30)), rows: [Rows(count: 100_000, height: 20)], merges: merges))
    }

    static func work(_ grid: SpanGrid, _ rect: Rect) -> (results: Int, counter: Counter) {
        var counter = Counter()
        var buffer: [LayoutAttributes] = []
        grid.elements(in: rect, into: &buffer, work: &counter)
        return (buffer.count, counter)
    }

    /// A screen (320 × 480: 7 columns × 24 rows) in the middle of a merged cell spanning
    /// 10,000 rows of column 3, with 1,000 merged cells elsewhere: the work is that of the
    /// same screen on a grid without merged cells, give or take the tall cell's entries.
    @Test func aMergedCellOf10000RowsCostsOnlyWhereItIsSeen() throws {
        var merges = [merge(40_000, 3, 10_000, 1)]
        for k in 0..<1_000 { merges.append(merge(k * 97 + 1, 10, 1, 5)) }  // rows 1…96,904, never 40,000…49,999 on screen
        merges.removeAll { $0.column == 10 && $0.row >= 44_000 && $0.row < 46_000 }
        let tall = try Self.grid(merges)
        let plain = try Self.grid([])
        let screen = Rect(x: 20, y: 45_000 * 20 + 7, width: 320, height: 480)
        let (results, work) = Self.work(tall, screen)
        let (plainResults, plainWork) = Self.work(plain, screen)
        // Columns 0…6 of rows 45,000…45,024 (25 rows, the last partly): 7 · 25 = 175 singles,
        // less the 25 slots of column 3, plus the merged cell.
        #expect(plainResults == 175)
        #expect(results == 175 - 25 + 1)
        #expect(work.rows == plainWork.rows && work.rows == 25)
        // Per row: a binary search and a walk over at most the tall cell and the sentinel.
        #expect(work.entries <= plainWork.entries + 3 * 25 + 1, "\(work) vs \(plainWork)")
        #expect(work.entries < 200, "\(work)")
    }

    /// Rows wholly covered by a merged cell are passed over band by band: a rect inside a
    /// merged cell of 10,000 rows × 30 columns walks one row.
    @Test func rowsWhollyCoveredAreSkipped() throws {
        let grid = try Self.grid([merge(20_000, 0, 10_000, 30)])
        let (results, work) = Self.work(grid, Rect(x: 0, y: 25_000 * 20, width: 1500, height: 50_000))
        #expect(results == 1)
        #expect(work.rows == 1, "\(work)")
        // From just above it: the 5 rows above (150 singles), then the merged cell's rows skipped.
        let (above, aboveWork) = Self.work(grid, Rect(x: 0, y: 19_995 * 20, width: 1500, height: 2000))
        #expect(above == 150 + 1)
        #expect(aboveWork.rows == 6, "\(aboveWork)")
    }

    @Test func queriesAllocateNothing() throws {
        try #require(AllocationCount.isAvailable)
        let grid = try Self.grid([merge(40_000, 3, 10_000, 1), merge(2, 2, 3, 3)])
        var buffer: [LayoutAttributes] = []
        buffer.reserveCapacity(4096)
        let rects = [
            Rect(x: 0, y: 0, width: 320, height: 480), Rect(x: 77, y: 45_000 * 20, width: 320, height: 480),
            Rect(x: 0, y: 39_990 * 20, width: 1500, height: 900), Rect(x: .nan, y: 0, width: 1, height: 1),
        ]
        var found = 0
        for rect in rects {
            buffer.removeAll(keepingCapacity: true)
            let (_, query) = AllocationCount.measure { grid.elements(in: rect, into: &buffer) }
            #expect(query.allocations == 0, "elements(in: \(rect)): \(query)")
            found += buffer.count
        }
        let (cell, perCell) = AllocationCount.measure { grid.attributes(at: ItemPath(section: 40_000, item: 3)) }
        let (placement, perPlacement) = AllocationCount.measure { grid.gridPlacement(of: ItemPath(section: 2, item: 2)) }
        #expect(perCell.allocations == 0 && perPlacement.allocations == 0, "\(perCell), \(perPlacement)")
        #expect(cell?.frame.height == 200_000 && placement == merge(2, 2, 3, 3))
        #expect(found > 100)
    }

    /// An edit of 100,000 rows costs what the merged cells do, not what the rows do: its
    /// cells are a few runs, and applying any kind of operation allocates less than a byte a
    /// row (building the cells row by row took two arrays of 100,000 integers, 1.6 MB).
    @Test func anEditAllocatesLessThanAByteARow() throws {
        try #require(AllocationCount.isAvailable)
        var merges = [merge(40_000, 3, 10_000, 1), merge(2, 2, 3, 3)]
        for k in 0..<10 { merges.append(merge(k * 5_000 + 100, 10, 2, 4)) }
        var grid = try Self.grid(merges)
        let operations: [SpanGrid.Operation] = [
            .merge(cells: [
                SpanGrid.Slot(row: 70_000, column: 20), SpanGrid.Slot(row: 70_000, column: 21),
                SpanGrid.Slot(row: 70_001, column: 20), SpanGrid.Slot(row: 70_001, column: 21),
            ]),
            .split(row: 70_001, column: 21), .insertRow(at: 50_000, height: 33), .deleteRow(at: 40_000),
            .insertColumn(at: 5, width: Column(.fixed(40))), .deleteColumn(at: 11), .split(row: 3, column: 3),
        ]
        for operation in operations {
            let (edit, count) = try AllocationCount.measure { try grid.apply(operation) }
            #expect(count.allocatedBytes < grid.rowCount, "\(operation): \(count)")
            // Two runs a band at most: a band's first row and its others.
            #expect(edit.data.sectionRuns.count <= 2 * (2 * grid.configuration.merges.count + 1), "\(operation)")
            #expect(edit.data == (try SpanGridEditDifferentialTests.referenceCells(grid.configuration)), "\(operation)")
        }
    }
}
