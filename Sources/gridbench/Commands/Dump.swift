import ArgumentParser
import Foundation
import GridCore
import GridHarness
import GridStrategies

/// `gridbench dump`: every element's frame, as JSON.
struct Dump: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print every element a spec's layout places (or those meeting a rect) as JSON.",
        discussion: """
            Writes a JSON array of {"kind", "section", "item", "frame": {"x", "y", "width", "height"}}
            sorted by section, kind (header, cell, footer) and item. Kinds are section-header, cell,
            section-footer, column-header and row-header.
            """)

    @Option(help: "A layout spec file.")
    var spec: String

    @Option(help: "Only elements whose frames intersect this rect: x,y,width,height.")
    var rect: RectArgument?

    @Option(help: ArgumentHelp("Answer through this strategy (every strategy gives the same answer).", valueName: StrategyKind.allCases.map(\.rawValue).joined(separator: "|")))
    var strategy: String = StrategyKind.onDemand.rawValue

    @Option(help: "Write to this file instead of standard output.")
    var out: String?

    func run() throws {
        try guarded {
            let loaded = try LayoutSpec.load(from: URL(fileURLWithPath: spec))
            var layout = try StrategyKind(named: strategy).wrap(loaded.makeLayout())
            try layout.prepare(data: loaded.data, container: loaded.container)
            let query = rect?.rect ?? layout.contentBounds
            let elements = layout.elements(in: query).sorted { $0.id < $1.id }
            if let out {
                try JSONFiles.write(elements, to: URL(fileURLWithPath: out))
            } else {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                FileHandle.standardOutput.write(try encoder.encode(elements) + Data("\n".utf8))
            }
        }
    }
}
