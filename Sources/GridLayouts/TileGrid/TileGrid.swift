import GridCore

/// The reference tile grid: CHGridView's layout, computed on demand.
///
/// Tiles fill rows of `n` from left to right, sections follow one another down the page,
/// each under its title. With container width `W`, tiles per line `n`, row height `h`,
/// padding `(pw, ph)`, title height `t`, footer height `f` and `c_i` items in section `i`:
///
/// - tile width `w = floor((W − pw·(n+1)) / n)`, tile height `h − ph`;
/// - rows in section `i`: `r_i = ceil(c_i / n)`;
/// - section tops: `top_0 = 0`, `top_i = top_{i−1} + t + r_{i−1}·h + ph + f`;
/// - header of section `i` (when `t > 0`): `(0, top_i, W, t)`;
/// - footer of section `i` (when `f > 0`): `(0, top_i + t + r_i·h + ph, W, f)`;
/// - tile `k` of section `i`, in row `k / n` and column `k % n`:
///   `(pw + col·(w + pw), top_i + t + row·h + ph, w, h − ph)`;
/// - content size `(W, top_S)`.
///
/// Where rounding would carry a tile's bottom one ulp past its row's end (padding 0 with
/// heights that are not binary fractions), the tile is that ulp shorter, so that touching
/// rows never overlap; see `tileFrame(section:item:)`.
///
/// In the centred style an item that carries a content size `(iw, ih)` larger than the
/// tile is scaled down to fit, keeping its aspect ratio, and centred:
/// `(x + floor((w − iw)/2), y + floor((h − ph − ih)/2), iw, ih)`.
///
/// Nothing per item is stored: `prepare` keeps one top per section, and every frame is
/// computed when asked for.
///
/// - Complexity: prepare O(S) time and memory for S sections; rect query O(log S + k) for
///   k results (binary search over section tops, then rows and columns by arithmetic);
///   per-item and header queries O(1).
public struct TileGrid: GridLayout, Sendable {
    /// The parameters; changing them takes effect at the next ``prepare(data:container:)``.
    public var configuration: Configuration

    private var data = DataShape.empty
    private var containerWidth = 0.0
    /// The width of every tile, `w`, once prepared.
    public private(set) var tileWidth = 0.0
    /// `1 / (tileWidth + padding.width)` and `1 / rowHeight`: rect queries multiply by
    /// these rather than divide (a division's latency is a frame's longest wait), and their
    /// candidates' slack covers the few ulps this changes.
    private var inverseStride = 0.0, inverseRowHeight = 0.0
    /// `sectionTops[i]` is `top_i`; the extra last entry is `top_S`, the content height.
    private var sectionTops: [Double] = [0]
    /// The parameters in force since the last successful prepare (before the first, the
    /// ones given at init).
    private var prepared: Configuration
    /// Whether a prepare has succeeded: an invalidation is a change from its state.
    private var isPrepared = false

    public private(set) var contentSize = Size.zero

    public init(_ configuration: Configuration = .chGridView) {
        self.configuration = configuration
        self.prepared = configuration
    }

    /// Lays out `data` in a container `container.width` wide; the container's height does
    /// not affect a vertical grid.
    ///
    /// - Throws: ``GridError`` for a parameter out of range, a container size that is not
    ///   finite and ≥ 0, a container too narrow for one tile width > 0, or parameters
    ///   whose content height for this data is not finite.
    /// - Complexity: O(S) time and memory.
    public mutating func prepare(data: DataShape, container: Size) throws(GridError) {
        let config = configuration
        try config.validate()
        let tileWidth = try Self.tileWidth(config, container: container)
        var tops = [Double](repeating: 0, count: data.sectionCount + 1)
        let height = Self.layTops(&tops, from: 0, through: data.sectionCount, data, config)
        guard height.isFinite else { throw Self.contentTooTall(config, data) }
        self.data = data
        self.sectionTops = tops
        self.prepared = config
        isPrepared = true
        take(tileWidth, container: container)
    }

