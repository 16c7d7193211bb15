import Foundation
import GridViewport

/// One share of `gridbench report` split over a CI matrix: `report --shard i/n` measures
/// share `i` of `n` of the plan's runs, `report merge` joins the `n` partial results into
/// what one run would have written.
///
/// The unit shared out is a group: one data set × trace with all its strategies, because
/// the strategies of a group are measured together, their passes interleaved. The groups
/// are balanced by cost, not by count: a group's cost is its trace's frames × its
/// strategies, known from the plan without running; the groups, costliest first, go one by
/// one to the share with the least cost so far (greedy longest-processing-time; ties to the
/// lower share, then by plan order), as `gridbench gate check --shard` shares workloads.
/// The same plan and selection always give the same shares, on every machine.
public struct ResultsShard: Codable, Hashable, Sendable {
    /// The share, from 1.
    public var index: Int
    /// How many shares the report is split into.
    public var count: Int
    /// A digest of the unsharded runs (data set, trace, strategy, frames, and the anchoring
    /// policy where it is not the default; in order):
    /// every share must be of the same plan and selection.
    public var planDigest: String
    /// How many runs the unsharded report has.
    public var totalRuns: Int
    /// The position of each of this share's runs in the unsharded order, in the order of
    /// the document's `runs`.
    public var positions: [Int]
    /// The commit measured (as the gate's history names it), the same in every share.
    public var commit: String
    /// The toolchain (`swift --version`'s first line), the same in every share.
    public var toolchain: String

    public init(index: Int, count: Int, planDigest: String, totalRuns: Int, positions: [Int], commit: String, toolchain: String) {
        self.index = index
        self.count = count
        self.planDigest = planDigest
        self.totalRuns = totalRuns
        self.positions = positions
        self.commit = commit
        self.toolchain = toolchain
    }

    /// `i/n` as `--shard` takes it: `(i, n)` with 1 ≤ i ≤ n, or `nil` (``ShareSet/parse(_:)``).
    public static func parse(_ text: String) -> (index: Int, count: Int)? { ShareSet.parse(text) }

    /// The digest of `runs`' data sets, traces, strategies and frames, in order: the
    /// ``planDigest`` their plan and selection have, when they are its runs.
    public static func digest(of runs: [RunRecord]) -> String {
        digest(runs.map { line(dataset: $0.dataset, trace: $0.trace, strategy: $0.strategy, frames: $0.frames, anchor: $0.anchor) })
    }

    /// One run's line in ``planDigest``; a policy other than the default (`anchor`, as a
    /// run records it) is added, so that a plan without `anchors` keeps its digest.
    static func line(dataset: String, trace: String, strategy: String, frames: Int, anchor: String? = nil) -> String {
        let fields = [dataset, trace, strategy, String(frames)]
        let policy = anchor.flatMap { $0 == AnchorPolicy.standard.rawValue ? nil : $0 }
        return (fields + (policy.map { [$0] } ?? [])).joined(separator: "\u{1F}")
    }

    /// A digest of `lines`: FNV-1a, 64 bits, each line followed by a newline, as 16 hex digits.
    public static func digest(_ lines: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for line in lines {
            for byte in (line + "\n").utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

extension PlanRunner {
    /// The runner's groups: the ranges of ``jobs`` that share a data set, trace and
    /// anchoring policy, measured together (``run(options:progress:finished:)``).
    public var groups: [Range<Int>] {
        var groups: [Range<Int>] = []
        var start = 0
        while start < jobs.count {
            var end = start + 1
            while end < jobs.count && jobs[end].measuredWith(jobs[start]) {
                end += 1
            }
            groups.append(start ..< end)
            start = end
        }
        return groups
    }

    /// Each group's cost: its trace's frames × its strategies.
    public var groupCosts: [Double] {
        groups.map { Double(jobs[$0.lowerBound].replay.trace.frameCount * $0.count) }
    }

    /// The digest of the runs, as ``ResultsShard/planDigest`` records it.
    public var runsDigest: String {
        ResultsShard.digest(jobs.map { job in
            ResultsShard.line(
                dataset: job.replay.spec.name, trace: job.replay.trace.name, strategy: job.strategy.rawValue,
                frames: job.replay.trace.frameCount, anchor: job.anchor.rawValue)
        })
    }

    /// The positions (in ``jobs``) of share `index` of `count`, in order.
    public func positions(ofShare index: Int, count: Int) -> [Int] {
        let groups = self.groups
        return ShareSet.partition(groupCosts, count: count)[index - 1].flatMap { Array(groups[$0]) }
    }
}
