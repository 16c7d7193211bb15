import GridCore
import GridHarness

/// The rule that turns the scale series into a recommended adaptive threshold: below it,
/// cache every frame; at and above it, compute on demand.
///
/// Over the scale series (one data set per tile count, all replayed with one trace), the
/// recommended threshold is the **smallest measured tile count from which caching stops
/// paying for good**: the size after the last one at which caching still paid. Caching
/// stops paying at a size when any of these holds:
///
/// 1. ``Condition/onDemandAsFast``: on demand's frame cost (the median by default,
///    ``statistic``) is at most `(1 + tolerance)` × cached's, so the cache buys less than
///    the tolerance;
/// 2. ``Condition/prepareOverBudget``: cached's prepare cost exceeds `prepareBudgetNanos`.
///    A cache is rebuilt in one frame on every rotation or edit, so this is a hitch the
///    user sees each time;
/// 3. ``Condition/memoryOverBudget``: cached's retained memory exceeds `memoryBudgetBytes`.
///
/// The median is compared, not the tail: a frame costs a microsecond or two, and at that
/// scale the p99 of a run shows the machine's interruptions more than the strategy; what a
/// cache costs in the tail (its rebuild on a rotation or edit) is condition 2. And the
/// threshold is taken after the *last* paying size, not at the first that does not pay, so
/// that one noisy size in the middle of the series cannot move it.
///
/// Only runs whose fixture check passed count: a strategy that loads the wrong tiles is
/// not a candidate however fast it was. A tile count without a passing `cached` and a
/// passing `on-demand` run is skipped, and the recommendation says why.
public struct ThresholdRule: Hashable, Sendable {
    /// Which frame cost condition 1 compares.
    public enum Statistic: String, CaseIterable, Hashable, Sendable {
        case p50
        case p99

        /// The statistic of `percentiles`.
        public func value(of percentiles: Percentiles) -> Double {
            switch self {
            case .p50: percentiles.p50
            case .p99: percentiles.p99
            }
        }
    }

    /// How close on demand's cost must come to cached's for the cache to stop paying:
    /// `0.05` means within 5 %.
    public var tolerance: Double
    /// The frame cost compared: the median by default.
    public var statistic: Statistic
    /// The most a cached prepare may cost, in nanoseconds: half a 120 Hz frame by default.
    public var prepareBudgetNanos: Double
    /// The most a cache may retain, in bytes: 4 MiB by default.
    public var memoryBudgetBytes: Double
    /// The name of the caching strategy in results.
    public var cachedStrategy: String
    /// The name of the computing-on-demand strategy in results.
    public var onDemandStrategy: String

    public init(
        tolerance: Double = 0.05,
        statistic: Statistic = .p50,
        prepareBudgetNanos: Double = 1e9 / 120 / 2,
        memoryBudgetBytes: Double = 4 * 1_048_576,
        cachedStrategy: String = "cached",
        onDemandStrategy: String = "on-demand"
    ) {
        self.tolerance = tolerance
        self.statistic = statistic
        self.prepareBudgetNanos = prepareBudgetNanos
        self.memoryBudgetBytes = memoryBudgetBytes
        self.cachedStrategy = cachedStrategy
        self.onDemandStrategy = onDemandStrategy
    }

    /// Throws a ``GridError`` naming the first parameter out of range.
    public func validate() throws(GridError) {
        try GridError.requireNonNegative(tolerance, "tolerance")
        try GridError.requirePositive(prepareBudgetNanos, "prepareBudgetNanos")
        try GridError.requirePositive(memoryBudgetBytes, "memoryBudgetBytes")
        guard !cachedStrategy.isEmpty, cachedStrategy != onDemandStrategy else {
            throw .invalidParameter("cachedStrategy", "\"\(cachedStrategy)\"", expected: "a non-empty name other than onDemandStrategy")
        }
        guard !onDemandStrategy.isEmpty else {
            throw .invalidParameter("onDemandStrategy", "\"\"", expected: "a non-empty name")
        }
    }

    /// One reason caching stops paying.
    public enum Condition: String, CaseIterable, Hashable, Sendable {
        /// On demand's cost (``statistic``) is at most `(1 + tolerance)` × cached's.
        case onDemandAsFast = "on-demand-as-fast"
        /// Cached's prepare exceeds the prepare budget.
        case prepareOverBudget = "prepare-over-budget"
        /// Cached's retained memory exceeds the memory budget.
        case memoryOverBudget = "memory-over-budget"
    }

    /// The rule applied at one tile count of the scale series.
    public struct Evaluation: Hashable, Sendable {
        public var tiles: Int
        public var dataset: String
        /// The passing `cached` run at this size.
        public var cached: RunRecord
        /// The passing `on-demand` run at this size.
        public var onDemand: RunRecord
        /// The conditions that hold, in ``Condition`` order; empty when caching pays.
        public var conditions: [Condition]

        /// Whether caching still pays here: no condition holds.
        public var cachingPays: Bool { conditions.isEmpty }
    }

