import GridCore

extension SpanGrid {
    /// An edit of a span grid: Proton's merge, split, and row and column insertion and
    /// deletion, with the rules of GridBench's issue 11 (two of which Proton gets wrong).
    public enum Operation: Hashable, Sendable {
        /// The cells covering these slots `(row, column)` become one, anchored at the top-left
        /// of the rectangle they cover. Refused unless they cover exactly a rectangle of
        /// contiguous rows and columns (no hole, no other cell partly in or out), are at
        /// least two cells, and stay on one side of the frozen boundary.
        case merge(cells: [Slot])
        /// The merged cell covering slot `(row, column)` becomes single cells, one per slot.
        /// Refused on a single cell.
        case split(row: Int, column: Int)
        /// A row of `height` at index `at` (`0 ≤ at ≤ rows`): rows from `at` move down; a
        /// merged cell anchored above `at` and reaching below it grows by a row; inside the
        /// frozen band (`at < frozenRows`) the band grows.
        case insertRow(at: Int, height: Double)
        /// Row `at` goes: its single cells with it; a merged cell covering it shrinks by a
        /// row (anchored at `at`, its anchor becomes the row that takes `at`'s place), and
        /// becomes a single cell when one slot is left; rows below move up. Refused for
        /// the last row.
        case deleteRow(at: Int)
        /// A column of `width` at index `at`; as for rows.
        case insertColumn(at: Int, width: ColumnWidth)
        /// Column `at` goes; as for rows.
        case deleteColumn(at: Int)
        /// The content height of the cell covering slot `(row, column)` (a merged cell is
        /// named by any of its slots) is now `height` (≥ 0; 0: none): a keystroke in the
        /// cell's editor. See ``SpanGrid/ContentHeight`` for how rows follow it.
        case setContentHeight(row: Int, column: Int, height: Double)

        /// The name of the operation in files: `merge`, `split`, `insert-row`, …
        public var name: String {
            switch self {
            case .merge: "merge"
            case .split: "split"
            case .insertRow: "insert-row"
            case .deleteRow: "delete-row"
            case .insertColumn: "insert-column"
            case .deleteColumn: "delete-column"
            case .setContentHeight: "cell-content"
            }
        }
    }

    /// A slot of the grid: a row and a column.
    public struct Slot: Hashable, Sendable {
        public var row: Int
        public var column: Int
        public init(row: Int, column: Int) {
            self.row = row
            self.column = column
        }
    }
}

extension SpanGrid.Operation: CustomStringConvertible {
    public var description: String {
        switch self {
        case .merge(let cells): "merge " + cells.map { "(\($0.row), \($0.column))" }.joined(separator: " ")
        case .split(let row, let column): "split (\(row), \(column))"
        case .insertRow(let at, let height): "insert-row at \(at), height \(height)"
        case .deleteRow(let at): "delete-row at \(at)"
        case .insertColumn(let at, _): "insert-column at \(at)"
        case .deleteColumn(let at): "delete-column at \(at)"
        case .setContentHeight(let row, let column, let height): "cell-content (\(row), \(column)) height \(height)"
        }
    }
}

