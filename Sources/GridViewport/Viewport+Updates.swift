import GridCore

/// Invalidation: rotation, batch updates and reloads. Each re-prepares a copy of the
/// layout and changes nothing unless every step succeeds, so a refused update leaves the
/// viewport exactly as it was (layout, data, size, loaded set, pools).
extension Viewport {
    /// The container changed size (a rotation): re-prepares the layout for `size`.
    ///
    /// The loaded set keeps its elements and frames until the next ``scroll(to:)``, which
    /// refreshes frames and diffs as usual.
    ///
    /// - Throws: ``GridError`` naming `size.width` or `size.height` unless both are finite
    ///   and > 0; whatever `layout.prepare` throws (for the tile grid, a width too narrow
    ///   for one tile). The viewport is then unchanged.
    /// - Complexity: the layout's prepare, plus O(S) when pinning.
    public mutating func resize(to size: Size) throws {
        let prepared = try Self.prepare(layout, data: data, size: size, margin: margin, pinning: requestedPinning)
        apply(prepared, data: data, size: size)
    }

    /// A batch update: re-prepares the layout for `data`. The next ``scroll(to:)`` diffs the
    /// loaded set by ``ElementID``: elements whose IDs no longer exist leave, new ones
    /// enter, and the others stay with refreshed frames.
    ///
    /// With `edit`, the update that turned the old data into `data`, the loaded elements
    /// are first renamed to their paths after it (``GridCore/DataEdit/id(after:)``), as
    /// `UICollectionView` follows its items through `performBatchUpdates`: an item that
    /// moves, or shifts because others were inserted or deleted before it, keeps its tile,
    /// and only the items the edit deleted leave (counted in the next frame's `left`).
    /// Without it, elements are matched by ID alone, as after `reloadData` of a view that
    /// keeps its cells.
    ///
    /// - Throws: whatever `layout.prepare` throws; the viewport is then unchanged.
    /// - Complexity: the layout's prepare, plus O(S) when pinning; with `edit`, O(k) more to
    ///   rename k loaded elements (O(k²) at worst to re-sort them; a move or a shift
    ///   leaves them nearly sorted).
    public mutating func setData(_ data: DataShape, edit: DataEdit? = nil) throws {
        let prepared = try Self.prepare(layout, data: data, size: size, margin: margin, pinning: requestedPinning)
        apply(prepared, data: data, size: size)
        if let edit { state.rename(by: edit) }
    }

    /// `reloadData`: re-prepares the layout and unloads every element now. Their tiles go
    /// back to their pools, they are counted in the next frame's ``FrameReport/left``, and
    /// the next ``scroll(to:)`` loads everything anew from the pools.
    ///
    /// - Throws: whatever `layout.prepare` throws; the viewport is then unchanged and keeps
    ///   its loaded set.
    /// - Complexity: the layout's prepare, plus O(S) when pinning, plus O(k).
    public mutating func reloadData() throws {
        let prepared = try Self.prepare(layout, data: data, size: size, margin: margin, pinning: requestedPinning)
        apply(prepared, data: data, size: size)
        state.unloadAll()
    }

    /// What a successful prepare produces, applied only once everything has succeeded.
    struct Prepared {
        var layout: Layout
        var marginExtent: Double
        var horizontalMarginExtent: Double
        var scrollAxes: ScrollAxes
        var pinning: Pinning
        var queriesOnce: Bool
    }

    /// Validates `size`, prepares a copy of `layout` and resolves the margin and pinning
    /// against the prepared layout's traits.
    static func prepare(
        _ layout: Layout, data: DataShape, size: Size, margin: PreloadMargin, pinning: Bool?
    ) throws -> Prepared {
        try GridError.requirePositive(size.width, "size.width")
        try GridError.requirePositive(size.height, "size.height")
        var layout = layout
        try layout.prepare(data: data, container: size)
        let traits = layout.traits
        let extents = try margin.extents(for: traits)
        return Prepared(
            layout: layout, marginExtent: extents.vertical, horizontalMarginExtent: extents.horizontal,
            scrollAxes: traits.scrollAxes, pinning: Pinning(layout: layout, traits: traits, data: data, sectionHeaders: pinning),
            queriesOnce: traits.rectQueriesScanEverything)
    }

    mutating func apply(_ prepared: Prepared, data: DataShape, size: Size) {
        layout = prepared.layout
        self.data = data
        self.size = size
        marginExtent = prepared.marginExtent
        horizontalMarginExtent = prepared.horizontalMarginExtent
        scrollAxes = prepared.scrollAxes
        state.pinning = prepared.pinning
        state.queriesOnce = prepared.queriesOnce
        state.forgetPreviousFrame()
    }
}
