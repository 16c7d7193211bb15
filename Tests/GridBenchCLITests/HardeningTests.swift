import Foundation
import Testing

/// Runs `script` with `/bin/sh`, `$G` being the gridbench binary, in `directory`.
func shell(_ script: String, in directory: URL) throws -> CommandResult {
    let binary = try GridBench.binary()
    return try GridBench.run(["-c", "G='\(binary.path)'; " + script], in: directory, executable: "sh", binaryURL: URL(fileURLWithPath: "/bin/sh"))
}

/// The examples of issue 9, one test each: output that cannot be written, work bounded by
/// the input, accepted nonsense, unhelpful messages and sets of outputs.
@Suite struct HardeningTests {
    static let spec = #"{"layout": "tile-grid", "container": {"width": 320, "height": 480}, "sections": [5, 3], "tilesPerLine": 4, "rowHeight": 79}"#

    // MARK: 1. Output failures

    /// Standard output on a full device, standard error on a full device, standard output
    /// closed: 74, never a trap and never 0; with standard error still writable, a message.
    @Test(arguments: [
        ("$G dump --spec s.json > /dev/full", true),
        ("$G datasets list --plan PLAN > /dev/full", true),
        ("$G --help > /dev/full", true),
        ("$G dump --spec s.json >&-", true),
        ("$G trace generate --spec s.json --kind drag --seconds 1 --out t.json 2>/dev/full", false),
        ("$G dump --spec s.json 2>/dev/full >&-", false),
    ])
    func outputThatCannotBeWrittenExits74(script: String, messageExpected: Bool) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write(Self.spec, to: "s.json")
        let plan = GridBench.datasets.appendingPathComponent("plan.json").path
        let result = try shell(script.replacingOccurrences(of: "PLAN", with: plan), in: scratch.url)
        #expect(result.status == 74, "\(script): \(result)")
        if messageExpected {
            #expect(result.stderr.contains("gridbench: error: could not write standard output: "), "\(script): \(result)")
        }
        #expect(!result.stderr.contains("Fatal error"), "\(script): \(result)")
    }

    /// A file that cannot be written is named, with the system's reason in words.
    @Test func unwritableOutputFileIsNamedInWords() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write(Self.spec, to: "s.json")
        try scratch.write("x", to: "file")
        let out = scratch.path("file/out.json")  // under a file, not a directory
        let result = try GridBench.run(["dump", "--spec", scratch.path("s.json"), "--out", out])
        #expect(result.status == 74, "\(result)")
        #expect(result.stderr.contains("gridbench: error: could not write \(out): "), "\(result)")
        #expect(!result.stderr.contains("NSCocoaErrorDomain"), "\(result)")
    }

    // MARK: 2. Limits

    /// 0 to 1e9 ms at 1000 Hz would be 10⁹ + 1 frames; 1e300 to the next double after it
    /// would be ~1.5e287: both over the 1,000,000-frame limit, refused before any frame is
    /// made. With --max-frames 2,000,000, 0 to 1,999,999 ms at 1 kHz (2,000,000 frames) is
    /// refused by the default and not by the raised limit.
    @Test func traceImportCountsItsFramesFirst() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        for (csv, span) in [("0,0\n1e9,100\n", "a span of 1000000000.0 ms"), ("1e300,0\n1.0000000000000002e300,5\n", "a span of 1.48")] {
            let path = try scratch.write(csv, to: "b.csv")
            let result = try GridBench.run(["trace", "import", "--csv", path, "--hz", "1000", "--out", scratch.path("o.json")])
            #expect(result.status == Exit.badInput, "\(result)")
            #expect(result.stderr.contains("\(path): timestamp_ms = \(span)"), "\(result)")
            #expect(result.stderr.contains("at most 1000000 frames at 1000 Hz"), "\(result)")
            #expect(result.stderr.contains("--max-frames"), "\(result)")
            #expect(!scratch.exists("o.json"))
        }
        // 0…1000 ms at 1000 Hz is 1001 frames: over a limit of 1000, within one of 1001.
        let path = try scratch.write("0,0\n1000,100\n", to: "c.csv")
        let over = try GridBench.run(["trace", "import", "--csv", path, "--hz", "1000", "--max-frames", "1000", "--out", scratch.path("o.json")])
        #expect(over.status == Exit.badInput, "\(over)")
        let within = try GridBench.run(["trace", "import", "--csv", path, "--hz", "1000", "--max-frames", "1001", "--out", scratch.path("o.json")])
        #expect(within.status == Exit.success, "\(within)")
        #expect(within.stderr.contains("1001 frames at 1000 Hz"), "\(within)")
    }

    /// A fling through the bundled 10,000,000-tile set would be about 17.6 million frames;
    /// refused at the 1,000,000-frame limit, naming the spec and the option that raises it.
    /// A 20 s drag at 60 Hz is 1200 frames: over --max-frames 1199, refused before
    /// generating.
    @Test func traceGenerateHasAFrameLimit() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let huge = GridBench.datasets.appendingPathComponent("specs/scale-10000000.json").path
        let fling = try GridBench.run(["trace", "generate", "--spec", huge, "--kind", "fling", "--out", scratch.path("f.json")])
        #expect(fling.status == Exit.badInput, "\(fling)")
        #expect(fling.stderr.contains("\(huge): frames = more than 1000000 (a fling through 10000000 tiles)"), "\(fling)")
        #expect(fling.stderr.contains("--max-frames"), "\(fling)")
        let spec = try scratch.write(Self.spec, to: "s.json")
        let drag = try GridBench.run(["trace", "generate", "--spec", spec, "--kind", "drag", "--max-frames", "1199", "--out", scratch.path("d.json")])
        #expect(drag.status == Exit.badInput, "\(drag)")
        #expect(drag.stderr.contains("frames = 20.0 s × 60 Hz = 1200: expected at most 1199 frames"), "\(drag)")
        #expect(!scratch.exists("d.json") && !scratch.exists("f.json"))
    }

    /// Sections over the spec limit (2²² = 4,194,304) in each form, refused naming the field
    /// before any array is made (the process would otherwise need gigabytes).
    @Test(arguments: [
        (#""sections": {"total": 1000000000, "itemsPerSection": 1}"#, "sections.itemsPerSection = 1"),
        (#""sections": {"count": 268435456, "items": 0}"#, "sections.count = 268435456: expected a section count in 0...4194304"),
        (#""sections": {"count": 4194305, "items": 0}"#, "sections.count = 4194305: expected a section count in 0...4194304"),
    ])
    func specSectionLimits(sections: String, message: String) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write(#"{"layout": "tile-grid", "container": {"width": 320, "height": 480}, "# + sections + "}", to: "s.json")
        let result = try GridBench.run(["dump", "--spec", spec, "--rect", "0,0,1,1"])
        #expect(result.status == Exit.badInput, "\(result)")
        #expect(result.stderr.contains("\(spec): \(message)"), "\(result)")
    }

    /// Exactly the limit, 4,194,304 empty sections: accepted, and only section headers
    /// meet the top strip. Tile grid: each empty section is a 22-point title and nothing
    /// else (padding.height 4 only below rows), so the rect 0…100 holds sections 0 to 4
    /// (tops 0, 22, 44, 66, 88).
    @Test func specAtTheSectionLimitWorks() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write(
            #"{"layout": "tile-grid", "container": {"width": 320, "height": 480}, "sections": {"count": 4194304, "items": 0}, "sectionTitleHeight": 22, "padding": {"width": 4, "height": 0}}"#,
            to: "s.json")
        let result = try GridBench.run(["dump", "--spec", spec, "--rect", "0,0,320,100"])
        #expect(result.status == Exit.success, "\(result)")
        let elements = try JSONDecoder().decode([DumpedElement].self, from: Data(result.stdout.utf8))
        #expect(elements.map(\.section) == [0, 1, 2, 3, 4])
        #expect(elements.map(\.frame.y) == [0, 22, 44, 66, 88])
    }

    /// A query file asking about 2,147,483,647 items in one case is refused by the limit of
    /// 100,000 items a case, naming the case.
    @Test func conformAnswersHaveALimit() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let queries = scratch.path("q.json")
        let written = try GridBench.run(["conform", "--write-queries", queries, "--quick"])
        #expect(written.status == Exit.success, "\(written)")
        var json = try scratch.text("q.json")
        let range = try #require(json.range(of: #""itemCounts":\[[^\]]*\]"#, options: .regularExpression))
        json.replaceSubrange(range, with: #""itemCounts":[2147483647]"#)
        try scratch.write(json, to: "q.json")
        let result = try GridBench.run(["conform", "--queries", queries, "--write-answers", scratch.path("a.json")])
        #expect(result.status == Exit.badInput, "\(result)")
        #expect(result.stderr.contains("\(queries): cases[0].data.itemCounts = 2147483647 items: expected at most 100000 items in one case"), "\(result)")
    }

    // MARK: 3. Accepted nonsense

    @Test func aTraceWithNoFramesIsRefused() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write(Self.spec, to: "s.json")
        let trace = try scratch.write(#"{"schemaVersion": 1, "refreshHz": 60, "viewport": {"width": 320, "height": 480}, "offsets": []}"#, to: "t.json")
        let result = try GridBench.run(["run", "--spec", spec, "--trace", trace] + quickMeasure)
        #expect(result.status == Exit.badInput, "\(result)")
        #expect(result.stderr.contains("\(trace): offsets = []: expected at least one frame's offset"), "\(result)")
    }

    /// 1e308 to −1e308 over 10 ms at 1000 Hz: 11 frames, each 1e308·(1 − k/10) + (−1e308)·k/10
    /// = 1e308·(1 − k/5); finite, where the difference 2e308 overflowed to a NaN before.
    @Test func traceImportNeverWritesNaN() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let csv = try scratch.write("0,1e308\n10,-1e308\n", to: "n.csv")
        let result = try GridBench.run(["trace", "import", "--csv", csv, "--hz", "1000", "--out", scratch.path("o.json")])
        #expect(result.status == Exit.success, "\(result)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: scratch.file("o.json"))) as? [String: Any])
        let offsets = try #require(object["offsets"] as? [Double])
        #expect(offsets.count == 11)
        for (k, offset) in offsets.enumerated() {
            let expected = 1e308 * (1 - Double(k) / 5)
            #expect(abs(offset - expected) <= 1e293, "frame \(k): \(offset)")
        }
    }

    /// `--out` naming an input is refused before anything is read or written; the input is
    /// unchanged.
    @Test(arguments: [
        ["dump", "--spec", "IN", "--out", "IN"],
        ["trace", "generate", "--spec", "IN", "--kind", "drag", "--out", "IN"],
        ["trace", "import", "--csv", "IN", "--out", "IN"],
        ["conform", "--queries", "IN", "--write-answers", "IN"],
        ["dump", "--spec", "IN", "--out", "./IN"],
    ])
    func outputOverAnInputIsRefused(arguments: [String]) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write(Self.spec, to: "IN")
        let result = try GridBench.run(arguments, in: scratch.url)
        #expect(result.status == Exit.badInput, "\(result)")
        let option = arguments[arguments.count - 2]
        #expect(result.stderr.contains("\(arguments.last!): \(option) = the input file IN"), "\(result)")
        #expect(try scratch.text("IN") == Self.spec)
    }

    /// A misspelt key is refused with the nearest known one, at any depth and in every
    /// kind of file; a key given twice is refused with its line and column.
    @Test(arguments: [
        ("spec", #"{"layout": "tile-grid", "container": {"width": 320, "hieght": 480}, "sections": [4]}"#, "container.hieght = (an unknown field): expected no such field here; did you mean height?"),
        ("spec", #"{"layout": "tile-grid", "container": {"width": 320, "height": 480}, "sections": [4], "rowheight": 5}"#, "rowheight = (an unknown field): expected no such field in a tile-grid spec; did you mean rowHeight?"),
        ("spec", "{\"layout\": \"tile-grid\",\n \"container\": {\"width\": 320, \"height\": 480},\n \"sections\": [4], \"rowHeight\": 5, \"rowHeight\": 7}", "line 3, column 35 = \"rowHeight\" a second time: expected each key once in an object"),
        ("trace", #"{"schemaVersion": 1, "refreshHz": 60, "viewport": {"width": 320, "height": 480}, "offsets": [0], "refreshhz": 30}"#, "refreshhz = (an unknown field): expected no such field here; did you mean refreshHz?"),
        ("trace", #"{"schemaVersion": 1, "refreshHz": 60, "viewport": {"width": 320, "height": 480}, "offsets": [0, 1], "events": [{"frame": 1, "type": "reload", "fram": 2}]}"#, "events[0].fram = (an unknown field): expected no such field here; did you mean frame?"),
    ])
    // Line 3 is ` "sections": [4], "rowHeight": 5, "rowHeight": 7}`: the second key's quote is
    // its 35th character (1 space, 11 + 1 + 4 + 1 for `"sections": [4], `, 12 + 1 + 2 + 1
    // for `"rowHeight": 5, `, then the quote).
    func unknownAndRepeatedKeysAreRefused(kind: String, json: String, message: String) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.write(json, to: "bad.json")
        let spec = try scratch.write(Self.spec, to: "s.json")
        let arguments = kind == "spec" ? ["dump", "--spec", file] : ["run", "--spec", spec, "--trace", file] + quickMeasure
        let result = try GridBench.run(arguments)
        #expect(result.status == Exit.badInput, "\(result)")
        #expect(result.stderr.contains("\(file): \(message)"), "\(result)")
    }

    /// Results figures that no measurement gives, refused naming the results file and the
    /// field; a finite share too large for ∞ renders in powers of ten.
    @Test func resultsFieldsAreChecked() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let plan = try scale100Plan(in: scratch)
        let run = try GridBench.run(["run", "--plan", plan, "--dataset", "scale-100", "--trace", "tour-120hz", "--strategy", "on-demand", "--json", scratch.path("r.json")] + quickMeasure)
        #expect(run.status == Exit.success, "\(run)")
        let good = try scratch.text("r.json")
        for (field, value, message) in [
            ("hitchesPerPass", "-1", "runs[0].hitchesPerPass = -1.0: expected a finite number ≥ 0"),
            ("hitchesPerPass", "\"NaN\"", "runs[0].hitchesPerPass = nan: expected a finite number ≥ 0"),
            ("layoutBudgetNanos", "0", "runs[0].layoutBudgetNanos = 0.0: expected a finite number > 0"),
            ("floorNanosP50", "-3", "runs[0].floorNanosP50 = -3.0: expected a finite number ≥ 0"),
            ("firstMismatchFrame", "-5", "runs[0].firstMismatchFrame = -5: expected a frame index in 0..<622"),
            ("tiles", "1.5", "runs[0].tiles = 1.5: expected an integer (a whole number within ±9.2e18)"),
            ("tiles", "9223372036854775808", "runs[0].tiles = 9223372036854775808: expected an integer (a whole number within ±9.2e18)"),
            ("budgetShareP99", "1e400", "runs[0].budgetShareP99 = 1e400: expected a number within ±1.8e308"),
            ("passesPerProcess", "[2]", "runs[0].passesPerProcess = [2] (2 passes): expected counts that add up to the 1 entries of passMediansNanos"),
            ("passesPerProcess", "[-1, 2]", "runs[0].passesPerProcess[0] = -1: expected an integer ≥ 0"),
        ] {
            let bad = try Self.replacing(field, with: value, in: good)
            let path = try scratch.write(bad, to: "bad.json")
            let result = try GridBench.run(["report", "--plan", plan, "--from-results", path, "--out", scratch.path("out")])
            #expect(result.status == Exit.badInput, "\(field) \(value): \(result)")
            #expect(result.stderr.contains("\(path): \(message)"), "\(field) \(value): \(result)")
            #expect(!scratch.exists("out"), "\(field) \(value)")
        }
        // budgetShareP99 of 1e308 is 1e310 %, written as such.
        let huge = try scratch.write(try Self.replacing("budgetShareP99", with: "1e308", in: good), to: "huge.json")
        let result = try GridBench.run(["report", "--plan", plan, "--from-results", huge, "--out", scratch.path("out")])
        #expect(result.status == Exit.success, "\(result)")
        let markdown = try scratch.text("out/strategy-comparison.md")
        #expect(markdown.contains("1.00e310 %"))
        #expect(!markdown.contains("∞"))
    }

    /// The JSON text `json` with the value of the first `"field" : …` replaced by `value`
    /// (an inserted key when the field is absent, as `firstMismatchFrame` is in a pass).
    static func replacing(_ field: String, with value: String, in json: String) throws -> String {
        var text = json
        if let range = text.range(of: "\"\(field)\" : [^,\\n]+", options: .regularExpression) {
            text.replaceSubrange(range, with: "\"\(field)\" : \(value)")
        } else {
            let anchor = try #require(text.range(of: "\"fixture\" : "))
            text.insert(contentsOf: "\"\(field)\" : \(value), ", at: anchor.lowerBound)
        }
        return text
    }

    // MARK: 4. Messages

    /// Numbers that do not fit their field are named as such, with the field.
    @Test(arguments: [
        ("1.5", "tilesPerLine = 1.5: expected an integer (a whole number within ±9.2e18)"),
        ("9223372036854775808", "tilesPerLine = 9223372036854775808: expected an integer (a whole number within ±9.2e18)"),
        ("1e400", "tilesPerLine = 1e400: expected an integer (a whole number within ±9.2e18)"),
    ])
    func numbersThatDoNotFit(value: String, message: String) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write(#"{"layout": "tile-grid", "container": {"width": 320, "height": 480}, "sections": [4], "tilesPerLine": "# + value + "}", to: "s.json")
        let result = try GridBench.run(["dump", "--spec", spec])
        #expect(result.status == Exit.badInput, "\(result)")
        #expect(result.stderr.contains("\(spec): \(message)"), "\(result)")
        #expect(!result.stderr.contains("(document)"), "\(result)")
    }

    /// /dev/null and a directory as input: said so, not "permission".
    @Test func devNullAndDirectoriesAsInput() throws {
        let empty = try GridBench.run(["dump", "--spec", "/dev/null"])
        #expect(empty.status == Exit.badInput, "\(empty)")
        #expect(empty.stderr.contains("/dev/null: (document) = empty: expected a JSON document"), "\(empty)")
        let directory = try GridBench.run(["dump", "--spec", "/tmp"])
        #expect(directory.status == Exit.badInput, "\(directory)")
        #expect(directory.stderr.contains("/tmp: (file) = a directory: expected a file"), "\(directory)")
    }

    /// Option errors name the option, not the field behind it.
    @Test(arguments: [
        (["--min-passes", "0"], "--min-passes 0: expected an integer ≥ 1"),
        (["--min-passes", "3", "--max-passes", "2"], "--max-passes 2: expected an integer ≥ --min-passes (3)"),
        (["--layout-budget-share", "0"], "--layout-budget-share 0.0: expected"),
        (["--margin-lines=-1"], "--margin-lines -1.0"),
    ])
    func optionErrorsNameTheOption(options: [String], message: String) throws {
        let result = try GridBench.run(["run", "--dataset", "scale-100", "--trace", "tour-120hz", "--no-memory"] + options)
        #expect(result.status == Exit.usage, "\(result)")
        #expect(result.stderr.contains(message), "\(result)")
        #expect(!result.stderr.contains("minimumPasses") && !result.stderr.contains("layoutBudgetShare"), "\(result)")
    }

    // MARK: 5. Sets of outputs

    /// A staging directory a killed report left after writing every file (it holds the
    /// COMPLETE list) is finished by the next run: all new. One killed while writing (no
    /// list) is removed: all old. A dead process's temporary file is removed too.
    @Test func leftoversOfKilledRunsAreFinishedOrRemoved() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let plan = try scale100Plan(in: scratch)
        let out = scratch.file("out")
        // A process id that is not running: a child that has exited.
        let dead = try GridBench.run(["-c", "echo $$"], executable: "sh", binaryURL: URL(fileURLWithPath: "/bin/sh"))
        let pid = dead.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try scratch.write("old md\n", to: "out/strategy-comparison.md")
        try scratch.write("new md\n", to: "out/.gridbench-set-\(pid)/strategy-comparison.md")
        try scratch.write("new extra\n", to: "out/.gridbench-set-\(pid)/extra.txt")
        try scratch.write("strategy-comparison.md\nextra.txt", to: "out/.gridbench-set-\(pid)/COMPLETE")
        try scratch.write("half\n", to: "out/.gridbench-set-999999999/extra2.txt")
        try scratch.write("half\n", to: "out/.results.json.gridbench-\(pid).tmp")
        try scratch.write("old\n", to: "out/.dat.nosyncAB12.CDEF")
        let old = Date().addingTimeInterval(-7200)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: out.appendingPathComponent(".dat.nosyncAB12.CDEF").path)

        let run = try GridBench.run(["run", "--plan", plan, "--dataset", "scale-100", "--trace", "tour-120hz", "--strategy", "on-demand", "--json", out.appendingPathComponent("r.json").path] + quickMeasure)
        #expect(run.status == Exit.success, "\(run)")
        let report = try GridBench.run(["report", "--plan", plan, "--from-results", out.appendingPathComponent("r.json").path, "--out", out.path])
        #expect(report.status == Exit.success, "\(report)")
        // The finished set's extra file is in place; the report then replaced the Markdown.
        #expect(try scratch.text("out/extra.txt") == "new extra\n")
        #expect(!scratch.exists("out/extra2.txt"))
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path)
        #expect(!names.contains { $0.hasPrefix(".") }, "\(names)")
    }
}
