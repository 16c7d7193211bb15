import GridCore

/// The columnar grouped layout: a grouped table view in k columns, each section going
/// whole into the column that is shortest when its turn comes (khanlou's
/// ColumnarGroupedTableView, "a naive layout that places each section below the column with
/// the shortest height at the time that that section is processed").
///
/// With container width `W`, `k` columns, column spacing `g`, section spacing `s`, header
/// height `t`, footer height `f` and item heights `h_m` (each item's own, or one for all):
///
/// - column width `w = floor((W − g·(k+1)) / k)`, which must be > 0; column `j` starts at
///   `x_j = g + j·(w + g)`; column heights `H_j` start at 0;
/// - sections in order: `j` is the column with the smallest `H_j` (ties: the lowest `j`),
///   `top = H_j + s`; with estimated heights and ``ColumnChoice/stable``
///   placement (see below), the column with the smallest `E_j` instead; the header (when `t > 0`) is `(x_j, top, w, t)`; items follow from
///   `y = top + t`, each `(x_j, y, w, h_m)`, `y += h_m`; the footer (when `f > 0`) is
///   `(x_j, y, w, f)`, `y += f`; then `H_j = y`. An empty section still takes its spacing,
///   header and footer;
/// - content size `(W, max_j H_j + s)`, or `(W, 0)` with no sections: `s` below the farthest
///   frame wherever every section places one (law 9 along y, see ``traits``). Where an empty
///   section has neither header nor footer the space below the farthest frame depends on
///   the placement, and law 9 is not declared (see ``traits``).
///
/// Measured heights (``Configuration/estimated``): the data's heights are those known now,
/// each cell's measured height or, not yet measured, the estimate `e`. Frames are laid with
/// them as above. Which column a section goes into is ``Configuration/placement``:
/// ``ColumnChoice/rebalance``, the smallest `H_j` as above (a measurement may move
/// a section to another column); ``ColumnChoice/stable``, the smallest `E_j`,
/// the column heights were every cell `e` tall: `E_j` start at 0 and each section adds
/// `s + t + c·e + f` for its `c` cells to its column's. The second depends on the counts
/// alone, so a measurement never moves a section. Either is a function of the data as
/// known now, never of the order of the measurements.
///
/// Every cell carries its `GroupPosition` in its section: `single` when the
/// section holds one item, otherwise `top` for the first, `bottom` for the last and
/// `middle` between.
///
/// Section headers do not pin: a grouped table view's headers scroll with their group, and
/// with groups side by side in columns "the next header along y" may belong to another
/// column, so the pin rule of a plain list would push a header out from under its own
/// group.
///
/// What is kept (on demand): per section its column, its top and where its items end, and
/// the `y` of every ``checkpointInterval``-th item; per column the list of its sections, in
/// order. Everything else is computed when asked for.
///
/// - Complexity: prepare O(n + S·k) time for n items in S sections; memory O(S + n/B + k)
///   for B = ``checkpointInterval`` (no per-item storage beyond the data's own sizes). Rect
///   query O(k·log S + k·s + B + m) for the s sections met: for each column the rect meets, a binary search for the
///   first section ending below its top, then the sections it meets, merged across
///   columns by section index so that the answer comes in `ElementID` order
///   (O(k) per section); a section's items are walked from the last checkpoint at or above
///   the rect (at most B items before the first one returned); m is the number of elements
///   returned. Per-item query O(B); header and footer queries O(1).
public struct ColumnarGrouped: GridLayout, Sendable {
    /// Every how many items of a section the layout keeps the `y` of an item, so that an
    /// item's frame is found by walking at most this many heights.
    public static let checkpointInterval = 32

    /// The parameters; changing them takes effect at the next ``prepare(data:container:)``.
    public var configuration: Configuration

