import Foundation
import GridCore
import GridHarness

/// Why the gate could not give a verdict, besides a bad input file (`InputError`).
public enum GateError: Error, CustomStringConvertible, Sendable {
    /// Bad input that is not one file's field: valgrind missing, a baseline of the other
    /// mode, a child refusing its workload. Exit code 2.
    case badInput(String)
    /// A workload gave different counts from run to run; nothing was recorded. Exit 70.
    case unstable(String)
    /// A child crashed or callgrind's output could not be read. Exit 70.
    case measurement(String)

    public var description: String {
        switch self {
        case .badInput(let message), .unstable(let message), .measurement(let message): message
        }
    }
}

/// The gate's own side: runs every workload of a plan in a child process (under callgrind,
/// or on the clock), records baselines and checks against them.
public struct GateSession: Sendable {
    /// The tool the gate runs as, and runs again for each workload.
    public struct Tool: Sendable {
        /// The tool's executable (the gate runs it again as the child).
        public var executable: URL
        /// The arguments that make it run one workload: `["gate", "run-workload"]`.
        public var childArguments: [String]
        /// How a user runs the gate, for messages: `gridbench gate`.
        public var invocation: String
        /// The allocator the child counts with (`jemalloc 5.3.0`), for the environment.
        public var allocator: String?
        /// The plan `--plan` defaults to, so that messages name a plan only when it is
        /// another.
        public var defaultPlan: String

        public init(executable: URL, childArguments: [String], invocation: String, allocator: String?, defaultPlan: String) {
            self.executable = executable
            self.childArguments = childArguments
            self.invocation = invocation
            self.allocator = allocator
            self.defaultPlan = defaultPlan
        }

        /// This process's own executable.
        public static var currentExecutable: URL? { Subprocess.currentExecutable }
    }

    public var plan: GatePlan
    /// The plan's path as given, for the baseline.
    public var planPath: String
    public var tool: Tool
    /// Where progress lines go (standard error).
    public var progress: @Sendable (String) -> Void

    public init(plan: GatePlan, planPath: String, tool: Tool, progress: @escaping @Sendable (String) -> Void) {
        self.plan = plan
        self.planPath = planPath
        self.tool = tool
        self.progress = progress
    }

    /// The command that records a baseline of `mode` to `path`.
    public func recordCommand(_ mode: GateBaseline.Mode, to path: String? = nil) -> String {
        Self.recordCommand(invocation: tool.invocation, defaultPlan: tool.defaultPlan, planPath: planPath, mode: mode, to: path)
    }

    /// The command that records a baseline of `mode` over `planPath` to `path`, for a tool
    /// run as `invocation` whose `--plan` defaults to `defaultPlan`.
    public static func recordCommand(invocation: String, defaultPlan: String, planPath: String, mode: GateBaseline.Mode, to path: String? = nil) -> String {
        "\(invocation) record" + (planPath == defaultPlan ? "" : " --plan \(planPath)")
            + (mode == .clock ? " --clock" : "") + (path.map { " --out \($0)" } ?? "")
    }

    // MARK: Record

    /// Runs every workload `runs` times and returns the baseline, or refuses.
    ///
    /// - Throws: ``GateError/unstable(_:)`` naming the first workload whose counts differ
    ///   between runs (nothing is recorded); ``GateError/badInput(_:)`` when valgrind is
    ///   missing in instruction mode; what a child reports.
    public func record(runs: Int, mode: MeasureMode) throws -> GateBaseline {
        let baselineMode: GateBaseline.Mode = mode == .instructions ? .instructions : .clock
        let environment = try environment(for: baselineMode)
        var workloads: [GateBaseline.Workload] = []
        for (index, workload) in plan.workloads.enumerated() {
            let started = Date()
            var results: [GateFigures] = []
            var profile: String?
            for _ in 0 ..< runs {
                let measurement = try measure(workload, mode: mode)
                results.append(measurement.figures)
                profile = profile ?? measurement.callgrindOutput
            }
            if let unstable = Self.unstableCounts(results) {
                throw GateError.unstable(
                    "workload \(workload.id) is unstable: \(unstable) over \(runs) runs; nothing was recorded. "
                        + "Counts must not change from run to run: look for work that depends on time, randomness or addresses in the measured region.")
            }
            guard let figures = Self.combining(results, frames: workload.frames) else { continue }
            progress("[\(index + 1)/\(plan.workloads.count)] \(workload.id): \(Self.describe(figures)); \(runs) run\(runs == 1 ? "" : "s")"
                     + (runs > 1 ? ", counts identical (spread 0)" : "") + " (\(Self.seconds(since: started)))")
            workloads.append(GateBaseline.Workload(
                id: workload.id, definition: workload.definition, kind: workload.kind, frames: workload.frames,
                thresholds: workload.thresholds, figures: figures,
                functions: profile.map { Array(CallgrindProfile.functions(inText: $0).prefix(FunctionCost.kept)) }))
        }
        return GateBaseline(mode: baselineMode, environment: environment, plan: planPath,
                            runs: runs, thresholds: plan.thresholds, workloads: workloads)
    }

