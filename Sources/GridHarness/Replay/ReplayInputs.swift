import Foundation
import GridCore
import GridViewport

extension Replay {
    /// The replay and its fixture that a command names: a bundled data set of `plan` by
    /// name or a spec file, and a bundled trace of that data set by name or a trace file.
    ///
    /// The fixture is the file `fixture` when given, else the bundled fixture of a bundled
    /// data set's bundled trace for `anchor` (the default's, or another policy's where the
    /// plan records one), else none.
    ///
    /// With a spec file, a trace that is not a file and is a bare name (no `/`, no `.json`
    /// or `.csv` ending) is a bundled trace: the plan's trace of that name for the data set
    /// the spec is (by its `name`, or its file's name without `.json`), or else the one data
    /// set's of the plan that has a trace of that name.
    ///
    /// - Parameters:
    ///   - plan: the plan of bundled data sets and traces, read only when one is needed.
    ///   - planFile: how the plan is named in errors (the `--plan` path).
    ///   - dataset: the bundled data set named (`--dataset`), or `nil` for a spec file.
    ///   - spec: the spec file's path (`--spec`), used when `dataset` is `nil`.
    ///   - trace: a trace file's path, or a bundled trace's name (`--trace`).
    ///   - fixture: a fixture file's path (`--fixture`), or `nil` for the bundled one.
    ///   - margin: the preload margin the fixture must have been recorded with.
    ///   - anchor: the anchoring policy the fixture must have been recorded under (it
    ///     matters only for a spec of estimated sizes).
    /// - Throws: `InputError` naming `--dataset`, `--trace` or the file at fault.
    public static func resolve(
        plan: @autoclosure () throws(InputError) -> BenchmarkPlan, planFile: String,
        dataset: String?, spec: String?, trace: String, fixture: String?, margin: PreloadMargin, anchor: AnchorPolicy = .standard
    ) throws(InputError) -> (replay: Replay, fixture: ReplayFixture?) {
        let traceIsFile = trace.hasSuffix(".json") || trace.hasSuffix(".csv") || trace.contains("/")
            || FileManager.default.fileExists(atPath: trace)
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
            let policy = replay.effectivePolicy(anchor)
            var fixtureURL = fixture.map { URL(fileURLWithPath: $0) }
            if fixtureURL == nil && !traceIsFile {
                let bundled = plan.fixtureURL(dataset: dataset, trace: trace, anchor: policy)
                // Another policy's fixture is recorded only where the plan replays under it.
                if policy == .standard || FileManager.default.fileExists(atPath: bundled.path) { fixtureURL = bundled }
            }
            return (replay, try fixtureURL.map { url throws(InputError) in
                try ReplayFixture.load(from: url, for: replay.trace, margin: margin, anchor: policy)
            })
        }
        guard let spec else {
            throw InputError(file: "(command line)", field: "--spec", value: "missing", expected: "a spec file or --dataset NAME")
        }
        let specURL = URL(fileURLWithPath: spec)
        let loadedSpec = try LayoutSpec.load(from: specURL)
        let traceURL = traceIsFile ? URL(fileURLWithPath: trace) : try bundledTrace(trace, for: loadedSpec, specURL: specURL, plan: try? plan())
        let replay = try Replay(spec: loadedSpec, trace: try ScrollTrace.load(from: traceURL), tracePath: traceURL.path)
        let policy = replay.effectivePolicy(anchor)
        return (replay, try fixture.map { path throws(InputError) in
            try ReplayFixture.load(from: URL(fileURLWithPath: path), for: replay.trace, margin: margin, anchor: policy)
        })
    }

    /// The bundled trace `name` for a spec file: the plan's trace of that name for the data
    /// set the spec is (by its `name`, or its file's name without `.json`), or else the one
    /// data set's of the plan that has a trace of that name.
    ///
    /// - Throws: `InputError` naming `--trace` and every place looked, or the
    ///   data sets that each have such a trace when it cannot tell which is meant.
    static func bundledTrace(_ name: String, for spec: LayoutSpec, specURL: URL, plan: BenchmarkPlan?) throws(InputError) -> URL {
        var looked = [FileManager.default.currentDirectoryPath + "/" + name + " (a file)"]
        if let plan {
            let datasets = [spec.name, specURL.deletingPathExtension().lastPathComponent]
            for dataset in datasets where plan.runs.contains(where: { $0.dataset == dataset }) {
                let url = plan.traceURL(dataset: dataset, trace: name)
                if FileManager.default.fileExists(atPath: url.path) { return url }
                looked.append(url.path)
            }
            let having = plan.runs.map(\.dataset).filter { FileManager.default.fileExists(atPath: plan.traceURL(dataset: $0, trace: name).path) }
            if having.count == 1 { return plan.traceURL(dataset: having[0], trace: name) }
            looked.append(plan.root.appendingPathComponent("traces").path + "/*/" + name + ".json")
            if having.count > 1 {
                throw InputError(
                    file: "(command line)", field: "--trace", value: "\"\(name)\"",
                    expected: "a trace file, or a bundled trace of the spec's data set; the spec is none of the bundled data sets, and "
                        + "\(having.count) have a trace \(name): pass one as a file (\(plan.traceURL(dataset: having[0], trace: name).path)), or use --dataset")
            }
        } else {
            looked.append("the bundled traces (no plan: pass --plan, or run from the repository root)")
        }
        throw InputError(
            file: "(command line)", field: "--trace", value: "\"\(name)\"",
            expected: "a trace file or a bundled trace; looked in: " + looked.joined(separator: ", "))
    }
}
