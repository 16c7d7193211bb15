import GridCore
import GridLayouts
import Testing

/// A cell's path is its data position `(record, field)`; transposed, record `c`, field `r`
/// is displayed at row `r`, column `c`. IGGridView's normalize / denormalize is
/// ``DataGrid/Transposition``: one function and its inverse.
@Suite("DataGrid transposition")
struct DataGridTranspositionTests {
    /// Records × fields of the grids checked cell by cell.
    static let shapes: [(records: Int, fields: Int)] = [(1, 1), (3, 5), (5, 3), (10, 4), (17, 1), (1, 17), (0, 4), (4, 0), (12, 12)]

    @Test(arguments: [false, true])
    func pathAndPositionAreInversesOnEveryCell(transposed: Bool) throws {
        let mapping = DataGrid.Transposition(transposed: transposed)
        for (records, fields) in Self.shapes {
            let rows = transposed ? fields : records, columns = transposed ? records : fields
            var visited = 0
            // Display → data → display.
            for row in 0..<rows {
                for column in 0..<columns {
                    let path = mapping.path(row: row, column: column)
                    // By the definition: record `row`, field `column`; transposed, record
                    // `column`, field `row`.
                    let expected = transposed ? ItemPath(section: column, item: row) : ItemPath(section: row, item: column)
                    #expect(path == expected, "\(records) × \(fields): (\(row), \(column))")
                    let back = mapping.position(of: path)
                    #expect(back.row == row && back.column == column, "\(records) × \(fields): (\(row), \(column)) → \(path) → \(back)")
                    visited += 1
                }
            }
            // Data → display → data, and every display slot reached exactly once.
            var seen = Set<[Int]>()
            for record in 0..<records {
                for field in 0..<fields {
                    let path = ItemPath(section: record, item: field)
                    let position = mapping.position(of: path)
                    #expect(position.row >= 0 && position.row < rows && position.column >= 0 && position.column < columns)
                    #expect(mapping.path(row: position.row, column: position.column) == path, "\(path)")
                    seen.insert([position.row, position.column])
                }
            }
            #expect(visited == records * fields && seen.count == records * fields, "\(records) × \(fields)")
        }
    }

    /// The mapping is pure arithmetic: inverse on any pair, even outside a grid.
    @Test func inverseOnArbitraryPairs() {
        for transposed in [false, true] {
            let mapping = DataGrid.Transposition(transposed: transposed)
            for a in [-3, -1, 0, 1, 2, 1_000_000, 1 << 27] {
                for b in [-2, 0, 1, 19, 1 << 31] {
                    let position = mapping.position(of: mapping.path(row: a, column: b))
                    #expect(position.row == a && position.column == b)
                    let path = ItemPath(section: a, item: b)
                    let p = mapping.position(of: path)
                    #expect(mapping.path(row: p.row, column: p.column) == path)
                }
            }
        }
        #expect(DataGrid.Transposition(transposed: true) != DataGrid.Transposition(transposed: false))
    }

    /// `gridPlacement(of:)` and `attributes(at:)` agree with the mapping and the formulas,
    /// on every cell of several grids, ragged ones included.
    @Test(arguments: [false, true])
    func placementAgreesWithFramesOnEveryCell(transposed: Bool) throws {
        let cw = 25.0, rh = 12.5, hh = 8.0, hw = 30.0
        let config = DataGrid.Configuration(transposed: transposed, columnWidth: cw, rowHeight: rh, headerHeight: hh, rowHeaderWidth: hw)
        var datas = try Self.shapes.map { try DataShape(sections: $0.records, itemsPerSection: $0.fields) }
        datas.append(try DataShape(itemCounts: [4, 0, 2, 4, 1]))
        for data in datas {
            let grid = try preparedDataGrid(config, data)
            let mapping = grid.transposition
            #expect(mapping.transposed == transposed)
            for record in 0..<data.sectionCount {
                for field in 0..<data.itemCounts[record] {
                    let path = ItemPath(section: record, item: field)
                    let row = transposed ? field : record, column = transposed ? record : field
                    #expect(grid.gridPlacement(of: path) == GridPlacement(row: row, column: column, rowSpan: 1, columnSpan: 1), "\(path)")
                    let frame = grid.attributes(at: path)?.frame
                    #expect(frame == Rect(x: hw + Double(column) * cw, y: hh + Double(row) * rh, width: cw, height: rh), "\(path)")
                    // The headers of its row and column line up with it.
                    #expect(grid.supplementary(.rowHeader, at: ItemPath(section: row, item: 0))?.frame.minY == frame?.minY)
                    #expect(grid.supplementary(.columnHeader, at: ItemPath(section: 0, item: column))?.frame.minX == frame?.minX)
                }
                // One past the record's last field: no cell, no placement.
                let missing = ItemPath(section: record, item: data.itemCounts[record])
                #expect(grid.gridPlacement(of: missing) == nil && grid.attributes(at: missing) == nil, "\(missing)")
            }
        }
    }

