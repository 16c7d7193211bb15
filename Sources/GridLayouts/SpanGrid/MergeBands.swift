import GridCore

/// The merged cells of a span grid as an interval structure over its rows: the rows are cut
/// into *bands* where the set of merged cells crossing a row changes (a merged cell's first
/// row, and the row after its last), and each band lists the merged cells crossing it, by
/// column, with running counts of the slots they cover.
///
/// A rect query finds the band of its first row by binary search and walks the bands down
/// its rows; a merged cell spanning 10,000 rows sits in the bands it crosses and costs
/// nothing where the query does not look. The running counts give a cell's item (its rank
/// among the cells anchored in its row) without walking the row.
///
/// - Complexity: built in O(M log M + E) for M merged cells and E entries; E ≤ (2M + 1)·
///   (1 + min(M, C)), about 2M when merged cells cross few others. A row's band: O(log B).
/// - Memory: O(B + E).
struct MergeBands: Sendable {
    /// A merged cell as seen from one band (or, with `column == C`, the band's sentinel).
    ///
    /// Kept in 32-bit fields (28 bytes, not 56): every edit copies the entries, and a grid's
    /// rows (at most 2²⁸), columns and ranks (at most 2³¹ − 1 cells) fit.
    struct Entry: Sendable {
        private var _column, _end, _row, _rowEnd, _item, _coveredBefore, _anchorsBefore: Int32

        init(column: Int, end: Int, row: Int, rowEnd: Int, item: Int, coveredBefore: Int, anchorsBefore: Int) {
            _column = Int32(truncatingIfNeeded: column)
            _end = Int32(truncatingIfNeeded: end)
            _row = Int32(truncatingIfNeeded: row)
            _rowEnd = Int32(truncatingIfNeeded: rowEnd)
            _item = Int32(truncatingIfNeeded: item)
            _coveredBefore = Int32(truncatingIfNeeded: coveredBefore)
            _anchorsBefore = Int32(truncatingIfNeeded: anchorsBefore)
        }

        var column: Int {
            get { Int(_column) }
            set { _column = Int32(truncatingIfNeeded: newValue) }
        }
        /// `column + columnSpan`.
        var end: Int {
            get { Int(_end) }
            set { _end = Int32(truncatingIfNeeded: newValue) }
        }
        /// The anchor row, and the row after the last.
        var row: Int {
            get { Int(_row) }
            set { _row = Int32(truncatingIfNeeded: newValue) }
        }
        var rowEnd: Int {
            get { Int(_rowEnd) }
            set { _rowEnd = Int32(truncatingIfNeeded: newValue) }
        }
        /// The cell's item: its rank among the cells anchored in its row.
        var item: Int {
            get { Int(_item) }
            set { _item = Int32(truncatingIfNeeded: newValue) }
        }
        /// The slots covered by the band's merged cells left of this one.
        var coveredBefore: Int {
            get { Int(_coveredBefore) }
            set { _coveredBefore = Int32(truncatingIfNeeded: newValue) }
        }
        /// The band's merged cells left of this one anchored in the band's first row.
        var anchorsBefore: Int {
            get { Int(_anchorsBefore) }
            set { _anchorsBefore = Int32(truncatingIfNeeded: newValue) }
        }
    }

    /// The first row of each band, then the number of rows.
    private(set) var starts: [Int]
    /// `entryStarts[b] ..< entryStarts[b + 1]` are band `b`'s entries, the last its sentinel.
    private(set) var entryStarts: [Int]
    private(set) var entries: [Entry]

    /// No rows.
    static let empty = MergeBands(starts: [0], entryStarts: [0], entries: [])

    private init(starts: [Int], entryStarts: [Int], entries: [Entry]) {
        self.starts = starts
        self.entryStarts = entryStarts
        self.entries = entries
    }

