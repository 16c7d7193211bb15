import GridCore

/// The waterfall ("Pinterest-style") layout: each item goes into the column that is
/// shortest when its turn comes, sections one under another with full-width headers and
/// footers.
///
/// With container width `W`, `k` columns, column spacing `g`, item spacing `v`, insets
/// `(top, left, bottom, right)` around each section's items, header height `t`, footer
/// height `f`:
///
/// - column width `w = floor((W − left − right − g·(k−1)) / k)`, which must be > 0; column
///   `j` at `x_j = left + j·(w + g)`;
/// - `y` starts at 0. Each section: the header (when `t > 0`) is `(0, y, W, t)`, `y += t`;
///   every column's height `H_j = y + top`; each item in order goes to the column with the
///   smallest `H_j` (ties: the lowest `j`), frame `(x_j, H_j, w, h)`, then
///   `H_j += h + v`; after the items, `y = max_j H_j − v + bottom` when the section had
///   items, else `y + top + bottom`; the footer (when `f > 0`) is `(0, y, W, f)`, `y += f`;
/// - an item's height `h` is, for data with item sizes `(width, height)` read as sizes
///   (``Configuration/ItemSizing/scaled``), `floor(height · w / width)` and at least 1: the
///   photo scaled to the column keeping its aspect ratio; read as heights
///   (``Configuration/ItemSizing/heights``), `height`; without sizes,
///   ``Configuration/itemHeight``;
/// - measured sizes (``Configuration/estimated``): the data's sizes are those known now,
///   each item's measured size or, not yet measured, the estimate, and heights come from
///   them as above. Which column an item goes into is ``Configuration/lanes``:
///   ``ColumnChoice/rebalance``, the smallest `H_j` as above (a measurement may move
///   later items to other lanes); ``ColumnChoice/stable``, the column it would take
///   were every item at the estimate: the columns then grow alike, so item `m` of a section
///   goes to column `m mod k`, whatever the measurements. Either is a function of the data
///   as known now, never of the order of the measurements;
/// - content size `(W, y)`: the smallest that holds every frame plus a bottom inset that the
///   parameters and the item counts fix (law 9 along y, see ``traits``).
///
/// Where floating-point rounding would leave a section's last item an ulp below
/// `max_j H_j − v + bottom` (spacings that are not binary fractions), the section ends at
/// that item's bottom instead, so that frames never leave the content nor meet the next
/// section. With whole or binary-fraction values this never happens.
///
/// An item is placed at the smallest column height, and column heights only grow, so the
/// items of a section start at non-decreasing `y` in item order, even though their frames
/// are not sorted by `y` across columns by their bottoms. That is what the rect query uses.
/// Placed by estimate (`m mod k`), only the items of one column start at non-decreasing
/// `y`: the query stops once one item of every column has started below the rect.
///
/// Section headers do not pin: like the waterfall layouts of collection views
/// (CHTCollectionViewWaterfallLayout's), they scroll with their section.
///
/// What is kept (on demand): per section its top, the `y` of its footer, and every
/// ``checkpointInterval`` items the k column heights before that item, so that a
/// measurement re-lays from a checkpoint and moves the later ones by range (per-column
/// Fenwick trees over the checkpoints: see ``prepare(data:container:invalidation:)``).
/// Nothing per item.
///
/// - Complexity: prepare O(n·k) time for n items; memory O(S + k·n/B) for
///   B = ``checkpointInterval`` (no per-item storage beyond the data's own sizes; twice
///   k·n/B with estimated sizes, for the trees). Reading a checkpoint's column height is
///   O(1), or O(log(n/B)) once a measurement has moved checkpoints. Rect query
///   O(log S + log(n/B)·k·L + (B + r + m)·k + k·L), L = 1 or, once moved, log(n/B): a
///   binary search for the first section,
///   then for the last checkpoint whose columns all end at or above the rect, from which
///   items are replayed (O(k) each, to find the shortest column) until one starts below
///   the rect; m is the number of elements returned and r the number of items placed beside
///   an item that crosses the rect's top from above one checkpoint (0 unless some item is
///   taller than the rect is from that checkpoint: one item 100× taller than the rest
///   costs up to about 100 more items per column). Per-item query O(B·k); header and
///   footer queries O(1).
public struct Waterfall: GridLayout, Sendable {
    /// Every how many items of a section the layout keeps the column heights.
    public static let checkpointInterval = 32

    /// The parameters; changing them takes effect at the next ``prepare(data:container:)``.
    public var configuration: Configuration

