import GridCore
import GridLayouts
import GridTestSupport
import Testing

/// Parameters and data out of range get a ``GridError`` naming the field, and a refused
/// `prepare` leaves the grid exactly as it was.
@Suite("DataGrid bad input")
struct DataGridBadInputTests {
    struct BadInput: CustomStringConvertible, Sendable {
        var name: String
        var configuration = DataGrid.Configuration.salesExample
        var counts = [4, 4, 4]
        var container = Size(width: 768, height: 1024)
        var field: String
        var code: GridError.Code = .invalidParameter
        var description: String { name }
    }

    static func config(_ change: (inout DataGrid.Configuration) -> Void) -> DataGrid.Configuration {
        var config = DataGrid.Configuration.salesExample
        change(&config)
        return config
    }

    static let badInputs: [BadInput] = {
        let nan = Double.nan, inf = Double.infinity
        var cases: [BadInput] = []
        for v in [-1.0, 0, -0.0, -1e-300, nan, inf, -inf] {
            cases.append(BadInput(name: "columnWidth \(v)", configuration: config { $0.columnWidth = v }, field: "columnWidth"))
            cases.append(BadInput(name: "rowHeight \(v)", configuration: config { $0.rowHeight = v }, field: "rowHeight"))
        }
        for v in [-1.0, -0.0001, -1e-300, nan, inf, -inf] {
            cases.append(BadInput(name: "headerHeight \(v)", configuration: config { $0.headerHeight = v }, field: "headerHeight"))
            cases.append(BadInput(name: "rowHeaderWidth \(v)", configuration: config { $0.rowHeaderWidth = v }, field: "rowHeaderWidth"))
        }
        for f in [-1, Int.min] {
            cases.append(BadInput(name: "fields \(f)", configuration: config { $0.fields = f }, field: "fields"))
        }
        // A record wider than the declared fields: record 1 has 4 items, fields = 3.
        cases.append(BadInput(
            name: "a record of 4 in fields 3", configuration: config { $0.fields = 3 }, counts: [3, 4, 2], field: "itemCounts[1]",
            code: .invalidData))
        cases.append(BadInput(
            name: "every record wider than fields 0", configuration: config { $0.fields = 0 }, counts: [0, 0, 1], field: "itemCounts[2]",
            code: .invalidData))
        for v in [-1.0, -1e-300, nan, inf, -inf] {
            cases.append(BadInput(name: "container.width \(v)", container: Size(width: v, height: 1024), field: "container.width"))
            cases.append(BadInput(name: "container.height \(v)", container: Size(width: 768, height: v), field: "container.height"))
        }
        // Content sizes that overflow: frames would be infinite (law 3).
        //   150 + 10 columns of 1e308 = 1e309 → ∞ (transposed: the 10 records are columns)
        cases.append(BadInput(
            name: "columnWidth 1e308, 10 columns", configuration: config { $0.columnWidth = 1e308 }, counts: Array(repeating: 4, count: 10),
            field: "columnWidth"))
        //   not transposed, 4 fields are columns: 150 + 4·1e308 → ∞
        cases.append(BadInput(
            name: "columnWidth 1e308, 4 fields", configuration: config { $0.columnWidth = 1e308; $0.transposed = false }, field: "columnWidth"))
        //   150 + 4 rows (fields, transposed) of 1e308 → ∞
        cases.append(BadInput(name: "rowHeight 1e308, 4 rows", configuration: config { $0.rowHeight = 1e308 }, field: "rowHeight"))
        //   transposed, fields 2³¹ − 1 are rows: 150 + (2³¹ − 1)·1e300 ≈ 2.1e309 → ∞ (no header
        //   column, whose paths would not fit so many rows)
        cases.append(BadInput(
            name: "rowHeight 1e300, 2^31 − 1 rows",
            configuration: config { $0.rowHeight = 1e300; $0.fields = Int(Int32.max); $0.rowHeaderWidth = 0 }, counts: [1],
            field: "rowHeight"))
        // The header takes most of the overflowing extent: it is the one to name.
        //   1.5e308 + 1 column of 1e308 → ∞, the header column holds 60 %
        cases.append(BadInput(
            name: "rowHeaderWidth 1.5e308 + 1 column of 1e308",
            configuration: config { $0.rowHeaderWidth = 1.5e308; $0.columnWidth = 1e308 }, counts: [4], field: "rowHeaderWidth"))
        //   1.5e308 + 1 row of 1e308 → ∞ (transposed, fields 1: one row)
        cases.append(BadInput(
            name: "headerHeight 1.5e308 + 1 row of 1e308",
            configuration: config { $0.headerHeight = 1.5e308; $0.rowHeight = 1e308 }, counts: [1, 1], field: "headerHeight"))
        // Header paths that would not fit an ElementID: a row header per field at (field, 0)
        // holds at most 2²⁸ rows; fields beyond 2³¹ − 1 never fit a record.
        cases.append(BadInput(
            name: "transposed, header column, fields 2^28 + 1", configuration: config { $0.fields = (1 << 28) + 1 }, counts: [1], field: "fields"))
        cases.append(BadInput(
            name: "transposed, header column, a record of 2^28 + 1 fields", counts: [(1 << 28) + 1], field: "fields"))
        cases.append(BadInput(
            name: "not transposed, fields 2^32 + 1", configuration: config { $0.fields = (1 << 32) + 1; $0.transposed = false }, counts: [],
            field: "fields"))
        cases.append(BadInput(
            name: "fields Int.max, no headers", configuration: config { $0.fields = Int.max; $0.headerHeight = 0; $0.rowHeaderWidth = 0 },
            counts: [], field: "fields"))
        // Rows so thin at their position that they cannot be told apart (a header of 1e6,
        // rows of 1e-10: ulp(1e6) ≈ 1.2e-10): some would have no height at all.
        cases.append(BadInput(
            name: "rowHeight 1e-10 under a header of 1e6", configuration: config { $0.headerHeight = 1e6; $0.rowHeight = 1e-10 },
            field: "rowHeight"))
        cases.append(BadInput(
            name: "columnWidth 1e-10 after a header column of 1e6",
            configuration: config { $0.rowHeaderWidth = 1e6; $0.columnWidth = 1e-10 }, field: "columnWidth"))
        return cases
    }()