    /// The runs of one workload as one set of figures: the first run's counts (the same in
    /// every run, or the record refuses) and every run's clock samples.
    static func combining(_ results: [GateFigures], frames: Int) -> GateFigures? {
        guard var figures = results.first else { return nil }
        if figures.clockNanos != nil {
            figures = GateFigures(counts: figures.counts, frames: frames, clockNanos: results.flatMap { $0.clockNanos ?? [] })
        }
        return figures
    }

    /// A description of the first count that differs between `results`, or `nil`.
    static func unstableCounts(_ results: [GateFigures]) -> String? {
        for metric in GateMetric.counts {
            let name = metric.label(perFrame: false)
            let values = results.map { $0.counts[metric] }
            if Set(values.map { $0.map(String.init) ?? "none" }).count > 1 {
                let low = values.compactMap { $0 }.min() ?? 0, high = values.compactMap { $0 }.max() ?? 0
                let spread = low > 0 ? " (spread \(GateFormat.change(Double(high - low) / Double(low))))" : ""
                return "\(name) " + values.map { $0.map { GateFormat.value(Double($0), metric: .instructions) } ?? "none" }.joined(separator: ", ") + spread
            }
        }
        return nil
    }

    // MARK: Check

    /// Runs every workload once (or `runs` times on the clock) and compares with `baseline`.
    ///
    /// - Throws: `InputError` naming the baseline or the plan when they do not
    ///   match: another environment, a workload one has and the other has not, a workload
    ///   defined differently; ``GateError/badInput(_:)`` for a baseline of the other mode.
    /// On a regression the comparison explains each regressed workload by the functions
    /// whose instructions changed most (when the baseline keeps its top functions), and
    /// the result keeps those workloads' callgrind profiles.
    ///
    /// `only`, when given, limits the measuring to those workload IDs (a share of a
    /// sharded check); the plan and the baseline are still checked whole.
    public func check(baseline: GateBaseline, baselinePath: String, runs: Int, mode: MeasureMode, only: Set<String>? = nil) throws -> GateCheckResult {
        let wanted: GateBaseline.Mode = mode == .instructions ? .instructions : .clock
        guard baseline.mode == wanted else {
            throw GateError.badInput(
                "\(baselinePath): mode = \(baseline.mode.rawValue): expected "
                    + (wanted == .clock ? "a clock baseline for --clock: record one with `\(recordCommand(.clock, to: baselinePath))`"
                        : "an instruction-count baseline: check a clock baseline with --clock"))
        }
        try baseline.checkRecorded(on: try environment(for: wanted), path: baselinePath, recordCommand: recordCommand(wanted))
        try matchWorkloads(baseline, path: baselinePath)
        var measured: [(workload: GateWorkload, figures: GateFigures)] = []
        var profiles: [String: String] = [:]
        for (index, workload) in plan.workloads.enumerated() where only?.contains(workload.id) ?? true {
            let started = Date()
            var results: [GateFigures] = []
            for _ in 0 ..< (wanted == .clock ? max(runs, 1) : 1) {
                let measurement = try measure(workload, mode: mode)
                results.append(measurement.figures)
                if let text = measurement.callgrindOutput { profiles[workload.id] = text }
            }
            guard let figures = Self.combining(results, frames: workload.frames) else { continue }
            progress("[\(index + 1)/\(plan.workloads.count)] \(workload.id): \(Self.describe(figures)) (\(Self.seconds(since: started)))")
            measured.append((workload, figures))
        }
        var comparison = GateComparison(baseline: baseline, now: measured)
        let regressed = Set(comparison.regressions.map(\.workload))
        profiles = profiles.filter { regressed.contains($0.key) }
        for workload in plan.workloads where regressed.contains(workload.id) {
            guard let before = baseline.workload(workload.id)?.functions, let text = profiles[workload.id] else { continue }
            comparison.explanations.append(GateComparison.Explanation(
                workload: workload.id, functions: FunctionChange.explain(before: before, now: CallgrindProfile.functions(inText: text))))
        }
        return GateCheckResult(comparison: comparison, figures: measured.map { ($0.workload.id, $0.figures) }, profiles: profiles)
    }

