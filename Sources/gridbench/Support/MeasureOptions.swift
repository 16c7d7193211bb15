import ArgumentParser
import Foundation
import GridCommands
import GridCore
import GridGateTool
import GridHarness
import GridStrategies
import GridViewport

/// `--plan`, shared by the commands that read the bundled data.
struct PlanOption: ParsableArguments {
    @Option(name: .long, help: "The benchmark plan; specs, traces and fixtures sit beside it.")
    var plan: String = "datasets/plan.json"

    /// Loads the plan, with a hint when the default path does not exist.
    func load() throws(InputError) -> BenchmarkPlan {
        let url = URL(fileURLWithPath: plan)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw InputError(
                file: plan, field: "(file)", value: "missing",
                expected: "a benchmark plan: run gridbench from the repository root, or pass --plan PATH")
        }
        return try BenchmarkPlan.load(from: url)
    }
}

/// Measurement options shared by `run` and `report`.
struct MeasureOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "The adaptive strategy's switch, in tiles.")
    var threshold: Int = 400

    @Option(parsing: .unconditional, help: "Preload margin above and beneath the visible rect, in rows of the layout.")
    var marginLines: Double = 4

    @Option(parsing: .unconditional, help: "Preload margin either side of the visible rect, in columns of the layout (layouts that scroll sideways).")
    var marginColumns: Double = 2

    /// The preload margin the options give.
    var margin: PreloadMargin { PreloadMargin(rows: marginLines, columns: marginColumns) }

    @Option(parsing: .unconditional, help: "Minimum measured passes per run (after one warm-up pass).")
    var minPasses: Int = 2

    @Option(parsing: .unconditional, help: "Maximum measured passes per run.")
    var maxPasses: Int = 20

    @Option(parsing: .unconditional, help: "Seconds of measured frames to aim for per run, between the minimum and maximum passes.")
    var targetSeconds: Double = 0.5

    @Option(parsing: .unconditional, help: "The share of a frame's budget layout may take before the frame counts as a hitch.")
    var layoutBudgetShare: Double = 0.5

    @Flag(help: "Leave memory figures out (they need jemalloc as the process's allocator).")
    var noMemory = false

    /// The option each of ``GridHarness/ReplayOptions``'s fields comes from.
    static var optionNames: [String: String] { Outcome.replayOptionNames }

    /// Refuses values the replay would refuse, naming the option (`--min-passes`), as a
    /// usage error.
    func validate() throws {
        do {
            try replayOptions(strategy: .onDemand).validate()
        } catch {
            let option = Self.optionNames[error.field] ?? error.field
            var expected = error.expected
            for (field, name) in Self.optionNames { expected = expected.replacingOccurrences(of: field, with: name) }
            throw ValidationError("\(option) \(error.value): expected \(expected)")
        }
    }

    func replayOptions(strategy: StrategyKind) -> ReplayOptions {
        ReplayOptions(
            strategy: strategy, threshold: threshold, margin: margin, minimumPasses: minPasses,
            maximumPasses: maxPasses, targetSeconds: targetSeconds, layoutBudgetShare: layoutBudgetShare,
            memoryProbe: noMemory ? nil : JemallocProbe())
    }
}
