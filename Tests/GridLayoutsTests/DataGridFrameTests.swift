import GridCore
import GridLayouts
import Testing

/// Frames checked against issue 8's formulas, worked out by hand:
/// cell at display `(r, c)`: `(hw + c·cw, hh + r·rh, cw, rh)`; column header `(hw + c·cw, 0,
/// cw, hh)` at `(0, c)`; row header `(0, hh + r·rh, hw, rh)` at `(r, 0)`; corner `(0, 0, hw,
/// hh)` at `(0, 0)`; content `(hw + columns·cw, hh + rows·rh)`.
@Suite("DataGrid frames")
struct DataGridFrameTests {
    func cell(_ grid: DataGrid, record: Int, field: Int) -> Rect? {
        grid.attributes(at: ItemPath(section: record, item: field))?.frame
    }

    func columnHeader(_ grid: DataGrid, _ column: Int) -> Rect? {
        grid.supplementary(.columnHeader, at: ItemPath(section: 0, item: column))?.frame
    }

    func rowHeader(_ grid: DataGrid, _ row: Int) -> Rect? {
        grid.supplementary(.rowHeader, at: ItemPath(section: row, item: 0))?.frame
    }

    func corner(_ grid: DataGrid) -> Rect? {
        grid.supplementary(.corner, at: ItemPath(section: 0, item: 0))?.frame
    }

    // MARK: The source document's example

    /// `sales-10x4`: 10 salesmen, 4 fields (first name, last name, territory, year-to-date
    /// sales), transposed, `columnWidth` 150, `headerHeight` 150, a header column of 150,
    /// rows of 44, on 768 × 1024. Transposed: 4 display rows (fields), 10 columns (records).
    @Test func salesExampleTransposed() throws {
        let config = DataGrid.Configuration(transposed: true, columnWidth: 150, rowHeight: 44, headerHeight: 150, rowHeaderWidth: 150)
        #expect(config == .salesExample)
        let grid = try preparedDataGrid(config, try DataShape(sections: 10, itemsPerSection: 4), container: Size(width: 768, height: 1024))
        #expect(grid.records == 10)
        #expect(grid.fields == 4)
        #expect(grid.rowCount == 4)
        #expect(grid.columnCount == 10)
        // (150 + 10·150, 150 + 4·44) = (1650, 326)
        #expect(grid.contentSize == Size(width: 1650, height: 326))

        // Record c, field r at display row r, column c: (150 + c·150, 150 + r·44, 150, 44).
        #expect(cell(grid, record: 0, field: 0) == Rect(x: 150, y: 150, width: 150, height: 44))
        #expect(cell(grid, record: 0, field: 3) == Rect(x: 150, y: 282, width: 150, height: 44))  // 150 + 3·44
        #expect(cell(grid, record: 3, field: 2) == Rect(x: 600, y: 238, width: 150, height: 44))  // 150 + 3·150, 150 + 2·44
        #expect(cell(grid, record: 4, field: 1) == Rect(x: 750, y: 194, width: 150, height: 44))
        #expect(cell(grid, record: 9, field: 3) == Rect(x: 1500, y: 282, width: 150, height: 44))  // ends at (1650, 326)
        #expect(cell(grid, record: 9, field: 4) == nil)
        #expect(cell(grid, record: 10, field: 0) == nil)

        // Column headers (one per record): (150 + c·150, 0, 150, 150) at (0, c).
        #expect(columnHeader(grid, 0) == Rect(x: 150, y: 0, width: 150, height: 150))
        #expect(columnHeader(grid, 4) == Rect(x: 750, y: 0, width: 150, height: 150))
        #expect(columnHeader(grid, 9) == Rect(x: 1500, y: 0, width: 150, height: 150))
        #expect(columnHeader(grid, 10) == nil)
        // Row headers (one per field): (0, 150 + r·44, 150, 44) at (r, 0).
        #expect(rowHeader(grid, 0) == Rect(x: 0, y: 150, width: 150, height: 44))
        #expect(rowHeader(grid, 1) == Rect(x: 0, y: 194, width: 150, height: 44))
        #expect(rowHeader(grid, 3) == Rect(x: 0, y: 282, width: 150, height: 44))
        #expect(rowHeader(grid, 4) == nil)
        #expect(corner(grid) == Rect(x: 0, y: 0, width: 150, height: 150))

        // 40 cells, 10 column headers, 4 row headers, 1 corner.
        #expect(grid.elements(in: grid.contentBounds).count == 55)
        // The first screen, 768 × 1024, holds the corner, 4 row headers, and the columns
        // meeting x < 768: 150 + c·150 < 768 for c ≤ 4 (c = 4 starts at 750), so 5 column
        // headers and 5 × 4 cells.
        let screen = grid.elements(in: Rect(x: 0, y: 0, width: 768, height: 1024))
        #expect(screen.count == 1 + 4 + 5 + 20)
        #expect(screen.filter { $0.kind == .cell }.map(\.path.section).max() == 4)
    }

