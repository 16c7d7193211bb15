import ArgumentParser
import GridCommands
import Foundation
import GridCore
import GridGate
import GridGateTool
import GridHarness
import GridReports
import GridStrategies

/// `gridbench report`: the main job, a thin layer over ``GridReports/ReportSession``.
struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay the whole bundled matrix against every strategy and write the strategy comparison report.",
        usage: """
            gridbench report [<options>]
            gridbench report --shard i/n --out DIR [<options>]
            gridbench report merge DIR1 DIR2 … --out DIR
            """,
        discussion: """
            Every data set of the plan with each of its traces, every strategy: a warm-up pass, then measured passes; every frame checked against the fixture. Writes <out>/results.json (<out> is reports/latest unless given) (versioned, see docs/formats.md, "Results schema"), <out>/strategy-comparison.md with charts in <out>/charts/, and the self-contained <out>/strategy-comparison.html; prints a summary table, each layout's verdict and the alerts: every run whose p99 or worst frame is over the frame budget (1/refresh rate) or whose fixture check failed. Exits 1 if any run's loaded set differed from the reference's in any frame. Build with -c release: a debug build's figures are not representative.

            The strategies of each data set and trace are measured together, their passes interleaved. Where cached and on demand are equivalent within the noise (docs/measuring.md, "How the recommendation is decided"), the tie is settled by instructions per frame, counted with valgrind (callgrind) for just those sizes; without valgrind, or with --no-instructions, by retained memory. --repeat N runs the whole plan N times and reports how often each recommendation came out; the results and charts are the last run's.

            --shard i/n measures share i of n of the plan's runs (each data set × trace with all its strategies, balanced by frames × strategies) and writes only a partial results.json, with a `shard` field, into --out; `gridbench report merge DIR1 DIR2 … --out DIR` joins the shares into what one run would have written (docs/measuring.md, "Splitting the report over machines").

            The plan is measured in --processes child processes (default 3), one after another, each with its share of the passes (--min-passes, --max-passes and --target-seconds divided among them; never more processes than --max-passes), and the intervals are a bootstrap over processes and then passes: one process can run 40 % slower than the next over the same code, and only several processes show it. Data sets where cached's prepare cost or memory is over twice its budget are measured in the first process only: caching cannot pay there whatever the frame costs. --processes 1 measures in this process.
            """,
        subcommands: [ReportMerge.self])

    @OptionGroup var planOption: PlanOption

    /// Where a run writes unless told otherwise: beside the committed reference report in
    /// `reports/`, in a folder git ignores, so that the quick start leaves the checkout clean.
    static let defaultOut = "reports/latest"

    @Option(help: "The directory the results and reports are written to (ignored by git; the committed reference report is updated on purpose with --out reports).")
    var out: String = Self.defaultOut

    @Option(name: .customLong("dataset"), parsing: .singleValue, help: "Only this data set (repeatable; default: all in the plan).")
    var datasets: [String] = []

    @Option(name: .customLong("strategy"), parsing: .singleValue, help: "Only this strategy (repeatable; default: the plan's).")
    var strategies: [String] = []

    @Option(help: "Render the reports from this results file instead of replaying (no measurement).")
    var fromResults: String?

    @Option(parsing: .unconditional, help: "Run the whole plan this many times and report how often each recommendation came out.")
    var `repeat`: Int = 1

    @Option(help: "Measure only share i of n of the plan's runs (balanced by frames × strategies) and write a partial results.json, no reports, for `gridbench report merge`.")
    var shard: String?

    /// A sharded measuring child's data sets, when fewer than its share's
    /// (``GridReports/ReportSession/Share/narrowedTo``).
    @Option(name: .customLong("share-dataset"), parsing: .singleValue, help: .hidden)
    var shareDatasets: [String] = []

    @Flag(help: "Do not count instructions with valgrind to settle ties (they are then settled by retained memory).")
    var noInstructions = false

    @Option(parsing: .unconditional, help: "Measure in this many child processes, one after another, sharing the passes out (1: in this process; at most --max-passes).")
    var processes: Int = 3

    /// A measuring child's job (``GridReports/ReportSession/measureAsChild(writingTo:)``):
    /// measure once, write the results here, and nothing else.
    @Option(help: .hidden)
    var measureOnly: String?

    @OptionGroup var measure: MeasureOptions

    func validate() throws {
        guard `repeat` >= 1 else { throw ValidationError("--repeat must be at least 1, not \(`repeat`).") }
        guard (1...64).contains(processes) else { throw ValidationError("--processes must be from 1 to 64, not \(processes).") }
        if measureOnly != nil && (`repeat` != 1 || processes != 1 || fromResults != nil) {
            throw ValidationError("--measure-only measures once, in this process: not with --repeat, --processes or --from-results.")
        }
        if let shard, ResultsShard.parse(shard) == nil {
            throw ValidationError("--shard must be i/n with 1 ≤ i ≤ n, such as 2/3 (got \(shard)).")
        }
        if shard != nil && (`repeat` != 1 || fromResults != nil) {
            throw ValidationError("--shard measures one share once: not with --repeat or --from-results (give those to a whole report, or render the merged results).")
        }
    }

    func run() throws {
        let outcome = try guarded { () throws -> ExitCode in
            if measureOnly != nil {
                ReportSession.endWithParent()
            } else {
                AtomicFileSet.removeLeftovers(for: URL(fileURLWithPath: out))
            }
            let plan = try planOption.load()
            let session = try ReportSession(
                plan: plan, output: URL(fileURLWithPath: out), measurement: measurement,
                tieBreak: Self.tieBreakCounter(plan, noInstructions: noInstructions), progress: ReportConsole())
            if let measureOnly {
                try session.measureAsChild(writingTo: URL(fileURLWithPath: measureOnly))
                return Outcome.success
            }
            if let share = session.measurement.share {
                let measured = try session.measureShare(share)
                try Console.print(SummaryTable.render(measured.document.runs))
                Console.note("Wrote \(measured.resultsFile.path), share \(share.index)/\(share.count) (no reports: join every share with `gridbench report merge`).")
                let failed = measured.document.runs.filter { $0.fixture == .fail }
                for record in failed {
                    Console.error("fixture mismatch: \(record.dataset) · \(record.trace) · \(record.strategy) from frame \(record.firstMismatchFrame ?? -1)")
                }
                return failed.isEmpty ? Outcome.success : Outcome.fixtureMismatch
            }
            let rendered = try fromResults.map { try session.render(resultsAt: $0) } ?? session.run(repeats: `repeat`)
            return try Self.printSummary(rendered, in: session.output)
        }
        if outcome != Outcome.success { throw outcome }
    }

    /// The share measured, from `--shard`: the commit and toolchain as the gate records
    /// them; a measuring child is told its share and gets no commit of its own.
    private var share: ReportSession.Share? {
        guard let shard, let parsed = ResultsShard.parse(shard) else { return nil }
        if measureOnly != nil {
            return ReportSession.Share(
                index: parsed.index, count: parsed.count, commit: "", toolchain: "",
                narrowedTo: shareDatasets.isEmpty ? nil : Set(shareDatasets))
        }
        return ReportSession.Share(
            index: parsed.index, count: parsed.count, commit: GateHistoryRun.currentCommit(),
            toolchain: GateEnvironment.current(withValgrind: false, allocator: nil).toolchain)
    }

    /// What and how to measure, from the options.
    private var measurement: ReportSession.Measurement {
        let probe: (any MemoryProbe)? = measure.noMemory ? nil : JemallocProbe()
        let datasets = self.datasets
        let shard = self.shard
        let children = ReportSession.ChildProcesses(requested: processes, executable: GateSession.Tool.currentExecutable) { job in
            // A sharded child takes its share of the whole selection, then narrows it.
            let selection = shard.map { shard in
                ["--shard", shard] + datasets.flatMap { ["--dataset", $0] }
                    + (job.datasets == datasets ? [] : job.datasets.flatMap { ["--share-dataset", $0] })
            } ?? job.datasets.flatMap { ["--dataset", $0] }
            return ["report", "--measure-only", job.resultsFile.path, "--processes", "1"] + childArguments + selection
                + ["--min-passes", String(job.minimumPasses), "--max-passes", String(job.maximumPasses),
                   "--target-seconds", String(job.targetSeconds)]
        }
        var measurement = ReportSession.Measurement(
            datasets: datasets, strategies: strategies, replayOptions: { measure.replayOptions(strategy: $0) },
            environment: { MeasurementEnvironment.describe(probe: probe) }, children: children)
        measurement.share = share
        return measurement
    }

    /// What settles ties: valgrind through `gridbench gate`'s children, unless
    /// `--no-instructions`.
    static func tieBreakCounter(_ plan: BenchmarkPlan, noInstructions: Bool) -> any TieBreakCounter {
        if noInstructions { return UncountedTieBreak(reason: "not counted (--no-instructions)") }
        let tool = GateSession.Tool.currentExecutable.map { executable in
            GateSession.Tool(
                executable: executable, childArguments: ["gate", "run-workload"], invocation: "gridbench gate",
                allocator: nil, defaultPlan: "datasets/gate-plan.json")
        }
        return TieBreakInstructionCounter(tool: tool, datasets: plan.root) { line in Console.note("  " + line) }
    }

    /// What a measuring child is told besides its results file, passes and data sets: the
    /// plan, the strategies chosen, and every other measurement option.
    private var childArguments: [String] {
        var arguments = ["--plan", planOption.plan]
        for strategy in strategies { arguments += ["--strategy", strategy] }
        arguments += [
            "--threshold", String(measure.threshold), "--margin-lines", String(measure.marginLines),
            "--margin-columns", String(measure.marginColumns), "--layout-budget-share", String(measure.layoutBudgetShare),
        ]
        if measure.noMemory { arguments.append("--no-memory") }
        return arguments
    }

    /// Prints the summary and the verdict of what was rendered into `directory`, and says
    /// whether every run passed its fixture check.
    static func printSummary(_ rendered: ReportSession.Rendered, in directory: URL) throws -> ExitCode {
        try Console.print(SummaryTable.render(rendered.document.runs))
        try Console.print("")
        for line in rendered.reports.verdict { try Console.print(line) }
        try Console.print("")
        for line in rendered.reports.alertLines { try Console.print(line) }
        Console.note((rendered.resultsFile.map { "Wrote \($0.path) and " } ?? "Wrote ")
                     + "\(rendered.reportFiles.count) report files in \(directory.path).")
        for record in rendered.failedRuns {
            Console.error("fixture mismatch: \(record.dataset) · \(record.trace) · \(record.strategy) from frame \(record.firstMismatchFrame ?? -1)")
        }
        return rendered.failedRuns.isEmpty ? Outcome.success : Outcome.fixtureMismatch
    }
}