extension SpanGrid.Configuration {
    /// Applies `operation`, or refuses it and changes nothing.
    ///
    /// - Throws: `GridError` whose field is relative to the operation: `at`,
    ///   `height`, `width.min`, `cells[2]`, `row`, or empty when the operation as a whole is
    ///   refused (a merge that is not a rectangle, a split of a single cell, the last row);
    ///   its `expected` says why.
    /// - Complexity: O(M + runs + C) for M merged cells, plus O(M·k) for a merge naming
    ///   k slots.
    public mutating func apply(_ operation: SpanGrid.Operation) throws(GridError) {
        var next = self
        switch operation {
        case .merge(let cells): try next.merge(cells)
        case .split(let row, let column): try next.split(row: row, column: column)
        case .insertRow(let at, let height): try next.insertRow(at: at, height: height)
        case .deleteRow(let at): try next.deleteRow(at: at)
        case .insertColumn(let at, let width): try next.insertColumn(at: at, width: width)
        case .deleteColumn(let at): try next.deleteColumn(at: at)
        case .setContentHeight(let row, let column, let height): try next.setContentHeight(row: row, column: column, height: height)
        }
        // Inserting a row or column shifts the anchors at and after it alike, a merge goes in
        // at its place and a split only removes: the anchor order holds. A deletion can bring
        // a merged cell anchored below into the row (or column) of one kept above it, on
        // either side of it: only then may the list need sorting.
        switch operation {
        case .deleteRow, .deleteColumn:
            if !Self.isSortedByAnchor(next.merges) { next.merges.sort(by: Self.anchorOrder) }
        case .merge, .split, .insertRow, .insertColumn, .setContentHeight:
            assert(Self.isSortedByAnchor(next.merges), "\(operation) left the merged cells out of anchor order")
        }
        self = next
    }

    private func refuse(_ operation: String, _ why: String) -> GridError {
        GridError.invalidParameter("", operation, expected: why)
    }

    private mutating func merge(_ slots: [SpanGrid.Slot]) throws(GridError) {
        let rows = rowCount, columns = columnCount
        var named: [GridPlacement] = []
        var mergedIndices: [Int] = []
        for (index, slot) in slots.enumerated() {
            guard slot.row >= 0, slot.row < rows, slot.column >= 0, slot.column < columns else {
                throw .invalidParameter(
                    "cells[\(index)]", "[\(slot.row), \(slot.column)]", expected: "a slot of the grid: row in 0..<\(rows), column in 0..<\(columns)")
            }
            if let at = merges.firstIndex(where: { $0.covers(row: slot.row, column: slot.column) }) {
                if !mergedIndices.contains(at) {
                    mergedIndices.append(at)
                    named.append(merges[at])
                }
            } else {
                let single = GridPlacement(row: slot.row, column: slot.column)
                if !named.contains(single) { named.append(single) }
            }
        }
        var description: String { "merge " + slots.map { "[\($0.row), \($0.column)]" }.joined(separator: ", ") }
        guard named.count >= 2 else {
            throw refuse(description, "at least two cells to merge; these slots lie in \(named.count) cell")
        }
        var top = Int.max, left = Int.max, bottom = Int.min, right = Int.min
        var area = 0
        for cell in named {
            top = min(top, cell.row)
            left = min(left, cell.column)
            bottom = max(bottom, cell.row + cell.rowSpan)
            right = max(right, cell.column + cell.columnSpan)
            area += cell.rowSpan * cell.columnSpan
        }
        // The named cells are disjoint and lie in their bounding rectangle: they cover it
        // exactly when their areas add up to its own. Then no other cell can reach into it.
        let box = GridPlacement(row: top, column: left, rowSpan: bottom - top, columnSpan: right - left)
        guard area == box.rowSpan * box.columnSpan else {
            throw refuse(
                description,
                "cells that together cover a rectangle of slots: they cover \(area) of the \(box.rowSpan * box.columnSpan) slots of \(SpanGrid.describe(box)) (a hole, or another cell partly inside)")
        }
        if let reason = Self.crossesFrozenBoundary(box, frozenRows: frozenRows, frozenColumns: frozenColumns) {
            throw refuse(description, "a merge on one side of the frozen boundary (\(reason))")
        }
        // The merged cells taken in go, in place (a few of them, from the end down).
        for index in mergedIndices.sorted(by: >) { merges.remove(at: index) }
        // The merged cell keeps the tallest content of the cells it takes in (all anchored
        // in the box, which they cover exactly).
        var tallest = 0.0
        contentHeights.removeAll { content in
            guard box.covers(row: content.row, column: content.column) else { return false }
            tallest = max(tallest, content.height)
            return true
        }
        if tallest > 0 { setContent(SpanGrid.ContentHeight(row: box.row, column: box.column, height: tallest)) }
        // In anchor order, so that nothing needs sorting after.
        merges.insert(box, at: Self.firstIndex(anchoredAtOrAfter: box.row, box.column, in: merges))
    }

