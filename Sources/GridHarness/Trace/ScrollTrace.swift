import GridCore

/// A recorded or generated scroll session: one scroll offset per display frame at a
/// refresh rate, plus the events that happened along the way.
///
/// Events at frame `f` are applied, in order, before the viewport scrolls to frame `f`'s
/// offset, as a grid view handles a rotation or a batch update between two frames.
public struct ScrollTrace: Hashable, Sendable {
    /// The version of the JSON form this code writes and reads.
    public static let schemaVersion = 1

    public var name: String
    /// Display refresh rate, in frames per second: 60 or 120 on today's devices.
    public var refreshHz: Int
    /// The size of the visible area at the start; `resize` events change it.
    public var viewport: Size
    /// The scroll offset of each frame.
    public var offsets: [Point]
    /// Events, ordered by frame.
    public var events: [TraceEvent]

    public init(name: String, refreshHz: Int, viewport: Size, offsets: [Point], events: [TraceEvent] = []) {
        self.name = name
        self.refreshHz = refreshHz
        self.viewport = viewport
        self.offsets = offsets
        self.events = events
    }

    /// The number of frames.
    public var frameCount: Int { offsets.count }

    /// The time one frame may take at this refresh rate, in nanoseconds: 16,666,667 at
    /// 60 Hz, 8,333,333 at 120 Hz.
    public var frameBudgetNanos: Double { 1e9 / Double(refreshHz) }

    /// The trace's length in seconds.
    public var durationSeconds: Double { Double(offsets.count) / Double(refreshHz) }
}

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
            }
        }

        /// Every `type` name, for help and error texts.
        public static let typeNames = ["resize", "insert-items", "delete-items", "insert-sections", "delete-sections", "move-item", "reload"]

        /// The data after this change, or `nil` for changes that keep the data.
        ///
        /// - Throws: ``GridError`` naming the section or item when the change names one
        ///   that does not exist in `data`.
        public func applied(to data: DataShape) throws(GridError) -> DataShape? {
            guard let edit = try dataEdit() else { return nil }
            return try edit.applied(to: data)
        }

        /// The batch update this change is, or `nil` for changes that keep the data.
        ///
        /// - Throws: ``GridError`` naming `count`, `item` or `section` when a count is
        ///   negative or a range would overflow.
        public func dataEdit() throws(GridError) -> DataEdit? {
            switch self {
            case .resize, .reload:
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
