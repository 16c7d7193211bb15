import ArgumentParser
import Foundation
import GridCommands
import GridCore
import GridGate
import GridHarness
import GridLayouts

/// A performance gate for your layouts: conform a type to it, mark it `@main`, list your
/// layouts' registry entries, and the executable has `record`, `check` (with `--history`,
/// `--explain` and `--shard`), `merge`, `trend`, `dump` and `trace` as `gridbench` has them.
///
/// ```swift
/// import GridGate
/// import GridGateTool
/// import MyLayouts
///
/// @main struct MyGate: GateTool {
///     static let layouts: [any LayoutConfiguration.Type] = [MyGridConfiguration.self]
/// }
/// ```
///
/// A layout's entry is a `LayoutConfiguration`, as each of GridBench's own layouts has:
/// its name, its parameters and the layout they make. Then
/// `swift build -c release --product my-gate` and, in CI,
/// `.build/release/my-gate check --baseline gate-baseline.json`. The gate plan's specs
/// name your layout in their `layout` field; GridBench's own layouts (`tile-grid`, …)
/// are there too.
public protocol GateTool {
    /// Your layouts' registry entries: the tool adds them to `LayoutRegistry` before it
    /// reads anything, so that specs, traces, `dump` and `trace generate` know them.
    static var layouts: [any LayoutConfiguration.Type] { get }
    /// The command's name in help: the executable's name by default.
    static var commandName: String { get }
    /// How a user runs the gate, for the commands messages suggest
    /// (`.build/release/my-gate`).
    static var invocation: String { get }
    /// The arguments before `record`, `check` or `run-workload` when the tool runs itself
    /// again: empty for a tool of its own, `["gate"]` for `gridbench gate`.
    static var subcommandPath: [String] { get }
    /// The plan `--plan` defaults to.
    static var defaultPlan: String { get }
}

extension GateTool {
    public static var commandName: String {
        CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "gate"
    }

    public static var invocation: String { ".build/release/\(commandName)" }
    public static var subcommandPath: [String] { [] }
    public static var defaultPlan: String { "gate-plan.json" }

    /// Registers ``layouts``, then parses the command line and runs the gate.
    ///
    /// A layout entry the registry refuses (a bad name, an operation `type` that a trace
    /// event or another layout already has) ends the tool with exit code 2.
    public static func main() {
        Console.commandName = commandName
        do {
            try registerLayouts()
        } catch {
            Console.error(error.description)
            exit(2)
        }
        GateCommand<Self>.main()
    }

    /// Adds ``layouts`` to `LayoutRegistry`, refusing an operation `type` that a trace
    /// event of GridBench's own already has.
    ///
    /// - Throws: `GridError` naming the field.
    static func registerLayouts() throws(GridError) {
        for layout in layouts {
            for type in layout.operationCodec?.typeNames ?? [] where TraceEvent.Change.builtInTypeNames.contains(type) {
                throw .invalidParameter(
                    "operationCodec", "\"\(type)\"",
                    expected: "operation types no trace event of GridBench's has (\(layout.layoutName) takes one)")
            }
        }
        try LayoutRegistry.register(layouts)
    }
}

/// Options `record` and `check` share.
struct GateOptions: ParsableArguments {
    @Option(help: "The gate plan: which specs, strategies and workloads.")
    var plan: String?

    @Flag(help: "Wall-clock time instead of instruction counts, for machines without valgrind (weaker).")
    var clock = false

    @Option(parsing: .unconditional, help: "Clock mode: samples of the measured region per run.")
    var samples: Int = 5

    func validate() throws {
        guard samples >= 2 else { throw ValidationError("--samples must be at least 2.") }
    }