    /// The example a reader can check on paper: 3 records of 2 fields, transposed, is 2
    /// rows by 3 columns; the cell at row 1, column 2 shows record 2, field 1.
    @Test func threeRecordsOfTwoFieldsByHand() throws {
        let config = DataGrid.Configuration(transposed: true, columnWidth: 100, rowHeight: 20, headerHeight: 0, rowHeaderWidth: 0)
        let grid = try preparedDataGrid(config, try DataShape(sections: 3, itemsPerSection: 2))
        #expect(grid.rowCount == 2 && grid.columnCount == 3)
        #expect(grid.transposition.path(row: 1, column: 2) == ItemPath(section: 2, item: 1))
        #expect(grid.gridPlacement(of: ItemPath(section: 2, item: 1)) == GridPlacement(row: 1, column: 2))
        #expect(grid.attributes(at: ItemPath(section: 2, item: 1))?.frame == Rect(x: 200, y: 20, width: 100, height: 20))
        // What the rect query finds at a point of row 1, column 2 is that cell.
        let hit = grid.elements(in: Rect(x: 250, y: 30, width: 1, height: 1))
        #expect(hit.map(\.path) == [ItemPath(section: 2, item: 1)])
        // Record 0's fields run down column 0.
        #expect(grid.elements(in: Rect(x: 0, y: 0, width: 100, height: 40)).map(\.path) == [ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 1)])
    }

    @Test func placementIsNilForPathsThatDoNotExist() throws {
        let grid = try preparedDataGrid(.salesExample, try DataShape(itemCounts: [4, 2, 0, 4]))
        for (record, field) in [(-1, 0), (0, -1), (0, 4), (1, 2), (2, 0), (4, 0), (Int.min, 0), (0, Int.max), (Int.max, Int.max)] {
            #expect(grid.gridPlacement(of: ItemPath(section: record, item: field)) == nil, "(\(record), \(field))")
        }
        #expect(grid.gridPlacement(of: ItemPath(section: 3, item: 3)) == GridPlacement(row: 3, column: 3))
        #expect(DataGrid().gridPlacement(of: ItemPath(section: 0, item: 0)) == nil, "nothing before prepare")
    }

    /// The mapping in force is the prepared one: changing `configuration.transposed` does
    /// nothing until the next `prepare`.
    @Test func transpositionFollowsThePreparedConfiguration() throws {
        let data = try DataShape(sections: 3, itemsPerSection: 2)
        var grid = try preparedDataGrid(DataGrid.Configuration(transposed: false, headerHeight: 0), data)
        let path = ItemPath(section: 2, item: 1)
        #expect(grid.gridPlacement(of: path) == GridPlacement(row: 2, column: 1))
        grid.configuration.transposed = true
        #expect(!grid.transposition.transposed)
        #expect(grid.gridPlacement(of: path) == GridPlacement(row: 2, column: 1))
        #expect(grid.attributes(at: path)?.frame == Rect(x: 150, y: 88, width: 150, height: 44))
        try grid.prepare(data: data, container: Size(width: 320, height: 480))
        #expect(grid.transposition.transposed)
        #expect(grid.gridPlacement(of: path) == GridPlacement(row: 1, column: 2))
        #expect(grid.attributes(at: path)?.frame == Rect(x: 300, y: 44, width: 150, height: 44))
    }
}
