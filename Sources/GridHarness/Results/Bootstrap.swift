import GridCore

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
///
/// Passes measured in several processes (`gridbench report --processes`) are resampled in
/// two stages, processes first and then passes within each drawn process: one process can
/// run 40 % slower than the next for reasons no pass within it can show (where its
/// memory and code landed, what else the host was doing), and only the first stage lets
/// that spread into the interval.
public enum Bootstrap {
    /// Resamplings per interval.
    public static let resamples = 2000
    /// The confidence of every interval: 95 %.
    public static let level = 0.95
    /// How the intervals are made, for reports.
    public static let method = "a 95 % percentile bootstrap over passes (2,000 resamples, seeded; over processes, then the passes within each, when they ran in several)"

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

    /// The mean of the middle half of `sorted` (ascending): the interquartile mean, or
    /// midmean. Like the median it ignores the slowest quarter (a pass's hitches); unlike
    /// it, it averages hundreds of frames, so it resolves far below the clock's tick (about
    /// 10 ns here, where a frame costs 200 ns: the median of a pass falls on a tick, and two
    /// strategies 3 % apart can show 190 and 200 ns). NaN when empty.
    /// - Complexity: O(n).
    public static func midmean(ofSorted sorted: [Double]) -> Double {
        let count = sorted.count
        guard count > 0 else { return .nan }
        let trim = count / 4
        var sum = 0.0
        var index = trim
        while index < count - trim {
            sum += sorted[index]
            index += 1
        }
        return sum / Double(count - 2 * trim)
    }

    /// The 95 % interval of the median of `groups` pooled, resampled in two stages: the
    /// groups (processes) with replacement, then the values within each drawn group. One
    /// group is resampled as ``medianInterval(_:seed:)`` resamples its values. `nil` for
    /// fewer than 2 values in all.
    /// - Complexity: O(R · n²) for R resamples of n values in all.
    public static func medianInterval(groups: [[Double]], seed: UInt64 = 0x6772_6964) -> ConfidenceInterval? {
        let groups = groups.filter { !$0.isEmpty }
        guard groups.count > 1 else { return medianInterval(groups.first ?? [], seed: seed) }
        guard groups.reduce(0, { $0 + $1.count }) >= 2 else { return nil }
        var random = SeededRandom(seed: seed)
        var medians = [Double](repeating: 0, count: resamples)
        var sample: [Double] = []
        let sizes = groups.map(\.count)
        for replicate in 0..<resamples {
            sample.removeAll(keepingCapacity: true)
            drawTwoStage(sizes, &random) { group, index in sample.append(groups[group][index]) }
            medians[replicate] = sample.withUnsafeMutableBufferPointer { medianInPlace($0) }
        }
        return interval(of: &medians)
    }

    /// One two-stage resample of groups of `sizes`: as many groups as there are, drawn with
    /// replacement, and from each drawn group as many of its values as it holds, drawn with
    /// replacement; `take(group, index)` for each value drawn, in order.
    @inline(__always)
    private static func drawTwoStage(_ sizes: [Int], _ random: inout SeededRandom, _ take: (Int, Int) -> Void) {
        for _ in sizes.indices {
            let group = random.integer(0...(sizes.count - 1))
            let size = sizes[group]
            for _ in 0..<size { take(group, random.integer(0...(size - 1))) }
        }
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

    /// The pairs of passes of two runs measured in the same processes: group `k` pairs
    /// pass `i` of the numerators' process `k` with pass `i` of the denominators' (the
    /// first `min` of both counts). Processes with no pair are left out.
    public static func pairedGroups(_ numerators: [[Double]], _ denominators: [[Double]]) -> [(top: [Double], bottom: [Double])] {
        zip(numerators, denominators).compactMap { top, bottom in
            let pairs = min(top.count, bottom.count)
            return pairs > 0 ? (Array(top.prefix(pairs)), Array(bottom.prefix(pairs))) : nil
        }
    }

    /// The ratio of the pooled medians of paired passes grouped by process
    /// (``pairedGroups(_:_:)``), resampled `count` times in two stages: the processes with
    /// replacement, then the pairs within each drawn process. With one process, exactly
    /// ``ratioReplicates(_:_:count:seed:)``. Empty for fewer than 2 pairs in all.
    /// - Complexity: O(R · p log p) for R resamples of p pairs in all.
    public static func ratioReplicates(groups: [(top: [Double], bottom: [Double])], count: Int = resamples, seed: UInt64 = 0x7261_7469) -> [Double] {
        guard groups.count > 1 else {
            return groups.first.map { ratioReplicates($0.top, $0.bottom, count: count, seed: seed) } ?? []
        }
        guard groups.reduce(0, { $0 + $1.top.count }) >= 2 else { return [] }
        var random = SeededRandom(seed: seed)
        var top: [Double] = [], bottom: [Double] = []
        var ratios: [Double] = []
        ratios.reserveCapacity(count)
        let sizes = groups.map(\.top.count)
        for _ in 0..<count {
            top.removeAll(keepingCapacity: true)
            bottom.removeAll(keepingCapacity: true)
            drawTwoStage(sizes, &random) { group, index in
                top.append(groups[group].top[index])
                bottom.append(groups[group].bottom[index])
            }
            let denominator = bottom.withUnsafeMutableBufferPointer { medianInPlace($0) }
            if denominator > 0 { ratios.append(top.withUnsafeMutableBufferPointer { medianInPlace($0) } / denominator) }
        }
        return ratios
    }

    /// The 95 % interval of the pooled ratio of medians of `groups`
    /// (``ratioReplicates(groups:count:seed:)``); `nil` for fewer than 2 pairs in all.
    public static func ratioInterval(groups: [(top: [Double], bottom: [Double])]) -> ConfidenceInterval? {
        var ratios = ratioReplicates(groups: groups)
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
