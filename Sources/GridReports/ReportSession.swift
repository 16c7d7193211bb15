import Foundation
import GridCore
import GridHarness
import GridLayouts
import GridStrategies

/// The report's own side: measures a benchmark plan (in this process or in child
/// processes, as many times as asked), settles ties by a deterministic count, and renders
/// the strategy comparison into an output set, as `GridGate` does for the gate.
///
/// It prints nothing itself: progress and notes go to its ``ReportProgress``, and what it
/// renders comes back as a ``Rendered`` for the caller to print.
public struct ReportSession {
    /// The plan measured and reported.
    public var plan: BenchmarkPlan
    /// The layout of the report's first section: the layout of the plan's canonical data
    /// set (``primaryLayout(of:)``).
    public var primaryLayout: String
    /// The directory the results and reports are written to.
    public var output: URL
    /// How to measure: the data sets and strategies chosen, the replay's options, the
    /// processes.
    public var measurement: Measurement
    /// What settles the ties where cached and on demand are equivalent.
    public var tieBreak: any TieBreakCounter
    /// Where progress and notes go.
    public var progress: any ReportProgress

    /// How the plan is measured.
    public struct Measurement {
        /// Only these data sets, or empty for the whole plan.
        public var datasets: [String]
        /// Only these strategies, by name, or empty for the plan's.
        public var strategies: [String]
        /// The replay options of each strategy; their passes and target time are those of
        /// the whole measurement, shared out among the processes, and their margin the one
        /// the plan's replays are built with.
        public var replayOptions: (StrategyKind) -> ReplayOptions
        /// How the figures are taken, for the results' environment.
        public var environment: () -> [String: String]
        /// How many processes measure, one after another (1: this process), and how a
        /// child is started.
        public var children: ChildProcesses
        /// The share of the plan's runs measured (`--shard i/n`), or `nil` for all.
        public var share: Share? = nil

        public init(
            datasets: [String], strategies: [String],
            replayOptions: @escaping (StrategyKind) -> ReplayOptions, environment: @escaping () -> [String: String],
            children: ChildProcesses
        ) {
            self.datasets = datasets
            self.strategies = strategies
            self.replayOptions = replayOptions
            self.environment = environment
            self.children = children
        }
    }

    /// A session over `plan`, whose first section is the layout of its canonical data set.
    ///
    public init(
        plan: BenchmarkPlan, output: URL, measurement: Measurement, tieBreak: any TieBreakCounter, progress: any ReportProgress
    ) throws(InputError) {
        self.init(
            plan: plan, primaryLayout: Self.primaryLayout(of: plan), output: output, measurement: measurement,
            tieBreak: tieBreak, progress: progress)
    }

    /// A session over `plan` whose first section is `primaryLayout`.
    public init(
        plan: BenchmarkPlan, primaryLayout: String, output: URL, measurement: Measurement, tieBreak: any TieBreakCounter,
        progress: any ReportProgress
    ) {
        self.plan = plan
        self.primaryLayout = primaryLayout
        self.output = output
        self.measurement = measurement
        self.tieBreak = tieBreak
        self.progress = progress
    }

    /// The layout of the plan's canonical data set, as its spec names it: the layout the
    /// report's first section compares. Where that spec cannot be read (reports rendered
    /// from a results file, beside a plan without its data sets), the registry's first
    /// layout, as reports were before the first section was derived from the plan.
    public static func primaryLayout(of plan: BenchmarkPlan) -> String {
        (try? LayoutSpec.load(from: plan.specURL(plan.canonicalDataset)))?.layoutName ?? LayoutRegistry.names[0]
    }
}

/// Where a ``ReportSession`` says what it is doing; the session prints nothing itself.
public protocol ReportProgress {
    /// A note: which process is measuring, which run of several, ties being counted.
    func note(_ message: String)
    /// Measuring is about to start: `runs` replays over `datasets` data sets.
    func planned(runs: Int, datasets: Int)
    /// Run `index` of `total` (from 0) is about to be measured.
    func runStarted(_ index: Int, of total: Int, _ job: PlanRunner.Job)
    /// Run `index` of `total` (from 0) has been measured.
    func runFinished(_ index: Int, of total: Int, _ record: RunRecord)
}