    private mutating func split(row: Int, column: Int) throws(GridError) {
        guard row >= 0, row < rowCount else { throw .invalidParameter("row", row, expected: "a row in 0..<\(rowCount)") }
        guard column >= 0, column < columnCount else {
            throw .invalidParameter("column", column, expected: "a column in 0..<\(columnCount)")
        }
        guard let at = merges.firstIndex(where: { $0.covers(row: row, column: column) }) else {
            throw refuse("split [\(row), \(column)]", "a slot of a merged cell: (\(row), \(column)) is a single cell")
        }
        merges.remove(at: at)
    }

    private mutating func insertRow(at: Int, height: Double) throws(GridError) {
        let count = rowCount
        guard at >= 0, at <= count else { throw .invalidParameter("at", at, expected: "a row index in 0...\(count)") }
        try GridError.requirePositive(height, "height")
        guard count < SpanGrid.maxRows else {
            throw refuse("insert-row at \(at)", "a grid of fewer than \(SpanGrid.maxRows) rows")
        }
        for index in merges.indices {
            let m = merges[index]
            if m.row >= at {
                merges[index].row += 1
            } else if m.row + m.rowSpan > at {
                merges[index].rowSpan += 1
            }
        }
        if at < frozenRows { frozenRows += 1 }
        for index in contentHeights.indices where contentHeights[index].row >= at { contentHeights[index].row += 1 }
        rows = SpanGrid.RowRun.canonical(Self.inserting(SpanGrid.RowRun(count: 1, height: height), at: at, into: rows))
    }

    private mutating func deleteRow(at: Int) throws(GridError) {
        let count = rowCount
        guard count > 1 else { throw refuse("delete-row at \(at)", "a grid of more than one row: the last row cannot go") }
        guard at >= 0, at < count else { throw .invalidParameter("at", at, expected: "a row index in 0..<\(count)") }
        // A cell's content goes where the cell goes: a merged cell anchored in row `at` and
        // spanning more rows keeps its anchor slot; a cell lying in row `at` alone goes with it.
        dropContents(lyingAloneIn: at, along: \.row, span: \.rowSpan)
        var kept: [GridPlacement] = []
        kept.reserveCapacity(merges.count)
        for var m in merges {
            if m.row > at {
                m.row -= 1
            } else if m.row + m.rowSpan > at {
                m.rowSpan -= 1  // covering row `at`: one row shorter, anchor row unchanged
            }
            if m.rowSpan * m.columnSpan > 1 { kept.append(m) }
        }
        merges = kept
        if at < frozenRows { frozenRows -= 1 }
        rows = SpanGrid.RowRun.canonical(Self.removing(at: at, from: rows))
    }

    /// The content heights after row or column `at` (`along` and `span` name the axis) is
    /// deleted: a cell's content goes where the cell goes; a merged cell anchored in `at`
    /// and spanning beyond it keeps its anchor slot, a cell lying in `at` alone drops its
    /// content, and those after move back by one.
    private mutating func dropContents(
        lyingAloneIn at: Int, along axis: WritableKeyPath<SpanGrid.ContentHeight, Int>, span: KeyPath<GridPlacement, Int>
    ) {
        let kept = contentHeights.compactMap { content -> SpanGrid.ContentHeight? in
            var content = content
            if content[keyPath: axis] > at {
                content[keyPath: axis] -= 1
            } else if content[keyPath: axis] == at {
                guard let m = mergedCell(anchoredAt: content.row, content.column), m[keyPath: span] > 1 else { return nil }
            }
            return content
        }
        contentHeights = kept.sorted { ($0.row, $0.column) < ($1.row, $1.column) }
    }