    /// The bands of `merges`: valid (in range, disjoint), sorted by anchor.
    ///
    /// Built in three tight passes over the merges and bands, writing into arrays sized
    /// exactly beforehand: it runs on every edit of the grid, so its constant matters
    /// (about 50 instructions a band, against over 200 when appending).
    init(merges: [GridPlacement], rows: Int, columns: Int) {
        guard rows > 0 else {
            self.init(starts: [0], entryStarts: [0], entries: [])
            return
        }
        // The cuts: row 0, every anchor row (in order, as the merges are) and every row after
        // a merge's last (nearly in order: sorted only when not), merged into one list. On
        // the way, the bands each merge's anchor and end fall in add up to the number of
        // (merge, band) crossings, hence the exact number of entries.
        var ends: [Int] = []
        ends.reserveCapacity(merges.count)
        var endsSorted = true
        for m in merges where m.row + m.rowSpan < rows {
            let end = m.row + m.rowSpan
            if let last = ends.last, last > end { endsSorted = false }
            ends.append(end)
        }
        if !endsSorted { ends.sort() }
        var starts: [Int] = []
        starts.reserveCapacity(merges.count + ends.count + 2)
        starts.append(0)
        var crossings = 0
        merges.withUnsafeBufferPointer { merges in
            ends.withUnsafeBufferPointer { ends in
                var a = 0, e = 0, last = 0
                while a < merges.count || e < ends.count {
                    let isAnchor = e == ends.count || (a < merges.count && merges[a].row <= ends[e])
                    let cut = isAnchor ? merges[a].row : ends[e]
                    if cut != last {
                        starts.append(cut)
                        last = cut
                    }
                    // The band starting at `cut` is band `starts.count - 1`.
                    if isAnchor {
                        crossings -= starts.count - 1
                        a += 1
                    } else {
                        crossings += starts.count - 1
                        e += 1
                    }
                }
            }
        }
        let bandCount = starts.count
        starts.append(rows)
        // Merges ending at the last row cross every band to the end.
        crossings += (merges.count - ends.count) * bandCount

        let entryCount = bandCount + crossings
        var active = [Int](repeating: 0, count: Swift.min(merges.count, columns) + 1)  // by column
        var items = [Int](repeating: 0, count: merges.count)
        var entryStarts: [Int] = []
        let entries = [Entry](unsafeUninitializedCapacity: entryCount) { entries, written in
            entryStarts = [Int](unsafeUninitializedCapacity: bandCount + 1) { entryStarts, startsWritten in
                merges.withUnsafeBufferPointer { merges in
                    starts.withUnsafeBufferPointer { starts in
                        active.withUnsafeMutableBufferPointer { active in
                            items.withUnsafeMutableBufferPointer { items in
                                var activeCount = 0, next = 0, count = 0
                                for band in 0..<bandCount {
                                    let s = starts[band]
                                    // Drop the merges ended above this band.
                                    var kept = 0
                                    for k in 0..<activeCount {
                                        let m = merges[active[k]]
                                        if m.row + m.rowSpan > s {
                                            active[kept] = active[k]
                                            kept += 1
                                        }
                                    }
                                    activeCount = kept
                                    // Take those anchored here, in column order (a band holds few).
                                    while next < merges.count && merges[next].row == s {
                                        let column = merges[next].column
                                        var at = activeCount
                                        while at > 0 && merges[active[at - 1]].column > column {
                                            active[at] = active[at - 1]
                                            at -= 1
                                        }
                                        active[at] = next
                                        activeCount += 1
                                        next += 1
                                    }
                                    entryStarts[band] = count
                                    var covered = 0, anchors = 0
                                    for k in 0..<activeCount {
                                        let index = active[k]
                                        let m = merges[index]
                                        let anchored = m.row == s
                                        if anchored { items[index] = m.column - covered + anchors }
                                        assert(count < entryCount, "more (merge, band) crossings than counted")
                                        entries.initializeElement(at: count, to: Entry(
                                            column: m.column, end: m.column + m.columnSpan, row: m.row, rowEnd: m.row + m.rowSpan,
                                            item: items[index], coveredBefore: covered, anchorsBefore: anchors))
                                        count += 1
                                        covered += m.columnSpan
                                        if anchored { anchors += 1 }
                                    }
                                    assert(count < entryCount, "more (merge, band) crossings than counted")
                                    entries.initializeElement(at: count, to: Entry(
                                        column: columns, end: columns, row: -1, rowEnd: -1, item: -1, coveredBefore: covered, anchorsBefore: anchors))
                                    count += 1
                                }
                                entryStarts[bandCount] = count
                                written = count
                            }
                        }
                    }
                }
                startsWritten = bandCount + 1
            }
        }
        self.init(starts: starts, entryStarts: entryStarts, entries: entries)
    }