    /// The parameters in force since the last successful prepare.
    var prepared: Configuration
    var data = DataShape.empty
    var containerWidth = 0.0
    /// The width of every column, `w`, once prepared.
    public internal(set) var columnWidth = 0.0
    /// The column each section went into.
    var sectionColumns: [Int32] = []
    /// `top` of each section: where its header starts.
    var sectionTops: [Double] = []
    /// Where each section's items end: its footer's `y`.
    var itemEnds: [Double] = []
    /// `checkpoints[checkpointStarts[s] + m − 1]` is the `y` of item `m·B` of section `s`
    /// (`m ≥ 1`; item 0 starts at `top + t`).
    var checkpoints: [Double] = []
    var checkpointStarts: [Int] = [0]
    /// `columnSections[columnStarts[j] ..< columnStarts[j + 1]]` are the sections of column
    /// `j`, top to bottom.
    var columnSections: [Int32] = []
    var columnStarts: [Int] = [0]
    /// The mean cell height, for the declared line height.
    var meanItemHeight = 0.0
    /// Sections that changed column in told measurements since the layout was made
    /// (``laneChanges``).
    var laneChangeCount = 0
    /// The sum of every item's height, in item order.
    var heightSum = 0.0
    /// Whether every sum the layout makes is exact: the section spacing, header and footer
    /// heights and every item's height are multiples of 2⁻¹⁰ (see `isExact`); `nil` until the
    /// first measurement after a prepare asks (a prepare with estimated sizes works it out at once),
    /// so that the prepare of a layout that is never measured pays nothing for it.
    var sumsAreExact: Bool?
    var isPrepared = false
    /// ``traits``, made at each prepare (see `makeTraits`).
    var preparedTraits = LayoutTraits()

    public internal(set) var contentSize = Size.zero

    public init(_ configuration: Configuration = .standard) {
        self.configuration = configuration
        self.prepared = configuration
        self.preparedTraits = makeTraits()
    }

