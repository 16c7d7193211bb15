import Foundation
import GridHarness
import Testing

/// A plan of scale-100 alone, with its spec, trace and fixture, in a scratch directory.
func scale100Plan(in scratch: Scratch) throws -> String {
    var plan = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: GridBench.datasets.appendingPathComponent("plan.json"))) as? [String: Any])
    plan["runs"] = [["dataset": "scale-100", "traces": ["tour-120hz"]]]
    plan["canonical"] = ["dataset": "scale-100", "trace": "tour-120hz"]
    plan["scale"] = ["trace": "tour-120hz", "datasets": ["scale-100"]]
    plan["layouts"] = nil  // the other layouts' sections name data sets this plan leaves out
    try JSONSerialization.data(withJSONObject: plan).write(to: scratch.file("plan.json"))
    for path in ["specs/scale-100.json", "traces/scale-100/tour-120hz.json", "fixtures/replay/scale-100/tour-120hz.json"] {
        try scratch.copyDataset(path)
    }
    return scratch.path("plan.json")
}

@Suite struct FixturesCommandTests {
    @Test func verifyPassesThenFailsOnATamperedFixture() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let plan = try scale100Plan(in: scratch)
        let good = try GridBench.run(["fixtures", "verify", "--plan", plan])
        #expect(good.status == Exit.success, "\(good)")
        #expect(good.stderr.contains("verified scale-100/tour-120hz: 622 frames"), "\(good)")

        let fixture = scratch.file("fixtures/replay/scale-100/tour-120hz.json")
        try Tamper.frame(100, of: fixture)
        let bad = try GridBench.run(["fixtures", "verify", "--plan", plan])
        #expect(bad.status == Exit.fixtureMismatch, "\(bad)")
        #expect(bad.stderr.contains("\(fixture.path): frames[100]"), "\(bad)")
    }

    @Test func verifyRefusesAMissingOrStaleFixtureAsBadInput() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let plan = try scale100Plan(in: scratch)
        // A trace edited after its fixture was recorded: the fixture no longer applies.
        let traceURL = scratch.file("traces/scale-100/tour-120hz.json")
        var trace = try ScrollTrace.load(from: traceURL)
        trace.offsets[10].y += 1
        try trace.write(to: traceURL)
        let stale = try GridBench.run(["fixtures", "verify", "--plan", plan])
        #expect(stale.status == Exit.badInput, "\(stale)")
        #expect(stale.stderr.contains("traceDigest"), "\(stale)")

        try FileManager.default.removeItem(at: scratch.file("fixtures"))
        let missing = try GridBench.run(["fixtures", "verify", "--plan", plan])
        #expect(missing.status == Exit.badInput, "\(missing)")
        #expect(missing.stderr.contains("tour-120hz.json"), "\(missing)")
    }

    /// Recording writes what verifying then accepts, and what the bundled fixture holds.
    @Test func recordWritesTheBundledFixture() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let plan = try scale100Plan(in: scratch)
        try FileManager.default.removeItem(at: scratch.file("fixtures"))
        let record = try GridBench.run(["fixtures", "record", "--plan", plan])
        #expect(record.status == Exit.success, "\(record)")
        let written = try Data(contentsOf: scratch.file("fixtures/replay/scale-100/tour-120hz.json"))
        #expect(written == (try Data(contentsOf: GridBench.datasets.appendingPathComponent("fixtures/replay/scale-100/tour-120hz.json"))))
    }
}