    /// The same data, not transposed: 10 rows (records) and 4 columns (fields).
    @Test func salesExampleNotTransposed() throws {
        var config = DataGrid.Configuration.salesExample
        config.transposed = false
        let grid = try preparedDataGrid(config, try DataShape(sections: 10, itemsPerSection: 4), container: Size(width: 768, height: 1024))
        #expect(grid.rowCount == 10)
        #expect(grid.columnCount == 4)
        // (150 + 4·150, 150 + 10·44) = (750, 590)
        #expect(grid.contentSize == Size(width: 750, height: 590))
        // Record r, field c at row r, column c.
        #expect(cell(grid, record: 7, field: 2) == Rect(x: 450, y: 458, width: 150, height: 44))  // 150 + 2·150, 150 + 7·44
        #expect(cell(grid, record: 9, field: 3) == Rect(x: 600, y: 546, width: 150, height: 44))  // ends at (750, 590)
        #expect(cell(grid, record: 2, field: 7) == nil)
        #expect(columnHeader(grid, 3) == Rect(x: 600, y: 0, width: 150, height: 150))
        #expect(columnHeader(grid, 4) == nil)
        #expect(rowHeader(grid, 9) == Rect(x: 0, y: 546, width: 150, height: 44))
        #expect(rowHeader(grid, 10) == nil)
        #expect(corner(grid) == Rect(x: 0, y: 0, width: 150, height: 150))
    }

    // MARK: The defaults

    @Test func defaultsThreeRecordsOfFourFields() throws {
        // cw 150, rh 44, hh 44, hw 0, not transposed.
        let grid = try preparedDataGrid(.standard, try DataShape(sections: 3, itemsPerSection: 4))
        // (0 + 4·150, 44 + 3·44) = (600, 176)
        #expect(grid.contentSize == Size(width: 600, height: 176))
        #expect(cell(grid, record: 0, field: 0) == Rect(x: 0, y: 44, width: 150, height: 44))
        #expect(cell(grid, record: 1, field: 2) == Rect(x: 300, y: 88, width: 150, height: 44))
        #expect(cell(grid, record: 2, field: 3) == Rect(x: 450, y: 132, width: 150, height: 44))
        #expect(columnHeader(grid, 0) == Rect(x: 0, y: 0, width: 150, height: 44))
        #expect(columnHeader(grid, 2) == Rect(x: 300, y: 0, width: 150, height: 44))
        // hw = 0: no header column, no corner.
        #expect(rowHeader(grid, 0) == nil)
        #expect(corner(grid) == nil)
        #expect(grid.elements(in: grid.contentBounds).count == 12 + 4)
    }

    // MARK: Every cell against the formula