    /// Lays out `data` in a container `container.width` wide. When the data carries item
    /// sizes, each item's height is its size's height (its width plays no part: the
    /// column sets it); otherwise every item is ``Configuration/itemHeight`` tall.
    ///
    /// - Throws: `GridError` for a parameter out of range, a container size that
    ///   is not finite and ≥ 0, a container too narrow for a column width > 0, or a content
    ///   height that is not finite.
    /// - Complexity: O(n + S·k) time, O(S + n/B + k) memory.
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
                expected: "room for \(k) columns with spacing \(config.columnSpacing): column width "
                    + "floor((W − g·(k+1))/k) comes out \(w), must be > 0")
        }
        let sectionCount = data.sectionCount
        let s = config.sectionSpacing, t = config.headerHeight, f = config.footerHeight
        let b = Self.checkpointInterval
        var heights = [Double](repeating: 0, count: k)
        var columns = [Int32]()
        var tops = [Double]()
        var ends = [Double]()
        columns.reserveCapacity(sectionCount)
        tops.reserveCapacity(sectionCount)
        ends.reserveCapacity(sectionCount)
        var checkpoints = [Double]()
        checkpoints.reserveCapacity(data.totalItems / b + 1)
        var checkpointStarts = [Int]()
        checkpointStarts.reserveCapacity(sectionCount + 1)
        var heightSum = 0.0
        let sizes = data.itemSizes
        // With stable placement of estimated heights, the columns are chosen by the heights
        // they would have were every cell `e` tall (`chosen`), and filled with the heights
        // known now (`heights`).
        let estimate = config.placementEstimate
        var chosen = estimate == nil ? [] : [Double](repeating: 0, count: k)
        for section in 0..<sectionCount {
            var j = 0
            var column = 1
            if let estimate {
                while column < k {
                    if chosen[column] < chosen[j] { j = column }
                    column += 1
                }
                chosen[j] = chosen[j] + s + t + Double(data.itemCounts[section]) * estimate + f
            } else {
                while column < k {
                    if heights[column] < heights[j] { j = column }
                    column += 1
                }
            }
            let top = heights[j] + s
            var y = top + t
            checkpointStarts.append(checkpoints.count)
            let first = data.sectionStarts[section], count = data.itemCounts[section]
            var item = 0
            while item < count {
                if item > 0 && item % b == 0 { checkpoints.append(y) }
                let h = sizes?[first + item].height ?? config.itemHeight
                heightSum += h
                y += h
                item += 1
            }
            columns.append(Int32(j))
            tops.append(top)
            ends.append(y)
            heights[j] = y + f
        }
        checkpointStarts.append(checkpoints.count)
        let tallest = heights.max() ?? 0
        let contentHeight = sectionCount == 0 ? 0 : tallest + s
        guard contentHeight.isFinite else {
            throw .invalidParameter(
                data.itemSizes == nil ? "itemHeight" : "itemHeights", data.itemSizes == nil ? config.itemHeight : heightSum,
                expected: "heights small enough that the content height of \(sectionCount) sections stays finite")
        }
        var columnStarts = [Int](repeating: 0, count: k + 1)
        var columnSections = [Int32](repeating: 0, count: sectionCount)
        Self.sortByColumn(columns, into: &columnSections, starts: &columnStarts)
        self.data = data
        self.containerWidth = container.width
        self.columnWidth = w
        self.sectionColumns = columns
        self.sectionTops = tops
        self.itemEnds = ends
        self.checkpoints = checkpoints
        self.checkpointStarts = checkpointStarts
        self.columnSections = columnSections
        self.columnStarts = columnStarts
        self.meanItemHeight = data.totalItems > 0 ? heightSum / Double(data.totalItems) : config.itemHeight
        self.heightSum = heightSum
        self.sumsAreExact = nil
        self.isPrepared = true
        self.prepared = config
        self.contentSize = Size(width: container.width, height: contentHeight)

        self.preparedTraits = makeTraits()
        // With estimated sizes measurements will come: whether they can be followed in place
        // is learnt here, in the prepare's O(n), rather than in the first measuring frame.
        if config.estimated != nil { _ = knowsSumsAreExact() }
    }

    /// What the frames declare, from the last successful prepare: cells never overlap; a
    /// line is the mean item height; headers and footers where their heights are > 0; no
    /// pinning (see the type's documentation); law 9 along y where it can be declared
    /// (see `tightness`); law 10 with each item its own line
    /// (`MeasurementLocality.item`): a section's column is chosen from the sections before
    /// it (or from the counts alone, placed by estimate) and a cell's `y` from the heights
    /// above it in its section, so a measurement moves nothing before the measured cell, in
    /// either placement.
    public var traits: LayoutTraits { preparedTraits }

    /// The traits of the last prepare, kept so that reading them allocates nothing (a
    /// viewport reads them after every measurement).
    func makeTraits() -> LayoutTraits {
        var supplementaries: [SupplementaryPaths] = []
        if prepared.headerHeight > 0 { supplementaries.append(SupplementaryPaths(.sectionHeader, .perSection)) }
        if prepared.footerHeight > 0 { supplementaries.append(SupplementaryPaths(.sectionFooter, .perSection)) }
        return LayoutTraits(
            cellsDoNotOverlap: true, lineHeight: meanItemHeight > 0 ? meanItemHeight : nil,
            scrollAxes: .vertical, supplementaries: supplementaries, pinning: [], tightness: tightness,
            measurementLocality: .item)
    }

    /// Law 9 along y, where every section places a frame: with headers (`t > 0`), footers
    /// (`f > 0`) or no empty section. Each column then ends with a frame of its last
    /// section (the footer, else the last item, else the header), so the farthest frame
    /// ends the tallest column and the content is that plus the section spacing `s`: a
    /// bottom inset of `s`. With no sections the content is 0: no inset.
    ///
    /// Not declared when an empty section has neither header nor footer. It places no
    /// frame but still takes `s` in the column that is shortest at its turn, and the
    /// content ends `s` below the tallest column, so the space after the farthest frame is
    /// `s` plus however far frameless sections carried some column past every frame. That
    /// depends on where the placement put them, not on the parameters: with 2 columns,
    /// `s = 5`, items of 44 and sections `[1, 0 × 10]`, the item ends at 49 while ten
    /// frameless sections lift the other column to 50, so 6 follows the farthest frame;
    /// with `[1, 0]`, 5. An inset that has to replay the placement to be known would only
    /// check the layout against itself.
    /// - Complexity: O(S) for S sections.
    private var tightness: ContentTightness? {
        if data.sectionCount == 0 { return ContentTightness(axes: .vertical) }
        let everySectionPlacesAFrame = prepared.headerHeight > 0 || prepared.footerHeight > 0 || !data.itemCounts.contains(0)
        guard everySectionPlacesAFrame else { return nil }
        return ContentTightness(axes: .vertical, insets: ContentInsets(bottom: prepared.sectionSpacing))
    }

    /// The column section `section` went into, once prepared.
    /// - Complexity: O(1).
    public func column(ofSection section: Int) -> Int? {
        sectionColumns.indices.contains(section) ? Int(sectionColumns[section]) : nil
    }
}

