import Foundation
import GridCore
import GridViewport

/// The reference's answer for one data set and trace: the digest of the loaded set after
/// every frame, as the reference layout computed on demand produces it through a
/// `Viewport` with CHGridView's preload margin.
///
/// A replay of any strategy must reproduce every digest, or it fails however fast it was.
/// Fixtures are written only by `gridbench fixtures record`; tests and CI only verify.
///
/// JSON form (schema version 1), one string per frame, `"<count> <hash as 16 hex digits>"`:
///
/// ```json
/// {"schemaVersion": 1, "dataset": "photos-2976", "trace": "fling-120hz", "layout": "tile-grid",
///  "reference": "on-demand", "margin": "4 lines", "traceDigest": "9f86d081884c7d65",
///  "frames": ["58 00ab…", "58 00ab…"]}
/// ```
public struct ReplayFixture: Hashable, Sendable {
    public static let schemaVersion = 1

    public var dataset: String
    public var trace: String
    public var layout: String
    /// ``ScrollTrace/contentDigest`` of the trace the fixture was recorded from.
    public var traceDigest: UInt64
    /// The preload margin the reference viewport used, as `PreloadMargin.name`.
    public var margin: String
    /// The loaded set's digest after each frame.
    public var frames: [LoadedSetDigest]
    /// The anchoring policy the reference measured under, for a data set of estimated
    /// sizes: `nil` for the default (`first-visible`), which is also what every fixture of
    /// a data set of known sizes has (the policy changes nothing there).
    public var anchor: AnchorPolicy?

    public init(
        dataset: String, trace: String, layout: String, traceDigest: UInt64, margin: String, frames: [LoadedSetDigest],
        anchor: AnchorPolicy? = nil
    ) {
        self.dataset = dataset
        self.trace = trace
        self.layout = layout
        self.traceDigest = traceDigest
        self.margin = margin
        self.frames = frames
        self.anchor = anchor == .standard ? nil : anchor
    }

    /// Where the fixture of `dataset` and `trace` lives under a plan's root: `<trace>.json`
    /// for the default anchoring policy, `<trace>--anchor-<policy>.json` for another.
    public static func url(in root: URL, dataset: String, trace: String, anchor: AnchorPolicy = .standard) -> URL {
        let name = anchor == .standard ? trace : "\(trace)--anchor-\(anchor.rawValue)"
        return root.appendingPathComponent("fixtures/replay").appendingPathComponent(dataset).appendingPathComponent(name + ".json")
    }

    /// Checks that this fixture was recorded for `trace` (same content), the margin `margin`
    /// and the anchoring policy `anchor`, so that comparing frames is meaningful.
    ///
    /// - Throws: `InputError` naming `path` and the field that disagrees, with what to do.
    public func checkApplies(to trace: ScrollTrace, margin: PreloadMargin, anchor: AnchorPolicy = .standard, path: String) throws(InputError) {
        guard traceDigest == trace.contentDigest else {
            throw InputError(
                file: path, field: "traceDigest", value: Self.hex(traceDigest),
                expected: "\(Self.hex(trace.contentDigest)), the digest of trace \(trace.name) as it is now: the trace changed since the fixture was recorded; run `gridbench fixtures record` if the change is intended")
        }
        guard frames.count == trace.frameCount else {
            throw InputError(file: path, field: "frames.count", value: "\(frames.count)", expected: "\(trace.frameCount), one per frame of trace \(trace.name)")
        }
        guard self.margin == margin.name else {
            throw InputError(file: path, field: "margin", value: "\"\(self.margin)\"", expected: "\"\(margin.name)\", the margin of this replay")
        }
        let recorded = self.anchor ?? .standard
        guard recorded == anchor else {
            throw InputError(
                file: path, field: "anchor", value: "\"\(recorded.rawValue)\"" + (self.anchor == nil ? " (no anchor: the default)" : ""),
                expected: "\"\(anchor.rawValue)\", the anchoring policy of this replay: frames measured under another policy load other cells")
        }
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

// MARK: - JSON

struct ReplayFixtureFile: Codable {
    var schemaVersion: Int
    var dataset: String
    var trace: String
    var layout: String
    var reference: String
    var margin: String
    var traceDigest: String
    /// The anchoring policy, written only when it is not the default.
    var anchor: String?
    var frames: [String]
}

extension ReplayFixture {
    /// Reads and checks the fixture at `url`.
    ///
    /// - Throws: `InputError` naming the file, the field (`frames[12]`) and the value.
    public static func load(from url: URL) throws(InputError) -> ReplayFixture {
        let path = url.path
        let file = try JSONFiles.read(ReplayFixtureFile.self, from: url)
        guard file.schemaVersion == schemaVersion else {
            throw InputError(file: path, field: "schemaVersion", value: "\(file.schemaVersion)", expected: "\(schemaVersion)")
        }
        guard let traceDigest = UInt64(file.traceDigest, radix: 16) else {
            throw InputError(file: path, field: "traceDigest", value: "\"\(file.traceDigest)\"", expected: "16 hexadecimal digits")
        }
        var frames: [LoadedSetDigest] = []
        frames.reserveCapacity(file.frames.count)
        for (index, text) in file.frames.enumerated() {
            let parts = text.split(separator: " ")
            guard parts.count == 2, let count = Int(parts[0]), count >= 0, let hash = UInt64(parts[1], radix: 16) else {
                throw InputError(file: path, field: "frames[\(index)]", value: "\"\(text)\"", expected: "\"<count> <hash in hexadecimal>\", such as \"58 00ab12cd34ef5678\"")
            }
            frames.append(LoadedSetDigest(count: count, hash: hash))
        }
        var anchor: AnchorPolicy?
        if let name = file.anchor {
            guard let policy = AnchorPolicy(rawValue: name) else {
                throw InputError(file: path, field: "anchor", value: "\"\(name)\"",
                                 expected: AnchorPolicy.allCases.map(\.rawValue).joined(separator: ", "))
            }
            anchor = policy
        }
        return ReplayFixture(
            dataset: file.dataset, trace: file.trace, layout: file.layout, traceDigest: traceDigest, margin: file.margin, frames: frames,
            anchor: anchor)
    }

    /// Reads the fixture at `url` and checks that it was recorded for `trace`, `margin` and
    /// `anchor`.
    ///
    /// - Throws: `InputError` naming the file, the field and the value.
    public static func load(
        from url: URL, for trace: ScrollTrace, margin: PreloadMargin, anchor: AnchorPolicy = .standard
    ) throws(InputError) -> ReplayFixture {
        let fixture = try load(from: url)
        try fixture.checkApplies(to: trace, margin: margin, anchor: anchor, path: url.path)
        return fixture
    }

    /// Writes the fixture as JSON, atomically.
    public func write(to url: URL) throws {
        let file = ReplayFixtureFile(
            schemaVersion: Self.schemaVersion, dataset: dataset, trace: trace, layout: layout, reference: "on-demand",
            margin: margin, traceDigest: Self.hex(traceDigest), anchor: anchor?.rawValue,
            frames: frames.map { "\($0.count) \(Self.hex($0.hash))" })
        try JSONFiles.write(file, to: url)
    }
}
