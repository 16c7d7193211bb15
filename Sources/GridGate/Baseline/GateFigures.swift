import Foundation
import GridCore
import GridHarness

/// A workload's measured figures.
public struct GateFigures: Codable, Hashable, Sendable {
    /// Instructions in the measured region (instruction mode).
    public var instructions: Int?
    /// Calls to malloc and its family in the measured region.
    public var allocations: Int?
    /// Bytes those calls were given.
    public var allocatedBytes: Int?
    /// Prepare: bytes held once the prepare has returned.
    public var retainedBytes: Int?
    /// Scroll: instructions and allocations per frame, for the reader (the check compares
    /// the totals, which change by the same share).
    public var instructionsPerFrame: Double?
    public var allocationsPerFrame: Double?
    /// Clock mode: the nanoseconds of every sample, and their median.
    public var clockNanos: [UInt64]?
    public var clockMedianNanos: Double?

    public init(
        instructions: Int? = nil, allocations: Int? = nil, allocatedBytes: Int? = nil, retainedBytes: Int? = nil,
        frames: Int = 0, clockNanos: [UInt64]? = nil
    ) {
        self.instructions = instructions
        self.allocations = allocations
        self.allocatedBytes = allocatedBytes
        self.retainedBytes = retainedBytes
        if frames > 1 {
            instructionsPerFrame = instructions.map { Double($0) / Double(frames) }
            allocationsPerFrame = allocations.map { Double($0) / Double(frames) }
        }
        self.clockNanos = clockNanos
        clockMedianNanos = clockNanos.flatMap(MannWhitney.median)
    }

    /// The figure of `metric`, as a number; `nil` when not measured.
    public subscript(metric: GateMetric) -> Double? {
        switch metric {
        case .instructions: instructions.map(Double.init)
        case .allocations: allocations.map(Double.init)
        case .allocatedBytes: allocatedBytes.map(Double.init)
        case .retainedBytes: retainedBytes.map(Double.init)
        case .clock: clockMedianNanos
        }
    }

    /// The counts that must be equal run after run: everything but the clock.
    var counts: [Int?] { [instructions, allocations, allocatedBytes, retainedBytes] }
}
