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

    /// Costs 10, 9, 8, 7, 6, 5 (workloads a…f). Two shares: 10 → 1; 9 → 2; 8 → 2 (9 < 10),
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
