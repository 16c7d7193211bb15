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
        // Cached's row: no anchor recorded, 259 keystrokes, 14 rows changed, then p50, p99 and max of each kind.
        #expect(html[part...].contains(
            "<td>cached</td><td>—</td><td>pass</td><td class=\"num\">259</td><td class=\"num\">14</td><td class=\"num\">950 ns</td><td class=\"num\">1.90 µs</td>"
                + "<td class=\"num\">5.70 µs</td><td class=\"num\">7.25 µs</td><td class=\"num\">14.5 µs</td><td class=\"num\">43.5 µs</td>"))
        let markdown = report.markdown()
        let section = try #require(markdown.range(of: "## Typing\n")).upperBound
        #expect(markdown[section...].split(separator: "\n").filter { $0.hasPrefix("| timesheet-20x40 |") }.count == 3)
    }

    /// Typing runs under several anchoring policies: the advice ranks strategies over the
    /// default policy's runs alone (on demand's cheaper `none` run does not count), then says
    /// per policy how far visible cells moved; the `none` run is in the typing table, not in
    /// the tables of frame costs, and not in the "Measured sizes" part.
    @Test func anchoringIsReportedPerPolicy() throws {
        func anchored(_ run: RunRecord, _ policy: String, max: Double, frames: Int, corrections: Int) -> RunRecord {
            var run = run
            run.anchor = policy
            run.visibleDisplacement = VisibleDisplacement(maxPoints: max, totalPoints: max * Double(frames), frames: frames)
            run.offsetCorrections = OffsetCorrections(count: corrections, totalPoints: 20 * Double(corrections))
            return run
        }
        let report = try Self.report([
            anchored(Self.typing("cached", still: 1_900, changed: 14_500), "first-visible", max: 28, frames: 11, corrections: 2),
            anchored(Self.typing("on-demand", still: 2_400, changed: 19_800), "first-visible", max: 28, frames: 11, corrections: 2),
            anchored(Self.typing("on-demand", still: 900, changed: 1_000), "none", max: 40, frames: 13, corrections: 0),
        ])
        #expect(report.typingAdvice == [
            "timesheet-20x40: cached types cheapest: a keystroke that changes a row costs 14.5 µs at p99, one within its line 1.90 µs; "
                + "against on-demand 19.8 µs and 2.40 µs. Visible cells moved, by policy: first-visible: up to 28 points in 11 frames, "
                + "2 corrections; none: up to 40 points in 13 frames, 0 corrections.",
        ])
        #expect(report.typingRuns.count == 3)
        #expect(report.runs.filter { $0.trace == "typing-60hz" }.count == 2)
        #expect(report.measuredRuns.isEmpty)
        #expect(!report.htmlParts.contains { $0.title.hasSuffix("Measured sizes") })
        let html = report.html()
        let part = try #require(html.range(of: "id=\"layout-tile-grid-typing\"")).lowerBound
        // The none run's row ends with its displacement and corrections.
        #expect(html[part...].contains(
            "<td>on-demand</td><td>none</td><td>pass</td>"))
        #expect(html[part...].contains(
            "<td class=\"num\">13</td><td class=\"num\">40 pt</td><td class=\"num\">520 pt</td><td class=\"num\">0</td><td class=\"num\">0 pt</td></tr>"))
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
