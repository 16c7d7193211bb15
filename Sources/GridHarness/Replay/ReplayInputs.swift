import Foundation
import GridCore
import GridViewport

extension Replay {
    /// The replay and its fixture that a command names: a bundled data set of `plan` by
    /// name or a spec file, and a bundled trace of that data set by name or a trace file.
    ///
    /// The fixture is the file `fixture` when given, else the bundled fixture of a bundled
    /// data set's bundled trace, else none.
    ///
    /// - Parameters:
    ///   - planFile: how the plan is named in errors (the `--plan` path).
    /// - Throws: ``GridCore/InputError`` naming `--dataset`, `--trace` or the file at fault.
    public static func resolve(
        plan: @autoclosure () throws(InputError) -> BenchmarkPlan, planFile: String,
        dataset: String?, spec: String?, trace: String, fixture: String?, margin: PreloadMargin
    ) throws(InputError) -> (replay: Replay, fixture: ReplayFixture?) {
        let traceIsFile = trace.hasSuffix(".json") || FileManager.default.fileExists(atPath: trace)
        if let dataset {
            let plan = try plan()
            let specURL = plan.specURL(dataset)
            guard FileManager.default.fileExists(atPath: specURL.path) else {
                throw InputError(file: planFile, field: "--dataset", value: "\"\(dataset)\"",
                                 expected: "a bundled data set: " + plan.runs.map(\.dataset).joined(separator: ", "))
            }
            let traceURL = traceIsFile ? URL(fileURLWithPath: trace) : plan.traceURL(dataset: dataset, trace: trace)
            guard FileManager.default.fileExists(atPath: traceURL.path) else {
                let known = plan.runs.first { $0.dataset == dataset }?.traces ?? []
                throw InputError(file: planFile, field: "--trace", value: "\"\(trace)\"",
                                 expected: "a trace file or a bundled trace of \(dataset): " + known.joined(separator: ", "))
            }
            let replay = try Replay.load(specAt: specURL, traceAt: traceURL)
            let fixtureURL = fixture.map { URL(fileURLWithPath: $0) } ?? (traceIsFile ? nil : plan.fixtureURL(dataset: dataset, trace: trace))
            return (replay, try fixtureURL.map { url throws(InputError) in try ReplayFixture.load(from: url, for: replay.trace, margin: margin) })
        }
        guard let spec else {
            throw InputError(file: "(command line)", field: "--spec", value: "missing", expected: "a spec file or --dataset NAME")
        }
        let replay = try Replay.load(specAt: URL(fileURLWithPath: spec), traceAt: URL(fileURLWithPath: trace))
        return (replay, try fixture.map { path throws(InputError) in
            try ReplayFixture.load(from: URL(fileURLWithPath: path), for: replay.trace, margin: margin)
        })
    }
}
