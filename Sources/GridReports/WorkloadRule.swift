import GridCore
import GridHarness

/// The rule behind the verdict: which strategy to choose at each measured size, weighing
/// every trace the layout's data sets were replayed with (steady scroll, edits, moves,
/// rotations, jumps), not only the steady scroll.
///
/// At each data set (a *size*), every strategy measured there is judged on the figures its
/// rows in the report's tables show, in three steps:
///
/// 1. **Frames over budget.** A strategy with a failed fixture check at the size is out. A
///    strategy with any run whose p99 or worst frame exceeds the frame budget (one frame at
///    the trace's refresh rate, as ``RunAlert`` counts it) is out at that size, unless every
///    strategy has one: then those with the fewest runs over budget stay, and of them those
///    whose worst such frame is within ``tolerance`` of the lightest.
/// 2. **Steady scroll.** Of the rest, the fastest by the p50 of the size's steady-scroll
///    trace (the first of the report's scale and canonical traces measured there), and
///    every strategy whose p50 is within ``tolerance`` of it: the p50 is the figure the
///    tables show, and a difference inside the tolerance is not one a user can see or the
///    machine reproduces.
/// 3. **Ties**, settled by what the user pays outside the steady scroll, one figure after
///    the other, each keeping the strategies within its margin of the lowest: the worst p99
///    over the size's other traces (edits, moves, rotations, jumps), within
///    ``eventFactor`` × the lowest; then the prepare cost, within ``tolerance``; then the
///    retained memory, within ``tolerance`` (when every strategy has it). If several are
///    still left, the first in report order: nothing measured tells them apart, and a
///    lower p50 inside the tolerance is noise (it would flip between runs).
///
/// The chosen strategy is therefore always one of the step 2 group, which the verdict
/// names.
public struct WorkloadRule: Hashable, Sendable {
    /// How far apart the p50s, prepare costs, retained memory and (when every strategy has
    /// frames over budget) worst frames must be to tell strategies apart: `0.10`, 10 %, the
    /// run-to-run spread of a median on a shared machine (see ``ThresholdRule/tolerance``).
    public var tolerance: Double
    /// How many times the lightest worst event p99 another strategy's may reach and still
    /// be tied: `2`. Tails move far more than medians between runs of one build (a p99 of a
    /// few microseconds is a handful of interrupted frames), so only a difference no rerun
    /// undoes settles a tie; an edit that costs a cache a hundred microseconds against five
    /// on demand is one.
    public var eventFactor: Double

    public init(tolerance: Double = 0.10, eventFactor: Double = 2) {
        self.tolerance = tolerance
        self.eventFactor = eventFactor
    }

    /// Throws a `GridError` naming the first parameter out of range.
    public func validate() throws(GridError) {
        try GridError.requireNonNegative(tolerance, "tolerance")
        guard eventFactor >= 1, eventFactor.isFinite else {
            throw .invalidParameter("eventFactor", eventFactor, expected: "a finite number ≥ 1")
        }
    }

    /// One strategy's figures at one size, each taken from one of its rows.
    public struct Figures: Hashable, Sendable {
        /// The strategy's name in the results.
        public var strategy: String
        /// The run over the size's steady-scroll trace: its p50, prepare and retained
        /// memory are the figures compared.
        public var steady: RunRecord
        /// The run over another trace with the highest p99, or `nil` when the size has no
        /// other trace.
        public var worstEvent: RunRecord?
        /// The runs with a frame over the frame budget (p99 or max), in document order.
        public var overBudget: [RunAlert]

        /// The strategy as the report names it: `adaptive (→ on-demand)`.
        public var label: String { steady.adaptiveChoice.map { "\(strategy) (→ \($0))" } ?? strategy }
        public var p50: Double { steady.frameNanos.p50 }
        public var prepare: Double { Double(steady.prepareNanos) }
        public var retained: Double? { steady.retainedBytes.map(Double.init) }
        /// The worst event p99, or `nil` without another trace.
        public var eventP99: Double? { worstEvent?.frameNanos.p99 }
        /// The heaviest frame over budget: the largest p99 or max of the runs over budget.
        public var worstOverrun: Double { overBudget.map { max($0.run.frameNanos.p99, $0.run.frameNanos.max) }.max() ?? 0 }
    }

