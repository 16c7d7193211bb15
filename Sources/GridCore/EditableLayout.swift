/// A layout whose own structure can be edited in place, between frames: a span grid's merged
/// and split cells, its rows and columns inserted and deleted. The edit changes the layout's
/// parameters and, with them, the data it lays out (a span grid's cells), so it is not a
/// ``DataEdit``: the layout itself says what the data becomes and where each element went.
///
/// Strategies forward edits to the layout they wrap and rebuild what they keep, so that an
/// edit reaches a layout however it is answered; a viewport applies it between frames and
/// keeps the tiles of the elements that survive it.
public protocol EditableLayout<Operation>: GridLayout {
    /// The edits the layout takes (`GridLayouts`' span grid: merge, split, insert and
    /// delete rows and columns).
    associatedtype Operation: Sendable

    /// Applies `operation` and prepares the layout again in the container of its last
    /// prepare, for the data the edit leaves.
    ///
    /// - Returns: that data, and where each element of the data before went.
    /// - Throws: when the layout refuses the operation (the layouts of GridBench throw
    ///   ``GridError`` naming why); the layout then keeps its previous state.
    mutating func apply(_ operation: Operation) throws -> LayoutEdit

    /// Whether `operation` keeps the layout's data (every count, so every element under its
    /// path) and only changes sizes: a span grid's keystroke. A viewport applies such an
    /// edit to its layout in place, without keeping a copy of it (which would make the edit
    /// copy what it changes), and, when the edit's ``LayoutEdit/shift`` says what moved,
    /// keeps what it has loaded.
    ///
    /// `false` by default, which is always correct: the viewport then edits a copy and keeps
    /// the layout before the edit until it has taken the edit.
    /// - Complexity: O(1).
    func keepsData(_ operation: Operation) -> Bool
}

extension EditableLayout {
    public func keepsData(_ operation: Operation) -> Bool { false }
}
