import GridCore

// MARK: - Rows of measured heights

/// The slots along one axis as the data grid's queries read them: equal slots (``Track``)
/// or slots of their own heights (``DataGrid/RowTops``). The queries are written once,
/// generic over it, and specialised for each, so the equal rows' path is what it was.
protocol GridSlots {
    var count: Int { get }
    /// Where slot `i` starts; `start(count)` is where the last one ends.
    func start(_ i: Int) -> Double
    /// The length of slot `i`.
    func length(_ i: Int) -> Double
    /// The length of slot `i` that starts at `s`, the next at `next`.
    func length(_ i: Int, start s: Double, next: Double) -> Double
    /// The slots whose extent meets `[a, b)`.
    func range(_ a: Double, _ b: Double) -> Range<Int>
    /// Where slot `i + 1` starts, slot `i` starting at `s`: `start(i + 1)`, for loops that walk
    /// the slots (O(1) where `start(_:)` is not).
    func start(after i: Int, from s: Double) -> Double
}

extension Track: GridSlots {
    @inline(__always)
    func start(after i: Int, from s: Double) -> Double { start(i + 1) }
}

extension DataGrid {
    /// Display rows each as tall as its record's tallest field (``Configuration/ItemSizing/heights``):
    /// row `r` starts at `tops[r]`, `tops[0] = hh`, `tops[r + 1] = tops[r] + max_f H(r, f)`
    /// (the configuration's `rowHeight` for a record with no fields). A row ends exactly where
    /// the next starts (its length shortened by the ulp rounding may carry past it).
    ///
    /// The rows' form when some row's height is not a multiple of 2⁻¹⁰ (or the content reaches
    /// 2⁴²): its sums round, and only the running sum in order gives a fresh grid's bits. Rows
    /// whose sums are exact are kept as ``RowSums`` instead.
    struct RowTops: GridSlots, Hashable, Sendable {
        /// One per row and one more, the content's height.
        var tops: [Double]

        var count: Int { tops.count - 1 }

        @inline(__always)
        func start(_ i: Int) -> Double { tops[i] }

        @inline(__always)
        func start(after i: Int, from s: Double) -> Double { tops[i + 1] }

        @inline(__always)
        func length(_ i: Int) -> Double { length(i, start: tops[i], next: tops[i + 1]) }

        @inline(__always)
        func length(_ i: Int, start s: Double, next: Double) -> Double {
            // The last row reaches the content's end, as the equal rows' last one does.
            i == count - 1 ? Track.length(from: s, reaching: next) : Track.length(from: s, endingBy: next)
        }

        /// - Complexity: O(log R), a binary search for each end.
        func range(_ a: Double, _ b: Double) -> Range<Int> {
            guard count > 0, a < b else { return 0..<0 }
            // The first row ending after a.
            var low = 0, high = count
            while low < high {
                let mid = (low + high) / 2
                if tops[mid] + length(mid) > a { high = mid } else { low = mid + 1 }
            }
            let first = low
            // The first row starting at or after b.
            high = count
            while low < high {
                let mid = (low + high) / 2
                if tops[mid] >= b { high = mid } else { low = mid + 1 }
            }
            return first..<max(first, low)
        }

        /// The rows of the given heights from `origin`: the running sums, in order.
        /// - Complexity: O(R).
        init(origin: Double, heights: [Double]) {
            var tops = [Double](repeating: 0, count: heights.count + 1)
            tops[0] = origin
            var record = 0
            while record < heights.count {
                tops[record + 1] = tops[record] + heights[record]
                record += 1
            }
            self.tops = tops
        }

        /// The height of each of `data`'s records' rows, from the heights its sizes carry.
        /// - Complexity: O(n).
        static func heights(data: DataShape, config: Configuration) -> [Double] {
            var heights = [Double](repeating: 0, count: data.sectionCount)
            let sizes = data.itemSizes
            var flat = 0
            for (record, count) in data.itemCounts.enumerated() {
                heights[record] = rowHeight(sizes, from: flat, count: count, config)
                flat += count
            }
            return heights
        }

