import ArgumentParser
import GridCommands
import Foundation
import GridCore
import GridGateTool
import GridHarness
import GridReports
import GridStrategies
import GridViewport

/// `gridbench run`: one data set and trace, with chosen strategies.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay one trace over one data set with chosen strategies.",
        discussion: """
            The data set is a bundled one (--dataset photos-2976) or a spec file (--spec FILE); the trace is a bundled trace of that data set (--trace fling-120hz) or a trace file (--trace FILE.json). With --spec, a bare name (no '/', no .json or .csv ending) that is no file is the bundled trace of the spec's data set (by the spec's name or file name), or of the one data set that has a trace of that name; otherwise it is refused naming every place looked. Every frame is checked against the reference's loaded set: the bundled fixture, the fixture given with --fixture, or else a reference replay made on the spot. Exits 1 when a strategy's loaded set differs in any frame.

            A spec with estimated sizes ("estimated") is measured as it scrolls: each frame, the cells loaded for the first time are measured (their true sizes) and told to the layout as one batch, and the offset is corrected by --anchor: none keeps it, first-visible keeps the first fully visible cell where it was on screen, last-visible the last (the bottom stays put). Once corrected, the trace's offsets move the view by their differences. results.json then records "anchor", "visibleDisplacement", "offsetCorrections" and "contentSizeDrift". A trace that types (cell-content events) is anchored by --anchor too: a keystroke that moves the anchored cell (a row above the screen growing) corrects the offset, and results.json records "anchor", "visibleDisplacement" and "offsetCorrections".

            A trace's events apply before the scroll of their frame: \(TraceEvent.Change.typeNames.joined(separator: ", ")). A move, {"type": "move-item", "from": [section, item], "to": [section, item]}, removes the item at "from" and inserts it at "to" in the data after the removal, as UICollectionView does; the viewport follows every item through an edit and keeps its tile. An event that names an item or section missing at that point is refused naming the event, the field and the frame (exit 2).
            """)

    @OptionGroup var planOption: PlanOption

    @Option(help: "A bundled data set, by name.")
    var dataset: String?

    @Option(help: "A layout spec file.")
    var spec: String?

    @Option(help: "A trace: a bundled trace's name, or a trace file.")
    var trace: String

    @Option(name: .customLong("strategy"), parsing: .singleValue,
            help: ArgumentHelp("A strategy to replay (repeatable; default: all).", valueName: StrategyKind.allCases.map(\.rawValue).joined(separator: "|")))
    var strategies: [String] = []

    @Option(help: "A fixture file to check every frame against.")
    var fixture: String?

    @Option(help: "Write the results, as versioned JSON, to this file.")
    var json: String?

    @Option(help: ArgumentHelp(
        "With a spec of estimated sizes: how the viewport corrects its offset as it measures cells; with a trace that types, as keystrokes move rows (default: first-visible). Ignored otherwise.",
        valueName: AnchorPolicy.allCases.map(\.rawValue).joined(separator: "|")))
    var anchor: String = AnchorPolicy.standard.rawValue

    @OptionGroup var measure: MeasureOptions

    func validate() throws {
        guard (dataset == nil) != (spec == nil) else {
            throw ValidationError("Give exactly one of --dataset NAME and --spec FILE.")
        }
    }

    func run() throws {
        let outcome = try guarded { () throws -> ExitCode in
            guard let policy = AnchorPolicy(rawValue: anchor) else {
                throw GridError.invalidParameter(
                    "--anchor", "\"\(anchor)\"", expected: AnchorPolicy.allCases.map(\.rawValue).joined(separator: ", "))
            }
            let (replay, fixture) = try resolve(anchor: policy)
            let expected: [LoadedSetDigest]
            if let fixture {
                expected = fixture.frames
            } else {
                Console.note("No fixture for this trace\(policy == .standard ? "" : " under --anchor \(policy.rawValue)"): checking every frame against a reference replay made now.")
                expected = try replay.referenceDigests(margin: measure.margin, anchor: policy)
            }
            let chosen = strategies.isEmpty ? StrategyKind.allCases : try strategies.map { name throws(GridError) in try StrategyKind(named: name) }
            var records: [RunRecord] = []
            for strategy in chosen {
                var options = measure.replayOptions(strategy: strategy)
                options.anchor = policy
                let record = try replay.run(options, expected: expected)
                Console.note(ProgressLine.finished(record))
                records.append(record)
            }
            try Console.print(SummaryTable.render(records))
            if let json {
                let probe: (any MemoryProbe)? = measure.noMemory ? nil : JemallocProbe()
                let document = ResultsDocument(environment: MeasurementEnvironment.describe(probe: probe), runs: records)
                try JSONFiles.write(document, to: URL(fileURLWithPath: json))
                Console.note("Results written to \(json).")
            }
            return records.allSatisfy { $0.fixture == .pass } ? Outcome.success : Outcome.fixtureMismatch
        }
        if outcome != Outcome.success { throw outcome }
    }

    /// The replay and its fixture, from bundled names or files.
    private func resolve(anchor: AnchorPolicy) throws -> (Replay, ReplayFixture?) {
        try Replay.resolve(
            plan: try planOption.load(), planFile: planOption.plan, dataset: dataset, spec: spec, trace: trace,
            fixture: fixture, margin: measure.margin, anchor: anchor)
    }
}