    private mutating func insertColumn(at: Int, width: SpanGrid.ColumnWidth) throws(GridError) {
        let count = columnCount
        guard at >= 0, at <= count else { throw .invalidParameter("at", at, expected: "a column index in 0...\(count)") }
        try width.validate("width")
        for index in merges.indices {
            let m = merges[index]
            if m.column >= at {
                merges[index].column += 1
            } else if m.column + m.columnSpan > at {
                merges[index].columnSpan += 1
            }
        }
        if at < frozenColumns { frozenColumns += 1 }
        for index in contentHeights.indices where contentHeights[index].column >= at { contentHeights[index].column += 1 }
        columns.insert(width, at: at)
    }

    private mutating func deleteColumn(at: Int) throws(GridError) {
        let count = columnCount
        guard count > 1 else { throw refuse("delete-column at \(at)", "a grid of more than one column: the last column cannot go") }
        guard at >= 0, at < count else { throw .invalidParameter("at", at, expected: "a column index in 0..<\(count)") }
        // As for rows: a cell lying in column `at` alone goes with it.
        dropContents(lyingAloneIn: at, along: \.column, span: \.columnSpan)
        var kept: [GridPlacement] = []
        kept.reserveCapacity(merges.count)
        for var m in merges {
            if m.column > at {
                m.column -= 1
            } else if m.column + m.columnSpan > at {
                m.columnSpan -= 1
            }
            if m.rowSpan * m.columnSpan > 1 { kept.append(m) }
        }
        merges = kept
        if at < frozenColumns { frozenColumns -= 1 }
        columns.remove(at: at)
    }

    private mutating func setContentHeight(row: Int, column: Int, height: Double) throws(GridError) {
        guard row >= 0, row < rowCount else { throw .invalidParameter("row", row, expected: "a row in 0..<\(rowCount)") }
        guard column >= 0, column < columnCount else {
            throw .invalidParameter("column", column, expected: "a column in 0..<\(columnCount)")
        }
        try GridError.requireNonNegative(height, "height")
        let anchor = mergedCell(covering: row, column) ?? GridPlacement(row: row, column: column)
        setContent(SpanGrid.ContentHeight(row: anchor.row, column: anchor.column, height: height))
    }

    /// Sets (or, for a height of 0, removes) the content height of the cell anchored at
    /// `content`'s slot, keeping the list in anchor order. - Complexity: O(K).
    mutating func setContent(_ content: SpanGrid.ContentHeight) {
        var low = 0, high = contentHeights.count
        while low < high {
            let mid = (low + high) >> 1
            if (contentHeights[mid].row, contentHeights[mid].column) < (content.row, content.column) { low = mid + 1 } else { high = mid }
        }
        let present = low < contentHeights.count && contentHeights[low].row == content.row && contentHeights[low].column == content.column
        switch (present, content.height == 0) {
        case (true, true): contentHeights.removeInPlace(at: low)
        case (true, false): contentHeights[low] = content
        case (false, false): contentHeights.insertInPlace(content, at: low)
        case (false, true): break
        }
    }

    /// `runs` with `run` inserted before row `at`, splitting the run that holds it.
    static func inserting(_ run: SpanGrid.RowRun, at: Int, into runs: [SpanGrid.RowRun]) -> [SpanGrid.RowRun] {
        var result: [SpanGrid.RowRun] = []
        result.reserveCapacity(runs.count + 2)
        var first = 0, placed = false
        for existing in runs {
            if !placed && at < first + existing.count {
                let before = at - first
                var head = existing, tail = existing
                head.count = before
                tail.count = existing.count - before
                if before > 0 { result.append(head) }
                result.append(run)
                result.append(tail)
                placed = true
            } else {
                result.append(existing)
            }
            first += existing.count
        }
        if !placed { result.append(run) }
        return result
    }

    /// `runs` without row `at`.
    static func removing(at: Int, from runs: [SpanGrid.RowRun]) -> [SpanGrid.RowRun] {
        var result = runs
        var first = 0
        for index in result.indices {
            if at < first + result[index].count {
                result[index].count -= 1
                if result[index].count == 0 { result.remove(at: index) }
                break
            }
            first += result[index].count
        }
        return result
    }
}
