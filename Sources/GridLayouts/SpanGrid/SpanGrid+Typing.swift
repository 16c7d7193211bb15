import GridCore

/// What a keystroke reads to lay out its row again without the row's other cells or the
/// rows' other heights: per row, the content heights of the cells lying in that row alone,
/// sorted (a multiset whose largest is last), and the configured rows' first indices.
///
/// The rows' multisets are kept in blocks of ``blockSize`` rows, each made on the first
/// keystroke in one of its rows (O(B + log K + k log k) for its k content heights) and kept
/// by the keystrokes after it; what the first keystroke after a prepare or another edit
/// makes is O(runs + R/B) (the configured runs' firsts, no block). Blocks, because a grid
/// is a value: a copy of a grid then typed in copies one block and the R/B block
/// references, not R lists. Memory O(R/B + B·b + K) for b blocks typed in.
struct TypingRows: Sendable {
    /// Rows per block: 2⁹, as the row track's (``SpanTrack/blockSize``).
    static let blockSize = 512
    static let blockShift = 9

    /// `blocks[b][r − b·B]`: the content heights of the cells lying in row `r` alone,
    /// ascending; an empty block is not made yet.
    var blocks: [[[Double]]] = []
    /// The number of rows the blocks cover.
    var rowCount = 0
    /// The first row of each configured run, then the number of rows.
    var firsts: [Int] = []
    /// The least configured row height.
    var thinnest = Double.infinity

    var isMade: Bool { !firsts.isEmpty }

    /// A merged cell spanning rows with content, as a keystroke across it reads it.
    struct Spanning: Sendable {
        var rowSpan: Int, row: Int, column: Int, height: Double

        /// The rule's order: row span, then anchor row, then column.
        func precedes(_ other: Spanning) -> Bool {
            (rowSpan, row, column) < (other.rowSpan, other.row, other.column)
        }
    }