    /// The parameters in force since the last successful prepare.
    var prepared: Configuration
    var data = DataShape.empty
    var containerWidth = 0.0
    /// The width of every column, `w`, once prepared.
    public internal(set) var columnWidth = 0.0
    /// `sectionTops[s]` is where section `s` starts (its header's `y`); the extra last entry
    /// is the content height.
    var sectionTops: [Double] = [0]
    /// The `y` of each section's footer: where its items and bottom inset end.
    var footerTops: [Double] = []
    /// `checkpoints[checkpointStarts[s] + m, j]` is `H_j` before item `m·B` of section `s`
    /// is placed (held so that a measurement moves a range of them in O(log C): see
    /// `CheckpointHeights`).
    var checkpoints = CheckpointHeights()
    var checkpointStarts: [Int] = [0]
    /// The sum of every item's height, in item order.
    var heightSum = 0.0
    /// Whether every sum the layout makes is exact: the spacings, insets, header and footer
    /// heights and every item's height are multiples of 2⁻¹⁰ (see `isExact`); `nil` until the
    /// first measurement after a prepare asks (a prepare with estimated sizes works it out at once),
    /// so that the prepare of a layout that is never measured pays nothing for it.
    var sumsAreExact: Bool?
    var isPrepared = false
    /// ``traits``, made at each prepare (see `makeTraits`).
    var preparedTraits = LayoutTraits()
    /// The mean item height plus the item spacing, for the declared line height.
    var meanLine = 0.0
    /// Items that changed lane in told measurements since the layout was made
    /// (``laneChanges``).
    var laneChangeCount = 0
    /// Items the last told edit (an insert, delete or move) laid again: for tests of how far
    /// an edit re-lays (`followEdit`).
    var editRelaidItems = 0

    public internal(set) var contentSize = Size.zero

    public init(_ configuration: Configuration = .standard) {
        self.configuration = configuration
        self.prepared = configuration
        self.preparedTraits = makeTraits()
    }

    /// Lays out `data` in a container `container.width` wide.
    ///
    /// - Throws: `GridError` for a parameter out of range, a container size that
    ///   is not finite and ≥ 0, a container too narrow for a column width > 0, or a content
    ///   height that is not finite.
    /// - Complexity: O(n·k) time, O(S + k·n/B) memory.
    public mutating func prepare(data: DataShape, container: Size) throws(GridError) {
        let config = configuration
        try config.validate()
        try GridError.requireNonNegative(container.width, "container.width")
        try GridError.requireNonNegative(container.height, "container.height")
        let k = config.columns
        let w = config.columnWidth(containerWidth: container.width)
        guard w > 0 else {
            throw .invalidParameter(
                "container.width", container.width,
                expected: "room for \(k) columns with spacing \(config.columnSpacing) and insets \(config.insets.left) + \(config.insets.right): "
                    + "column width floor((W − left − right − g·(k−1))/k) comes out \(w), must be > 0")
        }
        let b = Self.checkpointInterval
        let sectionCount = data.sectionCount
        let t = config.headerHeight, f = config.footerHeight
        let insets = config.insets
        var tops = [Double](repeating: 0, count: sectionCount + 1)
        var footers = [Double](repeating: 0, count: sectionCount)
        // Each section's checkpoints are known from its count: ⌈c/B⌉ of them.
        var checkpointStarts = [Int](repeating: 0, count: sectionCount + 1)
        for section in 0..<sectionCount {
            let count = data.itemCounts[section]
            checkpointStarts[section + 1] = checkpointStarts[section] + (count + b - 1) / b
        }
        let checkpointCount = checkpointStarts[sectionCount]
        var checkpoints = [Double](repeating: 0, count: checkpointCount * k)
        var heightSum = 0.0
        var y = 0.0
        let height = ItemHeight(config, data: data, columnWidth: w)
        checkpoints.withUnsafeMutableBufferPointer { checkpoints in
            var stopped: (index: Int, by: Double)?
            for section in 0..<sectionCount {
                tops[section] = y
                y += t
                let start = y + insets.top
                let count = data.itemCounts[section]
                if count > 0 {
                    let base = checkpointStarts[section] * k
                    for j in 0..<k { checkpoints[base + j] = start }
                    y = Self.layItems(
                        of: section, fromCheckpoint: 0, data: data, config: config, height: height,
                        checkpointStart: checkpointStarts[section], base: checkpoints, tree: nil,
                        heightSum: &heightSum, stopped: &stopped)
                } else {
                    y = y + insets.top + insets.bottom
                }
                footers[section] = y
                y += f
            }
        }
        tops[sectionCount] = y
        guard y.isFinite else {
            throw .invalidParameter(
                data.itemSizes == nil ? "itemHeight" : "itemSizes", data.itemSizes == nil ? config.itemHeight : heightSum,
                expected: "heights small enough that the content height of \(sectionCount) sections stays finite")
        }
        self.heightSum = heightSum
        self.sumsAreExact = nil
        self.isPrepared = true
        self.data = data
        self.containerWidth = container.width
        self.columnWidth = w
        self.sectionTops = tops
        self.footerTops = footers
        self.checkpoints = CheckpointHeights(base: checkpoints, columns: k)
        self.checkpointStarts = checkpointStarts
        self.meanLine = (data.totalItems > 0 ? heightSum / Double(data.totalItems) : config.itemHeight) + config.itemSpacing
        self.prepared = config
        self.contentSize = Size(width: container.width, height: y)

        self.preparedTraits = makeTraits()
        // With estimated sizes measurements will come: whether they can be followed in place
        // is learnt here, in the prepare's O(n), rather than in the first measuring frame.
        // Room for the moves too, so that measuring frames allocate nothing.
        if config.estimated != nil {
            _ = knowsSumsAreExact()
            self.checkpoints.reserveMoves()
        }
    }

