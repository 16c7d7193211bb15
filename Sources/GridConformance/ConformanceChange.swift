import GridCore

/// A change between two preparations of one instance, for law 6 (freshness).
///
/// Each change picks its place in the data deterministically, so that a shrunk data shape
/// gets the same kind of change.
public enum ConformanceChange: String, CaseIterable, Hashable, Sendable, Codable {
    /// Three items inserted into the middle section, at its middle.
    case insertItems = "insert-items"
    /// Up to a third of the items of the middle non-empty section deleted.
    case deleteItems = "delete-items"
    /// Sections of 2, 0 and 5 items inserted in the middle.
    case insertSections = "insert-sections"
    /// The middle section deleted.
    case deleteSections = "delete-sections"
    /// Every item's content size changed (width and height swapped, plus 1), counts kept.
    case resizeItems = "resize-items"
    /// The container rotated: width and height swapped.
    case rotate = "rotate"
    /// The container one point wider (the width sweep of ``ConformanceOptions/widthSweep``
    /// changes it by other amounts, and says so with this change too).
    case resizeWidth = "resize-width"
    /// The container 100 points taller, its width kept.
    case resizeHeight = "resize-height"
    /// The first item of the middle non-empty section moved to the start of the last
    /// section (to the end of its own, when it is the last).
    case moveItem = "move-item"
    /// ``insertItems`` and the container a quarter wider (rounded to a whole point), in one
    /// update: a batch update during a resize, by more than ``resizeWidth``'s one point so
    /// that the tiles' width changes too.
    case insertItemsAndResizeWidth = "insert-items-and-resize-width"
    /// ``deleteItems`` and the container 100 points taller, in one update.
    case deleteItemsAndResizeHeight = "delete-items-and-resize-height"
    /// ``moveItem`` and the container rotated, in one update: a rotation during a batch
    /// update.
    case moveItemAndRotate = "move-item-and-rotate"
    /// A measurement (`DataEdit.setItemSizes`), told: every other item of the middle
    /// non-empty section from its middle on (items `c/2`, `c/2 + 2`, … of its `c`) set to new
    /// sizes, drawn as inserted items' are; counts unchanged. Applies to data that carries
    /// item sizes, and is made told only (prepared again untold, new sizes are
    /// ``resizeItems``). Law 10 is checked on it where the layout declares locality: the
    /// section's first items, and the sections before it, must keep their frames.
    case setItemSizes = "set-item-sizes"

    /// Whether the change is to the container alone, made in every container.
    public var changesContainer: Bool { self == .rotate || self == .resizeWidth || self == .resizeHeight }

    /// Whether the change is a batch update and a container change told together.
    public var combinesEditAndContainer: Bool {
        self == .insertItemsAndResizeWidth || self == .deleteItemsAndResizeHeight || self == .moveItemAndRotate
    }

    /// The changes to data, not to the container.
    public static let dataChanges: [ConformanceChange] = [.insertItems, .deleteItems, .insertSections, .deleteSections, .resizeItems, .moveItem, .setItemSizes]

    /// The changes that are a batch update (``edit(for:)``), alone or with a container change.
    public var isBatchUpdate: Bool {
        switch self {
        case .insertItems, .deleteItems, .insertSections, .deleteSections, .moveItem,
             .insertItemsAndResizeWidth, .deleteItemsAndResizeHeight, .moveItemAndRotate: true
        case .resizeItems, .rotate, .resizeWidth, .resizeHeight, .setItemSizes: false
        }
    }

    /// "inserted 3 items into section 1 at 2"-style wording for printed configurations.
    public var pastTense: String {
        switch self {
        case .insertItems: "prepared again after inserting 3 items into the middle section"
        case .deleteItems: "prepared again after deleting items from the middle non-empty section"
        case .insertSections: "prepared again after inserting sections of 2, 0 and 5 items in the middle"
        case .deleteSections: "prepared again after deleting the middle section"
        case .resizeItems: "prepared again after every item's content size changed"
        case .rotate: "prepared again in the rotated container"
        case .resizeWidth: "prepared again in a container of another width"
        case .resizeHeight: "prepared again in a container of another height, the width kept"
        case .moveItem: "prepared again after moving the middle non-empty section's first item to the last section"
        case .insertItemsAndResizeWidth: "prepared again after inserting 3 items into the middle section and widening the container, in one update"
        case .deleteItemsAndResizeHeight: "prepared again after deleting items from the middle non-empty section and making the container taller, in one update"
        case .moveItemAndRotate: "prepared again after moving the middle non-empty section's first item to the last section and rotating the container, in one update"
        case .setItemSizes: "prepared again after measuring every other item of the middle non-empty section from its middle on"
        }
    }