    /// Scratch of a keystroke across merged cells spanning rows: the run's row heights and
    /// its merged cells with content, kept so that they do not allocate once grown.
    var heights: [Double] = []
    var spanning: [Spanning] = []

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
    /// A keystroke laid out in place, when it can be: the heights it gives are whole numbers
    /// of 2⁻¹⁰ and add up exactly (``SpanTrack/isExact(_:)``). Returns whether it did;
    /// otherwise nothing changed and the caller lays the grid out again, which also refuses
    /// what is invalid. A keystroke in, or in a row crossed by, a merged cell spanning rows
    /// that has content works the rows of the least run whose edges no merged cell crosses
    /// again by the rule (``type(acrossMergedCellsAt:anchor:typedSpanning:height:)``); what
    /// follows is the path of every other keystroke.
    ///
    /// The row's height is its configured height grown to the largest content height of its
    /// own cells, capped by its `maxHeight`: the largest is the last of the row's sorted
    /// content heights, so a shrinking tallest cell finds the next without reading the
    /// row's other cells. A keystroke that leaves the row's height as it was changes the
    /// content list and the row's multiset only; one that changes it sets one slot of the
    /// row track (blocks of running sums under a Fenwick tree of the blocks, O(B + log(R/B)),
    /// see ``SpanTrack``) and the content height: the rows below move, the cells and their
    /// bands stay. It also records what it did to the rows (``keystrokeShift``).
    ///
    /// - Complexity: O(log B + m log K + c) for B bands of merged cells, m merged cells
    ///   crossing the row, K content heights and c typed cells in the row, plus
    ///   O(512 + log(R/512)) when the row's height changes, plus O(K) words moved when a cell
    ///   first gets (or loses) content; O(runs + R/512) once, on the first keystroke after a
    ///   prepare or another edit, O(512 + log K + k log k) on the first in a block of 512
    ///   rows with k content heights, and O((R/512) log runs) the first time a row's height
    ///   changes (the track made slot by slot), O(512 log runs) the first time in a block. Allocates nothing once the row's block, its multiset and
    ///   the content list have room, and while the grid is not shared with a copy (a copy
    ///   typed in copies the typed blocks, O(512 + R/512), and the content list, O(K)).
    mutating func type(row: Int, column: Int, height: Double) -> Bool {
        guard isPrepared, row >= 0, row < rowTrack.count, column >= 0, column < columnCount,
              height.isFinite, height >= 0
        else { return false }
        // The merged cells crossing the row are its band's entries. One spanning rows with
        // content reads this row's height and may have grown it (the rule's second pass);
        // without content it grows nothing (no sum of heights is below 0). The typed cell may
        // be one of them.
        var anchor = GridPlacement(row: row, column: column)
        var spanned = false, typedSpanning = false
        let band = bands.band(ofRow: row)
        var e = bands.entryStarts[band]
        let sentinel = bands.entryStarts[band + 1] - 1
        while e < sentinel {
            let entry = bands.entries[e]
            let typed = entry.column <= column && column < entry.end
            if entry.rowEnd - entry.row > 1 {
                if typed {
                    (spanned, typedSpanning) = (true, true)
                    anchor = GridPlacement(row: entry.row, column: entry.column)
                } else if prepared.contentHeight(row: entry.row, column: entry.column) != 0 {
                    spanned = true
                }
            } else if typed {
                anchor = GridPlacement(row: row, column: entry.column)
            }
            e += 1
        }
        if !typing.isMade { makeTyping() }
        if spanned { return type(acrossMergedCellsAt: row, anchor: anchor, typedSpanning: typedSpanning, height: height) }
        let b = row >> TypingRows.blockShift, inBlock = row & (TypingRows.blockSize - 1)
        if typing.blocks[b].isEmpty { makeTypingBlock(b) }

        let old = prepared.contentHeight(row: anchor.row, column: anchor.column)
        let rows = rowTrack.count
        // Unless the row's height changes, no frame does: every row is kept.
        keystrokeShift = SectionShift(firstChanged: rows, movedFrom: rows, movedTo: rows, offset: 0, changedSpan: rowTrack.end...rowTrack.end)
        if old == height { return true }

        let configured = typing.run(of: row, in: prepared.rows)
        // The row's list is taken out while it changes, so that it is held once and changes in
        // place (an element of an array of arrays, changed where it lies, may be copied).
        var block = typing.blocks[b]
        typing.blocks[b] = []
        var list = block[inBlock]
        block[inBlock] = []
        TypingRows.remove(old, from: &list)
        if height != 0 { TypingRows.insert(height, into: &list) }
        let tallest = list.isEmpty ? 0 : list[list.count - 1]  // not `last`: unspecialised in a debug build, it allocates
        block[inBlock] = list
        typing.blocks[b] = block
        let newHeight = Swift.max(configured.height, Swift.min(tallest, configured.maxHeight ?? .infinity))
        let oldHeight = rowTrack.size(of: row)
        if newHeight != oldHeight {
            // The full layout's checks, on the one row that changed: a finite content whose
            // configured rows stay at least two of its ulps high.
            let newEnd = rowTrack.end - rowTrack.size(of: row) + newHeight
            guard newEnd.isFinite, typing.thinnest >= 2 * newEnd.ulp, rowTrack.makeSlotBySlot(), rowTrack.setSize(newHeight, of: row) else {
                // Undone: the full layout takes it.
                block = typing.blocks[b]
                typing.blocks[b] = []
                block[inBlock] = []
                if height != 0 { TypingRows.remove(height, from: &list) }
                if old != 0 { TypingRows.insert(old, into: &list) }
                block[inBlock] = list
                typing.blocks[b] = block
                keystrokeShift = nil
                return false
            }
            contentSize = Size(width: contentSize.width, height: rowTrack.end)
            // Both heights are whole numbers of 2⁻¹⁰ (the track is slot by slot): exact.
            keystrokeShift = shift(growingRow: row, by: newHeight - oldHeight)
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

    /// A keystroke in row `row` crossed by a merged cell spanning rows that has content (or
    /// in such a cell, `typedSpanning`, anchored at `anchor`): the rows of the least run
    /// holding `row` whose edges no merged cell crosses are worked again by the rule, their
    /// own cells' heights from their multisets, then the merged cells spanning rows with
    /// content anchored in the run, by (row span, anchor row, column), each growing its last
    /// row, the same operations in the same order as the full layout (merged cells outside
    /// the run read and grow no row of it). Rows whose height changed are set in the track.
    /// Returns whether it did; otherwise nothing changed.
    /// - Complexity: O(L + m log K + m² + b (log B + e)) for the run's L rows, its m merged
    ///   cells with content (sorted by insertion: few), and b bands of e entries, plus
    ///   O(512 + log(R/512)) for each row that changed. A merged cell spanning 10,000 rows
    ///   makes L 10,000: that is what remains linear.
    private mutating func type(acrossMergedCellsAt row: Int, anchor: GridPlacement, typedSpanning: Bool, height: Double) -> Bool {
        let old = prepared.contentHeight(row: anchor.row, column: anchor.column)
        let rows = rowTrack.count
        keystrokeShift = SectionShift(firstChanged: rows, movedFrom: rows, movedTo: rows, offset: 0, changedSpan: rowTrack.end...rowTrack.end)
        if old == height { return true }
        if !typedSpanning {
            if typing.blocks[row >> TypingRows.blockShift].isEmpty { makeTypingBlock(row >> TypingRows.blockShift) }
            swapInMultiset(row: row, remove: old, insert: height)
        }
        setPreparedContent(ContentHeight(row: anchor.row, column: anchor.column, height: height))
        let (first, end) = run(around: row)
        // The rows' own heights.
        typing.heights.removeAll(keepingCapacity: true)
        var r = first
        while r < end {
            let b = r >> TypingRows.blockShift
            if typing.blocks[b].isEmpty { makeTypingBlock(b) }
            let list = typing.blocks[b][r & (TypingRows.blockSize - 1)]
            let configured = typing.run(of: r, in: prepared.rows)
            let tallest = list.isEmpty ? 0 : list[list.count - 1]
            typing.heights.append(Swift.max(configured.height, Swift.min(tallest, configured.maxHeight ?? .infinity)))
            r += 1
        }
        // The merged cells spanning rows with content anchored in the run: each in the band
        // that starts at its anchor row.
        typing.spanning.removeAll(keepingCapacity: true)
        var band = bands.band(ofRow: first)
        while band < bands.starts.count - 1 && bands.starts[band] < end {
            var e = bands.entryStarts[band]
            let sentinel = bands.entryStarts[band + 1] - 1
            while e < sentinel {
                let entry = bands.entries[e]
                if entry.rowEnd - entry.row > 1 && entry.row == bands.starts[band] {
                    let content = prepared.contentHeight(row: entry.row, column: entry.column)
                    if content != 0 {
                        let cell = TypingRows.Spanning(rowSpan: entry.rowEnd - entry.row, row: entry.row, column: entry.column, height: content)
                        // Insertion by (row span, row, column): few cells, no allocation.
                        typing.spanning.append(cell)
                        var i = typing.spanning.count - 1
                        while i > 0 && cell.precedes(typing.spanning[i - 1]) {
                            typing.spanning[i] = typing.spanning[i - 1]
                            i -= 1
                        }
                        typing.spanning[i] = cell
                    }
                }
                e += 1
            }
            band += 1
        }
        var i = 0
        while i < typing.spanning.count {
            let cell = typing.spanning[i]
            i += 1
            var sum = 0.0
            for r in cell.row..<(cell.row + cell.rowSpan) { sum += typing.heights[r - first] }
            guard cell.height > sum else { continue }
            let last = cell.row + cell.rowSpan - 1
            let configured = typing.run(of: last, in: prepared.rows)
            typing.heights[last - first] = Swift.min(typing.heights[last - first] + (cell.height - sum), configured.maxHeight ?? .infinity)
        }
        // Checked before anything is set: exact heights, an end within the limits.
        var newEnd = rowTrack.end, grown = rowTrack.end, exact = true
        r = first
        while r < end {
            let h = typing.heights[r - first], was = rowTrack.size(of: r)
            if h != was {
                exact = exact && SpanTrack.isExact(h)
                newEnd += h - was
                if h > was { grown += h - was }
            }
            r += 1
        }
        guard exact, newEnd.isFinite, grown <= SpanTrack.exactLimit, typing.thinnest >= 2 * newEnd.ulp, rowTrack.makeSlotBySlot() else {
            // Undone: the full layout takes it.
            setPreparedContent(ContentHeight(row: anchor.row, column: anchor.column, height: old))
            if !typedSpanning { swapInMultiset(row: row, remove: height, insert: old) }
            keystrokeShift = nil
            return false
        }
        let before = rowTrack.end
        r = first
        while r < end {
            let h = typing.heights[r - first]
            if h != rowTrack.size(of: r) { _ = rowTrack.setSize(h, of: r) }  // checked above: it takes it
            r += 1
        }
        contentSize = Size(width: contentSize.width, height: rowTrack.end)
        if rowTrack.end != before || first < end {
            keystrokeShift = SectionShift(
                firstChanged: first, movedFrom: end, movedTo: end, offset: rowTrack.end - before,
                changedSpan: rowTrack.start(first)...rowTrack.start(end))
        }
        return true
    }

    /// Removes `old` from row `row`'s multiset and inserts `new` (a height of 0 is in none);
    /// returns the row's tallest own content height after. The row's block must be made.
    @discardableResult
    private mutating func swapInMultiset(row: Int, remove old: Double, insert new: Double) -> Double {
        let b = row >> TypingRows.blockShift, inBlock = row & (TypingRows.blockSize - 1)
        var block = typing.blocks[b]
        typing.blocks[b] = []
        var list = block[inBlock]
        block[inBlock] = []
        if old != 0 { TypingRows.remove(old, from: &list) }
        if new != 0 { TypingRows.insert(new, into: &list) }
        let tallest = list.isEmpty ? 0 : list[list.count - 1]
        block[inBlock] = list
        typing.blocks[b] = block
        return tallest
    }

    /// Sets the content height in ``prepared`` (and ``configuration``), the configuration
    /// held once while its list changes in place.
    private mutating func setPreparedContent(_ content: ContentHeight) {
        var edited = prepared
        prepared = .example
        configuration = .example
        edited.setContent(content)
        prepared = edited
        configuration = edited
    }

    /// The least run of rows `first..<end` holding `row` whose edges no merged cell crosses.
    /// - Complexity: O(b (log B + e)) for the b bands looked at, of e entries.
    private func run(around row: Int) -> (first: Int, end: Int) {
        var first = row, end = row + 1
        var grown = true
        while grown {
            grown = false
            var side = 0
            while side < 2 {  // not an array literal: unspecialised in a debug build, it allocates
                let band = bands.band(ofRow: side == 0 ? first : end - 1)
                side += 1
                var e = bands.entryStarts[band]
                let sentinel = bands.entryStarts[band + 1] - 1
                while e < sentinel {
                    let entry = bands.entries[e]
                    if entry.row < first { (first, grown) = (entry.row, true) }
                    if entry.rowEnd > end { (end, grown) = (entry.rowEnd, true) }
                    e += 1
                }
            }
        }
        return (first, end)
    }

    /// What a keystroke that changed row `row`'s height by `delta` did to the rows (sections):
    /// the rows from `first` to `end` laid again, those after moved by `delta`, those before
    /// kept, where `first…end` is the least run of rows holding `row` that no merged cell
    /// crosses the edges of (a merged cell crossing `row` changes height; one crossing an
    /// edge of the run would be kept or moved while reaching into it). Called after the
    /// row track changed: the span is in the grid after the keystroke.
    /// - Complexity: O(b (log B + m)) for b bands of merged cells looked at (1 when no merged
    ///   cell spanning rows crosses `row`) and m merged cells in each.
    private func shift(growingRow row: Int, by delta: Double) -> SectionShift {
        let (first, end) = run(around: row)
        return SectionShift(
            firstChanged: first, movedFrom: end, movedTo: end, offset: delta, changedSpan: rowTrack.start(first)...rowTrack.start(end))
    }

    /// Keeps ``typing`` (made before a keystroke laid out again) in step with that keystroke
    /// in `(row, column)`: the block of the typed cell's row is dropped, to be made again from
    /// the content list at the next keystroke in it; the other blocks still hold.
    /// - Complexity: O(log M), within the full layout's O(H + K log K).
    mutating func keepTyping(row: Int, column: Int) {
        guard typing.isMade, typing.rowCount == rowTrack.count else { return typing = TypingRows() }
        let anchor = prepared.mergedCell(covering: row, column) ?? GridPlacement(row: row, column: column)
        typing.blocks[anchor.row >> TypingRows.blockShift] = []
    }

    /// Makes ``typing`` from the prepared grid, no block yet. - Complexity: O(runs + R/B).
    private mutating func makeTyping() {
        var made = TypingRows()
        made.firsts = SpanGrid.RowRun.firsts(of: prepared.rows)
        for run in prepared.rows { made.thinnest = Swift.min(made.thinnest, run.height) }
        made.rowCount = rowTrack.count
        made.blocks = Array(repeating: [], count: (made.rowCount + TypingRows.blockSize - 1) >> TypingRows.blockShift)
        typing = made
    }

    /// Makes block `b` of ``typing`` from the content list: the content heights of the cells
    /// anchored in its rows that span one row. - Complexity: O(B + log K + k log M + k c)
    /// for its k content heights, c at most per row.
    private mutating func makeTypingBlock(_ b: Int) {
        let first = b << TypingRows.blockShift, end = Swift.min(first + TypingRows.blockSize, typing.rowCount)
        var block = [[Double]](repeating: [], count: end - first)
        let contents = prepared.contentHeights
        var low = 0, high = contents.count
        while low < high {
            let mid = (low + high) >> 1
            if contents[mid].row < first { low = mid + 1 } else { high = mid }
        }
        while low < contents.count && contents[low].row < end {
            let content = contents[low]
            low += 1
            if let m = prepared.mergedCell(anchoredAt: content.row, content.column), m.rowSpan > 1 { continue }
            TypingRows.insert(content.height, into: &block[content.row - first])
        }
        typing.blocks[b] = block
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
