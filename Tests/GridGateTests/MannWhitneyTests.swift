@testable import GridGate
import Testing

/// The p-values scipy.stats.mannwhitneyu(a, b, alternative="two-sided") gives (scipy 1.17):
/// exact without ties, asymptotic with the tie and continuity corrections otherwise.
@Suite struct MannWhitneyTests {
    static let cases: [(a: [Double], b: [Double], u: Double, p: Double)] = [
        ([10, 12, 14, 16, 18], [11, 13, 15, 17, 19], 10, 0.6904761904761905),
        ([1, 2, 3, 4, 5, 6, 7, 8], [9, 10, 11, 12, 13, 14, 15, 16], 0, 0.0001554001554001554),
        ([100, 101, 102, 100, 103, 99, 101, 100, 102, 104, 98, 100, 101, 102, 100],
         [105, 107, 104, 106, 108, 105, 104, 109, 106, 105, 107, 104, 106, 105, 108], 1.5, 4.00529139852177e-06),
        ([1, 1, 2, 2, 3], [2, 3, 3, 4, 4], 3, 0.05241162867102868),
    ]

    @Test(arguments: 0 ..< cases.count)
    func agreesWithScipy(index: Int) throws {
        let (a, b, u, p) = Self.cases[index]
        let result = try #require(MannWhitney.test(a, b))
        #expect(result.u == u)
        #expect(abs(result.p - p) <= 1e-9 * max(1, p), "p = \(result.p), scipy \(p)")
    }

    @Test func isSymmetricAndRefusesEmptySamples() throws {
        let a: [Double] = [3, 9, 4, 7], b: [Double] = [5, 1, 8, 2, 6]
        let ab = try #require(MannWhitney.test(a, b)), ba = try #require(MannWhitney.test(b, a))
        #expect(ab.p == ba.p)
        #expect(ab.u + ba.u == Double(a.count * b.count))
        #expect(MannWhitney.test([], b) == nil)
    }

    /// Identical samples are noise: every value tied, p = 1.
    @Test func identicalSamplesAreNotSignificant() throws {
        let result = try #require(MannWhitney.test([5, 5, 5], [5, 5, 5]))
        #expect(result.p == 1)
    }

    /// The exact distribution sums to one and is symmetric about n·m/2.
    @Test func exactDistribution() {
        #expect(MannWhitney.exactCumulative(4, 6, 24) == 1)
        #expect(abs(MannWhitney.exactCumulative(4, 6, 11) - (1 - MannWhitney.exactCumulative(4, 6, 12))) < 1e-12)
        #expect(MannWhitney.exactCumulative(3, 3, -1) == 0)
        #expect(MannWhitney.exactCumulative(1, 1, 0) == 0.5)
    }

    @Test func median() {
        #expect(MannWhitney.median([3, 1, 2]) == 2)
        #expect(MannWhitney.median([4, 1, 3, 2]) == 2.5)
        #expect(MannWhitney.median([]) == nil)
    }
}