    /// Brings the grid up to date told what changed: a batch update re-lays the tops from the
    /// first section it touched on (a section's top depends on the sections above it alone),
    /// and a new container changes the tiles' width, never a top. The tops are worked out by
    /// the same sums as ``prepare(data:container:)``'s, so every answer is the same bit for
    /// bit. Anything it cannot follow (new parameters, replaced data, a section count the
    /// edit does not account for) prepares again.
    ///
    /// When every sum is exact (parameters in multiples of 2⁻¹⁰ points, such as whole or
    /// half points, and a content height below 2⁴²), the sections after the edited ones are
    /// not summed again: their tops shift by what the edit changed, which is bit for bit
    /// what summing gives.
    ///
    /// - Throws: as ``prepare(data:container:)``; the grid then keeps its previous state.
    /// - Complexity: O(1) for a new container; O(S − s) for a batch update whose first
    ///   touched section is `s`, plus the sections it inserts or deletes: one addition a
    ///   section after the edited ones when the sums are exact (a loop the compiler
    ///   vectorises), else a sum of four a section.
    public mutating func prepare(data: DataShape, container: Size, invalidation: Invalidation) throws(GridError) {
        _ = try update(data: data, container: container, invalidation: invalidation)
    }

    /// ``prepare(data:container:invalidation:)``, saying what it did when it shifted the tops
    /// after an edit and kept the tiles' width (``SectionShift``); `nil` for anything else.
    private mutating func update(data: DataShape, container: Size, invalidation: Invalidation) throws(GridError) -> SectionShift? {
        let oldSections = self.data.sectionCount
        let expectedSections: Int? = switch invalidation.data {
        case .unchanged: oldSections
        case .replaced: nil
        case .edited(.insertSections(_, let counts, _)): oldSections + counts.count
        case .edited(.deleteSections(let sections)): oldSections - sections.count
        case .edited: oldSections
        }
        guard isPrepared, configuration == prepared, let expectedSections, data.sectionCount == expectedSections else {
            try prepare(data: data, container: container)
            return nil
        }
        let config = prepared
        let tileWidth = try Self.tileWidth(config, container: container)
        var shift: SectionShift?
        if case .edited = invalidation.data {
            let first = invalidation.firstChangedSection(oldSectionCount: oldSections)
            // `boundary`: the old and new index of the first section after the edited ones,
            // which the edit only moved. An edit whose sections are not those of the data
            // (a caller's mistake) is not followed: the grid prepares again.
            guard let boundary = Self.unmovedBoundary(invalidation.data, oldSections: oldSections),
                  first >= 0, first <= boundary.new, boundary.new <= data.sectionCount, boundary.old <= oldSections
            else {
                try prepare(data: data, container: container)
                return nil
            }
            // With exact sums the tops after the edited sections shift by what the edit
            // changed rather than being summed again (see `sumsAreExact`).
            let shifts = Self.sumsAreExact(config, self.data) && Self.sumsAreExact(config, data)
            // Moved out, so that the splice and the sums write in place.
            var tops: [Double] = []
            swap(&tops, &sectionTops)
            let boundaryTop = tops[boundary.old]
            switch invalidation.data {
            case .edited(.insertSections(let at, let counts, _)):
                tops.insert(contentsOf: repeatElement(0, count: counts.count), at: at + 1)
            case .edited(.deleteSections(let sections)):
                tops.removeSubrange(sections.lowerBound + 1 ..< sections.upperBound + 1)
            default:
                break
            }
            let height: Double
            if shifts {
                _ = Self.layTops(&tops, from: first, through: boundary.new, data, config)
                let offset = tops[boundary.new] - boundaryTop
                height = Self.shiftTops(&tops, after: boundary.new, by: offset)
                // What the edit did, promised only where the tiles keep their width.
                if tileWidth == self.tileWidth && container.width == containerWidth && SectionShift.isExact(offset) {
                    shift = SectionShift(
                        firstChanged: first, movedFrom: boundary.old, movedTo: boundary.new, offset: offset,
                        changedSpan: tops[first]...tops[boundary.new])
                }
            } else {
                height = Self.layTops(&tops, from: first, through: data.sectionCount, data, config)
            }
            guard height.isFinite else {
                // The tops were written over: made again for the data they were laid for.
                tops = [Double](repeating: 0, count: oldSections + 1)
                _ = Self.layTops(&tops, from: 0, through: oldSections, self.data, config)
                sectionTops = tops
                throw Self.contentTooTall(config, data)
            }
            sectionTops = tops
        }
        self.data = data
        take(tileWidth, container: container)
        return shift
    }

