import GridCore
import GridLayouts
import GridViewport

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
        /// `scrollToItem(at:at:)`: the viewport scrolls so that item `item` of `section` is at
        /// `position`, from the layout's answer then (an estimate while unmeasured), and, while
        /// measuring, corrects until it is there (`Viewport.scrollMeasuring(toItem:position:maxRounds:)`,
        /// at most `ScrollToItemResult.defaultMaxRounds` rounds). The data is kept; the trace's
        /// later offsets move the view by their differences.
        case scrollToItem(section: Int, item: Int, position: ScrollPosition)

        /// Whether this is a keystroke: a cell's content height set (a span grid's
        /// `cell-content` operation), what the report's typing figures and the gate's typing
        /// workloads are about.
        public var isKeystroke: Bool { typeName == "cell-content" }

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
            case .scrollToItem: "scroll-to-item"
            }
        }

        /// The `type` names of the events every layout takes.
        public static let builtInTypeNames = [
            "resize", "insert-items", "delete-items", "insert-sections", "delete-sections", "move-item", "reload",
            "scroll-to-item",
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
            case .resize, .reload, .layoutEdit, .scrollToItem:
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

// MARK: - The JSON form and the digest
//
// Everything the trace format says about an event is here, beside the event's case: the
// fields of its JSON form, how they are read and checked, how they are written, and what
// they add to a trace's digest. An event that edits the data is its `DataEdit` case (GridCore),
// what it does to a `DataShape`, and this file.

extension ScrollTraceFile {
    /// An event as a trace file holds it: `frame`, `type` and the fields of its kind.
    struct Event: Codable {
        var frame: Int
        var type: String
        var width: Double?
        var height: Double?
        var section: Int?
        var item: Int?
        var count: Int?
        var counts: [Int]?
        var sizes: [[Double]]?
        var from: [Int]?
        var to: [Int]?
        /// A `scroll-to-item` event's `top`, `center` or `bottom`.
        var position: String?
        /// A layout's own operation (a span grid's merge), read and written by the codec of
        /// the registry entry whose layout takes operations of this `type`.
        var operation: LayoutOperation?

        init(frame: Int, type: String) {
            self.frame = frame
            self.type = type
        }

        private enum Keys: String, CodingKey { case frame, type, width, height, section, item, count, counts, sizes, from, to, position }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            frame = try c.decode(Int.self, forKey: .frame)
            type = try c.decode(String.self, forKey: .type)
            guard TraceEvent.Change.builtInTypeNames.contains(type) else {
                guard let codec = LayoutRegistry.operationCodec(forType: type) else {
                    throw GridError.invalidParameter(
                        InputError.fieldPath(decoder.codingPath) + ".type", "\"\(type)\"",
                        expected: "one of " + TraceEvent.Change.typeNames.joined(separator: ", "))
                }
                operation = try codec.operation(type, from: decoder)
                return
            }
            width = try c.decodeIfPresent(Double.self, forKey: .width)
            height = try c.decodeIfPresent(Double.self, forKey: .height)
            section = try c.decodeIfPresent(Int.self, forKey: .section)
            item = try c.decodeIfPresent(Int.self, forKey: .item)
            count = try c.decodeIfPresent(Int.self, forKey: .count)
            counts = try c.decodeIfPresent([Int].self, forKey: .counts)
            sizes = try c.decodeIfPresent([[Double]].self, forKey: .sizes)
            from = try c.decodeIfPresent([Int].self, forKey: .from)
            to = try c.decodeIfPresent([Int].self, forKey: .to)
            position = try c.decodeIfPresent(String.self, forKey: .position)
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(frame, forKey: .frame)
            try c.encode(type, forKey: .type)
            try c.encodeIfPresent(width, forKey: .width)
            try c.encodeIfPresent(height, forKey: .height)
            try c.encodeIfPresent(section, forKey: .section)
            try c.encodeIfPresent(item, forKey: .item)
            try c.encodeIfPresent(count, forKey: .count)
            try c.encodeIfPresent(counts, forKey: .counts)
            try c.encodeIfPresent(sizes, forKey: .sizes)
            try c.encodeIfPresent(from, forKey: .from)
            try c.encodeIfPresent(to, forKey: .to)
            try c.encodeIfPresent(position, forKey: .position)
            try operation?.encodeFields(to: encoder)
        }
    }
}