    /// What the frames declare, from the last successful prepare: cells never overlap; a
    /// line is the mean item height plus the item spacing; headers and footers where their
    /// heights are > 0; no pinning (see the type's documentation); law 9 along y
    /// (see `tightness`); law 10 with each item its own line (`MeasurementLocality.item`):
    /// an item's lane and `y` depend on the items before it in its section alone (or on its
    /// index, placed by estimate), so a measurement moves nothing before the measured item,
    /// in either lane rule.
    public var traits: LayoutTraits { preparedTraits }

    /// The traits of the last prepare, kept so that reading them allocates nothing (a
    /// viewport reads them after every measurement).
    func makeTraits() -> LayoutTraits {
        var supplementaries: [SupplementaryPaths] = []
        if prepared.headerHeight > 0 { supplementaries.append(SupplementaryPaths(.sectionHeader, .perSection)) }
        if prepared.footerHeight > 0 { supplementaries.append(SupplementaryPaths(.sectionFooter, .perSection)) }
        return LayoutTraits(
            cellsDoNotOverlap: true, lineHeight: meanLine > 0 ? meanLine : nil,
            scrollAxes: .vertical, supplementaries: supplementaries, pinning: [], tightness: tightness,
            measurementLocality: .item)
    }

    /// Law 9 along y: sections follow one another down the content, so the farthest frame
    /// is in the last section that places one, and what follows it is fixed by the
    /// parameters and the item counts alone:
    ///
    /// - with footers (`f > 0`) every section ends with its footer: no bottom inset;
    /// - with headers and no footers, the last section ends `bottom` below its tallest
    ///   column's last item, or, empty, `top + bottom` below its header;
    /// - with neither, an empty section places no frame but still takes `top + bottom`:
    ///   the `e` empty sections at the end add `e·(top + bottom)` to the last non-empty
    ///   section's `bottom`; with no item at all the content is `S·(top + bottom)`.
    ///
    /// The tallest column decides where a section ends, not the column of its last item: a
    /// content height taken from the last column, or one line too long, breaks it. Not
    /// along x: the column width is rounded down, which leaves up to `k` points of slack.
    /// - Complexity: O(e) for e trailing empty sections.
    var tightness: ContentTightness {
        let insets = prepared.insets
        let sectionSpace = insets.top + insets.bottom
        let bottom: Double
        if data.sectionCount == 0 || prepared.footerHeight > 0 {
            bottom = 0
        } else if prepared.headerHeight > 0 {
            bottom = data.itemCounts[data.sectionCount - 1] > 0 ? insets.bottom : sectionSpace
        } else {
            var empty = 0
            for count in data.itemCounts.reversed() {
                guard count == 0 else { break }
                empty += 1
            }
            bottom = empty == data.sectionCount
                ? Double(empty) * sectionSpace
                : insets.bottom + Double(empty) * sectionSpace
        }
        return ContentTightness(axes: .vertical, insets: ContentInsets(bottom: bottom))
    }

    /// `top_s` of section `s` (its header's `y`), or the content height for
    /// `s == sectionCount`.
    public func sectionTop(_ section: Int) -> Double? {
        sectionTops.indices.contains(section) ? sectionTops[section] : nil
    }
}

