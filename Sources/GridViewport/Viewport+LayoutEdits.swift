import GridCore

/// Edits of the layout's own structure, between frames: a span grid's cells merged and split,
/// its rows and columns inserted and deleted, a cell's content typed, while it is on screen.
extension Viewport where Layout: EditableLayout {
    /// Applies `operation` to the layout (through whatever strategy wraps it), takes the data
    /// it now lays out, and renames the loaded elements by the edit: the elements that survive
    /// keep their tiles under their new paths, the others leave now (counted in the next
    /// frame's `left`). Loaded cells in the sections the edit kept or moved as blocks
    /// (`LayoutEdit.sectionMove`) are renamed without asking the layout. The next
    /// ``scroll(to:)`` refreshes frames and diffs as usual.
    ///
    /// An edit that keeps the data (`EditableLayout.keepsData(_:)`: a span grid's
    /// keystroke) is made on the layout in place, without a copy. When it says it changed
    /// no frame (`LayoutEdit.shift` keeping every section: a keystroke that changed no row's
    /// height), the viewport keeps everything it has: its loaded set, its margins and pinning
    /// (the layout's traits follow its frames, which did not change), and the last frame,
    /// so that the next frame stays incremental.
    ///
    /// - Throws: what the layout throws when it refuses the operation, or `GridError` for a
    ///   margin its new traits cannot resolve; the viewport is then unchanged, except after
    ///   an edit that keeps the data: the layout keeps that edit (with the data, the pinning
    ///   and the loaded set renamed by it), the margins stay as they were, and the next frame
    ///   queries in full.
    /// When anchoring edits (``startAnchoringEdits(_:)``), an edit that keeps the data and
    /// moves the anchored cell corrects the offset by its shift.
    ///
    /// - Complexity: the layout's edit (for a strategy, its rebuild), then O(1) for an edit
    ///   that changed no frame; otherwise O(S) more when pinning, plus the renaming of k
    ///   loaded elements (and, anchoring, O(k) to find the anchor), and the next frame
    ///   queries its whole loaded rect. A keystroke that
    ///   changes no row height thus costs the span grid's keystroke (see its docs) and
    ///   allocates nothing once the grid's buffers have grown.
    public mutating func apply(_ operation: Layout.Operation) throws {
        if layout.keepsData(operation) {
            let edit = try layout.apply(operation)
            try adoptInPlace(edit)
        } else {
            var edited = layout
            let edit = try edited.apply(operation)
            try adopt(edited, edit)
        }
    }
}

extension Viewport {
    /// Applies `operation` when the layout takes operations of its type (see
    /// ``apply(_:)``); returns `false`, changing nothing, when it does not. For code that
    /// holds a viewport of any layout, such as a replay.
    ///
    /// The layout is neither copied nor boxed to find out: its type is asked whether it is
    /// editable, and an edit that keeps the data is made in place, as ``apply(_:)`` does.
    ///
    /// - Throws: as ``apply(_:)``.
    /// - Complexity: as ``apply(_:)``, plus a dynamic cast of the layout's type and of
    ///   `operation`.
    public mutating func applyIfEditable<Operation>(_ operation: Operation) throws -> Bool {
        guard let editable = Layout.self as? any EditableLayout.Type else { return false }
        return try apply(operation, editing: editable)
    }

    /// ``applyIfEditable(_:)`` with the layout's type opened as `L` (the same type as
    /// `Layout`).
    private mutating func apply<L: EditableLayout, Operation>(_ operation: Operation, editing _: L.Type) throws -> Bool {
        // Cast from the generic value, not from an `Any` made of it: an `Any` holding an
        // `Any` (the replay's operations are) would box it, an allocation per keystroke.
        guard L.self == Layout.self, let operation = operation as? L.Operation else { return false }
        if Self.withLayout(&layout, as: L.self, { $0.keepsData(operation) }) {
            let edit = try Self.withLayout(&layout, as: L.self) { try $0.apply(operation) }
            try adoptInPlace(edit)
        } else {
            var edited = layout
            let edit = try Self.withLayout(&edited, as: L.self) { try $0.apply(operation) }
            try adopt(edited, edit)
        }
        return true
    }

