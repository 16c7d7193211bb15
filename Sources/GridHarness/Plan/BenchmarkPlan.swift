import Foundation
import GridCore
import GridLayouts
import GridStrategies
import GridViewport

/// What `gridbench report` replays: which traces exist and how they are generated, which
/// data set is replayed with which traces, and with which strategies.
///
/// Read from `datasets/plan.json`. Files sit beside it by name: the spec of data set `D`
/// in `specs/D.json`, the trace `T` generated for it in `traces/D/T.json`, and the
/// reference's per-frame digests in `fixtures/replay/D/T.json`.
public struct BenchmarkPlan: Hashable, Sendable {
    /// The version of the plan file this code reads.
    public static let schemaVersion = 1

    /// A trace and the generator options that make it.
    public struct TraceRecipe: Hashable, Sendable {
        public var name: String
        public var kind: TraceGenerator.Kind
        public var seed: UInt64
        public var refreshHz: Int
        public var seconds: Double
        public var deceleration: ScrollPhysics.Deceleration

        public init(name: String, kind: TraceGenerator.Kind, seed: UInt64, refreshHz: Int, seconds: Double, deceleration: ScrollPhysics.Deceleration) {
            self.name = name
            self.kind = kind
            self.seed = seed
            self.refreshHz = refreshHz
            self.seconds = seconds
            self.deceleration = deceleration
        }

        /// The generator options for this recipe.
        public var options: TraceGenerator.Options {
            .init(kind: kind, seed: seed, refreshHz: refreshHz, seconds: seconds, deceleration: deceleration, name: name)
        }
    }

    /// How the report treats one more layout: its own canonical data set and trace, and the
    /// trace its data sets are compared over by size.
    public struct LayoutSection: Hashable, Sendable {
        public var layout: String
        public var canonicalDataset: String
        public var canonicalTrace: String
        public var scaleTrace: String
        public var scaleDatasets: [String]
    }

    /// One data set and the traces replayed over it.
    public struct Entry: Hashable, Sendable {
        public var dataset: String
        public var traces: [String]
        /// The strategies replayed over this data set, when not every strategy of the plan:
        /// the seed's scan reads every element on every query, which over 20,000,000 cells
        /// takes minutes a trace.
        public var strategies: [StrategyKind]? = nil
        /// The anchoring policies each trace is replayed under, for a data set of estimated
        /// sizes (`runs[].anchors`): one run per policy, each checked against its own
        /// fixture; `nil` for the default alone (`first-visible`).
        public var anchors: [AnchorPolicy]? = nil

        /// The policies this entry replays under: ``anchors``, or the default alone.
        public var anchorPolicies: [AnchorPolicy] { anchors ?? [.standard] }
    }

    /// The data set and trace the report's distribution and timeline charts show.
    public var canonicalDataset: String
    public var canonicalTrace: String
    /// The data sets of the scale series, smallest first, and the one trace replayed over
    /// each of them.
    public var scaleDatasets: [String]
    public var scaleTrace: String
    /// The trace of edits while scrolling (inserts, deletes, moves) replayed over the scale
    /// series too, so that the report shows edit frames at every size (`scale.editsTrace`);
    /// `nil` when the plan has none.
    public var scaleEditsTrace: String? = nil
    public var traces: [TraceRecipe]
    public var runs: [Entry]
    public var strategies: [StrategyKind]
    /// The report sections of layouts other than the first: each layout's canonical data
    /// set and trace, and the trace its size series (and its threshold) is judged over.
    public var layoutSections: [LayoutSection] = []
    /// The directory holding the plan: `specs/`, `traces/` and `fixtures/` are inside it.
    public var root: URL
    /// The plan file, as errors name it: the path it was loaded from.
    public var file: String = "plan.json"

    /// The recipe of the trace named `name`.
    public func recipe(named name: String) -> TraceRecipe? {
        traces.first { $0.name == name }
    }

