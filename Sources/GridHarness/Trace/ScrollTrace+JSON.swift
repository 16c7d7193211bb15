import Foundation
import GridCore
import GridLayouts

/// The JSON form of a ``ScrollTrace`` (schema version 1):
///
/// ```json
/// {"schemaVersion": 1, "name": "fling-120hz", "refreshHz": 120,
///  "viewport": {"width": 320, "height": 480},
///  "offsets": [0, 14.2, 30.9],
///  "events": [{"frame": 240, "type": "resize", "width": 480, "height": 320},
///             {"frame": 300, "type": "insert-items", "section": 3, "item": 5, "count": 2},
///             {"frame": 310, "type": "delete-items", "section": 3, "item": 0, "count": 1},
///             {"frame": 400, "type": "insert-sections", "section": 10, "counts": [31]},
///             {"frame": 410, "type": "delete-sections", "section": 10, "count": 1},
///             {"frame": 450, "type": "move-item", "from": [3, 5], "to": [0, 0]},
///             {"frame": 500, "type": "reload"}]}
/// ```
///
/// `offsets` holds each frame's vertical offset; an optional `offsetsX` of the same length
/// holds horizontal offsets (0 when absent). Inserts into data that carries item sizes
/// give `"sizes": [[w, h], …]`.
struct ScrollTraceFile: Codable {
    var schemaVersion: Int
    var name: String?
    var refreshHz: Int
    var viewport: Size
    var offsets: [Double]
    var offsetsX: [Double]?
    var events: [Event]?

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
        /// A layout's own operation (a span grid's merge), read and written by the codec of
        /// the registry entry whose layout takes operations of this `type`.
        var operation: LayoutOperation?

        init(frame: Int, type: String) {
            self.frame = frame
            self.type = type
        }

        private enum Keys: String, CodingKey { case frame, type, width, height, section, item, count, counts, sizes, from, to }

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
            try operation?.encodeFields(to: encoder)
        }
    }
}

extension ScrollTrace {
    /// Reads and validates the trace at `url`.
    ///
    /// - Throws: `InputError` naming the file, the field and the value: malformed JSON, an
    ///   unsupported schema version, a refresh rate ≤ 0, a viewport of zero size, a NaN or
    ///   infinite offset, an event with an unknown type, a missing field or a frame out of
    ///   range. Section and item indices are checked against the data when the trace is
    ///   replayed.
    public static func load(from url: URL) throws(InputError) -> ScrollTrace {
        let file = try JSONFiles.read(ScrollTraceFile.self, from: url)
        return try ScrollTrace(file: file, path: url.path, defaultName: url.deletingPathExtension().lastPathComponent)
    }

    /// Decodes and validates a trace from JSON bytes; `path` names it in errors.
    public static func decode(_ data: Data, path: String) throws(InputError) -> ScrollTrace {
        let file = try JSONFiles.decode(ScrollTraceFile.self, from: data, file: path)
        return try ScrollTrace(file: file, path: path, defaultName: URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent)
    }

