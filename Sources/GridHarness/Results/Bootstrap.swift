import GridCore

/// An interval that holds a figure with a stated confidence: `[low, high]`.
public struct ConfidenceInterval: Codable, Hashable, Sendable, CustomStringConvertible {
    public var low: Double
    public var high: Double

    public init(low: Double, high: Double) {
        self.low = low
        self.high = high
    }

    /// Whether the interval and `[low, high]` share a point.
    public func overlaps(_ low: Double, _ high: Double) -> Bool { self.low <= high && low <= self.high }

    public var description: String { "[\(low), \(high)]" }
}

/// Percentile bootstrap intervals over measured passes: how far a figure could move if
/// the machine's noise had fallen differently, from the spread of the passes themselves.
///
/// A run measures several passes over its trace, and each pass has a median frame cost.
/// The figure compared is the median of those pass medians; its interval comes from
/// ``resamples`` resamplings of the passes with replacement, taking the 2.5th and 97.5th
/// percentiles of the resampled medians (a 95 % percentile bootstrap). The resampling is
/// seeded, so the same passes always give the same interval.
///
/// Two strategies measured in the same rounds (the report interleaves them: one pass of
/// each, in turn) are compared by a *paired* bootstrap: the same pass indices are drawn
/// for both, so noise that hit one round hits both sides of the ratio.
public enum Bootstrap {
    /// Resamplings per interval.
    public static let resamples = 2000
    /// The confidence of every interval: 95 %.
    public static let level = 0.95
    /// How the intervals are made, for reports.
    public static let method = "a 95 % percentile bootstrap over passes (2,000 resamples, seeded)"

    /// The median of `values`: the middle one, or the mean of the two middle ones.
    /// - Complexity: O(n log n).
    public static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }
        var copy = values
        return copy.withUnsafeMutableBufferPointer { medianInPlace($0) }
    }

    /// The median of `buffer`, which it sorts (insertion sort: pass counts are small).
    static func medianInPlace(_ buffer: UnsafeMutableBufferPointer<Double>) -> Double {
        let count = buffer.count
        guard count > 0 else { return .nan }
        var index = 1
        while index < count {
            let value = buffer[index]
            var hole = index
            while hole > 0 && buffer[hole - 1] > value {
                buffer[hole] = buffer[hole - 1]
                hole -= 1
            }
            buffer[hole] = value
            index += 1
        }
        let middle = count / 2
        return count % 2 == 1 ? buffer[middle] : (buffer[middle - 1] + buffer[middle]) / 2
    }

    /// The 95 % interval of the median of `values`; `nil` for fewer than 2 values.
    /// - Complexity: O(R · n²) for R resamples of n values (n is a number of passes).
    public static func medianInterval(_ values: [Double], seed: UInt64 = 0x6772_6964) -> ConfidenceInterval? {
        guard values.count >= 2 else { return nil }
        var random = SeededRandom(seed: seed)
        var medians = [Double](repeating: 0, count: resamples)
        var sample = values
        let last = values.count - 1
        values.withUnsafeBufferPointer { values in
            sample.withUnsafeMutableBufferPointer { sample in
                for replicate in 0..<resamples {
                    for index in 0...last { sample[index] = values[random.integer(0...last)] }
                    medians[replicate] = medianInPlace(sample)
                }
            }
        }
        return interval(of: &medians)
    }

    /// The ratio of medians `median(numerators) / median(denominators)` resampled `count`
    /// times by pairs of passes: index `i` of one with index `i` of the other (the first
    /// `min` of both counts). Empty for fewer than 2 pairs; a replicate whose denominator
    /// median is 0 is left out.
    /// - Complexity: O(R · n²).
    public static func ratioReplicates(_ numerators: [Double], _ denominators: [Double], count: Int = resamples, seed: UInt64 = 0x7261_7469) -> [Double] {
        let pairs = min(numerators.count, denominators.count)
        guard pairs >= 2 else { return [] }
        var random = SeededRandom(seed: seed)
        var top = [Double](repeating: 0, count: pairs), bottom = top
        var ratios: [Double] = []
        ratios.reserveCapacity(count)
        numerators.withUnsafeBufferPointer { numerators in
            denominators.withUnsafeBufferPointer { denominators in
                top.withUnsafeMutableBufferPointer { top in
                    bottom.withUnsafeMutableBufferPointer { bottom in
                        for _ in 0..<count {
                            for index in 0..<pairs {
                                let drawn = random.integer(0...(pairs - 1))
                                top[index] = numerators[drawn]
                                bottom[index] = denominators[drawn]
                            }
                            let denominator = medianInPlace(bottom)
                            if denominator > 0 { ratios.append(medianInPlace(top) / denominator) }
                        }
                    }
                }
            }
        }
        return ratios
    }

    /// The 95 % interval of `median(numerators) / median(denominators)` by the paired
    /// bootstrap; `nil` for fewer than 2 pairs.
    public static func ratioInterval(_ numerators: [Double], _ denominators: [Double]) -> ConfidenceInterval? {
        var ratios = ratioReplicates(numerators, denominators)
        guard !ratios.isEmpty else { return nil }
        return interval(of: &ratios)
    }

    /// The 2.5th and 97.5th percentiles of `replicates` (sorted in place).
    private static func interval(of replicates: inout [Double]) -> ConfidenceInterval {
        replicates.sort()
        let tail = (1 - level) / 2
        let last = replicates.count - 1
        let low = replicates[Int((tail * Double(last)).rounded(.down))]
        let high = replicates[Int(((1 - tail) * Double(last)).rounded(.up))]
        return ConfidenceInterval(low: low, high: high)
    }
}