        /// Rows laid again from `record` on, `data` holding the same records as before.
        /// - Complexity: O(R − record + fields of those records).
        mutating func relay(from record: Int, data: DataShape, config: Configuration) {
            let sizes = data.itemSizes
            var flat = data.sectionStarts[record]
            var r = record
            while r < data.sectionCount {
                let count = data.itemCounts[r]
                tops[r + 1] = tops[r] + Self.rowHeight(sizes, from: flat, count: count, config)
                flat += count
                r += 1
            }
        }

        /// The tallest of `count` fields from `flat`; `rowHeight` without fields or sizes.
        @inline(__always)
        static func rowHeight(_ sizes: [Size]?, from flat: Int, count: Int, _ config: Configuration) -> Double {
            guard let sizes, count > 0 else { return config.rowHeight }
            var tallest = sizes[flat].height
            var i = flat + 1
            while i < flat + count {
                tallest = max(tallest, sizes[i].height)
                i += 1
            }
            return tallest
        }
    }
}

extension DataGrid {
    /// Display rows each as tall as its record's tallest field, as ``RowTops`` lays them, kept
    /// as a Fenwick tree of their heights (``FenwickSums``) when every height is a multiple of
    /// 2⁻¹⁰ and the content stays below 2⁴²: every top is then an exact sum, the same bits in
    /// any order, so a measured row changes its height in O(log R) and every answer is still
    /// a fresh grid's (whose ``RowTops`` would hold the same running sums).
    ///
    /// A row's length is its height (`start(i) + height == start(i + 1)` exactly, so neither
    /// the ulp shortening nor the last row's lengthening ever applies).
    ///
    /// - Complexity: `start(i)` O(log R); `length(i)` O(1); `range(a, b)` O(log R), two
    ///   descents of the tree; one row's height set O(log R). Memory: 2R + O(1) numbers.
    struct RowSums: GridSlots, Hashable, Sendable {
        var sums: FenwickSums

        @inline(__always)
        var count: Int { sums.count }

        @inline(__always)
        func start(_ i: Int) -> Double { sums.start(i) }

        @inline(__always)
        func start(after i: Int, from s: Double) -> Double { s + sums.values[i] }  // exact

        @inline(__always)
        func length(_ i: Int) -> Double { sums.values[i] }

        @inline(__always)
        func length(_ i: Int, start s: Double, next: Double) -> Double { sums.values[i] }

        /// The rows whose extent `[start(i), start(i + 1))` meets `[a, b)`.
        /// - Complexity: O(log R).
        func range(_ a: Double, _ b: Double) -> Range<Int> {
            let n = sums.count
            guard n > 0, a < b else { return 0..<0 }  // false for NaN too
            // The first row ending after a: rows 0..<p start at or before a, and so does p,
            // which ends after it (or p is the count).
            let first = sums.last(startingAtOrBefore: a)
            // The first row starting at or after b: the one after the last starting before it.
            let last = b <= sums.origin ? 0 : Swift.min(sums.last(startingBefore: b) + 1, n)
            return Swift.min(first, n)..<Swift.max(Swift.min(first, n), last)
        }
    }
}

// MARK: - Told updates