@Suite struct ReportCommandTests {
    @Test func reportOverScale100() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let out = scratch.path("report")
        let result = try GridBench.run(["report", "--dataset", "scale-100", "--strategy", "on-demand"] + quickMeasure + ["--out", out])
        #expect(result.status == Exit.success, "\(result)")
        for file in ["results.json", "strategy-comparison.md", "strategy-comparison.html"] {
            #expect(scratch.exists("report/\(file)"), "no \(file)")
        }
        let charts = try FileManager.default.contentsOfDirectory(atPath: scratch.path("report/charts"))
        #expect(!charts.isEmpty && charts.allSatisfy { $0.hasSuffix(".svg") }, "\(charts)")
        let html = try scratch.text("report/strategy-comparison.html")
        // Self-contained: inline SVG, nothing fetched.
        #expect(html.contains("<svg"))
        for fetch in ["src=\"http", "href=\"http", "<link", "@import"] { #expect(!html.contains(fetch), "\(fetch)") }

        let document = try JSONDecoder().decode(ResultsDocument.self, from: Data(contentsOf: scratch.file("report/results.json")))
        #expect(document.schemaVersion == 1)
        // The scale series' tour, then its edits trace.
        #expect(document.runs.map(\.strategy) == ["on-demand", "on-demand"])
        #expect(document.runs.map(\.dataset) == ["scale-100", "scale-100"])
        #expect(document.runs.map(\.trace) == ["tour-120hz", "scale-edits-120hz"])
        #expect(document.runs.allSatisfy { $0.fixture == .pass && $0.passes == 1 && ($0.rebuildNanos ?? 0) > 0 })
        let markdown = try scratch.text("report/strategy-comparison.md")
        #expect(markdown.contains("## Scale series with edits (scale-edits-120hz)"), "\(markdown)")
        #expect(markdown.contains("| rebuild |"), "\(markdown)")

        // The summary table on standard output: header, rule, one row.
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let header = try #require(lines.firstIndex { $0.hasPrefix("data set") && $0.contains("strategy") && $0.contains("fixture") })
        #expect(lines[header + 1].allSatisfy { $0 == "-" || $0 == " " })
        let row = lines[header + 2]
        for cell in ["scale-100", "tour-120hz", "on-demand", "pass"] { #expect(row.contains(cell), "\(row)") }
        // Progress (one line per run, not a terminal) on standard error.
        #expect(result.stderr.contains("[1/2] scale-100 · tour-120hz · on-demand"), "\(result)")
        #expect(result.stderr.contains("[2/2] scale-100 · scale-edits-120hz · on-demand"), "\(result)")
    }

    @Test func repeatedReportsSayHowOftenEachRecommendationCameOut() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let result = try GridBench.run(
            ["report", "--dataset", "scale-100", "--dataset", "scale-1000", "--strategy", "cached", "--strategy", "on-demand",
             "--min-passes", "2", "--max-passes", "2", "--target-seconds", "0", "--no-memory", "--no-instructions",
             "--repeat", "2", "--out", scratch.path("r")])
        #expect(result.status == Exit.success, "\(result)")
        #expect(result.stderr.contains("run 1 of 2") && result.stderr.contains("run 2 of 2"), "\(result)")
        let markdown = try scratch.text("r/strategy-comparison.md")
        #expect(markdown.contains("Reproducibility: the whole plan was run 2 times; the recommendation came out "), "\(markdown)")
        // Two passes each, interleaved, in two processes (the default three, held to the
        // most passes): every run carries both pass medians, whose process measured them,
        // and an interval.
        let document = try JSONDecoder().decode(ResultsDocument.self, from: Data(contentsOf: scratch.file("r/results.json")))
        #expect(document.runs.count == 8)  // 2 data sets × 2 traces (tour, edits) × 2 strategies
        #expect(document.runs.allSatisfy { $0.passMediansNanos?.count == 2 && $0.frameNanosP50Interval != nil })
        #expect(document.runs.allSatisfy { $0.passesPerProcess == [1, 1] && $0.passMidmeansNanos?.count == 2 })
        #expect(document.environment["processes"] == "2")
        #expect(result.stderr.contains("measuring process 2 of 2"), "\(result)")
        #expect(document.environment["tieBreak"] == "not counted (--no-instructions)")

        let zero = try GridBench.run(["report", "--dataset", "scale-100", "--repeat", "0", "--out", scratch.path("z")])
        #expect(zero.status == Exit.usage, "\(zero)")
        #expect(zero.stderr.contains("--repeat must be at least 1"), "\(zero)")
        let none = try GridBench.run(["report", "--dataset", "scale-100", "--processes", "0", "--out", scratch.path("z")])
        #expect(none.status == Exit.usage, "\(none)")
        #expect(none.stderr.contains("--processes must be from 1 to 64, not 0"), "\(none)")
        #expect(!scratch.exists("z"))
    }