    public func specURL(_ dataset: String) -> URL {
        root.appendingPathComponent("specs").appendingPathComponent(dataset + ".json")
    }

    public func traceURL(dataset: String, trace: String) -> URL {
        root.appendingPathComponent("traces").appendingPathComponent(dataset).appendingPathComponent(trace + ".json")
    }

    /// The fixture of `dataset`'s trace `trace` replayed under `anchor`.
    public func fixtureURL(dataset: String, trace: String, anchor: AnchorPolicy = .standard) -> URL {
        ReplayFixture.url(in: root, dataset: dataset, trace: trace, anchor: anchor)
    }

    /// The spec of `dataset`, refused naming the plan's field that names the data set
    /// (`runs[3].dataset`) when the file does not exist.
    public func existingSpecURL(_ dataset: String) throws(InputError) -> URL {
        try existing(specURL(dataset), field: runsField(dataset: dataset), value: dataset, kind: "spec",
                     remedy: "regenerate the bundled inputs with `gridbench datasets generate`")
    }

    /// The trace `trace` of `dataset`, refused naming the plan's field that names it
    /// (`runs[3].traces[1]`) when the file does not exist.
    public func existingTraceURL(dataset: String, trace: String) throws(InputError) -> URL {
        try existing(traceURL(dataset: dataset, trace: trace), field: runsField(dataset: dataset, trace: trace), value: trace, kind: "trace",
                     remedy: "regenerate the bundled inputs with `gridbench datasets generate`")
    }

    /// The fixture of `dataset`'s trace `trace`, refused naming the plan's field that names
    /// the trace when the file does not exist.
    public func existingFixtureURL(dataset: String, trace: String, anchor: AnchorPolicy = .standard) throws(InputError) -> URL {
        try existing(fixtureURL(dataset: dataset, trace: trace, anchor: anchor), field: runsField(dataset: dataset, trace: trace), value: trace, kind: "fixture",
                     remedy: "record the bundled fixtures with `gridbench fixtures record`")
    }

    /// `runs[3].dataset`, or `runs[3].traces[1]` with a trace: the plan's field naming them.
    func runsField(dataset: String, trace: String? = nil) -> String {
        // A data set may have several entries (each with its own strategies).
        for (index, entry) in runs.enumerated() where entry.dataset == dataset {
            guard let trace else { return "runs[\(index)].dataset" }
            if let t = entry.traces.firstIndex(of: trace) { return "runs[\(index)].traces[\(t)]" }
        }
        return "runs"
    }

    private func existing(_ url: URL, field: String, value: String, kind: String, remedy: String) throws(InputError) -> URL {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw InputError(
                file: file, field: field, value: "\"\(value)\"",
                expected: "a name whose \(kind) exists: no such file \(url.path) (\(remedy))")
        }
        return url
    }

    /// Every (data set, trace) pair the plan replays, in order.
    public var pairs: [(dataset: String, trace: String)] {
        runs.flatMap { entry in entry.traces.map { (entry.dataset, $0) } }
    }

    /// Every (data set, trace, anchoring policy) the plan replays, in order: one fixture
    /// each (``fixtureURL(dataset:trace:anchor:)``). A data set listed in several entries
    /// appears once per distinct policy.
    public var fixtureCases: [(dataset: String, trace: String, anchor: AnchorPolicy)] {
        var seen = Set<String>()
        return runs.flatMap { entry in
            entry.traces.flatMap { trace in entry.anchorPolicies.map { (entry.dataset, trace, $0) } }
        }.filter { seen.insert("\($0.0)\u{1F}\($0.1)\u{1F}\($0.2.rawValue)").inserted }
    }
}

// MARK: - JSON

struct BenchmarkPlanFile: Codable {
    var schemaVersion: Int
    var canonical: Canonical
    var scale: Scale
    var traces: [Trace]
    var runs: [Run]
    var strategies: [String]
    /// Report sections of further layouts (optional).
    var layouts: [Layout]?