    /// The tile width `w` for `container`, checked.
    private static func tileWidth(_ config: Configuration, container: Size) throws(GridError) -> Double {
        try GridError.requireNonNegative(container.width, "container.width")
        try GridError.requireNonNegative(container.height, "container.height")
        let tileWidth = config.tileWidth(containerWidth: container.width)
        guard tileWidth > 0 else {
            throw .invalidParameter(
                "container.width", container.width,
                expected: "room for \(config.tilesPerLine) tiles per line with padding \(config.padding.width): "
                    + "tile width floor((W − pw·(n+1))/n) comes out \(tileWidth), must be > 0")
        }
        return tileWidth
    }

    /// Takes the tile width and the container; the tops are in place.
    private mutating func take(_ tileWidth: Double, container: Size) {
        containerWidth = container.width
        self.tileWidth = tileWidth
        inverseStride = 1 / (tileWidth + prepared.padding.width)
        inverseRowHeight = 1 / prepared.rowHeight
        contentSize = Size(width: container.width, height: sectionTops[sectionTops.count - 1])
    }

    /// Writes `tops[i + 1]` for every section `i` in `first..<last`, each from the one
    /// before: `top_{i+1} = top_i + t + r_i·h + ph + f`. `tops` holds one entry per section
    /// and one more, and `tops[first]` is in place.
    ///
    /// - Returns: `tops[last]`; the content height, `top_S`, when `last` is the section count.
    private static func layTops(_ tops: inout [Double], from first: Int, through last: Int, _ data: DataShape, _ config: Configuration) -> Double {
        let t = config.sectionTitleHeight, h = config.rowHeight, ph = config.padding.height
        let f = config.sectionFooterHeight, n = config.tilesPerLine
        return tops.withUnsafeMutableBufferPointer { tops in
            var top = tops[first]
            var section = first
            for count in data.itemCounts[first..<last] {
                top = top + t + Double(rows(count, n)) * h + ph + f
                section += 1
                tops[section] = top
            }
            return top
        }
    }

    /// Adds `delta` to every top after `tops[index]`.
    ///
    /// - Returns: the content height, the last top.
    private static func shiftTops(_ tops: inout [Double], after index: Int, by delta: Double) -> Double {
        guard delta != 0 else { return tops[tops.count - 1] }
        tops.withUnsafeMutableBufferPointer { tops in
            var i = index + 1
            while i < tops.count {
                tops[i] += delta
                i += 1
            }
        }
        return tops[tops.count - 1]
    }

    /// Whether every sum `layTops` makes for `data` is exact: the parameters are multiples
    /// of 2⁻¹⁰ (whole points, halves, quarters…) and the content height stays below 2⁴²,
    /// so that every partial sum is a multiple of 2⁻¹⁰ below 2⁴³ and so representable.
    /// Then a top is the exact sum of the heights above it, whatever the order of the
    /// additions, and the tops of sections an edit only moved equal their old values plus
    /// the edit's change, bit for bit.
    /// - Complexity: O(1).
    static func sumsAreExact(_ config: Configuration, _ data: DataShape) -> Bool {
        let t = config.sectionTitleHeight, h = config.rowHeight, ph = config.padding.height
        let f = config.sectionFooterHeight
        func isMultiple(_ x: Double) -> Bool {
            let scaled = x * 0x1p10
            return scaled.isFinite && scaled.rounded(.towardZero) == scaled
        }
        guard isMultiple(t), isMultiple(h), isMultiple(ph), isMultiple(f) else { return false }
        // At most ⌊c_i/n⌋ + 1 rows a section, so Σ r_i ≤ items/n + S.
        let sections = Double(data.sectionCount)
        let rows = Double(data.totalItems / config.tilesPerLine) + sections
        return sections * (t + ph + f) + rows * h < 0x1p42
    }

