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

    @Option(help: "Run the whole plan this many times and report how often each recommendation came out.")
    var `repeat`: Int = 1

    @Flag(help: "Do not count instructions with valgrind to settle ties (they are then settled by retained memory).")
    var noInstructions = false

    @OptionGroup var measure: MeasureOptions

    func validate() throws {
        guard `repeat` >= 1 else { throw ValidationError("--repeat must be at least 1, not \(`repeat`).") }
    }

    func run() throws {
        let outcome = try guarded { () throws -> ExitCode in
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
            for repetition in 0..<`repeat` {
                if `repeat` > 1 { Console.note("gridbench report: run \(repetition + 1) of \(`repeat`)") }
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
                let probe: (any MemoryProbe)? = measure.noMemory ? nil : JemallocProbe()
                var measured = ResultsDocument(environment: MeasurementEnvironment.describe(probe: probe), runs: records)
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
        let primary = options("tile-grid", plan.canonicalDataset, plan.canonicalTrace, plan.scaleTrace)
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
