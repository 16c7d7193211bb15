import Foundation
import Testing

/// Issue 27, items 3 to 6: the inputs users actually type, each through the built binary.
@Suite struct TypedInputTests {
    static let spec = HardeningTests.spec

    // MARK: 3. Nonsense accepted

    /// Round -1 is no round: refused naming the file, the field, the value and the range.
    @Test(arguments: ["-1", "0", "1000001"])
    func queriesRoundOutOfRangeIsRefused(round: String) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let queries = scratch.path("q.json")
        let written = try GridBench.run(["conform", "--write-queries", queries, "--quick"])
        #expect(written.status == Exit.success, "\(written)")
        let json = try scratch.text("q.json")
        let range = try #require(json.range(of: #""round":1"#))
        try scratch.write(json.replacingCharacters(in: range, with: #""round":"# + round), to: "q.json")
        let result = try GridBench.run(["conform", "--queries", queries, "--write-answers", scratch.path("a.json")])
        #expect(result.status == Exit.badInput, "\(result)")
        #expect(result.stderr.contains("\(queries): round = \(round): expected a round in 1...1000000"), "\(result)")
        #expect(!scratch.exists("a.json"))
    }

    /// Subnormal figures (5e-324) are no measurement, and drew NaN in the charts (their
    /// log axis began at 10^-324, which is 0): refused naming the file, the field and the
    /// value. The smallest normal figures are accepted, and no report shows NaN.
    @Test func subnormalResultsAreRefused() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let plan = try scale100Plan(in: scratch)
        let run = try GridBench.run(["run", "--plan", plan, "--dataset", "scale-100", "--trace", "tour-120hz", "--strategy", "on-demand", "--strategy", "cached", "--json", scratch.path("r.json")] + quickMeasure)
        #expect(run.status == Exit.success, "\(run)")
        let good = try scratch.text("r.json")
        for field in ["p50", "p99", "max", "budgetShareP99", "floorNanosP50", "hitchesPerPass"] {
            let bad = try scratch.write(try HardeningTests.replacing(field, with: "5e-324", in: good), to: "bad.json")
            let result = try GridBench.run(["report", "--plan", plan, "--from-results", bad, "--out", scratch.path("out")])
            #expect(result.status == Exit.badInput, "\(field): \(result)")
            let path = ["p50", "p99", "max"].contains(field) ? "frameNanos." + field : field
            #expect(result.stderr.contains("\(bad): runs[0].\(path) = 5e-324: expected 0 or a finite number ≥ 2.2e-308"), "\(field): \(result)")
            #expect(!scratch.exists("out"))
        }
        // Every frame figure of every run at the smallest normal number, or at the largest
        // finite ones (whose decade above, 1e309, is ∞): drawn, and no NaN anywhere.
        for extreme in ["2.2250738585072014e-308", "1.7976931348623157e308"] {
            var text = good
            for field in ["p50", "p90", "p99", "p999", "max"] {
                text = text.replacingOccurrences(of: #""\#(field)" : [0-9.e+-]+"#, with: "\"\(field)\" : \(extreme)", options: .regularExpression)
            }
            #expect(text.components(separatedBy: extreme).count == 11)  // 5 figures × 2 runs
            let accepted = try scratch.write(text, to: "extreme.json")
            try? FileManager.default.removeItem(at: scratch.file("out"))
            let result = try GridBench.run(["report", "--plan", plan, "--from-results", accepted, "--out", scratch.path("out")])
            #expect(result.status == Exit.success, "\(extreme): \(result)")
            let html = try scratch.text("out/strategy-comparison.html")
            #expect(html.contains("<svg"))
            let markdown = try scratch.text("out/strategy-comparison.md")
            #expect(!html.contains("NaN") && !markdown.contains("NaN"), "\(extreme)")
        }
    }

    // MARK: 4. What users type

    /// A viewport bounced past the top-left: `--scrolled-to -40,-25` is a value, not an
    /// option. Every element of this small spec is within the loaded region (480 points
    /// of viewport plus 4 rows of margin hold its three rows), and at y −25 no header is
    /// pinned below its place (max(top, −25) = top), so the answer is the whole dump's.
    @Test func negativeValuesAreValues() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write(Self.spec, to: "s.json")
        let whole = try GridBench.run(["dump", "--spec", spec])
        #expect(whole.status == Exit.success, "\(whole)")
        let scrolled = try GridBench.run(["dump", "--spec", spec, "--scrolled-to", "-40,-25"])
        #expect(scrolled.status == Exit.success, "\(scrolled)")
        let elements = try JSONDecoder().decode([DumpedElement].self, from: Data(scrolled.stdout.utf8))
        #expect(elements.count == 2 + 5 + 3, "\(scrolled)")
        #expect(scrolled.stdout == whole.stdout)
        // A rect starting above and left of the content: the top strip, from y −10 to 40.
        let rect = try GridBench.run(["dump", "--spec", spec, "--rect", "-10,-10,400,50"])
        #expect(rect.status == Exit.success, "\(rect)")
        let strip = try GridBench.run(["dump", "--spec", spec, "--rect", "0,0,320,40"])
        #expect(rect.stdout == strip.stdout, "\(rect)")
        // A negative number reaches its option's own check, which names it.
        let margin = try GridBench.run(["run", "--dataset", "scale-100", "--trace", "tour-120hz", "--no-memory", "--margin-lines", "-1"])
        #expect(margin.status == Exit.usage, "\(margin)")
        #expect(margin.stderr.contains("--margin-lines -1.0"), "\(margin)")
        #expect(!margin.stderr.contains("Missing value"), "\(margin)")
    }

