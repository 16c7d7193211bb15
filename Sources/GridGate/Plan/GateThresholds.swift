/// How far each figure may move before the gate calls it a regression (or an improvement),
/// as a share of the baseline's value: `0.02` is +2 %.
///
/// A figure above `baseline × (1 + threshold)` is a regression; one below
/// `baseline × (1 − threshold)` is an improvement, which passes and is reported with the
/// command that updates the baseline. A threshold of 0 makes any change count: the default
/// for allocation counts, which are exact.
///
/// One threshold per ``GateMetric``, in JSON an object keyed by the metrics' raw values
/// (`{"instructions": 0.02, …}`). The wall clock's counts only when the change is also
/// significant (Mann–Whitney U, see ``GateThresholds/clockSignificance``).
public struct GateThresholds: Hashable, Sendable {
    /// The threshold of every metric.
    public private(set) var values: [GateMetric: Double]

    /// The defaults, each metric's ``GateMetric/Definition/defaultThreshold``:
    /// instructions +2 %, allocations +0, bytes allocated and retained +1 %, wall clock +5 %.
    public static let defaults = GateThresholds(values: Dictionary(uniqueKeysWithValues: GateMetric.allCases.map { ($0, $0.definition.defaultThreshold) }))

    /// The significance level of the wall-clock test: a change whose two-sided p-value is at
    /// or above it is noise, whatever its size.
    public static let clockSignificance = 0.05

    /// The thresholds `values` gives, each metric it does not give at its default.
    public init(values: [GateMetric: Double]) {
        self.values = Dictionary(uniqueKeysWithValues: GateMetric.allCases.map { ($0, values[$0] ?? $0.definition.defaultThreshold) })
    }

    /// The threshold of `metric`.
    public subscript(metric: GateMetric) -> Double {
        get { values[metric] ?? metric.definition.defaultThreshold }
        set { values[metric] = newValue }
    }

    /// These thresholds with the fields `override` gives replaced.
    public func applying(_ override: Override) -> GateThresholds {
        GateThresholds(values: values.merging(override.values) { _, new in new })
    }

    /// Some thresholds, as a plan's `thresholds` or one of its `overrides` gives them: an
    /// object keyed by the metrics' raw values, each optional.
    public struct Override: Hashable, Sendable {
        /// The thresholds given.
        public var values: [GateMetric: Double]

        public init(values: [GateMetric: Double] = [:]) {
            self.values = values
        }

        /// The given fields by name, for validation, in the metrics' order.
        var fields: [(String, Double)] {
            GateMetric.allCases.compactMap { metric in values[metric].map { (metric.rawValue, $0) } }
        }
    }
}

extension GateThresholds: Codable {
    /// Reads every metric's key; a metric absent (a baseline recorded before the metric
    /// existed) has its default.
    public init(from decoder: any Decoder) throws {
        self.init(values: try Override(from: decoder).values)
    }

    public func encode(to encoder: any Encoder) throws {
        try Override(values: values).encode(to: encoder)
    }
}

extension GateThresholds.Override: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: MetricKey.self)
        var values: [GateMetric: Double] = [:]
        for metric in GateMetric.allCases {
            if let value = try container.decodeIfPresent(Double.self, forKey: MetricKey(metric.rawValue)) { values[metric] = value }
        }
        self.values = values
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: MetricKey.self)
        for metric in GateMetric.allCases {
            if let value = values[metric] { try container.encode(value, forKey: MetricKey(metric.rawValue)) }
        }
    }
}

extension GateThresholds {
    /// Shorthands for the thresholds of today's metrics (the subscript reads any).
    public var instructions: Double { self[.instructions] }
    public var allocations: Double { self[.allocations] }
    public var allocatedBytes: Double { self[.allocatedBytes] }
    public var retainedBytes: Double { self[.retainedBytes] }
    public var clock: Double { self[.clock] }
}
