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

/// What an edit of a layout did: the data after it, and where each element of the data
/// before it went.
public struct LayoutEdit: Sendable {
    /// The data the layout now lays out.
    public var data: DataShape
    /// The ID after the edit of the element `id` of before it, or `nil` when the edit removed
    /// it (a cell merged into another, a row deleted with its cells). Distinct elements go to
    /// distinct IDs.
    public var rename: @Sendable (ElementID) -> ElementID?
    /// Where the cells of whole sections went, when the edit left them in place or moved them
    /// as blocks (a span grid's rows above and below an inserted or deleted row): what
    /// ``rename`` says of those cells, for a caller that can read it without a call per cell.
    /// `nil` when the edit says nothing of the kind.
    public var sectionMove: SectionMove?

    public init(data: DataShape, sectionMove: SectionMove? = nil, rename: @escaping @Sendable (ElementID) -> ElementID?) {
        self.data = data
        self.sectionMove = sectionMove
        self.rename = rename
    }
}

/// The cells of whole sections that an edit kept in place or moved as blocks: every cell of
/// the data before the edit in a section of ``kept`` keeps its ID, and every cell of before
/// in a section of ``moved`` goes to the same item of the section ``offset`` further on.
///
/// For those cells it says exactly what ``LayoutEdit/rename`` says. It does not say whether
/// a path was a cell before: it is for callers whose IDs are known to be cells of before (a
/// viewport's loaded elements), which can then rename a block of rows without a call or a
/// search per cell.
public struct SectionMove: Hashable, Sendable {
    /// The sections whose cells keep their IDs.
    public var kept: Range<Int>
    /// The sections whose cells move by ``offset`` sections.
    public var moved: Range<Int>
    /// How far the sections of ``moved`` move: `+1` for a row inserted above them.
    public var offset: Int

    public init(kept: Range<Int>, moved: Range<Int>, offset: Int) {
        self.kept = kept
        self.moved = moved
        self.offset = offset
    }

    /// The ID after the edit of `id`, a cell of before, when its section is kept or moved;
    /// `nil` for any other element, which ``LayoutEdit/rename`` answers.
    @inlinable
    public func id(after id: ElementID) -> ElementID? {
        guard id.kind == .cell else { return nil }
        let section = id.section
        if kept.contains(section) { return id }
        guard moved.contains(section) else { return nil }
        return ElementID(kind: .cell, path: ItemPath(section: section + offset, item: id.item))
    }
}