    /// Calls `body` with `layout` seen as `L`, which must be `Layout` itself (as a type
    /// opened from `Layout.self` is, checked by the caller): no copy, no box.
    @inline(__always)
    private static func withLayout<L, R>(_ layout: inout Layout, as _: L.Type, _ body: (inout L) throws -> R) rethrows -> R {
        try withUnsafeMutablePointer(to: &layout) { pointer in
            try body(&UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: L.self).pointee)
        }
    }

    /// Takes `layout`, prepared by an edit, with its margins and pinning resolved anew, and
    /// renames the loaded elements by `edit`.
    private mutating func adopt(_ layout: Layout, _ edit: LayoutEdit) throws {
        let prepared = try Self.resolve(layout, data: edit.data, margin: margin, pinning: requestedPinning)
        self.layout = layout
        apply(prepared, data: edit.data, size: size)
        state.rename(edit.rename, move: edit.sectionMove)
    }

    /// Takes `edit`, which the layout has made in place and which kept its data: when it
    /// changed no frame, keeps everything (the loaded set, the last frame, the margins and
    /// the pinning); otherwise resolves the margins and pinning anew and renames the loaded
    /// elements, as ``adopt(_:_:)`` does.
    private mutating func adoptInPlace(_ edit: LayoutEdit) throws {
        if edit.changesNoFrame(sectionCount: data.sectionCount) {
            data = edit.data
            return
        }
        // Anchoring (`startAnchoringEdits`): the anchored cell, as displayed before the edit
        // (the loaded set still holds the last frame's frames), is found again by its path.
        let anchor = editAnchorBeforeEdit()
        defer { correctAfterEdit(following: anchor) }
        // Every element kept its path (what a shift promises): no renaming. What follows
        // from the layout's traits is taken in place (the frozen bands' ends, the margins in
        // lines), and the loaded set follows the shift, or the next frame queries in full.
        let traits = layout.traits
        guard let shift = edit.shift, scrollsIncrementally, let extents = try? margin.extents(for: traits) else {
            return try resolveAfterEditInPlace(edit)
        }
        data = edit.data
        marginExtent = extents.vertical
        horizontalMarginExtent = extents.horizontal
        scrollAxes = traits.scrollAxes
        if !state.pinning.update(traits: traits, content: layout.contentSize, sections: edit.data.sectionCount, sectionHeaders: requestedPinning) {
            state.pinning = Pinning(layout: layout, traits: traits, data: edit.data, sectionHeaders: requestedPinning)
        }
        state.queriesOnce = traits.rectQueriesScanEverything
        measuring?.screen.isValid = false
        if !follow(shift) { state.forgetPreviousFrame() }
    }

    /// Takes `edit`, made in place, as ``adopt(_:_:)`` takes an edit of a copy: resolves
    /// the margins and pinning anew, forgets the last frame and renames the loaded elements.
    private mutating func resolveAfterEditInPlace(_ edit: LayoutEdit) throws {
        let prepared: Prepared
        do {
            prepared = try Self.resolve(layout, data: edit.data, margin: margin, pinning: requestedPinning)
        } catch {
            // The layout has taken the edit: what follows from it is taken too, but the
            // margins, which its traits cannot resolve.
            let traits = layout.traits
            apply(
                Prepared(
                    marginExtent: marginExtent, horizontalMarginExtent: horizontalMarginExtent, scrollAxes: traits.scrollAxes,
                    pinning: Pinning(layout: layout, traits: traits, data: edit.data, sectionHeaders: requestedPinning),
                    queriesOnce: traits.rectQueriesScanEverything),
                data: edit.data, size: size, keepingEditScreen: true)
            state.rename(edit.rename, move: edit.sectionMove)
            throw error
        }
        apply(prepared, data: edit.data, size: size, keepingEditScreen: true)
        state.rename(edit.rename, move: edit.sectionMove)
    }

    /// Follows `shift`, which the layout's edit reported, in the loaded set: each loaded
    /// element that is not pinned keeps its frame (sections kept), moves by the offset
    /// (sections moved) or is asked of the layout again (sections laid again), and the layout
    /// is asked for the parts of the last frame's rect where an element not loaded may now
    /// lie: the span laid again, and the stretch by which moved elements entered it (from
    /// below when they moved up, from above when they moved down). The last frame is kept,
    /// so that the next one is incremental. Returns `false` when the set cannot follow it
    /// (see `LoadedSet.canFollow(_:)`); the caller then forgets the last frame.
    /// - Complexity: O(k) for k loaded elements, plus a query of the span laid again and of
    ///   a stretch as high as the offset, within the last frame's rect: for a span grid's
    ///   keystroke that grew a row, the typed row's run of rows and the rows the offset
    ///   reaches. No allocation once the buffers have grown.
    private mutating func follow(_ shift: SectionShift) -> Bool {
        guard state.canFollow(shift), let previous = state.previousRect else { return false }
        var extents = LoadedSet.Extents()
        var index = 0
        let count = state.elements.count
        while index < count {
            if state.elements[index].pinned {
                index += 1
                continue
            }
            var attributes = state.elements[index].attributes
            switch shift.part(of: attributes, before: true) {
            case .kept:
                break
            case .moved:
                attributes.frame.origin.y += shift.offset
            case .laidAgain:
                let fresh = attributes.kind == .cell
                    ? layout.attributes(at: attributes.path) : layout.supplementary(attributes.kind, at: attributes.path)
                guard let fresh else { return false }
                attributes = fresh
            }
            state.elements[index].attributes = attributes
            extents.include(attributes.frame)
            index += 1
        }
        // Where an element not loaded may now meet `previous`, in the edited layout.
        state.scratch.removeAll(keepingCapacity: true)
        let low = shift.changedSpan.lowerBound, high = shift.changedSpan.upperBound, offset = shift.offset
        let top = max(previous.minY, low), bottom = min(previous.maxY, high)
        if top < bottom {
            layout.elements(in: Rect(x: previous.minX, y: top, width: previous.width, height: bottom - top), into: &state.scratch)
        }
        // Moved elements start at or below `high`.
        let enteredFrom = offset < 0 ? max(previous.maxY + offset, previous.minY, high) : max(previous.minY, high)
        let enteredTo = offset < 0 ? previous.maxY : min(previous.minY + offset, previous.maxY)
        if offset != 0 && enteredFrom < enteredTo {
            layout.elements(
                in: Rect(x: previous.minX, y: enteredFrom, width: previous.width, height: enteredTo - enteredFrom), into: &state.scratch)
        }
        state.acceptShift(previous: previous, extents: extents)
        return true
    }
}
