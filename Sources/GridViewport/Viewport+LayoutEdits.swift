import GridCore

/// Edits of the layout's own structure, between frames: a span grid's cells merged and split,
/// its rows and columns inserted and deleted, while it is on screen.
extension Viewport where Layout: EditableLayout {
    /// Applies `operation` to the layout (through whatever strategy wraps it), takes the data
    /// it now lays out, and renames the loaded elements by the edit: the elements that survive
    /// keep their tiles under their new paths, the others leave now (counted in the next
    /// frame's `left`). Loaded cells in the sections the edit kept or moved as blocks
    /// (`LayoutEdit.sectionMove`) are renamed without asking the layout. The next
    /// ``scroll(to:)`` refreshes frames and diffs as usual.
    ///
    /// - Throws: what the layout throws when it refuses the operation, or `GridError` for a
    ///   margin its new traits cannot resolve; the viewport is then unchanged.
    /// - Complexity: the layout's edit (for a strategy, its rebuild), plus O(S) when pinning,
    ///   plus the renaming of k loaded elements.
    public mutating func apply(_ operation: Layout.Operation) throws {
        var edited = layout
        let edit = try edited.apply(operation)
        try adopt(edited, edit)
    }
}

extension Viewport {
    /// Applies `operation` when the layout takes operations of its type (see
    /// ``apply(_:)``); returns `false`, changing nothing, when it does not. For code that
    /// holds a viewport of any layout, such as a replay.
    ///
    /// - Throws: as ``apply(_:)``.
    public mutating func applyIfEditable<Operation>(_ operation: Operation) throws -> Bool {
        guard let editable = layout as? any EditableLayout,
              let (edited, edit) = try Self.editing(editable, operation),
              let layout = edited as? Layout
        else { return false }
        try adopt(layout, edit)
        return true
    }

    /// `layout` edited by `operation`, when the operation is of its type.
    private static func editing<L: EditableLayout>(_ layout: L, _ operation: Any) throws -> (any GridLayout, LayoutEdit)? {
        guard let operation = operation as? L.Operation else { return nil }
        var layout = layout
        let edit = try layout.apply(operation)
        return (layout, edit)
    }

    /// Takes `layout`, prepared by an edit, with its margins and pinning resolved anew, and
    /// renames the loaded elements by `edit`.
    private mutating func adopt(_ layout: Layout, _ edit: LayoutEdit) throws {
        let prepared = try Self.resolve(layout, data: edit.data, margin: margin, pinning: requestedPinning)
        self.layout = layout
        apply(prepared, data: edit.data, size: size)
        state.rename(edit.rename, move: edit.sectionMove)
    }
}
