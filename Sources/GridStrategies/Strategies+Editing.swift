import GridCore

// Edits of the layout a strategy wraps (a span grid's merge, a row inserted): each strategy
// applies the edit to its base, which prepares itself again, then rebuilds what it keeps
// from the prepared base, exactly as its own prepare would have, or, for the cached strategy
// told by an edit made in place what it moved (a keystroke's `LayoutEdit.shift`), follows it.
// The one strategy switch, `StrategyKind.wrap`, thus hands a viewport a layout it can edit
// whatever the strategy.

extension OnDemandLayout: EditableLayout where Base: EditableLayout {
    /// - Complexity: the base's edit.
    public mutating func apply(_ operation: Base.Operation) throws -> LayoutEdit {
        try base.apply(operation)
    }

    /// The base's answer.
    public func keepsData(_ operation: Base.Operation) -> Bool { base.keepsData(operation) }
}

extension CachedLayout: EditableLayout where Base: EditableLayout {
    /// The base's edit, then the cache brought up to date.
    ///
    /// An edit that keeps the data (``keepsData(_:)``: a span grid's keystroke) is made on
    /// the base in place, and when it says what it did to the frames (`LayoutEdit.shift`,
    /// the one description of an edit's frames that a viewport also follows), the cache
    /// follows that shift: nothing to do when no frame changed, else the sections laid again
    /// taken from the base and the others kept or moved, in pieces, as after a reported
    /// update (see ``prepare(data:container:invalidation:)``). Any other edit is made on a
    /// copy of the base and every element is cached again, as is an edit whose shift the
    /// pieces cannot follow (see `CachedPieces`: too many pieces, a patch too large).
    ///
    /// - Throws: what the base's edit throws; the cache and base are then kept. Should the
    ///   base's elements not fit the cache when it is built again after an edit made in place
    ///   (more than 2³¹ − 1 of them), the base keeps the edit and the cache is left empty.
    /// - Complexity: the base's edit, plus O(1) for an edit that changed no frame, O(m log m
    ///   + p) for the m elements of the sections it laid again and the p pieces when its shift
    ///   is followed, else O(n) (see ``prepare(data:container:)``). A span grid's keystroke on
    ///   a 3,000,000-cell ledger thus costs microseconds instead of a 150 ms rebuild, and
    ///   allocates nothing once the pieces' arrays have grown.
    public mutating func apply(_ operation: Base.Operation) throws -> LayoutEdit {
        if base.keepsData(operation) { return try applyKeepingData(operation) }
        var edited = base
        let edit = try edited.apply(operation)
        try adopt(edited, data: edit.data)
        return edit
    }

    /// The base's answer.
    public func keepsData(_ operation: Base.Operation) -> Bool { base.keepsData(operation) }
}

extension ScanLayout: EditableLayout where Base: EditableLayout {
    /// The base's edit, then its elements gathered again.
    /// - Complexity: the base's edit, plus O(n).
    public mutating func apply(_ operation: Base.Operation) throws -> LayoutEdit {
        var edited = base
        let edit = try edited.apply(operation)
        adopt(edited, data: edit.data)
        return edit
    }

    /// The base's answer.
    public func keepsData(_ operation: Base.Operation) -> Bool { base.keepsData(operation) }
}

extension AdaptiveLayout: EditableLayout where Base: EditableLayout {
    /// The base's edit, then the strategy chosen again for the data it leaves.
    ///
    /// On demand, the base is edited in place (moved out of `state` first, so that it is not
    /// shared and a span grid's keystroke moves its rows without copying them) and kept when
    /// the data stays at or above the threshold. Cached, an edit that keeps the data (a
    /// keystroke) is made by the cache it holds, moved out likewise: in place, the cache
    /// following what the edit moved (see `CachedLayout.apply(_:)`), and the cache stays (the
    /// counts, hence the choice, are unchanged).
    /// - Complexity: that of the strategy chosen: the base's edit alone when on demand stays,
    ///   the cache's edit when a keystroke keeps it.
    public mutating func apply(_ operation: Base.Operation) throws -> LayoutEdit {
        if case .cached(var cached) = state, cached.base.keepsData(operation) {
            state = .moving
            defer { state = .cached(cached) }
            return try cached.apply(operation)
        }
        if case .onDemand(var edited) = state {
            state = .moving
            let edit: LayoutEdit
            do {
                edit = try edited.apply(operation)
            } catch {
                state = .onDemand(edited)  // the base's edit left it unchanged
                throw error
            }
            if edit.data.totalItems < threshold {
                // The edit is made: should the cache fail to build, the edited base still
                // answers, on demand.
                var cached = CachedLayout(edited)
                if (try? cached.adopt(edited, data: edit.data)) != nil {
                    state = .cached(cached)
                } else {
                    state = .onDemand(edited)
                }
            } else {
                state = .onDemand(edited)
            }
            return edit
        }
        var edited = base
        let edit = try edited.apply(operation)
        if edit.data.totalItems < threshold {
            var cached = CachedLayout(edited)
            try cached.adopt(edited, data: edit.data)
            state = .cached(cached)
        } else {
            state = .onDemand(edited)
        }
        return edit
    }

    /// The base's answer (data kept, the strategy chosen for it stays).
    public func keepsData(_ operation: Base.Operation) -> Bool { base.keepsData(operation) }
}

extension AdaptiveLayout {
    /// How many times the cache it holds was built whole (`CachedLayout.buildCount`), or `nil`
    /// on demand: what a test reads to see that an edit was followed, not built again.
    package var cachedBuildCount: Int? {
        if case .cached(let cached) = state { return cached.buildCount }
        return nil
    }
}
