/// How far each figure may move before the gate calls it a regression (or an improvement),
/// as a share of the baseline's value: `0.02` is +2 %.
///
/// A figure above `baseline × (1 + threshold)` is a regression; one below
/// `baseline × (1 − threshold)` is an improvement, which passes and is reported with the
/// command that updates the baseline. A threshold of 0 makes any change count: the default
/// for allocation counts, which are exact.
public struct GateThresholds: Codable, Hashable, Sendable {
    /// Instructions counted by callgrind in the measured region.
    public var instructions: Double
    /// Calls to malloc and its family in the measured region.
    public var allocations: Double
    /// Bytes those calls were given.
    public var allocatedBytes: Double
    /// Bytes still held after a prepare (prepare workloads only).
    public var retainedBytes: Double
    /// Wall-clock time, with `--clock` only: a change counts only when it is also
    /// significant (Mann–Whitney U, see ``GateThresholds/clockSignificance``).
    public var clock: Double

    /// The defaults: instructions +2 %, allocations +0, bytes allocated and retained +1 %,
    /// wall clock +5 %.
    public static let defaults = GateThresholds(instructions: 0.02, allocations: 0, allocatedBytes: 0.01, retainedBytes: 0.01, clock: 0.05)

    /// The significance level of the wall-clock test: a change whose two-sided p-value is at
    /// or above it is noise, whatever its size.
    public static let clockSignificance = 0.05

    public init(instructions: Double, allocations: Double, allocatedBytes: Double, retainedBytes: Double, clock: Double) {
        self.instructions = instructions
        self.allocations = allocations
        self.allocatedBytes = allocatedBytes
        self.retainedBytes = retainedBytes
        self.clock = clock
    }

    /// The threshold of `metric`.
    public subscript(metric: GateMetric) -> Double {
        switch metric {
        case .instructions: instructions
        case .allocations: allocations
        case .allocatedBytes: allocatedBytes
        case .retainedBytes: retainedBytes
        case .clock: clock
        }
    }

    /// These thresholds with the fields `override` gives replaced.
    public func applying(_ override: Override) -> GateThresholds {
        GateThresholds(
            instructions: override.instructions ?? instructions, allocations: override.allocations ?? allocations,
            allocatedBytes: override.allocatedBytes ?? allocatedBytes, retainedBytes: override.retainedBytes ?? retainedBytes,
            clock: override.clock ?? clock)
    }

    /// Some thresholds, as a plan's `thresholds` or one of its `overrides` gives them.
    public struct Override: Codable, Hashable, Sendable {
        public var instructions: Double?
        public var allocations: Double?
        public var allocatedBytes: Double?
        public var retainedBytes: Double?
        public var clock: Double?

        public init(instructions: Double? = nil, allocations: Double? = nil, allocatedBytes: Double? = nil, retainedBytes: Double? = nil, clock: Double? = nil) {
            self.instructions = instructions
            self.allocations = allocations
            self.allocatedBytes = allocatedBytes
            self.retainedBytes = retainedBytes
            self.clock = clock
        }

        /// The given fields by name, for validation.
        var fields: [(String, Double)] {
            [("instructions", instructions), ("allocations", allocations), ("allocatedBytes", allocatedBytes),
             ("retainedBytes", retainedBytes), ("clock", clock)].compactMap { name, value in value.map { (name, $0) } }
        }
    }
}
