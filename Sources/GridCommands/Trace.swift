import ArgumentParser
import Foundation
import GridConformance
import GridCore
import GridHarness

/// `gridbench trace`: make traces.
package struct TraceCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Generate scroll traces with UIScrollView's physics, or import an app's scroll log.",
        subcommands: [Generate.self, Import.self])

    package init() {}

    package struct Generate: ParsableCommand {
        package init() {}

        package static let configuration = CommandConfiguration(
            abstract: "Generate a trace over a layout spec from gestures; the same seed gives the same trace.",
            discussion: """
                Kinds: \(TraceGenerator.Kind.allCases.map { "\($0.rawValue) (\($0.summary))" }.joined(separator: "; ")). Flings decelerate as UIScrollView does, v(t) = v0·d^(1000t) with d = 0.998 (normal) or 0.99 (fast), and rubber-band past the edges.
                """)

        @Option(help: "The layout spec the trace scrolls through; its container is the starting viewport.")
        var spec: String

        @Option(help: ArgumentHelp("What the user does.", valueName: TraceGenerator.Kind.allCases.map(\.rawValue).joined(separator: "|")))
        var kind: String

        @Option(parsing: .unconditional, help: "The random seed.")
        var seed: UInt64 = 1

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp(
                "Frames per second (default: 60 for "
                    + TraceGenerator.Kind.allCases.filter { $0.defaultRefreshHz == 60 }.map(\.rawValue).joined(separator: ", ")
                    + "; 120 otherwise)."))
        var hz: Int?

        @Option(parsing: .unconditional, help: "Seconds of trace, for kinds without a natural end.")
        var seconds: Double = 20

        @Option(help: ArgumentHelp("UIScrollView's deceleration rate.", valueName: "normal|fast"))
        var deceleration: String = ScrollPhysics.Deceleration.normal.rawValue

        @Option(help: "The trace's name (default: <kind>-<hz>hz).")
        var name: String?

        @Option(parsing: .unconditional, help: "The most frames the trace may have; a fling through a large data set may need more.")
        var maxFrames: Int = TraceGenerator.defaultMaxFrames

        @Option(help: "The trace file to write.")
        var out: String

        package func run() throws {
            try guarded {
                try OutputPath.refuseOverwritingInput(out: out, option: "--out", inputs: [spec])
                guard let kind = TraceGenerator.Kind(rawValue: kind) else {
                    throw GridError.invalidParameter("--kind", kind, expected: "one of " + TraceGenerator.Kind.allCases.map(\.rawValue).joined(separator: ", "))
                }
                guard let deceleration = ScrollPhysics.Deceleration(rawValue: deceleration) else {
                    throw GridError.invalidParameter("--deceleration", deceleration, expected: "normal or fast")
                }
                let loaded = try LayoutSpec.load(from: URL(fileURLWithPath: spec))
                var options = TraceGenerator.Options(kind: kind, seed: seed, refreshHz: hz, seconds: seconds, deceleration: deceleration, name: name)
                options.maxFrames = maxFrames
                let trace: ScrollTrace
                do {
                    trace = try TraceGenerator(spec: loaded).generate(options)
                } catch let error as GridError {
                    throw InputError(file: spec, Self.optionNamed(error))
                }
                try trace.write(to: URL(fileURLWithPath: out))
                Console.note("\(trace.name): \(trace.frameCount) frames at \(trace.refreshHz) Hz, \(trace.events.count) events → \(out)")
            }
        }

        /// The generator's error with its field named by the option that sets it.
        static func optionNamed(_ error: GridError) -> GridError {
            var renamed = error
            let options = ["refreshHz": "--hz", "seconds": "--seconds", "maxFrames": "--max-frames"]
            if let option = options[error.field] { renamed.field = option }
            return renamed
        }
    }

    package struct Import: ParsableCommand {
        package init() {}

        package static let configuration = CommandConfiguration(
            abstract: "Import a CSV of timestamp_ms,offset rows (an app's scroll log), resampled to a refresh rate.",
            discussion: "A header row and blank lines are skipped; offsets between rows are interpolated linearly.")

        @Option(help: "The CSV file.")
        var csv: String

        @Option(parsing: .unconditional, help: "Frames per second to resample to.")
        var hz: Int = 120

        @Option(help: "The viewport size, WIDTHxHEIGHT.")
        var viewport = SizeArgument(Size(width: 320, height: 480))

        @Option(help: "The trace's name (default: the CSV file's name).")
        var name: String?

        @Option(parsing: .unconditional, help: "The most frames the trace may have: the CSV's time span times --hz.")
        var maxFrames: Int = TraceImport.defaultMaxFrames

        @Option(help: "The trace file to write.")
        var out: String

        package func validate() throws {
            guard maxFrames >= 1 else { throw ValidationError("--max-frames \(maxFrames): expected a frame count ≥ 1") }
        }

        package func run() throws {
            try guarded {
                try OutputPath.refuseOverwritingInput(out: out, option: "--out", inputs: [csv])
                let url = URL(fileURLWithPath: csv)
                let text = try InputFiles.text(url)
                let meter = ProgressLine.Meter("\(Console.commandName) trace import: ")
                defer { meter.finish() }
                let trace = try TraceImport.csv(
                    text, path: csv, refreshHz: hz, viewport: viewport.size,
                    name: name ?? url.deletingPathExtension().lastPathComponent, maxFrames: maxFrames,
                    progress: { line in meter.update("reading line \(line) of \(csv) …", newStep: line == 1) })
                meter.update("writing \(trace.frameCount) frames to \(out) …", newStep: true)
                try trace.write(to: URL(fileURLWithPath: out))
                meter.finish()
                Console.note("\(trace.name): \(trace.frameCount) frames at \(trace.refreshHz) Hz → \(out)")
            }
        }
    }
}
