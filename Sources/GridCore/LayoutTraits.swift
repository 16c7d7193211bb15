/// What a layout declares about itself, for checkers and viewports.
///
/// Traits describe the prepared layout: a layout computes them from the parameters and data
/// of its last successful `prepare`, so that they never run ahead of its frames.
public struct LayoutTraits: Hashable, Sendable {
    /// Declares law 8: no two cells' frames ever intersect.
    public var cellsDoNotOverlap: Bool
    /// The height of one line of content (a row of tiles, a table row), when the layout has
    /// rows. A viewport's vertical preload margin of "4 rows" is four of these.
    public var lineHeight: Double?
    /// The width of one column of content, when the layout has columns that scroll
    /// sideways. A viewport's horizontal preload margin of "2 columns" is two of these.
    public var lineWidth: Double?
    /// The axes along which the content is meant to scroll.
    public var scrollAxes: ScrollAxes
    /// The supplementary elements the layout may place: for each kind, the paths it may
    /// place them at. A kind not listed is never placed. Law 3 holds every supplementary
    /// answer to its kind's space. The default is a header and a footer per section.
    public var supplementaries: [SupplementaryPaths]
    /// Which elements stay in view while the content scrolls, kind by kind and axis by
    /// axis. Pinning depends on the scroll offset, so a viewport applies it by these rules;
    /// the layout's frames are the unpinned ones.
    public var pinning: [PinRule]
    /// Declares law 9, tightness: along the axes it names, the content size is the smallest
    /// that holds every frame plus the declared insets. `nil` (the default) declares nothing,
    /// and law 9 is not checked.
    public var tightness: ContentTightness?
    /// Whether a rect query costs O(n) for n elements whatever the rect, as a linear scan
    /// does (CHGridView's cache-and-scan). A viewport then asks at most one rect query per
    /// frame for the loaded rect (the bounding box of the strips that entered) rather than
    /// one per strip. `false` by default: a query costs about what it finds.
    public var rectQueriesScanEverything = false
    /// Declares that every section places a section header with a finite frame, and that
    /// the headers follow one another down the content in section order: each one's `minY`,
    /// and each end of its pin band (`min(minY, limit − height)` and `max(maxY, limit)`,
    /// `limit` the next header's `minY` or the content height), at or below the one
    /// before's. A viewport then finds the pinned header by binary search over the layout's
    /// own answers, remembered until the next prepare, rather than by a table of every
    /// header made at every prepare: O(log S) the first frame after a rotation or an edit,
    /// not O(S). `false` by default; the conformance suite checks it where declared (law 3).
    public var sectionHeadersInOrder = false

    /// Traits as declared: each parameter sets the property of its name.
    ///
    /// `pinsSectionHeaders` is shorthand for a ``PinRule/sectionHeaders`` rule in `pinning`
    /// (UITableView's plain style, CHGridView's section titles).
    public init(
        cellsDoNotOverlap: Bool = false,
        lineHeight: Double? = nil,
        lineWidth: Double? = nil,
        scrollAxes: ScrollAxes = .vertical,
        supplementaries: [SupplementaryPaths] = SupplementaryPaths.sectionHeadersAndFooters,
        pinning: [PinRule] = [],
        pinsSectionHeaders: Bool = false,
        tightness: ContentTightness? = nil
    ) {
        self.cellsDoNotOverlap = cellsDoNotOverlap
        self.lineHeight = lineHeight
        self.lineWidth = lineWidth
        self.scrollAxes = scrollAxes
        self.supplementaries = supplementaries
        self.pinning = pinning
        self.tightness = tightness
        if pinsSectionHeaders && !pinning.contains(.sectionHeaders) { self.pinning.append(.sectionHeaders) }
    }

    /// Whether section headers pin along the vertical axis.
    public var pinsSectionHeaders: Bool {
        pinning.contains { $0.kind == .sectionHeader && $0.axis == .vertical }
    }

    /// The kinds of supplementary element the layout declares.
    public var supplementaryKinds: ElementKinds {
        ElementKinds(supplementaries.map(\.kind))
    }

    /// The declared path space of `kind`, or `nil` when the layout never places that kind.
    public func supplementaryPaths(of kind: ElementKind) -> SupplementaryPaths? {
        supplementaries.first { $0.kind == kind }
    }

    /// Whether the layout may place a supplementary element of `kind` at `path`, given the
    /// data it was prepared for.
    /// - Complexity: O(K) for K declared kinds.
    public func places(_ kind: ElementKind, at path: ItemPath, data: DataShape) -> Bool {
        supplementaryPaths(of: kind)?.contains(path, data: data) ?? false
    }
}

/// What a layout declares for law 9: along each of `axes`, its content ends where its
/// farthest frame ends plus the trailing inset, and no farther.
///
/// Along y, the content height must be `max(insets.top, m) + insets.bottom`, where `m` is
/// the largest `maxY` of every frame the layout answers (cells and supplementary views, of
/// any area); with no frame at all, `insets.top + insets.bottom`. Likewise along x with
/// `left` and `right`. A content one line too long, or taken from the last items rather
/// than the farthest, breaks it.
public struct ContentTightness: Hashable, Sendable {
    /// The axes along which the content is tight.
    public var axes: ScrollAxes
    /// Space the layout keeps around its frames: the leading insets bound an empty
    /// content from below, the trailing ones follow the farthest frame.
    public var insets: ContentInsets

    public init(axes: ScrollAxes, insets: ContentInsets = ContentInsets()) {
        self.axes = axes
        self.insets = insets
    }

