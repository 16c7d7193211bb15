import ArgumentParser
import GridCommands
import Foundation
import GridConformance
import GridCore
import GridHarness
import GridLayouts
import GridStrategies

/// `gridbench conform`: the conformance suite for layouts written in any language.
struct Conform: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a layout written in any language against the laws of GridLayout, through JSON files.",
        discussion: """
            1. Write round 1's query file: gridbench conform --write-queries round1.json. Your runner prepares your layout for each case and writes its answers (see docs/conformance-protocol.md for both schemas and what the runner must do).

            2. Check them: gridbench conform --queries round1.json --answers answers1.json checks every law the answers can show.

            3. For the strips along your layout's own row boundaries, write round 2 from round 1: gridbench conform --write-queries round2.json --queries round1.json --answers answers1.json, and check round 2's answers the same way.

            To see what valid answers look like, let the reference tile grid answer a query file: gridbench conform --queries round1.json --write-answers reference.json.

            Isolated: gridbench conform --isolate [--layout NAME] [--strategy KIND] [--quick] runs the in-process suite (the one GridConformance.check runs, no files) on a reference layout of the registry, each case in a child process. A layout that traps (fatalError, a failed precondition, an index out of range, a force unwrap of nil) or hangs then fails law 3 with code trapped, exited or timed-out, naming the case, the call it was making (prepare, elements(in:) with the rect, attributes(at:) with the path, supplementary(_:at:)…) and the signal (SIGILL, SIGTRAP, SIGSEGV…), shrunk to the smallest case that still traps; --timeout SECONDS (default 30) bounds each case.

            Exits 0 when every law holds, 1 when a law is violated or nothing could be checked, 2 when a file is malformed or the answers do not fit the queries.
            """)

    @Option(help: "A query file (what the layout was asked).")
    var queries: String?

    @Option(help: "An answer file (what the layout answered).")
    var answers: String?

    @Option(help: "Write a query file: round 1, or with --queries and --answers the next round, made from those answers.")
    var writeQueries: String?

    @Option(help: "Answer --queries with GridBench's reference tile grid (CHGridView's parameters) and write the answers here.")
    var writeAnswers: String?

    @Option(help: ArgumentHelp("The strategy the reference answers through, with --write-answers, or --isolate checks it through.", valueName: StrategyKind.allCases.map(\.rawValue).joined(separator: "|")))
    var strategy: String = StrategyKind.onDemand.rawValue

    @Option(help: ArgumentHelp("The reference layout --write-answers answers with, or --isolate checks, in its best-known parameters.", valueName: LayoutRegistry.names.joined(separator: "|")))
    var layout: String = TileGrid.Configuration.layoutName

    @Flag(help: "Run the in-process suite on --layout through --strategy, each case in a child process: a trap or a hang becomes a law 3 violation (trapped, exited, timed-out) naming the case, the call and the signal, shrunk. Takes --quick, --seed, --max-violations and --timeout; no files.")
    var isolate = false

    @Option(parsing: .unconditional, help: ArgumentHelp("With --isolate: how long one case may take before its child process is killed and the case reported timed-out (default 30).", valueName: "seconds"))
    var timeout: Double?

    @Option(parsing: .unconditional, help: "The random seed for round 1's rects (with --isolate, of the suite's random rects).")
    var seed: UInt64 = ConformanceOptions().seed

    @Flag(help: "Fewer data shapes and containers, for a quick round.")
    var quick = false

    @Option(parsing: .unconditional, help: "Report at most this many violations.")
    var maxViolations: Int = 20

    func validate() throws {
        if isolate {
            guard queries == nil, answers == nil, writeQueries == nil, writeAnswers == nil else {
                throw ValidationError("--isolate runs the in-process suite on --layout; it reads and writes no files (drop --queries, --answers, --write-queries and --write-answers).")
            }
            if let timeout, !(timeout.isFinite && timeout >= 0.001 && timeout <= 86_400) {
                throw ValidationError("--timeout \(timeout): expected a number of seconds from 0.001 to 86400.")
            }
            return
        }
        if timeout != nil { throw ValidationError("--timeout only goes with --isolate.") }
        if writeAnswers != nil {
            guard queries != nil, answers == nil, writeQueries == nil else {
                throw ValidationError("--write-answers answers the file given with --queries, and nothing else.")
            }
        } else if writeQueries == nil {
            guard queries != nil, answers != nil else {
                throw ValidationError("Give --queries and --answers to check answers, or --write-queries FILE to write a query file.")
            }
        } else if (queries == nil) != (answers == nil) {
            throw ValidationError("To write the next round, give both --queries and --answers of the previous one.")
        }
    }

    func run() throws {
        let outcome = try guarded { () throws -> ExitCode in
            if isolate { return try checkIsolated() }
            let inputs = [queries, answers].compactMap { $0 }
            if let writeAnswers { try OutputPath.refuseOverwritingInput(out: writeAnswers, option: "--write-answers", inputs: inputs) }
            if let writeQueries { try OutputPath.refuseOverwritingInput(out: writeQueries, option: "--write-queries", inputs: inputs) }
            if let writeAnswers, let queries {
                let kind = try StrategyKind(named: strategy)
                let asked = try ConformanceQueries.load(from: URL(fileURLWithPath: queries))
                let reference = AnyGridLayout(try kind.wrap(try LayoutRegistry.configuration(named: layout).reference.makeAnyLayout()))
                let answered = ConformanceAnswers.answer(asked, layout: "\(layout) (\(kind.rawValue))") { reference }
                try answered.write(to: URL(fileURLWithPath: writeAnswers))
                Console.note("\(answered.cases.count) cases answered by the reference \(layout) → \(writeAnswers)")
                return Outcome.success
            }
            if let writeQueries {
                let out = URL(fileURLWithPath: writeQueries)
                if let queries, let answers {
                    let previous = try ConformanceQueries.load(from: URL(fileURLWithPath: queries))
                    let answered = try ConformanceAnswers.load(from: URL(fileURLWithPath: answers))
                    let next = try previous.refined(with: answered, queriesFile: queries, answersFile: answers)
                    try next.write(to: out)
                    Console.note("Round \(next.round): \(next.cases.count) cases → \(writeQueries)")
                } else {
                    var options = quick ? ConformanceOptions.quick : ConformanceOptions()
                    options.seed = seed
                    let first = ConformanceQueries.make(options: options)
                    try first.write(to: out)
                    Console.note("Round \(first.round): \(first.cases.count) cases → \(writeQueries)")
                }
                return Outcome.success
            }
            guard let queries, let answers else { return Outcome.badInput }
            let report = try GridConformance.check(
                queriesAt: URL(fileURLWithPath: queries), answersAt: URL(fileURLWithPath: answers), maxViolations: maxViolations)
            try Console.print(report.description)
            return report.isPassing ? Outcome.success : Outcome.fixtureMismatch
        }
        if outcome != Outcome.success { throw outcome }
    }

    /// `--isolate`: the in-process suite on a reference layout, each case in a child process.
    private func checkIsolated() throws -> ExitCode {
        let kind = try StrategyKind(named: strategy)
        let configuration = try LayoutRegistry.configuration(named: layout)
        _ = try kind.wrap(configuration.reference.makeAnyLayout())  // a strategy that cannot wrap is refused here, not in every child
        var options = quick ? ConformanceOptions.quick : ConformanceOptions()
        options.seed = seed
        options.maxViolations = maxViolations
        options.isolation = ConformanceIsolation(timeout: timeout ?? ConformanceIsolation.defaultTimeout)
        let meter = ProgressLine.Meter("gridbench conform: ")
        let progress = { (progress: ConformanceProgress) in
            meter.update(
                progress.shrinking
                    ? "shrinking the violations found in \(progress.caseCount) cases …"
                    : "case \(progress.caseNumber) of \(progress.caseCount) …",
                newStep: progress.caseNumber == 1 || progress.shrinking)
        }
        let report = GridConformance.check("\(layout) (\(kind.rawValue))", options: options, progress: progress) { () -> AnyGridLayout in
            let base = configuration.reference.makeAnyLayout()
            return AnyGridLayout((try? kind.wrap(base)) ?? base)
        }
        meter.finish()
        // The suite is the Swift one, but the cap is this command's option.
        try Console.print(report.description(maxViolationsSetting: "--max-violations"))
        return report.isPassing ? Outcome.success : Outcome.fixtureMismatch
    }
}

