import GridCore

/// A span grid edited while it is on screen: each ``SpanGrid/Operation`` changes the grid
/// and its cells, and says which cells survive it and under which path.
///
/// A cell survives an edit when its anchor slot, followed through the edit, is still the
/// anchor of a cell: rows and columns inserted or deleted elsewhere only move it; a merge
/// keeps the top-left cell (it becomes the merged cell) and removes the others; a split keeps
/// the merged cell as its top-left slot's single cell; a merged cell whose anchor row or
/// column is deleted keeps its place (the next row or column becomes its anchor); a single
/// cell in a deleted row or column is removed. A viewport keeps the tiles of the cells that
/// survive.
extension SpanGrid: EditableLayout {
    /// Applies `operation` (see ``apply(_:)``) and returns the cells after it and where each
    /// cell of before went.
    ///
    /// For a keystroke (`setContentHeight`) laid out in place, the edit also says what it did
    /// to the rows, the grid's sections (`LayoutEdit.shift`, a `SectionShift` that a viewport's
    /// loaded set and a cache of the grid's elements follow instead of querying or caching
    /// every cell again); `nil` for every other edit and for a keystroke laid out again. A
    /// keystroke that changes no row's height changes no frame: the shift keeps every row.
    /// One that changes row `r`'s height by `d` lays again the rows of the least run holding
    /// `r` whose edges no merged cell crosses (row `r` alone when no merged cell spanning rows
    /// crosses it), keeps the rows above and moves every row below by `d`; the coordinates are
    /// exact (the fast path keeps its rows only when they add up exactly), as a shift promises.
    /// The columns do not change. The shift costs O(log B + m) for B bands of merged cells and
    /// m merged cells crossing the typed row (more, band by band, where merged cells spanning
    /// rows overlap in a chain), and allocates nothing.
    ///
    /// - Throws: `GridError` as ``apply(_:)``; the layout is then unchanged.
    /// - Complexity: that of the operation (see ``Configuration/apply(_:)``) and of remaking
    ///   the rows it touched (a prepare, for a column inserted or deleted); renaming a cell costs
    ///   O(log runs) outside the rows the edit remade (their cells keep their ranks, and rows
    ///   after them move by the rows inserted or deleted: the edit's
    ///   `LayoutEdit.sectionMove` says so, for O(1) renaming of cells known to
    ///   exist), O(log R + log M) in them.
    @discardableResult
    public mutating func apply(_ operation: Operation) throws(GridError) -> LayoutEdit {
        if case .setContentHeight = operation {
            // A keystroke keeps every cell and its path: no copy of the grid before is kept
            // (it would make the keystroke copy the row track), and the renaming is the identity.
            try edit(operation)
            refreshPinRules()  // a frozen row may have grown
            let rows = cells.sectionCount
            // Laid out in place, the keystroke knows what it moved (`keystrokeShift`): a
            // viewport keeps its loaded set by it.
            return LayoutEdit(
                data: cells, sectionMove: SectionMove(kept: 0..<rows, moved: rows..<rows, offset: 0), shift: keystrokeShift
            ) { id in
                id.kind == .cell ? id : nil
            }
        }
        let before = self
        var window = try edit(operation)
        // The bands' window of a deleted row reaches a row up (see ``window(of:before:after:)``),
        // whose cells keep their ranks all the same: only the deleted row's and the next one's
        // (which may now hold a merged cell anchored in the deleted row) need looking up.
        if case .deleteRow(let at) = operation, let rows = window?.rows { window?.rows = at..<max(at, rows.upperBound) }
        let after = self
        // Outside the rows remade, a cell keeps its rank in its row, and rows below move.
        let cellsBefore = before.cells
        let move = window.map { SectionMove(kept: 0..<$0.rows.lowerBound, moved: $0.rows.upperBound..<cellsBefore.sectionCount, offset: $0.shift) }
        return LayoutEdit(data: after.cells, sectionMove: move) { id in
            guard id.kind == .cell else { return nil }
            // The move answers for cells of before in the rows it covers; that the path was a
            // cell is checked here.
            if let renamed = move?.id(after: id) { return cellsBefore.contains(id.path) ? renamed : nil }
            guard let old = before.gridPlacement(of: id.path) else { return nil }
            guard let anchor = Self.anchor(of: old, after: operation),
                  let new = after.cell(coveringRow: anchor.row, column: anchor.column), new.anchor == anchor
            else { return nil }
            return ElementID(kind: .cell, path: new.path)
        }
    }

    /// Whether `operation` is a keystroke (`setContentHeight`): it keeps every cell under its
    /// path, and a viewport may apply it to the grid in place.
    /// - Complexity: O(1).
    public func keepsData(_ operation: Operation) -> Bool {
        if case .setContentHeight = operation { return true }
        return false
    }

    /// Where the anchor of the cell `cell` is after `operation`, or `nil` when the edit removes
    /// the cell with its slot. (Whether the slot still anchors a cell, the grid after the edit
    /// says.)
    static func anchor(of cell: GridPlacement, after operation: Operation) -> Slot? {
        switch operation {
        case .merge, .split, .setContentHeight:
            return Slot(row: cell.row, column: cell.column)
        case .insertRow(let at, _):
            return Slot(row: cell.row >= at ? cell.row + 1 : cell.row, column: cell.column)
        case .insertColumn(let at, _):
            return Slot(row: cell.row, column: cell.column >= at ? cell.column + 1 : cell.column)
        case .deleteRow(let at):
            if cell.row == at { return cell.rowSpan > 1 ? Slot(row: at, column: cell.column) : nil }
            return Slot(row: cell.row > at ? cell.row - 1 : cell.row, column: cell.column)
        case .deleteColumn(let at):
            if cell.column == at { return cell.columnSpan > 1 ? Slot(row: cell.row, column: at) : nil }
            return Slot(row: cell.row, column: cell.column > at ? cell.column - 1 : cell.column)
        }
    }
}