    /// For an edit, the first section after those it touched, which it moved as a whole: its
    /// index before the edit and after. `nil` for anything but an edit.
    static func unmovedBoundary(_ change: Invalidation.DataChange, oldSections: Int) -> (old: Int, new: Int)? {
        guard case .edited(let edit) = change else { return nil }
        switch edit {
        case .insertItems(let section, _, _, _), .deleteItems(let section, _):
            return (section + 1, section + 1)
        case .moveItem(let from, let to):
            let last = max(from.section, to.section) + 1
            return (last, last)
        case .insertSections(let at, let counts, _):
            return (at, at + counts.count)
        case .deleteSections(let sections):
            return (sections.upperBound, sections.lowerBound)
        }
    }

    /// The error for parameters, each finite, whose content height `Σ (t + r_i·h + ph)` is
    /// not: it names the parameter with the largest share of that sum.
    private static func contentTooTall(_ config: Configuration, _ data: DataShape) -> GridError {
        let sections = data.sectionCount
        let rows = data.itemCounts.reduce(0) { $0 + Self.rows($1, config.tilesPerLine) }
        let t = config.sectionTitleHeight, h = config.rowHeight, ph = config.padding.height
        let f = config.sectionFooterHeight
        let shares = [
            ("rowHeight", h, h * Double(rows)),
            ("sectionTitleHeight", t, t * Double(sections)),
            ("padding.height", ph, ph * Double(sections)),
            ("sectionFooterHeight", f, f * Double(sections)),
        ]
        // max(by:) keeps the first of equal shares: rowHeight, then the title.
        let (field, value, _) = shares.max { $0.2 < $1.2 } ?? shares[0]
        return .invalidParameter(
            field, value,
            expected: "a value small enough that the content height of \(sections) sections and \(rows) rows "
                + "(t + r·h + ph + f per section) stays finite")
    }

    /// `top_i` of section `i`, or the content height for `i == sectionCount`.
    public func sectionTop(_ section: Int) -> Double? {
        sectionTops.indices.contains(section) ? sectionTops[section] : nil
    }

    /// What the frames declare: from the parameters of the last successful prepare, like
    /// every answer, so that a changed or refused ``configuration`` does not show here
    /// before the frames follow it.
    public var traits: LayoutTraits {
        let titled = prepared.sectionTitleHeight > 0, footed = prepared.sectionFooterHeight > 0
        var supplementaries: [SupplementaryPaths] = []
        if titled { supplementaries.append(SupplementaryPaths(.sectionHeader, .perSection)) }
        if footed { supplementaries.append(SupplementaryPaths(.sectionFooter, .perSection)) }
        var traits = LayoutTraits(
            cellsDoNotOverlap: true,
            lineHeight: prepared.rowHeight,
            scrollAxes: .vertical,
            supplementaries: supplementaries,
            pinning: titled ? [.sectionHeaders] : [],
            tightness: tightness)
        // Header i sits at top_i and pins until top_{i+1}, at least t further on.
        traits.sectionHeadersInOrder = titled
        return traits
    }

    /// Law 9 along y: the content ends `ph` below the last row or title, or with the last
    /// footer. Untitled, unfooted empty sections still add their `ph` each: after the last
    /// non-empty section those are part of the bottom inset. Centred items with content
    /// sizes leave their tiles' slack, so the centred style declares nothing then.
    /// - Complexity: O(t) for t trailing empty sections.
    private var tightness: ContentTightness? {
        if prepared.centersItems && data.itemSizes != nil { return nil }
        let ph = prepared.padding.height
        let bottom: Double
        if data.sectionCount == 0 || prepared.sectionFooterHeight > 0 {
            bottom = 0
        } else if prepared.sectionTitleHeight > 0 {
            bottom = ph
        } else {
            var empty = 0
            for count in data.itemCounts.reversed() {
                guard count == 0 else { break }
                empty += 1
            }
            bottom = empty == data.sectionCount ? Double(empty) * ph : Double(empty + 1) * ph
        }
        return ContentTightness(axes: .vertical, insets: ContentInsets(bottom: bottom))
    }