// MARK: - Heights

extension Waterfall {
    /// Each item's height, as the parameters and the data say.
    struct ItemHeight {
        let sizes: [Size]?
        let scaled: Bool
        let fixed: Double
        let columnWidth: Double

        init(_ configuration: Configuration, data: DataShape, columnWidth: Double) {
            sizes = data.itemSizes
            scaled = configuration.itemSizing == .scaled
            fixed = configuration.itemHeight
            self.columnWidth = columnWidth
        }

        /// The height of the item at flat index `flat`.
        @inline(__always)
        func of(_ flat: Int) -> Double {
            guard let sizes else { return fixed }
            let size = sizes[flat]
            guard scaled else { return size.height }
            return max(1, (size.height * columnWidth / size.width).rounded(.down))
        }
    }
}

// MARK: - Laying a section

extension Waterfall {
    /// Lays the items of `section` from its checkpoint `m` on: reads the column heights kept
    /// there, places every item from `m·B` to the section's end (or
    /// to `end`, a checkpoint's item, writing that checkpoint too), writes the checkpoints
    /// after `m` and returns where the section's items and bottom inset end (its footer's
    /// `y`; meaningless when it stopped at `end`). The one loop of ``prepare(data:container:)`` and of a
    /// told measurement, so that both give the same answers bit for bit.
    ///
    /// Where the section ends is the larger of its tallest column (less `v`, plus the bottom
    /// inset) and the lowest bottom of its items. From checkpoint 0 that lowest bottom is
    /// accumulated item by item, as `prepare` always has; from a later checkpoint (a told
    /// measurement, which sums exactly) it starts as the largest `H_j − v` over the columns
    /// that hold an item by then (the first `min(k, m·B)`: the first k items fill the k
    /// columns in order): with exact sums a column's height is its last item's bottom plus
    /// `v`, bit for bit.
    ///
    /// With `stopAfter` (a told measurement whose last measured item in the section is
    /// `stopAfter.item`, exact sums), it stops at the first checkpoint after that item where
    /// every column is `d` taller than the checkpoint kept there (all by the same `d`): the
    /// items after it are those laid before, with the same heights, and the columns compare
    /// as before (`a + d < b + d` exactly when `a < b`, the sums being exact), so every item
    /// goes to its old lane `d` lower. It then sets `stopped` to that checkpoint (a flat
    /// index) and `d`, for the caller to move the section's later checkpoints by `d`, and
    /// returns `stopAfter.oldEnd + d`, where the section ended before, moved likewise.
    ///
    /// The checkpoints are `base` and, once a measurement has moved them, `tree`
    /// (`CheckpointHeights`): raw buffers, so that `prepare`'s loop writes them as plainly
    /// as it always has.
    ///
    /// `heightSum` gets every height placed added to it, in order.
    /// - Complexity: O((c − m·B)·k) for c items in the section (to the checkpoint where it
    ///   stops, with `stopAfter`), plus O(k·log C) per checkpoint written once a measurement
    ///   has moved checkpoints.
    static func layItems(
        of section: Int, fromCheckpoint m: Int, through end: Int? = nil, data: DataShape, config: Configuration, height: ItemHeight,
        checkpointStart: Int, base: UnsafeMutableBufferPointer<Double>, tree: UnsafeBufferPointer<Double>?,
        heightSum: inout Double, stopAfter: (item: Int, oldEnd: Double)? = nil, stopped: inout (index: Int, by: Double)?
    ) -> Double {
        let k = config.columns, b = checkpointInterval, v = config.itemSpacing
        let byEstimate = config.lanesByEstimate
        let first = data.sectionStarts[section], count = data.itemCounts[section]
        let stop = min(end ?? count, count)
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: k) { heights in
            // A checkpoint's column height, and one written (`CheckpointHeights` subscript and
            // `set`, over the buffers).
            @inline(__always) func read(_ index: Int, _ j: Int) -> Double {
                guard let tree else { return base[index * k + j] }
                return base[index * k + j] + CheckpointHeights.prefix(tree, columns: k, index, j)
            }
            var j = 0
            while j < k {
                heights[j] = read(checkpointStart + m, j)
                j += 1
            }
            var lowest = -Double.infinity
            if m > 0 {
                let filled = min(k, m * b)
                j = 0
                while j < filled {
                    lowest = max(lowest, heights[j] - v)
                    j += 1
                }
            }
            var item = m * b
            while item <= stop {
                if item % b == 0 && item > m * b && item < count {
                    let index = checkpointStart + item / b
                    if let stopAfter, item > stopAfter.item {
                        let d = heights[0] - read(index, 0)
                        j = 1
                        while j < k && heights[j] - read(index, j) == d { j += 1 }
                        if j == k {
                            stopped = (index, d)
                            return stopAfter.oldEnd + d
                        }
                    }
                    j = 0
                    while j < k {
                        if let tree {
                            base[index * k + j] = heights[j] - CheckpointHeights.prefix(tree, columns: k, index, j)
                        } else {
                            base[index * k + j] = heights[j]
                        }
                        j += 1
                    }
                }
                if item == stop { break }
                let lane = lane(of: item, byEstimate: byEstimate, heights: UnsafeBufferPointer(heights))
                let h = height.of(first + item)
                heightSum += h
                lowest = max(lowest, heights[lane] + h)
                heights[lane] += h + v
                item += 1
            }
            var tallest = heights[0]
            j = 1
            while j < k {
                tallest = max(tallest, heights[j])
                j += 1
            }
            return max(tallest - v + config.insets.bottom, lowest)
        }
    }

    /// Whether `x` is a multiple of 2⁻¹⁰ below 2⁴¹ in magnitude: sums of such values below
    /// 2⁴² are exact, whatever the order of the additions. Checked for every item in
    /// `prepare`, so without a call to `trunc`: adding and taking away 1.5·2⁵² rounds
    /// `x·2¹⁰` to an integer, which changes it unless it was one.
    @inline(__always)
    static func isExact(_ x: Double) -> Bool {
        let scaled = x * 0x1p10
        let magic = 0x1.8p52
        return abs(scaled) < 0x1p51 && (scaled + magic) - magic == scaled
    }

    /// Whether the parameters that go into the sums along y (`t`, `f`, `v`, top and bottom
    /// insets) are multiples of 2⁻¹⁰.
    static func parametersAreExact(_ config: Configuration) -> Bool {
        isExact(config.headerHeight) && isExact(config.footerHeight) && isExact(config.itemSpacing)
            && isExact(config.insets.top) && isExact(config.insets.bottom)
    }
}

