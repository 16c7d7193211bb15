import GridCore
@testable import GridLayouts
import Testing

/// Content heights typed into a span grid's cells (issue 29): rows that follow their tallest
/// cell, merged cells that grow their last row, `maxHeight` caps, and content carried by
/// merges, splits and deleted rows and columns. Every expected height is worked by hand in
/// the comments.
@Suite struct SpanGridContentTests {
    typealias Operation = SpanGrid.Operation

    /// The laid-out heights of every row.
    static func heights(_ grid: SpanGrid) -> [Double] {
        (0..<grid.rowCount).map { grid.laidOutHeight(ofRow: $0) ?? .nan }
    }

    /// `rows` rows of 40 and `columns` columns of 100.
    static func grid(rows: Int = 3, columns: Int = 3, merges: [GridPlacement] = [], maxHeight: Double? = nil) throws -> SpanGrid {
        try preparedSpanGrid(SpanGrid.Configuration(
            columns: fixedColumns(Array(repeating: 100, count: columns)), rows: [Rows(count: rows, height: 40, maxHeight: maxHeight)],
            merges: merges), container: Size(width: 1000, height: 800))
    }

    /// Row 1 follows its tallest cell: 55 and 70 typed give max(40, 55, 70) = 70; the 70
    /// shrinking to 30 leaves max(40, 55, 30) = 55; both emptied, the configured 40.
    @Test func aRowGrowsUnderItsTallestCell() throws {
        var grid = try Self.grid()
        try grid.apply(Operation.setContentHeight(row: 1, column: 0, height: 55))
        try grid.apply(Operation.setContentHeight(row: 1, column: 2, height: 70))
        #expect(Self.heights(grid) == [40, 70, 40])
        // Row 2 starts at 40 + 70 = 110; the content is 40 + 70 + 40 = 150 high.
        #expect(grid.attributes(at: ItemPath(section: 2, item: 1))?.frame == Rect(x: 100, y: 110, width: 100, height: 40))
        #expect(grid.contentSize == Size(width: 300, height: 150))
        try grid.apply(Operation.setContentHeight(row: 1, column: 2, height: 30))
        #expect(Self.heights(grid) == [40, 55, 40])
        // A cell of 20 in row 0 is below the configured 40: no change.
        try grid.apply(Operation.setContentHeight(row: 0, column: 1, height: 20))
        #expect(Self.heights(grid) == [40, 55, 40])
        try grid.apply(Operation.setContentHeight(row: 1, column: 0, height: 0))
        #expect(Self.heights(grid) == [40, 40, 40])
        // Row 0's 20 is kept; the 30 in row 1; the 55 set to 0 is gone.
        #expect(grid.configuration.contentHeights == [
            SpanGrid.ContentHeight(row: 0, column: 1, height: 20), SpanGrid.ContentHeight(row: 1, column: 2, height: 30),
        ])
    }

    /// A merged cell over rows 0…2 of column 0, named by its slot (1, 0), content 150: its
    /// rows add to 40 + 40 + 40 = 120, so its last row, 2, grows by 30 to 70. With 60 typed
    /// in (2, 1), row 2 is first 60 (a cell in that row alone), the rows add to 140, and row 2
    /// grows by 10 to 70 again: the merged cell is 150 high either way.
    @Test func aMergedCellGrowsItsLastRow() throws {
        var grid = try Self.grid(rows: 4, merges: [merge(0, 0, 3, 1)])
        try grid.apply(Operation.setContentHeight(row: 1, column: 0, height: 150))
        #expect(grid.configuration.contentHeights == [SpanGrid.ContentHeight(row: 0, column: 0, height: 150)])
        #expect(Self.heights(grid) == [40, 40, 70, 40])
        #expect(grid.attributes(at: ItemPath(section: 0, item: 0))?.frame == Rect(x: 0, y: 0, width: 100, height: 150))
        try grid.apply(Operation.setContentHeight(row: 2, column: 1, height: 60))
        #expect(Self.heights(grid) == [40, 40, 70, 40])
        try grid.apply(Operation.setContentHeight(row: 2, column: 1, height: 100))
        // Row 2 is 100 by its own cell; 40 + 40 + 100 = 180 ≥ 150: no growth.
        #expect(Self.heights(grid) == [40, 40, 100, 40])
    }

    /// Merged cells by increasing row span: A (rows 0…1, column 0) of 100, B (rows 0…2,
    /// column 1) of 150. A first: 80 < 100, row 1 grows by 20 to 60; then B: 40 + 60 + 40 =
    /// 140 < 150, row 2 grows by 10 to 50. (B first would give rows 40, 60, 70.)
    @Test func mergedCellsGrowByIncreasingRowSpan() throws {
        var grid = try Self.grid(rows: 4, merges: [merge(0, 0, 2, 1), merge(0, 1, 3, 1)])
        try grid.apply(Operation.setContentHeight(row: 0, column: 1, height: 150))
        try grid.apply(Operation.setContentHeight(row: 0, column: 0, height: 100))
        #expect(Self.heights(grid) == [40, 60, 50, 40])
    }

    /// The worked example of the span grid's article (TheSpanGrid.md): A over rows 0…1 of
    /// column 0 holds 100, B over rows 0…2 of column 1 150, (3, 2) 55. Row 3: 55. A: 80 < 100,
    /// row 1 60. B: 40 + 60 + 40 = 140 < 150, row 2 50. B shrunk to 20: row 2 back to 40;
    /// (3, 2) emptied: row 3 back to 40.
    @Test func theArticlesWorkedExample() throws {
        var grid = try Self.grid(rows: 4, merges: [merge(0, 0, 2, 1), merge(0, 1, 3, 1)])
        try grid.apply(Operation.setContentHeight(row: 1, column: 0, height: 100))
        try grid.apply(Operation.setContentHeight(row: 2, column: 1, height: 150))
        try grid.apply(Operation.setContentHeight(row: 3, column: 2, height: 55))
        #expect(Self.heights(grid) == [40, 60, 50, 55])
        #expect(grid.attributes(at: ItemPath(section: 0, item: 0))?.frame.height == 100)
        #expect(grid.attributes(at: ItemPath(section: 0, item: 1))?.frame.height == 150)
        try grid.apply(Operation.setContentHeight(row: 0, column: 1, height: 20))
        #expect(Self.heights(grid) == [40, 60, 40, 55])
        try grid.apply(Operation.setContentHeight(row: 3, column: 2, height: 0))
        #expect(Self.heights(grid) == [40, 60, 40, 40])
    }

    /// The tallest cell of row 1 lies in column 5, outside the rect shown (columns 0…1):
    /// (1, 0) typed to 150 then shrunk to 20 leaves the row at the sibling's 120, and the rows
    /// below where 40 + 120 puts them.
    @Test func aShrinkKeepsTheTallestSiblingOffScreen() throws {
        var grid = try Self.grid(columns: 6)
        try grid.apply(Operation.setContentHeight(row: 1, column: 5, height: 120))
        try grid.apply(Operation.setContentHeight(row: 1, column: 0, height: 150))
        #expect(Self.heights(grid) == [40, 150, 40])
        try grid.apply(Operation.setContentHeight(row: 1, column: 0, height: 20))
        let shown = grid.elements(in: Rect(x: 0, y: 0, width: 200, height: 400))
        #expect(shown.map(\.frame) == [
            Rect(x: 0, y: 0, width: 100, height: 40), Rect(x: 100, y: 0, width: 100, height: 40),
            Rect(x: 0, y: 40, width: 100, height: 120), Rect(x: 100, y: 40, width: 100, height: 120),
            Rect(x: 0, y: 160, width: 100, height: 40), Rect(x: 100, y: 160, width: 100, height: 40),
        ])
    }

    /// Rows of 40 at most 80: (1, 0) of 200 is clipped to 80. The merged cell over rows 1…2
    /// of column 1, of 300: 80 + 40 = 120, row 2 would grow by 180 to 220, capped at 80.
    /// Rows 40, 80, 80: row 2 ends at 200.
    @Test func maxHeightCapsARow() throws {
        var grid = try Self.grid(merges: [merge(1, 1, 2, 1)], maxHeight: 80)
        try grid.apply(Operation.setContentHeight(row: 1, column: 0, height: 200))
        #expect(Self.heights(grid) == [40, 80, 40])
        try grid.apply(Operation.setContentHeight(row: 2, column: 1, height: 300))
        #expect(Self.heights(grid) == [40, 80, 80])
        #expect(grid.contentSize.height == 200)
    }

    /// A max below the row's height is refused, naming the run.
    @Test func maxHeightBelowTheHeightIsRefused() throws {
        let configuration = SpanGrid.Configuration(columns: fixedColumns([100]), rows: [Rows(count: 2, height: 40), Rows(count: 1, height: 40, maxHeight: 30)])
        #expect(throws: GridError.self) { try configuration.validate() }
        do {
            try configuration.validate()
        } catch {
            #expect(error.field == "rows[1].maxHeight" && error.description.contains("40"), "\(error)")
        }
    }

    /// (0, 0) 50, (0, 1) 90, (1, 1) 60 merged over rows 0…1, columns 0…1: the merged cell
    /// keeps the tallest, 90; rows 40 + 40 = 80 < 90, row 1 grows by 10 to 50. Split: the
    /// anchor (0, 0), a single cell again, keeps 90 (row 0 is 90), the others have none.
    @Test func mergeKeepsTheTallestAndSplitGivesItToTheAnchor() throws {
        var grid = try Self.grid()
        try grid.apply(Operation.setContentHeight(row: 0, column: 0, height: 50))
        try grid.apply(Operation.setContentHeight(row: 0, column: 1, height: 90))
        try grid.apply(Operation.setContentHeight(row: 1, column: 1, height: 60))
        try grid.apply(Operation.merge(cells: [
            SpanGrid.Slot(row: 0, column: 0), SpanGrid.Slot(row: 0, column: 1), SpanGrid.Slot(row: 1, column: 0), SpanGrid.Slot(row: 1, column: 1),
        ]))
        #expect(grid.configuration.contentHeights == [SpanGrid.ContentHeight(row: 0, column: 0, height: 90)])
        #expect(Self.heights(grid) == [40, 50, 40])
        try grid.apply(Operation.split(row: 1, column: 1))
        #expect(grid.configuration.contentHeights == [SpanGrid.ContentHeight(row: 0, column: 0, height: 90)])
        #expect(Self.heights(grid) == [90, 40, 40])
    }

    /// Deleting row 1 drops (1, 0)'s 100: two rows of 40. (2, 2)'s 70 moves to (1, 2); deleting
    /// column 2 drops it. A merged cell over rows 0…1 keeps its 150 when row 0 goes: it is the
    /// single cell (0, 0) of 150 after.
    @Test func deletedRowsAndColumnsDropTheirCellsContent() throws {
        var grid = try Self.grid()
        try grid.apply(Operation.setContentHeight(row: 1, column: 0, height: 100))
        try grid.apply(Operation.setContentHeight(row: 2, column: 2, height: 70))
        #expect(Self.heights(grid) == [40, 100, 70])
        try grid.apply(Operation.deleteRow(at: 1))
        #expect(Self.heights(grid) == [40, 70])
        try grid.apply(Operation.deleteColumn(at: 2))
        #expect(Self.heights(grid) == [40, 40])
        #expect(grid.configuration.contentHeights.isEmpty)
        // Inserted rows and columns move content with their cells.
        try grid.apply(Operation.setContentHeight(row: 1, column: 1, height: 64))
        try grid.apply(Operation.insertRow(at: 0, height: 30))
        try grid.apply(Operation.insertColumn(at: 0, width: SpanGrid.ColumnWidth(.fixed(10))))
        #expect(grid.configuration.contentHeights == [SpanGrid.ContentHeight(row: 2, column: 2, height: 64)])
        #expect(Self.heights(grid) == [30, 40, 64])

        var merged = try Self.grid(merges: [merge(0, 0, 2, 1)])
        try merged.apply(Operation.setContentHeight(row: 1, column: 0, height: 150))
        #expect(Self.heights(merged) == [40, 110, 40])
        try merged.apply(Operation.deleteRow(at: 0))
        #expect(merged.configuration.contentHeights == [SpanGrid.ContentHeight(row: 0, column: 0, height: 150)])
        #expect(Self.heights(merged) == [150, 40])
    }

    /// Out of range, negative or not finite: refused naming the field, the grid unchanged.
    @Test(arguments: [
        (Operation.setContentHeight(row: 3, column: 0, height: 10), "row", "0..<3"),
        (Operation.setContentHeight(row: 0, column: -1, height: 10), "column", "0..<3"),
        (Operation.setContentHeight(row: 0, column: 0, height: -1), "height", "≥ 0"),
        (Operation.setContentHeight(row: 0, column: 0, height: .nan), "height", "finite"),
        (Operation.setContentHeight(row: 0, column: 0, height: .infinity), "height", "finite"),
    ])
    func badContentIsRefused(operation: Operation, field: String, mention: String) throws {
        var grid = try Self.grid()
        let before = grid.configuration
        do {
            try grid.apply(operation)
            Issue.record("accepted \(operation)")
        } catch {
            #expect(error.field == field && error.description.contains(mention), "\(error)")
        }
        #expect(grid.configuration == before)
    }

    /// Without content heights, a grid lays out its configured heights (as before issue 29),
    /// whatever its `maxHeight`.
    @Test func noContentKeepsTheConfiguredHeights() throws {
        let grid = try preparedSpanGrid(SpanGrid.Configuration(
            columns: fixedColumns([50]), rows: [Rows(count: 2, height: 20, maxHeight: 30), Rows(count: 1, height: 25)]))
        #expect(Self.heights(grid) == [20, 20, 25])
    }
}
