import Foundation
import GridConformance
import GridCore
import GridStrategies
import GridViewport

/// The fixtures of a benchmark plan, recorded on purpose and verified always: the
/// reference's loaded-set digests for every data set and trace of the plan
/// (`fixtures/replay/<data set>/<trace>.json`, and `<trace>--anchor-<policy>.json` for each
/// other anchoring policy a data set of estimated sizes is replayed under), and the golden attribute sets of each
/// reference layout's canonical configurations (`fixtures/layouts/*.json`), which every
/// strategy must reproduce.
///
/// The margin is always CHGridView's (`PreloadMargin.chGridView`): four rows
/// above and beneath, two columns either side.
public struct PlanFixtures {
    public let plan: BenchmarkPlan

    public init(plan: BenchmarkPlan) {
        self.plan = plan
    }

    /// `fixtures/layouts/` under the plan's root.
    public var goldenDirectory: URL { plan.root.appendingPathComponent("fixtures/layouts") }

    /// Whether the plan keeps layout goldens: a plan of one's own need not.
    public var hasGoldens: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: goldenDirectory.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// A disagreement between a committed fixture and the reference as it is now.
    public struct Mismatch: Hashable, Sendable, CustomStringConvertible {
        /// The fixture file.
        public var file: String
        /// What disagreed, in words.
        public var detail: String
        public var description: String { "\(file): \(detail)" }
    }

    /// Replays every data set and trace with the reference and rewrites every fixture, then
    /// re-records the layout goldens; `progress` hears one line per file.
    ///
    /// - Throws: `InputError` for a missing or malformed spec, trace or recipe;
    ///   what writing throws.
    public func record(progress: (String) -> Void) throws {
        let margin = PreloadMargin.chGridView
        for (dataset, trace, anchor) in plan.fixtureCases {
            let replay = try Replay.load(specAt: try plan.existingSpecURL(dataset), traceAt: try plan.existingTraceURL(dataset: dataset, trace: trace))
            let digests = try replay.referenceDigests(margin: margin, anchor: anchor)
            let fixture = ReplayFixture(
                dataset: dataset, trace: trace, layout: replay.spec.layoutName,
                traceDigest: replay.trace.contentDigest, margin: margin.name, frames: digests, anchor: anchor)
            try fixture.write(to: plan.fixtureURL(dataset: dataset, trace: trace, anchor: anchor))
            progress("recorded \(dataset)/\(trace)\(Self.suffix(anchor)): \(digests.count) frames")
        }
        guard hasGoldens else {
            progress("no layout goldens under \(goldenDirectory.path): none recorded")
            return
        }
        let directory = goldenDirectory
        let recipes = try GoldenFixture.recipes(in: directory)
        let written = try GoldenFixture.record(recipes, into: directory) { recipe in
            try recipe.makeLayout(file: directory.appendingPathComponent("\(recipe.name).json").path)
        }
        for url in written { progress("recorded \(url.lastPathComponent)") }
    }

    /// Checks every replay fixture against a fresh reference replay, and every layout golden
    /// against every strategy; `progress` hears one line per file verified.
    ///
    /// - Returns: every disagreement, each naming its file; empty when all agree.
    /// - Throws: `InputError` for a missing or malformed spec, trace, fixture or
    ///   golden.
    public func verify(progress: (String) -> Void) throws -> [Mismatch] {
        let margin = PreloadMargin.chGridView
        var mismatches: [Mismatch] = []
        for (dataset, trace, anchor) in plan.fixtureCases {
            let replay = try Replay.load(specAt: try plan.existingSpecURL(dataset), traceAt: try plan.existingTraceURL(dataset: dataset, trace: trace))
            let url = try plan.existingFixtureURL(dataset: dataset, trace: trace, anchor: anchor)
            let fixture = try ReplayFixture.load(from: url, for: replay.trace, margin: margin, anchor: anchor)
            let digests = try replay.referenceDigests(margin: margin, anchor: anchor)
            if let frame = zip(digests, fixture.frames).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
                mismatches.append(Mismatch(file: url.path, detail: "frames[\(frame)] = \(fixture.frames[frame]): the reference now loads \(digests[frame])"))
            } else {
                progress("verified \(dataset)/\(trace)\(Self.suffix(anchor)): \(digests.count) frames")
            }
        }
        let directory = goldenDirectory
        let goldens = hasGoldens ? try GoldenFixture.loadAll(in: directory) : []
        if goldens.isEmpty { progress("no layout goldens under \(directory.path): none verified") }
        for fixture in goldens {
            let file = directory.appendingPathComponent("\(fixture.name).json").path
            let base = try fixture.recipe.makeLayout(file: file)
            var agreed = true
            for strategy in StrategyKind.allCases {
                var layout = try strategy.wrap(base)
                try layout.prepare(data: fixture.data, container: fixture.container)
                let found = fixture.verify(prepared: layout)
                if let first = found.first {
                    mismatches.append(Mismatch(file: file, detail: "\(strategy.rawValue) disagrees in \(found.count) places; first: \(first)"))
                    agreed = false
                }
            }
            if agreed { progress("verified \(fixture.name): \(fixture.elements.count) elements, every strategy") }
        }
        return mismatches
    }

    /// ` (anchor none)` for a policy other than the default, for progress lines.
    static func suffix(_ anchor: AnchorPolicy) -> String {
        anchor == .standard ? "" : " (anchor \(anchor.rawValue))"
    }
}