extension DataGrid {
    /// Brings the grid up to date told what changed. With heights, a measurement
    /// (`DataEdit.setItemSizes`) sets the heights of the measured records' rows: in the
    /// Fenwick tree of the rows' heights when every height is exact (O(log R) a record whose row
    /// changed), else by laying the rows again from the first measured record on, by the sums
    /// a prepare makes; either way every answer is a fresh grid's, bit for bit. Anything else
    /// prepares again, as the protocol's default does.
    ///
    /// - Throws: as ``prepare(data:container:)``; the grid then keeps its previous state.
    /// - Complexity: O(m + Σ fields of the k measured records + k′ log R) for a measurement of
    ///   m items in k records, k′ of whose rows change height, when the heights are exact (a
    ///   height that is not, or a content reaching 2⁴², prepares again: O(n)); O(R − r + the
    ///   fields of those records) for a measurement whose first record is r when they were not
    ///   exact at the last prepare; O(n) otherwise. A measurement allocates nothing while the
    ///   grid's storage is not shared with a copy.
    public mutating func prepare(data: DataShape, container: Size, invalidation: Invalidation) throws(GridError) {
        _ = try update(data: data, container: container, invalidation: invalidation)
    }

    /// ``prepare(data:container:invalidation:)``, saying what a measurement did when the rows
    /// are ``RowSums`` (``SectionShift``), or what a batch update did
    /// (``prepareReportingEdit(_:data:container:)``); `nil` for anything else.
    private mutating func update(data: DataShape, container: Size, invalidation: Invalidation) throws(GridError) -> SectionShift? {
        if case .edited(let edit) = invalidation.data, case .unchanged = invalidation.container {
            if case .setItemSizes = edit {} else { return try prepareReportingEdit(edit, data: data, container: container) }
        }
        // `==` on the counts: O(1) when they share storage, as a viewport's data and the
        // grid's do between measurements (`elementsEqual` would walk every record).
        guard isPrepared, prepared.itemSizing == .heights, configuration == prepared, case .unchanged = invalidation.container,
              case .edited(.setItemSizes(let items)) = invalidation.data, !items.isEmpty,
              data.sectionCount == self.data.sectionCount, data.itemCounts == self.data.itemCounts
        else {
            try prepare(data: data, container: container)
            return nil
        }
        if rowSums != nil { return try measure(items, data: data, container: container) }
        guard var tops = rowTops else {
            try prepare(data: data, container: container)
            return nil
        }
        // The first measured record.
        // `while` rather than `for … in`: an unspecialised iterator allocates in debug builds.
        var first = data.sectionCount, index = 0
        while index < items.count {
            first = min(first, items[index].path.section)
            index += 1
        }
        guard first >= 0, first < data.sectionCount else {
            try prepare(data: data, container: container)
            return nil
        }
        // Laid again in place: the grid's own copy is released first, so that the tops are
        // not copied.
        rowTops = nil
        tops.relay(from: first, data: data, config: prepared)
        let height = tops.tops[tops.count]
        guard height.isFinite else {
            // Laid again for the data they were laid for, bit for bit what they were.
            tops.relay(from: first, data: self.data, config: prepared)
            rowTops = tops
            throw .invalidData("itemHeights", height, expected: "heights small enough that the content height of \(tops.count) rows stays finite")
        }
        rowTops = tops
        takeMeasurement(items, data: data)
        contentSize = Size(width: contentSize.width, height: height)
        return nil
    }

