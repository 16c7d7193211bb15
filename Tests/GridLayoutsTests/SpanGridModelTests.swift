import GridCore
import GridLayouts
import Testing

/// Seeded random sequences of edits against a reference model that knows nothing of
/// merges: a 2-D array holding, for every slot, the id of the cell covering it. The model
/// applies the rules of the issue slot by slot; after every step the layout must agree
/// on which edits are refused, every slot must be covered by exactly one cell, every cell
/// must be a contiguous rectangle, and every frame must be the formula's.
@Suite struct SpanGridModelTests {
    /// The slot-by-slot reference.
    struct Model {
        var ids: [[Int]]
        var widths: [Double]
        var heights: [Double]
        var frozenRows: Int
        var frozenColumns: Int
        var nextID: Int

        var rows: Int { ids.count }
        var columns: Int { widths.count }

        init(rows: Int, widths: [Double], heights: [Double]) {
            ids = (0..<rows).map { r in (0..<widths.count).map { r * widths.count + $0 } }
            self.widths = widths
            self.heights = heights
            frozenRows = 0
            frozenColumns = 0
            nextID = rows * widths.count
        }

        mutating func fresh() -> Int {
            nextID += 1
            return nextID
        }

        /// The slots of every cell.
        func slots() -> [Int: [(Int, Int)]] {
            var result: [Int: [(Int, Int)]] = [:]
            for r in 0..<rows { for c in 0..<columns { result[ids[r][c], default: []].append((r, c)) } }
            return result
        }

        /// Every cell's rectangle, by id.
        func boxes() -> [Int: GridPlacement] { slots().mapValues { Self.box($0).0 } }

        /// The rectangle of a cell's slots, and whether its slots fill it.
        static func box(_ slots: [(Int, Int)]) -> (GridPlacement, Bool) {
            let top = slots.map(\.0).min()!, bottom = slots.map(\.0).max()!
            let left = slots.map(\.1).min()!, right = slots.map(\.1).max()!
            let box = GridPlacement(row: top, column: left, rowSpan: bottom - top + 1, columnSpan: right - left + 1)
            return (box, slots.count == box.rowSpan * box.columnSpan)
        }

        func crossesFrozen(_ box: GridPlacement) -> Bool {
            (box.row < frozenRows && box.row + box.rowSpan > frozenRows)
                || (box.column < frozenColumns && box.column + box.columnSpan > frozenColumns)
        }

        /// Applies `operation`; `false` (and no change) when the rules refuse it.
        mutating func apply(_ operation: SpanGrid.Operation, width: Double) -> Bool {
            switch operation {
            case .merge(let cells):
                guard cells.allSatisfy({ $0.row >= 0 && $0.row < rows && $0.column >= 0 && $0.column < columns }) else { return false }
                let named = Set(cells.map { ids[$0.row][$0.column] })
                guard named.count >= 2 else { return false }
                let all = slots()
                let box = Self.box(named.flatMap { all[$0]! }).0
                // Every slot of the rectangle belongs to a named cell, and each named cell lies in it.
                for r in box.row..<(box.row + box.rowSpan) {
                    for c in box.column..<(box.column + box.columnSpan) where !named.contains(ids[r][c]) { return false }
                }
                guard !crossesFrozen(box) else { return false }
                let id = fresh()
                for r in box.row..<(box.row + box.rowSpan) { for c in box.column..<(box.column + box.columnSpan) { ids[r][c] = id } }
            case .split(let row, let column):
                guard row >= 0, row < rows, column >= 0, column < columns else { return false }
                let id = ids[row][column]
                let cell = slots()[id]!
                guard cell.count > 1 else { return false }
                for (r, c) in cell { ids[r][c] = fresh() }
            case .insertRow(let at, let height):
                guard at >= 0, at <= rows, height > 0 else { return false }
                var row: [Int] = []
                for c in 0..<columns {
                    // A cell crossing the boundary (the slots above and below are one cell) grows.
                    if at > 0 && at < rows && ids[at - 1][c] == ids[at][c] { row.append(ids[at][c]) } else { row.append(fresh()) }
                }
                ids.insert(row, at: at)
                heights.insert(height, at: at)
                if at < frozenRows { frozenRows += 1 }
            case .deleteRow(let at):
                guard rows > 1, at >= 0, at < rows else { return false }
                ids.remove(at: at)
                heights.remove(at: at)
                if at < frozenRows { frozenRows -= 1 }
            case .insertColumn(let at, _):
                guard at >= 0, at <= columns else { return false }
                for r in 0..<rows {
                    if at > 0 && at < columns && ids[r][at - 1] == ids[r][at] { ids[r].insert(ids[r][at], at: at) } else { ids[r].insert(fresh(), at: at) }
                }
                widths.insert(width, at: at)
                if at < frozenColumns { frozenColumns += 1 }
            case .deleteColumn(let at):
                guard columns > 1, at >= 0, at < columns else { return false }
                for r in 0..<rows { ids[r].remove(at: at) }
                widths.remove(at: at)
                if at < frozenColumns { frozenColumns -= 1 }
            case .setContentHeight(let row, let column, let height):
                // Cells are as they were; row heights are SpanGridContentTests' concern.
                guard row >= 0, row < rows, column >= 0, column < columns, height.isFinite, height >= 0 else { return false }
            }
            return true
        }
    }