    /// `ceil(count / n)` without overflow.
    @inline(__always)
    static func rows(_ count: Int, _ perLine: Int) -> Int {
        count / perLine + (count % perLine == 0 ? 0 : 1)
    }
}

// MARK: - Frames

extension TileGrid {
    /// The tile of item `item` in section `section`: the cell frame before centring.
    ///
    /// Its height is `h − ph`, except where rounding would carry its bottom, `y + (h − ph)`,
    /// past the end of its row, `top_i + t + (row+1)·h`: there it is the largest height
    /// that ends at or above it (at most an ulp less). The next row's `y` and `top_{i+1}` are
    /// that same sum plus `ph`, so with padding 0 and heights that are not binary fractions
    /// (79⅓ points on a 3× screen) touching rows and sections still never overlap (law 8)
    /// nor leave the content (law 4). With exact parameters (whole or binary-fraction
    /// points) the height is exactly `h − ph`.
    @inline(__always)
    func tileFrame(section: Int, item: Int) -> Rect {
        let n = prepared.tilesPerLine
        let row = rowGeometry(section: section, row: item / n)
        return Rect(x: columnX(item % n), y: row.y, width: tileWidth, height: row.height)
    }

    /// The `y` and height shared by every tile of row `row` of `section` (see
    /// ``tileFrame(section:item:)``).
    @inline(__always)
    func rowGeometry(section: Int, row: Int) -> (y: Double, height: Double) {
        let h = prepared.rowHeight, ph = prepared.padding.height
        let rowsTop = sectionTops[section] + prepared.sectionTitleHeight
        let y = rowsTop + Double(row) * h + ph
        var height = h - ph
        let rowEnd = rowsTop + Double(row + 1) * h
        if y + height > rowEnd {
            height = Self.height(from: y, endingBy: rowEnd)
        }
        return (y, height)
    }

    /// The `x` of every tile in column `col`: `pw + col·(w + pw)`.
    @inline(__always)
    func columnX(_ col: Int) -> Double {
        prepared.padding.width + Double(col) * (tileWidth + prepared.padding.width)
    }

    /// `end − y`, stepped down an ulp at a time until `y + d` is at most `end`; see
    /// ``Track/length(from:endingBy:)``.
    static func height(from y: Double, endingBy end: Double) -> Double {
        Track.length(from: y, endingBy: end)
    }

    /// The frame of a cell: its tile, or in the centred style its content centred in it.
    @inline(__always)
    func cellFrame(section: Int, item: Int) -> Rect {
        let tile = tileFrame(section: section, item: item)
        guard prepared.centersItems, let sizes = data.itemSizes else { return tile }
        return Self.centre(sizes[data.sectionStarts[section] + item], in: tile)
    }

    /// Content of `size` scaled to fit `tile` and centred in it, offsets floored.
    @inline(__always)
    static func centre(_ size: Size, in tile: Rect) -> Rect {
        let content = fit(size, in: tile.size)
        return Rect(
            x: tile.minX + Self.floor((tile.width - content.width) / 2),
            y: tile.minY + Self.floor((tile.height - content.height) / 2),
            width: content.width, height: content.height)
    }

    /// `size` scaled down, keeping its aspect ratio, until it fits in `tile`; unchanged when
    /// it already fits. The constrained side comes out exactly equal to the tile's, so
    /// rounding can never push content outside its tile.
    static func fit(_ size: Size, in tile: Size) -> Size {
        if size.width <= tile.width && size.height <= tile.height { return size }
        if size.width * tile.height >= tile.width * size.height {
            // Relatively wider than the tile: width is the constraint.
            return Size(width: tile.width, height: min(size.height * (tile.width / size.width), tile.height))
        } else {
            return Size(width: min(size.width * (tile.height / size.height), tile.width), height: tile.height)
        }
    }

    func headerFrame(section: Int) -> Rect {
        Rect(x: 0, y: sectionTops[section], width: containerWidth, height: prepared.sectionTitleHeight)
    }