    /// A figure a tie is settled by, in the order they are tried.
    public enum Basis: String, CaseIterable, Hashable, Sendable {
        case eventFrames = "event-frames"
        case prepare
        case memory
        case order
    }

    /// One tie-break step that told strategies apart: who stayed, who was dropped.
    public struct Step: Hashable, Sendable {
        public var basis: Basis
        public var kept: [Figures]
        public var dropped: [Figures]
    }

    /// The rule at one size.
    public struct Judgement: Hashable, Sendable {
        public var tiles: Int
        public var dataset: String
        /// The trace whose p50 is compared.
        public var steadyTrace: String
        /// Every strategy with a passing run over the steady trace, in report order.
        public var figures: [Figures]
        /// Strategies that failed a fixture check at this size.
        public var failed: [String]
        /// Strategies measured here but not over the steady trace.
        public var unmeasured: [String]
        /// Whether every judged strategy has a frame over budget (step 1's exception).
        public var everyOverBudget: Bool
        /// Strategies out at step 1.
        public var excluded: [Figures]
        /// Step 2's group: the fastest steady scroll and every strategy within the tolerance of it.
        public var fastest: [Figures]
        /// Step 3's steps that dropped someone, in order.
        public var steps: [Step]
        /// The strategy chosen at this size.
        public var chosen: Figures
    }

    /// A size the rule could not judge, and why.
    public struct Skipped: Hashable, Sendable {
        public var tiles: Int
        public var dataset: String
        public var reason: String
    }

    /// The rule's answer over every size of a layout.
    public struct Verdict: Hashable, Sendable {
        /// Every judged size, smallest first (ties by data set name).
        public var judgements: [Judgement]
        public var skipped: [Skipped]
        public var rule: WorkloadRule
        /// The share of bootstrap replicates that give the same choice at every size
        /// (``WorkloadRule/confidence(of:)``); `nil` without passes to resample.
        public var confidence: Double?

        /// The judgements grouped into runs of consecutive sizes with the same choice.
        public var stretches: [(strategy: String, label: String, judgements: [Judgement])] {
            var result: [(strategy: String, label: String, judgements: [Judgement])] = []
            for judgement in judgements {
                if let last = result.last, last.strategy == judgement.chosen.strategy {
                    result[result.count - 1].judgements.append(judgement)
                } else {
                    result.append((judgement.chosen.strategy, judgement.chosen.label, [judgement]))
                }
            }
            return result
        }
    }

    /// Applies the rule to `runs` (one layout's, every data set and trace).
    ///
    /// At each data set, the steady-scroll trace is the first of `steadyTraces` measured
    /// there; a data set with none of them is skipped. Strategies are listed in `order`,
    /// the others after them as they first appear.
    /// - Complexity: O(n log n) in the number of runs.
    public func judge(_ runs: [RunRecord], steadyTraces: [String], order: [String]) -> Verdict {
        var datasets: [String: (tiles: Int, runs: [RunRecord])] = [:]
        var firstSeen: [String] = []
        for run in runs {
            if datasets[run.dataset] == nil { firstSeen.append(run.dataset) }
            datasets[run.dataset, default: (run.tiles, [])].runs.append(run)
        }
        let ordered = firstSeen.sorted { (datasets[$0]?.tiles ?? 0, $0) < (datasets[$1]?.tiles ?? 0, $1) }
        var judgements: [Judgement] = []
        var skipped: [Skipped] = []
        for dataset in ordered {
            guard let entry = datasets[dataset] else { continue }
            let traces = Set(entry.runs.map(\.trace))
            guard let steady = steadyTraces.first(where: traces.contains) else {
                skipped.append(Skipped(tiles: entry.tiles, dataset: dataset, reason: "no run over " + steadyTraces.joined(separator: " or ")))
                continue
            }
            if let judgement = judge(dataset: dataset, tiles: entry.tiles, runs: entry.runs, steadyTrace: steady, order: order) {
                judgements.append(judgement)
            } else {
                skipped.append(Skipped(tiles: entry.tiles, dataset: dataset, reason: "no strategy passed its fixture check over \(steady)"))
            }
        }
        var verdict = Verdict(judgements: judgements, skipped: skipped, rule: self)
        verdict.confidence = confidence(of: verdict)
        return verdict
    }

