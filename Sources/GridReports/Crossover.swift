import Foundation

/// Where two cost curves measured at the same sizes cross, interpolated in log-log space.
///
/// On a log-log chart each curve is drawn as straight segments between its measured
/// points, so the crossing is found where those drawn segments cross: with
/// `d = log a − log b` at consecutive sizes `x₀ < x₁`, a sign change of `d` puts the
/// crossing at `t = d₀ / (d₀ − d₁)` of the way from `log x₀` to `log x₁`.
public struct Crossover: Hashable, Sendable {
    /// The size at the crossing (interpolated in log space).
    public var x: Double
    /// The cost at the crossing (on both curves, interpolated in log space).
    public var y: Double
    /// Whether the first curve is the cheaper one below the crossing (`true`) or above it.
    public var firstIsCheaperBelow: Bool

    public init(x: Double, y: Double, firstIsCheaperBelow: Bool) {
        self.x = x
        self.y = y
        self.firstIsCheaperBelow = firstIsCheaperBelow
    }

    /// Every crossing of curve `a` with curve `b`, smallest size first.
    ///
    /// Both are lists of `(size, cost)` with positive values; only sizes measured on both
    /// curves are used. A size where the curves are equal is a crossing only when they
    /// swap order across it (touching and turning back is not); a tie that runs over
    /// several sizes yields one crossing, at its first size.
    /// - Complexity: O(n log n) in the number of points.
    public static func crossings(_ a: [(x: Double, y: Double)], _ b: [(x: Double, y: Double)]) -> [Crossover] {
        var costB: [Double: Double] = [:]
        for point in b where point.x > 0 && point.y > 0 { costB[point.x] = costB[point.x] ?? point.y }
        var shared: [(logX: Double, logA: Double, logB: Double)] = []
        var seen = Set<Double>()
        for point in a.sorted(by: { $0.x < $1.x }) where point.x > 0 && point.y > 0 && !seen.contains(point.x) {
            seen.insert(point.x)
            if let y = costB[point.x] { shared.append((log10(point.x), log10(point.y), log10(y))) }
        }

        var result: [Crossover] = []
        // The sign of a − b before the current stretch of ties, if any.
        var lastSign = 0
        var tieStart: (logX: Double, logY: Double)?
        for index in shared.indices {
            let point = shared[index]
            let difference = point.logA - point.logB
            let sign = difference > 0 ? 1 : (difference < 0 ? -1 : 0)
            if sign == 0 {
                if tieStart == nil { tieStart = (point.logX, point.logA) }
                continue
            }
            if let tie = tieStart {
                if lastSign != 0, lastSign != sign {
                    result.append(Crossover(x: pow(10, tie.logX), y: pow(10, tie.logY), firstIsCheaperBelow: lastSign < 0))
                }
                tieStart = nil
            } else if lastSign != 0, lastSign != sign, index > 0 {
                let previous = shared[index - 1]
                let previousDifference = previous.logA - previous.logB
                let t = previousDifference / (previousDifference - difference)
                let logX = previous.logX + t * (point.logX - previous.logX)
                let logY = previous.logA + t * (point.logA - previous.logA)
                result.append(Crossover(x: pow(10, logX), y: pow(10, logY), firstIsCheaperBelow: lastSign < 0))
            }
            lastSign = sign
        }
        return result
    }
}
