import GridCore

/// Where the cached strategy keeps the positions of supplementary views other than section
/// headers: a dense table for each kind the layout declares over a path space no larger
/// than the data (row headers, column headers, footers, a corner: 4 bytes a path, found by
/// index), and a dictionary for anything else.
@usableFromInline
struct SupplementarySlots: Equatable, Sendable {
    /// One kind's slots: `slots[section · items + item]` is the position of the view at
    /// `(section, item)`, or −1.
    @usableFromInline
    struct Table: Equatable, Sendable {
        @usableFromInline var sections = 0
        @usableFromInline var items = 0
        @usableFromInline var slots: [Int32] = []
    }

    /// Indexed by kind raw value; a kind without a table has zero sections.
    @usableFromInline var tables: [Table]
    @usableFromInline var others: [ElementID: Int32] = [:]

    /// No slots.
    @usableFromInline
    init() {
        tables = []
    }

    /// Tables for the kinds `traits` declare (section headers aside, which the cache keeps
    /// by section), each whose path space for `data` holds at most `limit` paths.
    init(traits: LayoutTraits, data: DataShape, limit: Int) {
        tables = Array(repeating: Table(), count: 16)
        for declared in traits.supplementaries where declared.kind != .sectionHeader && declared.kind != .cell {
            let extent = declared.space.extent(for: data)
            let (size, overflow) = extent.sections.multipliedReportingOverflow(by: extent.items)
            guard !overflow, size > 0, size <= limit else { continue }
            tables[Int(declared.kind.rawValue)] = Table(sections: extent.sections, items: extent.items, slots: Array(repeating: -1, count: size))
        }
    }

    /// The position of the view of `kind` at `path`, or `nil`.
    @inlinable
    func slot(_ kind: ElementKind, _ path: ItemPath) -> Int32? {
        let raw = Int(kind.rawValue)
        if raw < tables.count {
            let sections = tables[raw].sections, items = tables[raw].items
            if path.section >= 0, path.section < sections, path.item >= 0, path.item < items {
                let slot = tables[raw].slots[path.section * items + path.item]
                return slot >= 0 ? slot : nil
            }
        }
        return others[ElementID(kind: kind, path: path)]
    }

    /// Records that the view of `kind` at `path` sits at `position`.
    mutating func set(_ kind: ElementKind, _ path: ItemPath, _ position: Int32) {
        let raw = Int(kind.rawValue)
        if raw < tables.count {
            // The sizes alone: a copy of the table would retain its slots, and the write
            // below would then copy them.
            let sections = tables[raw].sections, items = tables[raw].items
            if path.section >= 0, path.section < sections, path.item >= 0, path.item < items {
                tables[raw].slots[path.section * items + path.item] = position
                return
            }
        }
        others[ElementID(kind: kind, path: path)] = position
    }
}
