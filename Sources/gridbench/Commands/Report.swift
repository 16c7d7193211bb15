import ArgumentParser
import Foundation
import GridCore
import GridHarness
import GridReports
import GridStrategies

/// `gridbench report`: the main job.
struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay the whole bundled matrix against every strategy and write the strategy comparison report.",
        discussion: """
            Every data set of the plan with each of its traces, every strategy: a warm-up pass, then measured passes; every frame checked against the fixture. Writes <out>/results.json (versioned, see README "Results schema"), <out>/strategy-comparison.md with charts in <out>/charts/, and the self-contained <out>/strategy-comparison.html; prints a summary table. Exits 1 if any run's loaded set differed from the reference's in any frame. Build with -c release: a debug build's figures are not representative.
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

    @OptionGroup var measure: MeasureOptions

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
            let document = ResultsDocument(environment: MeasurementEnvironment.describe(probe: probe), runs: records)
            return try render(document, plan: plan, writeResults: true)
        }
        if outcome != Outcome.success { throw outcome }
    }

    /// Writes the results (when asked) and the reports, prints the summary, and says
    /// whether every run passed its fixture check.
    private func render(_ document: ResultsDocument, plan: BenchmarkPlan, writeResults: Bool) throws -> ExitCode {
        let records = document.runs
        let directory = URL(fileURLWithPath: out)
        var set = AtomicFileSet(directory: directory)
        if writeResults {
            set.add("results.json", try JSONFiles.encoded(document))
        }
        let options = ReportOptions(
            canonicalDataset: plan.canonicalDataset, canonicalTrace: plan.canonicalTrace, scaleTrace: plan.scaleTrace,
            strategyOrder: plan.strategies.map(\.rawValue))
        let sections = plan.layoutSections.map { section in
            ReportOptions(
                layout: section.layout, canonicalDataset: section.canonicalDataset, canonicalTrace: section.canonicalTrace,
                scaleTrace: section.scaleTrace, strategyOrder: plan.strategies.map(\.rawValue))
        }
        let report = try LayoutReports(document: document, primary: options, sections: sections)
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
