import ArgumentParser
import Foundation
import GridConformance
import GridCore
import GridHarness
import GridLayouts
import GridStrategies
import GridViewport

/// `gridbench dump`: every element's frame, as JSON.
package struct Dump: ParsableCommand {
    package static let configuration = CommandConfiguration(
        abstract: "Print every element a spec's layout places (or those meeting a rect) as JSON.",
        discussion: """
            Writes a JSON array of {"kind", "section", "item", "frame": {"x", "y", "width", "height"}} sorted by section, kind and item. Kinds are section-header, cell, section-footer, column-header, row-header and corner.

            A data grid's elements also carry "row" and "column", their display position (the header row is row -1, the header column is column -1); its cells also carry "record" and "field". Cells of other two-axis layouts carry "row", "column", "rowSpan" and "columnSpan": a span grid's (span-grid) give the anchor slot and spans of each cell, merged or single, after the spec's operations; its "section" is the anchor row and "item" the cell's rank among the cells anchored in that row. Cells of columnar-grouped carry "position": "single", "top", "middle" or "bottom".

            Layouts (the spec's "layout"): \(LayoutRegistry.configurations.map { "\($0.layoutName) (\($0.summary))" }.joined(separator: "; ")).

            Spec fields besides "name", "layout" and "container" (each layout's article in the GridLayouts documentation, Sources/GridLayouts/GridLayouts.docc, gives their meaning and defaults): \(LayoutRegistry.configurations.map { "\($0.layoutName): \($0.specFieldNames.joined(separator: ", "))" }.joined(separator: "; ")). The tile grid's "sectionFooterHeight" (default 0) puts a footer under each section, below its bottom padding.

            With --scrolled-to X,Y it prints what a viewport of the spec's container size, scrolled to (X, Y), has loaded (the visible rect plus 4 rows above and beneath and 2 columns either side), with pinned elements at their pinned frames: section headers, a data grid's header row, header column and corner, a span grid's frozen rows and columns.

            A spec with estimated sizes ("estimated": {"itemHeight": h} or {"itemSize": [w, h]}) is laid out at the estimates; its "itemHeights" or "itemSizes" are the true sizes, which the layout learns by measurement. --measured-all prints the layout after every item has been measured (what a fresh layout given the true sizes answers: with "placement" or "lanes" "rebalance", the layout of the spec without "estimated"; with "stable", the columns the estimates chose); --measured-through N after the first N items in layout order (section by section, item by item), the rest still at the estimate. A spec without "estimated" knows every size already: both flags leave it as it is.

            Values may begin with '-': --scrolled-to -40,-25 is a view bounced past the top-left, --rect -10,-10,400,50 a rect above and left of the content. When standard error is a terminal, a dump that runs over 2 seconds shows its progress there (never on standard output).
            """)

    package init() {}

    @Option(help: "A layout spec file.")
    package var spec: String

    @Option(parsing: .unconditional, help: "Only elements whose frames intersect this rect: x,y,width,height.")
    package var rect: RectArgument?

    @Option(help: ArgumentHelp("Answer through this strategy (every strategy gives the same answer).", valueName: StrategyKind.allCases.map(\.rawValue).joined(separator: "|")))
    package var strategy: String = StrategyKind.onDemand.rawValue

    @Option(parsing: .unconditional, help: "Print what a viewport scrolled to X,Y has loaded, pinned elements at their pinned frames.")
    package var scrolledTo: PointArgument?

    @Flag(help: "With estimated sizes (the spec's \"estimated\"): the layout after every item has been measured, what a fresh layout given the true sizes answers.")
    package var measuredAll = false

    @Option(help: ArgumentHelp("With estimated sizes: the layout after the first N items in layout order (section by section, item by item) have been measured, the rest at the estimate.", valueName: "N"))
    package var measuredThrough: Int?

    @Option(help: "Write to this file instead of standard output.")
    package var out: String?

    package func validate() throws {
        if measuredAll && measuredThrough != nil {
            throw ValidationError("Give at most one of --measured-all and --measured-through N.")
        }
    }

    package func run() throws {
        try guarded {
            if let out { try OutputPath.refuseOverwritingInput(out: out, option: "--out", inputs: [spec]) }
            let loaded = try measured(LayoutSpec.load(from: URL(fileURLWithPath: spec)))
            let kind = try StrategyKind(named: strategy)
            if let out {
                try AtomicFileWriter.write(to: URL(fileURLWithPath: out)) { sink in
                    try writeElements(of: loaded, strategy: kind) { try sink.write($0) }
                }
            } else {
                try writeElements(of: loaded, strategy: kind) { try Console.output($0) }
            }
        }
    }

    /// The spec as measurement leaves it, as `--measured-all` or `--measured-through` ask.
    ///
    /// - Throws: `InputError` naming the spec file and `--measured-through` for a count
    ///   beyond its items.
    private func measured(_ loaded: LayoutSpec) throws -> LayoutSpec {
        if measuredAll { return loaded.measuredAll }
        guard let measuredThrough else { return loaded }
        do {
            return try loaded.measured(through: measuredThrough)
        } catch {
            throw InputError(file: spec, field: "--measured-through", value: "\(measuredThrough)", expected: error.expected)
        }
    }

    /// Writes the JSON array of elements through `write`, a batch at a time: a data set of
    /// millions of elements is never held in memory whole, as elements or as text.
    private func writeElements(of loaded: LayoutSpec, strategy kind: StrategyKind, _ write: (Data) throws -> Void) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        var first = true
        func batch(_ elements: [DumpedElement]) throws {
            guard !elements.isEmpty else { return }
            // A batch encoded as an array, without its brackets, is the array's middle.
            let text = try encoder.encode(elements)
            try write(Data((first ? "[\n" : ",\n").utf8))
            try write(text.dropFirst(2).dropLast(2))
            first = false
        }
        if let scrolledTo {
            try batch(try loaded.dump(scrolledTo: scrolledTo.point, strategy: kind))
        } else {
            let meter = ProgressLine.Meter("\(Console.commandName) dump: ")
            defer { meter.finish() }
            try loaded.dump(strategy: kind, in: rect?.rect, progress: { step in
                switch step {
                case .finding(let strip, let strips):
                    meter.update("finding elements, strip \(strip + 1) of \(strips) …", newStep: strip == 0)
                case .writing(let element, let elements):
                    meter.update("writing element \(element + 1) of \(elements) (\(element * 100 / max(elements, 1)) %) …", newStep: element == 0)
                }
            }) { try batch($0) }
        }
        try write(Data((first ? "[]\n" : "\n]\n").utf8))
    }
}
