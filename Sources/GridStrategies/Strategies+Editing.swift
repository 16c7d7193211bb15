import GridCore

// Edits of the layout a strategy wraps (a span grid's merge, a row inserted): each strategy
// applies the edit to its base, which prepares itself again, then rebuilds what it keeps
// from the prepared base, exactly as its own prepare would have. The one strategy switch,
// `StrategyKind.wrap`, thus hands a viewport a layout it can edit whatever the strategy.

extension OnDemandLayout: EditableLayout where Base: EditableLayout {
    /// - Complexity: the base's edit.
    public mutating func apply(_ operation: Base.Operation) throws -> LayoutEdit {
        try base.apply(operation)
    }

    /// The base's answer.
    public func keepsData(_ operation: Base.Operation) -> Bool { base.keepsData(operation) }
}

extension CachedLayout: EditableLayout where Base: EditableLayout {
    /// The base's edit, then every element cached again.
    /// - Complexity: the base's edit, plus O(n) (see ``prepare(data:container:)``).
    public mutating func apply(_ operation: Base.Operation) throws -> LayoutEdit {
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
    /// the data stays at or above the threshold.
    /// - Complexity: that of the strategy chosen: the base's edit alone when on demand stays.
    public mutating func apply(_ operation: Base.Operation) throws -> LayoutEdit {
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
