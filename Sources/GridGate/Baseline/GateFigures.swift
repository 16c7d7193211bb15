import Foundation
import GridCore
import GridHarness

/// A workload's measured figures: a count for each counted ``GateMetric`` measured, and in
/// clock mode the clock samples.
///
/// In JSON, each count under its metric's key (`instructions`, `allocations`, …); for a
/// scroll of several frames, each metric with a per-frame label also under `<key>PerFrame`
/// (`instructionsPerFrame`), for the reader (the check compares the totals, which change by
/// the same share); in clock mode `clockNanos`, every sample, and `clockMedianNanos`.
public struct GateFigures: Hashable, Sendable {
    /// The counts measured, by metric (never ``GateMetric/clock``).
    public var counts: [GateMetric: Int]
    /// Scroll: the counts per frame of the metrics with a per-frame label, for the reader.
    public var perFrame: [GateMetric: Double]
    /// Clock mode: the nanoseconds of every sample, and their median.
    public var clockNanos: [UInt64]?
    public var clockMedianNanos: Double?

    /// The figures of `counts` over `frames` frames, and of `clockNanos`.
    public init(counts: [GateMetric: Int], frames: Int = 0, clockNanos: [UInt64]? = nil) {
        self.counts = counts.filter { $0.key.isCount }
        perFrame = [:]
        if frames > 1 {
            for (metric, count) in self.counts where metric.perFrameKey != nil { perFrame[metric] = Double(count) / Double(frames) }
        }
        self.clockNanos = clockNanos
        clockMedianNanos = clockNanos.flatMap(MannWhitney.median)
    }

    public init(
        instructions: Int? = nil, allocations: Int? = nil, allocatedBytes: Int? = nil, retainedBytes: Int? = nil,
        frames: Int = 0, clockNanos: [UInt64]? = nil
    ) {
        let given: [(GateMetric, Int?)] = [(.instructions, instructions), (.allocations, allocations), (.allocatedBytes, allocatedBytes), (.retainedBytes, retainedBytes)]
        self.init(counts: Dictionary(uniqueKeysWithValues: given.compactMap { metric, count in count.map { (metric, $0) } }), frames: frames, clockNanos: clockNanos)
    }

    /// The figure of `metric`, as a number; `nil` when not measured.
    public subscript(metric: GateMetric) -> Double? {
        metric.isCount ? counts[metric].map(Double.init) : clockMedianNanos
    }

    /// Shorthands for today's counts (`counts` holds any).
    public var instructions: Int? {
        get { counts[.instructions] }
        set { counts[.instructions] = newValue }
    }
    public var allocations: Int? {
        get { counts[.allocations] }
        set { counts[.allocations] = newValue }
    }
    public var allocatedBytes: Int? {
        get { counts[.allocatedBytes] }
        set { counts[.allocatedBytes] = newValue }
    }
    public var retainedBytes: Int? {
        get { counts[.retainedBytes] }
        set { counts[.retainedBytes] = newValue }
    }
    public var instructionsPerFrame: Double? { perFrame[.instructions] }
    public var allocationsPerFrame: Double? { perFrame[.allocations] }
}

extension GateFigures: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: MetricKey.self)
        counts = [:]
        perFrame = [:]
        for metric in GateMetric.counts {
            counts[metric] = try container.decodeIfPresent(Int.self, forKey: MetricKey(metric.rawValue))
            if let key = metric.perFrameKey { perFrame[metric] = try container.decodeIfPresent(Double.self, forKey: MetricKey(key)) }
        }
        clockNanos = try container.decodeIfPresent([UInt64].self, forKey: MetricKey("clockNanos"))
        clockMedianNanos = try container.decodeIfPresent(Double.self, forKey: MetricKey("clockMedianNanos"))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: MetricKey.self)
        for metric in GateMetric.counts {
            try container.encodeIfPresent(counts[metric], forKey: MetricKey(metric.rawValue))
            if let key = metric.perFrameKey { try container.encodeIfPresent(perFrame[metric], forKey: MetricKey(key)) }
        }
        try container.encodeIfPresent(clockNanos, forKey: MetricKey("clockNanos"))
        try container.encodeIfPresent(clockMedianNanos, forKey: MetricKey("clockMedianNanos"))
    }
}
