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
