import GridCore

/// What a keystroke reads to lay out its row again without the row's other cells or the
/// rows' other heights: per row, the content heights of the cells lying in that row alone,
/// sorted (a multiset whose largest is last), and the configured rows' first indices.
///
/// Made on the first keystroke after a prepare or another edit (O(R + K log K) for R rows
/// and K content heights), then kept by each keystroke the fast path takes. Memory O(R + K).
struct TypingRows: Sendable {
    /// `own[r]`: the content heights of the cells lying in row `r` alone, ascending.
    var own: [[Double]] = []
    /// The first row of each configured run, then the number of rows.
    var firsts: [Int] = []
    /// The least configured row height.
    var thinnest = Double.infinity

    var isMade: Bool { !firsts.isEmpty }

    /// The configured run holding `row`. - Complexity: O(log runs).
    func run(of row: Int, in runs: [SpanGrid.RowRun]) -> SpanGrid.RowRun {
        runs[SpanGrid.RowRun.index(holding: row, firsts: firsts)]
    }

    /// Inserts `height` into the sorted multiset `list`. - Complexity: O(log c) to find its
    /// place, O(c) words moved, for the c typed cells of the row (c ≤ columns).
    static func insert(_ height: Double, into list: inout [Double]) {
        var low = 0, high = list.count
        while low < high {
            let mid = (low + high) >> 1
            if list[mid] < height { low = mid + 1 } else { high = mid }
        }
        list.insertInPlace(height, at: low)
    }

    /// Removes one `height` from the sorted multiset `list`, if there. - Complexity: as ``insert(_:into:)``.
    static func remove(_ height: Double, from list: inout [Double]) {
        var low = 0, high = list.count
        while low < high {
            let mid = (low + high) >> 1
            if list[mid] < height { low = mid + 1 } else { high = mid }
        }
        if low < list.count && list[low] == height { list.removeInPlace(at: low) }
    }
}

extension Array {
    /// `insert(_:at:)` written out: an append, then the tail moved up by one, so that nothing
    /// is allocated once the array has room (the library's `insert` and `remove`, unspecialised
    /// in a debug build, allocate a temporary).
    @inline(__always)
    mutating func insertInPlace(_ element: Element, at index: Int) {
        append(element)
        var i = count - 1
        while i > index {
            self[i] = self[i - 1]
            i -= 1
        }
        self[index] = element
    }

    /// `remove(at:)` written out: the tail moved down by one, then the last removed.
    @inline(__always)
    mutating func removeInPlace(at index: Int) {
        var i = index
        while i < count - 1 {
            self[i] = self[i + 1]
            i += 1
        }
        removeLast()
    }
}

