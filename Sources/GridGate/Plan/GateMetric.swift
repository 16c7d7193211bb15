/// A figure the gate compares, and the one place that says everything about it: its JSON
/// key (the raw value, in the thresholds of plans and baselines and in the figures of
/// baselines, check outputs and histories), how reports name and format it, its default
/// threshold and how it is measured.
///
/// Adding a metric is a case here and its entry in ``definition``; the thresholds, the
/// figures, their JSON, the validation of baselines and histories, the comparison and the
/// reports all go through `allCases`. A metric the child process measures needs its field
/// in `WorkloadSample` and the code that measures it in `WorkloadRunner` too.
public enum GateMetric: String, Codable, CaseIterable, Hashable, Sendable, Comparable {
    // In the order reports list a workload's figures.
    case instructions
    case allocations
    case allocatedBytes
    case retainedBytes
    case clock

    /// What a metric is.
    public struct Definition: Sendable {
        /// How reports name the figure (`bytes allocated`).
        public var label: String
        /// How reports name the figure of a scroll of several frames, per frame
        /// (`instructions/frame`); `nil` when the figure is shown whole. A metric with a
        /// per-frame label also keeps `<key>PerFrame` in its figures, for the reader.
        public var perFrameLabel: String?
        /// How a figure reads.
        public var unit: Unit
        /// The threshold of a plan that gives none, as a share of the baseline.
        public var defaultThreshold: Double
        /// Where the figure comes from.
        public var source: Source
        /// How a progress line names the figure: the words after its value (`allocation`
        /// for 1, `allocations` otherwise), or before it (`median`).
        public var progress: Wording
    }

    /// How a progress line names a figure.
    public enum Wording: Sendable {
        /// `12 allocations`, `1 allocation`.
        case after(singular: String, plural: String)
        /// `median 1.17 ms`.
        case before(String)
    }

    /// How a figure reads.
    public enum Unit: Sendable {
        /// A count, grouped (`1,234,567`); per-frame figures below 1,000 keep a decimal.
        case count
        /// Bytes: `162,368 B`.
        case bytes
        /// Nanoseconds, shown as a duration.
        case duration
    }

    /// Where a figure comes from.
    public enum Source: Sendable {
        /// callgrind's count of the measured region, outside the allocator.
        case callgrind
        /// A count the child process measures and reports in its `WorkloadSample`.
        case sample(KeyPath<WorkloadSample, Int?> & Sendable)
        /// The median of the clock samples (clock mode); not a count.
        case clock
    }

    /// What this metric is: the one table of the gate's metrics.
    public var definition: Definition {
        switch self {
        case .instructions:
            Definition(label: "instructions", perFrameLabel: "instructions/frame", unit: .count, defaultThreshold: 0.02, source: .callgrind,
                       progress: .after(singular: "instruction", plural: "instructions"))
        case .allocations:
            Definition(label: "allocations", perFrameLabel: "allocations/frame", unit: .count, defaultThreshold: 0,
                       source: .sample(\WorkloadSample.allocations), progress: .after(singular: "allocation", plural: "allocations"))
        case .allocatedBytes:
            Definition(label: "bytes allocated", unit: .bytes, defaultThreshold: 0.01, source: .sample(\WorkloadSample.allocatedBytes),
                       progress: .after(singular: "allocated", plural: "allocated"))
        case .retainedBytes:
            Definition(label: "bytes retained", unit: .bytes, defaultThreshold: 0.01, source: .sample(\WorkloadSample.retainedBytes),
                       progress: .after(singular: "retained", plural: "retained"))
        case .clock:
            Definition(label: "wall clock (median)", unit: .duration, defaultThreshold: 0.05, source: .clock, progress: .before("median"))
        }
    }

    /// The metrics that are counts: exact, the same run after run (all but the clock).
    public static var counts: [GateMetric] { allCases.filter(\.isCount) }

    /// Whether the figure is an exact count (everything but the clock).
    public var isCount: Bool {
        if case .clock = definition.source { return false }
        return true
    }

    /// How a report names it; a scroll's figures with a per-frame label are shown per frame.
    public func label(perFrame: Bool) -> String {
        perFrame ? definition.perFrameLabel ?? definition.label : definition.label
    }

    /// The key of its per-frame figure in a workload's figures (`instructionsPerFrame`),
    /// when it has one.
    var perFrameKey: String? { definition.perFrameLabel.map { _ in rawValue + "PerFrame" } }

    public static func < (a: GateMetric, b: GateMetric) -> Bool {
        (allCases.firstIndex(of: a) ?? 0) < (allCases.firstIndex(of: b) ?? 0)
    }
}

/// A JSON key of a per-metric object.
struct MetricKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
