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
    struct Entry: Sendable {
        var column: Int
        /// `column + columnSpan`.
        var end: Int
        /// The anchor row, and the row after the last.
        var row: Int
        var rowEnd: Int
        /// The cell's item: its rank among the cells anchored in its row.
        var item: Int
        /// The slots covered by the band's merged cells left of this one.
        var coveredBefore: Int
        /// The band's merged cells left of this one anchored in the band's first row.
        var anchorsBefore: Int
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
    init(merges: [GridPlacement], rows: Int, columns: Int) {
        var cuts: [Int] = [0]
        cuts.reserveCapacity(2 * merges.count + 2)
        for m in merges {
            cuts.append(m.row)
            if m.row + m.rowSpan < rows { cuts.append(m.row + m.rowSpan) }
        }
        cuts.sort()
        var starts: [Int] = []
        starts.reserveCapacity(cuts.count + 1)
        for cut in cuts where cut < rows && starts.last != cut { starts.append(cut) }
        starts.append(rows)

        var entryStarts: [Int] = []
        entryStarts.reserveCapacity(starts.count)
        var entries: [Entry] = []
        entries.reserveCapacity(2 * merges.count + starts.count)
        var items = [Int](repeating: 0, count: merges.count)
        var active: [Int] = []  // merges crossing the band, by column
        var next = 0
        var band = 0
        while band < starts.count - 1 {
            let s = starts[band]
            Self.keepCrossing(row: s, &active, merges)
            while next < merges.count && merges[next].row == s {
                // Inserted by column, shifting by hand: the merges of a band are few, and
                // this runs for every merged cell of every edit.
                let column = merges[next].column
                active.append(next)
                var at = active.count - 1
                while at > 0 && merges[active[at - 1]].column > column {
                    active[at] = active[at - 1]
                    at -= 1
                }
                active[at] = next
                next += 1
            }
            entryStarts.append(entries.count)
            var covered = 0, anchors = 0
            for index in active {
                let m = merges[index]
                let anchored = m.row == s
                if anchored { items[index] = m.column - covered + anchors }
                entries.append(Entry(
                    column: m.column, end: m.column + m.columnSpan, row: m.row, rowEnd: m.row + m.rowSpan,
                    item: items[index], coveredBefore: covered, anchorsBefore: anchors))
                covered += m.columnSpan
                if anchored { anchors += 1 }
            }
            entries.append(Entry(column: columns, end: columns, row: -1, rowEnd: -1, item: -1, coveredBefore: covered, anchorsBefore: anchors))
            band += 1
        }
        entryStarts.append(entries.count)
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

    /// One section per row holding the cells anchored in it.
    ///
    /// - Throws: ``GridCore/GridError`` naming `rows` when the grid holds more than
    ///   2³¹ − 1 cells.
    /// - Complexity: O(R + B).
    func dataShape(rows: Int, columns: Int) throws(GridError) -> DataShape {
        var counts = [Int](repeating: 0, count: rows)
        var total = 0
        var band = 0
        while band < count {
            var row = starts[band]
            let end = starts[band + 1]
            let first = cellCount(row: row, band: band, columns: columns)
            counts[row] = first
            total += first
            row += 1
            if row < end {
                let others = cellCount(row: row, band: band, columns: columns)
                total += others * (end - row)
                while row < end {
                    counts[row] = others
                    row += 1
                }
            }
            guard total <= DataShape.maxTotalItems else {
                throw .invalidParameter("rows", rows, expected: "a grid of at most \(DataShape.maxTotalItems) cells (\(rows) rows × \(columns) columns)")
            }
            band += 1
        }
        return try DataShape(itemCounts: counts)
    }
}
