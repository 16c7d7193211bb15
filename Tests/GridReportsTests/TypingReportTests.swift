import Foundation
import GridHarness
@testable import GridReports
import Testing

/// The "Typing" part of a layout's section: keystroke costs by strategy over traces that
/// type, and which strategy types cheapest.
@Suite struct TypingReportTests {
    /// A run over `timesheet-20x40`'s typing trace: 259 keystrokes, 14 of them changing a
    /// row, with the p99 of each kind given.
    static func typing(_ strategy: String, still: Double, changed: Double, fixture: FixtureVerdict = .pass) -> RunRecord {
        var run = Synthetic.run(strategy, dataset: "timesheet-20x40", tiles: 800, sections: 40, trace: "typing-60hz", refreshHz: 60, p99: 9_000, fixture: fixture)
        run.keystrokes = KeystrokeFrames(
            frames: 259, rowChangeFrames: 14,
            stillNanos: FrameCost(p50: still / 2, p99: still, max: still * 3),
            rowChangeNanos: FrameCost(p50: changed / 2, p99: changed, max: changed * 3))
        return run
    }

    static func report(_ runs: [RunRecord]) throws -> StrategyReport {
        var document = Synthetic.document(failing: false)
        document.runs += runs
        return try StrategyReport(document: document)
    }

    /// Cached changes a row for 14.5 µs at p99, on demand for 9.8 µs; scan is cheaper
    /// still but failed its fixture, so is not advised.
    @Test func theAdviceRanksByTheCostOfAKeystrokeThatChangesARow() throws {
        let report = try Self.report([
            Self.typing("cached", still: 1_900, changed: 14_500),
            Self.typing("on-demand", still: 2_400, changed: 9_800),
            Self.typing("scan", still: 800, changed: 5_000, fixture: .fail),
        ])
        #expect(report.typingAdvice == [
            "timesheet-20x40: on-demand types cheapest: a keystroke that changes a row costs 9.80 µs at p99, one within its line 2.40 µs; "
                + "against cached 14.5 µs and 1.90 µs.",
        ])
        #expect(report.htmlParts.last?.title == "7. Typing")
        let html = report.html()
        let part = try #require(html.range(of: "id=\"layout-tile-grid-typing\"")).lowerBound
        // Cached's row: 259 keystrokes, 14 rows changed, then p50, p99 and max of each kind.
        #expect(html[part...].contains(
            "<td>cached</td><td>pass</td><td class=\"num\">259</td><td class=\"num\">14</td><td class=\"num\">950 ns</td><td class=\"num\">1.90 µs</td>"
                + "<td class=\"num\">5.70 µs</td><td class=\"num\">7.25 µs</td><td class=\"num\">14.5 µs</td><td class=\"num\">43.5 µs</td>"))
        let markdown = report.markdown()
        let section = try #require(markdown.range(of: "## Typing\n")).upperBound
        #expect(markdown[section...].split(separator: "\n").filter { $0.hasPrefix("| timesheet-20x40 |") }.count == 3)
    }

    /// With measured sizes too, typing is the part after them; without runs that type,
    /// there is none.
    @Test func thePartIsNumberedAfterTheOthersAndLeftOutWithoutTyping() throws {
        var measured = Synthetic.run("cached", dataset: "feed-10000", trace: "drag-60hz", p99: 9_000)
        measured.anchor = "first-visible"
        let both = try Self.report([measured, Self.typing("cached", still: 1_000, changed: 2_000)])
        #expect(both.htmlParts.suffix(2).map(\.title) == ["7. Measured sizes", "8. Typing"])
        let none = try StrategyReport(document: Synthetic.document(failing: false))
        #expect(none.htmlParts.allSatisfy { !$0.id.hasSuffix("-typing") })
        #expect(!none.markdown().contains("## Typing"))
    }
}