// MARK: Measuring and repeating

extension ReportSession {
    /// The plan's runs for the data sets and strategies chosen.
    ///
    /// - Throws: `GridError` for a strategy that does not exist;
    ///   `InputError` for a data set or strategy the plan does not have, or a
    ///   spec, trace or fixture that cannot be read.
    public func makeRunner() throws -> PlanRunner {
        try makeRunner(applyingShare: true)
    }

    /// The plan's runs for the data sets and strategies chosen; only ``Measurement/share``'s
    /// when `applyingShare` and there is one.
    func makeRunner(applyingShare: Bool) throws -> PlanRunner {
        let names = measurement.strategies
        let strategies = names.isEmpty ? nil : try names.map { name throws(GridError) in try StrategyKind(named: name) }
        let whole = try PlanRunner(
            plan: plan, margin: measurement.replayOptions(.onDemand).margin, datasets: measurement.datasets.isEmpty ? nil : Set(measurement.datasets),
            strategies: strategies)
        guard applyingShare, let share = measurement.share else { return whole }
        var positions = whole.positions(ofShare: share.index, count: share.count)
        if let narrowed = share.narrowedTo { positions.removeAll { !narrowed.contains(whole.jobs[$0].replay.spec.name) } }
        return whole.keeping(positions: positions)
    }

    /// Measures the plan once, in this process.
    public func measure(with runner: PlanRunner) throws -> ResultsDocument {
        let total = runner.jobs.count
        let records = try runner.run(
            options: measurement.replayOptions,
            progress: { index, job in progress.runStarted(index, of: total, job) },
            finished: { index, record in progress.runFinished(index, of: total, record) })
        return ResultsDocument(environment: measurement.environment(), runs: records)
    }

    /// A measuring child's whole job: measures once, in this process, and writes the
    /// results to `file`; its parent settles ties, renders and judges fixtures.
    public func measureAsChild(writingTo file: URL) throws {
        let runner = try makeRunner()
        progress.planned(runs: runner.jobs.count, datasets: Self.datasetCount(runner))
        try JSONFiles.write(try measure(with: runner), to: file)
    }

    /// Measures the plan `repeats` times (each in this process or in the child processes),
    /// settles each run's ties, and renders the last run's results and reports into
    /// ``output``, with how often each recommendation came out when `repeats` > 1.
    ///
    /// - Throws: `InputError` and `GridError` for bad input;
    ///   ``ChildFailure`` when a measuring child fails; what writing the output throws.
    public func run(repeats: Int) throws -> Rendered {
        let runner = try makeRunner()
        progress.planned(runs: runner.jobs.count, datasets: Self.datasetCount(runner))
        var tieBreak = TieBreak(counter: self.tieBreak)
        var outcomes = RepeatedOutcomes()
        var document: ResultsDocument?
        let processes = self.processes
        for repetition in 0..<max(repeats, 1) {
            if repeats > 1 { progress.note("run \(repetition + 1) of \(repeats)") }
            var measured = processes == 1 ? try measure(with: runner) : try measureInChildren()
            measured = try tieBreak.settle(in: measured, requests: try layoutReports(measured).instructionRequests, note: progress.note)
            outcomes.record(try layoutReports(measured))
            document = measured
        }
        return try render(document ?? ResultsDocument(environment: [:], runs: []), writeResults: true, repeated: repeats > 1 ? outcomes : nil)
    }

    private static func datasetCount(_ runner: PlanRunner) -> Int {
        Set(runner.jobs.map { $0.replay.spec.name }).count
    }
}

// MARK: Reports

extension ReportSession {
    /// The report options of the plan's layouts: the first section's (`primaryLayout` over
    /// the plan's canonical data set, trace and scale traces) and one for each of the plan's
    /// further layout sections; with `repeated`, each layout's outcome in every run.
    public static func reportOptions(
        plan: BenchmarkPlan, primaryLayout: String, repeated: RepeatedOutcomes? = nil
    ) -> (primary: ReportOptions, sections: [ReportOptions]) {
        func options(_ layout: String, _ canonicalDataset: String, _ canonicalTrace: String, _ scaleTrace: String) -> ReportOptions {
            var options = ReportOptions(
                layout: layout, canonicalDataset: canonicalDataset, canonicalTrace: canonicalTrace, scaleTrace: scaleTrace,
                strategyOrder: plan.strategies.map(\.rawValue))
            options.repeatedOutcomes = repeated?.outcomes(of: layout)
            return options
        }
        var primary = options(primaryLayout, plan.canonicalDataset, plan.canonicalTrace, plan.scaleTrace)
        primary.scaleEditsTrace = plan.scaleEditsTrace
        let sections = plan.layoutSections.map { options($0.layout, $0.canonicalDataset, $0.canonicalTrace, $0.scaleTrace) }
        return (primary, sections)
    }