extension SpanGrid {
    /// A keystroke laid out in place, when it can be: the cell `(row, column)` lies in one
    /// row, no merged cell spanning rows with a content height crosses that row, and (when the row's height
    /// changes) the rows' heights add up exactly (``SpanTrack/isExact(_:)``). Returns
    /// whether it did; otherwise nothing changed and the caller lays the grid out again,
    /// which also refuses what is invalid.
    ///
    /// The row's height is its configured height grown to the largest content height of its
    /// own cells, capped by its `maxHeight`: the largest is the last of the row's sorted
    /// content heights, so a shrinking tallest cell finds the next without reading the
    /// row's other cells. A keystroke that leaves the row's height as it was changes the
    /// content list and the row's multiset only; one that changes it sets one slot of the
    /// row track (a Fenwick tree, O(log R)) and the content height: the rows below move,
    /// the cells and their bands stay.
    ///
    /// - Complexity: O(log B + m log K + log R + c) for B bands of merged cells, m merged
    ///   cells crossing the row, K content heights, R rows and c typed cells in the row, plus
    ///   O(K) words moved when a cell first gets (or loses) content; O(R + K log K)
    ///   once, on the first keystroke after a prepare or another edit. Allocates nothing once
    ///   the row's multiset and the content list have room.
    mutating func type(row: Int, column: Int, height: Double) -> Bool {
        guard isPrepared, row >= 0, row < rowTrack.count, column >= 0, column < columnCount,
              height.isFinite, height >= 0
        else { return false }
        // The merged cells crossing the row are its band's entries. One spanning rows with
        // content reads this row's height and may have grown it (the rule's second pass, left
        // to the full layout); without content it grows nothing (no sum of heights is below
        // 0). The typed cell may be one of them.
        var anchor = GridPlacement(row: row, column: column)
        let band = bands.band(ofRow: row)
        var e = bands.entryStarts[band]
        let sentinel = bands.entryStarts[band + 1] - 1
        while e < sentinel {
            let entry = bands.entries[e]
            let typed = entry.column <= column && column < entry.end
            if entry.rowEnd - entry.row > 1 {
                if typed || prepared.contentHeight(row: entry.row, column: entry.column) != 0 { return false }
            } else if typed {
                anchor = GridPlacement(row: row, column: entry.column)
            }
            e += 1
        }
        if !typing.isMade { makeTyping() }

        let old = prepared.contentHeight(row: anchor.row, column: anchor.column)
        if old == height { return true }

        let configured = typing.run(of: row, in: prepared.rows)
        // The row's list is taken out while it changes, so that it is held once and changes in
        // place (an element of an array of arrays, changed where it lies, may be copied).
        var list = typing.own[row]
        typing.own[row] = []
        TypingRows.remove(old, from: &list)
        if height != 0 { TypingRows.insert(height, into: &list) }
        let tallest = list.isEmpty ? 0 : list[list.count - 1]  // not `last`: unspecialised in a debug build, it allocates
        typing.own[row] = list
        let newHeight = Swift.max(configured.height, Swift.min(tallest, configured.maxHeight ?? .infinity))
        if newHeight != rowTrack.size(of: row) {
            // The full layout's checks, on the one row that changed: a finite content whose
            // configured rows stay at least two of its ulps high.
            let newEnd = rowTrack.end - rowTrack.size(of: row) + newHeight
            guard newEnd.isFinite, typing.thinnest >= 2 * newEnd.ulp, rowTrack.makeSlotBySlot(), rowTrack.setSize(newHeight, of: row) else {
                // Undone: the full layout takes it.
                typing.own[row] = []
                if height != 0 { TypingRows.remove(height, from: &list) }
                if old != 0 { TypingRows.insert(old, into: &list) }
                typing.own[row] = list
                return false
            }
            contentSize = Size(width: contentSize.width, height: rowTrack.end)
        }
        // The content list changed in place: the configuration is held once while it does.
        var edited = prepared
        prepared = .example
        configuration = .example
        edited.setContent(ContentHeight(row: anchor.row, column: anchor.column, height: height))
        prepared = edited
        configuration = edited
        return true
    }

    /// Keeps ``typing`` (made before a keystroke laid out again) in step with that keystroke
    /// in `(row, column)`: the typed cell's row's multiset is made again from the content
    /// list, so that the next keystroke need not make every row's again.
    /// - Complexity: O(M + K), within the full layout's O(H + K log K).
    mutating func keepTyping(row: Int, column: Int) {
        guard typing.isMade, typing.own.count == rowTrack.count else { return typing = TypingRows() }
        let anchor = prepared.mergedCell(covering: row, column) ?? GridPlacement(row: row, column: column)
        guard anchor.rowSpan == 1 else { return }  // a cell spanning rows is in no row's multiset
        var list: [Double] = []
        for content in prepared.contentHeights where content.row == anchor.row {
            if let m = prepared.mergedCell(anchoredAt: content.row, content.column), m.rowSpan > 1 { continue }
            TypingRows.insert(content.height, into: &list)
        }
        typing.own[anchor.row] = list
    }

    /// Makes ``typing`` from the prepared grid. - Complexity: O(R + runs + K log M).
    private mutating func makeTyping() {
        var made = TypingRows()
        made.firsts = SpanGrid.RowRun.firsts(of: prepared.rows)
        for run in prepared.rows { made.thinnest = Swift.min(made.thinnest, run.height) }
        made.own = Array(repeating: [], count: rowTrack.count)
        for content in prepared.contentHeights where content.row < made.own.count {
            if let m = prepared.mergedCell(anchoredAt: content.row, content.column), m.rowSpan > 1 { continue }
            TypingRows.insert(content.height, into: &made.own[content.row])
        }
        typing = made
    }
}

extension SpanGrid.Configuration {
    /// The content height of the cell anchored at `(row, column)`, 0 when it has none.
    /// - Complexity: O(log K).
    func contentHeight(row: Int, column: Int) -> Double {
        var low = 0, high = contentHeights.count
        while low < high {
            let mid = (low + high) >> 1
            if (contentHeights[mid].row, contentHeights[mid].column) < (row, column) { low = mid + 1 } else { high = mid }
        }
        guard low < contentHeights.count, contentHeights[low].row == row, contentHeights[low].column == column else { return 0 }
        return contentHeights[low].height
    }
}
