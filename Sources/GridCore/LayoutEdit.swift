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
    /// What the edit did to the frames, when the layout knows it: an edit that kept every
    /// element under its path (the data's counts unchanged, ``rename`` the identity) and
    /// changed frames only as the shift says, bit for bit (see ``SectionShift``): the
    /// sections before `firstChanged` kept, those from `movedFrom` on moved along y by
    /// `offset`, those between laid again within `changedSpan`. A span grid's keystroke laid
    /// out in place says so (a shift that keeps every row when no row's height changed). A
    /// viewport then keeps what it has loaded instead of querying its whole screen again.
    /// `nil` when the edit says nothing of the kind (every structural edit).
    public var shift: SectionShift?

    public init(
        data: DataShape, sectionMove: SectionMove? = nil, shift: SectionShift? = nil,
        rename: @escaping @Sendable (ElementID) -> ElementID?
    ) {
        self.data = data
        self.sectionMove = sectionMove
        self.shift = shift
        self.rename = rename
    }

    /// Whether the edit says it changed no frame: a ``shift`` that keeps every section
    /// (`firstChanged` at or past `sectionCount`, no offset) of data of `sectionCount` sections.
    /// - Complexity: O(1).
    public func changesNoFrame(sectionCount: Int) -> Bool {
        guard let shift else { return false }
        return shift.firstChanged >= sectionCount && shift.movedFrom == shift.movedTo && shift.offset == 0
    }
}