    init(file: ScrollTraceFile, path: String, defaultName: String) throws(InputError) {
        func fail(_ field: String, _ value: some CustomStringConvertible, _ expected: String) -> InputError {
            InputError(file: path, field: field, value: value.description, expected: expected)
        }
        guard file.schemaVersion == ScrollTrace.schemaVersion else {
            throw fail("schemaVersion", file.schemaVersion, "\(ScrollTrace.schemaVersion)")
        }
        guard file.refreshHz > 0, file.refreshHz <= 1000 else { throw fail("refreshHz", file.refreshHz, "frames per second in 1...1000, such as 60 or 120") }
        try Self.checkViewport(file.viewport, field: "viewport", fail)
        guard !file.offsets.isEmpty else { throw fail("offsets", "[]", "at least one frame's offset") }
        for (index, offset) in file.offsets.enumerated() where !offset.isFinite {
            throw fail("offsets[\(index)]", offset, "a finite number")
        }
        var offsets = file.offsets.map { Point(x: 0, y: $0) }
        if let xs = file.offsetsX {
            guard xs.count == offsets.count else { throw fail("offsetsX.count", xs.count, "one per frame: \(offsets.count)") }
            for (index, x) in xs.enumerated() {
                guard x.isFinite else { throw fail("offsetsX[\(index)]", x, "a finite number") }
                offsets[index].x = x
            }
        }
        var events = [TraceEvent]()
        var lastFrame = 0
        for (index, event) in (file.events ?? []).enumerated() {
            let field = "events[\(index)]"
            guard event.frame >= 0, event.frame < offsets.count else {
                throw fail("\(field).frame", event.frame, "a frame index in 0..<\(offsets.count)")
            }
            guard event.frame >= lastFrame else { throw fail("\(field).frame", event.frame, "frames in order: ≥ \(lastFrame), the previous event's") }
            lastFrame = event.frame
            func need<T>(_ value: T?, _ name: String) throws(InputError) -> T {
                guard let value else { throw fail("\(field).\(name)", "missing", "a value: \(event.type) events need \(name)") }
                return value
            }
            func sizes() throws(InputError) -> [Size]? {
                guard let raw = event.sizes else { return nil }
                var sizes = [Size]()
                for (i, pair) in raw.enumerated() {
                    guard pair.count == 2, pair[0].isFinite, pair[0] > 0, pair[1].isFinite, pair[1] > 0 else {
                        throw fail("\(field).sizes[\(i)]", pair, "a pair [width, height] of finite numbers > 0")
                    }
                    sizes.append(Size(width: pair[0], height: pair[1]))
                }
                return sizes
            }
            func path(_ pair: [Int]?, _ name: String) throws(InputError) -> ItemPath {
                let pair = try need(pair, name)
                guard pair.count == 2 else { throw fail("\(field).\(name)", pair, "a pair [section, item]") }
                return ItemPath(section: pair[0], item: pair[1])
            }
            let change: TraceEvent.Change
            switch event.type {
            case "resize":
                let size = Size(width: try need(event.width, "width"), height: try need(event.height, "height"))
                try Self.checkViewport(size, field: field, fail)
                change = .resize(size)
            case "insert-items":
                let count = try need(event.count, "count")
                guard count >= 0 else { throw fail("\(field).count", count, "an item count ≥ 0") }
                change = .insertItems(section: try need(event.section, "section"), item: try need(event.item, "item"), count: count, sizes: try sizes())
            case "delete-items":
                let count = try need(event.count, "count")
                guard count >= 0 else { throw fail("\(field).count", count, "an item count ≥ 0") }
                change = .deleteItems(section: try need(event.section, "section"), item: try need(event.item, "item"), count: count)
            case "insert-sections":
                let counts = try need(event.counts, "counts")
                for (i, count) in counts.enumerated() where count < 0 {
                    throw fail("\(field).counts[\(i)]", count, "an item count ≥ 0")
                }
                change = .insertSections(section: try need(event.section, "section"), counts: counts, sizes: try sizes())
            case "delete-sections":
                let count = try need(event.count, "count")
                guard count >= 0 else { throw fail("\(field).count", count, "a section count ≥ 0") }
                change = .deleteSections(section: try need(event.section, "section"), count: count)
            case "move-item":
                change = .moveItem(from: try path(event.from, "from"), to: try path(event.to, "to"))
            case "reload":
                change = .reload
            default:
                guard let operation = event.operation else {
                    throw fail("\(field).type", "\"\(event.type)\"", "one of " + TraceEvent.Change.typeNames.joined(separator: ", "))
                }
                change = .layoutEdit(operation)
            }
            events.append(TraceEvent(frame: event.frame, change))
        }
        self.init(name: file.name ?? defaultName, refreshHz: file.refreshHz, viewport: file.viewport, offsets: offsets, events: events)
    }

    private static func checkViewport(
        _ size: Size, field: String, _ fail: (String, String, String) -> InputError
    ) throws(InputError) {
        guard size.width.isFinite, size.width > 0 else { throw fail("\(field).width", size.width.description, "a finite width > 0") }
        guard size.height.isFinite, size.height > 0 else { throw fail("\(field).height", size.height.description, "a finite height > 0") }
    }

    var file: ScrollTraceFile {
        let hasX = offsets.contains { $0.x != 0 }
        return ScrollTraceFile(
            schemaVersion: ScrollTrace.schemaVersion, name: name, refreshHz: refreshHz, viewport: viewport,
            offsets: offsets.map(\.y), offsetsX: hasX ? offsets.map(\.x) : nil,
            events: events.isEmpty ? nil : events.map(\.file))
    }

    /// Writes the trace as JSON to `url`, atomically.
    ///
    /// - Throws: `InputError` naming `url` when the trace is one its reader
    ///   would refuse (no frames, a NaN offset): nothing is written that cannot be read back.
    public func write(to url: URL) throws {
        let file = self.file
        _ = try ScrollTrace(file: file, path: url.path, defaultName: name)
        try JSONFiles.write(file, to: url)
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
        }
        return event
    }
}