    /// The rule at one size: `runs` are the data set's, every trace and strategy.
    func judge(dataset: String, tiles: Int, runs: [RunRecord], steadyTrace: String, order: [String]) -> Judgement? {
        var names = order.filter { name in runs.contains { $0.strategy == name } }
        for run in runs where !names.contains(run.strategy) { names.append(run.strategy) }
        var figures: [Figures] = []
        var failed: [String] = [], unmeasured: [String] = []
        for name in names {
            let own = runs.filter { $0.strategy == name }
            if own.contains(where: { $0.fixture == .fail }) {
                failed.append(name)
                continue
            }
            guard let steady = own.first(where: { $0.trace == steadyTrace }) else {
                unmeasured.append(name)
                continue
            }
            let events = own.filter { $0.trace != steadyTrace }
            let worst = events.max { $0.frameNanos.p99 < $1.frameNanos.p99 }
            let over = own.compactMap(RunAlert.init)
            figures.append(Figures(strategy: name, steady: steady, worstEvent: worst, overBudget: over))
        }
        guard !figures.isEmpty else { return nil }

        // Step 1: frames over budget.
        let clear = figures.filter { $0.overBudget.isEmpty }
        let every = clear.isEmpty
        var candidates: [Figures]
        if every {
            let fewest = figures.map(\.overBudget.count).min() ?? 0
            let least = figures.filter { $0.overBudget.count == fewest }
            let lightest = least.map(\.worstOverrun).min() ?? 0
            candidates = least.filter { $0.worstOverrun <= lightest * (1 + tolerance) }
        } else {
            candidates = clear
        }
        let excluded = figures.filter { figure in !candidates.contains { $0.strategy == figure.strategy } }

        let settled = settle(candidates) { $0.p50 }
        return Judgement(
            tiles: tiles, dataset: dataset, steadyTrace: steadyTrace, figures: figures, failed: failed, unmeasured: unmeasured,
            everyOverBudget: every, excluded: excluded, fastest: settled.fastest, steps: settled.steps, chosen: settled.chosen)
    }

    /// Steps 2 and 3 over `candidates` (not empty), with each one's steady p50 given by `p50`.
    func settle(_ candidates: [Figures], p50: (Figures) -> Double) -> (fastest: [Figures], steps: [Step], chosen: Figures) {
        let fastestP50 = candidates.map(p50).min() ?? 0
        let fastest = candidates.filter { p50($0) <= fastestP50 * (1 + tolerance) }
        var remaining = fastest
        var steps: [Step] = []
        func narrow(_ basis: Basis, margin: Double, _ value: (Figures) -> Double?) {
            guard remaining.count > 1 else { return }
            let values = remaining.compactMap(value)
            guard values.count == remaining.count, let lowest = values.min() else { return }
            let kept = remaining.filter { (value($0) ?? 0) <= lowest * margin }
            if kept.count < remaining.count {
                steps.append(Step(basis: basis, kept: kept, dropped: remaining.filter { f in !kept.contains { $0.strategy == f.strategy } }))
                remaining = kept
            }
        }
        narrow(.eventFrames, margin: eventFactor) { $0.eventP99 }
        narrow(.prepare, margin: 1 + tolerance) { $0.prepare }
        narrow(.memory, margin: 1 + tolerance) { $0.retained }
        if remaining.count > 1 {
            steps.append(Step(basis: .order, kept: [remaining[0]], dropped: Array(remaining.dropFirst())))
            remaining = [remaining[0]]
        }
        return (fastest, steps, remaining[0])
    }
}