    /// The session over the plan, for `Tool`.
    func session<Tool: GateTool>(_ tool: Tool.Type) throws -> GateSession {
        let path = plan ?? Tool.defaultPlan
        let loaded = try GatePlan.load(from: URL(fileURLWithPath: path))
        guard let executable = GateSession.Tool.currentExecutable else {
            throw GateError.measurement("cannot find this program's own executable to run the workloads")
        }
        let gateTool = GateSession.Tool(
            executable: executable, childArguments: Tool.subcommandPath + ["run-workload"], invocation: Tool.invocation,
            allocator: JemallocProbe()?.name, defaultPlan: Tool.defaultPlan)
        return GateSession(plan: loaded, planPath: path, tool: gateTool) { line in Console.note(line) }
    }

    var mode: MeasureMode { clock ? .clock(samples: samples) : .instructions }
}

struct GateRecord<Tool: GateTool>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "record",
            abstract: "Measure every workload several times and write the baseline.",
            discussion: """
                Each workload runs --runs times in a fresh process; every count must come out the same each time, or nothing is written and the unstable workload is named (exit 70). The baseline records the toolchain, valgrind and architecture; it replaces --out atomically, so an interrupted record leaves the old baseline intact.
                """)
    }

    @OptionGroup var options: GateOptions

    @Option(help: "The baseline file to write.")
    var out: String

    @Option(parsing: .unconditional, help: "Runs per workload that must agree before it is recorded.")
    var runs: Int = 3

    func validate() throws {
        guard runs >= 1 else { throw ValidationError("--runs must be at least 1.") }
    }

    func run() throws {
        try guarded {
            let session = try options.session(Tool.self)
            let started = Date()
            Console.note("\(Tool.invocation) record: \(session.plan.workloads.count) workloads × \(runs) runs"
                             + (options.clock ? ", wall clock" : ", under callgrind"))
            let baseline = try session.record(runs: runs, mode: options.mode)
            try JSONFiles.write(baseline, to: URL(fileURLWithPath: out))
            let seconds = Int(Date().timeIntervalSince(started).rounded())
            let count = baseline.workloads.count
            try Console.print("gate record: \(count) workload\(count == 1 ? "" : "s"), \(runs) run\(runs == 1 ? "" : "s") each"
                  + (runs > 1 ? " with identical counts" : "") + "; wrote \(out) in \(seconds / 60) min \(seconds % 60) s")
        }
    }
}

struct GateCheck<Tool: GateTool>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "check",
            abstract: "Measure every workload and compare with the baseline; exit 1 on a regression.",
            discussion: """
                Prints one line on standard output; --markdown writes the table for a pull request (worst first), --json the same as JSON (schema in docs/formats.md#gate-files, "Check output").
                """)
    }

    @OptionGroup var options: GateOptions

    @Option(help: "The baseline to compare with.")
    var baseline: String

    @Option(help: "Write the verdicts as a Markdown table to this file.")
    var markdown: String?

    @Option(help: "Write the verdicts as JSON to this file.")
    var json: String?

    @Option(parsing: .unconditional, help: "Clock mode: runs per workload (each of --samples samples).")
    var runs: Int = 3

    @Option(help: "Measure only share i of n of the plan, balanced by each workload's estimated seconds: 1.7 s + 12.6 ns per baseline instruction (clock mode: 0.4 s + 18 × the median; docs/gate.md); --json then writes a partial result for `merge`.")
    var shard: String?

    @Option(help: "Write the callgrind profiles of the regressed workloads into this directory (callgrind.out.<workload>), for callgrind_annotate or a flamegraph tool.")
    var explain: String?

    @Option(help: "Append this run's figures to the history in this directory (one new file per run), for `trend`.")
    var history: String?

    func validate() throws {
        if let shard, GateShard.parse(shard) == nil {
            throw ValidationError("--shard must be i/n with 1 ≤ i ≤ n, such as 2/3 (got \(shard)).")
        }
        if shard != nil, history != nil {
            throw ValidationError("--history with --shard would keep a share as a run: give --history to `merge` instead.")
        }
    }

    func run() throws {
        let passed = try guarded { () throws -> Bool in
            let session = try options.session(Tool.self)
            let mode: GateBaseline.Mode = options.clock ? .clock : .instructions
            let recorded = try GateBaseline.load(from: URL(fileURLWithPath: baseline), recordCommand: session.recordCommand(mode))
            let share = shard.flatMap(GateShard.parse)
            let only = share.map { Set(GateShard.workloads(of: recorded, index: $0.index, count: $0.count)) }
            let result = try session.check(baseline: recorded, baselinePath: baseline, runs: runs, mode: options.mode, only: only)
            let (comparison, figures) = (result.comparison, result.figures)
            if let explain {
                for (workload, profile) in result.profiles.sorted(by: { $0.key < $1.key }) {
                    let name = "callgrind.out." + String(workload.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "_" })
                    let file = URL(fileURLWithPath: explain).appendingPathComponent(name)
                    try AtomicFile.write(profile, to: file)
                    Console.note("explain: wrote \(file.path) (`callgrind_annotate --inclusive=yes \(file.path)`)")
                }
            }
            var shardInfo: GateShard?
            if let share {
                shardInfo = GateShard(
                    index: share.index, count: share.count, commit: GateHistoryRun.currentCommit(), plan: session.planPath,
                    planDigest: GateShard.planDigest(recorded), workloads: figures.map(\.id))
            }
            return try GateOutput(markdown: markdown, json: json, history: history).write(
                comparison, figures: figures, baseline: recorded, baselinePath: baseline, updateCommand: session.recordCommand(mode, to: baseline),
                plan: session.planPath, commit: shardInfo?.commit, shard: shardInfo)
        }
        if !passed { throw ExitCode(1) }
    }
}