    /// `(0, top_i + t + r_i·h + ph, W, f)`. Its `y` is the very sum `prepare` added `f` to
    /// for `top_{i+1}`, in the same order, so the footer ends exactly at the next section's
    /// top, rounding included.
    func footerFrame(section: Int) -> Rect {
        let rows = Double(Self.rows(data.itemCounts[section], prepared.tilesPerLine))
        let y = sectionTops[section] + prepared.sectionTitleHeight + rows * prepared.rowHeight + prepared.padding.height
        return Rect(x: 0, y: y, width: containerWidth, height: prepared.sectionFooterHeight)
    }
}

// MARK: - Queries

extension TileGrid {
    /// - Complexity: O(log S + k): a binary search for the first section, then only the
    ///   rows and columns that can meet `rect`, each checked against its exact frame.
    public func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        guard !rect.isEmpty else { return }
        let qMinX = rect.minX, qMaxX = rect.maxX, qMinY = rect.minY, qMaxY = rect.maxY
        guard !(qMinX.isNaN || qMaxX.isNaN || qMinY.isNaN || qMaxY.isNaN) else { return }
        // Every frame lies in the content, so only the part of `rect` inside it matters.
        let ya = max(qMinY, 0), yb = min(qMaxY, contentSize.height)
        let xa = max(qMinX, 0), xb = min(qMaxX, containerWidth)
        guard ya < yb, xa < xb else { return }

        let n = prepared.tilesPerLine
        let h = prepared.rowHeight, t = prepared.sectionTitleHeight, f = prepared.sectionFooterHeight
        // Candidates are searched a little wider on each side than the rect, so that the
        // rounding of the arithmetic below (a few ulps of the largest coordinate) can never
        // lose an element; each candidate is then checked against its exact frame. The
        // slack is far below a row, so a thin strip (an incremental frame's) costs the rows
        // it meets, not three.
        let slack = 1e-12 * (abs(ya) + abs(yb)) + 1e-9 * h
        // Columns are widened by one on each side, rows by the slack: either covers the
        // ulps by which a product with the inverse may differ from the quotient.
        let stride = tileWidth + prepared.padding.width
        let firstCol = Int(Self.clamp(Self.floor(Self.quotient(xa - prepared.padding.width - tileWidth, inverseStride, stride)) - 1, 0, Double(n)))
        let colEnd = Int(Self.clamp(Self.ceil(Self.quotient(xb - prepared.padding.width, inverseStride, stride)) + 1, 0, Double(n)))

