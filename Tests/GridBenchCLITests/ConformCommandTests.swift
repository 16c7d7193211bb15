import Foundation
import Testing

/// `gridbench conform`: the conformance protocol for layouts written in any language.
@Suite struct ConformCommandTests {
    /// Round 1, the reference's answers, the check; round 2 from them, checked too.
    @Test func theReferenceAnswersPassBothRounds() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let q1 = scratch.path("q1.json"), a1 = scratch.path("a1.json"), q2 = scratch.path("q2.json"), a2 = scratch.path("a2.json")
        let write = try GridBench.run(["conform", "--write-queries", q1, "--quick"])
        #expect(write.status == Exit.success, "\(write)")
        #expect(try GridBench.run(["conform", "--queries", q1, "--write-answers", a1]).status == Exit.success)
        let check = try GridBench.run(["conform", "--queries", q1, "--answers", a1])
        #expect(check.status == Exit.success, "\(check)")
        #expect(check.stdout.contains("obeys laws 1"))
        #expect(try GridBench.run(["conform", "--write-queries", q2, "--queries", q1, "--answers", a1]).status == Exit.success)
        let round2 = try String(contentsOfFile: q2, encoding: .utf8)
        #expect(round2.contains("\"round\":2"))
        #expect(try GridBench.run(["conform", "--queries", q2, "--write-answers", a2, "--strategy", "cached"]).status == Exit.success)
        let check2 = try GridBench.run(["conform", "--queries", q2, "--answers", a2])
        #expect(check2.status == Exit.success, "\(check2)")
    }

    /// An answer that moves one frame violates a law (exit 1); a malformed answer file is
    /// bad input (exit 2) naming the file and the field.
    @Test func wrongAndMalformedAnswers() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let q = scratch.path("q.json"), a = scratch.path("a.json")
        #expect(try GridBench.run(["conform", "--write-queries", q, "--quick"]).status == Exit.success)
        #expect(try GridBench.run(["conform", "--queries", q, "--write-answers", a]).status == Exit.success)
        let answers = try String(contentsOfFile: a, encoding: .utf8)

        // The reference's first tile, x 4, moved to x 5 wherever it is answered.
        let moved = answers.replacingOccurrences(of: "\"x\":4,", with: "\"x\":5,")
        #expect(moved != answers)
        let wrong = scratch.path("wrong.json")
        try moved.write(toFile: wrong, atomically: true, encoding: .utf8)
        let violated = try GridBench.run(["conform", "--queries", q, "--answers", wrong])
        #expect(violated.status == Exit.fixtureMismatch, "\(violated)")
        #expect(violated.stdout.contains("law"))

        let broken = scratch.path("broken.json")
        try answers.replacingOccurrences(of: "\"schemaVersion\":1", with: "\"schemaVersion\":\"one\"")
            .write(toFile: broken, atomically: true, encoding: .utf8)
        let bad = try GridBench.run(["conform", "--queries", q, "--answers", broken])
        #expect(bad.status == Exit.badInput, "\(bad)")
        #expect(bad.stderr.contains(broken) && bad.stderr.contains("schemaVersion"))
    }

    /// `--isolate` on a layout that does not trap: the quick suite passes, exit 0.
    @Test func isolatedReferencePasses() throws {
        let result = try GridBench.run(["conform", "--isolate", "--quick", "--layout", "tile-grid"])
        #expect(result.status == Exit.success, "\(result)")
        #expect(result.stdout.contains("GridConformance: tile-grid (on-demand) obeys laws 1"), "\(result)")
    }

    /// `--isolate` meeting a trap (`gridbench-conform-planted`, the tests' own build of it,
    /// on a tile grid whose item 6 of any section is read out of a table of 6). The quick
    /// suite's first trapping case is [7, 0, 12, 1] with item sizes in the 320 × 480
    /// container; it shrinks to one section of 7 items, the fewest that hold an item 6, and
    /// the first call that traps there is attributes(at: [0, 6]). Exit 1, as for any
    /// violated law; the process survives to say so.
    @Test func isolatedTrapIsReportedAndShrunk() throws {
        let result = try GridBench.run(["--quick", "--max-violations", "1"], executable: Self.planted)
        #expect(result.status == Exit.fixtureMismatch, "\(result)")
        #expect(result.stdout.contains("law 3 (validity) broken by tile-grid (on-demand) [trapped]: the layout trapped"), "\(result)")
        #if arch(x86_64)
        #expect(result.stdout.contains("killed by SIGILL (signal 4) during attributes(at: [0, 6])"), "\(result)")
        #endif
        #expect(result.stdout.contains("configuration: 1 section [7] (7 items), container 320.0 × 480.0\n"), "\(result)")
        #expect(result.stdout.contains("element cell[0, 6]"), "\(result)")
    }

    /// A report cut short by the cap names the option a command-line user sets,
    /// `--max-violations`, not the Swift API (`ConformanceOptions.maxViolations`). How many
    /// were left out is bounded by a run with a cap high enough to show them all.
    @Test func aCappedReportNamesTheMaxViolationsOption() throws {
        let all = try GridBench.run(["--quick", "--max-violations", "1000"], executable: Self.planted)
        #expect(all.status == Exit.fixtureMismatch, "\(all)")
        let total = Self.numberedViolations(in: all.stdout)
        #expect(total > 1, "\(all)")
        #expect(!all.stdout.contains("not shown"), "\(all)")

        let capped = try GridBench.run(["--quick", "--max-violations", "1"], executable: Self.planted)
        #expect(capped.status == Exit.fixtureMismatch, "\(capped)")
        let shown = Self.numberedViolations(in: capped.stdout)
        #expect(shown == 1, "\(capped)")
        // Violations beyond the cap are not shrunk, so two that would shrink to one
        // counterexample (and be merged, uncapped) are counted apart: at least the rest.
        let lastLine = try #require(capped.stdout.split(separator: "\n").last)
        let prefix = "… and ", suffix = " more violations not shown (--max-violations)"
        #expect(lastLine.hasPrefix(prefix) && lastLine.hasSuffix(suffix), "\(capped)")
        let omitted = Int(lastLine.dropFirst(prefix.count).dropLast(suffix.count))
        #expect(omitted.map { $0 >= total - shown } == true, "\(lastLine): \(total) violations in all, \(shown) shown")
        #expect(!capped.stdout.contains("ConformanceOptions"), "\(capped)")
    }

    /// The isolated suite on a layout with a trap planted in it, a test-only executable.
    private static let planted = "gridbench-conform-planted"

    /// The violations a report lists, each on a line of its own starting `N) law`.
    private static func numberedViolations(in report: String) -> Int {
        report.split(separator: "\n").filter { line in
            guard let close = line.firstIndex(of: ")"), close > line.startIndex else { return false }
            return line[..<close].allSatisfy(\.isNumber) && line[close...].hasPrefix(") law ")
        }.count
    }

    @Test func isolateTakesNoFilesAndATimeInRange() throws {
        let help = try GridBench.run(["conform", "--help"])
        #expect(help.stdout.contains("--isolate") && help.stdout.contains("--timeout <seconds>"), "\(help)")
        #expect(help.stdout.contains("Isolated: gridbench conform --isolate"), "\(help)")
        #expect(!help.stdout.contains("planted"), "\(help)")
        // The trap is the tests' own executable's: the shipped binary does not know it.
        let trap = try GridBench.run(["conform", "--isolate", "--planted-trap"])
        #expect(trap.status == Exit.usage && trap.stderr.contains("Unknown option '--planted-trap'"), "\(trap)")
        #expect(try GridBench.run(["conform", "--isolate", "--queries", "q.json", "--answers", "a.json"]).status == Exit.usage)
        #expect(try GridBench.run(["conform", "--isolate", "--timeout", "0"]).status == Exit.usage)
        #expect(try GridBench.run(["conform", "--timeout", "5", "--write-queries", "q.json"]).status == Exit.usage)
        #expect(try GridBench.run(["conform", "--isolate", "--layout", "mosaic"]).status == Exit.badInput)
    }

    @Test func usageNeedsQueriesWithAnswers() throws {
        #expect(try GridBench.run(["conform", "--answers", "a.json"]).status == Exit.usage)
    }
}