    /// The committed results, re-rendered over the bundled plan: every layout's section of
    /// the page embeds each chart its part of the Markdown links (the defect: four layouts'
    /// sections were bare headings).
    @Test func thePageEmbedsEveryLayoutsCharts() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let results = GridBench.root.appendingPathComponent("reports/results.json").path
        let rendered = try GridBench.run(["report", "--from-results", results, "--out", scratch.path("r")])
        #expect(rendered.status == Exit.success, "\(rendered)")
        let markdown = try scratch.text("r/strategy-comparison.md"), html = try scratch.text("r/strategy-comparison.html")

        // Each layout's part of the Markdown starts with its heading; the page's sections
        // carry the layout's name.
        let layouts = ["tile-grid", "data-grid", "columnar-grouped", "waterfall", "span-grid"]
        let markdownParts = markdown.components(separatedBy: "\n# Strategy comparison: ")
        let htmlParts = html.components(separatedBy: "<section class=\"layout\"").dropFirst()
        #expect(htmlParts.count == layouts.count)
        for layout in layouts {
            let part = try #require(markdownParts.first { $0.hasPrefix(layout + "\n") || $0.hasPrefix("# Strategy comparison: " + layout + "\n") })
            let linked = part.components(separatedBy: "](charts/").dropFirst().map { "charts/" + ($0.components(separatedBy: ")").first ?? "") }
            let section = try #require(htmlParts.first { $0.contains("data-layout=\"\(layout)\"") }, "no section for \(layout)")
            let figures = section.components(separatedBy: "<figure").dropFirst().map { $0.components(separatedBy: "</figure>")[0] }
            let embedded = figures.filter { $0.contains("<svg") }.compactMap { figure in
                figure.components(separatedBy: "data-chart=\"").dropFirst().first?.components(separatedBy: "\"").first
            }
            // The first layout's charts keep their plain names; the others carry the layout's.
            let prefix = layout == "tile-grid" ? "" : layout + "-"
            #expect(linked == ["distribution", "scale-p50", "scale-p99", "memory", "timeline"].map { "charts/\(prefix)\($0).svg" }, "\(layout)")
            #expect(embedded == linked, "\(layout): the Markdown links \(linked.count) charts \(linked), the page embeds \(embedded.count) \(embedded)")
        }
    }

    /// The terminal summary and the page list every run of the committed results whose p99
    /// or worst frame is over one frame at its refresh rate, or whose fixture failed, worked
    /// out here from the results file itself; each of the page's alerts links to a row.
    @Test func alertsListEveryRunOverTheFrameBudget() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let results = GridBench.root.appendingPathComponent("reports/results.json")
        let rendered = try GridBench.run(["report", "--from-results", results.path, "--out", scratch.path("r")])
        #expect(rendered.status == Exit.success, "\(rendered)")

        let document = try JSONDecoder().decode(ResultsDocument.self, from: Data(contentsOf: results))
        let expected = document.runs.filter { run in
            let budget = 1e9 / Double(run.refreshHz)
            return run.frameNanos.p99 > budget || run.frameNanos.max > budget || run.fixture == .fail
        }.map { run in
            "\(run.layout) · \(run.dataset) / \(run.trace) / " + (run.adaptiveChoice.map { "\(run.strategy) (→ \($0))" } ?? run.strategy)
        }
        #expect(!expected.isEmpty)
        let lines = rendered.stdout.split(separator: "\n").map(String.init)
        let heading = try #require(lines.firstIndex { $0.hasPrefix("Alerts: ") }, "\(rendered.stdout)")
        #expect(lines[heading].hasPrefix("Alerts: \(expected.count) runs with a frame over the frame budget"))
        let listed = lines[(heading + 1)...].prefix { $0.hasPrefix("  ") }.map { $0.dropFirst(2).components(separatedBy: ": ")[0] }
        #expect(Set(listed) == Set(expected) && listed.count == expected.count, "\(listed)")

        let html = try scratch.text("r/strategy-comparison.html")
        let alerts = try #require(html.components(separatedBy: "<h2 id=\"alerts\">").dropFirst().first?.components(separatedBy: "</section>").first)
        let links = alerts.components(separatedBy: "<a href=\"#").dropFirst().map { $0.components(separatedBy: "\"")[0] }
        #expect(links.count == expected.count)
        for anchor in links {
            #expect(html.components(separatedBy: "<tr id=\"\(anchor)\"").count == 2, "\(anchor) is not exactly one row")
        }
    }

    /// The quick start writes where generated files belong, and leaves the checkout clean:
    /// without --out, into reports/latest/ under the working directory, which git ignores;
    /// the reference report in reports/ is not touched.
    @Test func theDefaultOutputIsReportsLatestWhichGitIgnores() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let results = GridBench.root.appendingPathComponent("reports/results.json").path
        let plan = GridBench.datasets.appendingPathComponent("plan.json").path
        let rendered = try GridBench.run(["report", "--plan", plan, "--from-results", results], in: scratch.url)
        #expect(rendered.status == Exit.success, "\(rendered)")
        for file in ["strategy-comparison.html", "strategy-comparison.md", "charts/distribution.svg"] {
            #expect(scratch.exists("reports/latest/\(file)"), "no reports/latest/\(file)")
        }
        #expect(!scratch.exists("reports/strategy-comparison.html"))
        #expect(rendered.stderr.contains("report files in \(scratch.path("reports/latest"))."), "\(rendered)")

        // git, where there is a checkout, ignores what was written there.
        guard FileManager.default.fileExists(atPath: GridBench.root.appendingPathComponent(".git").path) else { return }
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "-C", GridBench.root.path, "check-ignore", "-q", "reports/latest/charts/memory.svg"]
        git.standardOutput = FileHandle.nullDevice
        git.standardError = FileHandle.nullDevice
        try git.run()
        git.waitUntilExit()
        #expect(git.terminationStatus == 0, "git does not ignore reports/latest/")
    }

    @Test func reportRefusesUnknownNames() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dataset = try GridBench.run(["report", "--dataset", "scale-7"] + quickMeasure + ["--out", scratch.path("r")])
        #expect(dataset.status == Exit.badInput, "\(dataset)")
        #expect(dataset.stderr.contains("runs = no data set \"scale-7\""), "\(dataset)")
        let strategy = try GridBench.run(["report", "--dataset", "scale-100", "--strategy", "fastest"] + quickMeasure + ["--out", scratch.path("r")])
        #expect(strategy.status == Exit.badInput, "\(strategy)")
        #expect(strategy.stderr.contains("strategy = fastest"), "\(strategy)")
        #expect(!scratch.exists("r"))
    }
}

