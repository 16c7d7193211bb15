import Foundation
import GridCore
import GridHarness

/// The figures a gate check compares against: what `gate record` measured, where and how.
/// Versioned JSON (see docs/formats.md#gate-files, "Baseline").
public struct GateBaseline: Codable, Hashable, Sendable {
    /// The version of this schema. Bumped whenever a field changes meaning or goes away;
    /// new optional fields do not bump it.
    public static let currentSchemaVersion = 1

    /// How the figures were taken.
    public enum Mode: String, Codable, Hashable, Sendable {
        /// Instruction counts (callgrind) and allocation counts: deterministic.
        case instructions
        /// Wall-clock samples and allocation counts, where valgrind is absent: weaker.
        case clock
    }

    public var schemaVersion: Int
    /// `gridbench gate`.
    public var tool: String
    public var mode: Mode
    public var environment: GateEnvironment
    /// The plan the workloads came from, as given to `record`.
    public var plan: String
    /// How many times each workload ran, with identical counts, before it was recorded.
    public var runs: Int
    /// The plan's thresholds for workloads without an override (each workload carries
    /// its own, which the check uses).
    public var thresholds: GateThresholds
    public var workloads: [Workload]

    /// One workload's figures.
    public struct Workload: Codable, Hashable, Sendable {
        public var id: String
        /// What was measured, in words; the check refuses a plan whose workload of this ID
        /// is defined otherwise.
        public var definition: String
        public var kind: GateWorkload.Kind
        /// Frames measured (scroll: the window; edit and rotation: 1; prepare: 0).
        public var frames: Int
        public var thresholds: GateThresholds
        public var figures: GateFigures
        /// Instruction mode: the workload's top functions by inclusive instructions
        /// (``FunctionCost/kept`` of them), which a check's explanation compares with.
        /// Optional: baselines recorded before it existed have none.
        public var functions: [FunctionCost]? = nil
    }

    public init(mode: Mode, environment: GateEnvironment, plan: String, runs: Int, thresholds: GateThresholds, workloads: [Workload]) {
        self.schemaVersion = Self.currentSchemaVersion
        self.tool = "gridbench gate"
        self.mode = mode
        self.environment = environment
        self.plan = plan
        self.runs = runs
        self.thresholds = thresholds
        self.workloads = workloads
    }

    /// The workload whose ID is `id`.
    public func workload(_ id: String) -> Workload? {
        workloads.first { $0.id == id }
    }
}

// MARK: - Reading

extension GateBaseline {
    /// Reads and checks the baseline at `url`.
    ///
    /// - Throws: `InputError` naming the file and the problem: missing, empty,
    ///   truncated or not JSON, another schema version, a workload without the figures of
    ///   its mode, a negative count, a threshold that is not a finite share ≥ 0, a
    ///   workload listed twice. Each message says how to record a new one.
    public static func load(from url: URL, recordCommand: String) throws(InputError) -> GateBaseline {
        let path = url.path
        let remedy = "record one with `\(recordCommand) --out \(path)`"
        guard FileManager.default.fileExists(atPath: path) else {
            throw InputError(file: path, field: "(file)", value: "missing", expected: "a gate baseline: \(remedy)")
        }
        let baseline: GateBaseline
        do {
            baseline = try JSONFiles.read(GateBaseline.self, from: url)
        } catch {
            var error = error
            error.expected += " (the baseline is truncated or corrupt: \(remedy))"
            throw error
        }
        func fail(_ field: String, _ value: some CustomStringConvertible, _ expected: String) -> InputError {
            InputError(file: path, field: field, value: value.description, expected: expected)
        }
        guard baseline.schemaVersion == currentSchemaVersion else {
            throw fail("schemaVersion", baseline.schemaVersion, "\(currentSchemaVersion), the version this gate reads: \(remedy)")
        }
        guard baseline.runs >= 1 else { throw fail("runs", baseline.runs, "an integer ≥ 1") }
        var seen = Set<String>()
        for (index, workload) in baseline.workloads.enumerated() {
            let field = "workloads[\(index)]"
            guard seen.insert(workload.id).inserted else { throw fail("\(field).id", "\"\(workload.id)\"", "a workload listed once") }
            for metric in GateMetric.allCases {
                let threshold = workload.thresholds[metric]
                guard threshold.isFinite, threshold >= 0 else {
                    throw fail("\(field).thresholds.\(metric.rawValue)", threshold, "a finite share ≥ 0, such as 0.02 for +2 %")
                }
            }
            let figures = workload.figures
            for metric in GateMetric.counts {
                if let count = figures.counts[metric], count < 0 { throw fail("\(field).figures.\(metric.rawValue)", count, "a count ≥ 0") }
            }
            for (position, function) in (workload.functions ?? []).enumerated() where function.inclusive < 0 || function.exclusive < 0 || function.exclusive > function.inclusive {
                throw fail("\(field).functions[\(position)]", "\(function.inclusive) inclusive, \(function.exclusive) exclusive",
                           "counts ≥ 0 with exclusive ≤ inclusive")
            }
            switch baseline.mode {
            case .instructions:
                guard let instructions = figures.instructions, instructions > 0 else {
                    throw fail("\(field).figures.instructions", figures.instructions.map(String.init) ?? "missing", "an instruction count > 0 (an instruction-mode baseline)")
                }
            case .clock:
                guard let samples = figures.clockNanos, samples.count >= 2 else {
                    throw fail("\(field).figures.clockNanos", figures.clockNanos.map { "\($0.count) samples" } ?? "missing", "at least 2 samples (a clock-mode baseline)")
                }
            }
        }
        return baseline
    }

    /// Throws unless this baseline was recorded where `current` says the gate runs now.
    ///
    /// - Throws: `InputError` naming the file, the field (`environment.valgrind`),
    ///   the baseline's value and this machine's, and how to record a baseline here.
    func checkRecorded(on current: GateEnvironment, path: String, recordCommand: String) throws(InputError) {
        for ((field, recorded), (_, here)) in zip(environment.enforced, current.enforced) where recorded != here {
            let hint = field == "build" ? " (build the tool with -c \(recorded ?? "release") to check against this baseline)" : ""
            throw InputError(
                file: path, field: "environment.\(field)", value: recorded.map { "\"\($0)\"" } ?? "none",
                expected: "\(here.map { "\"\($0)\"" } ?? "none"), as on this machine\(hint): counts from another \(field) are not comparable; "
                    + "re-record the baseline on this machine kind with `\(recordCommand) --out \(path)` and commit it")
        }
    }
}
