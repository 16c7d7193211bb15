import Foundation

/// One axis of a chart: how values map to positions, and the labelled ticks.
public struct ChartAxis: Hashable, Sendable {
    /// How values are spaced along the axis.
    public enum Scale: Hashable, Sendable {
        case linear
        /// Equal distance per factor of ten.
        case log
        /// Percentiles on a "nines" axis: equal distance per factor of ten in `1 − p`, so
        /// p90, p99, p99.9 and p99.99 are evenly spaced.
        case nines
    }

    /// A labelled tick.
    public struct Tick: Hashable, Sendable {
        public var value: Double
        public var label: String

        public init(value: Double, label: String) {
            self.value = value
            self.label = label
        }
    }

    /// The axis title, with its unit.
    public var title: String
    public var scale: Scale
    /// The values at the two ends of the axis.
    public var domain: ClosedRange<Double>
    public var ticks: [Tick]

    public init(title: String, scale: Scale, domain: ClosedRange<Double>, ticks: [Tick]) {
        self.title = title
        self.scale = scale
        self.domain = domain
        self.ticks = ticks
    }

    /// Where `value` falls along the axis: 0 at the domain's lower end, 1 at its upper end
    /// (outside the domain, below 0 or above 1).
    /// - Complexity: O(1).
    public func fraction(_ value: Double) -> Double {
        let (lower, upper, position) =
            switch scale {
            case .linear: (domain.lowerBound, domain.upperBound, value)
            case .log: (log10(domain.lowerBound), log10(domain.upperBound), log10(value))
            case .nines:
                (ChartTicks.nines(domain.lowerBound), ChartTicks.nines(domain.upperBound), ChartTicks.nines(value))
            }
        guard upper > lower else { return 0.5 }
        return (position - lower) / (upper - lower)
    }

    /// Whether `value` can be placed on this axis and lies inside its domain.
    public func contains(_ value: Double) -> Bool {
        guard value.isFinite, domain.contains(value) else { return false }
        return scale == .linear || value > 0
    }

    /// A log axis of durations in nanoseconds covering `values`, in whole decades, ticks
    /// labelled `1 µs`, `10 µs`, …. Non-positive and non-finite values are ignored.
    public static func logDuration(title: String, covering values: [Double]) -> ChartAxis {
        let domain = ChartTicks.decadeDomain(covering: values)
        return ChartAxis(
            title: title, scale: .log, domain: domain,
            ticks: ChartTicks.logTicks(in: domain).map { Tick(value: $0, label: Format.durationTick($0)) })
    }

    /// A log axis of counts covering `values`, in whole decades: `100`, `1k`, `10k`, ….
    public static func logCount(title: String, covering values: [Double]) -> ChartAxis {
        let domain = ChartTicks.decadeDomain(covering: values)
        return ChartAxis(
            title: title, scale: .log, domain: domain,
            ticks: ChartTicks.logTicks(in: domain).map { Tick(value: $0, label: Format.countTick($0)) })
    }

    /// A log axis of bytes covering `values`, from one tick of `1, 10, 100 × 1024ᵏ` to
    /// another: `1 KiB`, `10 KiB`, `100 KiB`, `1 MiB`, ….
    public static func logBytes(title: String, covering values: [Double]) -> ChartAxis {
        let ticks = ChartTicks.binaryTicks(covering: values)
        let domain = (ticks.first ?? 1)...(ticks.last ?? 10)
        return ChartAxis(title: title, scale: .log, domain: domain, ticks: ticks.map { Tick(value: $0, label: Format.bytesTick($0)) })
    }

    /// A nines axis of percentiles from p50 to p99.99.
    public static func nines(title: String) -> ChartAxis {
        let ticks = ChartTicks.ninesTicks
        return ChartAxis(
            title: title, scale: .nines, domain: (ticks.first ?? 50)...(ticks.last ?? 99.99),
            ticks: ticks.map { Tick(value: $0, label: "p" + Format.trimmed($0, maxDecimals: 2)) })
    }

    /// A linear axis covering `lower...upper` with about five round steps.
    public static func linear(title: String, from lower: Double, to upper: Double, label: (Double) -> String) -> ChartAxis {
        let (domain, ticks) = ChartTicks.linear(from: lower, to: upper)
        return ChartAxis(title: title, scale: .linear, domain: domain, ticks: ticks.map { Tick(value: $0, label: label($0)) })
    }
}
