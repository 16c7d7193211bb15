import ArgumentParser
import Foundation
import GridCore
import GridGate
import GridHarness
import GridReports
import GridStrategies

/// `gridbench report`: the main job.
struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay the whole bundled matrix against every strategy and write the strategy comparison report.",
        discussion: """
            Every data set of the plan with each of its traces, every strategy: a warm-up pass, then measured passes; every frame checked against the fixture. Writes <out>/results.json (versioned, see README "Results schema"), <out>/strategy-comparison.md with charts in <out>/charts/, and the self-contained <out>/strategy-comparison.html; prints a summary table. Exits 1 if any run's loaded set differed from the reference's in any frame. Build with -c release: a debug build's figures are not representative.

            The strategies of each data set and trace are measured together, their passes interleaved. Where cached and on demand are equivalent within the noise (README "How the recommendation is decided"), the tie is settled by instructions per frame, counted with valgrind (callgrind) for just those sizes; without valgrind, or with --no-instructions, by retained memory. --repeat N runs the whole plan N times and reports how often each recommendation came out; the results and charts are the last run's.

            The plan is measured in --processes child processes (default 3), one after another, each with its share of the passes (--min-passes, --max-passes and --target-seconds divided among them; never more processes than --max-passes), and the intervals are a bootstrap over processes and then passes: one process can run 40 % slower than the next over the same code, and only several processes show it. Data sets where cached's prepare cost or memory is over twice its budget are measured in the first process only: caching cannot pay there whatever the frame costs. --processes 1 measures in this process.
            """)

    @OptionGroup var planOption: PlanOption

    @Option(help: "The directory the results and reports are written to.")
    var out: String = "reports"

    @Option(name: .customLong("dataset"), parsing: .singleValue, help: "Only this data set (repeatable; default: all in the plan).")
    var datasets: [String] = []

    @Option(name: .customLong("strategy"), parsing: .singleValue, help: "Only this strategy (repeatable; default: the plan's).")
    var strategies: [String] = []

    @Option(help: "Render the reports from this results file instead of replaying (no measurement).")
    var fromResults: String?

    @Option(parsing: .unconditional, help: "Run the whole plan this many times and report how often each recommendation came out.")
    var `repeat`: Int = 1

    @Flag(help: "Do not count instructions with valgrind to settle ties (they are then settled by retained memory).")
    var noInstructions = false

    @Option(parsing: .unconditional, help: "Measure in this many child processes, one after another, sharing the passes out (1: in this process; at most --max-passes).")
    var processes: Int = 3

    /// A measuring child's job (``ChildMeasurement``): measure once, write the results
    /// here, and nothing else.
    @Option(help: .hidden)
    var measureOnly: String?

    @OptionGroup var measure: MeasureOptions

    func validate() throws {
        guard `repeat` >= 1 else { throw ValidationError("--repeat must be at least 1, not \(`repeat`).") }
        guard (1...64).contains(processes) else { throw ValidationError("--processes must be from 1 to 64, not \(processes).") }
        if measureOnly != nil && (`repeat` != 1 || processes != 1 || fromResults != nil) {
            throw ValidationError("--measure-only measures once, in this process: not with --repeat, --processes or --from-results.")
        }
    }

    func run() throws {
        let outcome = try guarded { () throws -> ExitCode in
            if measureOnly != nil {
                ChildMeasurement.endWithParent()
            } else {
                AtomicFileSet.removeLeftovers(for: URL(fileURLWithPath: out))
            }
            let plan = try planOption.load()
            if let fromResults {
                let document = try JSONFiles.read(ResultsDocument.self, from: URL(fileURLWithPath: fromResults))
                guard document.schemaVersion == ResultsDocument.currentSchemaVersion else {
                    throw InputError(file: fromResults, field: "schemaVersion", value: "\(document.schemaVersion)", expected: "\(ResultsDocument.currentSchemaVersion)")
                }
                do {
                    return try render(document, plan: plan, writeResults: false)
                } catch let error as GridError {
                    // What the report refuses in the document is the results file's fault.
                    throw InputError(file: fromResults, error)
                }
            }
            let chosen = strategies.isEmpty ? nil : try strategies.map { name throws(GridError) in try StrategyKind(named: name) }
            let runner = try PlanRunner(
                plan: plan, margin: measure.margin, datasets: datasets.isEmpty ? nil : Set(datasets), strategies: chosen)
            let total = runner.jobs.count
            let terminal = Console.errorIsTerminal
            let started = FrameClock.now()
            Console.note("gridbench report: \(total) runs (\(Set(runner.jobs.map { $0.replay.spec.name }).count) data sets × traces × strategies)"
                         + (MeasurementEnvironment.isDebugBuild ? "; this is a DEBUG build, figures are not representative" : ""))
            var counter = TieBreakInstructions(enabled: !noInstructions, datasets: plan.root)
            var outcomes: [[String: ThresholdRule.Outcome]] = []
            var document: ResultsDocument?
            let probe: (any MemoryProbe)? = measure.noMemory ? nil : JemallocProbe()
            func measureHere() throws -> ResultsDocument {
                let records = try runner.run(
                    options: { measure.replayOptions(strategy: $0) },
                    progress: { index, job in
                        guard terminal else { return }
                        let line = "[\(index + 1)/\(total)] \(job.replay.spec.name) · \(job.replay.trace.name) · \(job.strategy.rawValue) …"
                        Console.standardError("\r\u{1B}[K" + line)
                    },
                    finished: { index, record in
                        let elapsed = Double(FrameClock.now() &- started) / 1e9
                        let line = "[\(index + 1)/\(total)] " + ProgressLine.finished(record) + String(format: " (%.0f s)", elapsed)
                        Console.standardError((terminal ? "\r\u{1B}[K" : "") + line + "\n")
                    })
                return ResultsDocument(environment: MeasurementEnvironment.describe(probe: probe), runs: records)
            }
            if let measureOnly {
                // A measuring child: its parent settles ties, renders and judges fixtures.
                try JSONFiles.write(try measureHere(), to: URL(fileURLWithPath: measureOnly))
                return Outcome.success
            }
            let children = ChildMeasurement(
                processes: min(processes, measure.maxPasses), arguments: childArguments, datasets: datasets, measure: measure)
            for repetition in 0..<`repeat` {
                if `repeat` > 1 { Console.note("gridbench report: run \(repetition + 1) of \(`repeat`)") }
                var measured = children.processes == 1 ? try measureHere() : try children.run(note: Console.note)
                measured = try counter.settleTies(in: measured, reports: { try layoutReports($0, plan: plan) })
                outcomes.append(Dictionary(uniqueKeysWithValues: try layoutReports(measured, plan: plan).reports.map {
                    ($0.options.layout, $0.recommendation.outcome)
                }))
                document = measured
            }
            guard let document else { return Outcome.success }
            return try render(document, plan: plan, writeResults: true, repeated: `repeat` > 1 ? outcomes : nil)
        }
        if outcome != Outcome.success { throw outcome }
    }

    /// What a measuring child is told besides its passes and data sets: the plan, the
    /// strategies chosen, and every other measurement option.
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

    /// The reports of `document` for the plan's layouts; with `repeated`, each layout's
    /// outcome in every run.
    private func layoutReports(_ document: ResultsDocument, plan: BenchmarkPlan, repeated: [[String: ThresholdRule.Outcome]]? = nil) throws -> LayoutReports {
        func options(_ layout: String, _ canonicalDataset: String, _ canonicalTrace: String, _ scaleTrace: String) -> ReportOptions {
            var options = ReportOptions(
                layout: layout, canonicalDataset: canonicalDataset, canonicalTrace: canonicalTrace, scaleTrace: scaleTrace,
                strategyOrder: plan.strategies.map(\.rawValue))
            options.repeatedOutcomes = repeated?.compactMap { $0[layout] }
            return options
        }
        var primary = options("tile-grid", plan.canonicalDataset, plan.canonicalTrace, plan.scaleTrace)
        primary.scaleEditsTrace = plan.scaleEditsTrace
        let sections = plan.layoutSections.map { options($0.layout, $0.canonicalDataset, $0.canonicalTrace, $0.scaleTrace) }
        return try LayoutReports(document: document, primary: primary, sections: sections)
    }

    /// Writes the results (when asked) and the reports, prints the summary, and says
    /// whether every run passed its fixture check.
    private func render(
        _ document: ResultsDocument, plan: BenchmarkPlan, writeResults: Bool, repeated: [[String: ThresholdRule.Outcome]]? = nil
    ) throws -> ExitCode {
        let records = document.runs
        let directory = URL(fileURLWithPath: out)
        var set = AtomicFileSet(directory: directory)
        if writeResults {
            set.add("results.json", try JSONFiles.encoded(document))
        }
        let report = try layoutReports(document, plan: plan, repeated: repeated)
        // The results and the reports as one set: all old or all new, even when killed.
        report.add(to: &set)
        let written = try set.commit().filter { $0.lastPathComponent != "results.json" }

        try Console.print(SummaryTable.render(records))
        try Console.print("")
        for line in report.verdict { try Console.print(line) }
        Console.note((writeResults ? "Wrote \(directory.appendingPathComponent("results.json").path) and " : "Wrote ")
                     + "\(written.count) report files in \(directory.path).")
        let failed = records.filter { $0.fixture == .fail }
        for record in failed {
            Console.error("fixture mismatch: \(record.dataset) · \(record.trace) · \(record.strategy) from frame \(record.firstMismatchFrame ?? -1)")
        }
        return failed.isEmpty ? Outcome.success : Outcome.fixtureMismatch
    }
}