/// `report --shard i/n` in separate processes, then `report merge`: for n = 1, 2, 3 and more
/// shares than groups, the merge has the unsharded run's runs in its order with the same
/// fixture verdicts, and renders exactly what `report --from-results` renders for the merged
/// results; a missing, duplicated or mismatched share is refused with exit 2.
@Suite struct ReportShardCommandTests {
    static let selection = [
        "--dataset", "scale-100", "--dataset", "scale-1000", "--strategy", "cached", "--strategy", "on-demand",
        "--min-passes", "1", "--max-passes", "2", "--target-seconds", "0.05", "--no-memory", "--no-instructions",
    ]

    static func document(_ scratch: Scratch, _ directory: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: scratch.file("\(directory)/results.json"))) as? [String: Any])
    }

    /// Each run's data set, trace, strategy and fixture verdict, in order.
    static func keys(_ document: [String: Any]) throws -> [String] {
        let runs = try #require(document["runs"] as? [[String: Any]])
        return runs.map { run in ["dataset", "trace", "strategy", "fixture"].map { "\(run[$0] ?? "-")" }.joined(separator: " · ") }
    }

    @Test func sharesMergeIntoTheUnshardedReport() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        // The groups (data set × trace, both strategies each) and their frames, from the
        // bundled traces: costs 2 × 622, 2 × 373, 2 × 261, 2 × 373 = 1244, 746, 522, 746.
        var frames: [Int] = []
        for path in ["scale-100/tour-120hz", "scale-100/scale-edits-120hz", "scale-1000/tour-120hz", "scale-1000/scale-edits-120hz"] {
            let trace = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: GridBench.datasets.appendingPathComponent("traces/\(path).json"))) as? [String: Any])
            frames.append(try #require(trace["offsets"] as? [Any]).count)
        }
        #expect(frames == [622, 373, 261, 373])
        // Costliest first to the least-loaded share (ties to the lower share):
        // n = 2: 1244 → 1; 746 → 2; 746 → 2 (1492); 522 → 1 (1766).
        // n = 3: 1244 → 1; 746 → 2; 746 → 3; 522 → 2.  n = 5: one group each, share 5 empty.
        let expected: [Int: [[Int]]] = [
            1: [Array(0 ..< 8)],
            2: [[0, 1, 4, 5], [2, 3, 6, 7]],
            3: [[0, 1], [2, 3, 4, 5], [6, 7]],
            5: [[0, 1], [2, 3], [6, 7], [4, 5], []],
        ]

        let whole = try GridBench.run(["report"] + Self.selection + ["--out", scratch.path("whole")])
        #expect(whole.status == Exit.success, "\(whole)")
        let wholeKeys = try Self.keys(Self.document(scratch, "whole"))
        #expect(wholeKeys.count == 8 && wholeKeys.allSatisfy { $0.hasSuffix(" · pass") }, "\(wholeKeys)")

        for (count, shares) in expected.sorted(by: { $0.key < $1.key }) {
            var directories: [String] = []
            for index in 1 ... count {
                let directory = "n\(count)-s\(index)"
                let result = try GridBench.run(["report", "--shard", "\(index)/\(count)"] + Self.selection + ["--out", scratch.path(directory)])
                #expect(result.status == Exit.success, "\(result)")
                let document = try Self.document(scratch, directory)
                let shard = try #require(document["shard"] as? [String: Any])
                #expect(shard["index"] as? Int == index && shard["count"] as? Int == count && shard["totalRuns"] as? Int == 8, "\(shard)")
                #expect(shard["positions"] as? [Int] == shares[index - 1], "\(count) shares, share \(index): \(shard)")
                #expect((shard["toolchain"] as? String)?.contains("Swift version") == true, "\(shard)")
                #expect(try Self.keys(document) == shares[index - 1].map { wholeKeys[$0] })
                // A partial result, no reports.
                #expect(!scratch.exists("\(directory)/strategy-comparison.md"))
                directories.append(scratch.path(directory))
            }
            // The shares in any order.
            let merged = "merged-\(count)"
            let merge = try GridBench.run(["report", "merge"] + directories.reversed() + ["--no-instructions", "--out", scratch.path(merged)])
            #expect(merge.status == Exit.success, "\(merge)")
            let document = try Self.document(scratch, merged)
            #expect(document["shard"] == nil)
            #expect(try Self.keys(document) == wholeKeys, "\(count) shares")
            // Merge renders what --from-results renders for the merged results.
            let rendered = "rendered-\(count)"
            let fromResults = try GridBench.run(["report", "--from-results", scratch.path("\(merged)/results.json"), "--out", scratch.path(rendered)])
            #expect(fromResults.status == Exit.success, "\(fromResults)")
            for file in ["strategy-comparison.md", "strategy-comparison.html"] {
                #expect(try scratch.text("\(merged)/\(file)") == scratch.text("\(rendered)/\(file)"), "\(count) shares: \(file)")
            }
            #expect(merge.stdout == fromResults.stdout, "\(count) shares")
        }

        // Refusals: exit 2 naming the file and field, nothing written.
        func refused(_ parts: [String], _ needles: [String], environment: [String: String] = [:]) throws {
            let result = try GridBench.run(["report", "merge"] + parts.map(scratch.path) + ["--no-instructions", "--out", scratch.path("refused")])
            #expect(result.status == Exit.badInput, "\(parts): \(result)")
            for needle in needles { #expect(result.stderr.contains(needle), "\(parts): \(needle): \(result)") }
            #expect(!scratch.exists("refused"))
        }
        try refused(["n2-s1"], ["(arguments): DIR", "share 2/2 is missing"])
        try refused(["n2-s1", "n2-s2", "n2-s1"], ["\(scratch.path("n2-s1/results.json")): shard.index = 1", "duplicated share"])
        try refused(["n2-s1", "n3-s2", "n3-s3"], ["\(scratch.path("n3-s2/results.json")): shard.count = 3"])
        try refused(["n2-s1", "whole"], ["\(scratch.path("whole/results.json")): shard = missing"])
        try refused(["n2-s1", "nowhere"], ["\(scratch.path("nowhere/results.json"))"])

        let otherSelection = try GridBench.run(
            ["report", "--shard", "2/2", "--dataset", "scale-100", "--strategy", "on-demand"] + quickMeasure + ["--no-instructions", "--out", scratch.path("other-plan")])
        #expect(otherSelection.status == Exit.success, "\(otherSelection)")
        try refused(["n2-s1", "other-plan"], ["\(scratch.path("other-plan/results.json")): shard.planDigest"])

        let otherCommit = try GridBench.run(
            ["report", "--shard", "2/2"] + Self.selection + ["--out", scratch.path("other-commit")], environment: ["GRIDBENCH_COMMIT": "fedcba0987654321"])
        #expect(otherCommit.status == Exit.success, "\(otherCommit)")
        #expect(try #require(try Self.document(scratch, "other-commit")["shard"] as? [String: Any])["commit"] as? String == "fedcba0987654321")
        try refused(["n2-s1", "other-commit"], ["\(scratch.path("other-commit/results.json")): shard.commit = \"fedcba0987654321\""])

        // Another toolchain: share 2/2 as another toolchain would have recorded it.
        var tampered = try Self.document(scratch, "n2-s2")
        var shard = try #require(tampered["shard"] as? [String: Any])
        shard["toolchain"] = "Swift version 6.2 (swift-6.2-RELEASE)"
        tampered["shard"] = shard
        try FileManager.default.createDirectory(at: scratch.file("other-toolchain"), withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: tampered).write(to: scratch.file("other-toolchain/results.json"))
        try refused(["n2-s1", "other-toolchain"], ["\(scratch.path("other-toolchain/results.json")): shard.toolchain = \"Swift version 6.2"])
    }

    @Test(arguments: [
        ["--shard", "3/2"], ["--shard", "0/2"], ["--shard", "two"], ["--shard", "1/2", "--repeat", "2"],
        ["--shard", "1/2", "--from-results", "x.json"],
    ])
    func badShardsAreUsageErrors(arguments: [String]) throws {
        let result = try GridBench.run(["report", "--dataset", "scale-100"] + arguments + ["--out", "/nonexistent/never"])
        #expect(result.status == Exit.usage, "\(result)")
        #expect(result.stderr.contains("--shard"), "\(result)")
    }

    @Test func mergeTakesNoSelection() throws {
        let result = try GridBench.run(["report", "merge", "a", "b", "--dataset", "scale-100", "--out", "/nonexistent/never"])
        #expect(result.status == Exit.usage, "\(result)")
    }
}