    /// A tile count the rule could not judge, and why.
    public struct Skipped: Hashable, Sendable {
        public var tiles: Int
        public var dataset: String
        public var reason: String

        public init(tiles: Int, dataset: String, reason: String) {
            self.tiles = tiles
            self.dataset = dataset
            self.reason = reason
        }
    }

    /// What the rule concluded.
    public enum Outcome: Hashable, Sendable {
        /// Cache below `tiles`, compute on demand at and above it.
        case switchAt(tiles: Int)
        /// Caching did not pay even at the smallest measured size.
        case onDemandAtEverySize
        /// Caching paid at every measured size.
        case cacheAtEverySize
        /// No tile count had a passing pair of runs to compare.
        case noData
    }

    /// The rule's answer with everything that led to it.
    public struct Recommendation: Hashable, Sendable {
        public var outcome: Outcome
        /// Every judged tile count, smallest first.
        public var evaluations: [Evaluation]
        /// Tile counts that could not be judged.
        public var skipped: [Skipped]
        /// The rule that was applied.
        public var rule: ThresholdRule

        /// The recommended threshold in tiles, when the switch falls inside the series.
        public var threshold: Int? {
            if case .switchAt(let tiles) = outcome { return tiles }
            return nil
        }

        /// The size that decided: the threshold's, or the smallest measured size when
        /// caching never paid; `nil` when it always did.
        public var deciding: Evaluation? {
            switch outcome {
            case .switchAt(let tiles): evaluations.first { $0.tiles == tiles }
            case .onDemandAtEverySize: evaluations.first
            case .cacheAtEverySize, .noData: nil
            }
        }

        /// The largest size at which caching still paid.
        public var lastPaying: Evaluation? { evaluations.last { $0.cachingPays } }
    }

    /// The conditions that hold for `cached` against `onDemand`, in ``Condition`` order.
    ///
    /// A run without a retained-memory figure (no memory probe) cannot trip the memory
    /// condition.
    /// - Complexity: O(1).
    public func conditions(cached: RunRecord, onDemand: RunRecord) -> [Condition] {
        var holding: [Condition] = []
        if statistic.value(of: onDemand.frameNanos) <= (1 + tolerance) * statistic.value(of: cached.frameNanos) {
            holding.append(.onDemandAsFast)
        }
        if Double(cached.prepareNanos) > prepareBudgetNanos {
            holding.append(.prepareOverBudget)
        }
        if let retained = cached.retainedBytes, Double(retained) > memoryBudgetBytes {
            holding.append(.memoryOverBudget)
        }
        return holding
    }

    /// Applies the rule to the runs of the scale series.
    ///
    /// `runs` are the scale series' runs (one trace, one layout); runs of other strategies
    /// are ignored. At each data set, smallest tile count first, the first passing `cached`
    /// and the first passing `on-demand` run are compared with
    /// ``conditions(cached:onDemand:)``; the size after the last one where no condition
    /// holds is the threshold. If caching paid at no size, it never paid; if it paid at the
    /// largest, it always did.
    /// - Complexity: O(n log n) in the number of runs.
    public func recommend(_ runs: [RunRecord]) -> Recommendation {
        var datasets: [String: (tiles: Int, runs: [RunRecord])] = [:]
        for run in runs where run.strategy == cachedStrategy || run.strategy == onDemandStrategy {
            datasets[run.dataset, default: (run.tiles, [])].runs.append(run)
        }
        let ordered = datasets.sorted { ($0.value.tiles, $0.key) < ($1.value.tiles, $1.key) }

        var evaluations: [Evaluation] = []
        var skipped: [Skipped] = []
        for (dataset, entry) in ordered {
            let cached = entry.runs.filter { $0.strategy == cachedStrategy }
            let onDemand = entry.runs.filter { $0.strategy == onDemandStrategy }
            guard let passingCached = cached.first(where: { $0.fixture == .pass }),
                let passingOnDemand = onDemand.first(where: { $0.fixture == .pass })
            else {
                let reasons = [(cachedStrategy, cached), (onDemandStrategy, onDemand)].compactMap { name, candidates -> String? in
                    if candidates.isEmpty { return "no \(name) run" }
                    if !candidates.contains(where: { $0.fixture == .pass }) { return "\(name) failed its fixture check" }
                    return nil
                }
                skipped.append(Skipped(tiles: entry.tiles, dataset: dataset, reason: reasons.joined(separator: "; ")))
                continue
            }
            evaluations.append(
                Evaluation(
                    tiles: entry.tiles, dataset: dataset, cached: passingCached, onDemand: passingOnDemand,
                    conditions: conditions(cached: passingCached, onDemand: passingOnDemand)))
        }

        let outcome: Outcome
        if evaluations.isEmpty {
            outcome = .noData
        } else if let last = evaluations.lastIndex(where: \.cachingPays) {
            outcome = last == evaluations.count - 1 ? .cacheAtEverySize : .switchAt(tiles: evaluations[last + 1].tiles)
        } else {
            outcome = .onDemandAtEverySize
        }
        return Recommendation(outcome: outcome, evaluations: evaluations, skipped: skipped, rule: self)
    }
}
