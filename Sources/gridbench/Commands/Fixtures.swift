import ArgumentParser
import GridCommands
import Foundation
import GridCore
import GridHarness

/// `gridbench fixtures`: the reference's answers, recorded on purpose and verified always.
struct FixturesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fixtures",
        abstract: "Record or verify the reference's answers: per-frame loaded sets and full layout attribute sets.",
        discussion: """
            Two kinds of fixture live under datasets/fixtures/: replay/<data set>/<trace>.json, the reference's loaded-set digest after every frame of a bundled trace, and layouts/*.json, the full attribute set of each reference layout's canonical configurations (golden files a third party's answers can also be checked against).
            """,
        subcommands: [Record.self, Verify.self])

    struct Record: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replay every bundled trace with the reference layout and re-record every fixture.",
            discussion: "Only this command writes fixtures; tests and CI verify them. Review the diff before committing.")
        @OptionGroup var planOption: PlanOption

        func run() throws {
            try guarded {
                try PlanFixtures(plan: try planOption.load()).record { Console.note($0) }
            }
        }
    }

    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check that every committed fixture matches a fresh reference replay.",
            discussion: "Exits 1 when a fixture disagrees with the reference, 2 when one is missing or malformed.")
        @OptionGroup var planOption: PlanOption

        func run() throws {
            let mismatches = try guarded {
                try PlanFixtures(plan: try planOption.load()).verify { Console.note($0) }
            }
            for mismatch in mismatches { Console.error(mismatch.description) }
            if !mismatches.isEmpty { throw Outcome.fixtureMismatch }
        }
    }
}

