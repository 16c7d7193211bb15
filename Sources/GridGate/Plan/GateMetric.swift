/// A figure the gate compares.
public enum GateMetric: String, Codable, CaseIterable, Hashable, Sendable, Comparable {
    case instructions
    case allocations
    case allocatedBytes
    case retainedBytes
    case clock

    /// How a report names it; scroll workloads show instructions and allocations per frame.
    public func label(perFrame: Bool) -> String {
        switch self {
        case .instructions: perFrame ? "instructions/frame" : "instructions"
        case .allocations: perFrame ? "allocations/frame" : "allocations"
        case .allocatedBytes: "bytes allocated"
        case .retainedBytes: "bytes retained"
        case .clock: "wall clock (median)"
        }
    }

    private var rank: Int {
        switch self {
        case .instructions: 0
        case .allocations: 1
        case .allocatedBytes: 2
        case .retainedBytes: 3
        case .clock: 4
        }
    }

    public static func < (a: GateMetric, b: GateMetric) -> Bool { a.rank < b.rank }
}
