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
    /// - Complexity: the layout's edit (for a strategy, its rebuild), then O(1) for an edit
    ///   that changed no frame; otherwise O(S) more when pinning, plus the renaming of k
    ///   loaded elements, and the next frame queries its whole loaded rect. A keystroke that
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
    private mutating func apply<L: EditableLayout>(_ operation: Any, editing _: L.Type) throws -> Bool {
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
                data: edit.data, size: size)
            state.rename(edit.rename, move: edit.sectionMove)
            throw error
        }
        apply(prepared, data: edit.data, size: size)
        state.rename(edit.rename, move: edit.sectionMove)
    }
}
