import GridCore

/// The headless grid view: the scrolling machinery of CHGridView or `UICollectionView`,
/// without views.
///
/// At offset `(x0, y0)` a viewport of size `(W, H)` shows the visible rect `(x0, y0, W, H)`.
/// It loads the elements whose displayed frames intersect the *loaded rect*: the visible
/// rect grown by the preload margin `m` on both sides of each of the layout's scroll axes
/// (vertical: `[y0 − m, y0 + H + m)`; horizontal: the same on x; both: both).
///
/// Each ``scroll(to:)`` is one frame: the viewport queries the layout for the loaded rect,
/// pins section headers, diffs the new loaded set against the old one, returns the tiles of
/// leaving elements to the reuse pool of their ``ReuseIdentifier`` and gives entering
/// elements a tile from their pool, creating one only when the pool is empty. Once its
/// buffers have grown to the largest loaded set, a frame allocates nothing.
///
/// ```swift
/// var viewport = try Viewport(layout: TileGrid(), data: photos, size: Size(width: 320, height: 480))
/// let report = viewport.scroll(to: Point(x: 0, y: 1000))   // report.entered == 57
/// ```
///
/// Elements pin by the layout's `LayoutTraits.pinning` rules, kind by kind and
/// axis by axis (see `PinRule`). Section headers pin until the next pushes them
/// out (UITableView's plain style, CHGridView's section titles) when `pinsSectionHeaders`
/// says so, or by default when the layout's rules do: at offset `y0` the header of section
/// `i` is shown at `y = min(max(top_i, y0), limit_i − t)`, where `top_i` is its own `minY`,
/// `t` its height and `limit_i` the `minY` of the next section's header (the next section
/// that has one), or the content height after the last header. See
/// ``pinnedFrame(ofHeaderInSection:)``. Frozen bands (a data grid's header row at
/// `y = clamp(y0, 0, contentHeight − hh)`, its header column at
/// `x = clamp(x0, 0, contentWidth − hw)`, the corner at both) move as one.
///
/// Memory: O(k) for the largest loaded set (two buffers), O(T) for T tiles ever created,
/// O(S) for the section headers of S sections when pinning, plus what the layout keeps.
public struct Viewport<Layout: GridLayout> {
    /// The layout, prepared for ``data`` in a container of ``size``.
    public internal(set) var layout: Layout
    /// The data the layout is prepared for.
    public internal(set) var data: DataShape
    /// The size of the visible area, also the layout's container size.
    public internal(set) var size: Size
    /// The offset of the last frame, `Point.zero` before the first.
    @inlinable public var offset: Point { lastOffset }
    /// Storage of ``offset``, set by ``scroll(to:)`` (inlinable, so that a frame runs
    /// specialised for the layout's type in the caller's module).
    @usableFromInline var lastOffset: Point = .zero
    /// The preload margin as given.
    public let margin: PreloadMargin
    /// The vertical preload margin in points, as resolved against the layout's line height
    /// at the last successful prepare.
    public internal(set) var marginExtent: Double
    /// The horizontal preload margin in points, as resolved against the layout's line
    /// width at the last successful prepare.
    public internal(set) var horizontalMarginExtent: Double
    /// The axes along which the loaded rect extends beyond the visible rect: the layout's
    /// `LayoutTraits.scrollAxes` at the last successful prepare.
    public internal(set) var scrollAxes: ScrollAxes
    /// Whether a frame whose loaded rect overlaps the last one's asks the layout only for
    /// the strips that entered (see ``scroll(to:)``); `true` by default. Off, every frame
    /// queries the whole loaded rect. Either way the loaded set, its frames and its tiles
    /// are the same after every frame: only the work differs.
    public var scrollsIncrementally = true
    /// Pinning as asked for at initialisation; `nil` follows the layout's traits.
    let requestedPinning: Bool?
    /// Loaded set, buffers, pools, headers and digest.
    @usableFromInline var state: LoadedSet
    /// What measuring keeps (``startMeasuring(trueSizes:anchor:)``); `nil` when not measuring.
    @usableFromInline var measuring: Measuring?
    /// How ``scrollMeasuring(to:)`` follows the offsets it is asked for: as given, or by
    /// their differences once a correction or a scroll to an item has moved the view.
    @usableFromInline var following = OffsetFollowing()
    /// What anchoring the layout's own edits keeps (``startAnchoringEdits(_:)``); `nil` when
    /// edits keep the offset.
    var editAnchoring: EditAnchoring?