    /// The reports of `document` for the plan's layouts (``reportOptions(plan:primaryLayout:repeated:)``).
    ///
    /// - Throws: `GridError` for options out of range.
    public func layoutReports(_ document: ResultsDocument, repeated: RepeatedOutcomes? = nil) throws -> LayoutReports {
        let options = Self.reportOptions(plan: plan, primaryLayout: primaryLayout, repeated: repeated)
        return try LayoutReports(document: document, primary: options.primary, sections: options.sections)
    }

    /// What a session rendered.
    public struct Rendered {
        /// The results the reports were rendered from.
        public var document: ResultsDocument
        /// The reports.
        public var reports: LayoutReports
        /// The results file, when it was written.
        public var resultsFile: URL?
        /// The report files written (the results file not among them).
        public var reportFiles: [URL]

        /// The runs whose loaded set differed from the reference's in some frame.
        public var failedRuns: [RunRecord] { document.runs.filter { $0.fixture == .fail } }
    }

    /// Writes the results (when asked) and the reports of `document` into ``output`` as one
    /// set: all old or all new, even when killed (`AtomicFileSet`).
    public func render(_ document: ResultsDocument, writeResults: Bool, repeated: RepeatedOutcomes? = nil) throws -> Rendered {
        var set = AtomicFileSet(directory: output)
        if writeResults {
            set.add(Self.resultsFileName, try JSONFiles.encoded(document))
        }
        let reports = try layoutReports(document, repeated: repeated)
        reports.add(to: &set)
        let written = try set.commit().filter { $0.lastPathComponent != Self.resultsFileName }
        return Rendered(
            document: document, reports: reports,
            resultsFile: writeResults ? output.appendingPathComponent(Self.resultsFileName) : nil, reportFiles: written)
    }

    /// Renders the reports of the results file at `path`, without measuring.
    ///
    /// - Throws: `InputError` naming the file: unreadable, of another schema
    ///   version, or holding what the reports refuse.
    public func render(resultsAt path: String) throws -> Rendered {
        let document = try JSONFiles.read(ResultsDocument.self, from: URL(fileURLWithPath: path))
        guard document.schemaVersion == ResultsDocument.currentSchemaVersion else {
            throw InputError(file: path, field: "schemaVersion", value: "\(document.schemaVersion)", expected: "\(ResultsDocument.currentSchemaVersion)")
        }
        do {
            return try render(document, writeResults: false)
        } catch let error as GridError {
            // What the report refuses in the document is the results file's fault.
            throw InputError(file: path, error)
        }
    }

    /// The results file's name in the output directory.
    public static let resultsFileName = "results.json"
}

/// Each layout's recommendation in every run of a report run several times
/// (`gridbench report --repeat N`), in the order of the runs.
public struct RepeatedOutcomes: Hashable, Sendable {
    /// Every run's outcome per layout, in the order recorded.
    public private(set) var runs: [[String: ThresholdRule.Outcome]] = []

    public init() {}

    /// Records one run: each layout's outcome in `reports`.
    public mutating func record(_ reports: LayoutReports) {
        record(Dictionary(reports.reports.map { ($0.options.layout, $0.recommendation.outcome) }, uniquingKeysWith: { _, last in last }))
    }

    /// Records one run's outcomes, by layout.
    public mutating func record(_ outcomes: [String: ThresholdRule.Outcome]) {
        runs.append(outcomes)
    }

    /// `layout`'s outcome in every run that reported it, in order.
    public func outcomes(of layout: String) -> [ThresholdRule.Outcome] {
        runs.compactMap { $0[layout] }
    }
}
