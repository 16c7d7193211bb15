import Foundation
import GridCore
import GridStrategies
import GridViewport

/// Runs a whole ``BenchmarkPlan``: every data set with each of its traces, every strategy,
/// each checked against its fixture.
///
/// Everything is read and checked before the first replay, so that a bad file fails the
/// job at once rather than minutes in.
public struct PlanRunner {
    /// One replay to run: a data set, a trace and its fixture, and a strategy.
    public struct Job: Sendable {
        public var replay: Replay
        public var fixture: ReplayFixture
        public var strategy: StrategyKind
        /// The anchoring policy the replay measures under (a data set of estimated sizes).
        public var anchor: AnchorPolicy = .standard
    }

    public let plan: BenchmarkPlan
    public private(set) var jobs: [Job] = []

    /// Loads every spec, trace and fixture the plan names, keeping the data sets in
    /// `datasets` and the strategies in `strategies` when given. A data set whose plan entry
    /// names its own strategies runs only those (of the ones chosen); one whose entry names
    /// anchoring policies runs each trace under each, against each policy's fixture.
    ///
    /// - Throws: `InputError` naming the file, field and value of the first bad input; a
    ///   missing fixture names the command that records it.
    public init(plan: BenchmarkPlan, margin: PreloadMargin, datasets: Set<String>? = nil, strategies: [StrategyKind]? = nil) throws(InputError) {
        self.plan = plan
        let chosen = strategies ?? plan.strategies
        var specs: [String: LayoutSpec] = [:]
        for (index, entry) in plan.runs.enumerated() where datasets?.contains(entry.dataset) ?? true {
            let dataset = entry.dataset
            let strategiesHere = entry.strategies.map { own in chosen.filter(own.contains) } ?? chosen
            for traceName in entry.traces {
                let spec: LayoutSpec
                if let known = specs[dataset] {
                    spec = known
                } else {
                    spec = try LayoutSpec.load(from: try plan.existingSpecURL(dataset))
                    specs[dataset] = spec
                }
                let traceURL = try plan.existingTraceURL(dataset: dataset, trace: traceName)
                let trace = try ScrollTrace.load(from: traceURL)
                let replay = try Replay(spec: spec, trace: trace, tracePath: traceURL.path)
                if entry.anchors != nil && !replay.isAnchored {
                    throw InputError(
                        file: plan.file, field: "runs[\(index)].anchors", value: "\(entry.anchorPolicies.map(\.rawValue))",
                        expected: "no anchors for \(dataset) with trace \(traceName): its sizes are all known and it types into no cell (anchoring policies apply to a spec with \"estimated\" and to a trace with cell-content events)")
                }
                for anchor in entry.anchorPolicies {
                    let fixtureURL = try plan.existingFixtureURL(dataset: dataset, trace: traceName, anchor: anchor)
                    let fixture = try ReplayFixture.load(from: fixtureURL, for: trace, margin: margin, anchor: anchor)
                    for strategy in strategiesHere {
                        jobs.append(Job(replay: replay, fixture: fixture, strategy: strategy, anchor: anchor))
                    }
                }
            }
        }
        if let datasets, let missing = datasets.subtracting(plan.runs.map(\.dataset)).sorted().first {
            throw InputError(file: plan.file, field: "runs", value: "no data set \"\(missing)\"",
                             expected: "one of " + plan.runs.map(\.dataset).joined(separator: ", "))
        }
    }

    /// The runner with only the jobs at `positions` (ascending), for one share of a
    /// sharded report (``ResultsShard``).
    public func keeping(positions: [Int]) -> PlanRunner {
        var runner = self
        runner.jobs = positions.map { jobs[$0] }
        return runner
    }

    /// Runs every job, calling `progress` before each (with its index) and `finished` after
    /// it, each under its job's anchoring policy (`options`' own is replaced). The strategies
    /// of one data set, trace and anchoring policy are measured together, their passes
    /// interleaved (``Replay/run(_:expected:)-([ReplayOptions],_)``), so that `progress` is
    /// called for each of them before their measurement starts and `finished` for each
    /// once it ends.
    public func run(
        options: (StrategyKind) -> ReplayOptions,
        progress: (_ index: Int, _ job: Job) -> Void = { _, _ in },
        finished: (_ index: Int, _ record: RunRecord) -> Void = { _, _ in }
    ) throws -> [RunRecord] {
        var records: [RunRecord] = []
        records.reserveCapacity(jobs.count)
        for group in groups {
            for index in group { progress(index, jobs[index]) }
            let first = jobs[group.lowerBound]
            let measured = try first.replay.run(
                jobs[group].map { job in
                    var chosen = options(job.strategy)
                    chosen.anchor = job.anchor
                    return chosen
                },
                expected: first.fixture.frames)
            for (offset, record) in measured.enumerated() {
                finished(group.lowerBound + offset, record)
                records.append(record)
            }
        }
        return records
    }
}

extension PlanRunner.Job {
    /// Whether this job is measured together with `other` (their passes interleaved): the
    /// same data set, trace and anchoring policy, so the same fixture.
    func measuredWith(_ other: PlanRunner.Job) -> Bool {
        replay.spec.name == other.replay.spec.name && replay.trace.name == other.replay.trace.name && anchor == other.anchor
    }
}