    /// Keeps, in order, the merges of `active` (indices into `merges`) that cross `row` or
    /// lie below it: those not ended above it.
    /// - Complexity: O(active), without allocating.
    @inline(__always)
    static func keepCrossing(row: Int, _ active: inout [Int], _ merges: [GridPlacement]) {
        var kept = 0, index = 0
        while index < active.count {
            let m = merges[active[index]]
            if m.row + m.rowSpan > row {
                active[kept] = active[index]
                kept += 1
            }
            index += 1
        }
        // One at a time: as few as one or two go at each row, and the ranged removal costs
        // more than the loop.
        while active.count > kept { active.removeLast() }
    }

    /// The number of bands.
    var count: Int { starts.count - 1 }

    /// The band holding row `row` (`0 ≤ row < rows`): the last whose first row is ≤ `row`.
    /// - Complexity: O(log B).
    @inline(__always)
    func band(ofRow row: Int) -> Int {
        var low = 0, high = starts.count - 1  // starts[low] ≤ row < starts[high]
        while high - low > 1 {
            let mid = (low + high) >> 1
            if starts[mid] <= row { low = mid } else { high = mid }
        }
        return low
    }

    /// The number of cells anchored in row `row` of band `band`.
    @inline(__always)
    func cellCount(row: Int, band: Int, columns: Int) -> Int {
        let sentinel = entries[entryStarts[band + 1] - 1]
        return columns - sentinel.coveredBefore + (row == starts[band] ? sentinel.anchorsBefore : 0)
    }

    /// The error of a grid of more cells than a data shape holds.
    static func tooManyCells(rows: Int, columns: Int) -> GridError {
        .invalidParameter("rows", rows, expected: "a grid of at most \(DataShape.maxTotalItems) cells (\(rows) rows × \(columns) columns)")
    }

    /// One section per row holding the cells anchored in it, made band by band: a band's
    /// first row, then its other rows, which all hold the same cells.
    ///
    /// - Throws: `GridError` naming `rows` when the grid holds more than
    ///   2³¹ − 1 cells.
    /// - Complexity: O(B), independent of the number of rows (see
    ///   `DataShape.init(sectionRuns:)`).
    func dataShape(rows: Int, columns: Int) throws(GridError) -> DataShape {
        var runs: [(sections: Int, items: Int)] = []
        runs.reserveCapacity(2 * count)
        var total = 0
        var band = 0
        while band < count {
            let row = starts[band], end = starts[band + 1]
            let first = cellCount(row: row, band: band, columns: columns)
            runs.append((1, first))
            total += first
            if end - row > 1 {
                let others = cellCount(row: row + 1, band: band, columns: columns)
                runs.append((end - row - 1, others))
                total += others * (end - row - 1)
            }
            guard total <= DataShape.maxTotalItems else { throw Self.tooManyCells(rows: rows, columns: columns) }
            band += 1
        }
        return try DataShape(sectionRuns: runs)
    }
}

extension MergeBands.Entry: Equatable {}
extension MergeBands: Equatable {}

extension MergeBands {
    /// The rows an edit remade: rows `rows` of the grid before it, every row after them moved
    /// by `shift` (+1 for an inserted row, −1 for a deleted one, 0 for a merge or a split).
    struct Window: Equatable, Sendable {
        var rows: Range<Int>
        var shift: Int
    }

    /// What ``splicing(_:merges:rows:columns:)`` gives: the bands after the edit, and the
    /// cells of the rows it swept again, for `DataShape.replacingSections(_:with:)`.
    struct Splice {
        var bands: MergeBands
        /// The rows of the grid before the edit whose cells were remade …
        var replacedRows: Range<Int>
        /// … and the cells anchored in each row that replaced them, in runs of rows.
        var runs: [(sections: Int, items: Int)]
    }