    @Test func badInputsAreThere() {
        #expect(Self.badInputs.count == 14 + 12 + 2 + 2 + 10 + 4 + 2 + 4 + 2)
    }

    /// A grid prepared with good parameters, then asked to prepare with `bad`: it throws
    /// the right error, and answers exactly as before.
    @Test(arguments: badInputs)
    func badInputIsRefusedAndTheGridKeepsItsState(_ bad: BadInput) throws {
        let data = try DataShape(sections: 3, itemsPerSection: 2)
        var grid = try preparedDataGrid(.salesExample, data)
        let before = everyDataGridElement(grid, data)
        let contentSize = grid.contentSize, traits = grid.traits
        // Transposed 3 × 2: 6 cells, 3 column headers, 2 row headers, the corner.
        #expect(before.count == 12)

        grid.configuration = bad.configuration
        let error = gridError(bad.name) { try grid.prepare(data: try DataShape(itemCounts: bad.counts), container: bad.container) }
        #expect(error?.field == bad.field, "\(bad): \(error.map(String.init(describing:)) ?? "nothing")")
        #expect(error?.code == bad.code, "\(bad)")
        #expect(error.map { !$0.value.isEmpty && !$0.expected.isEmpty } == true, "\(bad)")

        #expect(grid.contentSize == contentSize, "\(bad)")
        #expect(grid.traits == traits, "\(bad)")
        // Checked before enumerating: a grid that took 2²⁸ rows would take gigabytes to list.
        try #require(grid.records == 3 && grid.fields == 2 && grid.rowCount == 2 && grid.columnCount == 3, "\(bad)")
        #expect(grid.transposition.transposed, "\(bad)")
        let after = everyDataGridElement(grid, data)
        #expect(after.count == before.count && zip(before, after).allSatisfy { $0.isIdentical(to: $1) }, "\(bad)")
        let queried = grid.elements(in: grid.contentBounds)
        #expect(queried.count == before.count && zip(queried, before).allSatisfy { $0.isIdentical(to: $1) }, "\(bad)")
        #expect(grid.attributes(at: ItemPath(section: 0, item: 2)) == nil, "\(bad): the new data was not taken")
        #expect(grid.attributes(at: ItemPath(section: 3, item: 0)) == nil, "\(bad): the new data was not taken")
    }

