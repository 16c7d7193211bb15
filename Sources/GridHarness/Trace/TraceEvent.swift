import GridCore
import GridLayouts

/// Something that happens during a trace besides scrolling.
public struct TraceEvent: Hashable, Sendable {
    /// The frame before whose scroll the event applies.
    public var frame: Int
    public var change: Change

    public init(frame: Int, _ change: Change) {
        self.frame = frame
        self.change = change
    }

    public enum Change: Hashable, Sendable {
        /// The viewport changes size: a rotation, a window resize. The layout is prepared
        /// again for the new container.
        case resize(Size)
        /// `count` items inserted into `section` before `item`; `sizes` gives their content
        /// sizes when the data carries sizes.
        case insertItems(section: Int, item: Int, count: Int, sizes: [Size]?)
        /// `count` items deleted from `section` starting at `item`.
        case deleteItems(section: Int, item: Int, count: Int)
        /// New sections with the given item counts inserted before `section`.
        case insertSections(section: Int, counts: [Int], sizes: [Size]?)
        /// `count` sections deleted starting at `section`.
        case deleteSections(section: Int, count: Int)
        /// The item at `from` moved to `to`: removed at `from`, then inserted at `to` in the
        /// data after the removal (`UICollectionView.moveItem(at:to:)`). It is the same item:
        /// a viewport keeps its tile.
        case moveItem(from: ItemPath, to: ItemPath)
        /// `reloadData`: everything is laid out and loaded again.
        case reload
        /// An edit of the layout's own structure (a span grid's cells merged or split, a
        /// row or column inserted or deleted), opaque to the trace: its `type` is the
        /// operation's name, and the registry entry of the layout that takes it reads,
        /// writes and hashes it. The layout says what the data becomes and which cells
        /// survive; a viewport keeps their tiles.
        case layoutEdit(LayoutOperation)

        /// The name used in the JSON `type` field.
        public var typeName: String {
            switch self {
            case .resize: "resize"
            case .insertItems: "insert-items"
            case .deleteItems: "delete-items"
            case .insertSections: "insert-sections"
            case .deleteSections: "delete-sections"
            case .moveItem: "move-item"
            case .reload: "reload"
            case .layoutEdit(let operation): operation.name
            }
        }

        /// The `type` names of the events every layout takes.
        public static let builtInTypeNames = [
            "resize", "insert-items", "delete-items", "insert-sections", "delete-sections", "move-item", "reload",
        ]

        /// Every `type` name, for help and error texts: the events every layout takes, then
        /// the operations of the registry's layouts.
        public static var typeNames: [String] { builtInTypeNames + LayoutRegistry.operationTypeNames }

        /// The data after this change, or `nil` for changes that keep the data or, as a
        /// layout edit does, change it through the layout.
        ///
        /// - Throws: `GridError` naming the section or item when the change names one
        ///   that does not exist in `data`.
        public func applied(to data: DataShape) throws(GridError) -> DataShape? {
            guard let edit = try dataEdit() else { return nil }
            return try edit.applied(to: data)
        }

        /// The batch update this change is, or `nil` for changes that keep the data and for
        /// layout edits (the layout, not a batch update, says what they do).
        ///
        /// - Throws: `GridError` naming `count`, `item` or `section` when a count is
        ///   negative or a range would overflow.
        public func dataEdit() throws(GridError) -> DataEdit? {
            switch self {
            case .resize, .reload, .layoutEdit:
                return nil
            case .insertItems(let section, let item, let count, let sizes):
                return .insertItems(section: section, item: item, count: count, sizes: sizes)
            case .deleteItems(let section, let item, let count):
                guard count >= 0 else { throw .invalidData("count", count, expected: "an item count ≥ 0") }
                guard item <= Int.max - count else { throw .invalidData("item", item, expected: "an item index") }
                return .deleteItems(section: section, items: item..<(item + count))
            case .insertSections(let section, let counts, let sizes):
                return .insertSections(section: section, counts: counts, sizes: sizes)
            case .deleteSections(let section, let count):
                guard count >= 0 else { throw .invalidData("count", count, expected: "a section count ≥ 0") }
                guard section <= Int.max - count else { throw .invalidData("section", section, expected: "a section index") }
                return .deleteSections(section..<(section + count))
            case .moveItem(let from, let to):
                return .moveItem(from: from, to: to)
            }
        }
    }
}
