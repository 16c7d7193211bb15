import GridCore

/// Where the cached strategy keeps the positions of supplementary views other than section
/// headers: a dense table for each kind the layout declares over a path space no larger
/// than the data (row headers, column headers, footers, a corner: 4 bytes a path, found by
/// index), and a dictionary for anything else.
///
/// The tables share one array, made at the first view placed, so that kinds a layout
/// declares but does not place (footers turned off) cost nothing.
@usableFromInline
struct SupplementarySlots: Equatable, Sendable {
    /// One kind's table: `slots[offset + section · items + item]` is the position of the
    /// view at `(section, item)`, or −1.
    @usableFromInline
    struct Table: Equatable, Sendable {
        @usableFromInline var sections = 0
        @usableFromInline var items = 0
        @usableFromInline var offset = 0
    }

    /// Indexed by kind raw value; a kind without a table has zero sections. Empty when no
    /// kind has one.
    @usableFromInline var tables: [Table] = []
    /// Every table's slots, one after the other; empty until a view is placed in one.
    @usableFromInline var slots: [Int32] = []
    /// The number of slots the tables hold in all.
    @usableFromInline var tabled = 0
    @usableFromInline var others: [ElementID: Int32] = [:]

    /// No slots.
    @usableFromInline
    init() {}

    /// Tables for the kinds `traits` declare (section headers aside, which the cache keeps
    /// by section), each whose path space for `data` holds at most `limit` paths; room in
    /// the dictionary for the paths of the declared kinds that get none.
    init(traits: LayoutTraits, data: DataShape, limit: Int) {
        var untabled = 0
        for declared in traits.supplementaries where declared.kind != .sectionHeader && declared.kind != .cell {
            let extent = declared.space.extent(for: data)
            let (size, overflow) = extent.sections.multipliedReportingOverflow(by: extent.items)
            guard !overflow, size <= limit else {
                untabled = min(untabled + (overflow ? 1 << 20 : size), 1 << 20)
                continue
            }
            guard size > 0 else { continue }
            if tables.isEmpty { tables = Array(repeating: Table(), count: 16) }
            tables[Int(declared.kind.rawValue)] = Table(sections: extent.sections, items: extent.items, offset: tabled)
            tabled += size
        }
        if untabled > 0 { others.reserveCapacity(untabled) }
    }

    /// The position of the view of `kind` at `path`, or `nil`.
    @inlinable
    func slot(_ kind: ElementKind, _ path: ItemPath) -> Int32? {
        if let index = index(kind, path) {
            guard index < slots.count else { return nil }  // none placed yet
            let slot = slots[index]
            return slot >= 0 ? slot : nil
        }
        return others.isEmpty ? nil : others[ElementID(kind: kind, path: path)]
    }

    /// Where in ``slots`` the view of `kind` at `path` goes, when its kind has a table that
    /// holds the path.
    @inlinable
    func index(_ kind: ElementKind, _ path: ItemPath) -> Int? {
        let raw = Int(kind.rawValue)
        guard raw < tables.count else { return nil }
        let table = tables[raw]
        guard path.section >= 0, path.section < table.sections, path.item >= 0, path.item < table.items else { return nil }
        return table.offset + path.section * table.items + path.item
    }

    /// Records that the view of `kind` at `path` sits at `position`.
    mutating func set(_ kind: ElementKind, _ path: ItemPath, _ position: Int32) {
        if let index = index(kind, path) {
            if slots.isEmpty { slots = Array(repeating: -1, count: tabled) }
            slots[index] = position
        } else {
            others[ElementID(kind: kind, path: path)] = position
        }
    }
}