    /// The extent `axis` of the content must have, given the farthest frame edge along it
    /// (`nil` when there is no frame).
    /// - Complexity: O(1).
    @inlinable
    public func requiredExtent(along axis: Axis, farthestEdge: Double?) -> Double {
        let (leading, trailing) = axis == .vertical ? (insets.top, insets.bottom) : (insets.left, insets.right)
        return max(leading, farthestEdge ?? leading) + trailing
    }
}

/// Space around a layout's frames, edge by edge, in points.
public struct ContentInsets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
}

/// The directions in which content scrolls.
public struct ScrollAxes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let vertical = ScrollAxes(rawValue: 1)
    public static let horizontal = ScrollAxes(rawValue: 2)
    public static let both: ScrollAxes = [.vertical, .horizontal]

    /// The set holding `axis` alone.
    @inlinable
    public init(_ axis: Axis) { self = axis == .vertical ? .vertical : .horizontal }
}

/// One of the two axes of the content.
public enum Axis: UInt8, Hashable, Sendable, CaseIterable {
    /// Along y: rows follow one another down the content.
    case vertical
    /// Along x: columns follow one another across the content.
    case horizontal

    /// The other axis.
    @inlinable
    public var other: Axis { self == .vertical ? .horizontal : .vertical }
}

/// The paths at which a layout may place supplementary elements of one kind.
public struct SupplementaryPaths: Hashable, Sendable {
    /// Where the paths come from.
    public enum Space: Hashable, Sendable {
        /// One per section of the data, at `(section, 0)`: section headers and footers.
        case perSection
        /// The rectangle `(s, i)` with `0 ≤ s < sections` and `0 ≤ i < items`: a column
        /// header per display column is `grid(sections: 1, items: columns)`, a row header
        /// per display row `grid(sections: rows, items: 1)`, a corner `grid(1, 1)`.
        case grid(sections: Int, items: Int)

        /// The number of sections and items per section the space spans for `data`: one
        /// item per section of the data for ``perSection``; the rectangle itself, negative
        /// sizes read as 0, for a grid.
        /// - Complexity: O(1).
        @inlinable
        public func extent(for data: DataShape) -> (sections: Int, items: Int) {
            switch self {
            case .perSection: (data.sectionCount, 1)
            case .grid(let sections, let items): (max(0, sections), max(0, items))
            }
        }
    }

    public var kind: ElementKind
    public var space: Space

    public init(_ kind: ElementKind, _ space: Space) {
        self.kind = kind
        self.space = space
    }

    /// Whether `path` lies in this space for `data`.
    /// - Complexity: O(1).
    @inlinable
    public func contains(_ path: ItemPath, data: DataShape) -> Bool {
        switch space {
        case .perSection: path.section >= 0 && path.section < data.sectionCount && path.item == 0
        case .grid(let sections, let items): path.section >= 0 && path.section < sections && path.item >= 0 && path.item < items
        }
    }

    /// A header and a footer per section: what a layout that declares nothing may place.
    public static let sectionHeadersAndFooters = [
        SupplementaryPaths(.sectionHeader, .perSection), SupplementaryPaths(.sectionFooter, .perSection),
    ]
}

/// A rule by which a viewport keeps elements of one kind in view along one axis while the
/// content scrolls.
///
/// At scroll offset `o` along the axis, an element governed by a rule is shown shifted by
///
///     shift = clamp(o − start, 0, limit − end)      (0 when limit − end < 0)
///
/// where `[start, end)` is the extent of its *band* along the axis and `limit` where the
/// band must stop:
/// - ``Reach/untilNext``: each element is a band of its own, and `limit` is the start of the
///   next element of the kind along the axis (the content's end after the last). This is
///   UITableView's plain style and CHGridView's section titles: DESIGN.md's
///   `min(max(top_i, y0), top_{i+1} − t)`.
/// - ``Reach/band(start:end:)``: every element of the kind lying in `[start, end)` moves as
///   one frozen band, and `limit` is the content's end. A data grid's header row at
///   `[0, hh)` is then at `y = clamp(y0, 0, contentHeight − hh)`; a span grid's frozen rows
///   move together.
///
/// An element pinned along both axes (a corner) follows one rule on each.
public struct PinRule: Hashable, Sendable {
    /// How far a pinned element travels with the offset.
    public enum Reach: Hashable, Sendable {
        /// Until the next element of its kind pushes it out.
        case untilNext
        /// As one band with the elements of its kind lying in `[start, end)`, to the end of
        /// the content.
        case band(start: Double, end: Double)
    }

    public var kind: ElementKind
    public var axis: Axis
    public var reach: Reach

    public init(_ kind: ElementKind, along axis: Axis, _ reach: Reach) {
        self.kind = kind
        self.axis = axis
        self.reach = reach
    }

    /// Section headers pinned along y until the next one pushes them out.
    public static let sectionHeaders = PinRule(.sectionHeader, along: .vertical, .untilNext)

    /// `clamp(offset − start, 0, limit − end)`, and 0 when the band does not fit before
    /// `limit`: how far a band `[start, end)` is shifted at `offset`.
    @inlinable
    public static func shift(offset: Double, start: Double, end: Double, limit: Double) -> Double {
        let room = limit - end
        guard room > 0 else { return 0 }
        return min(max(offset - start, 0), room)
    }
}

/// Where a cell of a two-axis layout sits: the display row and column of the top-left slot
/// it covers, and how many rows and columns it spans (1 and 1 for a plain cell).
public struct GridPlacement: Hashable, Sendable, Codable {
    public var row: Int
    public var column: Int
    public var rowSpan: Int
    public var columnSpan: Int

    public init(row: Int, column: Int, rowSpan: Int = 1, columnSpan: Int = 1) {
        self.row = row
        self.column = column
        self.rowSpan = rowSpan
        self.columnSpan = columnSpan
    }
}
