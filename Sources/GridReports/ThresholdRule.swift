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
/// 1. ``Condition/onDemandAsFast``: the cache is not measurably faster. Frame costs are
///    compared by the ratio of on demand's median to cached's, with its 95 % interval
///    from a paired bootstrap over the interleaved passes (`Bootstrap`),
///    in two stages (processes, then passes) when they were measured in several processes.
///    When the interval lies wholly above `1 + tolerance`, cached is faster; wholly below
///    `1 − tolerance`, on demand is; otherwise the two are *equivalent* at that size and
///    the tie is settled by what does not depend on noise (``TieBreak``): instructions
///    per frame when they were counted (valgrind), else retained memory, else the
///    prepare cost. The cache pays only when it is faster, or equivalent and the tie
///    goes its way.
/// 2. ``Condition/prepareOverBudget``: cached's rebuild cost exceeds `prepareBudgetNanos`.
///    A cache is rebuilt in one frame on every rotation or reload, so this is a hitch the
///    user sees each time. The cost is the warm rebuild (`RunRecord.rebuildNanos`:
///    the cache prepared again over its own storage), which is what those frames pay; the
///    cold prepare, paid once when the strategy is made, only for results without it;
/// 3. ``Condition/memoryOverBudget``: cached's retained memory exceeds `memoryBudgetBytes`.
///
/// Why so: at most sizes the two strategies differ by less than the run-to-run noise of a
/// shared machine, and a rule that turns any difference beyond 5 % into a decision gives
/// two answers on two runs (hence a tolerance of 10 %: see ``tolerance``). Differences inside the interval are not evidence; the
/// deterministic figures are. The median is compared, not the tail: a frame costs a
/// microsecond or two, and at that scale the p99 of a run shows the machine's
/// interruptions more than the strategy; what a cache costs in the tail (its rebuild on a
/// rotation or edit) is condition 2. And the threshold is taken after the *last* paying
/// size, not at the first that does not pay, so that one size in the middle of the series
/// cannot move it.
///
/// Results written before the passes were recorded (no `passMediansNanos`) are compared by
/// their p50 alone, equivalent within the tolerance.
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

    /// How close on demand's frame cost must come to cached's for the two to be
    /// equivalent: `0.10` (the default) means within 10 %.
    ///
    /// Why 10 %: that is how far the ratio itself moves between processes of one binary on
    /// a shared machine. Eleven separate runs of `gridbench run --dataset scale-10000 --trace
    /// tour-120hz --strategy cached --strategy on-demand`, the same build, gave ratios from
    /// 0.96 to 1.11; a tolerance inside that range (5 %) let the tile grid's 6 % difference
    /// at 10,000 tiles come out "cached faster" in some reports and "equivalent" in others. A
    /// difference smaller than the machine reproduces is not one to build a recommendation
    /// on, and at these costs (hundreds of nanoseconds against a budget of milliseconds) it
    /// is not one a user could see either.
    public var tolerance: Double
    /// How far apart instruction counts must be to settle a tie (`0.05`: 5 %). They are
    /// counted exactly, so this is not noise: a difference this small is not worth a cache.
    public var instructionTolerance: Double
    /// The frame cost compared: the median by default.
    public var statistic: Statistic
    /// The most a cache's rebuild may cost, in nanoseconds: half a 120 Hz frame by default.
    public var prepareBudgetNanos: Double

    /// What a cache costs in the frame it is rebuilt (a rotation, a reload): its warm
    /// rebuild (`RunRecord.rebuildNanos`), or its cold prepare for results
    /// that predate it.
    static func rebuildCost(_ run: RunRecord) -> Double {
        Double(run.rebuildNanos ?? run.prepareNanos)
    }
    /// The most a cache may retain, in bytes: 4 MiB by default.
    public var memoryBudgetBytes: Double
    /// The name of the caching strategy in results.
    public var cachedStrategy: String
    /// The name of the computing-on-demand strategy in results.
    public var onDemandStrategy: String

    public init(
        tolerance: Double = 0.10,
        instructionTolerance: Double = 0.05,
        statistic: Statistic = .p50,
        prepareBudgetNanos: Double = 1e9 / 120 / 2,
        memoryBudgetBytes: Double = 4 * 1_048_576,
        cachedStrategy: String = "cached",
        onDemandStrategy: String = "on-demand"
    ) {
        self.tolerance = tolerance
        self.instructionTolerance = instructionTolerance
        self.statistic = statistic
        self.prepareBudgetNanos = prepareBudgetNanos
        self.memoryBudgetBytes = memoryBudgetBytes
        self.cachedStrategy = cachedStrategy
        self.onDemandStrategy = onDemandStrategy
    }

    /// Throws a `GridError` naming the first parameter out of range.
    public func validate() throws(GridError) {
        try GridError.requireNonNegative(tolerance, "tolerance")
        try GridError.requireNonNegative(instructionTolerance, "instructionTolerance")
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
        /// The cache is not measurably faster: on demand is faster, or the two are
        /// equivalent and the tie-break does not favour the cache.
        case onDemandAsFast = "on-demand-as-fast"
        /// Cached's prepare exceeds the prepare budget.
        case prepareOverBudget = "prepare-over-budget"
        /// Cached's retained memory exceeds the memory budget.
        case memoryOverBudget = "memory-over-budget"
    }

    /// Which strategy's frames are faster at one size, on the evidence.
    public enum Speed: String, Hashable, Sendable {
        /// On demand's median is more than `1 + tolerance` × cached's, beyond the noise.
        case cachedFaster = "cached-faster"
        /// On demand's median is less than `1 − tolerance` × cached's, beyond the noise.
        case onDemandFaster = "on-demand-faster"
        /// The interval of the ratio overlaps `1 ± tolerance`: no difference shown.
        case equivalent
    }

    /// On demand's frame cost against cached's at one size.
    public struct SpeedComparison: Hashable, Sendable {
        /// `median(on demand) / median(cached)`: of the pass medians, or of the p50s for
        /// results without passes.
        public var ratio: Double
        /// The ratio's 95 % interval (paired bootstrap over passes); `nil` without passes.
        public var interval: ConfidenceInterval?
        public var speed: Speed
    }

    /// What settled a tie between equivalent strategies.
    public struct TieBreak: Hashable, Sendable {
        /// The figure compared.
        public enum Basis: String, Hashable, Sendable {
            case instructions
            case memory
            case prepare
            /// Nothing told them apart: the cache does not pay.
            case none
        }

        public var basis: Basis
        public var cached: Double
        public var onDemand: Double
        /// Whether the figures favour the cache.
        public var favoursCached: Bool
        /// When instructions were not counted, why (for the report): valgrind absent, or
        /// not counted for this run.
        public var instructionsMissing: Bool
        /// Instructions per frame (cached, on demand) when both were counted, even when
        /// they were too close to decide.
        public var instructions: (cached: Double, onDemand: Double)?

        public static func == (a: TieBreak, b: TieBreak) -> Bool {
            a.basis == b.basis && a.cached == b.cached && a.onDemand == b.onDemand && a.favoursCached == b.favoursCached
                && a.instructionsMissing == b.instructionsMissing && a.instructions?.cached == b.instructions?.cached
                && a.instructions?.onDemand == b.instructions?.onDemand
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(basis)
            hasher.combine(cached)
            hasher.combine(onDemand)
            hasher.combine(favoursCached)
        }
    }

    /// The rule applied at one tile count of the scale series.
    public struct Evaluation: Hashable, Sendable {
        public var tiles: Int
        public var dataset: String
        /// The passing `cached` run at this size.
        public var cached: RunRecord
        /// The passing `on-demand` run at this size.
        public var onDemand: RunRecord
        /// Frame costs compared.
        public var comparison: SpeedComparison
        /// How a tie was settled, when the two were equivalent.
        public var tieBreak: TieBreak?
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
        /// The share of bootstrap replicates of the measurements that give the same
        /// outcome (``ThresholdRule/confidence(of:)``); `nil` when no size had passes.
        public var confidence: Double?

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

    /// The speed of on demand against cached: by the paired bootstrap over their passes
    /// when both have at least two, else by their p50s.
    /// - Complexity: O(R · p log p) for R resamples of p passes.
    public func compare(cached: RunRecord, onDemand: RunRecord) -> SpeedComparison {
        if let top = onDemand.comparedPassesByProcess, let bottom = cached.comparedPassesByProcess,
           case let groups = Bootstrap.pairedGroups(top, bottom), groups.reduce(0, { $0 + $1.top.count }) >= 2,
           let interval = Bootstrap.ratioInterval(groups: groups) {
            let ratio = Bootstrap.median(groups.flatMap(\.top)) / Bootstrap.median(groups.flatMap(\.bottom))
            let speed: Speed = interval.low > 1 + tolerance ? .cachedFaster : (interval.high < 1 - tolerance ? .onDemandFaster : .equivalent)
            return SpeedComparison(ratio: ratio, interval: interval, speed: speed)
        }
        let ratio = statistic.value(of: onDemand.frameNanos) / statistic.value(of: cached.frameNanos)
        return SpeedComparison(ratio: ratio, interval: nil, speed: speed(ofRatio: ratio))
    }

    /// The speed a single ratio shows, against `1 ± tolerance`.
    func speed(ofRatio ratio: Double) -> Speed {
        ratio > 1 + tolerance ? .cachedFaster : (ratio < 1 - tolerance ? .onDemandFaster : .equivalent)
    }

    /// Settles a tie by what does not depend on noise, in this order: instructions per
    /// frame, when both runs have them and they differ by more than the instruction
    /// tolerance; retained
    /// memory, when both were measured and differ; the prepare cost, when it differs. The
    /// lower figure wins. When nothing tells them apart, the cache does not pay (it costs
    /// memory and a rebuild for nothing).
    public func tieBreak(cached: RunRecord, onDemand: RunRecord) -> TieBreak {
        let missing = cached.instructionsPerFrame == nil || onDemand.instructionsPerFrame == nil
        var instructions: (cached: Double, onDemand: Double)?
        if let c = cached.instructionsPerFrame, let o = onDemand.instructionsPerFrame, c > 0, o > 0 {
            instructions = (c, o)
            if abs(o / c - 1) > instructionTolerance {
                return TieBreak(basis: .instructions, cached: c, onDemand: o, favoursCached: c < o, instructionsMissing: false, instructions: instructions)
            }
        }
        if let c = cached.retainedBytes, let o = onDemand.retainedBytes, c != o {
            return TieBreak(
                basis: .memory, cached: Double(c), onDemand: Double(o), favoursCached: c < o, instructionsMissing: missing,
                instructions: instructions)
        }
        if cached.prepareNanos != onDemand.prepareNanos {
            return TieBreak(
                basis: .prepare, cached: Double(cached.prepareNanos), onDemand: Double(onDemand.prepareNanos),
                favoursCached: cached.prepareNanos < onDemand.prepareNanos, instructionsMissing: missing, instructions: instructions)
        }
        return TieBreak(basis: .none, cached: 0, onDemand: 0, favoursCached: false, instructionsMissing: missing, instructions: instructions)
    }

    /// The conditions that hold for `cached` against `onDemand` whose frame costs compare
    /// as `speed`, in ``Condition`` order, and the tie-break when they are equivalent.
    ///
    /// A run without a retained-memory figure (no memory probe) cannot trip the memory
    /// condition.
    /// - Complexity: O(1).
    public func conditions(
        cached: RunRecord, onDemand: RunRecord, speed: Speed
    ) -> (conditions: [Condition], tieBreak: TieBreak?) {
        var holding: [Condition] = []
        var tie: TieBreak?
        switch speed {
        case .cachedFaster:
            break
        case .onDemandFaster:
            holding.append(.onDemandAsFast)
        case .equivalent:
            let settled = tieBreak(cached: cached, onDemand: onDemand)
            tie = settled
            if !settled.favoursCached { holding.append(.onDemandAsFast) }
        }
        if Self.rebuildCost(cached) > prepareBudgetNanos {
            holding.append(.prepareOverBudget)
        }
        if let retained = cached.retainedBytes, Double(retained) > memoryBudgetBytes {
            holding.append(.memoryOverBudget)
        }
        return (holding, tie)
    }

    /// Applies the rule to the runs of the scale series.
    ///
    /// `runs` are the scale series' runs (one trace, one layout); runs of other strategies
    /// are ignored. At each data set, smallest tile count first, the first passing `cached`
    /// and the first passing `on-demand` run are compared with
    /// ``conditions(cached:onDemand:speed:)``; the size after the last one where no condition
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
            let comparison = compare(cached: passingCached, onDemand: passingOnDemand)
            let judged = conditions(cached: passingCached, onDemand: passingOnDemand, speed: comparison.speed)
            evaluations.append(
                Evaluation(
                    tiles: entry.tiles, dataset: dataset, cached: passingCached, onDemand: passingOnDemand,
                    comparison: comparison, tieBreak: judged.tieBreak, conditions: judged.conditions))
        }
        var recommendation = Recommendation(
            outcome: Self.outcome(evaluations.map(\.tiles), paying: evaluations.map(\.cachingPays)),
            evaluations: evaluations, skipped: skipped, rule: self)
        recommendation.confidence = confidence(of: recommendation)
        return recommendation
    }

    /// The outcome for sizes `tiles` (smallest first) at which caching pays or not: the
    /// size after the last paying one.
    static func outcome(_ tiles: [Int], paying: [Bool]) -> Outcome {
        if tiles.isEmpty { return .noData }
        guard let last = paying.lastIndex(of: true) else { return .onDemandAtEverySize }
        return last == tiles.count - 1 ? .cacheAtEverySize : .switchAt(tiles: tiles[last + 1])
    }

    /// Bootstrap replicates judged by this confidence.
    public static let confidenceReplicates = 500

    /// How sure the recommendation is: the share of ``confidenceReplicates`` replicates of
    /// the measurements that lead to the same outcome. In each replicate, every size's
    /// passes are resampled in pairs (`Bootstrap.ratioReplicates(_:_:count:seed:)`),
    /// the resampled ratio is judged against `1 ± tolerance` (equivalent inside, ties
    /// settled as before), the prepare and memory conditions stay as measured, and the
    /// outcome is worked out again. `nil` when no size has passes to resample.
    /// - Complexity: O(S · R · p log p) for S sizes, R replicates and p passes.
    public func confidence(of recommendation: Recommendation) -> Double? {
        let evaluations = recommendation.evaluations
        let count = Self.confidenceReplicates
        var replicates: [[Double]] = []
        var any = false
        for (index, evaluation) in evaluations.enumerated() {
            let ratios = Bootstrap.ratioReplicates(
                groups: Bootstrap.pairedGroups(evaluation.onDemand.comparedPassesByProcess ?? [], evaluation.cached.comparedPassesByProcess ?? []),
                count: count, seed: 0x636F_6E66 &+ UInt64(index))
            if ratios.count == count { any = true }
            replicates.append(ratios)
        }
        guard any else { return nil }
        var agreeing = 0
        for replicate in 0..<count {
            let paying = evaluations.indices.map { index -> Bool in
                let evaluation = evaluations[index]
                let ratios = replicates[index]
                let speed = ratios.count == count ? speed(ofRatio: ratios[replicate]) : evaluation.comparison.speed
                return conditions(cached: evaluation.cached, onDemand: evaluation.onDemand, speed: speed).conditions.isEmpty
            }
            if Self.outcome(evaluations.map(\.tiles), paying: paying) == recommendation.outcome { agreeing += 1 }
        }
        return Double(agreeing) / Double(count)
    }
}
