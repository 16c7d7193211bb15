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
        guard isPrepared, var tops = rowTops, configuration == prepared, case .unchanged = invalidation.container,
              case .edited(.setItemSizes(let items)) = invalidation.data,
              data.sectionCount == self.data.sectionCount, data.itemCounts.elementsEqual(self.data.itemCounts),
              let first = items.lazy.map(\.path.section).min(), first >= 0, first < data.sectionCount
        else {
            try prepare(data: data, container: container)
            return
        }
        tops.relay(from: first, data: data, config: prepared)
        let height = tops.tops[tops.count]
        guard height.isFinite else {
            throw .invalidData("itemHeights", height, expected: "heights small enough that the content height of \(tops.count) rows stays finite")
        }
        rowTops = tops
        self.data = data
        contentSize = Size(width: contentSize.width, height: height)
    }
}