    /// A mistyped option is named as unknown, with the nearest known one; a mistyped
    /// subcommand likewise. Both are usage errors (64), as the root help documents.
    @Test(arguments: [
        (["run", "--datset", "scale-100", "--trace", "tour-120hz"], "Unknown option '--datset'. Did you mean '--dataset'?", "gridbench run --help"),
        (["run", "--dataset", "scale-100", "--trace", "tour-120hz", "--stratgy", "cached"], "Unknown option '--stratgy'. Did you mean '--strategy'?", "gridbench run --help"),
        (["dump", "--spce", "s.json"], "Unknown option '--spce'. Did you mean '--spec'?", "gridbench dump --help"),
        (["dum", "--spec", "s.json"], "Unknown subcommand 'dum'. Did you mean 'dump'?", "gridbench --help"),
        (["trace", "genrate", "--spec", "s.json"], "Unknown subcommand 'genrate'. Did you mean 'generate'?", "gridbench trace --help"),
        (["frobnicate"], "Unknown subcommand 'frobnicate'. Subcommands: report, run, dump", "gridbench --help"),
    ])
    func typosAreNamed(arguments: [String], message: String, help: String) throws {
        let result = try GridBench.run(arguments)
        #expect(result.status == Exit.usage, "\(result)")
        #expect(result.stderr.contains("Error: " + message), "\(result)")
        #expect(result.stderr.contains("See '\(help)'"), "\(result)")
        #expect(!result.stderr.contains("exactly one of") && !result.stderr.contains("'--spec'."), "\(result)")
    }

