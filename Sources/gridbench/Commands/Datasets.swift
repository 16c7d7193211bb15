import ArgumentParser
import GridCommands
import Foundation
import GridCore
import GridHarness

/// `gridbench datasets`: the bundled inputs.
struct DatasetsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "datasets",
        abstract: "List or regenerate the bundled data sets and traces.",
        subcommands: [List.self, Generate.self],
        defaultSubcommand: List.self)

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the plan's data sets and traces.")
        @OptionGroup var planOption: PlanOption

        func run() throws {
            try guarded {
                let plan = try planOption.load()
                for entry in plan.runs {
                    let spec = try LayoutSpec.load(from: try plan.existingSpecURL(entry.dataset))
                    try Console.print("\(entry.dataset): \(spec.layoutName), \(spec.tiles) tiles in \(spec.data.sectionCount) sections, \(Int(spec.container.width))×\(Int(spec.container.height))")
                    for trace in entry.traces {
                        guard let recipe = plan.recipe(named: trace) else { continue }
                        try Console.print("  \(trace): \(recipe.kind.rawValue), seed \(recipe.seed), \(recipe.refreshHz) Hz")
                    }
                }
            }
        }
    }

    struct Generate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write the bundled specs and generate every trace of the plan, deterministically.",
            discussion: """
                Specs come from code (BundledDatasets); traces from the plan's recipes (kind, seed, refresh rate, seconds). Running it again gives the same files, byte for byte. Record the fixtures afterwards: gridbench fixtures record.
                """)
        @OptionGroup var planOption: PlanOption

        func run() throws {
            try guarded {
                try BundledDatasets.generate(plan: try planOption.load(), planFile: planOption.plan) { Console.note($0) }
            }
        }
    }
}
