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
}

extension Track: GridSlots {}

extension DataGrid {
    /// Display rows each as tall as its record's tallest field (``Configuration/ItemSizing/heights``):
    /// row `r` starts at `tops[r]`, `tops[0] = hh`, `tops[r + 1] = tops[r] + max_f H(r, f)`
    /// (the configuration's `rowHeight` for a record with no fields). A row ends exactly where
    /// the next starts (its length shortened by the ulp rounding may carry past it).
    struct RowTops: GridSlots, Hashable, Sendable {
        /// One per row and one more, the content's height.
        var tops: [Double]

        var count: Int { tops.count - 1 }

        @inline(__always)
        func start(_ i: Int) -> Double { tops[i] }

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

        /// The rows of `data`'s records, from the heights its sizes carry.
        /// - Complexity: O(n).
        init(data: DataShape, config: Configuration) {
            var tops = [Double](repeating: 0, count: data.sectionCount + 1)
            tops[0] = config.headerHeight
            let sizes = data.itemSizes
            var flat = 0
            for (record, count) in data.itemCounts.enumerated() {
                tops[record + 1] = tops[record] + Self.rowHeight(sizes, from: flat, count: count, config)
                flat += count
            }
            self.tops = tops
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

// MARK: - Told updates

extension DataGrid {
    /// Brings the grid up to date told what changed. With heights, a measurement
    /// (`DataEdit.setItemSizes`) lays the rows again from the first measured record on, by
    /// the sums a prepare makes (so every answer is a fresh grid's, bit for bit); anything
    /// else prepares again, as the protocol's default does.
    ///
    /// - Throws: as ``prepare(data:container:)``; the grid then keeps its previous state.
    /// - Complexity: O(R − r + the fields of those records) for a measurement whose first
    ///   record is r; O(R) otherwise.
    public mutating func prepare(data: DataShape, container: Size, invalidation: Invalidation) throws(GridError) {
        _ = try update(data: data, container: container, invalidation: invalidation)
    }

    /// ``prepare(data:container:invalidation:)``, saying what a measurement did when every
    /// top is an exact sum (``SectionShift``); `nil` for anything else.
    private mutating func update(data: DataShape, container: Size, invalidation: Invalidation) throws(GridError) -> SectionShift? {
        guard isPrepared, var tops = rowTops, configuration == prepared, case .unchanged = invalidation.container,
              case .edited(.setItemSizes(let items)) = invalidation.data, !items.isEmpty,
              data.sectionCount == self.data.sectionCount, data.itemCounts.elementsEqual(self.data.itemCounts)
        else {
            try prepare(data: data, container: container)
            return nil
        }
        // The first measured record, and the one after the last: the first whose row only
        // moves.
        // `while` rather than `for … in`: an unspecialised iterator allocates in debug builds.
        var first = data.sectionCount, last = -1, index = 0
        while index < items.count {
            first = min(first, items[index].path.section)
            last = max(last, items[index].path.section)
            index += 1
        }
        guard first >= 0, first < data.sectionCount else {
            try prepare(data: data, container: container)
            return nil
        }
        let after = min(last + 1, data.sectionCount)
        // Laid again in place: the grid's own copy is released first, so that the tops are
        // not copied.
        rowTops = nil
        let oldTop = tops.tops[after]
        tops.relay(from: first, data: data, config: prepared)
        let height = tops.tops[tops.count]
        guard height.isFinite else {
            // Laid again for the data they were laid for, bit for bit what they were.
            tops.relay(from: first, data: self.data, config: prepared)
            rowTops = tops
            throw .invalidData("itemHeights", height, expected: "heights small enough that the content height of \(tops.count) rows stays finite")
        }
        rowTops = tops
        // The batch is written into the grid's own sizes in place, not by keeping `data`'s
        // storage: a measuring viewport that writes its next batch into its own data would
        // otherwise find it shared and copy every size.
        if (try? self.data.setItemSizes(items)) == nil { self.data = data }
        contentSize = Size(width: contentSize.width, height: height)
        var exact = rowHeightsAreExact
        index = 0
        while index < items.count {
            exact = exact && SectionShift.isExact(items[index].size.height)
            index += 1
        }
        rowHeightsAreExact = exact
        // Records are display rows only when not transposed; record 0 holds the header row
        // and the corner, above its row, laid again with it.
        guard exact, !prepared.transposed, height < 0x1p42 else { return nil }
        let offset = tops.tops[after] - oldTop
        let lower = first == 0 ? 0 : tops.tops[first]
        guard SectionShift.isExact(offset) else { return nil }
        return SectionShift(firstChanged: first, movedFrom: after, movedTo: after, offset: offset, changedSpan: lower...tops.tops[after])
    }
}

// MARK: - What a measurement did

extension DataGrid: SectionShiftReporting {
    /// Brings the grid up to date told what changed (``prepare(data:container:invalidation:)``),
    /// and says what a measurement did: the records from the first measured to the last
    /// were laid again (their rows, row headers and, from record 0, the header row), those
    /// before them kept, and those after them moved along y by the growth of the measured
    /// rows. Promised only with heights, not transposed, when every top is an exact sum
    /// (whole or binary-fraction points); `nil` for anything else.
    ///
    /// - Throws: as ``prepare(data:container:invalidation:)``; the grid then keeps its
    ///   previous state.
    /// - Complexity: that of ``prepare(data:container:invalidation:)``.
    public mutating func prepareReportingShift(data: DataShape, container: Size, invalidation: Invalidation) throws(GridError) -> SectionShift? {
        try update(data: data, container: container, invalidation: invalidation)
    }
}