    /// A random edit of a grid of `rows` × `columns`: mostly valid, sometimes out of range
    /// or refused.
    static func randomOperation(_ random: inout SeededRandom, rows: Int, columns: Int) -> (SpanGrid.Operation, Double) {
        let width = Double(random.integer(1...40))
        func slot() -> SpanGrid.Slot { SpanGrid.Slot(row: random.integer(-1...rows), column: random.integer(0...(columns - 1))) }
        switch random.integer(0...9) {
        case 0, 1, 2:
            // A rectangle named by its corners (often valid), or a few random slots.
            if random.integer(0...2) > 0 {
                let r = random.integer(0...(rows - 1)), c = random.integer(0...(columns - 1))
                let r2 = min(rows - 1, r + random.integer(0...3)), c2 = min(columns - 1, c + random.integer(0...3))
                return (.merge(cells: [SpanGrid.Slot(row: r, column: c), SpanGrid.Slot(row: r2, column: c2), SpanGrid.Slot(row: r, column: c2), SpanGrid.Slot(row: r2, column: c)]), width)
            }
            return (.merge(cells: (0..<random.integer(1...4)).map { _ in slot() }), width)
        case 3, 4: return (.split(row: random.integer(0...(rows - 1)), column: random.integer(0...(columns - 1))), width)
        case 5: return (.insertRow(at: random.integer(0...(rows + 1)), height: Double(random.integer(1...30))), width)
        case 6: return (.deleteRow(at: random.integer(0...rows)), width)
        case 7: return (.insertColumn(at: random.integer(0...(columns + 1)), width: Column(.fixed(width))), width)
        default: return (.deleteColumn(at: random.integer(0...columns)), width)
        }
    }

    /// Checks the layout against the model: cells, placements, frames, paths of slots.
    static func check(_ grid: SpanGrid, against model: Model, _ context: String) {
        #expect(grid.rowCount == model.rows && grid.columnCount == model.columns, "\(context)")
        var xs = [0.0], ys = [0.0]
        for w in model.widths { xs.append(xs[xs.count - 1] + w) }
        for h in model.heights { ys.append(ys[ys.count - 1] + h) }
        var expected: [GridPlacement: Rect] = [:]
        for (_, slots) in model.slots() {
            let (box, filled) = Model.box(slots)
            #expect(filled, "the model's cell at \(box) is not a rectangle: \(context)")
            expected[box] = Rect(x: xs[box.column], y: ys[box.row], width: xs[box.column + box.columnSpan] - xs[box.column], height: ys[box.row + box.rowSpan] - ys[box.row])
        }
        #expect(grid.cells.totalItems == expected.count, "\(context)")
        let cells = everySpanGridCell(grid)
        #expect(cells == expected, "\(context)")
        // Every slot is covered by exactly one cell: the one the model says.
        var covered = 0
        for (placement, _) in cells { covered += placement.rowSpan * placement.columnSpan }
        #expect(covered == model.rows * model.columns, "\(context)")
        for r in 0..<model.rows {
            for c in 0..<model.columns {
                let path = grid.path(coveringRow: r, column: c)
                let placement = path.flatMap { grid.gridPlacement(of: $0) }
                #expect(placement.map { $0.covers(row: r, column: c) } == true, "slot (\(r), \(c)): \(context)")
            }
        }
        // The rect query over everything answers every cell once, in ID order.
        let whole = grid.elements(in: grid.contentBounds)
        #expect(whole.count == expected.count && whole.map(\.id) == whole.map(\.id).sorted(), "\(context)")
        #expect(grid.prepared.frozenRows == model.frozenRows && grid.prepared.frozenColumns == model.frozenColumns, "\(context)")
    }

