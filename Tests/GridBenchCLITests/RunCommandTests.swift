import Foundation
import GridHarness
import Testing

/// `gridbench run`: one data set, one trace, chosen strategies; verdicts as exit codes.
@Suite struct RunCommandTests {
    static let scale100 = ["run", "--dataset", "scale-100", "--trace", "tour-120hz"]

    @Test func writesAResultsDocument() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let result = try GridBench.run(Self.scale100 + ["--strategy", "cached"] + quickMeasure + ["--json", scratch.path("out.json")])
        #expect(result.status == Exit.success, "\(result)")

        let document = try JSONDecoder().decode(ResultsDocument.self, from: Data(contentsOf: scratch.file("out.json")))
        #expect(document.schemaVersion == 1)
        #expect(document.tool == "gridbench")
        #expect(document.environment["memoryProbe"] == "none")
        let run = try #require(document.runs.first)
        #expect(document.runs.count == 1)
        #expect(run.fixture == .pass && run.firstMismatchFrame == nil)
        #expect(run.layout == "tile-grid" && run.strategy == "cached" && run.dataset == "scale-100" && run.trace == "tour-120hz")
        #expect(run.tiles == 100 && run.sections == 4 && run.refreshHz == 120)
        #expect(run.frames == 622 && run.passes == 1)
        #expect(run.retainedBytes == nil && run.allocationsPerFrame == nil)

