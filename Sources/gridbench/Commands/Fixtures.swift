import ArgumentParser
import Foundation
import GridCore
import GridHarness
import GridViewport

/// `gridbench fixtures`: the reference's answers, recorded on purpose and verified always.
struct FixturesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fixtures",
        abstract: "Record or verify the reference's per-frame loaded sets for the bundled traces.",
        subcommands: [Record.self, Verify.self])

    struct Record: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replay every bundled trace with the reference layout and write its fixtures.",
            discussion: "Only this command writes fixtures; tests and CI verify them. Review the diff before committing.")
        @OptionGroup var planOption: PlanOption

        func run() throws {
            try guarded {
                let plan = try planOption.load()
                for (dataset, trace) in plan.pairs {
                    let replay = try FixtureWork.replay(plan, dataset, trace)
                    let digests = try replay.referenceDigests(margin: .chGridView)
                    let fixture = ReplayFixture(
                        dataset: dataset, trace: trace, layout: replay.spec.layoutName,
                        traceDigest: replay.trace.contentDigest, margin: PreloadMargin.chGridView.name, frames: digests)
                    try fixture.write(to: plan.fixtureURL(dataset: dataset, trace: trace))
                    Console.note("recorded \(dataset)/\(trace): \(digests.count) frames")
                }
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
                    let replay = try FixtureWork.replay(plan, dataset, trace)
                    let url = plan.fixtureURL(dataset: dataset, trace: trace)
                    let fixture = try Run.loadFixture(url, for: replay.trace, margin: .chGridView)
                    let digests = try replay.referenceDigests(margin: .chGridView)
                    if let frame = zip(digests, fixture.frames).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
                        Console.error("\(url.path): frames[\(frame)] = \(fixture.frames[frame]): the reference now loads \(digests[frame])")
                        failures += 1
                    } else {
                        Console.note("verified \(dataset)/\(trace): \(digests.count) frames")
                    }
                }
                return failures
            }
            if failures > 0 { throw Outcome.fixtureMismatch }
        }
    }
}

enum FixtureWork {
    static func replay(_ plan: BenchmarkPlan, _ dataset: String, _ trace: String) throws -> Replay {
        let spec = try LayoutSpec.load(from: plan.specURL(dataset))
        let url = plan.traceURL(dataset: dataset, trace: trace)
        return try Replay(spec: spec, trace: try ScrollTrace.load(from: url), tracePath: url.path)
    }
}