    /// Throws unless the plan's workloads and the baseline's are the same, defined the same.
    private func matchWorkloads(_ baseline: GateBaseline, path: String) throws(InputError) {
        let rerecord = "re-record the baseline with `\(recordCommand(baseline.mode, to: path))` and commit it"
        for workload in plan.workloads {
            guard let recorded = baseline.workload(workload.id) else {
                throw InputError(file: plan.url.path, field: "(workloads)", value: "\"\(workload.id)\"",
                                 expected: "a workload the baseline \(path) has (unknown workload): \(rerecord)")
            }
            guard recorded.definition == workload.definition else {
                throw InputError(file: path, field: "workloads[\"\(workload.id)\"].definition", value: "\"\(recorded.definition)\"",
                                 expected: "\"\(workload.definition)\" as the plan now defines it: \(rerecord)")
            }
        }
        if let stale = baseline.workloads.first(where: { plan.workload($0.id) == nil }) {
            throw InputError(file: path, field: "workloads[\"\(stale.id)\"]", value: "\"\(stale.id)\"",
                             expected: "a workload of the plan \(plan.url.path) (it has no such workload): \(rerecord)")
        }
    }

    // MARK: One child

    /// This machine's environment for `mode`.
    ///
    /// - Throws: ``GateError/badInput(_:)`` when instruction mode needs valgrind and it is
    ///   not installed.
    func environment(for mode: GateBaseline.Mode) throws -> GateEnvironment {
        if mode == .instructions, Subprocess.find("valgrind") == nil {
            throw GateError.badInput(
                "valgrind is not installed (it counts the instructions): install it (`apt-get install -y valgrind`), "
                    + "or where it does not exist (macOS on Apple silicon) use the weaker --clock mode with a clock baseline")
        }
        return GateEnvironment.current(withValgrind: mode == .instructions, allocator: tool.allocator)
    }

    /// Runs `workload` once in a child process: under callgrind for instructions, or on the
    /// clock.
    ///
    /// The child sees the same process whatever machine or directory the gate runs in, and
    /// whatever the plan's file is called: what lies on its stack when it starts (its
    /// arguments and environment) has the same length everywhere. Its executable and its plan
    /// are links of fixed names in a scratch directory whose path has a fixed length (under
    /// `/tmp`), where it starts; its environment is fixed (``WorkloadChild/environment``) and
    /// padded to a fixed size; it writes its sample on standard output. A clone at a longer
    /// path, another user's environment or a plan of another name would otherwise move the
    /// stack, and with it the alignment of what the measured code touches: a few dozen
    /// instructions in a hundred thousand, but not the same count.
    func measure(_ workload: GateWorkload, mode: MeasureMode) throws -> Measurement {
        let scratch = try ScratchDirectory.make(prefix: "gridbench-gate", in: ScratchDirectory.fixedRoot)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let callgrindURL = scratch.appendingPathComponent("callgrind.out")
        let executable = scratch.appendingPathComponent("tool").path, planLink = scratch.appendingPathComponent("plan").path
        do {
            try FileManager.default.createSymbolicLink(atPath: executable, withDestinationPath: tool.executable.resolvingSymlinksInPath().path)
            try FileManager.default.createSymbolicLink(atPath: planLink, withDestinationPath: plan.url.resolvingSymlinksInPath().path)
        } catch {
            throw GateError.measurement("workload \(workload.id): could not link the tool and plan into \(scratch.path): \(error)")
        }
        let directory = scratch
        var arguments = tool.childArguments + ["--plan", planLink, "--workload", workload.id, "--entry", "\(workload.entry)"]
        let program: URL
        switch mode {
        case .instructions:
            guard let valgrind = Subprocess.find("valgrind") else { throw GateError.badInput("valgrind is not installed") }
            program = valgrind
            arguments = [
                "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=\(MeasuredRegion.symbol)",
                "--callgrind-out-file=\(callgrindURL.path)", executable,
            ] + arguments
        case .clock(let samples):
            // Time, unlike counts, does not care where the process's memory lies.
            program = URL(fileURLWithPath: executable)
            arguments += ["--clock-samples", "\(samples)"]
        }
        let result = try Subprocess.run(program, arguments, environment: WorkloadChild.processEnvironment, in: directory, scratch: scratch)
        guard result.status == 0 else {
            let tail = result.stderr.split(whereSeparator: \.isNewline).suffix(12).joined(separator: "\n")
            let message = "workload \(workload.id): the child exited with status \(result.status):\n\(tail)"
            throw result.status == 2 ? GateError.badInput(message) : GateError.measurement(message)
        }
        let sample: WorkloadSample
        do {
            sample = try JSONDecoder().decode(WorkloadSample.self, from: Data(result.stdout.utf8))
        } catch {
            throw GateError.measurement("workload \(workload.id): the child printed no readable sample (\(error)): \(result.stdout.prefix(200))")
        }
        var counts: [GateMetric: Int] = [:]
        var text: String?
        for metric in GateMetric.allCases {
            switch metric.definition.source {
            case .callgrind:
                guard mode == .instructions else { continue }
                counts[metric] = try Callgrind.counts(in: callgrindURL, workload: workload.id).outsideAllocator
                text = try? String(contentsOf: callgrindURL, encoding: .utf8)
            case .sample(let field): counts[metric] = sample[keyPath: field]
            case .clock: continue  // the samples themselves, below
            }
        }
        return Measurement(figures: GateFigures(counts: counts, frames: workload.frames, clockNanos: sample.nanos), callgrindOutput: text)
    }

