import Foundation

/// Tick values for chart axes.
public enum ChartTicks {
    /// The percentiles marked on a nines axis.
    public static let ninesTicks: [Double] = [50, 90, 99, 99.9, 99.99]

    /// The position of percentile `p` (0–100) on a nines axis: `−log10(1 − p/100)`, so
    /// p90 is 1, p99 is 2, p99.9 is 3.
    public static func nines(_ p: Double) -> Double {
        -log10(1 - p / 100)
    }

    /// The smallest range of whole decades that covers the positive, finite `values`:
    /// `[1500, 2.3e6]` gives `1e3...1e7`. A single decade value `v` gives `v...10v`; no
    /// usable value gives `1...10`.
    public static func decadeDomain(covering values: [Double]) -> ClosedRange<Double> {
        let usable = values.filter { $0.isFinite && $0 > 0 }
        guard let low = usable.min(), let high = usable.max() else { return 1...10 }
        // Powers of ten stay within 1e-308...1e308: beyond, they are 0 or ∞, whose
        // logarithms would put every point of the axis at NaN.
        let lowExponent = min(max(Int(Format.log10Floor(low)), -308), 307)
        var highExponent = min(max(Int(Format.log10Floor(high)), -308), 308)
        if Format.power10(highExponent) < high && highExponent < 308 { highExponent += 1 }
        if highExponent <= lowExponent { highExponent = lowExponent + 1 }
        return Format.power10(lowExponent)...Format.power10(highExponent)
    }

    /// Ticks for a log axis over a decade-aligned `domain`: every decade, and also 2 and 5
    /// times each decade when the domain spans two decades or fewer (so a narrow axis
    /// still has a few labels).
    public static func logTicks(in domain: ClosedRange<Double>) -> [Double] {
        guard domain.lowerBound > 0 else { return [] }
        let lowExponent = Int(Format.log10Floor(domain.lowerBound))
        let highExponent = Int(Format.log10Floor(domain.upperBound))
        let multipliers: [Double] = highExponent - lowExponent <= 2 ? [1, 2, 5] : [1]
        var ticks: [Double] = []
        for exponent in lowExponent...max(lowExponent, highExponent) {
            for multiplier in multipliers {
                let value = multiplier * Format.power10(exponent)
                if value >= domain.lowerBound, value <= domain.upperBound { ticks.append(value) }
            }
        }
        return ticks
    }

    /// Ticks `1, 10, 100 × 1024ᵏ` bytes from the largest at or below the smallest positive
    /// value to the smallest at or above the largest (at least two ticks).
    public static func binaryTicks(covering values: [Double]) -> [Double] {
        let usable = values.filter { $0.isFinite && $0 > 0 }
        let low = max(1, usable.min() ?? 1)
        let high = max(low, usable.max() ?? 10)
        var sequence: [Double] = []
        var unit = 1.0
        while sequence.last.map({ $0 < high }) ?? true {
            for multiplier in [1.0, 10, 100] { sequence.append(multiplier * unit) }
            unit *= 1024
        }
        let first = sequence.lastIndex { $0 <= low } ?? 0
        var last = sequence.firstIndex { $0 >= high } ?? (sequence.count - 1)
        if last <= first { last = first + 1 }
        if last >= sequence.count { sequence.append(sequence[sequence.count - 1] * 10) }
        return Array(sequence[first...last])
    }

    /// Round ticks for a linear axis over `lower...upper`: a step of 1, 2 or 5 × 10ᵏ giving
    /// about `target` intervals, and the domain widened to whole steps. `0...2.35` gives
    /// `0, 0.5, 1, 1.5, 2, 2.5`.
    public static func linear(from lower: Double, to upper: Double, target: Int = 5) -> (domain: ClosedRange<Double>, ticks: [Double]) {
        guard lower.isFinite, upper.isFinite else { return (0...1, [0, 1]) }
        let low = min(lower, upper)
        let high = max(lower, upper) > low ? max(lower, upper) : low + 1
        let raw = (high - low) / Double(max(1, target))
        let exponent = Int(Format.log10Floor(raw))
        let magnitude = Format.power10(exponent)
        let residual = raw / magnitude
        let step = (residual <= 1 ? 1 : residual <= 2 ? 2 : residual <= 5 ? 5 : 10) * magnitude
        let first = (low / step).rounded(.down)
        let last = (high / step).rounded(.up)
        let ticks = stride(from: first, through: last, by: 1).map { index in
            // Multiply by whole numbers and round away float noise: 3 × 0.1 is 0.30000000000000004.
            let value = index * step
            return exponent < 0 ? (value * Format.power10(-exponent)).rounded() / Format.power10(-exponent) : value
        }
        return ((ticks.first ?? low)...(ticks.last ?? high), ticks)
    }
}
