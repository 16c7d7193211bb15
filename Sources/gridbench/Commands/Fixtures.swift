import ArgumentParser
import Foundation
import GridConformance
import GridCore
import GridHarness
import GridStrategies
import GridViewport

/// `gridbench fixtures`: the reference's answers, recorded on purpose and verified always.
struct FixturesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fixtures",
        abstract: "Record or verify the reference's answers: per-frame loaded sets and full layout attribute sets.",
        discussion: """
            Two kinds of fixture live under datasets/fixtures/: replay/<data set>/<trace>.json, the
            reference's loaded-set digest after every frame of a bundled trace, and layouts/*.json,
            the full attribute set of each reference layout's canonical configurations (golden
            files a third party's answers can also be checked against).
            """,
        subcommands: [Record.self, Verify.self])

    struct Record: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replay every bundled trace with the reference layout and re-record every fixture.",
            discussion: "Only this command writes fixtures; tests and CI verify them. Review the diff before committing.")
        @OptionGroup var planOption: PlanOption

        func run() throws {
            try guarded {
                let plan = try planOption.load()
                for (dataset, trace) in plan.pairs {
                    let replay = try Replay.load(specAt: plan.specURL(dataset), traceAt: plan.traceURL(dataset: dataset, trace: trace))
                    let digests = try replay.referenceDigests(margin: .chGridView)
                    let fixture = ReplayFixture(
                        dataset: dataset, trace: trace, layout: replay.spec.layoutName,
                        traceDigest: replay.trace.contentDigest, margin: PreloadMargin.chGridView.name, frames: digests)
                    try fixture.write(to: plan.fixtureURL(dataset: dataset, trace: trace))
                    Console.note("recorded \(dataset)/\(trace): \(digests.count) frames")
                }
                let directory = LayoutCatalog.goldenDirectory(plan)
                guard LayoutCatalog.hasGoldens(plan) else {
                    Console.note("no layout goldens under \(directory.path): none recorded")
                    return
                }
                let recipes = try GoldenFixture.recipes(in: directory)
                let written = try GoldenFixture.record(recipes, into: directory) { recipe in
                    try LayoutCatalog.make(recipe, file: directory.appendingPathComponent("\(recipe.name).json").path)
                }
                for url in written { Console.note("recorded \(url.lastPathComponent)") }
            }
        }
    }

    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check that every committed fixture matches a fresh reference replay.",
            discussion: "Exits 1 when a fixture disagrees with the reference, 2 when one is missing or malformed.")
        @OptionGroup var planOption: PlanOption

        func run() throws {
            let failures = try guarded { () throws -> Int in
                let plan = try planOption.load()
                var failures = 0
                for (dataset, trace) in plan.pairs {
                    let replay = try Replay.load(specAt: plan.specURL(dataset), traceAt: plan.traceURL(dataset: dataset, trace: trace))
                    let url = plan.fixtureURL(dataset: dataset, trace: trace)
                    let fixture = try ReplayFixture.load(from: url, for: replay.trace, margin: .chGridView)
                    let digests = try replay.referenceDigests(margin: .chGridView)
                    if let frame = zip(digests, fixture.frames).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
                        Console.error("\(url.path): frames[\(frame)] = \(fixture.frames[frame]): the reference now loads \(digests[frame])")
                        failures += 1
                    } else {
                        Console.note("verified \(dataset)/\(trace): \(digests.count) frames")
                    }
                }
                // Every strategy of the reference layout must reproduce the golden files.
                let directory = LayoutCatalog.goldenDirectory(plan)
                let goldens = LayoutCatalog.hasGoldens(plan) ? try GoldenFixture.loadAll(in: directory) : []
                if goldens.isEmpty { Console.note("no layout goldens under \(directory.path): none verified") }
                for fixture in goldens {
                    let file = directory.appendingPathComponent("\(fixture.name).json").path
                    let base = try LayoutCatalog.make(fixture.recipe, file: file)
                    for strategy in StrategyKind.allCases {
                        var layout = try strategy.wrap(base)
                        try layout.prepare(data: fixture.data, container: fixture.container)
                        let mismatches = fixture.verify(prepared: layout)
                        if let first = mismatches.first {
                            Console.error("\(file): \(strategy.rawValue) disagrees in \(mismatches.count) places; first: \(first)")
                            failures += 1
                        }
                    }
                    Console.note("verified \(fixture.name): \(fixture.elements.count) elements, every strategy")
                }
                return failures
            }
            if failures > 0 { throw Outcome.fixtureMismatch }
        }
    }
}

