import GridConformance
import GridCore
import GridLayouts
import Testing

private typealias Column = SpanGrid.ColumnWidth
private typealias Rows = SpanGrid.RowRun
private func fixedColumns(_ widths: [Double]) -> [Column] { widths.map { Column(.fixed($0)) } }
private func rowsOf(_ heights: [Double]) -> [Rows] { heights.map { Rows(count: 1, height: $0) } }
private func merge(_ row: Int, _ column: Int, _ rowSpan: Int, _ columnSpan: Int) -> GridPlacement {
    GridPlacement(row: row, column: column, rowSpan: rowSpan, columnSpan: columnSpan)
}

/// The span grid obeys every law, with merged cells, frozen rows and columns, every kind of
/// column, and after seeded random edits. Its data is its own cells (a section per row),
/// so each configuration is checked with that one data shape, in every standard container
/// and rotated (law 6); the data edits of the standard options would describe another grid.
@Suite struct SpanGridConformanceTests {
    static func options(for configuration: SpanGrid.Configuration) throws -> ConformanceOptions {
        ConformanceOptions(dataShapes: [try configuration.dataShape()], changes: [.rotate])
    }

    static let configurations: [SpanGrid.Configuration] = [
        .example,
        // Widths and heights that are not binary fractions, a fractional column that is
        // clamped, one row, one column.
        SpanGrid.Configuration(
            columns: [Column(.fixed(33.3)), Column(.fractional(0.17), min: 20.1, max: 70.7), Column(.viewport(padding: 250.5), min: 17.3)],
            rows: [Rows(count: 3, height: 17.1), Rows(count: 1, height: 0.3), Rows(count: 5, height: 29.9)],
            merges: [merge(0, 0, 3, 2), merge(4, 1, 5, 2), merge(3, 0, 1, 3)]),
        SpanGrid.Configuration(columns: fixedColumns([50]), rows: rowsOf([20]), frozenRows: 1, frozenColumns: 1),
        SpanGrid.Configuration(columns: fixedColumns([10, 20, 30]), rows: [Rows(count: 1, height: 44)], merges: [merge(0, 0, 1, 3)]),
        // A merged cell spanning 300 rows, beside single cells and frozen bands.
        SpanGrid.Configuration(
            columns: fixedColumns([60, 80, 100, 120]), rows: [Rows(count: 2, height: 40), Rows(count: 400, height: 30)],
            merges: [merge(0, 1, 2, 3), merge(10, 1, 300, 2), merge(20, 3, 5, 1)], frozenRows: 2, frozenColumns: 1),
    ]

    @Test(arguments: 0..<configurations.count)
    func obeysEveryLaw(index: Int) throws {
        let configuration = Self.configurations[index]
        let report = GridConformance.check(options: try Self.options(for: configuration)) { SpanGrid(configuration) }
        #expect(report.isPassing, "\(report)")
        #expect(report.lawsChecked == ConformanceLaw.undeclaredLocality)
        #expect(report.skipped.isEmpty, "\(report.skipped)")
        #expect(report.checked.cellsPlaced > 0)
    }

    /// Grids edited at random, content typed among the edits: 20 of them, each after 15 edits
    /// (refused ones skipped).
    @Test(arguments: 0..<4)
    func editedGridsObeyEveryLaw(batch: Int) throws {
        for index in 0..<5 {
            var random = SeededRandom(seed: UInt64(7000 + batch * 5 + index))
            let columns = (0..<random.integer(1...8)).map { _ in Column(.fixed(Double(random.integer(5...90)))) }
            var configuration = SpanGrid.Configuration(
                columns: columns, rows: [Rows(count: random.integer(1...30), height: Double(random.integer(5...50)))],
                frozenRows: random.integer(0...1), frozenColumns: random.integer(0...1))
            for _ in 0..<15 {
                let rows = configuration.rowCount, count = configuration.columnCount
                let r = random.integer(0...(rows - 1)), c = random.integer(0...(count - 1))
                let operation: SpanGrid.Operation
                switch random.integer(0...7) {
                case 0, 1:
                    let r2 = min(rows - 1, r + random.integer(0...6)), c2 = min(count - 1, c + random.integer(0...2))
                    operation = .merge(cells: [SpanGrid.Slot(row: r, column: c), SpanGrid.Slot(row: r2, column: c2), SpanGrid.Slot(row: r, column: c2), SpanGrid.Slot(row: r2, column: c)])
                case 2: operation = .split(row: r, column: c)
                case 3: operation = .insertRow(at: r, height: Double(random.integer(5...50)))
                case 4: operation = .deleteRow(at: r)
                case 5: operation = .insertColumn(at: c, width: Column(.fixed(Double(random.integer(5...90)))))
                // Content typed (issue 29): rows grown, merged cells' last rows among them.
                default: operation = .setContentHeight(row: r, column: c, height: Double(random.integer(0...160)))
                }
                try? configuration.apply(operation)
            }
            let report = GridConformance.check(options: try Self.options(for: configuration)) { SpanGrid(configuration) }
            #expect(report.isPassing, "\(configuration): \(report)")
            #expect(report.skipped.isEmpty, "\(report.skipped)")
        }
    }

    /// Prepared with data that is not its cells, the grid refuses, naming the row.
    @Test func dataThatIsNotTheGridsCellsIsRefused() throws {
        var grid = SpanGrid(.example)
        #expect(throws: GridError.self) { try grid.prepare(data: try DataShape(sections: 12, itemsPerSection: 4), container: Size(width: 320, height: 480)) }
        do {
            try grid.prepare(data: try DataShape(sections: 12, itemsPerSection: 4), container: Size(width: 320, height: 480))
        } catch {
            // Row 0 holds 3 cells: (0, 0), the merged (0, 1…2), (0, 3).
            #expect(error.field == "itemCounts[0]" && error.expected.hasSuffix(": 3"), "\(error)")
        }
        #expect(grid.contentSize == .zero)
    }
}
