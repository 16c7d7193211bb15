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
}
