/// One batch update of the data, as `UICollectionView`'s `performBatchUpdates` describes
/// it: what changed, so that both the new data and where each surviving element went can
/// be worked out from it.
///
/// ``applied(to:)`` gives the data after the edit (through `DataShape`'s editing methods);
/// ``id(after:)`` says where an element of the old data is in the new one, or that it
/// is gone. A viewport uses the second to keep an element's tile across the edit: an item
/// that moves is the same item, shown by the same tile, under its new path.
///
/// Paths follow `UICollectionView`'s meaning:
/// - inserting `count` items into `section` at `item` shifts that section's items at and
///   after `item` by `count`;
/// - deleting items removes them and shifts the later ones of the section back;
/// - inserting or deleting sections shifts later sections, with their items and their
///   per-section supplementary views (headers, footers);
/// - moving an item removes it at `from`, then inserts it at `to` in the data after the
///   removal;
/// - setting item sizes (a measurement) renames nothing: every element keeps its path.
///
/// Only cells and per-section supplementary views (section headers and footers) are
/// renamed. The other kinds (a two-axis grid's column and row headers and its corner)
/// have paths that are positions in the grid, not in the data, and keep them.
public enum DataEdit: Hashable, Sendable, CustomStringConvertible {
    /// `count` items inserted into `section` before `item`; `sizes` gives their content
    /// sizes when the data carries sizes.
    case insertItems(section: Int, item: Int, count: Int, sizes: [Size]?)
    /// The items `items` of `section` deleted.
    case deleteItems(section: Int, items: Range<Int>)
    /// New sections with the given item counts inserted before `section`.
    case insertSections(section: Int, counts: [Int], sizes: [Size]?)
    /// The sections `sections` deleted.
    case deleteSections(Range<Int>)
    /// The item at `from` removed, then inserted at `to` in the data after the removal.
    case moveItem(from: ItemPath, to: ItemPath)
    /// The items named set to the given sizes, every count and path unchanged: a
    /// measurement, as a viewport tells it once per frame for the items it has just
    /// measured (their true sizes, where the layout knew only an estimate). A layout that
    /// does not follow it prepares again (the contract's default), which is always right.
    case setItemSizes([SizedItem])

    /// The data after this edit.
    ///
    /// - Throws: ``GridError`` naming the section, item or range when the edit names one
    ///   that does not exist in `data` (`from`, `to.item`, …).
    public func applied(to data: DataShape) throws(GridError) -> DataShape {
        switch self {
        case .insertItems(let section, let item, let count, let sizes):
            try data.insertingItems(count, intoSection: section, at: item, sizes: sizes)
        case .deleteItems(let section, let items):
            try data.deletingItems(items, fromSection: section)
        case .insertSections(let section, let counts, let sizes):
            try data.insertingSections(counts, at: section, sizes: sizes)
        case .deleteSections(let sections):
            try data.deletingSections(sections)
        case .moveItem(let from, let to):
            try data.movingItem(from: from, to: to)
        case .setItemSizes(let items):
            try data.settingItemSizes(items)
        }
    }

    /// The first section the edit may touch: every section before it holds the same items
    /// as before, under the same number.
    public var firstSection: Int {
        switch self {
        case .insertItems(let section, _, _, _), .deleteItems(let section, _): section
        case .insertSections(let section, _, _): section
        case .deleteSections(let sections): sections.lowerBound
        case .moveItem(let from, let to): min(from.section, to.section)
        case .setItemSizes(let items): items.lazy.map(\.path.section).min() ?? 0
        }
    }

    /// The edit in words, for reports and messages: `inserting 2 items into section 3 at 5`.
    public var description: String {
        func items(_ count: Int) -> String { count == 1 ? "1 item" : "\(count) items" }
        return switch self {
        case .insertItems(let section, let item, let count, _): "inserting \(items(count)) into section \(section) at \(item)"
        case .deleteItems(let section, let range): "deleting items \(range.lowerBound)..<\(range.upperBound) of section \(section)"
        case .insertSections(let section, let counts, _): "inserting sections of \(counts) items at \(section)"
        case .deleteSections(let sections): "deleting sections \(sections.lowerBound)..<\(sections.upperBound)"
        case .moveItem(let from, let to): "moving item \(from) to \(to)"
        case .setItemSizes(let sized): "setting the sizes of \(items(sized.count))" + (sized.isEmpty ? "" : " from \(sized[0].path)")
        }
    }

    /// Where the element `id` of the data before this edit is in the data after it: its
    /// new ID, or `nil` when the edit deleted it. Valid for an edit that
    /// ``applied(to:)`` accepted.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func id(after id: ElementID) -> ElementID? {
        guard let kind = id.kind else { return id }
        switch kind {
        case .cell, .sectionHeader, .sectionFooter:
            guard let path = path(after: id.path, isCell: kind == .cell) else { return nil }
            return ElementID(kind: kind, path: path)
        case .columnHeader, .rowHeader, .corner:
            return id
        }
    }

    /// Where `path`, a cell's (`isCell`) or a per-section supplementary view's, goes; `nil`
    /// when deleted. Item edits leave supplementary views where they are.
    @inlinable
    func path(after path: ItemPath, isCell: Bool) -> ItemPath? {
        let section = path.section, item = path.item
        switch self {
        case .insertItems(let s, let at, let count, _):
            guard isCell, section == s, item >= at else { return path }
            return ItemPath(section: section, item: item + count)
        case .deleteItems(let s, let items):
            guard isCell, section == s, item >= items.lowerBound else { return path }
            if item < items.upperBound { return nil }
            return ItemPath(section: section, item: item - items.count)
        case .insertSections(let at, let counts, _):
            return section >= at ? ItemPath(section: section + counts.count, item: item) : path
        case .deleteSections(let sections):
            if section < sections.lowerBound { return path }
            if section < sections.upperBound { return nil }
            return ItemPath(section: section - sections.count, item: item)
        case .moveItem(let from, let to):
            guard isCell else { return path }
            if path == from { return to }
            // Removed at `from`: later items of its section close the gap …
            var moved = path
            if section == from.section && item > from.item { moved.item -= 1 }
            // … then inserted at `to`: items at and after it make room.
            if moved.section == to.section && moved.item >= to.item { moved.item += 1 }
            return moved
        case .setItemSizes:
            return path
        }
    }
}