        // The fields issue 3 names are in the file itself (memory figures are left out
        // without a probe: a missing field, not null).
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: scratch.file("out.json"))) as? [String: Any])
        let record = try #require((object["runs"] as? [[String: Any]])?.first)
        for key in ["layout", "strategy", "dataset", "tiles", "sections", "trace", "refreshHz", "frames", "frameNanos", "budgetShareP99",
                    "hitchMillisPerSecond", "prepareNanos", "floorMultiple", "fixture"] {
            #expect(record[key] != nil, "results lack \(key)")
        }
        #expect((record["frameNanos"] as? [String: Any]).map { Set($0.keys) } == ["p50", "p90", "p99", "p999", "max"])
        #expect(record["fixture"] as? String == "pass")

        // The summary table on standard output, the run's line on standard error.
        #expect(result.stdout.hasPrefix("data set") && result.stdout.contains("fixture"), "\(result)")
        #expect(result.stdout.contains("scale-100") && result.stdout.contains("pass"))
        #expect(result.stderr.contains("scale-100 · tour-120hz · cached"))
    }

    /// Without `--no-memory` the binary measures through jemalloc, which it links.
    @Test func memoryFiguresComeFromJemalloc() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let result = try GridBench.run(
            Self.scale100 + ["--strategy", "on-demand", "--min-passes", "1", "--max-passes", "1", "--target-seconds", "0", "--json", scratch.path("out.json")])
        #expect(result.status == Exit.success, "\(result)")
        let document = try JSONDecoder().decode(ResultsDocument.self, from: Data(contentsOf: scratch.file("out.json")))
        #expect(document.environment["memoryProbe"]?.hasPrefix("jemalloc") == true)
        let run = try #require(document.runs.first)
        #expect(run.retainedBytes != nil && run.peakBytes != nil && run.allocationsPerFrame != nil)
        #expect((run.allocationsPerFrame ?? -1) >= 0)
    }

    /// A copy of the bundled fixture with frame 300 altered: exit 1, naming the frame.
    @Test func tamperedFixtureFailsNamingTheFrame() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let fixture = try scratch.copyDataset("fixtures/replay/scale-100/tour-120hz.json")
        try Tamper.frame(300, of: fixture)
        let result = try GridBench.run(
            Self.scale100 + ["--strategy", "cached", "--fixture", fixture.path] + quickMeasure + ["--json", scratch.path("out.json")])
        #expect(result.status == Exit.fixtureMismatch, "\(result)")
        #expect(result.stderr.contains("first mismatch at frame 300"), "\(result)")
        #expect(result.stdout.contains("FAIL (frame 300)"), "\(result)")
        // The results still say what happened.
        let document = try JSONDecoder().decode(ResultsDocument.self, from: Data(contentsOf: scratch.file("out.json")))
        #expect(document.runs.map(\.fixture) == [.fail])
        #expect(document.runs.first?.firstMismatchFrame == 300)
    }

    /// A spec and a trace of one's own, with no fixture: checked against a reference
    /// replay made on the spot.
    @Test func specAndTraceFilesWithoutAFixture() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write(#"{"layout": "tile-grid", "container": {"width": 320, "height": 480}, "sections": [40, 12, 30]}"#, to: "grid.json")
        let trace = try scratch.write(
            #"{"schemaVersion": 1, "refreshHz": 60, "viewport": {"width": 320, "height": 480}, "offsets": [0, 100, 250, 400, 800, 1200, 600],"#
                + #" "events": [{"frame": 3, "type": "delete-items", "section": 0, "item": 5, "count": 10}, {"frame": 5, "type": "resize", "width": 480, "height": 320}]}"#,
            to: "walk.json")
        let result = try GridBench.run(["run", "--spec", spec, "--trace", trace] + quickMeasure)
        #expect(result.status == Exit.success, "\(result)")
        #expect(result.stderr.contains("No fixture for this trace"))
        // Every strategy by default.
        for strategy in ["cached", "scan", "on-demand", "adaptive"] { #expect(result.stderr.contains("grid · walk · \(strategy)")) }
    }

    @Test func missingSpecFile() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let trace = try scratch.write(#"{"schemaVersion": 1, "refreshHz": 60, "viewport": {"width": 320, "height": 480}, "offsets": [0]}"#, to: "t.json")
        let missing = scratch.path("MISSING.json")
        let result = try GridBench.run(["run", "--spec", missing, "--trace", trace] + quickMeasure)
        #expect(result.status == Exit.badInput, "\(result)")
        #expect(result.stderr.contains("\(missing): (file) = missing: expected a readable file"), "\(result)")
    }

    @Test(arguments: [
        // The document ends after "320, ", at column 53 of its one line: byte 52, counting from 0.
        (#"{"layout": "tile-grid", "container": {"width": 320, "#, "line 1, column 53 = the end of the file: expected a key in double quotes (in container); byte offset 52"),
        (#"{"layout": "tile-grid", "container": {"width": 320, "height": 480}, "sections": [4], "tilesPerLine": 0}"#, "tilesPerLine = 0: expected an integer ≥ 1"),
        (#"{"layout": "tile-grid", "container": {"width": 320, "height": 480}, "sections": [4, -2]}"#, "sections[1] = -2"),
        (#"{"layout": "mosaic", "container": {"width": 320, "height": 480}, "sections": [4]}"#, "layout = \"mosaic\": expected one of tile-grid"),
    ])
    func badSpecFileNamesFileFieldAndValue(json: String, message: String) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write(json, to: "BAD.json")
        let trace = try scratch.write(#"{"schemaVersion": 1, "refreshHz": 60, "viewport": {"width": 320, "height": 480}, "offsets": [0]}"#, to: "t.json")
        let result = try GridBench.run(["run", "--spec", spec, "--trace", trace] + quickMeasure)
        #expect(result.status == Exit.badInput, "\(result)")
        #expect(result.stderr.contains("gridbench: error: \(spec): \(message)"), "\(result)")
    }

    @Test(arguments: [
        (#""offsets": [0, "NaN"]"#, "offsets[1] = nan"),
        (#""offsets": [0, 1], "events": [{"frame": 1, "type": "delete-sections", "section": 9, "count": 1}]"#, "events[0].sections = 9..<10"),
        (#""offsets": [0, 1], "events": [{"frame": 1, "type": "resize", "width": 20, "height": 480}]"#, "events[0] = resize"),
    ])
    func badTraceFileNamesFileFieldAndValue(body: String, message: String) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write(#"{"layout": "tile-grid", "container": {"width": 320, "height": 480}, "sections": [4, 4]}"#, to: "s.json")
        let trace = try scratch.write(#"{"schemaVersion": 1, "refreshHz": 60, "viewport": {"width": 320, "height": 480}, \#(body)}"#, to: "BAD-trace.json")
        let result = try GridBench.run(["run", "--spec", spec, "--trace", trace] + quickMeasure)
        #expect(result.status == Exit.badInput, "\(result)")
        #expect(result.stderr.contains("\(trace): \(message)"), "\(result)")
    }

    @Test func zeroViewport() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let trace = try scratch.write(#"{"schemaVersion": 1, "refreshHz": 60, "viewport": {"width": 320, "height": 0}, "offsets": [0]}"#, to: "flat.json")
        let result = try GridBench.run(["run", "--dataset", "scale-100", "--trace", trace] + quickMeasure)
        #expect(result.status == Exit.badInput, "\(result)")
        #expect(result.stderr.contains("\(trace): viewport.height = 0.0"), "\(result)")
    }

    @Test func unknownStrategyOrDataset() throws {
        let strategy = try GridBench.run(Self.scale100 + ["--strategy", "fastest"] + quickMeasure)
        #expect(strategy.status == Exit.badInput, "\(strategy)")
        #expect(strategy.stderr.contains("strategy = fastest: expected one of cached, scan, on-demand, adaptive"), "\(strategy)")
        let dataset = try GridBench.run(["run", "--dataset", "scale-7", "--trace", "tour-120hz"] + quickMeasure)
        #expect(dataset.status == Exit.badInput, "\(dataset)")
        #expect(dataset.stderr.contains("--dataset = \"scale-7\""), "\(dataset)")
        let trace = try GridBench.run(["run", "--dataset", "scale-100", "--trace", "spin-120hz"] + quickMeasure)
        #expect(trace.status == Exit.badInput, "\(trace)")
        #expect(trace.stderr.contains("--trace = \"spin-120hz\""), "\(trace)")
    }
}

/// Altering fixtures on purpose.
enum Tamper {
    /// Flips a bit of frame `frame`'s hash in the fixture file at `url`, in place.
    static func frame(_ frame: Int, of url: URL) throws {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var frames = try #require(object["frames"] as? [String])
        let parts = frames[frame].split(separator: " ")
        let hash = try #require(UInt64(parts[1], radix: 16)) ^ 0x10
        let digits = String(hash, radix: 16)
        frames[frame] = "\(parts[0]) " + String(repeating: "0", count: 16 - digits.count) + digits
        object["frames"] = frames
        try JSONSerialization.data(withJSONObject: object).write(to: url)
    }
}