    /// A viewport of `size` over `layout` prepared with `data`.
    ///
    /// Loads nothing until the first ``scroll(to:)``.
    ///
    /// - Parameters:
    ///   - layout: the layout; the viewport prepares its own copy.
    ///   - data: the data to lay out.
    ///   - size: the visible area and the layout's container: finite, both sides > 0.
    ///   - margin: how far beyond the visible rect to load; four lines by default.
    ///   - reusePolicy: which reuse pool each kind of element uses; one per kind by default.
    ///   - pinsSectionHeaders: whether section headers pin; `nil` follows
    ///     `layout.traits.pinsSectionHeaders`.
    /// - Throws: `GridError` naming `size.width`, `size.height`, `margin.lines` or
    ///   `margin.points` (or `layout.traits.lineHeight` for a margin in lines over a layout
    ///   with an unusable line height); whatever `layout.prepare` throws.
    /// - Complexity: the layout's prepare, plus O(S) when pinning.
    public init(
        layout: Layout, data: DataShape, size: Size, margin: PreloadMargin = .chGridView,
        reusePolicy: ReusePolicy = .init(), pinsSectionHeaders: Bool? = nil
    ) throws {
        try margin.validate()
        var layout = layout
        let prepared = try Self.prepare(&layout, data: data, size: size, margin: margin, pinning: pinsSectionHeaders)
        self.layout = layout
        self.data = data
        self.size = size
        self.margin = margin
        self.marginExtent = prepared.marginExtent
        self.horizontalMarginExtent = prepared.horizontalMarginExtent
        self.scrollAxes = prepared.scrollAxes
        self.requestedPinning = pinsSectionHeaders
        self.state = LoadedSet(reusePolicy: reusePolicy, pinning: prepared.pinning)
        state.queriesOnce = prepared.queriesOnce
    }

    /// The reuse policy as given.
    public var reusePolicy: ReusePolicy { state.reusePolicy }

    /// Whether section headers pin: the value given at initialisation, or the layout's
    /// `LayoutTraits.pinsSectionHeaders` at the last successful prepare.
    public var pinsSectionHeaders: Bool { state.pinning.pinsSectionHeaders }

    /// `(offset, size)`: what the screen shows.
    /// - Complexity: O(1).
    @inlinable public var visibleRect: Rect { Rect(origin: offset, size: size) }

    /// The visible rect grown by ``marginExtent`` above and beneath and by
    /// ``horizontalMarginExtent`` either side, along the axes in ``scrollAxes``: the rect
    /// whose elements are loaded.
    /// - Complexity: O(1).
    @inlinable public var loadedRect: Rect {
        var rect = visibleRect
        let m = marginExtent
        if scrollAxes.contains(.vertical) {
            rect.origin.y -= m
            rect.size.height += 2 * m
        }
        if scrollAxes.contains(.horizontal) {
            let mx = horizontalMarginExtent
            rect.origin.x -= mx
            rect.size.width += 2 * mx
        }
        return rect
    }

    /// The loaded elements, sorted by `ElementID`, with the frames they were displayed at
    /// in the last frame. After ``resize(to:)`` or ``setData(_:edit:)`` the frames refresh at the
    /// next ``scroll(to:)``; after ``reloadData()`` the set is empty until then.
    ///
    /// Holding on to the returned array across a frame makes that frame copy a buffer (one
    /// allocation); copy what you need instead.
    /// - Complexity: O(1).
    public var loadedElements: [LoadedElement] { state.elements }

    /// The digest of the loaded set. See ``LoadedSetDigest`` for its exact definition; the
    /// viewport keeps it incrementally, adding each entering element's term and subtracting
    /// each leaving one's.
    /// - Complexity: O(1).
    public var digest: LoadedSetDigest { state.digest }

    /// The number of tile objects ever created.
    /// - Complexity: O(1).
    public var tilesCreated: Int { state.pools.created }

    /// The number of tiles waiting in the reuse pool `identifier`. Every tile created is
    /// either loaded or waiting in a pool.
    /// - Complexity: O(1).
    public func pooledTileCount(_ identifier: ReuseIdentifier) -> Int {
        state.pools.count(identifier.rawValue)
    }

    /// The frame of the header of `section` pinned at the current offset:
    /// `(x, min(max(top, y0), limit − t), width, t)` with the header's own `x`, `width`,
    /// `t` (height) and `top` (natural `minY`), and `limit` the `minY` of the next section's
    /// header, or the content height after the last header.
    ///
    /// - Returns: `nil` when the layout places no header for `section` or this viewport
    ///   does not pin headers (its headers then show at their layout frames).
    /// - Complexity: O(log S).
    public func pinnedFrame(ofHeaderInSection section: Int) -> Rect? {
        if state.ordersSectionHeaders { return state.orderedHeaders.frame(ofHeaderInSection: section, at: offset.y, layout) }
        return state.pinning.sectionHeaders?.header(inSection: section)?.frame(at: offset.y, along: .vertical)
    }
}

extension Viewport: Sendable where Layout: Sendable {}
