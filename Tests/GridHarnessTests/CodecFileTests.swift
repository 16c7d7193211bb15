import Foundation
import GridCore
@testable import GridHarness
import GridLayouts
import GridViewport
import Testing

/// Specs, traces, fixtures and plans through real files: what is written reads back equal,
/// and every malformed or truncated file is refused with an ``InputError`` that names the
/// file, the field and the value.
@Suite struct SpecCodecTests {
    @Test(arguments: [
        // Each `sections` form, with and without item sizes.
        (#"{"layout": "tile-grid", "container": {"width": 320, "height": 480}, "sections": [2, 0, 1], "itemSizes": [[10, 20], [30, 40], [50, 60]], "centersItems": true}"#, [2, 0, 1]),
        (#"{"layout": "tile-grid", "container": {"width": 480, "height": 320}, "sections": {"count": 3, "items": 5}, "tilesPerLine": 3, "rowHeight": 100, "padding": {"width": 2, "height": 6}, "sectionTitleHeight": 0}"#, [5, 5, 5]),
        (#"{"layout": "tile-grid", "container": {"width": 320, "height": 480}, "sections": {"total": 100, "itemsPerSection": 31}}"#, [31, 31, 31, 7]),
    ])
    func writtenSpecsReadBackEqual(json: String, counts: [Int]) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source = try directory.write(json, to: "grid.json")
        let spec = try LayoutSpec.load(from: source)
        #expect(Array(spec.data.itemCounts) == counts)
        #expect(spec.name == "grid")
        let copy = directory.file("copy.json")
        try spec.write(to: copy)
        // The file carries its name now, so the copy keeps "grid" although it is copy.json.
        #expect(try LayoutSpec.load(from: copy) == spec)
    }

    /// The writer picks the compact `sections` form that reads back as the same counts.
    @Test func writerChoosesTheCompactSectionsForm() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        func sections(_ counts: [Int]) throws -> Any? {
            let spec = LayoutSpec(name: "s", parameters: TileGrid.Configuration.chGridView, container: Size(width: 320, height: 480), data: try DataShape(itemCounts: counts))
            let url = directory.file("s.json")
            try spec.write(to: url)
            #expect(try LayoutSpec.load(from: url) == spec, "\(counts)")
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
            return object?["sections"]
        }
        #expect(try sections([31, 31, 31]) as? [String: Int] == ["count": 3, "items": 31])
        #expect(try sections([31, 31, 7]) as? [String: Int] == ["total": 69, "itemsPerSection": 31])
        #expect(try sections([3, 5, 3]) as? [Int] == [3, 5, 3])
        #expect(try sections([31, 7]) as? [Int] == [31, 7])
        #expect(try sections([4]) as? [Int] == [4])
    }

    /// A committed spec, read and written again, gives the committed bytes.
    @Test(arguments: ["scale-100", "mixed-3000"])
    func committedSpecReencodesToTheSameBytes(name: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let committed = Repository.datasets.appendingPathComponent("specs/\(name).json")
        try LayoutSpec.load(from: committed).write(to: directory.file("again.json"))
        #expect(try Data(contentsOf: directory.file("again.json")) == Data(contentsOf: committed))
    }

    @Test(arguments: [
        (#"{"layout": "tile-grid", "container": {"width": 320, "height": 480}, "sections": [1], "tilesPerLine": 0}"#, "tilesPerLine", "0"),
        (#"{"layout": "tile-grid", "container": {"width": 320, "height": 480}, "sections": {"count": -1, "items": 3}}"#, "sections.count", "-1"),
        (#"{"layout": "tile-grid", "container": {"width": 320, "height": 480}, "sections": {"count": 2, "items": -3}}"#, "sections.items", "-3"),
        (#"{"layout": "tile-grid", "container": {"width": 320, "height": 480}, "sections": {"total": 10, "itemsPerSection": 0}}"#, "sections.itemsPerSection", "0"),
        (#"{"layout": "tile-grid", "container": {"width": 320, "height": 480}, "sections": [1], "rowHeight": 4}"#, "rowHeight", "4.0"),
        (#"{"layout": "tile-grid", "container": {"width": 20, "height": 480}, "sections": [1]}"#, "container.width", "20.0"),
        (#"{"layout": "tile-grid", "container": {"width": 320, "height": 480}, "sections": [2], "itemSizes": [[1, 2, 3], [4, 5]]}"#, "itemSizes[0]", "[1.0, 2.0, 3.0]"),
        (#"{"schemaVersion": 2, "layout": "tile-grid", "container": {"width": 320, "height": 480}, "sections": [1]}"#, "schemaVersion", "2"),
        (#"{"layout": "pinterest", "container": {"width": 320, "height": 480}, "sections": [1]}"#, "layout", "\"pinterest\""),
        (#"{"layout": "tile-grid", "container": {"width": 320, "height": 480}}"#, "sections", "missing"),
    ])
    func malformedSpecFileNamesFileFieldAndValue(json: String, field: String, value: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try directory.write(json, to: "bad.json")
        expectInputError(file: url.path, field: field, value: value) { try LayoutSpec.load(from: url) }
    }

    @Test func wrongTypeNamesTheField() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try directory.write(#"{"layout": "tile-grid", "container": {"width": 320, "height": 480}, "sections": [1], "tilesPerLine": "four"}"#, to: "bad.json")
        let error = expectInputError(file: url.path, field: "tilesPerLine") { try LayoutSpec.load(from: url) }
        #expect(error?.expected.contains("integer") == true)
    }

    /// Half of a committed spec, cut mid-token, and an empty file.
    @Test func truncatedOrEmptySpecFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let whole = try Data(contentsOf: Repository.datasets.appendingPathComponent("specs/scale-100.json"))
        let half = directory.file("half.json")
        try whole.prefix(whole.count / 2).write(to: half)
        expectSyntaxErrorOnLastLine(of: whole.prefix(whole.count / 2), file: half.path) { _ = try LayoutSpec.load(from: half) }
        let empty = try directory.write("", to: "empty.json")
        expectInputError(file: empty.path, field: "(document)", value: "empty") { try LayoutSpec.load(from: empty) }
        let missing = directory.file("missing.json")
        expectInputError(file: missing.path, field: "(file)", value: "missing") { try LayoutSpec.load(from: missing) }
    }
}

@Suite struct TraceCodecTests {
    /// Every event type, horizontal offsets and item sizes survive a write and a read.
    @Test func everyEventTypeRoundTrips() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let trace = ScrollTrace(
            name: "all-events", refreshHz: 60, viewport: Size(width: 320, height: 480),
            offsets: [Point(x: 0, y: 0), Point(x: 1.5, y: 10.25), Point(x: -2, y: -3.125), Point(x: 0, y: 1e6), Point(x: 0, y: 0.001)],
            events: [
                TraceEvent(frame: 0, .resize(Size(width: 480, height: 320))),
                TraceEvent(frame: 1, .insertItems(section: 2, item: 0, count: 2, sizes: [Size(width: 10, height: 20), Size(width: 30, height: 40)])),
                TraceEvent(frame: 1, .deleteItems(section: 0, item: 3, count: 1)),
                TraceEvent(frame: 2, .insertSections(section: 1, counts: [4, 0], sizes: nil)),
                TraceEvent(frame: 3, .deleteSections(section: 0, count: 2)),
                TraceEvent(frame: 4, .reload),
            ])
        let url = directory.file("t.json")
        try trace.write(to: url)
        let again = try ScrollTrace.load(from: url)
        #expect(again == trace)
        #expect(again.contentDigest == trace.contentDigest)
    }

    /// A committed trace, read and written again, gives the committed bytes.
    @Test(arguments: [("scale-100", "tour-120hz"), ("photos-2976", "edits-120hz")])
    func committedTraceReencodesToTheSameBytes(dataset: String, trace: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let committed = try Repository.plan().traceURL(dataset: dataset, trace: trace)
        try ScrollTrace.load(from: committed).write(to: directory.file("again.json"))
        #expect(try Data(contentsOf: directory.file("again.json")) == Data(contentsOf: committed))
    }

    static let head = #""schemaVersion": 1, "refreshHz": 60, "viewport": {"width": 320, "height": 480}"#

    @Test(arguments: [
        (#"{\#(TraceCodecTests.head), "offsets": [0, 1, "NaN"]}"#, "offsets[2]", "nan"),
        (#"{\#(TraceCodecTests.head), "offsets": [0, "-Infinity"]}"#, "offsets[1]", "-inf"),
        (#"{"schemaVersion": 1, "refreshHz": 60, "viewport": {"width": 320, "height": 0}, "offsets": [0]}"#, "viewport.height", "0.0"),
        (#"{"schemaVersion": 1, "refreshHz": 60, "viewport": {"width": 0, "height": 0}, "offsets": [0]}"#, "viewport.width", "0.0"),
        (#"{\#(TraceCodecTests.head), "offsets": [0, 1], "offsetsX": [0, "NaN"]}"#, "offsetsX[1]", "nan"),
        (#"{\#(TraceCodecTests.head), "offsets": [0, 1], "offsetsX": [0]}"#, "offsetsX.count", "1"),
        (#"{\#(TraceCodecTests.head), "offsets": [0], "events": [{"frame": 0, "type": "resize", "width": 0, "height": 320}]}"#, "events[0].width", "0.0"),
        (#"{\#(TraceCodecTests.head), "offsets": [0], "events": [{"frame": 0, "type": "resize", "width": 480}]}"#, "events[0].height", "missing"),
        (#"{\#(TraceCodecTests.head), "offsets": [0, 1], "events": [{"frame": 1, "type": "reload"}, {"frame": 0, "type": "reload"}]}"#, "events[1].frame", "0"),
        (#"{\#(TraceCodecTests.head), "offsets": [0], "events": [{"frame": 0, "type": "insert-sections", "section": 0, "counts": [3, -2]}]}"#, "events[0].counts[1]", "-2"),
        (#"{\#(TraceCodecTests.head), "offsets": [0], "events": [{"frame": 0, "type": "insert-items", "section": 0, "item": 0, "count": 1, "sizes": [[4]]}]}"#, "events[0].sizes[0]", "[4.0]"),
        (#"{\#(TraceCodecTests.head), "offsets": [0], "events": [{"frame": -1, "type": "reload"}]}"#, "events[0].frame", "-1"),
        (#"{"schemaVersion": 1, "refreshHz": 2000, "viewport": {"width": 320, "height": 480}, "offsets": [0]}"#, "refreshHz", "2000"),
        (#"{"schemaVersion": 1, "viewport": {"width": 320, "height": 480}, "offsets": [0]}"#, "refreshHz", "missing"),
    ])
    func malformedTraceFileNamesFileFieldAndValue(json: String, field: String, value: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try directory.write(json, to: "bad-trace.json")
        expectInputError(file: url.path, field: field, value: value) { try ScrollTrace.load(from: url) }
    }

    @Test func truncatedTraceFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let whole = try Data(contentsOf: Repository.plan().traceURL(dataset: "scale-100", trace: "tour-120hz"))
        let url = directory.file("cut.json")
        try whole.prefix(700).write(to: url)
        expectSyntaxErrorOnLastLine(of: whole.prefix(700), file: url.path) { _ = try ScrollTrace.load(from: url) }
    }
}

@Suite struct FixtureCodecTests {
    static func fixtureJSON(frames: [String], traceDigest: String = "00000000000000ff", schemaVersion: Int = 1) -> String {
        let list = frames.map { "\"\($0)\"" }.joined(separator: ", ")
        return #"{"schemaVersion": \#(schemaVersion), "dataset": "d", "trace": "t", "layout": "tile-grid", "reference": "on-demand", "margin": "4 lines", "traceDigest": "\#(traceDigest)", "frames": [\#(list)]}"#
    }

    /// Hashes with leading zeros, zero and the largest value survive as 16 hex digits.
    @Test func roundTrips() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let fixture = ReplayFixture(
            dataset: "photos-2976", trace: "fling-120hz", layout: "tile-grid", traceDigest: 0x00ab_0000_0000_0001, margin: "4 lines",
            frames: [LoadedSetDigest(count: 0, hash: 0), LoadedSetDigest(count: 58, hash: 0xf), LoadedSetDigest(count: 61, hash: .max)])
        let url = directory.file("f.json")
        try fixture.write(to: url)
        #expect(try ReplayFixture.load(from: url) == fixture)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        #expect(object["frames"] as? [String] == ["0 0000000000000000", "58 000000000000000f", "61 ffffffffffffffff"])
        #expect(object["traceDigest"] as? String == "00ab000000000001")
        #expect(object["reference"] as? String == "on-demand")
    }

    @Test(arguments: [
        (FixtureCodecTests.fixtureJSON(frames: ["58 00ab", "58 00ab", "58 00ab", "58 xyz"]), "frames[3]", "\"58 xyz\""),
        (FixtureCodecTests.fixtureJSON(frames: ["58"]), "frames[0]", "\"58\""),
        (FixtureCodecTests.fixtureJSON(frames: ["1 0", "-1 0"]), "frames[1]", "\"-1 0\""),
        (FixtureCodecTests.fixtureJSON(frames: ["1 0 0"]), "frames[0]", "\"1 0 0\""),
        (FixtureCodecTests.fixtureJSON(frames: ["1 0"], traceDigest: "not hex"), "traceDigest", "\"not hex\""),
        (FixtureCodecTests.fixtureJSON(frames: ["1 0"], schemaVersion: 2), "schemaVersion", "2"),
        (#"{"schemaVersion": 1, "dataset": "d", "trace": "t", "layout": "tile-grid", "reference": "on-demand", "margin": "4 lines", "traceDigest": "00"}"#, "frames", "missing"),
        (#"{"schemaVersion": 1, "dataset": "d", "trace": "t", "layout": "tile-grid", "reference": "on-demand", "margin": "4 lines", "traceDigest": "00", "frames": ["1 0", 7]}"#, "frames[1]", nil),
    ] as [(String, String, String?)])
    func malformedFixtureNamesFileFieldAndValue(json: String, field: String, value: String?) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try directory.write(json, to: "fixture.json")
        expectInputError(file: url.path, field: field, value: value) { try ReplayFixture.load(from: url) }
    }

    @Test func truncatedFixtureFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let whole = try Data(contentsOf: ReplayFixture.url(in: Repository.datasets, dataset: "scale-100", trace: "tour-120hz"))
        let url = directory.file("cut.json")
        try whole.prefix(whole.count - 40).write(to: url)
        expectSyntaxErrorOnLastLine(of: whole.prefix(whole.count - 40), file: url.path) { _ = try ReplayFixture.load(from: url) }
    }

    /// A fixture of the wrong length or margin does not apply to a trace.
    @Test func checkAppliesNamesFramesCountAndMargin() throws {
        let trace = ScrollTrace(name: "t", refreshHz: 60, viewport: Size(width: 320, height: 480), offsets: [.zero, .zero])
        let frames = [LoadedSetDigest(), LoadedSetDigest()]
        let good = ReplayFixture(dataset: "d", trace: "t", layout: "tile-grid", traceDigest: trace.contentDigest, margin: "4 lines", frames: frames)
        try good.checkApplies(to: trace, margin: .chGridView, path: "f.json")
        var short = good
        short.frames.removeLast()
        expectInputError(file: "f.json", field: "frames.count", value: "1") { try short.checkApplies(to: trace, margin: .chGridView, path: "f.json") }
        expectInputError(file: "f.json", field: "margin", value: "\"4 lines\"") { try good.checkApplies(to: trace, margin: .lines(2), path: "f.json") }
    }
}

@Suite struct PlanCodecTests {
    /// The bundled plan, parsed independently with `JSONSerialization`.
    static func bundledObject() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Repository.planURL)) as? [String: Any])
    }

    /// Writes `object` as plan.json in a new directory and loads it.
    static func load(_ object: [String: Any], in directory: TemporaryDirectory) throws -> BenchmarkPlan {
        let url = directory.file("plan.json")
        try JSONSerialization.data(withJSONObject: object).write(to: url)
        return try BenchmarkPlan.load(from: url)
    }

    /// Every field of the plan is what the file says, defaults filled in.
    @Test func bundledPlanReadsAsWritten() throws {
        let object = try Self.bundledObject()
        let plan = try Repository.plan()
        let traces = try #require(object["traces"] as? [[String: Any]])
        #expect(plan.traces.map(\.name) == traces.map { $0["name"] as? String })
        for (recipe, raw) in zip(plan.traces, traces) {
            #expect(recipe.kind.rawValue == raw["kind"] as? String)
            #expect(recipe.seed == (raw["seed"] as? NSNumber)?.uint64Value)
            #expect(recipe.refreshHz == raw["refreshHz"] as? Int ?? recipe.kind.defaultRefreshHz)
            #expect(recipe.seconds == raw["seconds"] as? Double ?? 20)
            #expect(recipe.deceleration == .normal)
        }
        let runs = try #require(object["runs"] as? [[String: Any]])
        #expect(plan.runs.map(\.dataset) == runs.map { $0["dataset"] as? String })
        #expect(plan.runs.map(\.traces) == runs.map { $0["traces"] as? [String] ?? [] })
        #expect(plan.strategies.map(\.rawValue) == object["strategies"] as? [String])
        #expect(plan.canonicalDataset == "photos-2976" && plan.canonicalTrace == "fling-120hz")
        #expect(plan.scaleDatasets == BundledDatasets.scaleTiles.map { "scale-\($0)" })
        #expect(plan.scaleEditsTrace == "scale-edits-120hz")
        #expect(plan.root.standardizedFileURL.path == Repository.datasets.standardizedFileURL.path)
        #expect(plan.pairs.count == runs.map { ($0["traces"] as? [String] ?? []).count }.reduce(0, +))
    }

    /// The plan written back from what was read reads the same.
    @Test func roundTrips() throws {
        let plan = try Repository.plan()
        let file = BenchmarkPlanFile(
            schemaVersion: BenchmarkPlan.schemaVersion,
            canonical: .init(dataset: plan.canonicalDataset, trace: plan.canonicalTrace),
            scale: .init(trace: plan.scaleTrace, datasets: plan.scaleDatasets, editsTrace: plan.scaleEditsTrace),
            traces: plan.traces.map {
                .init(name: $0.name, kind: $0.kind.rawValue, seed: $0.seed, refreshHz: $0.refreshHz, seconds: $0.seconds, deceleration: $0.deceleration.rawValue)
            },
            runs: plan.runs.map {
                .init(dataset: $0.dataset, traces: $0.traces, strategies: $0.strategies?.map(\.rawValue), anchors: $0.anchors?.map(\.rawValue))
            },
            strategies: plan.strategies.map(\.rawValue),
            layouts: plan.layoutSections.map {
                .init(layout: $0.layout, canonical: .init(dataset: $0.canonicalDataset, trace: $0.canonicalTrace),
                      scale: .init(trace: $0.scaleTrace, datasets: $0.scaleDatasets, editsTrace: nil))
            })
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try JSONFiles.write(file, to: directory.file("plan.json"))
        var again = try BenchmarkPlan.load(from: directory.file("plan.json"))
        #expect(again.root.standardizedFileURL.path == directory.url.standardizedFileURL.path)
        #expect(again.file == directory.file("plan.json").path)
        again.root = plan.root
        again.file = plan.file
        #expect(again == plan)
    }

    /// `mutate` applied to the bundled plan makes it refused, naming `field` and `value`.
    static func expectRefusal(field: String, value: String, sourceLocation: SourceLocation = #_sourceLocation, _ mutate: (inout [String: Any]) -> Void) throws {
        var object = try bundledObject()
        mutate(&object)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        expectInputError(file: directory.file("plan.json").path, field: field, value: value, sourceLocation: sourceLocation) {
            try load(object, in: directory)
        }
    }

    @Test func runNamingAnUndefinedTrace() throws {
        try Self.expectRefusal(field: "runs[0].traces[1]", value: "\"spin-120hz\"") { object in
            var runs = object["runs"] as! [[String: Any]]
            var traces = runs[0]["traces"] as! [String]
            traces[1] = "spin-120hz"
            runs[0]["traces"] = traces
            object["runs"] = runs
        }
    }

    @Test func unknownStrategy() throws {
        try Self.expectRefusal(field: "strategies[2]", value: "\"fastest\"") { object in
            object["strategies"] = ["cached", "scan", "fastest"]
        }
        try Self.expectRefusal(field: "strategies", value: "[]") { object in object["strategies"] = [String]() }
    }

    @Test func badTraceRecipes() throws {
        try Self.expectRefusal(field: "traces[1].kind", value: "\"spin\"") { object in
            var traces = object["traces"] as! [[String: Any]]
            traces[1]["kind"] = "spin"
            object["traces"] = traces
        }
        try Self.expectRefusal(field: "traces[2].name", value: "\"fling-120hz\"") { object in
            var traces = object["traces"] as! [[String: Any]]
            traces[2]["name"] = "fling-120hz"
            object["traces"] = traces
        }
        try Self.expectRefusal(field: "traces[0].seconds", value: "0.0") { object in
            var traces = object["traces"] as! [[String: Any]]
            traces[0]["seconds"] = 0
            object["traces"] = traces
        }
        try Self.expectRefusal(field: "traces[0].deceleration", value: "\"slow\"") { object in
            var traces = object["traces"] as! [[String: Any]]
            traces[0]["deceleration"] = "slow"
            object["traces"] = traces
        }
    }

    @Test func namesMustBeSafeFileNames() throws {
        try Self.expectRefusal(field: "runs[2].dataset", value: "\"../scale-100\"") { object in
            var runs = object["runs"] as! [[String: Any]]
            runs[2]["dataset"] = "../scale-100"
            object["runs"] = runs
        }
    }

    @Test func canonicalAndScaleMustBeDefined() throws {
        try Self.expectRefusal(field: "canonical.dataset", value: "\"photos-1\"") { object in
            object["canonical"] = ["dataset": "photos-1", "trace": "fling-120hz"]
        }
        try Self.expectRefusal(field: "scale.datasets[1]", value: "\"scale-7\"") { object in
            object["scale"] = ["trace": "tour-120hz", "datasets": ["scale-100", "scale-7"]]
        }
    }

    @Test func wrongSchemaVersionAndTruncation() throws {
        try Self.expectRefusal(field: "schemaVersion", value: "2") { object in object["schemaVersion"] = 2 }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let whole = try Data(contentsOf: Repository.planURL)
        let url = directory.file("plan.json")
        try whole.prefix(whole.count / 3).write(to: url)
        expectSyntaxErrorOnLastLine(of: whole.prefix(whole.count / 3), file: url.path) { _ = try BenchmarkPlan.load(from: url) }
    }
}

/// A file cut short fails on its last line, which the error names (`line 11, column 6`):
/// the line is counted here from the bytes, one more than their newlines.
func expectSyntaxErrorOnLastLine(
    of bytes: Data, file: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) {
    let lastLine = bytes.filter { $0 == UInt8(ascii: "\n") }.count + 1
    do {
        try body()
        Issue.record("no error for a file cut short", sourceLocation: sourceLocation)
    } catch let error as InputError {
        #expect(error.file == file, sourceLocation: sourceLocation)
        #expect(error.field.hasPrefix("line \(lastLine), column "), "\(error)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("not an InputError: \(error)", sourceLocation: sourceLocation)
    }
}