    /// The bands after an edit that remade only the rows of `window`, made from these bands
    /// (of the grid before it) and `merges` (after it, sorted by anchor): the bands above the
    /// window copied, those below it copied and moved, and only the bands the window meets
    /// swept again. The result equals `MergeBands(merges:rows:columns:)`, band for band.
    ///
    /// - Requires: merges anchored above the window are the same merges after the edit, their
    ///   last rows moved as rows are; merges anchored below it are the same, moved by
    ///   `window.shift`; merges crossing the window's end are the same slots (as a merge, a
    ///   split, an inserted row and a deleted row leave them). A merged cell anchored in the
    ///   window keeps its anchor in the window's rows after the edit.
    /// - Complexity: O(B + E) for copying, plus O(k log k) for the k merges the window meets:
    ///   each band and entry outside the window is copied with an addition or two.
    func splicing(_ window: Window, merges: [GridPlacement], rows: Int, columns: Int) -> Splice {
        let count = self.count
        let oldRows = starts[count]
        // The window, widened to whole bands: rows A..<B of the grid before, A..<E after.
        let b0 = window.rows.lowerBound < oldRows ? band(ofRow: window.rows.lowerBound) : count
        var b1 = Swift.min(b0 + 1, count)
        if b1 < count && starts[b1] < window.rows.upperBound { b1 = band(ofRow: window.rows.upperBound - 1) + 1 }
        let a = starts[b0], b = starts[b1], e = b + window.shift

        // The merges crossing row A before the edit, as they are after it (their items are
        // those of rows above the window: unchanged); those still crossing it start the sweep.
        var crossingA: [Entry] = []
        if b0 < count {
            for entry in entries[entryStarts[b0]..<(entryStarts[b0 + 1] - 1)] where entry.row < a {
                guard let index = Self.index(ofAnchor: entry.row, entry.column, in: merges) else { continue }
                let m = merges[index]
                crossingA.append(Entry(
                    column: m.column, end: m.column + m.columnSpan, row: m.row, rowEnd: m.row + m.rowSpan,
                    item: entry.item, coveredBefore: 0, anchorsBefore: 0))
            }
        }
        var active = crossingA.filter { $0.rowEnd > a }
        active.reserveCapacity(Swift.min(merges.count, columns) + 1)
        // The merges anchored in rows A..<E after the edit, and the cuts among those rows.
        var first = SpanGrid.Configuration.firstIndex(anchoredAtOrAfter: a, Int.min, in: merges)
        var last = first
        while last < merges.count && merges[last].row < e { last += 1 }
        var cuts: [Int] = [a]
        for m in merges[first..<last] {
            cuts.append(m.row)
            if m.row + m.rowSpan < e { cuts.append(m.row + m.rowSpan) }
        }
        for m in active where m.rowEnd < e { cuts.append(m.rowEnd) }
        cuts.sort()

        // The window's bands, swept as the full build sweeps every band.
        var sweptStarts: [Int] = [], sweptEntryStarts: [Int] = [], swept: [Entry] = []
        var runs: [(sections: Int, items: Int)] = []
        var anchoredAtA = false
        var endsAtE = false
        var c = 0
        while c < cuts.count {
            let s = cuts[c]
            while c < cuts.count && cuts[c] == s { c += 1 }
            let next = c < cuts.count ? cuts[c] : e
            active.removeAll { $0.rowEnd <= s }
            while first < last && merges[first].row == s {
                let m = merges[first]
                var at = active.count
                while at > 0 && active[at - 1].column > m.column { at -= 1 }
                active.insert(
                    Entry(column: m.column, end: m.column + m.columnSpan, row: m.row, rowEnd: m.row + m.rowSpan, item: 0, coveredBefore: 0, anchorsBefore: 0),
                    at: at)
                if s == a { anchoredAtA = true }
                first += 1
            }
            sweptStarts.append(s)
            sweptEntryStarts.append(swept.count)
            var covered = 0, anchors = 0
            for k in active.indices {
                let anchored = active[k].row == s
                if anchored { active[k].item = active[k].column - covered + anchors }
                var entry = active[k]
                entry.coveredBefore = covered
                entry.anchorsBefore = anchors
                swept.append(entry)
                covered += entry.end - entry.column
                if anchored { anchors += 1 }
                if next == e && entry.rowEnd == e { endsAtE = true }
            }
            swept.append(Entry(column: columns, end: columns, row: -1, rowEnd: -1, item: -1, coveredBefore: covered, anchorsBefore: anchors))
            runs.append((1, columns - covered + anchors))
            if next - s > 1 { runs.append((next - s - 1, columns - covered)) }
        }
        // The merges crossing row E, as they are after the edit.
        let crossingE = active.filter { $0.rowEnd > e }

        // Rows A and E stay band starts only where a merge is anchored or ends: at A, one
        // anchored there, one crossing it before that ends there now, or one that ended there
        // before (above the window, it still does).
        var dropFirstSwept = false
        if b0 > 0 && !anchoredAtA && !crossingA.contains(where: { $0.rowEnd == a }) {
            dropFirstSwept = !entries[entryStarts[b0 - 1]..<(entryStarts[b0] - 1)].contains { $0.rowEnd == a }
        }
        var dropFirstAfter = false
        if b1 < count && !endsAtE {
            dropFirstAfter = !entries[entryStarts[b1]..<(entryStarts[b1 + 1] - 1)].contains { $0.row == b }
        }

        // Put together: the bands above (ends of merges crossing A as they are now), the
        // swept bands, the bands below (moved; merges crossing E as they are now). Copied in
        // bulk, then mended in place: only the merges crossing A and E need more than a move.
        let sweptFrom = dropFirstSwept ? 1 : 0
        let sweptEntriesFrom = dropFirstSwept ? (sweptStarts.count > 1 ? sweptEntryStarts[1] : swept.count) : 0
        let belowFrom = dropFirstAfter ? b1 + 1 : b1
        let bandsAbove = b0, entriesAbove = entryStarts[b0]
        let sweptBands = sweptStarts.count - sweptFrom, sweptEntries = swept.count - sweptEntriesFrom
        let bandsBelow = count - belowFrom, entriesBelow = entries.count - entryStarts[belowFrom]
        var newStarts = Self.joined(starts[..<b0], sweptStarts[sweptFrom...], starts[belowFrom..<count], then: rows)
        var newEntryStarts = Self.joined(
            entryStarts[..<b0], sweptEntryStarts[sweptFrom...], entryStarts[belowFrom..<count], then: entriesAbove + sweptEntries + entriesBelow)
        var newEntries = Self.joined(entries[..<entriesAbove], swept[sweptEntriesFrom...], entries[entryStarts[belowFrom]...], then: nil)
        let shift = window.shift
        newStarts.withUnsafeMutableBufferPointer { newStarts in
            newEntryStarts.withUnsafeMutableBufferPointer { newEntryStarts in
                newEntries.withUnsafeMutableBufferPointer { newEntries in
                    if !crossingA.isEmpty {
                        for k in 0..<entriesAbove where newEntries[k].rowEnd > a {
                            if let now = crossingA.first(where: { $0.column == newEntries[k].column }) { newEntries[k].rowEnd = now.rowEnd }
                        }
                    }
                    let sweptShift = entriesAbove - sweptEntriesFrom
                    for k in bandsAbove..<(bandsAbove + sweptBands) { newEntryStarts[k] += sweptShift }
                    let belowShift = entriesAbove + sweptEntries - (belowFrom < count ? entryStarts[belowFrom] : entries.count)
                    for k in (bandsAbove + sweptBands)..<(bandsAbove + sweptBands + bandsBelow) {
                        newStarts[k] += shift
                        newEntryStarts[k] += belowShift
                    }
                    for k in (entriesAbove + sweptEntries)..<newEntries.count {
                        let row = newEntries[k].row
                        if row >= b {
                            newEntries[k].row = row + shift
                            newEntries[k].rowEnd += shift
                        } else if row >= 0, let now = crossingE.first(where: { $0.column == newEntries[k].column }) {
                            newEntries[k].row = now.row
                            newEntries[k].rowEnd = now.rowEnd
                            newEntries[k].item = now.item
                        }
                    }
                }
            }
        }
        return Splice(
            bands: MergeBands(starts: newStarts, entryStarts: newEntryStarts, entries: newEntries),
            replacedRows: a..<b, runs: runs)
    }