    /// A measurement told to rows kept as ``RowSums``: each measured record's row takes the
    /// height of its tallest field, in the tree; the records whose height changed, from the
    /// first to the last, are reported laid again, the rest kept or moved by the sum of the
    /// changes (every term exact). A height that does not keep the sums exact undoes what
    /// was set and prepares again.
    /// - Complexity: O(m + Σ fields of the measured records + k′ log R); nothing allocated.
    private mutating func measure(_ items: [SizedItem], data: DataShape, container: Size) throws(GridError) -> SectionShift? {
        // Changed in place: the grid's own copy is released first, so that the tree is not
        // copied.
        guard var rows = rowSums else { return nil }
        rowSums = nil
        let records = data.sectionCount
        let sizes = data.itemSizes
        var first = records, last = -1, offset = 0.0, touched = 0
        // A record named by several neighbouring items is worked once (one named again
        // further on finds its height already set).
        var index = 0, previous = -1
        while index < items.count {
            let record = items[index].path.section
            guard record >= 0, record < records else {
                undo(items[..<index], in: &rows)
                rowSums = rows
                try prepare(data: data, container: container)
                return nil
            }
            index += 1
            if record == previous { continue }
            previous = record
            let height = RowTops.rowHeight(sizes, from: data.sectionStarts[record], count: data.itemCounts[record], prepared)
            let old = rows.sums.values[record]
            if height == old { continue }
            guard rows.sums.fits(replacing: record, with: height) else {
                undo(items[..<(index - 1)], in: &rows)
                rowSums = rows
                try prepare(data: data, container: container)
                return nil
            }
            touched += rows.sums.set(record, to: height)
            offset += height - old  // exact: whole numbers of 2⁻¹⁰ below 2⁴²
            first = min(first, record)
            last = max(last, record)
        }
        let end = rows.sums.end
        measurementTouches = touched
        takeMeasurement(items, data: data)
        contentSize = Size(width: contentSize.width, height: end)
        guard first <= last else {
            // No row changed height: no frame changed.
            rowSums = rows
            return SectionShift(firstChanged: records, movedFrom: records, movedTo: records, offset: 0, changedSpan: end...end)
        }
        // Record 0 holds the header row and the corner, above its row, laid again with it.
        let lower = first == 0 ? 0 : rows.start(first)
        let upper = rows.start(last + 1)
        rowSums = rows
        return SectionShift(firstChanged: first, movedFrom: last + 1, movedTo: last + 1, offset: offset, changedSpan: lower...upper)
    }

    /// Sets back the rows of the records `items` name to their heights in the grid's data
    /// (the data before the measurement), which fit: they were there.
    private func undo(_ items: ArraySlice<SizedItem>, in rows: inout RowSums) {
        let sizes = data.itemSizes
        var index = items.startIndex
        while index < items.endIndex {
            let record = items[index].path.section
            rows.sums.set(record, to: RowTops.rowHeight(sizes, from: data.sectionStarts[record], count: data.itemCounts[record], prepared))
            index += 1
        }
    }

    /// Writes a measurement into the grid's own sizes in place, not by keeping `data`'s
    /// storage: a measuring viewport that writes its next batch into its own data would
    /// otherwise find it shared and copy every size.
    private mutating func takeMeasurement(_ items: [SizedItem], data: DataShape) {
        if (try? self.data.setItemSizes(items)) == nil { self.data = data }
    }
}

// MARK: - What a measurement did

extension DataGrid: SectionShiftReporting {
    /// Brings the grid up to date told what changed (``prepare(data:container:invalidation:)``),
    /// and says what a measurement did: the records from the first whose row changed height
    /// to the last were laid again (their rows, row headers and, from record 0, the header
    /// row), those before them kept, and those after them moved along y by the growth of
    /// those rows; a measurement that changed no row's height keeps every record (an empty
    /// shift at the end). Promised only with heights (never transposed), when the rows are
    /// kept in a Fenwick tree (every height a whole or binary-fraction number of points, the
    /// content below 2⁴²).
    ///
    /// And what a batch update did (records or fields inserted, deleted or moved), which
    /// prepares again: the records it touched laid again, those before kept, those after
    /// moved along y and renumbered by the records inserted or deleted; when record 0 is
    /// touched, the record 0 of either side is laid again with the header row. Promised when
    /// records are rows whose tops are exact sums (measured rows kept in the tree, or rows of
    /// `rowHeight` under a header row, both multiples of 2⁻¹⁰) and the columns did not change;
    /// `nil` for anything else.
    ///
    /// - Throws: as ``prepare(data:container:invalidation:)``; the grid then keeps its
    ///   previous state.
    /// - Complexity: that of ``prepare(data:container:invalidation:)``.
    public mutating func prepareReportingShift(data: DataShape, container: Size, invalidation: Invalidation) throws(GridError) -> SectionShift? {
        try update(data: data, container: container, invalidation: invalidation)
    }
}