        let sectionCount = data.sectionCount
        var section = firstSection(endingAfter: ya - slack)
        while section < sectionCount && sectionTops[section] < yb + slack {
            let top = sectionTops[section]
            if t > 0 {
                let header = headerFrame(section: section)
                if header.intersects(rect) {
                    buffer.append(LayoutAttributes(kind: .sectionHeader, path: ItemPath(section: section, item: 0), frame: header))
                }
            }
            let count = data.itemCounts[section]
            if count > 0 {
                let rows = Double(Self.rows(count, n))
                let rowBase = top + t
                let firstRow = Int(Self.clamp(Self.floor(Self.quotient(ya - slack - rowBase, inverseRowHeight, h)), 0, rows))
                let rowEnd = Int(Self.clamp(Self.ceil(Self.quotient(yb + slack - rowBase, inverseRowHeight, h)), 0, rows))
                let sizes = prepared.centersItems ? data.itemSizes : nil
                let flatStart = data.sectionStarts[section]
                var row = firstRow
                while row < rowEnd {
                    // Every cell lies within its tile, and a row's tiles share their y and
                    // height: a row whose tiles miss the rect vertically has nothing in it.
                    let (y, height) = rowGeometry(section: section, row: row)
                    if y < qMaxY && y + height > qMinY {
                        let rowStart = row * n
                        let end = min(colEnd, count - rowStart)
                        var col = firstCol
                        while col < end {
                            let item = rowStart + col
                            var frame = Rect(x: columnX(col), y: y, width: tileWidth, height: height)
                            if let sizes { frame = Self.centre(sizes[flatStart + item], in: frame) }
                            if frame.intersects(rect) {
                                buffer.append(.cell(ItemPath(section: section, item: item), frame: frame))
                            }
                            col += 1
                        }
                    }
                    row += 1
                }
            }
            // The footer last: answers come in ID order (header, cells, footer) and, within
            // a section, in order of y.
            if f > 0 {
                let footer = footerFrame(section: section)
                if footer.intersects(rect) {
                    buffer.append(LayoutAttributes(kind: .sectionFooter, path: ItemPath(section: section, item: 0), frame: footer))
                }
            }
            section += 1
        }
    }

    /// `x / divisor` as `x · inverse`, within a few ulps; by division when `divisor` is so
    /// small (subnormal) that its inverse is not finite.
    @inline(__always)
    private static func quotient(_ x: Double, _ inverse: Double, _ divisor: Double) -> Double {
        inverse.isFinite ? x * inverse : x / divisor
    }

    /// - Complexity: O(1).
    public func attributes(at path: ItemPath) -> LayoutAttributes? {
        guard data.contains(path) else { return nil }
        return .cell(path, frame: cellFrame(section: path.section, item: path.item))
    }

    /// The section header at `(section, 0)` when titles are on, the section footer at
    /// `(section, 0)` when footers are on; nothing else.
    /// - Complexity: O(1).
    public func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? {
        guard path.item == 0, path.section >= 0, path.section < data.sectionCount else { return nil }
        switch kind {
        case .sectionHeader where prepared.sectionTitleHeight > 0:
            return LayoutAttributes(kind: .sectionHeader, path: path, frame: headerFrame(section: path.section))
        case .sectionFooter where prepared.sectionFooterHeight > 0:
            return LayoutAttributes(kind: .sectionFooter, path: path, frame: footerFrame(section: path.section))
        default:
            return nil
        }
    }

    /// The first section whose bottom, `top_{i+1}`, lies below `y`. - Complexity: O(log S).
    private func firstSection(endingAfter y: Double) -> Int {
        var low = 0, high = data.sectionCount  // answer in low...high
        while low < high {
            let mid = (low + high) / 2
            if sectionTops[mid + 1] > y { high = mid } else { low = mid + 1 }
        }
        return low
    }

    @inline(__always)
    private static func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double {
        min(max(value, low), high)
    }

    /// `⌊x⌋`, exactly, without a call into libm for the usual magnitudes (the default
    /// x86-64 target has no rounding instruction, and `rounded(.down)` is a call).
    @inline(__always)
    static func floor(_ x: Double) -> Double {
        guard abs(x) < 0x1p52 else { return x.rounded(.down) }
        let truncated = Double(Int64(x))
        if truncated == x { return x }  // keeps −0.0
        return truncated > x ? truncated - 1 : truncated
    }

    /// `⌈x⌉`, exactly; see ``floor(_:)``.
    @inline(__always)
    static func ceil(_ x: Double) -> Double {
        guard abs(x) < 0x1p52 else { return x.rounded(.up) }
        let truncated = Double(Int64(x))
        if truncated == x { return x }
        return truncated < x ? truncated + 1 : truncated
    }
}

// MARK: - Enumeration in scroll order

extension TileGrid: ScrollOrderedEnumeration {
    /// Writes every element into `sink` from the top down: each section's header, its rows
    /// left to right, its footer; frames as the rect queries make them.
    ///
    /// A row's tiles share a top and a height and go to the sink as a row. Centred content
    /// starts at a different height in each tile of a row, so a row's cells are written by
    /// their `minY` (then item): every row's content lies within its tiles, above the next
    /// row's, so the bands never go back.
    ///
    /// - Complexity: O(n): one pass, nothing searched, nothing sorted.
    public func enumerateElements(into sink: inout ElementSink) {
        let n = prepared.tilesPerLine
        let sizes = prepared.centersItems ? data.itemSizes : nil
        // Every row's tiles share the columns' x and the tile width, worked out once (for up
        // to 4,096 columns, in one temporary buffer: on the stack for a few), so each row
        // goes to the sink whole.
        let tabled = sizes == nil && n <= 4_096
        withUnsafeTemporaryAllocation(of: Double.self, capacity: tabled ? 2 * n : 0) { table in
            if tabled {
                for col in 0..<n {
                    table[col] = columnX(col)
                    table[n + col] = tileWidth
                }
            }
            enumerate(into: &sink, sizes: sizes, xs: UnsafeBufferPointer(rebasing: table[..<(tabled ? n : 0)]),
                      widths: UnsafeBufferPointer(rebasing: table[(tabled ? n : 0)...]))
        }
    }