    /// Sizes that are binary fractions, so that the formulas hold bit for bit: every cell,
    /// header and the corner of a 7 × 5 grid, both modes.
    @Test(arguments: [false, true])
    func everyElementByFormula(transposed: Bool) throws {
        let cw = 37.5, rh = 20.25, hh = 12.5, hw = 60.75
        let config = DataGrid.Configuration(transposed: transposed, columnWidth: cw, rowHeight: rh, headerHeight: hh, rowHeaderWidth: hw)
        let records = 7, fields = 5
        let grid = try preparedDataGrid(config, try DataShape(sections: records, itemsPerSection: fields))
        let rows = transposed ? fields : records, columns = transposed ? records : fields
        #expect(grid.rowCount == rows && grid.columnCount == columns)
        #expect(grid.contentSize == Size(width: hw + Double(columns) * cw, height: hh + Double(rows) * rh))
        #expect(grid.contentSize == (transposed ? Size(width: 323.25, height: 113.75) : Size(width: 248.25, height: 154.25)))
        for record in 0..<records {
            for field in 0..<fields {
                let r = transposed ? field : record, c = transposed ? record : field
                let expected = Rect(x: hw + Double(c) * cw, y: hh + Double(r) * rh, width: cw, height: rh)
                let got = grid.attributes(at: ItemPath(section: record, item: field))
                #expect(got?.frame == expected, "record \(record), field \(field)")
                #expect(got?.kind == .cell)
                #expect(got?.path == ItemPath(section: record, item: field))
            }
        }
        for c in 0..<columns {
            let header = grid.supplementary(.columnHeader, at: ItemPath(section: 0, item: c))
            #expect(header?.frame == Rect(x: hw + Double(c) * cw, y: 0, width: cw, height: hh), "column \(c)")
            #expect(header?.kind == .columnHeader && header?.path == ItemPath(section: 0, item: c))
        }
        for r in 0..<rows {
            let header = grid.supplementary(.rowHeader, at: ItemPath(section: r, item: 0))
            #expect(header?.frame == Rect(x: 0, y: hh + Double(r) * rh, width: hw, height: rh), "row \(r)")
            #expect(header?.kind == .rowHeader && header?.path == ItemPath(section: r, item: 0))
        }
        let corner = grid.supplementary(.corner, at: ItemPath(section: 0, item: 0))
        #expect(corner == LayoutAttributes(kind: .corner, path: ItemPath(section: 0, item: 0), frame: Rect(x: 0, y: 0, width: 60.75, height: 12.5)))
        #expect(grid.elements(in: grid.contentBounds).count == records * fields + rows + columns + 1)
    }

    // MARK: Without a header row, a header column, or both