// MARK: - Queries

extension Waterfall {
    /// `x_j = left + j·(w + g)`.
    @inline(__always)
    func columnX(_ j: Int) -> Double {
        prepared.insets.left + Double(j) * (columnWidth + prepared.columnSpacing)
    }

    /// Replays section `section` from its checkpoint `m`, calling `body` with each item,
    /// its column and its frame, until `body` returns `false` or the section ends. The
    /// column heights live in a scratch buffer on the stack (on the heap only for more
    /// columns than fit there).
    @inline(__always)
    private func replay(section: Int, fromCheckpoint m: Int, _ body: (Int, Rect) -> Bool) {
        let k = prepared.columns
        let v = prepared.itemSpacing
        let height = ItemHeight(prepared, data: data, columnWidth: columnWidth)
        let count = data.itemCounts[section], first = data.sectionStarts[section]
        let index = checkpointStarts[section] + m
        withUnsafeTemporaryAllocation(of: Double.self, capacity: k) { heights in
            var j = 0
            while j < k {
                heights[j] = checkpoints[index, j]
                j += 1
            }
            var item = m * Self.checkpointInterval
            let byEstimate = prepared.lanesByEstimate
            while item < count {
                let j = Self.lane(of: item, byEstimate: byEstimate, heights: UnsafeBufferPointer(heights))
                let h = height.of(first + item)
                let frame = Rect(x: columnX(j), y: heights[j], width: columnWidth, height: h)
                if !body(item, frame) { return }
                heights[j] += h + v
                item += 1
            }
        }
    }

    /// The lane of the section's `item`th item, its columns `heights` tall so far: the
    /// shortest column (the leftmost of equals), or `item mod k` when lanes go by the
    /// estimate. The one lane rule, of `prepare` and of the checkpoint replay that answers
    /// queries; over a buffer, not an array or a generic collection, so that neither a
    /// debug build's scroll frame nor a release one allocates to call it.
    @inline(__always)
    static func lane(of item: Int, byEstimate: Bool, heights: UnsafeBufferPointer<Double>) -> Int {
        let k = heights.count
        if byEstimate { return item % k }
        var j = 0, column = 1
        while column < k {
            if heights[column] < heights[j] { j = column }
            column += 1
        }
        return j
    }

