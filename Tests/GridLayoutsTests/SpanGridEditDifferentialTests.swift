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
        var keptAsRuns = 0, applied = 0
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
                // Spliced bands are the bands made afresh, band for band (canonical cuts too).
                #expect(grid.bands == fresh.bands, "\(context)")
                #expect(grid.cells == (try Self.referenceCells(grid.configuration)), "\(context)")
                if grid.cells.sectionRuns.count < grid.cells.sectionCount { keptAsRuns += 1 }
                Self.expectSameAnswers(grid, fresh, &random, context)
            }
        }
        // Most edits are applied, not refused, and the tall grids' cells are kept as runs.
        #expect(applied > 400 && keptAsRuns > 50, "\(applied) applied, \(keptAsRuns) steps with cells kept as runs")
    }

    /// Random merged cells placed without overlap, `count` tries, some of them tall.
    static func crowdedMerges(_ random: inout SeededRandom, rows: Int, columns: Int, count: Int) -> [GridPlacement] {
        var taken = Array(repeating: Array(repeating: false, count: columns), count: rows)
        var merges: [GridPlacement] = []
        for _ in 0..<count {
            let tall = random.integer(0...5) == 0
            let rowSpan = tall ? random.integer(5...40) : random.integer(1...3)
            let columnSpan = random.integer(1...3)
            guard rowSpan * columnSpan > 1 else { continue }
            let row = random.integer(0...(rows - 1)), column = random.integer(0...(columns - 1))
            guard row + rowSpan <= rows, column + columnSpan <= columns else { continue }
            let slots = (row..<(row + rowSpan)).flatMap { r in (column..<(column + columnSpan)).map { (r, $0) } }
            guard !slots.contains(where: { taken[$0.0][$0.1] }) else { continue }
            for (r, c) in slots { taken[r][c] = true }
            merges.append(GridPlacement(row: row, column: column, rowSpan: rowSpan, columnSpan: columnSpan))
        }
        return merges
    }

    /// Grids crowded with merged cells, tall ones among them, edited at random: every
    /// edit's spliced bands meet merged cells that cross the rows it remade from above and
    /// from below, and must still equal bands made afresh.
    @Test(arguments: 0..<4)
    func gridsCrowdedWithMergesSpliceAsFreshOnes(batch: Int) throws {
        var applied = 0, moves = 0
        for sequence in 0..<20 {
            let seed = UInt64(9_000 + batch * 100 + sequence)
            var random = SeededRandom(seed: seed)
            let rows = random.integer(20...200), columns = random.integer(3...12)
            var grid = try preparedSpanGrid(SpanGrid.Configuration(
                columns: fixedColumns((0..<columns).map { _ in Double(random.integer(20...90)) }),
                rows: [Rows(count: rows, height: Double(random.integer(10...40)))],
                merges: Self.crowdedMerges(&random, rows: rows, columns: columns, count: rows * columns / 6)))
            var history: [String] = []
            for _ in 0..<30 {
                let (operation, _) = SpanGridModelTests.randomOperation(&random, rows: grid.rowCount, columns: grid.columnCount)
                history.append("\(operation)")
                let context = "seed \(seed): " + history.suffix(6).joined(separator: "; ")
                let before = grid
                if let edit = try? grid.apply(operation) {
                    applied += 1
                    // Renaming, fast outside the rows remade, against the rule it implements:
                    // a cell goes where its anchor goes, if that slot still anchors a cell.
                    for _ in 0..<40 {
                        let path = ItemPath(section: random.integer(-1...before.rowCount), item: random.integer(-1...before.columnCount))
                        var expected: ElementID?
                        if let old = before.gridPlacement(of: path), let anchor = SpanGrid.anchor(of: old, after: operation),
                           let new = grid.cell(coveringRow: anchor.row, column: anchor.column), new.anchor == anchor {
                            expected = ElementID(kind: .cell, path: new.path)
                        }
                        #expect(edit.rename(ElementID(kind: .cell, path: path)) == expected, "\(path): \(context)")
                    }
                    // The section move, where it speaks, says what renaming says of every cell
                    // of before (a viewport takes it for its loaded cells without asking).
                    if let move = edit.sectionMove {
                        for row in 0..<before.rowCount where move.kept.contains(row) || move.moved.contains(row) {
                            for item in 0..<before.cells.itemCounts[row] {
                                let id = ElementID(kind: .cell, path: ItemPath(section: row, item: item))
                                #expect(move.id(after: id) == edit.rename(id), "\(id): \(context)")
                            }
                        }
                        // Rows and columns edited whole: the move leaves out only the rows remade.
                        #expect(move.kept.lowerBound == 0 && move.moved.upperBound == before.rowCount, "\(context)")
                        #expect(move.offset == (grid.rowCount - before.rowCount), "\(context)")
                        moves += 1
                    } else if case .insertColumn = operation {
                    } else if case .deleteColumn = operation {
                    } else {
                        Issue.record("an edit of rows, merges or splits without a section move: \(context)")
                    }
                }
                let fresh = try preparedSpanGrid(grid.configuration, container: grid.container)
                #expect(grid.bands == fresh.bands, "\(context)")
                #expect(grid.cells == fresh.cells, "\(context)")
                Self.expectSameAnswers(grid, fresh, &random, context)
            }
        }
        #expect(applied > 250, "\(applied) of 600 applied")
        #expect(moves > 150, "\(moves) section moves checked")
    }

    /// Worked by hand: a merged cell anchored in row 5 at columns 6–7 spans rows 5–24; a
    /// merged cell at (10, 0) cuts its rows into bands. Merging (5, 1) with (5, 2) puts a
    /// merged cell left of it in its anchor row, so its rank there drops from 6 to 5: the
    /// bands below the merge's row (10 on) must say 5 too. Row 5 holds, left to right, the
    /// cells of columns 0, 1–2 (merged), 3, 4, 5, then the tall cell (item 5), then 8, 9.
    @Test func aMergeLeftOfATallCellRenumbersItBelowTheRowsRemade() throws {
        var grid = try preparedSpanGrid(SpanGrid.Configuration(
            columns: fixedColumns(Array(repeating: 30, count: 10)), rows: [Rows(count: 40, height: 20)],
            merges: [GridPlacement(row: 5, column: 6, rowSpan: 20, columnSpan: 2), GridPlacement(row: 10, column: 0, rowSpan: 1, columnSpan: 2)]))
        #expect(grid.path(coveringRow: 12, column: 7) == ItemPath(section: 5, item: 6))
        try grid.apply(.merge(cells: [SpanGrid.Slot(row: 5, column: 1), SpanGrid.Slot(row: 5, column: 2)]))
        for row in [5, 9, 10, 11, 24] {
            #expect(grid.path(coveringRow: row, column: 7) == ItemPath(section: 5, item: 5), "row \(row)")
        }
        #expect(grid.cells.itemCount(inSection: 5) == 8)
        #expect(grid.bands == (try preparedSpanGrid(grid.configuration, container: grid.container)).bands)
    }
}
