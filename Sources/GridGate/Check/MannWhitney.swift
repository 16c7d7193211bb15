import Foundation

/// The Mann–Whitney U test (Wilcoxon rank-sum), two-sided: whether two sets of wall-clock
/// samples differ by more than noise, without assuming how the noise is distributed. It is
/// the test google/benchmark's `compare.py` runs (scipy's `mannwhitneyu`), and gives the
/// same p-values: exact for small samples without ties, otherwise the normal approximation
/// with the tie and continuity corrections.
public enum MannWhitney {
    /// The result of a test.
    public struct Result: Hashable, Sendable {
        /// U of the first sample: how many pairs (a, b) have a > b, ties counting half.
        public var u: Double
        /// The two-sided p-value: how likely a difference at least this large is when
        /// both samples come from one distribution.
        public var p: Double
    }

    /// Tests `a` against `b`.
    ///
    /// - Returns: `nil` when either sample is empty.
    /// - Complexity: O((n + m) log(n + m)), plus O(n·m·(n·m)) for the exact distribution
    ///   when n and m are both at most 30 and nothing ties.
    public static func test(_ a: [Double], _ b: [Double]) -> Result? {
        let n1 = a.count, n2 = b.count
        guard n1 > 0, n2 > 0 else { return nil }
        // Ranks of the pooled samples, ties given their average rank.
        let pooled = (a.map { ($0, true) } + b.map { ($0, false) }).sorted { $0.0 < $1.0 }
        var rankSumA = 0.0
        var tieTerm = 0.0
        var index = 0
        while index < pooled.count {
            var end = index
            while end + 1 < pooled.count && pooled[end + 1].0 == pooled[index].0 { end += 1 }
            let rank = Double(index + end) / 2 + 1
            for k in index ... end where pooled[k].1 { rankSumA += rank }
            let t = Double(end - index + 1)
            tieTerm += t * t * t - t
            index = end + 1
        }
        let u1 = rankSumA - Double(n1 * (n1 + 1)) / 2
        let u2 = Double(n1 * n2) - u1
        if tieTerm == 0, n1 <= 30, n2 <= 30 {
            let cumulative = exactCumulative(n1, n2, Int(min(u1, u2).rounded()))
            return Result(u: u1, p: min(1, 2 * cumulative))
        }
        let n = Double(n1 + n2)
        let mean = Double(n1 * n2) / 2
        let variance = Double(n1 * n2) / 12 * ((n + 1) - tieTerm / (n * (n - 1)))
        guard variance > 0 else { return Result(u: u1, p: 1) }
        let z = max(abs(u1 - mean) - 0.5, 0) / variance.squareRoot()
        return Result(u: u1, p: min(1, erfc(z / 2.0.squareRoot())))
    }

    /// P(U ≤ u) for samples of n1 and n2 without ties: the share of the C(n1 + n2, n1)
    /// orderings whose U is at most u.
    static func exactCumulative(_ n1: Int, _ n2: Int, _ u: Int) -> Double {
        guard u >= 0 else { return 0 }
        let maxU = n1 * n2
        // counts[i][j][k]: orderings of i and j values with U = k, built up as
        // f(i, j, k) = f(i − 1, j, k − j) + f(i, j − 1, k), in doubles (no overflow).
        var previous = [[Double]](repeating: [Double](repeating: 0, count: maxU + 1), count: n2 + 1)
        for j in 0 ... n2 { previous[j][0] = 1 }  // i = 0: one ordering, U = 0
        if n1 > 0 {
            for i in 1 ... n1 {
                var current = [[Double]](repeating: [Double](repeating: 0, count: maxU + 1), count: n2 + 1)
                current[0][0] = 1
                if n2 > 0 {
                    for j in 1 ... n2 {
                        for k in 0 ... min(i * j, maxU) {
                            current[j][k] = current[j - 1][k] + (k >= j ? previous[j][k - j] : 0)
                        }
                    }
                }
                previous = current
            }
        }
        let distribution = previous[n2]
        let total = distribution.reduce(0, +)
        return distribution.prefix(min(u, maxU) + 1).reduce(0, +) / total
    }

    /// The median of `samples`; `nil` when empty.
    public static func median(_ samples: [UInt64]) -> Double? {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? Double(sorted[middle]) : (Double(sorted[middle - 1]) + Double(sorted[middle])) / 2
    }
}