/// What `check` and `merge` write: the Markdown, the JSON, the history run, the
/// regressions on standard error and the summary line.
struct GateOutput {
    var markdown: String?
    var json: String?
    var history: String?

    /// Writes every output asked for; returns whether the check passed.
    func write(
        _ comparison: GateComparison, figures: [(id: String, figures: GateFigures)], baseline recorded: GateBaseline, baselinePath: String,
        updateCommand update: String, plan: String, commit: String?, shard: GateShard?
    ) throws -> Bool {
        if let markdown {
            try AtomicFile.write(comparison.markdown(baselinePath: baselinePath, environment: recorded.environment, updateCommand: update),
                                 to: URL(fileURLWithPath: markdown))
        }
        if let json {
            var document = comparison.document(baselinePath: baselinePath, environment: recorded.environment, updateCommand: update, figures: figures)
            document.shard = shard
            try JSONFiles.write(document, to: URL(fileURLWithPath: json))
        }
        if let history {
            let run = GateHistoryRun(
                commit: commit ?? GateHistoryRun.currentCommit(), date: GateHistoryRun.dateString(Date()), mode: recorded.mode,
                environment: recorded.environment, plan: plan,
                workloads: figures.map { measured in
                    GateHistoryRun.Workload(
                        id: measured.id, thresholds: recorded.workload(measured.id)?.thresholds ?? recorded.thresholds, figures: measured.figures)
                })
            let file = try GateHistory.append(run, to: URL(fileURLWithPath: history))
            Console.note("history: wrote \(file.path)")
        }
        for row in comparison.regressions {
            Console.error("regression: \(row)")
        }
        try Console.print(comparison.summary(updateCommand: update))
        return comparison.passed
    }
}

