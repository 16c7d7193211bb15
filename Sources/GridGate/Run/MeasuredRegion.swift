/// The code whose instructions the gate counts.
///
/// Callgrind runs with `--collect-atstart=no --toggle-collect=<symbol>`: it collects only
/// while a call of ``symbol`` is on the stack. Everything else (process start-up, reading
/// the plan, spec and trace, set-up, warm-up, reading the allocator's statistics) runs
/// with collection off.
enum MeasuredRegion {
    /// The function callgrind toggles collection on.
    static let symbol = "gridbench_gate_measured_region"

    /// Runs `work.body()` inside the measured region.
    ///
    /// Besides the work, the region holds a constant few instructions: the call and one
    /// dynamic dispatch. (The work is a class so that reaching it takes neither a closure
    /// context nor a cast, which would allocate or do work of their own.)
    static func run(_ work: MeasuredWork) {
        gridbenchGateMeasuredRegion(work)
    }
}

/// The measured region: one real symbol of that exact name. `@_silgen_name` names it,
/// `@inline(never)` keeps its calls, and `@_optimize(none)` keeps the optimiser from
/// cloning it with another signature and calling the clone instead (which would leave the
/// toggle never entered). Its body is one call; the work it calls is optimised as usual.
///
/// (It is not C: valgrind 3.19 cannot read the DWARF 5 that clang writes for C targets, and
/// SwiftPM offers no safe flag to ask for another version.)
@_silgen_name("gridbench_gate_measured_region")
@inline(never)
@_optimize(none)
func gridbenchGateMeasuredRegion(_ work: MeasuredWork) {
    work.body()
}

/// How many allocations the process has made and how many bytes it has been given and has
/// given back, so far: read just before and just after the measured region.
public struct AllocationReading: Hashable, Sendable {
    /// Calls to malloc and its family.
    public var allocations: Int
    /// Bytes allocated (as the allocator rounds them).
    public var allocatedBytes: Int
    /// Bytes freed.
    public var freedBytes: Int

    public init(allocations: Int, allocatedBytes: Int, freedBytes: Int) {
        self.allocations = allocations
        self.allocatedBytes = allocatedBytes
        self.freedBytes = freedBytes
    }
}

/// Reads the allocator's counts. The library does not depend on any allocator: the gate
/// tool (`GridGateTool`) provides one over jemalloc.
///
/// A reading must not allocate, and must be exact: the gate asserts that counts do not
/// change.
public protocol AllocationMeter: Sendable {
    /// The allocator, for the baseline's environment (`jemalloc 5.3.0`).
    var name: String { get }
    func read() -> AllocationReading
    /// Gives the workload a heap of its own from here on, so that what the allocator does
    /// in the measured region depends on the workload alone, not on what the process did
    /// before (reading a larger plan, say). Called once, before the workload's set-up.
    func beginWorkload()
}

extension AllocationMeter {
    public func beginWorkload() {}
}