    struct Layout: Codable { var layout: String; var canonical: Canonical; var scale: Scale }
    struct Canonical: Codable { var dataset: String; var trace: String }
    struct Scale: Codable { var trace: String; var datasets: [String]; var editsTrace: String? }
    struct Trace: Codable {
        var name: String
        var kind: String
        var seed: UInt64
        var refreshHz: Int?
        var seconds: Double?
        var deceleration: String?
    }
    struct Run: Codable { var dataset: String; var traces: [String]; var strategies: [String]? = nil; var anchors: [String]? = nil }
}

extension BenchmarkPlan {
    /// Reads and checks the plan at `url`: every name it uses is defined, every trace kind
    /// and strategy exists, names are safe as file names.
    ///
    /// - Throws: `InputError` naming the file, the field and the value.
    public static func load(from url: URL) throws(InputError) -> BenchmarkPlan {
        let path = url.path
        let file = try JSONFiles.read(BenchmarkPlanFile.self, from: url)
        func fail(_ field: String, _ value: some CustomStringConvertible, _ expected: String) -> InputError {
            InputError(file: path, field: field, value: value.description, expected: expected)
        }
        func strategyKinds(_ names: [String], field: String) throws(InputError) -> [StrategyKind] {
            var kinds: [StrategyKind] = []
            for (index, name) in names.enumerated() {
                guard let kind = StrategyKind(rawValue: name) else {
                    throw fail("\(field)[\(index)]", "\"\(name)\"", "one of " + StrategyKind.allCases.map(\.rawValue).joined(separator: ", "))
                }
                kinds.append(kind)
            }
            return kinds
        }
        guard file.schemaVersion == schemaVersion else { throw fail("schemaVersion", file.schemaVersion, "\(schemaVersion)") }
        var recipes: [TraceRecipe] = []
        for (index, trace) in file.traces.enumerated() {
            let field = "traces[\(index)]"
            try checkName(trace.name, field: "\(field).name", fail)
            guard !recipes.contains(where: { $0.name == trace.name }) else { throw fail("\(field).name", "\"\(trace.name)\"", "a name not used by another trace") }
            guard let kind = TraceGenerator.Kind(rawValue: trace.kind) else {
                throw fail("\(field).kind", "\"\(trace.kind)\"", "one of " + TraceGenerator.Kind.allCases.map(\.rawValue).joined(separator: ", "))
            }
            let hz = trace.refreshHz ?? kind.defaultRefreshHz
            guard hz >= 1, hz <= 1000 else { throw fail("\(field).refreshHz", hz, "frames per second in 1...1000") }
            let seconds = trace.seconds ?? 20
            guard seconds.isFinite, seconds > 0, seconds <= 3600 else { throw fail("\(field).seconds", seconds, "a duration in seconds, > 0 and ≤ 3600") }
            let deceleration: ScrollPhysics.Deceleration
            if let name = trace.deceleration {
                guard let value = ScrollPhysics.Deceleration(rawValue: name) else { throw fail("\(field).deceleration", "\"\(name)\"", "normal or fast") }
                deceleration = value
            } else {
                deceleration = .normal
            }
            recipes.append(TraceRecipe(name: trace.name, kind: kind, seed: trace.seed, refreshHz: hz, seconds: seconds, deceleration: deceleration))
        }
        let traceNames = Set(recipes.map(\.name))
        func checkTrace(_ name: String, _ field: String) throws(InputError) {
            guard traceNames.contains(name) else { throw fail(field, "\"\(name)\"", "a trace defined under traces: " + recipes.map(\.name).joined(separator: ", ")) }
        }
        var entries: [Entry] = []
        for (index, run) in file.runs.enumerated() {
            try checkName(run.dataset, field: "runs[\(index)].dataset", fail)
            for (t, trace) in run.traces.enumerated() { try checkTrace(trace, "runs[\(index)].traces[\(t)]") }
            let own = try run.strategies.map { names throws(InputError) in try strategyKinds(names, field: "runs[\(index)].strategies") }
            var anchors: [AnchorPolicy]?
            if let names = run.anchors {
                guard !names.isEmpty else { throw fail("runs[\(index)].anchors", "[]", "at least one anchoring policy, or no anchors field (the default alone)") }
                var policies: [AnchorPolicy] = []
                for (a, name) in names.enumerated() {
                    guard let policy = AnchorPolicy(rawValue: name) else {
                        throw fail("runs[\(index)].anchors[\(a)]", "\"\(name)\"", "one of " + AnchorPolicy.allCases.map(\.rawValue).joined(separator: ", "))
                    }
                    guard !policies.contains(policy) else {
                        throw fail("runs[\(index)].anchors[\(a)]", "\"\(name)\"", "a policy not listed before in this entry")
                    }
                    policies.append(policy)
                }
                anchors = policies
            }
            entries.append(Entry(dataset: run.dataset, traces: run.traces, strategies: own, anchors: anchors))
        }
        guard !entries.isEmpty else { throw fail("runs", "[]", "at least one data set to replay") }
        let datasets = Set(entries.map(\.dataset))
        guard datasets.contains(file.canonical.dataset) else { throw fail("canonical.dataset", "\"\(file.canonical.dataset)\"", "a data set listed under runs") }
        try checkTrace(file.canonical.trace, "canonical.trace")
        try checkTrace(file.scale.trace, "scale.trace")
        if let edits = file.scale.editsTrace { try checkTrace(edits, "scale.editsTrace") }
        for (index, dataset) in file.scale.datasets.enumerated() where !datasets.contains(dataset) {
            throw fail("scale.datasets[\(index)]", "\"\(dataset)\"", "a data set listed under runs")
        }
        let strategies = try strategyKinds(file.strategies, field: "strategies")
        guard !strategies.isEmpty else { throw fail("strategies", "[]", "at least one strategy") }
        var sections: [LayoutSection] = []
        for (index, layout) in (file.layouts ?? []).enumerated() {
            let field = "layouts[\(index)]"
            guard LayoutRegistry.names.contains(layout.layout) else {
                throw fail("\(field).layout", "\"\(layout.layout)\"", "one of " + LayoutRegistry.names.joined(separator: ", "))
            }
            guard datasets.contains(layout.canonical.dataset) else {
                throw fail("\(field).canonical.dataset", "\"\(layout.canonical.dataset)\"", "a data set listed under runs")
            }
            try checkTrace(layout.canonical.trace, "\(field).canonical.trace")
            try checkTrace(layout.scale.trace, "\(field).scale.trace")
            for (d, dataset) in layout.scale.datasets.enumerated() where !datasets.contains(dataset) {
                throw fail("\(field).scale.datasets[\(d)]", "\"\(dataset)\"", "a data set listed under runs")
            }
            sections.append(LayoutSection(
                layout: layout.layout, canonicalDataset: layout.canonical.dataset, canonicalTrace: layout.canonical.trace,
                scaleTrace: layout.scale.trace, scaleDatasets: layout.scale.datasets))
        }
        var plan = BenchmarkPlan(
            canonicalDataset: file.canonical.dataset, canonicalTrace: file.canonical.trace,
            scaleDatasets: file.scale.datasets, scaleTrace: file.scale.trace, traces: recipes, runs: entries,
            strategies: strategies, root: url.deletingLastPathComponent())
        plan.layoutSections = sections
        plan.file = path
        plan.scaleEditsTrace = file.scale.editsTrace
        return plan
    }

    /// Names become file names: letters, digits, `-`, `_` and `.` only, not starting with a dot.
    private static func checkName(
        _ name: String, field: String, _ fail: (String, String, String) -> InputError
    ) throws(InputError) {
        let allowed = name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)) }
        guard !name.isEmpty, allowed, !name.hasPrefix(".") else {
            throw fail(field, "\"\(name)\"", "a name of letters, digits, '-', '_' and '.', not starting with '.'")
        }
    }
}