    /// The largest column height at checkpoint `index` (a flat checkpoint index).
    @inline(__always)
    private func tallest(atCheckpoint index: Int) -> Double {
        let k = prepared.columns
        var j = 1
        var result = checkpoints[index, 0]
        while j < k {
            result = max(result, checkpoints[index, j])
            j += 1
        }
        return result
    }

    /// - Complexity: O(log S + log(n/B)·k·L + (B + r + m)·k + k·L); see the type's
    ///   documentation.
    public func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        guard !rect.isEmpty else { return }
        let qMinX = rect.minX, qMaxX = rect.maxX, qMinY = rect.minY, qMaxY = rect.maxY
        guard !(qMinX.isNaN || qMaxX.isNaN || qMinY.isNaN || qMaxY.isNaN) else { return }
        let sectionCount = data.sectionCount
        let t = prepared.headerHeight, f = prepared.footerHeight
        // The first section that ends below the rect's top.
        var low = 0, high = sectionCount
        while low < high {
            let mid = (low + high) / 2
            if sectionTops[mid + 1] > qMinY { high = mid } else { low = mid + 1 }
        }
        var section = low
        while section < sectionCount && sectionTops[section] < qMaxY {
            let top = sectionTops[section]
            if t > 0 {
                let header = Rect(x: 0, y: top, width: containerWidth, height: t)
                if header.intersects(rect) {
                    buffer.append(LayoutAttributes(kind: .sectionHeader, path: ItemPath(section: section, item: 0), frame: header))
                }
            }
            if data.itemCounts[section] > 0 {
                appendItems(of: section, rect, into: &buffer)
            }
            if f > 0 {
                let footer = Rect(x: 0, y: footerTops[section], width: containerWidth, height: f)
                if footer.intersects(rect) {
                    buffer.append(LayoutAttributes(kind: .sectionFooter, path: ItemPath(section: section, item: 0), frame: footer))
                }
            }
            section += 1
        }
    }

    /// The items of `section` that meet `rect`.
    @inline(__always)
    private func appendItems(of section: Int, _ rect: Rect, into buffer: inout [LayoutAttributes]) {
        let qMinY = rect.minY, qMaxY = rect.maxY
        // The last checkpoint at which every column ends at or above the rect's top: every
        // item placed before it ends there too. Column heights only grow, so the tallest
        // column's height grows with the checkpoints.
        let first = checkpointStarts[section], end = checkpointStarts[section + 1]
        var low = first + 1, high = end
        while low < high {
            let mid = (low + high) / 2
            if tallest(atCheckpoint: mid) <= qMinY { low = mid + 1 } else { high = mid }
        }
        let m = low - 1 - first
        // Placed in the shortest column, items start at non-decreasing y: once one starts
        // below the rect, all do. Placed by estimate (`m mod k`), each column's items start
        // lower and lower: once k in a row (one in each column) start below the rect, all do.
        let stopAfter = prepared.lanesByEstimate ? prepared.columns : 1
        var belowInARow = 0
        replay(section: section, fromCheckpoint: m) { item, frame in
            guard frame.minY < qMaxY else {
                belowInARow += 1
                return belowInARow < stopAfter
            }
            belowInARow = 0
            if frame.intersects(rect) {
                buffer.append(.cell(ItemPath(section: section, item: item), frame: frame))
            }
            return true
        }
    }

    /// - Complexity: O(B·k), plus O(k·log(n/B)) once a measurement has moved checkpoints.
    public func attributes(at path: ItemPath) -> LayoutAttributes? {
        guard data.contains(path) else { return nil }
        var found = Rect.zero
        replay(section: path.section, fromCheckpoint: path.item / Self.checkpointInterval) { item, frame in
            guard item == path.item else { return true }
            found = frame
            return false
        }
        return .cell(path, frame: found)
    }

    /// Section headers (when `t > 0`) and footers (when `f > 0`) at `(section, 0)`, the
    /// container's full width.
    /// - Complexity: O(1).
    public func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? {
        guard path.item == 0, path.section >= 0, path.section < data.sectionCount else { return nil }
        switch kind {
        case .sectionHeader where prepared.headerHeight > 0:
            return LayoutAttributes(
                kind: kind, path: path, frame: Rect(x: 0, y: sectionTops[path.section], width: containerWidth, height: prepared.headerHeight))
        case .sectionFooter where prepared.footerHeight > 0:
            return LayoutAttributes(
                kind: kind, path: path, frame: Rect(x: 0, y: footerTops[path.section], width: containerWidth, height: prepared.footerHeight))
        default:
            return nil
        }
    }
}
