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
            let change = try TraceEvent.Change(event, field: field, fail)
            events.append(TraceEvent(frame: event.frame, change))
        }
        self.init(name: file.name ?? defaultName, refreshHz: file.refreshHz, viewport: file.viewport, offsets: offsets, events: events)
    }

    static func checkViewport(
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
