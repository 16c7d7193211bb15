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

    var data = DataShape.empty
    var containerWidth = 0.0
    /// The width of every tile, `w`, once prepared.
    public private(set) var tileWidth = 0.0
    /// `1 / (tileWidth + padding.width)` and `1 / rowHeight`: rect queries multiply by
    /// these rather than divide (a division's latency is a frame's longest wait), and their
    /// candidates' slack covers the few ulps this changes.
    var inverseStride = 0.0, inverseRowHeight = 0.0
    /// `sectionTops[i]` is `top_i`; the extra last entry is `top_S`, the content height.
    var sectionTops: [Double] = [0]
    /// The parameters in force since the last successful prepare (before the first, the
    /// ones given at init).
    var prepared: Configuration
    /// Whether a prepare has succeeded: an invalidation is a change from its state.
    var isPrepared = false
    /// Whether tiles take their heights from the data (``Configuration/ItemSizing/heights``)
    /// since the last successful prepare: rows then vary, and ``sectionTops`` holds after
    /// the tops how (see TileGrid+Heights.swift). A Bool beside ``isPrepared`` and no
    /// reference of its own, so that the fixed grid's copies cost what they did.
    var heightsShapeRows = false
    /// With heights, whether every tile height the grid was given is a multiple of 2⁻¹⁰
    /// (whole or binary-fraction points), so that every row start is an exact sum and a
    /// measurement can promise what it moved (``SectionShift``); kept false once a height
    /// that is not came, until the next prepare.
    var heightsAreExact = false

    public private(set) var contentSize = Size.zero

    public init(_ configuration: Configuration = .chGridView) {
        self.configuration = configuration
        self.prepared = configuration
    }

    /// Lays out `data` in a container `container.width` wide; the container's height does
    /// not affect a vertical grid.
    ///
    /// - Throws: `GridError` for a parameter out of range, a container size that is not
    ///   finite and ≥ 0, a container too narrow for one tile width > 0, or parameters
    ///   whose content height for this data is not finite.
    /// - Complexity: O(S) time and memory.
    public mutating func prepare(data: DataShape, container: Size) throws(GridError) {
        let config = configuration
        try config.validate()
        let tileWidth = try Self.tileWidth(config, container: container)
        if config.itemSizing == .heights {
            try prepareHeights(data: data, config: config)
        } else {
            var tops = [Double](repeating: 0, count: data.sectionCount + 1)
            let height = Self.layTops(&tops, from: 0, through: data.sectionCount, data, config)
            guard height.isFinite else { throw Self.contentTooTall(config, data) }
            self.sectionTops = tops
            heightsShapeRows = false
        }
        self.data = data
        self.prepared = config
        isPrepared = true
        take(tileWidth, container: container)
    }

    /// The tile width `w` for `container`, checked.
    static func tileWidth(_ config: Configuration, container: Size) throws(GridError) -> Double {
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
    mutating func take(_ tileWidth: Double, container: Size) {
        containerWidth = container.width
        self.tileWidth = tileWidth
        inverseStride = 1 / (tileWidth + prepared.padding.width)
        inverseRowHeight = 1 / prepared.rowHeight
        contentSize = Size(width: container.width, height: sectionTops[sectionTops.count - 1])
        // With heights the tops are followed by the row shifts (TileGrid+Heights.swift).
        if heightsShapeRows { contentSize.height = sectionTops[data.sectionCount] }
    }

    /// Writes `tops[i + 1]` for every section `i` in `first..<last`, each from the one
    /// before: `top_{i+1} = top_i + t + r_i·h + ph + f`. `tops` holds one entry per section
    /// and one more, and `tops[first]` is in place.
    ///
    /// - Returns: `tops[last]`; the content height, `top_S`, when `last` is the section count.
    static func layTops(_ tops: inout [Double], from first: Int, through last: Int, _ data: DataShape, _ config: Configuration) -> Double {
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

    /// The error for parameters, each finite, whose content height `Σ (t + r_i·h + ph)` is
    /// not: it names the parameter with the largest share of that sum.
    static func contentTooTall(_ config: Configuration, _ data: DataShape) -> GridError {
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
        section >= 0 && section <= data.sectionCount && section < sectionTops.count ? sectionTops[section] : nil
    }

    /// What the frames declare: from the parameters of the last successful prepare, like
    /// every answer, so that a changed or refused ``configuration`` does not show here
    /// before the frames follow it.
    public var traits: LayoutTraits {
        let titled = prepared.sectionTitleHeight > 0, footed = prepared.sectionFooterHeight > 0
        // The arrays are shared constants: a measuring viewport asks for the traits every
        // measuring frame, and a frame allocates nothing.
        var traits = LayoutTraits(
            cellsDoNotOverlap: true,
            lineHeight: prepared.rowHeight,
            scrollAxes: .vertical,
            supplementaries: Self.supplementaries[(titled ? 1 : 0) + (footed ? 2 : 0)],
            pinning: titled ? Self.pinsTitles : [],
            tightness: tightness)
        // A measured tile changes its own row's height and moves what follows; earlier rows
        // keep their frames.
        if heightsShapeRows { traits.measurementLocality = .rows(itemsPerRow: prepared.tilesPerLine) }
        // Header i sits at top_i and pins until top_{i+1}, at least t further on.
        traits.sectionHeadersInOrder = titled
        return traits
    }

    /// The supplementary paths by `titled + 2 × footed`: none, section headers, section
    /// footers, both.
    private static let supplementaries: [[SupplementaryPaths]] = [
        [], [SupplementaryPaths(.sectionHeader, .perSection)], [SupplementaryPaths(.sectionFooter, .perSection)],
        [SupplementaryPaths(.sectionHeader, .perSection), SupplementaryPaths(.sectionFooter, .perSection)],
    ]

    /// Titles pin until the next one pushes them out.
    private static let pinsTitles: [PinRule] = [.sectionHeaders]

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
