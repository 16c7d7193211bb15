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
    /// Declares law 10, locality: telling the layout that items changed size
    /// (`DataEdit.setItemSizes`) changes the frame of no element before the start of the
    /// first measured item's line, in the data's order and with the lines this value says
    /// (``MeasurementLocality``). `nil` (the default) declares nothing, and law 10 is not
    /// checked.
    public var measurementLocality: MeasurementLocality?
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
        tightness: ContentTightness? = nil,
        measurementLocality: MeasurementLocality? = nil
    ) {
        self.cellsDoNotOverlap = cellsDoNotOverlap
        self.lineHeight = lineHeight
        self.lineWidth = lineWidth
        self.scrollAxes = scrollAxes
        self.supplementaries = supplementaries
        self.pinning = pinning
        self.tightness = tightness
        self.measurementLocality = measurementLocality
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
    /// - Complexity: O(k) for k declared kinds. No allocation (an index loop: a debug
    ///   build's iterator would allocate, and measuring frames ask this).
    public func supplementaryPaths(of kind: ElementKind) -> SupplementaryPaths? {
        var index = 0
        while index < supplementaries.count {
            if supplementaries[index].kind == kind { return supplementaries[index] }
            index += 1
        }
        return nil
    }

    /// Whether the layout may place a supplementary element of `kind` at `path`, given the
    /// data it was prepared for.
    /// - Complexity: O(K) for K declared kinds.
    public func places(_ kind: ElementKind, at path: ItemPath, data: DataShape) -> Bool {
        supplementaryPaths(of: kind)?.contains(path, data: data) ?? false
    }
}