// MARK: - Sections by column

extension ColumnarGrouped {
    /// Sections by column, in order: a counting sort of the section indices by `columns`,
    /// written over `columnSections` (one entry a section) and `starts` (one a column, plus
    /// one), whose sizes it keeps.
    /// - Complexity: O(S + k); allocates nothing for up to a few hundred columns.
    static func sortByColumn(_ columns: [Int32], into columnSections: inout [Int32], starts: inout [Int]) {
        let k = starts.count - 1
        var j = 0
        while j <= k {
            starts[j] = 0
            j += 1
        }
        var section = 0
        while section < columns.count {
            starts[Int(columns[section]) + 1] += 1
            section += 1
        }
        j = 0
        while j < k {
            starts[j + 1] += starts[j]
            j += 1
        }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: k) { next in
            var j = 0
            while j < k {
                next[j] = starts[j]
                j += 1
            }
            var section = 0
            while section < columns.count {
                let column = Int(columns[section])
                columnSections[next[column]] = Int32(section)
                next[column] += 1
                section += 1
            }
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
}

// MARK: - Frames

extension ColumnarGrouped {
    /// `x_j = g + j·(w + g)`.
    @inline(__always)
    func columnX(_ j: Int) -> Double {
        prepared.columnSpacing + Double(j) * (columnWidth + prepared.columnSpacing)
    }

    /// The height of item `item` of `section` (flat index `flat`).
    @inline(__always)
    func itemHeight(flat: Int) -> Double {
        if let sizes = data.itemSizes { return sizes[flat].height }
        return prepared.itemHeight
    }

    /// The `y` of item `item` of `section`, walked from its checkpoint.
    @inline(__always)
    func itemY(section: Int, item: Int) -> Double {
        let b = Self.checkpointInterval
        let m = item / b
        var y = m == 0 ? sectionTops[section] + prepared.headerHeight : checkpoints[checkpointStarts[section] + m - 1]
        let first = data.sectionStarts[section]
        var i = m * b
        while i < item {
            y += itemHeight(flat: first + i)
            i += 1
        }
        return y
    }

    @inline(__always)
    func headerFrame(section: Int) -> Rect {
        Rect(x: columnX(Int(sectionColumns[section])), y: sectionTops[section], width: columnWidth, height: prepared.headerHeight)
    }

    @inline(__always)
    func footerFrame(section: Int) -> Rect {
        Rect(x: columnX(Int(sectionColumns[section])), y: itemEnds[section], width: columnWidth, height: prepared.footerHeight)
    }