    /// `itemHeights` and `itemSizes` one list per section mean what the flat lists mean:
    /// each bundled spec rewritten with its list cut per section dumps the same elements.
    @Test(arguments: [("grouped-96", "itemHeights"), ("mixed-3000", "itemSizes"), ("pins-3000", "itemSizes")])
    func perItemFieldsPerSection(dataset: String, field: String) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let bundled = GridBench.datasets.appendingPathComponent("specs/\(dataset).json")
        var spec = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: bundled)) as? [String: Any])
        let counts = try #require(spec["sections"] as? [Int])
        let flat = try #require(spec[field] as? [Any])
        #expect(flat.count == counts.reduce(0, +))
        var sectioned: [[Any]] = []
        var start = 0
        for count in counts {
            sectioned.append(Array(flat[start..<start + count]))
            start += count
        }
        spec[field] = sectioned
        try JSONSerialization.data(withJSONObject: spec).write(to: scratch.file("s.json"))
        let rect = ["--rect", "0,0,2000,3000"]
        let expected = try GridBench.run(["dump", "--spec", bundled.path] + rect)
        let result = try GridBench.run(["dump", "--spec", scratch.path("s.json")] + rect)
        #expect(result.status == Exit.success, "\(result)")
        #expect(expected.status == Exit.success && !expected.stdout.isEmpty)
        #expect(result.stdout == expected.stdout)
    }

    /// Lists per section that do not fit `sections` are refused naming the section, the
    /// count given and the count expected; a bad value by section and item.
    @Test(arguments: [
        ("columnar-grouped", #""itemHeights": [[44], [120]]"#, "itemHeights[0] = 1 heights: expected 2 heights, one per item of section 0"),
        ("columnar-grouped", #""itemHeights": [[44, 60]]"#, "itemHeights = 1 lists: expected one list of heights per section: 2, as sections has"),
        ("columnar-grouped", #""itemHeights": [[44, 60], [-1]]"#, "itemHeights[1][0] = -1.0: expected a finite height > 0"),
        ("waterfall", #""itemHeights": [[44, 60], [120, 7]]"#, "itemHeights[1] = 2 heights: expected 1 heights, one per item of section 1"),
        ("waterfall", #""itemSizes": [[[4, 3], [5, 2]], []]"#, "itemSizes[1] = 0 sizes: expected 1 sizes, one per item of section 1"),
        ("tile-grid", #""itemSizes": [[[4, 3], [5, 2]], [[1, 0]]]"#, "itemSizes[1][0].height = 0.0: expected a finite number > 0"),
        ("tile-grid", #""itemSizes": [[[4, 3], [5, 2]], [[1]]]"#, "itemSizes[1][0] = [1.0]: expected a pair [width, height]"),
    ])
    func perSectionCountsAreChecked(layout: String, field: String, message: String) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write(
            #"{"layout": ""# + layout + #"", "container": {"width": 320, "height": 480}, "sections": [2, 1], "# + field + "}", to: "s.json")
        let result = try GridBench.run(["dump", "--spec", spec])
        #expect(result.status == Exit.badInput, "\(result)")
        #expect(result.stderr.contains("\(spec): \(message)"), "\(result)")
    }

    /// With --spec, a bundled trace's name is the bundled trace of the spec's data set
    /// (scale-100's spec, from any directory): the same replay as --dataset gives. A name
    /// found nowhere is refused naming every place looked.
    @Test func bareTraceNamesWithASpec() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let plan = GridBench.datasets.appendingPathComponent("plan.json").path
        let spec = GridBench.datasets.appendingPathComponent("specs/scale-100.json").path
        let common = ["--plan", plan, "--strategy", "on-demand"] + quickMeasure
        let bySpec = try GridBench.run(["run", "--spec", spec, "--trace", "tour-120hz"] + common, in: scratch.url)
        #expect(bySpec.status == Exit.success, "\(bySpec)")
        #expect(bySpec.stderr.contains("scale-100 · tour-120hz · on-demand"), "\(bySpec)")
        #expect(bySpec.stderr.contains("fixture pass"), "\(bySpec)")
        let missing = try GridBench.run(["run", "--spec", spec, "--trace", "fling-12hz"] + common, in: scratch.url)
        #expect(missing.status == Exit.badInput, "\(missing)")
        let traces = GridBench.datasets.appendingPathComponent("traces").path
        for place in [scratch.url.resolvingSymlinksInPath().path + "/fling-12hz", traces + "/scale-100/fling-12hz.json", traces + "/*/fling-12hz.json"] {
            #expect(missing.stderr.contains(place), "\(place): \(missing)")
        }
        #expect(missing.stderr.contains("--trace = \"fling-12hz\""), "\(missing)")
        // A spec that is no bundled data set, and a trace several data sets have: which?
        let own = try scratch.write(Self.spec, to: "s.json")
        let ambiguous = try GridBench.run(["run", "--spec", own, "--trace", "fling-120hz"] + common, in: scratch.url)
        #expect(ambiguous.status == Exit.badInput, "\(ambiguous)")
        #expect(ambiguous.stderr.contains("have a trace fling-120hz: pass one as a file"), "\(ambiguous)")
    }

    // MARK: 5. Plans

    /// A plan entry naming a data set whose spec is missing: the plan file and the field.
    @Test func aMissingSpecIsNamedByThePlansField() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let plan = try scale100Plan(in: scratch)
        try FileManager.default.removeItem(at: scratch.file("specs/scale-100.json"))
        for arguments in [["datasets", "list"], ["fixtures", "verify"], ["report", "--out", scratch.path("out")]] {
            let result = try GridBench.run(arguments + ["--plan", plan] + (arguments[0] == "report" ? quickMeasure : []))
            #expect(result.status == Exit.badInput, "\(arguments): \(result)")
            #expect(result.stderr.contains("\(plan): runs[0].dataset = \"scale-100\": expected a name whose spec exists: no such file \(scratch.path("specs/scale-100.json"))"), "\(arguments): \(result)")
        }
    }

    // MARK: 6. Progress

    /// A dump on a terminal draws its progress on standard error once it has run the delay
    /// (0 here), and clears it; standard output holds only the JSON. Off a terminal, as
    /// `report`'s progress line, nothing is drawn.
    @Test func dumpShowsProgressOnATerminal() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write(
            #"{"layout": "tile-grid", "container": {"width": 320, "height": 480}, "sections": {"count": 100, "items": 500}}"#, to: "s.json")
        let onTerminal = try shell(
            "GRIDBENCH_PROGRESS_AFTER=0 script -qec \"$G dump --spec s.json --out out.json\" /dev/null", in: scratch.url)
        #expect(onTerminal.status == Exit.success, "\(onTerminal)")
        // The first line of each step is always drawn: strip 1 of the 50,000 tiles'
        // 50000 / 16384 = 3 strips, then element 1 of the 50,100 to write.
        #expect(onTerminal.stdout.contains("\r\u{1B}[Kgridbench dump: finding elements, strip 1 of 3 …"), "\(onTerminal)")
        #expect(onTerminal.stdout.contains("\r\u{1B}[Kgridbench dump: writing element 1 of 50100 (0 %) …"), "\(onTerminal)")
        #expect(onTerminal.stdout.contains("\r\u{1B}[K"), "\(onTerminal)")
        let json = try scratch.text("out.json")
        #expect(json.hasPrefix("[\n") && !json.contains("gridbench dump"))
        let elements = try JSONDecoder().decode([DumpedElement].self, from: Data(json.utf8))
        #expect(elements.count == 50_100)  // 100 headers and 100 × 500 tiles
        // Standard output on the terminal, standard error a file: the JSON, no progress.
        let toStdout = try shell("GRIDBENCH_PROGRESS_AFTER=0 script -qec \"$G dump --spec s.json 2>err.txt\" /dev/null", in: scratch.url)
        #expect(toStdout.status == Exit.success, "\(toStdout)")
        #expect(!toStdout.stdout.contains("gridbench dump:"))
        #expect(try scratch.text("err.txt").isEmpty)
        let offTerminal = try shell("GRIDBENCH_PROGRESS_AFTER=0 $G dump --spec '\(spec)' --out o2.json", in: scratch.url)
        #expect(offTerminal.status == Exit.success, "\(offTerminal)")
        #expect(offTerminal.stderr.isEmpty, "\(offTerminal)")
    }

    /// `trace import` likewise: reading the CSV, then writing the trace. 0 to 1000 ms at
    /// 120 Hz is 1000 / (1000 / 120) + 1 = 121 frames.
    @Test func traceImportShowsProgressOnATerminal() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("timestamp_ms,offset\n0,0\n1000,100\n", to: "c.csv")
        let onTerminal = try shell(
            "GRIDBENCH_PROGRESS_AFTER=0 script -qec \"$G trace import --csv c.csv --out o.json\" /dev/null", in: scratch.url)
        #expect(onTerminal.status == Exit.success, "\(onTerminal)")
        #expect(onTerminal.stdout.contains("\r\u{1B}[Kgridbench trace import: reading line 1 of c.csv …"), "\(onTerminal)")
        #expect(onTerminal.stdout.contains("\r\u{1B}[Kgridbench trace import: writing 121 frames to o.json …"), "\(onTerminal)")
        #expect(onTerminal.stdout.contains("c: 121 frames at 120 Hz → o.json"), "\(onTerminal)")
        let offTerminal = try shell("GRIDBENCH_PROGRESS_AFTER=0 $G trace import --csv c.csv --out o2.json", in: scratch.url)
        #expect(offTerminal.status == Exit.success, "\(offTerminal)")
        #expect(offTerminal.stderr == "c: 121 frames at 120 Hz → o2.json\n", "\(offTerminal)")
        #expect(offTerminal.stdout.isEmpty)
    }
}

/// `conform --isolate`, which runs each case in a child process for seconds, shows which
/// case it is at on a terminal's standard error, as `dump` does.
@Suite struct ConformProgressTests {
    @Test func conformIsolateShowsProgressOnATerminal() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let onTerminal = try shell("GRIDBENCH_PROGRESS_AFTER=0 script -qec \"$G conform --isolate --quick\" /dev/null", in: scratch.url)
        #expect(onTerminal.status == Exit.success, "\(onTerminal)")
        #expect(onTerminal.stdout.contains("\r\u{1B}[Kgridbench conform: case 1 of "), "\(onTerminal)")
        let offTerminal = try shell("GRIDBENCH_PROGRESS_AFTER=0 $G conform --isolate --quick", in: scratch.url)
        #expect(offTerminal.status == Exit.success, "\(offTerminal)")
        #expect(!offTerminal.stderr.contains("gridbench conform: case"), "\(offTerminal)")
    }
}