    @Test func noHeaderRow() throws {
        // hh 0, hw 100, cw 50, rh 30; 2 records × 3 fields.
        let config = DataGrid.Configuration(columnWidth: 50, rowHeight: 30, headerHeight: 0, rowHeaderWidth: 100)
        let grid = try preparedDataGrid(config, try DataShape(sections: 2, itemsPerSection: 3))
        #expect(grid.contentSize == Size(width: 250, height: 60))  // (100 + 3·50, 0 + 2·30)
        #expect(cell(grid, record: 0, field: 0) == Rect(x: 100, y: 0, width: 50, height: 30))
        #expect(cell(grid, record: 1, field: 2) == Rect(x: 200, y: 30, width: 50, height: 30))
        #expect(rowHeader(grid, 0) == Rect(x: 0, y: 0, width: 100, height: 30))
        #expect(rowHeader(grid, 1) == Rect(x: 0, y: 30, width: 100, height: 30))
        for c in 0...3 { #expect(columnHeader(grid, c) == nil, "no header row: column \(c)") }
        #expect(corner(grid) == nil, "no header row: no corner")
        let kinds = Set(grid.elements(in: grid.contentBounds).map(\.kind))
        #expect(kinds == [.cell, .rowHeader])
    }

    @Test func noHeaderColumnTransposed() throws {
        // hh 40, hw 0, cw 50, rh 30; 2 records × 3 fields, transposed: 3 rows, 2 columns.
        let config = DataGrid.Configuration(transposed: true, columnWidth: 50, rowHeight: 30, headerHeight: 40, rowHeaderWidth: 0)
        let grid = try preparedDataGrid(config, try DataShape(sections: 2, itemsPerSection: 3))
        #expect(grid.contentSize == Size(width: 100, height: 130))  // (0 + 2·50, 40 + 3·30)
        #expect(cell(grid, record: 0, field: 0) == Rect(x: 0, y: 40, width: 50, height: 30))
        #expect(cell(grid, record: 1, field: 2) == Rect(x: 50, y: 100, width: 50, height: 30))  // row 2, column 1
        #expect(columnHeader(grid, 0) == Rect(x: 0, y: 0, width: 50, height: 40))
        #expect(columnHeader(grid, 1) == Rect(x: 50, y: 0, width: 50, height: 40))
        #expect(columnHeader(grid, 2) == nil)
        for r in 0...3 { #expect(rowHeader(grid, r) == nil, "no header column: row \(r)") }
        #expect(corner(grid) == nil, "no header column: no corner")
        let kinds = Set(grid.elements(in: grid.contentBounds).map(\.kind))
        #expect(kinds == [.cell, .columnHeader])
    }

    @Test(arguments: [false, true])
    func noHeadersAtAll(transposed: Bool) throws {
        // 3 records × 2 fields, cw 10, rh 4: cells only, from (0, 0).
        let config = DataGrid.Configuration(transposed: transposed, columnWidth: 10, rowHeight: 4, headerHeight: 0, rowHeaderWidth: 0)
        let grid = try preparedDataGrid(config, try DataShape(sections: 3, itemsPerSection: 2))
        #expect(grid.contentSize == (transposed ? Size(width: 30, height: 8) : Size(width: 20, height: 12)))
        // Record 2, field 1: row 2, column 1 (not transposed) or row 1, column 2.
        #expect(cell(grid, record: 2, field: 1) == (transposed ? Rect(x: 20, y: 4, width: 10, height: 4) : Rect(x: 10, y: 8, width: 10, height: 4)))
        #expect(cell(grid, record: 0, field: 0) == Rect(x: 0, y: 0, width: 10, height: 4))
        let all = grid.elements(in: grid.contentBounds)
        #expect(all.count == 6 && all.allSatisfy { $0.kind == .cell })
        #expect(grid.traits.supplementaries.isEmpty)
    }

    // MARK: Empty and tiny grids

    @Test func noRecordsWithDeclaredFields() throws {
        // 0 records, fields 4, hh 44, hw 100: rows 0, columns 4 (not transposed).
        var config = DataGrid.Configuration(rowHeaderWidth: 100, fields: 4)
        let grid = try preparedDataGrid(config, .empty)
        #expect(grid.rowCount == 0 && grid.columnCount == 4)
        #expect(grid.contentSize == Size(width: 700, height: 44))  // (100 + 4·150, 44 + 0·44)
        #expect(columnHeader(grid, 0) == Rect(x: 100, y: 0, width: 150, height: 44))
        #expect(columnHeader(grid, 3) == Rect(x: 550, y: 0, width: 150, height: 44))
        #expect(columnHeader(grid, 4) == nil)
        #expect(rowHeader(grid, 0) == nil)
        #expect(corner(grid) == Rect(x: 0, y: 0, width: 100, height: 44))
        #expect(cell(grid, record: 0, field: 0) == nil)
        #expect(grid.elements(in: grid.contentBounds).count == 4 + 1)

        // Transposed: rows 4 (the fields), columns 0: row headers and the corner.
        config.transposed = true
        let transposed = try preparedDataGrid(config, .empty)
        #expect(transposed.rowCount == 4 && transposed.columnCount == 0)
        #expect(transposed.contentSize == Size(width: 100, height: 220))  // (100 + 0, 44 + 4·44)
        #expect(rowHeader(transposed, 0) == Rect(x: 0, y: 44, width: 100, height: 44))
        #expect(rowHeader(transposed, 3) == Rect(x: 0, y: 176, width: 100, height: 44))
        #expect(rowHeader(transposed, 4) == nil)
        #expect(columnHeader(transposed, 0) == nil)
        #expect(corner(transposed) == Rect(x: 0, y: 0, width: 100, height: 44))
        #expect(transposed.elements(in: transposed.contentBounds).count == 4 + 1)
    }

    @Test func noRecordsAndNoFields() throws {
        // Nothing declared: F is the largest record, 0. The corner alone.
        let grid = try preparedDataGrid(DataGrid.Configuration(rowHeaderWidth: 100), .empty)
        #expect(grid.fields == 0)
        #expect(grid.contentSize == Size(width: 100, height: 44))
        #expect(grid.elements(in: grid.contentBounds).map(\.kind) == [.corner])
        // No headers either: nothing at all, and a zero content size.
        let bare = try preparedDataGrid(DataGrid.Configuration(headerHeight: 0), .empty)
        #expect(bare.contentSize == .zero)
        #expect(bare.elements(in: Rect(x: -10, y: -10, width: 1000, height: 1000)).isEmpty)
    }

    @Test func recordsWithNoFields() throws {
        // 3 records × 0 fields, hh 44, hw 100, not transposed: 3 rows, 0 columns.
        var config = DataGrid.Configuration(rowHeaderWidth: 100)
        let grid = try preparedDataGrid(config, try DataShape(sections: 3, itemsPerSection: 0))
        #expect(grid.rowCount == 3 && grid.columnCount == 0)
        #expect(grid.contentSize == Size(width: 100, height: 176))  // (100, 44 + 3·44)
        #expect(rowHeader(grid, 2) == Rect(x: 0, y: 132, width: 100, height: 44))
        #expect(columnHeader(grid, 0) == nil)
        #expect(grid.elements(in: grid.contentBounds).map(\.kind) == [.rowHeader, .corner, .rowHeader, .rowHeader])

        // Transposed: 0 rows, 3 columns: column headers (100 + c·150, 0, 150, 44).
        config.transposed = true
        let transposed = try preparedDataGrid(config, try DataShape(sections: 3, itemsPerSection: 0))
        #expect(transposed.contentSize == Size(width: 550, height: 44))
        #expect(columnHeader(transposed, 2) == Rect(x: 400, y: 0, width: 150, height: 44))
        #expect(rowHeader(transposed, 0) == nil)
        #expect(transposed.elements(in: transposed.contentBounds).count == 3 + 1)
    }

    @Test(arguments: [false, true])
    func oneByOne(transposed: Bool) throws {
        var config = DataGrid.Configuration.salesExample
        config.transposed = transposed
        let grid = try preparedDataGrid(config, try DataShape(sections: 1, itemsPerSection: 1))
        #expect(grid.rowCount == 1 && grid.columnCount == 1)
        #expect(grid.contentSize == Size(width: 300, height: 194))  // (150 + 150, 150 + 44)
        #expect(cell(grid, record: 0, field: 0) == Rect(x: 150, y: 150, width: 150, height: 44))
        #expect(columnHeader(grid, 0) == Rect(x: 150, y: 0, width: 150, height: 150))
        #expect(rowHeader(grid, 0) == Rect(x: 0, y: 150, width: 150, height: 44))
        #expect(corner(grid) == Rect(x: 0, y: 0, width: 150, height: 150))
        // In ElementID order: section 0 holds them all; cell, column header, row header, corner.
        #expect(grid.elements(in: grid.contentBounds).map(\.kind) == [.cell, .columnHeader, .rowHeader, .corner])
    }

    /// The container does not enter the frames: a data grid scrolls both ways.
    @Test func theContainerDoesNotChangeTheFrames() throws {
        let data = try DataShape(sections: 4, itemsPerSection: 3)
        let small = try preparedDataGrid(.salesExample, data, container: Size(width: 0, height: 0))
        let large = try preparedDataGrid(.salesExample, data, container: Size(width: 4000, height: 3000))
        #expect(small.contentSize == large.contentSize)
        let a = small.elements(in: small.contentBounds), b = large.elements(in: large.contentBounds)
        #expect(a.count == 12 + 3 + 4 + 1)
        #expect(a.count == b.count && zip(a, b).allSatisfy { $0.isIdentical(to: $1) })
    }
}