    /// The enumeration, with the columns' x and widths in `xs` and `widths` when every row
    /// goes to the sink whole (else both empty).
    private func enumerate(into sink: inout ElementSink, sizes: [Size]?, xs: UnsafeBufferPointer<Double>, widths: UnsafeBufferPointer<Double>) {
        let n = prepared.tilesPerLine
        let titled = prepared.sectionTitleHeight > 0, footed = prepared.sectionFooterHeight > 0
        let tabled = !xs.isEmpty
        var centred: [(frame: Rect, item: Int)] = []
        var section = 0
        while section < data.sectionCount && !sink.isStopped {
            if titled { sink.append(.sectionHeader, ItemPath(section: section, item: 0), headerFrame(section: section)) }
            let count = data.itemCounts[section]
            let flatStart = data.sectionStarts[section]
            var row = 0, item = 0
            while item < count {
                let (y, height) = rowGeometry(section: section, row: row)
                let rowEnd = min(item + n, count)
                var col = 0
                if let sizes {
                    centred.removeAll(keepingCapacity: true)
                    while item < rowEnd {
                        centred.append((Self.centre(sizes[flatStart + item], in: Rect(x: columnX(col), y: y, width: tileWidth, height: height)), item))
                        item += 1
                        col += 1
                    }
                    centred.withUnsafeMutableBufferPointer { row in
                        // By top, then item: an insertion sort, a row being a few tiles.
                        var next = 1
                        while next < row.count {
                            let cell = row[next]
                            var hole = next
                            while hole > 0
                                && (cell.frame.minY != row[hole - 1].frame.minY
                                    ? cell.frame.minY < row[hole - 1].frame.minY : cell.item < row[hole - 1].item) {
                                row[hole] = row[hole - 1]
                                hole -= 1
                            }
                            row[hole] = cell
                            next += 1
                        }
                        for cell in row { sink.append(.cell, ItemPath(section: section, item: cell.item), cell.frame) }
                    }
                } else if tabled {
                    let length = rowEnd - item
                    sink.appendRow(
                        .cell, from: ItemPath(section: section, item: item), along: .items, y: y, height: height,
                        xs: UnsafeBufferPointer(rebasing: xs[..<length]), widths: UnsafeBufferPointer(rebasing: widths[..<length]))
                    item = rowEnd
                } else {
                    while item < rowEnd {
                        sink.append(.cell, ItemPath(section: section, item: item), Rect(x: columnX(col), y: y, width: tileWidth, height: height))
                        item += 1
                        col += 1
                    }
                }
                row += 1
            }
            if footed { sink.append(.sectionFooter, ItemPath(section: section, item: 0), footerFrame(section: section)) }
            section += 1
        }
    }
}

// MARK: - What an update did

extension TileGrid: SectionShiftReporting {
    /// Brings the grid up to date told what changed (``prepare(data:container:invalidation:)``),
    /// and says what a batch update did: the sections it touched were laid again, those
    /// before them kept, and those after them moved by the change in the first one's top.
    /// Promised only when the grid shifted its tops itself (every sum exact: see
    /// ``prepare(data:container:invalidation:)``) and its tiles kept their width; `nil` for
    /// anything else (a reload, a rotation, new parameters).
    ///
    /// Like the update, it takes the edit's word for what the data after it is: the sections
    /// after the edited ones are trusted to hold the items they held.
    ///
    /// - Throws: as ``prepare(data:container:invalidation:)``; the grid then keeps its
    ///   previous state.
    /// - Complexity: that of ``prepare(data:container:invalidation:)``.
    public mutating func prepareReportingShift(data: DataShape, container: Size, invalidation: Invalidation) throws(GridError) -> SectionShift? {
        try update(data: data, container: container, invalidation: invalidation)
    }
}