extension TraceEvent.Change {
    /// The change an event of a trace file describes, its fields checked.
    ///
    /// - Throws: `InputError` through `fail`, naming `field` (`events[3]`) and the
    ///   missing or bad value.
    init(_ event: ScrollTraceFile.Event, field: String, _ fail: (String, String, String) -> InputError) throws(InputError) {
        func need<T>(_ value: T?, _ name: String) throws(InputError) -> T {
            guard let value else { throw fail("\(field).\(name)", "missing", "a value: \(event.type) events need \(name)") }
            return value
        }
        func sizes() throws(InputError) -> [Size]? {
            guard let raw = event.sizes else { return nil }
            var sizes = [Size]()
            for (i, pair) in raw.enumerated() {
                guard pair.count == 2, pair[0].isFinite, pair[0] > 0, pair[1].isFinite, pair[1] > 0 else {
                    throw fail("\(field).sizes[\(i)]", "\(pair)", "a pair [width, height] of finite numbers > 0")
                }
                sizes.append(Size(width: pair[0], height: pair[1]))
            }
            return sizes
        }
        func path(_ pair: [Int]?, _ name: String) throws(InputError) -> ItemPath {
            let pair = try need(pair, name)
            guard pair.count == 2 else { throw fail("\(field).\(name)", "\(pair)", "a pair [section, item]") }
            return ItemPath(section: pair[0], item: pair[1])
        }
        switch event.type {
        case "resize":
            let size = Size(width: try need(event.width, "width"), height: try need(event.height, "height"))
            try ScrollTrace.checkViewport(size, field: field, fail)
            self = .resize(size)
        case "insert-items":
            let count = try need(event.count, "count")
            guard count >= 0 else { throw fail("\(field).count", "\(count)", "an item count ≥ 0") }
            self = .insertItems(section: try need(event.section, "section"), item: try need(event.item, "item"), count: count, sizes: try sizes())
        case "delete-items":
            let count = try need(event.count, "count")
            guard count >= 0 else { throw fail("\(field).count", "\(count)", "an item count ≥ 0") }
            self = .deleteItems(section: try need(event.section, "section"), item: try need(event.item, "item"), count: count)
        case "insert-sections":
            let counts = try need(event.counts, "counts")
            for (i, count) in counts.enumerated() where count < 0 {
                throw fail("\(field).counts[\(i)]", "\(count)", "an item count ≥ 0")
            }
            self = .insertSections(section: try need(event.section, "section"), counts: counts, sizes: try sizes())
        case "delete-sections":
            let count = try need(event.count, "count")
            guard count >= 0 else { throw fail("\(field).count", "\(count)", "a section count ≥ 0") }
            self = .deleteSections(section: try need(event.section, "section"), count: count)
        case "move-item":
            self = .moveItem(from: try path(event.from, "from"), to: try path(event.to, "to"))
        case "reload":
            self = .reload
        case "scroll-to-item":
            // Whether the item exists is checked against the data where it is known, when the
            // trace is checked against a data set (`EventPipeline.effects`).
            let section = try need(event.section, "section")
            guard section >= 0 else { throw fail("\(field).section", "\(section)", "a section index ≥ 0 (the scroll-to-item event at frame \(event.frame))") }
            let item = try need(event.item, "item")
            guard item >= 0 else { throw fail("\(field).item", "\(item)", "an item index ≥ 0 (the scroll-to-item event at frame \(event.frame))") }
            let raw = try need(event.position, "position")
            guard let position = ScrollPosition(rawValue: raw) else {
                throw fail(
                    "\(field).position", "\"\(raw)\"",
                    ScrollPosition.allCases.map(\.rawValue).joined(separator: ", ") + " (the scroll-to-item event at frame \(event.frame))")
            }
            self = .scrollToItem(section: section, item: item, position: position)
        default:
            guard let operation = event.operation else {
                throw fail("\(field).type", "\"\(event.type)\"", "one of " + TraceEvent.Change.typeNames.joined(separator: ", "))
            }
            self = .layoutEdit(operation)
        }
    }

    /// Adds the change's fields to a trace's digest, each as 64 bits (a `Double` by its bit
    /// pattern, an `Int` as its two's complement), after its `type`.
    func digest(into mix: (UInt64) -> Void) {
        func add(_ value: Double) { mix(value.bitPattern) }
        func add(_ value: Int) { mix(UInt64(bitPattern: Int64(value))) }
        for byte in typeName.utf8 { add(Int(byte)) }
        switch self {
        case .resize(let size):
            add(size.width)
            add(size.height)
        case .insertItems(let section, let item, let count, let sizes):
            for value in [section, item, count] { add(value) }
            for size in sizes ?? [] {
                add(size.width)
                add(size.height)
            }
        case .deleteItems(let section, let item, let count):
            for value in [section, item, count] { add(value) }
        case .insertSections(let section, let counts, let sizes):
            add(section)
            for count in counts { add(count) }
            for size in sizes ?? [] {
                add(size.width)
                add(size.height)
            }
        case .deleteSections(let section, let count):
            add(section)
            add(count)
        case .moveItem(let from, let to):
            for value in [from.section, from.item, to.section, to.item] { add(value) }
        case .reload:
            break
        case .layoutEdit(let operation):
            // The layout's codec hashes its own fields, as the trace format writes them.
            operation.digest(into: mix)
        case .scrollToItem(let section, let item, let position):
            add(section)
            add(item)
            for byte in position.rawValue.utf8 { add(Int(byte)) }
        }
    }
}

extension TraceEvent {
    var file: ScrollTraceFile.Event {
        var event = ScrollTraceFile.Event(frame: frame, type: change.typeName)
        switch change {
        case .resize(let size):
            event.width = size.width
            event.height = size.height
        case .insertItems(let section, let item, let count, let sizes):
            event.section = section
            event.item = item
            event.count = count
            event.sizes = sizes?.map { [$0.width, $0.height] }
        case .deleteItems(let section, let item, let count):
            event.section = section
            event.item = item
            event.count = count
        case .insertSections(let section, let counts, let sizes):
            event.section = section
            event.counts = counts
            event.sizes = sizes?.map { [$0.width, $0.height] }
        case .deleteSections(let section, let count):
            event.section = section
            event.count = count
        case .moveItem(let from, let to):
            event.from = [from.section, from.item]
            event.to = [to.section, to.item]
        case .reload:
            break
        case .layoutEdit(let operation):
            event.operation = operation
        case .scrollToItem(let section, let item, let position):
            event.section = section
            event.item = item
            event.position = position.rawValue
        }
        return event
    }
}