    /// One run of a workload: its figures and, under callgrind, the profile callgrind wrote.
    struct Measurement {
        var figures: GateFigures
        var callgrindOutput: String?
    }

    /// A progress line's figures: `352,037 instructions (1,466/frame), 18 allocations, …`.
    static func describe(_ figures: GateFigures) -> String {
        GateMetric.allCases.compactMap { metric -> String? in
            guard let value = figures[metric] else { return nil }
            let shown = GateFormat.value(value, metric: metric)
            switch metric.definition.progress {
            case .before(let words): return "\(words) \(shown)"
            case .after(let singular, let plural):
                return "\(shown) \(value == 1 ? singular : plural)"
                    + (figures.perFrame[metric].map { " (\(GateFormat.value($0, metric: metric))/frame)" } ?? "")
            }
        }.joined(separator: ", ")
    }

    static func seconds(since start: Date) -> String {
        String(format: "%.1f s", Date().timeIntervalSince(start))
    }
}

/// What `check` found: the verdicts, the figures measured, and the callgrind profiles of
/// the regressed workloads (instruction mode).
public struct GateCheckResult: Sendable {
    public var comparison: GateComparison
    /// Every workload's figures, in plan order.
    public var figures: [(id: String, figures: GateFigures)]
    /// The raw callgrind out file of each regressed workload, by workload ID: what
    /// `--explain DIR` writes, for `callgrind_annotate` or a flamegraph tool.
    public var profiles: [String: String]
}

/// Reading callgrind's output file.
///
/// The gate's instruction count is the region's instructions **outside the allocator**:
/// callgrind's total, less the inclusive cost of every call into malloc and its family from
/// code that is not the allocator. What the allocator does for a request depends on its
/// state, which depends on everything the process allocated before (a longer plan or
/// trace, another data set read first): counted, it would move the figures of workloads
/// nobody changed. Allocations are gated on their own, exactly, by count and bytes.
enum Callgrind {
    /// The allocator's entry points, by symbol.
    static let allocatorFunctions: Set<String> = [
        "malloc", "free", "calloc", "realloc", "reallocarray", "posix_memalign", "aligned_alloc", "memalign", "valloc", "pvalloc",
        "malloc_usable_size", "mallocx", "rallocx", "xallocx", "sallocx", "dallocx", "sdallocx", "nallocx",
    ]

    /// What a region cost.
    struct Counts: Equatable {
        /// Every instruction callgrind collected.
        var total: Int
        /// Those inside calls into the allocator.
        var allocator: Int
        /// `total − allocator`: the figure the gate compares.
        var outsideAllocator: Int { total - allocator }
    }

    /// The counts of the callgrind out file at `url`.
    ///
    /// - Throws: ``GateError/measurement(_:)`` when the file is unreadable or has no
    ///   `totals:` or `summary:` line, or when nothing was collected (the measured region
    ///   was never entered: a stripped binary has no symbol for callgrind to toggle on).
    static func counts(in url: URL, workload: String) throws -> Counts {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            throw GateError.measurement("workload \(workload): callgrind wrote no output file at \(url.path)")
        }
        guard let counts = counts(inText: text) else {
            throw GateError.measurement("workload \(workload): callgrind's output has no totals: or summary: line")
        }
        guard counts.total > 0 else {
            throw GateError.measurement(
                "workload \(workload): callgrind counted no instructions in \(MeasuredRegion.symbol); is the binary stripped of its symbols?")
        }
        return counts
    }

    /// The region's instructions (`totals:`, or `summary:`) and the inclusive cost of the
    /// calls into the allocator from outside it, read by ``CallgrindLines``.
    static func counts(inText text: String) -> Counts? {
        var total: Int?
        var summary: Int?
        var allocator = 0
        CallgrindLines.read(text) { record in
            switch record {
            case .call(let caller, let callee, let cost):
                if allocatorFunctions.contains(callee), !allocatorFunctions.contains(caller) { allocator += cost }
            case .totals(let value): total = value
            case .summary(let value): summary = value
            case .cost: break
            }
        }
        guard let region = total ?? summary else { return nil }
        return Counts(total: region, allocator: allocator)
    }
}
