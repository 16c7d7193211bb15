import Foundation
@testable import GridGate
import GridCore
import GridHarness
import Testing

/// How a check is split into shares, worked by hand.
@Suite struct GateShardTests {
    @Test func parse() {
        #expect(GateShard.parse("2/3")! == (2, 3))
        #expect(GateShard.parse("1/1")! == (1, 1))
        for bad in ["0/3", "4/3", "3", "a/b", "1/0", "-1/2", "1/2/3", ""] { #expect(GateShard.parse(bad) == nil, "\(bad)") }
    }

    /// Costs (seconds) 10, 9, 8, 7, 6, 5 (workloads a…f). Two shares: 10 → 1; 9 → 2; 8 → 2 (9 < 10),
    /// 17; 7 → 1, 17; 6 → 1 (a tie goes to the lower share), 23; 5 → 2, 22. Three shares:
    /// 10, 9, 8 one each; 7 → 3 (8), 15; 6 → 2 (9), 15; 5 → 1 (10), 15.
    @Test func longestFirstToTheLeastLoadedShare() {
        let costs: [(id: String, cost: Double)] = [("a", 10), ("b", 9), ("c", 8), ("d", 7), ("e", 6), ("f", 5)]
        #expect(GateShard.partition(costs, count: 1) == [["a", "b", "c", "d", "e", "f"]])
        #expect(GateShard.partition(costs, count: 2) == [["a", "d", "e"], ["b", "c", "f"]])
        #expect(GateShard.partition(costs, count: 3) == [["a", "f"], ["b", "e"], ["c", "d"]])
        // Shares in plan order, whatever the costs' order.
        #expect(GateShard.partition(costs.reversed(), count: 2) == [["e", "d", "a"], ["f", "c", "b"]])
        #expect(GateShard.partition(costs, count: 8) == [["a"], ["b"], ["c"], ["d"], ["e"], ["f"], [], []])
    }

    /// The cost model, worked by hand: 1.7 s a workload + 12.6 ns an instruction under
    /// callgrind; 0.4 s + 18 × the clock median on the clock.
    @Test func costIsSecondsWithAnOverheadPerWorkload() {
        func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }
        // 100,000,000 × 12.6e-9 = 1.26 s, + 1.7 = 2.96 s.
        #expect(near(GateShard.estimatedSeconds(of: GateFigures(instructions: 100_000_000)), 2.96))
        // 1,000,000 × 12.6e-9 = 0.0126 s, + 1.7 = 1.7126 s: the overhead dominates.
        #expect(near(GateShard.estimatedSeconds(of: GateFigures(instructions: 1_000_000)), 1.7126))
        // Clock mode: median of 1, 2, 3 ms = 2 ms; 18 × 2 ms = 0.036 s, + 0.4 = 0.436 s.
        #expect(near(GateShard.estimatedSeconds(of: GateFigures(clockNanos: [1_000_000, 3_000_000, 2_000_000])), 0.436))
    }

    /// The committed baseline's case in small: one workload of 167 M instructions (the data
    /// grid's scan scroll) and four of 1 M. By instructions alone the big one was a share by
    /// itself; by seconds it weighs 1.7 + 167e6 × 12.6e-9 = 1.7 + 2.1042 = 3.8042 s and each
    /// small one 1.7126 s. Two shares: big → 1 (3.8042); s1 → 2 (1.7126); s2 → 2 (1.7126 <
    /// 3.8042), 3.4252; s3 → 2 (3.4252 < 3.8042), 5.1378; s4 → 1 (3.8042 < 5.1378), 5.5168.
    /// Three shares: big → 1, s1 → 2, s2 → 3; s3 → 2 (1.7126, tie with 3 to the lower),
    /// 3.4252; s4 → 3 (1.7126), 3.4252.
    @Test func sharesBalanceSecondsNotInstructions() {
        func workload(_ id: String, _ instructions: Int) -> GateBaseline.Workload {
            GateBaseline.Workload(
                id: id, definition: id, kind: .prepare, frames: 0, thresholds: .defaults, figures: GateFigures(instructions: instructions))
        }
        var baseline = GateBaselineTests.baseline()
        baseline.workloads = [workload("big", 167_000_000)] + (1 ... 4).map { workload("s\($0)", 1_000_000) }
        func shares(_ count: Int) -> [[String]] { (1 ... count).map { GateShard.workloads(of: baseline, index: $0, count: count) } }
        #expect(shares(2) == [["big", "s4"], ["s1", "s2", "s3"]])
        #expect(shares(3) == [["big"], ["s1", "s3"], ["s2", "s4"]])
        #expect(shares(1) == [["big", "s1", "s2", "s3", "s4"]])
    }

    @Test func planDigestFollowsIDsAndDefinitions() {
        let baseline = GateBaselineTests.baseline()
        var reordered = baseline
        reordered.workloads.reverse()
        #expect(GateShard.planDigest(baseline) == GateShard.planDigest(reordered))
        #expect(GateShard.planDigest(baseline).count == 16)
        var redefined = baseline
        redefined.workloads[0].definition += " "
        #expect(GateShard.planDigest(baseline) != GateShard.planDigest(redefined))
    }
}
