import ArgumentParser
import Foundation
import GridCore
import GridHarness
import GridReports
import GridStrategies
import GridViewport

/// `gridbench run`: one data set and trace, with chosen strategies.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay one trace over one data set with chosen strategies.",
        discussion: """
            The data set is a bundled one (--dataset photos-2976) or a spec file (--spec FILE);
            the trace is a bundled trace of that data set (--trace fling-120hz) or a trace file
            (--trace FILE.json). Every frame is checked against the reference's loaded set: the
            bundled fixture, the fixture given with --fixture, or else a reference replay made
            on the spot. Exits 1 when a strategy's loaded set differs in any frame.
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

    @OptionGroup var measure: MeasureOptions

    func validate() throws {
        guard (dataset == nil) != (spec == nil) else {
            throw ValidationError("Give exactly one of --dataset NAME and --spec FILE.")
        }
    }

    func run() throws {
        let outcome = try guarded { () throws -> ExitCode in
            let (replay, fixture) = try resolve()
            let expected: [LoadedSetDigest]
            if let fixture {
                expected = fixture.frames
            } else {
                Console.note("No fixture for this trace: checking every frame against a reference replay made now.")
                expected = try replay.referenceDigests(margin: .lines(measure.marginLines))
            }
            let chosen = strategies.isEmpty ? StrategyKind.allCases : try strategies.map { name throws(GridError) in try StrategyKind(named: name) }
            var records: [RunRecord] = []
            for strategy in chosen {
                let options = measure.replayOptions(strategy: strategy)
                let record = try replay.run(options, expected: expected)
                Console.note(ProgressLine.finished(record))
                records.append(record)
            }
            print(SummaryTable.render(records))
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
    private func resolve() throws -> (Replay, ReplayFixture?) {
        let margin = PreloadMargin.lines(measure.marginLines)
        let traceIsFile = trace.hasSuffix(".json") || FileManager.default.fileExists(atPath: trace)
        if let dataset {
            let plan = try planOption.load()
            let specURL = plan.specURL(dataset)
            guard FileManager.default.fileExists(atPath: specURL.path) else {
                throw InputError(file: planOption.plan, field: "--dataset", value: "\"\(dataset)\"",
                                 expected: "a bundled data set: " + plan.runs.map(\.dataset).joined(separator: ", "))
            }
            let traceURL = traceIsFile ? URL(fileURLWithPath: trace) : plan.traceURL(dataset: dataset, trace: trace)
            guard FileManager.default.fileExists(atPath: traceURL.path) else {
                let known = plan.runs.first { $0.dataset == dataset }?.traces ?? []
                throw InputError(file: planOption.plan, field: "--trace", value: "\"\(trace)\"",
                                 expected: "a trace file or a bundled trace of \(dataset): " + known.joined(separator: ", "))
            }
            let replay = try Replay.load(specAt: specURL, traceAt: traceURL)
            let fixtureURL = fixture.map { URL(fileURLWithPath: $0) } ?? (traceIsFile ? nil : plan.fixtureURL(dataset: dataset, trace: trace))
            return (replay, try fixtureURL.map { url throws(InputError) in try ReplayFixture.load(from: url, for: replay.trace, margin: margin) })
        }
        let replay = try Replay.load(specAt: URL(fileURLWithPath: spec ?? ""), traceAt: URL(fileURLWithPath: trace))
        return (replay, try fixture.map { path throws(InputError) in
            try ReplayFixture.load(from: URL(fileURLWithPath: path), for: replay.trace, margin: margin)
        })
    }
}
