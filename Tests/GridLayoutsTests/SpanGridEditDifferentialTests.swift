import GridCore
@testable import GridLayouts
import Testing

/// A span grid edited step by step against one prepared afresh for the configuration each
/// step leaves: the cells (the data shape) and every answer must be the same. Grids of up
/// to 300 rows, and every third of up to 18,000, in runs of one height.
@Suite struct SpanGridEditDifferentialTests {
    /// The cells anchored in each row, counted from the merged cells alone: a row holds one
    /// cell per slot no merged cell covers, and one per merged cell anchored in it.
    static func referenceCells(_ configuration: SpanGrid.Configuration) throws -> DataShape {
        var counts = [Int](repeating: configuration.columnCount, count: configuration.rowCount)
        for m in configuration.merges {
            for row in m.row..<(m.row + m.rowSpan) { counts[row] -= m.columnSpan }
            counts[m.row] += 1
        }
        return try DataShape(itemCounts: counts)
    }

    /// The edited grid's answers against `fresh`'s: rect queries, per-cell queries, slots.
    static func expectSameAnswers(_ grid: SpanGrid, _ fresh: SpanGrid, _ random: inout SeededRandom, _ context: String) {
        #expect(grid.contentSize == fresh.contentSize, "\(context)")
        #expect(grid.traits == fresh.traits, "\(context)")
        if fresh.rowCount <= 400 {
            #expect(grid.elements(in: grid.contentBounds) == fresh.elements(in: fresh.contentBounds), "\(context)")
        }
        let size = fresh.contentSize
        for _ in 0..<4 {
            let x = Double(random.integer(-20...Int(size.width))), y = Double(random.integer(-20...Int(size.height)))
            let rect = Rect(x: x, y: y, width: Double(random.integer(1...400)), height: Double(random.integer(1...600)))
            #expect(grid.elements(in: rect) == fresh.elements(in: rect), "\(rect): \(context)")
        }
        let rows = fresh.rowCount, columns = fresh.columnCount
        for _ in 0..<40 {
            let row = random.integer(-1...rows)
            let path = ItemPath(section: row, item: random.integer(-1...(fresh.cells.itemCount(inSection: row) + 1)))
            #expect(grid.attributes(at: path) == fresh.attributes(at: path), "\(path): \(context)")
            #expect(grid.gridPlacement(of: path) == fresh.gridPlacement(of: path), "\(path): \(context)")
            let column = random.integer(-1...columns)
            #expect(grid.path(coveringRow: row, column: column) == fresh.path(coveringRow: row, column: column), "(\(row), \(column)): \(context)")
        }
    }

    /// 100 sequences of 40 seeded random edits (merges, splits, rows and columns inserted
    /// and deleted, some refused).
    @Test(arguments: 0..<4)
    func editedGridsAnswerAsFreshOnes(batch: Int) throws {
        var applied = 0
        for sequence in 0..<25 {
            let seed = UInt64(7_000 + batch * 100 + sequence)
            var random = SeededRandom(seed: seed)
            let columns = random.integer(2...8)
            // Every third grid of thousands of rows.
            let scale = sequence % 3 == 0 ? 60 : 1
            let runs = (0..<random.integer(1...3)).map { _ in Rows(count: random.integer(1...100) * scale, height: Double(random.integer(10...40))) }
            var grid = try preparedSpanGrid(SpanGrid.Configuration(
                columns: fixedColumns((0..<columns).map { _ in Double(random.integer(20...90)) }), rows: runs,
                frozenRows: random.integer(0...1), frozenColumns: random.integer(0...1)))
            var history: [String] = []
            for _ in 0..<40 {
                let (operation, _) = SpanGridModelTests.randomOperation(&random, rows: grid.rowCount, columns: grid.columnCount)
                history.append("\(operation)")
                let context = "seed \(seed): " + history.suffix(6).joined(separator: "; ")
                let before = grid.cells
                do {
                    let edit = try grid.apply(operation)
                    #expect(edit.data == grid.cells, "\(context)")
                    applied += 1
                } catch {
                    #expect(grid.cells == before, "a refused edit changed the cells: \(context)")
                }
                let fresh = try preparedSpanGrid(grid.configuration, container: grid.container)
                #expect(grid.cells == fresh.cells, "\(context)")
                #expect(grid.cells == (try Self.referenceCells(grid.configuration)), "\(context)")
                Self.expectSameAnswers(grid, fresh, &random, context)
            }
        }
        // Most edits are applied, not refused.
        #expect(applied > 400, "\(applied) applied")
    }
}
