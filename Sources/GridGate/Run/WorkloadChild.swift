import Foundation
import GridCore
import GridHarness

/// The child's side: one workload of a plan, run in this process, its sample written to a
/// file for the gate that started it.
public enum WorkloadChild {
    /// The environment a child runs in, on top of the gate's: Swift's hashing seeded the
    /// same in every process (a `Set` or `Dictionary` then does the same work every run),
    /// every symbol bound at start-up rather than at its first call, and jemalloc's
    /// time-based purging of unused pages off (it would run at moments that depend on the
    /// clock).
    public static let environment: [String: String] = [
        "SWIFT_DETERMINISTIC_HASHING": "1",
        "LD_BIND_NOW": "1",
        "MALLOC_CONF": "dirty_decay_ms:-1,muzzy_decay_ms:-1,background_thread:false",
    ]

    /// The child's whole environment: ``environment``, and from this process only what
    /// running at all may need (`LD_LIBRARY_PATH`, valgrind's own `VALGRIND_*`). Nothing
    /// else passes, so that the user's, the machine's and the CI's variables cannot move
    /// what the child's memory looks like.
    public static var processEnvironment: [String: String] {
        var result = environment
        for (name, value) in ProcessInfo.processInfo.environment where name == "LD_LIBRARY_PATH" || name.hasPrefix("VALGRIND_") {
            result[name] = value
        }
        // Padded to at least 16 variables whose strings take a multiple of 4,096 bytes: the
        // child's stack then starts at the same offset within a page whether those variables
        // are set or not, and whatever they hold.
        for slot in result.count ..< 15 { result["GRIDBENCH_GATE_SLOT_\(slot)"] = "" }
        let padding = "GRIDBENCH_GATE_PADDING"
        let size = result.reduce(padding.utf8.count + 2) { $0 + $1.key.utf8.count + $1.value.utf8.count + 2 }
        result[padding] = String(repeating: ".", count: (4096 - size % 4096) % 4096)
        return result
    }

    /// Runs the workload `id` of the plan at `planURL` (given by its entry `entry`, when
    /// known) and returns its sample.
    ///
    /// - Throws: `InputError` for a bad plan, spec, trace or workload ID;
    ///   whatever the layout throws.
    public static func run(
        plan planURL: URL, workload id: String, entry: Int?, mode: MeasureMode, meter: (any AllocationMeter)?
    ) throws -> WorkloadSample {
        // The gate gives the plan as a link (see `GateSession.measure`): its files lie beside
        // the file it points to.
        let planURL = planURL.resolvingSymlinksInPath()
        let plan = try GatePlan.load(from: planURL, only: id, entry: entry)
        guard let workload = plan.workload(id), let spec = plan.specs[workload.specURL] else {
            throw InputError(file: planURL.path, field: "(workloads)", value: "\"\(id)\"", expected: "the ID of a workload of this plan")
        }
        var trace: ScrollTrace?
        var states: TraceStates?
        if let window = workload.window {
            trace = plan.traces[window.url]
            if let trace {
                states = try TraceStates(
                    trace: trace, data: spec.data, layout: spec.makeLayout(),
                    describedAs: "\(spec.layoutName) of data set \(spec.name)", window: window)
            }
        }
        let runner = WorkloadRunner(workload: workload, spec: spec, trace: trace, states: states, mode: mode, meter: meter)
        return try spec.visit(runner)
    }
}