    /// The data and container after the change, or `nil` when it does not apply.
    public func apply(to data: DataShape, container: Size) -> (DataShape, Size)? {
        switch self {
        case .insertItems, .deleteItems, .insertSections, .deleteSections, .moveItem, .setItemSizes:
            guard let edit = edit(for: data), let changed = try? edit.applied(to: data) else { return nil }
            return (changed, container)
        case .insertItemsAndResizeWidth, .deleteItemsAndResizeHeight, .moveItemAndRotate:
            guard let edit = edit(for: data), let changed = try? edit.applied(to: data) else { return nil }
            switch self {
            case .insertItemsAndResizeWidth:
                return (changed, Size(width: (container.width * 1.25).rounded(), height: container.height))
            case .deleteItemsAndResizeHeight:
                return (changed, Size(width: container.width, height: container.height + 100))
            default:
                guard container.width != container.height else { return nil }
                return (changed, Size(width: container.height, height: container.width))
            }
        case .resizeItems:
            guard let sizes = data.itemSizes, !sizes.isEmpty else { return nil }
            let swapped = sizes.map { Size(width: $0.height + 1, height: $0.width + 1) }
            guard let changed = try? data.withItemSizes(swapped) else { return nil }
            return (changed, container)
        case .rotate:
            guard container.width != container.height else { return nil }
            return (data, Size(width: container.height, height: container.width))
        case .resizeWidth:
            return (data, Size(width: container.width + 1, height: container.height))
        case .resizeHeight:
            return (data, Size(width: container.width, height: container.height + 100))
        }
    }

    /// The data change a combined change makes, as a change of its own.
    var dataPart: ConformanceChange? {
        switch self {
        case .insertItemsAndResizeWidth: .insertItems
        case .deleteItemsAndResizeHeight: .deleteItems
        case .moveItemAndRotate: .moveItem
        default: nil
        }
    }

    /// The batch update this change makes to `data`, for the changes that are one; `nil`
    /// for the others and where the change does not apply.
    public func edit(for data: DataShape) -> DataEdit? {
        let sections = data.sectionCount
        switch self {
        case .insertItems:
            guard sections > 0 else { return nil }
            let section = sections / 2
            let sizes = data.itemSizes == nil ? nil : Self.newSizes(3, seed: data.totalItems)
            return .insertItems(section: section, item: data.itemCounts[section] / 2, count: 3, sizes: sizes)
        case .deleteItems:
            let order = Array(sections / 2 ..< sections) + Array(0 ..< sections / 2)
            guard let section = order.first(where: { data.itemCounts[$0] > 0 }) else { return nil }
            let count = data.itemCounts[section]
            let start = count / 3, length = max(1, count / 3)
            return .deleteItems(section: section, items: start ..< start + length)
        case .insertSections:
            let sizes = data.itemSizes == nil ? nil : Self.newSizes(7, seed: sections)
            return .insertSections(section: sections / 2, counts: [2, 0, 5], sizes: sizes)
        case .deleteSections:
            guard sections > 0 else { return nil }
            return .deleteSections(sections / 2 ..< sections / 2 + 1)
        case .moveItem:
            let order = Array(sections / 2 ..< sections) + Array(0 ..< sections / 2)
            guard let from = order.first(where: { data.itemCounts[$0] > 0 }) else { return nil }
            let to = sections - 1
            // After the removal, the last section holds one item fewer when it is `from`.
            let item = to == from ? data.itemCounts[to] - 1 : 0
            return .moveItem(from: ItemPath(section: from, item: 0), to: ItemPath(section: to, item: item))
        case .setItemSizes:
            guard data.itemSizes != nil else { return nil }
            let order = Array(sections / 2 ..< sections) + Array(0 ..< sections / 2)
            guard let section = order.first(where: { data.itemCounts[$0] > 0 }) else { return nil }
            let items = Array(stride(from: data.itemCounts[section] / 2, to: data.itemCounts[section], by: 2))
            let sizes = Self.newSizes(items.count, seed: data.totalItems &+ 0x3EA5)
            return .setItemSizes(zip(items, sizes).map { SizedItem(path: ItemPath(section: section, item: $0), size: $1) })
        case .insertItemsAndResizeWidth, .deleteItemsAndResizeHeight, .moveItemAndRotate:
            return dataPart?.edit(for: data)
        case .resizeItems, .rotate, .resizeWidth, .resizeHeight:
            return nil
        }
    }

    /// What a layout is told of this change made to `data` in `container`: the batch
    /// update, the data replaced (new item sizes), or the container's new size; `nil` where
    /// the change does not apply.
    public func invalidation(from data: DataShape, container: Size) -> Invalidation? {
        guard let (_, newContainer) = apply(to: data, container: container) else { return nil }
        switch self {
        case .resizeItems: return Invalidation(data: .replaced)
        case .rotate, .resizeWidth, .resizeHeight: return .resized(from: container, to: newContainer)
        case .insertItemsAndResizeWidth, .deleteItemsAndResizeHeight, .moveItemAndRotate:
            return edit(for: data).map {
                Invalidation(data: .edited($0), container: Invalidation.ContainerChange(from: container, to: newContainer))
            }
        default: return edit(for: data).map { .edited($0) }
        }
    }

    /// Content sizes for inserted items: varied, some larger than any tile.
    static func newSizes(_ count: Int, seed: Int) -> [Size] {
        var random = SeededRandom(seed: UInt64(truncatingIfNeeded: seed) &+ 0x5EED)
        return newSizes(count, random: &random)
    }

    /// `count` content sizes for inserted items, drawn from `random`.
    static func newSizes(_ count: Int, random: inout SeededRandom) -> [Size] {
        (0 ..< count).map { _ in
            Size(width: random.uniform(8 ... 400).rounded(), height: random.uniform(8 ... 400).rounded())
        }
    }
}
