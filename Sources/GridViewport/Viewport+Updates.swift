import GridCore

/// Invalidation: rotation, batch updates and reloads. Each tells the layout what changed
/// (``GridCore/Invalidation``: the edit, the container's new width or height) and prepares
/// it again in place, so that a strategy can rebuild over its own storage (the cached strategy's arrays)
/// rather than beside a copy, and changes nothing unless every step succeeds: a refused
/// update leaves the viewport exactly as it was (layout, data, size, loaded set, pools).
extension Viewport {
    /// The container changed size (a rotation): re-prepares the layout for `size`.
    ///
    /// The loaded set keeps its elements and frames until the next ``scroll(to:)``, which
    /// refreshes frames and diffs as usual.
    ///
    /// - Throws: `GridError` naming `size.width` or `size.height` unless both are finite
    ///   and > 0; whatever `layout.prepare` throws (for the tile grid, a width too narrow
    ///   for one tile). The viewport is then unchanged.
    /// - Complexity: the layout's prepare, plus O(S) when pinning.
    public mutating func resize(to size: Size) throws {
        try prepareInPlace(data: data, size: size, invalidation: .resized(from: self.size, to: size))
    }

    /// A batch update: re-prepares the layout for `data`. The next ``scroll(to:)`` diffs the
    /// loaded set by `ElementID`: elements whose IDs no longer exist leave, new ones
    /// enter, and the others stay with refreshed frames.
    ///
    /// With `edit`, the update that turned the old data into `data`, the loaded elements
    /// are first renamed to their paths after it (`DataEdit.id(after:)`), as
    /// `UICollectionView` follows its items through `performBatchUpdates`: an item that
    /// moves, or shifts because others were inserted or deleted before it, keeps its tile,
    /// and only the items the edit deleted leave (counted in the next frame's `left`).
    /// Without it, elements are matched by ID alone, as after `reloadData` of a view that
    /// keeps its cells.
    ///
    /// While measuring (``startMeasuring(trueSizes:anchor:)``), `data` must keep the
    /// counts: the true sizes and what has been measured are kept by item. An edit that
    /// inserts, deletes or moves items while measuring goes through
    /// ``applyMeasuring(_:trueSizes:)``, which follows them.
    ///
    /// - Throws: `GridError` naming `data` when measuring and `data` has other counts or no
    ///   item sizes; whatever `layout.prepare` throws. The viewport is then unchanged.
    /// - Complexity: the layout's prepare, plus O(S) when pinning; with `edit`, O(k) more to
    ///   rename k loaded elements (O(k²) at worst to re-sort them; a move or a shift
    ///   leaves them nearly sorted).
    public mutating func setData(_ data: DataShape, edit: DataEdit? = nil) throws {
        if measuring != nil, !Self.sameCounts(data, self.data) || data.itemSizes == nil {
            throw GridError.invalidData(
                "data", data.description,
                expected: "the counts measuring started with (\(self.data)), with item sizes: an edit that inserts, deletes or moves items while measuring goes through applyMeasuring(_:trueSizes:)")
        }
        try prepareInPlace(data: data, size: size, invalidation: Invalidation(data: edit.map { .edited($0) } ?? .replaced))
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
        try prepareInPlace(data: data, size: size, invalidation: .everything)
        state.unloadAll()
    }

    /// What a successful prepare resolves against the prepared layout's traits.
    struct Prepared {
        var marginExtent: Double
        var horizontalMarginExtent: Double
        var scrollAxes: ScrollAxes
        var pinning: Pinning
        var queriesOnce: Bool
    }

    /// Prepares ``layout`` in place for `data` in `size`, telling it what changed
    /// (``GridCore/GridLayout/prepare(data:container:invalidation:)``), and takes what
    /// follows from it.
    ///
    /// A layout that throws keeps its previous state (the contract's). Should what follows
    /// throw (a margin the new traits cannot resolve), the layout is prepared again for the
    /// data and size it had, which gives back its previous answers bit for bit (law 5,
    /// determinism), and the error is thrown.
    mutating func prepareInPlace(data: DataShape, size: Size, invalidation: Invalidation) throws {
        try GridError.requirePositive(size.width, "size.width")
        try GridError.requirePositive(size.height, "size.height")
        try layout.prepare(data: data, container: size, invalidation: invalidation)
        // The traits are asked for once. The pinning is taken in place when it pins as
        // before (a measurement moves only where the content ends): a measuring frame then
        // allocates nothing.
        let traits = layout.traits
        let extents: (vertical: Double, horizontal: Double)
        do {
            extents = try margin.extents(for: traits)
        } catch {
            try? layout.prepare(data: self.data, container: self.size)
            throw error
        }
        var pinning = state.pinning
        state.pinning = Pinning()  // held once while it changes in place
        if !pinning.update(traits: traits, content: layout.contentSize, sections: data.sectionCount, sectionHeaders: requestedPinning) {
            pinning = Pinning(layout: layout, traits: traits, data: data, sectionHeaders: requestedPinning)
        }
        apply(
            Prepared(
                marginExtent: extents.vertical, horizontalMarginExtent: extents.horizontal, scrollAxes: traits.scrollAxes,
                pinning: pinning, queriesOnce: traits.rectQueriesScanEverything),
            data: data, size: size)
    }

    /// Validates `size` and prepares `layout` (a copy) for `data` in it, resolving the
    /// margin and pinning against the prepared layout's traits.
    static func prepare(
        _ layout: inout Layout, data: DataShape, size: Size, margin: PreloadMargin, pinning: Bool?
    ) throws -> Prepared {
        try GridError.requirePositive(size.width, "size.width")
        try GridError.requirePositive(size.height, "size.height")
        try layout.prepare(data: data, container: size)
        return try resolve(layout, data: data, margin: margin, pinning: pinning)
    }

    /// The margin and pinning of `layout`, prepared for `data`, resolved against its traits.
    static func resolve(_ layout: Layout, data: DataShape, margin: PreloadMargin, pinning: Bool?) throws -> Prepared {
        let traits = layout.traits
        let extents = try margin.extents(for: traits)
        return Prepared(
            marginExtent: extents.vertical, horizontalMarginExtent: extents.horizontal,
            scrollAxes: traits.scrollAxes, pinning: Pinning(layout: layout, traits: traits, data: data, sectionHeaders: pinning),
            queriesOnce: traits.rectQueriesScanEverything)
    }

    /// Takes `prepared`, `data` and `size`; the screens that measuring and edit anchoring
    /// follow are forgotten (elements may have moved for reasons of their own), but the edit
    /// anchor's when `keepingEditScreen` (an edit that kept the data: its elements kept
    /// their paths).
    mutating func apply(_ prepared: Prepared, data: DataShape, size: Size, forgettingFrame: Bool = true, keepingEditScreen: Bool = false) {
        self.data = data
        self.size = size
        marginExtent = prepared.marginExtent
        horizontalMarginExtent = prepared.horizontalMarginExtent
        scrollAxes = prepared.scrollAxes
        state.pinning = prepared.pinning
        state.queriesOnce = prepared.queriesOnce
        if forgettingFrame { state.forgetPreviousFrame() }
        // Elements may have moved or been renamed for reasons other than a measurement.
        measuring?.screen.isValid = false
        if !keepingEditScreen { forgetEditAnchoringScreen() }
    }
}
