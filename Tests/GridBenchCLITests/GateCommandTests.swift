import Foundation
import Testing

/// `gridbench gate` and a third party's gate tool (`gridbench-gate-planted`, built for these
/// tests), through the built binaries: exit codes, messages, files.
///
/// Nothing here is timed. Instruction and allocation counts are deterministic, so the tests
/// assert them; the tests that need valgrind are skipped, saying so, where it is not
/// installed (CI installs it, so they run there).
@Suite struct GateCommandTests {
    static let valgrindInstalled: Bool = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/valgrind") }
    }()
    /// `gate check`'s exit code for a regression.
    static let regression: Int32 = 1
    static let skipMessage: Comment = "valgrind is not installed: `apt-get install -y valgrind` (CI installs it)"

    /// A scratch directory with a tiny spec (8 sections of 31), a 24-frame trace (an insert
    /// at frame 20, a rotation at 22) and a plan over them.
    static func workspace(layout: String = "tile-grid", extraWork: Int? = nil, entry: String = #""strategies": ["on-demand"], "prepare": true"#) throws -> Scratch {
        let scratch = try Scratch()
        try writeSpec(scratch, layout: layout, extraWork: extraWork)
        let offsets = (0 ..< 24).map { String(Double($0) * 7.5) }.joined(separator: ", ")
        try scratch.write(
            #"{"schemaVersion": 1, "refreshHz": 120, "viewport": {"width": 320, "height": 480}, "offsets": [\#(offsets)], "#
                + #""events": [{"frame": 20, "type": "insert-items", "section": 1, "item": 0, "count": 2}, {"frame": 22, "type": "resize", "width": 480, "height": 320}]}"#,
            to: "trace.json")
        try scratch.write(#"{"schemaVersion": 1, "entries": [{"spec": "spec.json", \#(entry)}]}"#, to: "plan.json")
        return scratch
    }

    static func writeSpec(_ scratch: Scratch, layout: String = "tile-grid", extraWork: Int?) throws {
        let extra = extraWork.map { #", "extraWork": \#($0)"# } ?? ""
        try scratch.write(
            #"{"schemaVersion": 1, "layout": "\#(layout)", "name": "tiny", "container": {"width": 320, "height": 480}, "sections": {"count": 8, "items": 31}\#(extra)}"#,
            to: "spec.json")
    }

    static func gate(
        _ scratch: Scratch, _ arguments: [String], tool: String = "gridbench", environment: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> CommandResult {
        let prefix = tool == "gridbench" ? ["gate"] : []
        return try GridBench.run(prefix + arguments.map { $0.replacingOccurrences(of: "SCRATCH/", with: scratch.url.path + "/") },
                                 executable: tool, environment: environment, sourceLocation: sourceLocation)
    }

    static func json(_ scratch: Scratch, _ name: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: scratch.file(name))) as? [String: Any])
    }

    /// Rewrites `baseline.json` through `edit`, which may change its `environment` and
    /// each of its `workloads` as dictionaries.
    static func editBaseline(
        _ scratch: Scratch, _ edit: (_ baseline: inout [String: Any], _ environment: inout [String: Any], _ workloads: inout [[String: Any]]) -> Void
    ) throws {
        var baseline = try json(scratch, "baseline.json")
        var environment = try #require(baseline["environment"] as? [String: Any])
        var workloads = try #require(baseline["workloads"] as? [[String: Any]])
        edit(&baseline, &environment, &workloads)
        baseline["environment"] = environment
        baseline["workloads"] = workloads
        try JSONSerialization.data(withJSONObject: baseline).write(to: scratch.file("baseline.json"))
    }

    /// A clock-mode baseline of the tiny plan: recorded without valgrind, in a moment.
    static func clockBaseline(_ scratch: Scratch) throws {
        let result = try gate(scratch, ["record", "--clock", "--runs", "1", "--samples", "2", "--plan", "SCRATCH/plan.json", "--out", "SCRATCH/baseline.json"])
        try #require(result.status == Exit.success, "\(result)")
    }

    // MARK: Bad baselines: exit 2, naming the file and the problem

    @Test func missingCorruptTruncatedOrOtherVersion() throws {
        let scratch = try Self.workspace()
        defer { scratch.remove() }
        try Self.clockBaseline(scratch)
        let good = try scratch.text("baseline.json")
        let cases: [(String?, String)] = [
            (nil, "(file) = missing"),
            ("", "(document) = empty"),
            ("{not json", "truncated or corrupt"),
            (String(good.prefix(good.count / 2)), "truncated or corrupt"),
            (good.replacingOccurrences(of: #""schemaVersion" : 1"#, with: #""schemaVersion" : 9"#), "schemaVersion = 9"),
        ]
        for (text, problem) in cases {
            let path = scratch.path("bad.json")
            try? FileManager.default.removeItem(atPath: path)
            if let text { try scratch.write(text, to: "bad.json") }
            let result = try Self.gate(scratch, ["check", "--clock", "--plan", "SCRATCH/plan.json", "--baseline", "SCRATCH/bad.json"])
            #expect(result.status == Exit.badInput, "\(result)")
            #expect(result.stderr.contains("\(path): "), "\(result)")
            #expect(result.stderr.contains(problem), "\(result)")
            #expect(result.stderr.contains("record --plan \(scratch.path("plan.json")) --clock --out \(path)"), "says how to record one: \(result)")
        }
    }

    /// Another toolchain, architecture or build: exit 2, naming the field, both values and
    /// how to re-record.
    @Test(arguments: ["toolchain", "arch", "build"])
    func otherEnvironment(field: String) throws {
        let scratch = try Self.workspace()
        defer { scratch.remove() }
        try Self.clockBaseline(scratch)
        try Self.editBaseline(scratch) { _, environment, _ in environment[field] = "elsewhere-1.0" }
        let result = try Self.gate(scratch, ["check", "--clock", "--plan", "SCRATCH/plan.json", "--baseline", "SCRATCH/baseline.json"])
        #expect(result.status == Exit.badInput, "\(result)")
        #expect(result.stderr.contains("\(scratch.path("baseline.json")): environment.\(field) = \"elsewhere-1.0\""), "\(result)")
        #expect(result.stderr.contains("re-record the baseline on this machine kind"), "\(result)")
    }

    /// Another valgrind: exit 2 naming it (or, where valgrind is missing, saying so).
    @Test func otherValgrind() throws {
        let scratch = try Self.workspace()
        defer { scratch.remove() }
        try Self.clockBaseline(scratch)
        try Self.editBaseline(scratch) { baseline, environment, workloads in
            baseline["mode"] = "instructions"
            environment["valgrind"] = "valgrind-3.1.0"
            for index in workloads.indices { workloads[index]["figures"] = ["instructions": 1000, "allocations": 1, "allocatedBytes": 16] }
        }
        let result = try Self.gate(scratch, ["check", "--plan", "SCRATCH/plan.json", "--baseline", "SCRATCH/baseline.json"])
        #expect(result.status == Exit.badInput, "\(result)")
        let problem = Self.valgrindInstalled ? "environment.valgrind = \"valgrind-3.1.0\"" : "valgrind is not installed"
        #expect(result.stderr.contains(problem), "\(result)")
    }

    /// A plan workload the baseline lacks, one it has that the plan lacks, or one defined
    /// otherwise: exit 2, naming it.
    @Test func workloadsMustMatch() throws {
        let scratch = try Self.workspace()
        defer { scratch.remove() }
        try Self.clockBaseline(scratch)
        let check = ["check", "--clock", "--plan", "SCRATCH/plan.json", "--baseline", "SCRATCH/baseline.json"]
        try scratch.write(#"{"schemaVersion": 1, "entries": [{"spec": "spec.json", "strategies": ["on-demand", "cached"], "prepare": true}]}"#, to: "plan.json")
        var result = try Self.gate(scratch, check)
        #expect(result.status == Exit.badInput, "\(result)")
        #expect(result.stderr.contains(#"(workloads) = "tile-grid/tiny/cached/prepare": expected a workload the baseline"#), "\(result)")
        #expect(result.stderr.contains("unknown workload"), "\(result)")

        try scratch.write(#"{"schemaVersion": 1, "entries": [{"spec": "spec.json", "strategies": ["on-demand"], "scroll": {"trace": "trace.json", "frames": 4}}]}"#, to: "plan.json")
        result = try Self.gate(scratch, check)
        #expect(result.status == Exit.badInput, "\(result)")

        try scratch.write(#"{"schemaVersion": 1, "entries": [{"spec": "spec.json", "strategies": ["on-demand"], "prepare": true}]}"#, to: "plan.json")
        try Self.editBaseline(scratch) { _, _, workloads in workloads[0]["definition"] = "prepare something else" }
        result = try Self.gate(scratch, check)
        #expect(result.status == Exit.badInput, "\(result)")
        #expect(result.stderr.contains(#"workloads["tile-grid/tiny/on-demand/prepare"].definition = "prepare something else""#), "\(result)")
    }

    /// A clock baseline is not checked without --clock, nor the other way round.
    @Test func modesMustMatch() throws {
        let scratch = try Self.workspace()
        defer { scratch.remove() }
        try Self.clockBaseline(scratch)
        let result = try Self.gate(scratch, ["check", "--plan", "SCRATCH/plan.json", "--baseline", "SCRATCH/baseline.json"])
        #expect(result.status == Exit.badInput, "\(result)")
        #expect(result.stderr.contains("mode = clock: expected an instruction-count baseline: check a clock baseline with --clock"), "\(result)")
    }

    /// Clock mode records samples and checks them with the U test. Its verdict depends on
    /// the machine's noise, so only the shape of the output is asserted.
    @Test func clockMode() throws {
        let scratch = try Self.workspace()
        defer { scratch.remove() }
        try Self.clockBaseline(scratch)
        let baseline = try Self.json(scratch, "baseline.json")
        #expect(baseline["mode"] as? String == "clock")
        let result = try Self.gate(scratch, ["check", "--clock", "--runs", "1", "--samples", "3", "--plan", "SCRATCH/plan.json", "--baseline", "SCRATCH/baseline.json", "--json", "SCRATCH/check.json"])
        #expect([Exit.success, Self.regression].contains(result.status), "\(result)")
        let rows = try #require(try Self.json(scratch, "check.json")["rows"] as? [[String: Any]])
        #expect(rows.contains { $0["metric"] as? String == "clock" && $0["pValue"] is Double })
    }

    /// A record killed half-way leaves the previous baseline as it was, and nothing beside it.
    @Test func killedRecordLeavesTheOldBaseline() throws {
        let scratch = try Self.workspace()
        defer { scratch.remove() }
        try scratch.write("previous baseline\n", to: "out/baseline.json")
        let process = Process()
        process.executableURL = try GridBench.binary()
        process.arguments = ["gate", "record", "--clock", "--runs", "100000", "--samples", "2", "--plan", scratch.path("plan.json"), "--out", scratch.path("out/baseline.json")]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until it has measured something (its children come and go), then kill it.
        Thread.sleep(forTimeInterval: 1.5)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(try scratch.text("out/baseline.json") == "previous baseline\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("out")) == ["baseline.json"])
    }

    // MARK: Under callgrind

    /// An unchanged run passes with the same counts: a workload recorded over 20 runs (all
    /// identical, or the record refuses), then checked.
    @Test(.enabled(if: valgrindInstalled, skipMessage))
    func unchangedRunsGiveIdenticalCounts() throws {
        let scratch = try Self.workspace()
        defer { scratch.remove() }
        let record = try Self.gate(scratch, ["record", "--runs", "20", "--plan", "SCRATCH/plan.json", "--out", "SCRATCH/baseline.json"])
        #expect(record.status == Exit.success, "\(record)")
        #expect(record.stdout.contains("1 workload, 20 runs each with identical counts"), "\(record)")
        #expect(record.stderr.contains("tile-grid/tiny/on-demand/prepare"), "\(record)")
        let baseline = try Self.json(scratch, "baseline.json")
        #expect(baseline["runs"] as? Int == 20)
        let environment = try #require(baseline["environment"] as? [String: String])
        #expect(environment["valgrind"]?.hasPrefix("valgrind-") == true)
        #expect(environment["toolchain"]?.contains("Swift") == true)

        let check = try Self.gate(scratch, ["check", "--plan", "SCRATCH/plan.json", "--baseline", "SCRATCH/baseline.json", "--json", "SCRATCH/check.json", "--markdown", "SCRATCH/check.md"])
        #expect(check.status == Exit.success, "\(check)")
        #expect(check.stdout == "gate: pass, 1 workload, 4 figures, every figure as in the baseline\n", "\(check)")
        let document = try Self.json(scratch, "check.json")
        #expect(document["schemaVersion"] as? Int == 1)
        #expect(document["verdict"] as? String == "pass")
        let rows = try #require(document["rows"] as? [[String: Any]])
        #expect(rows.count == 4)
        #expect(rows.allSatisfy { $0["verdict"] as? String == "unchanged" })
        let figures = try #require((baseline["workloads"] as? [[String: Any]])?.first?["figures"] as? [String: Int])
        let now = try #require((document["workloads"] as? [[String: Any]])?.first?["figures"] as? [String: Int])
        #expect(figures == now)
        #expect(try scratch.text("check.md").hasPrefix("### Performance gate: pass\n"))
    }

    /// A regression planted in a layout's rect query (about 2.5 % of a frame's
    /// instructions) fails the check, naming the scroll workload and nothing else; half a
    /// percent passes within the threshold; and taking planted work away is an improvement
    /// that passes and says how to update the baseline.
    @Test(.enabled(if: valgrindInstalled, skipMessage))
    func plantedRegressionIsCaught() throws {
        let scratch = try Self.workspace(
            layout: "tile-grid-planted", extraWork: 0,
            entry: #""strategies": ["on-demand"], "prepare": true, "scroll": {"trace": "trace.json", "start": 1, "frames": 16}"#)
        defer { scratch.remove() }
        let tool = "gridbench-gate-planted"
        let scroll = "tile-grid-planted/tiny/on-demand/scroll"
        func perFrame(_ name: String) throws -> Double {
            let workloads = try #require(try Self.json(scratch, name)["workloads"] as? [[String: Any]])
            let figures = try #require(workloads.first { $0["id"] as? String == scroll }?["figures"] as? [String: Any])
            return try #require(figures["instructionsPerFrame"] as? Double)
        }
        func record(_ extraWork: Int, to name: String) throws {
            try Self.writeSpec(scratch, layout: "tile-grid-planted", extraWork: extraWork)
            let result = try Self.gate(scratch, ["record", "--runs", "1", "--plan", "SCRATCH/plan.json", "--out", "SCRATCH/\(name)"], tool: tool)
            try #require(result.status == Exit.success, "\(result)")
        }
        func check(_ extraWork: Int, against name: String, _ more: [String] = []) throws -> CommandResult {
            try Self.writeSpec(scratch, layout: "tile-grid-planted", extraWork: extraWork)
            return try Self.gate(scratch, ["check", "--plan", "SCRATCH/plan.json", "--baseline", "SCRATCH/\(name)", "--json", "SCRATCH/check.json"] + more, tool: tool)
        }

        // Calibrate: what one round of planted work costs a frame, in this build.
        try record(0, to: "baseline.json")
        try record(1000, to: "heavy.json")
        let frame = try perFrame("baseline.json")
        let round = (try perFrame("heavy.json") - frame) / 1000
        try #require(round > 0)
        let regression = Int((0.025 * frame / round).rounded(.up))

        let failed = try check(regression, against: "baseline.json", ["--explain", "SCRATCH/explain", "--markdown", "SCRATCH/check.md"])
        #expect(failed.status == Self.regression, "\(failed)")
        #expect(failed.stdout.hasPrefix("gate: FAIL, 1 regression: \(scroll) instructions/frame +"), "\(failed)")
        #expect(failed.stderr.contains("regression: \(scroll) instructions/frame"), "\(failed)")
        let rows = try #require(try Self.json(scratch, "check.json")["rows"] as? [[String: Any]])
        let regressed = rows.filter { $0["verdict"] as? String == "regression" }
        #expect(regressed.map { $0["workload"] as? String } == [scroll])
        let change = try #require(regressed.first?["change"] as? Double)
        #expect(change > 0.02 && change < 0.035, "planted about 2.5 %, measured \(change)")
        #expect(rows.filter { ($0["workload"] as? String)?.hasSuffix("/prepare") == true }.allSatisfy { $0["verdict"] as? String == "unchanged" })

        // Why it moved: the planted function tops the explanation, and its change is the
        // whole change of the workload's count (nothing else was planted).
        let explanations = try #require(try Self.json(scratch, "check.json")["explanations"] as? [[String: Any]])
        #expect(explanations.map { $0["workload"] as? String } == [scroll])
        let functions = try #require(explanations.first?["functions"] as? [[String: Any]])
        let top = try #require(functions.first)
        #expect((top["symbol"] as? String)?.contains("PlantedTileGrid") == true, "\(functions)")
        #expect((top["name"] as? String)?.contains("PlantedTileGrid") == true, "\(functions)")
        func total(_ document: [String: Any]) throws -> Int {
            let workloads = try #require(document["workloads"] as? [[String: Any]])
            let figures = try #require(workloads.first { $0["id"] as? String == scroll }?["figures"] as? [String: Any])
            return try #require(figures["instructions"] as? Int)
        }
        let before = try total(try Self.json(scratch, "baseline.json")), now = try total(try Self.json(scratch, "check.json"))
        #expect(top["change"] as? Int == now - before, "\(functions)")
        #expect(top["now"] as? Int == (top["before"] as? Int).map { $0 + now - before })
        let markdown = try scratch.text("check.md")
        #expect(markdown.contains("#### Why \(scroll) moved"), "\(markdown)")
        #expect(markdown.contains("| `\(top["name"] as? String ?? "?")` |"), "\(markdown)")
        let profiles = try FileManager.default.contentsOfDirectory(atPath: scratch.path("explain"))
        #expect(profiles == ["callgrind.out.tile-grid-planted_tiny_on-demand_scroll"])
        let profile = try scratch.text("explain/\(profiles.first ?? "")")
        #expect(profile.contains("PlantedTileGrid") && profile.contains("totals:"))
        let kept = try #require(try Self.json(scratch, "baseline.json")["workloads"] as? [[String: Any]])
        #expect(kept.allSatisfy { (1 ... 20).contains(($0["functions"] as? [Any])?.count ?? 0) }, "every workload keeps its top functions, at most 20")

        let small = try check(regression / 5, against: "baseline.json")
        #expect(small.status == Exit.success, "\(small)")
        #expect(small.stdout.contains("1 changed within thresholds"), "\(small)")

        let improved = try check(0, against: "heavy.json")
        #expect(improved.status == Exit.success, "\(improved)")
        #expect(improved.stdout.contains("improved beyond the threshold: update the baseline with `.build/release/\(tool) record --plan \(scratch.path("plan.json")) --out \(scratch.path("heavy.json"))`"), "\(improved)")
    }

    /// `check --history` twice through a third party's tool (the second run with planted
    /// work), a corrupt file dropped into the history, then `trend`: one step, at the second
    /// commit, and the corrupt file named and skipped.
    @Test(.enabled(if: valgrindInstalled, skipMessage))
    func historyThenTrend() throws {
        let scratch = try Self.workspace(
            layout: "tile-grid-planted", extraWork: 0,
            entry: #""strategies": ["on-demand"], "prepare": true, "scroll": {"trace": "trace.json", "start": 1, "frames": 16}"#)
        defer { scratch.remove() }
        let tool = "gridbench-gate-planted"
        let scroll = "tile-grid-planted/tiny/on-demand/scroll"
        let recorded = try Self.gate(scratch, ["record", "--runs", "1", "--plan", "SCRATCH/plan.json", "--out", "SCRATCH/baseline.json"], tool: tool)
        try #require(recorded.status == Exit.success, "\(recorded)")
        let commits = [String(repeating: "a", count: 40), String(repeating: "b", count: 40)]
        for (index, extraWork) in [0, 1000].enumerated() {
            try Self.writeSpec(scratch, layout: "tile-grid-planted", extraWork: extraWork)
            let checked = try Self.gate(
                scratch, ["check", "--plan", "SCRATCH/plan.json", "--baseline", "SCRATCH/baseline.json", "--json", "SCRATCH/check\(index).json",
                          "--history", "SCRATCH/history"],
                tool: tool, environment: ["GRIDBENCH_COMMIT": commits[index]])
            #expect(checked.status == (extraWork == 0 ? Exit.success : Self.regression), "\(checked)")
            #expect(checked.stderr.contains("history: wrote \(scratch.path("history"))/run-"), "\(checked)")
        }
        // Each run file holds what its check measured, with its commit.
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.path("history")).sorted()
        try #require(files.count == 2, "\(files)")
        var instructions: [Int] = []
        for index in 0 ..< 2 {
            let checked = try #require(try Self.json(scratch, "check\(index).json")["workloads"] as? [[String: Any]])
            let run = try #require(try files.lazy.map { try Self.json(scratch, "history/\($0)") }.first { $0["commit"] as? String == commits[index] })
            let kept = try #require(run["workloads"] as? [[String: Any]])
            #expect(kept.map { $0["id"] as? String } == checked.map { $0["id"] as? String })
            for (a, b) in zip(kept, checked) {
                #expect(NSDictionary(dictionary: try #require(a["figures"] as? [String: Any])).isEqual(to: try #require(b["figures"] as? [String: Any])))
            }
            let figures = try #require(checked.first { $0["id"] as? String == scroll }?["figures"] as? [String: Any])
            instructions.append(try #require(figures["instructions"] as? Int))
        }
        #expect(instructions[1] > instructions[0])

        try scratch.write("{\"schemaVersion\": 1, \"tool\": \"gridbench gate history\"", to: "history/run-corrupt.json")
        let trend = try Self.gate(scratch, ["trend", "--history", "SCRATCH/history", "--out", "SCRATCH/trend", "--baseline", "SCRATCH/baseline.json"], tool: tool)
        #expect(trend.status == Exit.success, "\(trend)")
        #expect(trend.stderr.contains("warning: skipped \(scratch.path("history/run-corrupt.json"))"), "\(trend)")
        #expect(trend.stdout.hasPrefix("gate trend: 2 runs, "), "\(trend)")
        #expect(trend.stdout.contains(", 1 step, 0 creeps;"), "\(trend)")
        let markdown = try scratch.text("trend/trend.md")
        let grouped = instructions.map { count in
            let digits = Array(String(count))
            return String(digits.enumerated().flatMap { index, digit in index > 0 && (digits.count - index) % 3 == 0 ? [",", digit] : [digit] })
        }
        #expect(markdown.contains("- step at run 2 (`bbbbbbbb`): \(grouped[0]) → \(grouped[1]) (+"), "\(markdown)")
        let html = try scratch.text("trend/trend.html")
        #expect(html.contains("<svg") && !html.contains("src=") && !html.contains("href="))
    }

    /// `check --shard i/n` in separate processes, then `merge`: for n = 1, 2, 3 and more
    /// shares than workloads, the merged JSON, Markdown, summary and exit code are those of
    /// the unsharded check (a regression, with its explanation); a missing, duplicated or
    /// mismatched share is refused with exit 2, naming it.
    @Test(.enabled(if: valgrindInstalled, skipMessage))
    func shardsMergeIntoTheUnshardedCheck() throws {
        let scratch = try Self.workspace(
            layout: "tile-grid-planted", extraWork: 0,
            entry: #""strategies": ["on-demand"], "prepare": true, "scroll": {"trace": "trace.json", "start": 1, "frames": 16}, "#
                + #""edit": {"trace": "trace.json"}, "rotation": {"trace": "trace.json"}"#)
        defer { scratch.remove() }
        let tool = "gridbench-gate-planted"
        let recorded = try Self.gate(scratch, ["record", "--runs", "1", "--plan", "SCRATCH/plan.json", "--out", "SCRATCH/baseline.json"], tool: tool)
        try #require(recorded.status == Exit.success, "\(recorded)")
        try Self.writeSpec(scratch, layout: "tile-grid-planted", extraWork: 1000)
        let commit = ["GRIDBENCH_COMMIT": "1234567890abcdef"]
        func check(_ more: [String], environment: [String: String] = commit) throws -> CommandResult {
            try Self.gate(scratch, ["check", "--plan", "SCRATCH/plan.json", "--baseline", "SCRATCH/baseline.json"] + more, tool: tool, environment: environment)
        }
        func merge(_ parts: [String], _ more: [String] = []) throws -> CommandResult {
            try Self.gate(scratch, ["merge", "--baseline", "SCRATCH/baseline.json"] + parts.map { "SCRATCH/\($0)" } + more, tool: tool)
        }
        let whole = try check(["--json", "SCRATCH/whole.json", "--markdown", "SCRATCH/whole.md"])
        #expect(whole.status == Self.regression, "\(whole)")
        let workloads = try #require(try Self.json(scratch, "whole.json")["workloads"] as? [[String: Any]])
        try #require(workloads.count == 4)

        for count in [1, 2, 3, 6] {
            var parts: [String] = []
            var measured: [String] = []
            for index in 1 ... count {
                let part = "part-\(count)-\(index).json"
                let result = try check(["--shard", "\(index)/\(count)", "--json", "SCRATCH/\(part)"])
                #expect([Exit.success, Self.regression].contains(result.status), "\(result)")
                let share = try #require(try Self.json(scratch, part)["shard"] as? [String: Any])
                measured += try #require(share["workloads"] as? [String])
                parts.append(part)
            }
            // Every workload measured once, by exactly one share.
            #expect(measured.sorted() == workloads.compactMap { $0["id"] as? String }.sorted(), "n = \(count)")
            let merged = try merge(parts.reversed(), ["--json", "SCRATCH/merged.json", "--markdown", "SCRATCH/merged.md"])
            #expect(merged.status == whole.status, "n = \(count): \(merged)")
            #expect(merged.stdout == whole.stdout, "n = \(count)")
            #expect(try scratch.text("merged.md") == scratch.text("whole.md"), "n = \(count)")
            #expect(NSDictionary(dictionary: try Self.json(scratch, "merged.json")).isEqual(to: try Self.json(scratch, "whole.json")), "n = \(count)")
        }

        let missing = try merge(["part-3-1.json", "part-3-3.json"])
        #expect(missing.status == Exit.badInput && missing.stderr.contains("share 2/3 is missing"), "\(missing)")
        let duplicated = try merge(["part-2-1.json", "part-2-1.json", "part-2-2.json"])
        #expect(duplicated.status == Exit.badInput && duplicated.stderr.contains("duplicated"), "\(duplicated)")
        _ = try check(["--shard", "2/2", "--json", "SCRATCH/other-commit.json"], environment: ["GRIDBENCH_COMMIT": "fedcba0987654321"])
        let otherCommit = try merge(["part-2-1.json", "other-commit.json"])
        #expect(otherCommit.status == Exit.badInput && otherCommit.stderr.contains("\(scratch.path("other-commit.json")): shard.commit"), "\(otherCommit)")
        var part = try Self.json(scratch, "part-2-2.json")
        var environment = try #require(part["environment"] as? [String: Any])
        environment["toolchain"] = "Swift version 9.9"
        part["environment"] = environment
        try JSONSerialization.data(withJSONObject: part).write(to: scratch.file("other-toolchain.json"))
        let otherToolchain = try merge(["part-2-1.json", "other-toolchain.json"])
        #expect(otherToolchain.status == Exit.badInput && otherToolchain.stderr.contains("environment.toolchain"), "\(otherToolchain)")
        let mixed = try merge(["part-2-1.json", "part-3-2.json"])
        #expect(mixed.status == Exit.badInput && mixed.stderr.contains("shard.count"), "\(mixed)")
    }
}
