import Foundation
import GridCore
import GridHarness

/// One share of a gate check split over a CI matrix: `check --shard i/n` measures share
/// `i` of `n`, `merge` joins the `n` partial results into what one run would have written.
///
/// The shares are balanced by cost, not by count: each workload's cost is the seconds a
/// check is estimated to spend on it (``estimatedSeconds(of:)``: a constant per workload
/// for its child process, plus a share proportional to its baseline instruction count, or
/// to its clock median in clock mode), and the workloads, costliest first, go one by one to
/// the share with the least cost so far (greedy longest-processing-time; ties to the lower
/// share, then by workload ID). The same baseline always gives the same shares, on every
/// machine.
public struct GateShard: Codable, Hashable, Sendable, MatrixShare {
    /// The share, from 1.
    public var index: Int
    /// How many shares the check is split into.
    public var count: Int
    /// The commit measured (as the history names it), the same in every share.
    public var commit: String
    /// The plan as given to `check`.
    public var plan: String
    /// A digest of the baseline's workloads (IDs and definitions): every share must be of
    /// the same plan.
    public var planDigest: String
    /// The workloads of this share, in plan order.
    public var workloads: [String]

    public init(index: Int, count: Int, commit: String, plan: String, planDigest: String, workloads: [String]) {
        self.index = index
        self.count = count
        self.commit = commit
        self.plan = plan
        self.planDigest = planDigest
        self.workloads = workloads
    }

    /// `i/n` as `--shard` takes it: `(i, n)` with 1 ≤ i ≤ n, or `nil`, as `ShareSet.parse` reads it.
    public static func parse(_ text: String) -> (index: Int, count: Int)? { ShareSet.parse(text) }

    /// The workload IDs of each of `count` shares of `costs`, each share in the order of
    /// `costs` (plan order), by `ShareSet.partition(_:count:)`: the rule `report --shard` uses.
    ///
    /// - Complexity: O(w log w + w·n) for w workloads and n shares.
    public static func partition(_ costs: [(id: String, cost: Double)], count: Int) -> [[String]] {
        ShareSet.partition(costs.map(\.cost), count: count).map { share in share.map { costs[$0].id } }
    }

    /// The workloads of share `index` of `count` of `baseline`.
    public static func workloads(of baseline: GateBaseline, index: Int, count: Int) -> [String] {
        let costs = baseline.workloads.map { workload in (id: workload.id, cost: estimatedSeconds(of: workload.figures)) }
        return partition(costs, count: count)[index - 1]
    }

    /// The cost model: the seconds a check spends on one workload, `overhead + perUnit × x`,
    /// where `x` is the workload's baseline instruction count (instruction mode) or its
    /// clock median in nanoseconds (clock mode).
    public struct CostModel: Hashable, Sendable {
        /// Seconds per workload whatever it measures: its child process, valgrind's start-up,
        /// reading the spec and trace, the set-up and warm-up outside the measured region.
        public var overhead: Double
        /// Seconds per instruction (or per nanosecond of the clock median).
        public var perUnit: Double

        public init(overhead: Double, perUnit: Double) {
            self.overhead = overhead
            self.perUnit = perUnit
        }

        /// `overhead + perUnit × x`.
        public func seconds(_ x: Double) -> Double { overhead + perUnit * x }

        /// Instruction mode, under callgrind: 1.7 s a workload and 12.6 ns an instruction
        /// (about 79 million a second: the region counted and its warm-up, uncounted but
        /// still run under valgrind). Fitted, seconds ≈ a + b·instructions by least squares,
        /// on the 44 workloads of `datasets/gate-plan.json` as a release build's
        /// `gate check --shard 1/2` and `2/2` timed them against `reports/gate-baseline.json`
        /// (see docs/gate.md#shards-one-check-over-a-ci-matrix). What the shares depend on
        /// is the ratio: one workload's overhead weighs as much as about 135 million
        /// instructions.
        public static let callgrind = CostModel(overhead: 1.7, perUnit: 12.6e-9)
        /// Clock mode, with `check`'s defaults (3 runs of 5 samples, each run a child
        /// process that also warms up once): 0.4 s a workload for its three children
        /// (0.13 s each, timed by a debug build's `gate record --clock --runs 1`), and 18 times the median
        /// (3 × (5 + 1) repetitions of the region).
        public static let clock = CostModel(overhead: 0.4, perUnit: 18e-9)
    }