    /// Where section `section` ends: below its footer.
    @inline(__always)
    func sectionEnd(_ section: Int) -> Double { itemEnds[section] + prepared.footerHeight }
}

// MARK: - Queries

extension ColumnarGrouped {
    /// Appends the elements meeting `rect` in `ElementID` order (section by
    /// section: header, cells, footer), so that a viewport need not sort them: the columns
    /// the rect meets are merged by section index.
    ///
    /// - Complexity: O(k + k·log S + k·s + B + m) for the s sections met; see the type's
    ///   documentation.
    public func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        guard !rect.isEmpty, !data.itemCounts.isEmpty else { return }
        let qMinX = rect.minX, qMaxX = rect.maxX, qMinY = rect.minY, qMaxY = rect.maxY
        guard !(qMinX.isNaN || qMaxX.isNaN || qMinY.isNaN || qMaxY.isNaN) else { return }
        let k = prepared.columns
        // Per column, a cursor into its sections (`cursors[2j]`) and its end (`[2j + 1]`),
        // on the stack for the usual few columns.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * k) { cursors in
            var j = 0
            while j < k {
                let x = columnX(j)
                var low = columnStarts[j], high = columnStarts[j + 1]
                let end = high
                if x < qMaxX && x + columnWidth > qMinX {
                    // The first section of the column that ends below the rect's top.
                    while low < high {
                        let mid = (low + high) / 2
                        if sectionEnd(Int(columnSections[mid])) > qMinY { high = mid } else { low = mid + 1 }
                    }
                    cursors[2 * j] = low
                    cursors[2 * j + 1] = end
                } else {
                    cursors[2 * j] = end
                    cursors[2 * j + 1] = end
                }
                j += 1
            }
            while true {
                // The column whose next section has the lowest index.
                var best = -1, bestSection = Int.max
                j = 0
                while j < k {
                    let position = cursors[2 * j]
                    if position < cursors[2 * j + 1] {
                        let section = Int(columnSections[position])
                        if sectionTops[section] >= qMaxY {
                            cursors[2 * j] = cursors[2 * j + 1]  // the column's later sections start lower still
                        } else if section < bestSection {
                            best = j
                            bestSection = section
                        }
                    }
                    j += 1
                }
                if best < 0 { break }
                appendSection(bestSection, x: columnX(best), rect, into: &buffer)
                cursors[2 * best] += 1
            }
        }
    }

    /// The elements of `section` (in its column, at `x`) that meet `rect`.
    @inline(__always)
    private func appendSection(_ section: Int, x: Double, _ rect: Rect, into buffer: inout [LayoutAttributes]) {
        let qMinY = rect.minY, qMaxY = rect.maxY
        let t = prepared.headerHeight, f = prepared.footerHeight
        let b = Self.checkpointInterval
        let top = sectionTops[section]
        if t > 0 {
            let header = Rect(x: x, y: top, width: columnWidth, height: t)
            if header.intersects(rect) {
                buffer.append(LayoutAttributes(kind: .sectionHeader, path: ItemPath(section: section, item: 0), frame: header))
            }
        }
        let count = data.itemCounts[section]
        if count > 0 {
            // Start at the last checkpoint whose item starts at or above the rect's top:
            // every item before it ends there or above.
            let cpStart = checkpointStarts[section], cpEnd = checkpointStarts[section + 1]
            var cl = cpStart, ch = cpEnd
            while cl < ch {
                let mid = (cl + ch) / 2
                if checkpoints[mid] <= qMinY { cl = mid + 1 } else { ch = mid }
            }
            // `cl − cpStart` checkpoints start at or above the rect: item (cl − cpStart)·B.
            let m = cl - cpStart
            var item = m * b
            var y = m == 0 ? top + t : checkpoints[cl - 1]
            let first = data.sectionStarts[section]
            while item < count && y < qMaxY {
                let h = itemHeight(flat: first + item)
                let frame = Rect(x: x, y: y, width: columnWidth, height: h)
                if frame.intersects(rect) {
                    buffer.append(.cell(
                        ItemPath(section: section, item: item), frame: frame,
                        groupPosition: GroupPosition(item: item, of: count)))
                }
                y += h
                item += 1
            }
        }
        if f > 0 {
            let footer = Rect(x: x, y: itemEnds[section], width: columnWidth, height: f)
            if footer.intersects(rect) {
                buffer.append(LayoutAttributes(kind: .sectionFooter, path: ItemPath(section: section, item: 0), frame: footer))
            }
        }
    }

    /// The cell at `path`, with its group position.
    /// - Complexity: O(B).
    public func attributes(at path: ItemPath) -> LayoutAttributes? {
        guard data.contains(path) else { return nil }
        let section = path.section
        let y = itemY(section: section, item: path.item)
        let frame = Rect(
            x: columnX(Int(sectionColumns[section])), y: y, width: columnWidth,
            height: itemHeight(flat: data.sectionStarts[section] + path.item))
        return .cell(path, frame: frame, groupPosition: GroupPosition(item: path.item, of: data.itemCounts[section]))
    }

    /// Section headers (when `t > 0`) and footers (when `f > 0`) at `(section, 0)`.
    /// - Complexity: O(1).
    public func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? {
        guard path.item == 0, path.section >= 0, path.section < data.sectionCount else { return nil }
        switch kind {
        case .sectionHeader where prepared.headerHeight > 0:
            return LayoutAttributes(kind: kind, path: path, frame: headerFrame(section: path.section))
        case .sectionFooter where prepared.footerHeight > 0:
            return LayoutAttributes(kind: kind, path: path, frame: footerFrame(section: path.section))
        default:
            return nil
        }
    }
}