struct GateMergeCommand<Tool: GateTool>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "merge",
            abstract: "Join the partial results of `check --shard i/n --json` into the check one run would have given.",
            discussion: """
                Writes what one unsharded `check` would have written (--json, --markdown, the summary line, exit 0 or 1), and refuses, with exit 2 naming the part, a missing or duplicated share or a share of another plan, commit, mode or machine kind.
                """)
    }

    @Option(help: "The baseline every share was checked against.")
    var baseline: String

    @Argument(help: "The partial results, one per share (`check --shard i/n --json PART.json`).")
    var parts: [String] = []

    @Option(help: "Write the verdicts as a Markdown table to this file.")
    var markdown: String?

    @Option(help: "Write the verdicts as JSON to this file.")
    var json: String?

    @Option(help: "Append the merged run's figures to the history in this directory, for `trend`.")
    var history: String?

    func run() throws {
        let passed = try guarded { () throws -> Bool in
            let recorded = try GateBaseline.load(from: URL(fileURLWithPath: baseline), recordCommand: "\(Tool.invocation) record")
            var documents: [(path: String, document: GateComparison.Document)] = []
            for path in parts {
                documents.append((path, try JSONFiles.read(GateComparison.Document.self, from: URL(fileURLWithPath: path))))
            }
            let merged = try GateMerge.merge(baseline: recorded, baselinePath: baseline, parts: documents)
            let update = GateSession.recordCommand(
                invocation: Tool.invocation, defaultPlan: Tool.defaultPlan, planPath: merged.shard.plan, mode: recorded.mode, to: baseline)
            return try GateOutput(markdown: markdown, json: json, history: history).write(
                merged.comparison, figures: merged.figures, baseline: recorded, baselinePath: baseline, updateCommand: update,
                plan: merged.shard.plan, commit: merged.shard.commit, shard: nil)
        }
        if !passed { throw ExitCode(1) }
    }
}

struct GateTrendCommand<Tool: GateTool>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "trend",
            abstract: "Chart the history that `check --history` keeps: steps and creeps, per workload and metric.",
            discussion: """
                Reads every run file in --history (a corrupt or foreign file is named on standard error and skipped) and writes trend.html (self-contained, inline SVG), trend.md and charts/*.svg into --out. A step is any change of a count between consecutive runs (wall clock: a significant Mann-Whitney test); a creep is a rise within the threshold run by run but beyond it against the oldest run of the last --window runs.
                """)
    }

    @Option(help: "The history directory `check --history` writes into.")
    var history: String

    @Option(help: "The directory to write trend.html, trend.md and charts/ into.")
    var out: String

    @Option(help: "A baseline whose figures and thresholds the charts draw (thresholds otherwise come from the newest run).")
    var baseline: String?

    @Option(parsing: .unconditional, help: "The creep window: the last N runs.")
    var window: Int = GateTrend.defaultWindow

    func validate() throws {
        guard window >= 2 else { throw ValidationError("--window must be at least 2.") }
    }

    func run() throws {
        try guarded {
            let loaded = try GateHistory.load(from: URL(fileURLWithPath: history))
            for skipped in loaded.skipped { Console.note("\(Console.commandName): warning: skipped \(skipped)") }
            guard !loaded.runs.isEmpty else {
                throw InputError(file: history, field: "(runs)", value: "none",
                                 expected: "at least one run file: run `\(Tool.invocation) check --baseline B --history \(history)`")
            }
            let recorded = try baseline.map { path throws(InputError) in
                try GateBaseline.load(from: URL(fileURLWithPath: path), recordCommand: "\(Tool.invocation) record")
            }
            let trend = GateTrend(runs: loaded.runs, baseline: recorded, window: window)
            try trend.write(to: URL(fileURLWithPath: out))
            try Console.print("gate trend: \(trend.headline); wrote \(out)/trend.html and trend.md")
        }
    }
}

/// The child: one workload in this process. Not for users; the gate runs it.
struct GateRunWorkload<Tool: GateTool>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "run-workload", abstract: "Run one workload (the gate runs this itself).", shouldDisplay: false)
    }

    @Option var plan: String
    @Option var workload: String
    @Option var entry: Int?
    @Option var clockSamples: Int?

    /// Prints the sample as one line of JSON on standard output.
    func run() throws {
        try guarded {
            let sample = try WorkloadChild.run(
                plan: URL(fileURLWithPath: plan), workload: workload, entry: entry,
                mode: clockSamples.map { .clock(samples: $0) } ?? .instructions, meter: JemallocProbe())
            try Console.print(String(decoding: try JSONEncoder().encode(sample), as: UTF8.self))
        }
    }
}