    /// The seconds a check is estimated to spend on a workload of these baseline figures:
    /// ``CostModel/callgrind`` of its instructions, or ``CostModel/clock`` of its clock
    /// median when it has no instruction count (a clock-mode baseline).
    public static func estimatedSeconds(of figures: GateFigures) -> Double {
        if let instructions = figures.instructions { return CostModel.callgrind.seconds(Double(instructions)) }
        return CostModel.clock.seconds(figures.clockMedianNanos ?? 0)
    }

    /// A digest of `baseline`'s workloads: FNV-1a, 64 bits, over the IDs and definitions,
    /// sorted by ID, as 16 hex digits.
    public static func planDigest(_ baseline: GateBaseline) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for workload in baseline.workloads.sorted(by: { $0.id < $1.id }) {
            for byte in (workload.id + "\u{1F}" + workload.definition + "\n").utf8 {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// Joining the partial results of `check --shard i/n` into one check.
public enum GateMerge {
    /// The merged check: every share's figures in the baseline's order, compared as one run
    /// would have compared them, with the shares' explanations.
    ///
    /// - Throws: `InputError` naming the part file and the field when a part is not a
    ///   partial result (no `shard`), is of another mode, machine kind (`environment`),
    ///   commit, plan or share count, duplicates another share, or holds other workloads
    ///   than its share of the baseline; or naming the missing share.
    public static func merge(
        baseline: GateBaseline, baselinePath: String, parts: [(path: String, document: GateComparison.Document)]
    ) throws(InputError) -> (comparison: GateComparison, figures: [(id: String, figures: GateFigures)], shard: GateShard) {
        func fail(_ path: String, _ field: String, _ value: String, _ expected: String) -> InputError {
            InputError(file: path, field: field, value: value, expected: expected)
        }
        let digest = GateShard.planDigest(baseline)
        let shares = try ShareSet.check(
            parts.map { (path: $0.path, part: $0.document) }, argument: "PART.json",
            hint: "a partial result written by `check --shard i/n --json PART.json`", share: \.shard,
            matches: { (path, document, shard, reference) throws(InputError) in
                guard document.mode == baseline.mode else {
                    throw fail(path, "mode", document.mode.rawValue, "\(baseline.mode.rawValue), the mode of the baseline \(baselinePath)")
                }
                for ((field, recorded), (_, here)) in zip(baseline.environment.enforced, document.environment.enforced) where recorded != here {
                    throw fail(path, "environment.\(field)", here.map { "\"\($0)\"" } ?? "none",
                               "\(recorded.map { "\"\($0)\"" } ?? "none"), the baseline's: every share must come from the baseline's machine kind")
                }
                guard shard.planDigest == digest else {
                    throw fail(path, "shard.planDigest", "\"\(shard.planDigest)\"", "\"\(digest)\", the workloads of the baseline \(baselinePath): a share of another plan")
                }
                guard shard.plan == reference.share.plan else {
                    throw fail(path, "shard.plan", "\"\(shard.plan)\"", "\"\(reference.share.plan)\", as \(reference.path) has it")
                }
            },
            holds: { (path, document, shard) throws(InputError) in
                let expected = GateShard.workloads(of: baseline, index: shard.index, count: shard.count)
                guard shard.workloads.sorted() == expected.sorted(), document.workloads.map(\.id).sorted() == expected.sorted() else {
                    throw fail(path, "shard.workloads", "\(document.workloads.map(\.id))", "\(expected), share \(shard.index)/\(shard.count) of the baseline \(baselinePath)")
                }
            })
        var measured: [String: GateFigures] = [:]
        var explanations: [String: GateComparison.Explanation] = [:]
        for part in shares {
            for workload in part.part.workloads { measured[workload.id] = workload.figures }
            for explanation in part.part.explanations ?? [] { explanations[explanation.workload] = explanation }
        }
        let figures = baseline.workloads.compactMap { workload in measured[workload.id].map { (id: workload.id, figures: $0) } }
        var comparison = GateComparison(baseline: baseline, figures: figures)
        comparison.explanations = baseline.workloads.compactMap { explanations[$0.id] }
        var shard = shares[0].share
        shard.index = 0
        shard.workloads = baseline.workloads.map(\.id)
        return (comparison, figures, shard)
    }
}