    /// `first`, `second` and `third` one after the other, then `last` if given: three block
    /// copies (appending a slice copies element by element).
    static func joined<T: BitwiseCopyable>(_ first: ArraySlice<T>, _ second: ArraySlice<T>, _ third: ArraySlice<T>, then last: T?) -> [T] {
        let count = first.count + second.count + third.count + (last == nil ? 0 : 1)
        return [T](unsafeUninitializedCapacity: count) { buffer, written in
            var at = 0
            func copy(_ part: ArraySlice<T>) {
                part.withUnsafeBufferPointer { part in
                    if let source = part.baseAddress, let target = buffer.baseAddress {
                        (target + at).initialize(from: source, count: part.count)
                    }
                    at += part.count
                }
            }
            copy(first)
            copy(second)
            copy(third)
            if let last { buffer.initializeElement(at: at, to: last) }
            written = count
        }
    }

    /// The index in `merges` (sorted by anchor) of the merge anchored at `(row, column)`.
    static func index(ofAnchor row: Int, _ column: Int, in merges: [GridPlacement]) -> Int? {
        let index = SpanGrid.Configuration.firstIndex(anchoredAtOrAfter: row, column, in: merges)
        return index < merges.count && merges[index].row == row && merges[index].column == column ? index : nil
    }
}
