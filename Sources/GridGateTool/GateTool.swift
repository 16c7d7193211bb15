import ArgumentParser
import Foundation
import GridCore
import GridGate
import GridHarness

/// A performance gate for your layouts: conform a type to it, mark it `@main`, list your
/// layouts, and the executable has `record`, `check` and everything `gridbench gate` has.
///
/// ```swift
/// import GridGate
/// import GridGateTool
/// import MyLayouts
///
/// @main struct MyGate: GateTool {
///     static let layouts = [GateLayout("my-grid") { spec in MyGrid(columns: 3) }]
/// }
/// ```
///
/// Then `swift build -c release --product my-gate` and, in CI,
/// `.build/release/my-gate check --baseline gate-baseline.json`. The gate plan's specs
/// name your layout in their `layout` field; GridBench's own layouts (`tile-grid`, …)
/// are there too.
public protocol GateTool {
    /// Your layouts, by the names your specs give.
    static var layouts: [GateLayout] { get }
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

    /// Parses the command line and runs the gate.
    public static func main() {
        GateCommand<Self>.main()
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
        let loaded = try GatePlan.load(from: URL(fileURLWithPath: path), layouts: Tool.layouts)
        guard let executable = GateSession.Tool.currentExecutable else {
            throw GateError.measurement("cannot find this program's own executable to run the workloads")
        }
        let gateTool = GateSession.Tool(
            executable: executable, childArguments: Tool.subcommandPath + ["run-workload"], invocation: Tool.invocation,
            layouts: Tool.layouts, allocator: JemallocProbe()?.name, defaultPlan: Tool.defaultPlan)
        return GateSession(plan: loaded, planPath: path, tool: gateTool) { line in GateConsole.note(line) }
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
        try GateConsole.guarded {
            let session = try options.session(Tool.self)
            let started = Date()
            GateConsole.note("\(Tool.invocation) record: \(session.plan.workloads.count) workloads × \(runs) runs"
                             + (options.clock ? ", wall clock" : ", under callgrind"))
            let baseline = try session.record(runs: runs, mode: options.mode)
            try JSONFiles.write(baseline, to: URL(fileURLWithPath: out))
            let seconds = Int(Date().timeIntervalSince(started).rounded())
            let count = baseline.workloads.count
            try GateConsole.print("gate record: \(count) workload\(count == 1 ? "" : "s"), \(runs) run\(runs == 1 ? "" : "s") each"
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

    func run() throws {
        let passed = try GateConsole.guarded { () throws -> Bool in
            let session = try options.session(Tool.self)
            let mode: GateBaseline.Mode = options.clock ? .clock : .instructions
            let recorded = try GateBaseline.load(from: URL(fileURLWithPath: baseline), recordCommand: session.recordCommand(mode))
            let (comparison, figures) = try session.check(baseline: recorded, baselinePath: baseline, runs: runs, mode: options.mode)
            let update = session.recordCommand(mode, to: baseline)
            if let markdown {
                try AtomicFile.write(comparison.markdown(baselinePath: baseline, environment: recorded.environment, updateCommand: update),
                                     to: URL(fileURLWithPath: markdown))
            }
            if let json {
                try JSONFiles.write(comparison.document(baselinePath: baseline, environment: recorded.environment, updateCommand: update, figures: figures),
                                    to: URL(fileURLWithPath: json))
            }
            for row in comparison.regressions {
                GateConsole.error("regression: \(row)")
            }
            try GateConsole.print(comparison.summary(updateCommand: update))
            return comparison.passed
        }
        if !passed { throw ExitCode(1) }
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
        try GateConsole.guarded {
            let sample = try WorkloadChild.run(
                plan: URL(fileURLWithPath: plan), workload: workload, entry: entry, layouts: Tool.layouts,
                mode: clockSamples.map { .clock(samples: $0) } ?? .instructions, meter: JemallocProbe())
            try GateConsole.print(String(decoding: try JSONEncoder().encode(sample), as: UTF8.self))
        }
    }
}

/// Messages and exit codes.
enum GateConsole {
    static func note(_ message: String) {
        StandardStreams.note(message + "\n")
    }

    /// Writes `text` and a newline on standard output; a failure exits 74.
    static func print(_ text: String) throws(OutputFailure) {
        try StandardStreams.write(text + "\n", to: .output)
    }

    static func error(_ message: String) {
        note("gate: error: " + message)
    }

    /// Runs `body`, turning errors into a message and their exit code: 2 for bad input, 74
    /// for output that could not be written, 70 for an unstable workload or an internal
    /// failure.
    static func guarded<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ExitCode {
            throw error
        } catch let error as InputError {
            GateConsole.error(error.description)
            throw ExitCode(2)
        } catch let error as GridError {
            GateConsole.error(error.description)
            throw ExitCode(2)
        } catch let error as OutputFailure {
            GateConsole.error(error.description)
            throw ExitCode(74)
        } catch GateError.badInput(let message) {
            GateConsole.error(message)
            throw ExitCode(2)
        } catch {
            GateConsole.error("\(error)")
            throw ExitCode(70)
        }
    }
}