/// `gridbench report merge`: the shares of `report --shard i/n` joined into one report.
struct ReportMerge: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join the partial results of `report --shard i/n` into the report one run would have written.",
        usage: "gridbench report merge DIR1 DIR2 … --out DIR [--plan <plan>] [--no-instructions]",
        discussion: """
            --out, --plan and --no-instructions as `report` takes them. Reads <DIR>/results.json of every share, puts every run back in the unsharded order, settles ties over the whole as `report` does, and writes results.json and the reports into --out, rendered as `report --from-results` renders them. Refuses, with exit 2 naming the file and field, a missing or duplicated share, or a share of another plan or selection, share count, commit or toolchain.
            """)

    @Argument(help: "The output directories of the shares, one per share (`report --shard i/n --out DIR`).")
    var parts: [String] = []

    /// `--out`, `--plan` and `--no-instructions` are `report`'s own: ArgumentParser gives an
    /// option a command and its subcommand both declare to the command.
    @ParentCommand var report: Report

    func validate() throws {
        guard report.shard == nil, report.fromResults == nil, report.datasets.isEmpty, report.strategies.isEmpty, report.repeat == 1 else {
            throw ValidationError("merge takes the shares' directories, --out, --plan and --no-instructions only: the selection and measurement are the shares'.")
        }
    }

    func run() throws {
        let outcome = try guarded { () throws -> ExitCode in
            let out = report.out
            AtomicFileSet.removeLeftovers(for: URL(fileURLWithPath: out))
            let documents = try parts.map { directory throws(InputError) in
                let file = URL(fileURLWithPath: directory).appendingPathComponent(ReportSession.resultsFileName)
                return (path: file.path, document: try JSONFiles.read(ResultsDocument.self, from: file))
            }
            let plan = try report.planOption.load()
            let measurement = ReportSession.Measurement(
                datasets: [], strategies: [], replayOptions: { ReplayOptions(strategy: $0) }, environment: { [:] },
                children: ReportSession.ChildProcesses(requested: 1, executable: nil) { _ in [] })
            let session = try ReportSession(
                plan: plan, output: URL(fileURLWithPath: out), measurement: measurement,
                tieBreak: Report.tieBreakCounter(plan, noInstructions: report.noInstructions), progress: ReportConsole())
            return try Report.printSummary(try session.merge(parts: documents), in: session.output)
        }
        if outcome != Outcome.success { throw outcome }
    }
}

