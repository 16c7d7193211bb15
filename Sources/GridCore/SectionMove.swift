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