    /// `validate()` names the same fields as `prepare` for what depends on nothing else.
    @Test func validateNamesTheField() {
        let cases: [(DataGrid.Configuration, String)] = [
            (DataGrid.Configuration(columnWidth: 0), "columnWidth"), (DataGrid.Configuration(rowHeight: .nan), "rowHeight"),
            (DataGrid.Configuration(headerHeight: -1), "headerHeight"), (DataGrid.Configuration(rowHeaderWidth: .infinity), "rowHeaderWidth"),
            (DataGrid.Configuration(fields: -3), "fields"),
        ]
        for (config, field) in cases {
            #expect(gridError(field) { try config.validate() }?.field == field)
        }
        #expect(throws: Never.self) { try DataGrid.Configuration.standard.validate() }
        #expect(throws: Never.self) { try DataGrid.Configuration.salesExample.validate() }
        #expect(throws: Never.self) { try DataGrid.Configuration(headerHeight: 0, rowHeaderWidth: 0, fields: 0).validate() }
        // -0 is ≥ 0: a header of -0 is no header.
        #expect(throws: Never.self) { try DataGrid.Configuration(headerHeight: -0.0, rowHeaderWidth: -0.0).validate() }
    }

    /// The largest sizes that still fit are accepted: 10 columns of 1e307 and a header
    /// column of 1e307 make 1.1e308, finite.
    @Test func theLargestContentThatFitsIsAccepted() throws {
        let config = DataGrid.Configuration(columnWidth: 1e307, rowHeight: 1e307, headerHeight: 1e307, rowHeaderWidth: 1e307)
        let grid = try preparedDataGrid(config, try DataShape(sections: 10, itemsPerSection: 10))
        #expect(grid.contentSize.isFinite)
        #expect(grid.attributes(at: ItemPath(section: 9, item: 9))?.frame.isFinite == true)
        // Transposed with a header column and exactly 2²⁸ fields (rows): the largest row
        // header path, (2²⁸ − 1, 0), fits an ID.
        var tall = DataGrid.Configuration.salesExample
        tall.fields = 1 << 28
        let grid2 = try preparedDataGrid(tall, try DataShape(sections: 1, itemsPerSection: 3))
        let last = ItemPath(section: (1 << 28) - 1, item: 0)
        #expect(grid2.supplementary(.rowHeader, at: last)?.id.path == last)
    }

    // MARK: DataGrid.data(records:fields:)

    @Test func dataRefusesNegativeAndTooLargeShapesBeforeAllocating() throws {
        try #require(AllocationCount.isAvailable)
        let refused: [(records: Int, fields: Int, field: String)] = [
            (-1, 4, "records"), (Int.min, 4, "records"), (4, -1, "fields"), (0, Int.min, "fields"),
            ((1 << 28) + 1, 0, "records"), (Int.max, 1, "records"),
            // A spec's limit on records (SectionsField.maxSections, 2²²), far below the 2²⁸
            // an ID could address: 2²² + 1 records of no fields.
            ((1 << 22) + 1, 0, "records"),
            // 2²² records × 512 fields = 2³¹ cells, one too many; 2 × 2³⁰ likewise.
            (1 << 22, 512, "fields"), (2, 1 << 30, "fields"), (1, Int(Int32.max) + 1, "fields"),
            // records × fields overflows Int.
            (1 << 20, Int.max / 2, "fields"),
            // No cells, but fields that no record could hold, which a spec would carry into
            // the configuration.
            (0, Int(Int32.max) + 1, "fields"), (0, Int.max, "fields"),
        ]
        for (records, fields, field) in refused {
            let (error, count) = AllocationCount.measure {
                gridError("data(records: \(records), fields: \(fields))") { _ = try DataGrid.data(records: records, fields: fields) }
            }
            #expect(error?.field == field, "data(records: \(records), fields: \(fields)): \(error.map(String.init(describing:)) ?? "nothing")")
            #expect(error?.code == .invalidData)
            // A 2²⁸-record array would be 2 GiB; the refusal costs no more than its message.
            #expect(count.allocatedBytes < 65_536, "data(records: \(records), fields: \(fields)): \(count)")
        }
        // At the limits: 1 record of 2³¹ − 1 cells; 2 × (2³⁰ − 1).
        #expect(try DataGrid.data(records: 1, fields: Int(Int32.max)).totalItems == Int(Int32.max))
        #expect(try DataGrid.data(records: 2, fields: (1 << 30) - 1).itemCounts == [(1 << 30) - 1, (1 << 30) - 1])
        #expect(try DataGrid.data(records: 0, fields: 0) == .empty)
        #expect(try DataGrid.data(records: 3, fields: 2) == DataShape(itemCounts: [2, 2, 2]))
    }
}