    /// The edit's renaming against the model's identities: a cell the model still holds (rows
    /// and columns inserted or deleted keep ids, a merged cell shrunk to one slot too) goes to
    /// that cell; of the cells a merge replaced, the top-left one goes to the merged cell; a
    /// split merged cell goes to the single cell at its anchor; every other cell is gone.
    static func checkRenaming(
        _ edit: LayoutEdit, from oldGrid: SpanGrid, _ oldBoxes: [Int: GridPlacement], to grid: SpanGrid, _ model: Model,
        _ operation: SpanGrid.Operation, _ context: String
    ) {
        let newBoxes = model.boxes()
        #expect(edit.data == grid.cells, "\(context)")
        var seen = Set<ElementID>()
        for (id, box) in oldBoxes {
            guard let oldPath = oldGrid.path(coveringRow: box.row, column: box.column) else {
                Issue.record("no old cell at \(box): \(context)")
                continue
            }
            var expected: GridPlacement?
            if let kept = newBoxes[id] {
                expected = kept
            } else if case .merge = operation, let merged = newBoxes[model.nextID], merged.row == box.row, merged.column == box.column {
                expected = merged
            } else if case .split(let row, let column) = operation, box.covers(row: row, column: column) {
                expected = GridPlacement(row: box.row, column: box.column)
            }
            let renamed = edit.rename(ElementID(kind: .cell, path: oldPath))
            #expect(renamed.flatMap { grid.gridPlacement(of: $0.path) } == expected, "cell \(box) by \(operation): \(context)")
            if let renamed { #expect(seen.insert(renamed).inserted, "two cells renamed to \(renamed): \(context)") }
        }
    }

    /// 2,400 sequences of 12 edits from grids of 1 to 7 rows and columns.
    @Test(arguments: 0..<8)
    func randomSequencesAgreeWithTheSlotModel(batch: Int) throws {
        var refused = 0, applied = 0
        for sequence in 0..<300 {
            let seed = UInt64(batch * 1000 + sequence)
            var random = SeededRandom(seed: seed)
            let rows = random.integer(1...7), columns = random.integer(1...7)
            let widths = (0..<columns).map { _ in Double(random.integer(1...40)) }
            let heights = (0..<rows).map { _ in Double(random.integer(1...30)) }
            var model = Model(rows: rows, widths: widths, heights: heights)
            model.frozenRows = random.integer(0...min(1, rows))
            model.frozenColumns = random.integer(0...min(1, columns))
            var grid = try preparedSpanGrid(SpanGrid.Configuration(
                columns: fixedColumns(widths), rows: rowsOf(heights), frozenRows: model.frozenRows, frozenColumns: model.frozenColumns))
            var history: [String] = []
            for _ in 0..<12 {
                let (operation, width) = Self.randomOperation(&random, rows: model.rows, columns: model.columns)
                history.append("\(operation)")
                let context = "seed \(seed): " + history.joined(separator: "; ")
                let before = grid.elements(in: grid.contentBounds)
                let oldGrid = grid, oldBoxes = model.boxes()
                let accepted = model.apply(operation, width: width)
                do {
                    let edit = try grid.apply(operation)
                    #expect(accepted, "the layout accepted what the rules refuse: \(context)")
                    applied += 1
                    if accepted { Self.checkRenaming(edit, from: oldGrid, oldBoxes, to: grid, model, operation, context) }
                } catch {
                    #expect(!accepted, "the layout refused what the rules accept (\(error)): \(context)")
                    #expect(grid.elements(in: grid.contentBounds) == before, "a refused edit changed the grid: \(context)")
                    refused += 1
                }
                Self.check(grid, against: model, context)
            }
        }
        // Both kinds of outcome happen often.
        #expect(applied > 1000 && refused > 500, "\(applied) applied, \(refused) refused")
    }
}