/// `gridbench report`'s progress on standard error: notes prefixed with the command, and
/// each run's line, redrawn in place on a terminal.
struct ReportConsole: ReportProgress {
    let terminal = Console.errorIsTerminal
    let started = FrameClock.now()

    func note(_ message: String) {
        Console.note("gridbench report: " + message)
    }

    func planned(runs: Int, datasets: Int) {
        note("\(runs) runs (\(datasets) data sets × traces × strategies)"
             + (MeasurementEnvironment.isDebugBuild ? "; this is a DEBUG build, figures are not representative" : ""))
    }

    func runStarted(_ index: Int, of total: Int, _ job: PlanRunner.Job) {
        guard terminal else { return }
        let line = "[\(index + 1)/\(total)] \(job.replay.spec.name) · \(job.replay.trace.name) · \(job.strategy.rawValue) …"
        Console.standardError("\r\u{1B}[K" + line)
    }

    func runFinished(_ index: Int, of total: Int, _ record: RunRecord) {
        let elapsed = Double(FrameClock.now() &- started) / 1e9
        let line = "[\(index + 1)/\(total)] " + ProgressLine.finished(record) + String(format: " (%.0f s)", elapsed)
        Console.standardError((terminal ? "\r\u{1B}[K" : "") + line + "\n")
    }
}
