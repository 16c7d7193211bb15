import Foundation
import GridHarness
@testable import GridReports
import Testing

/// The "Measured sizes" part of a layout's section: strategies × anchoring policies over the
/// data sets whose sizes are measured as cells appear, and which combination to pick.
@Suite struct MeasuredSizesReportTests {
    /// A run of `feed-10000` over `end-and-back-120hz` that measured: its measuring frames'
    /// p99 and its largest visible displacement given, the rest derived.
    static func measured(_ strategy: String, anchor: String, p99: Double, displaced: Double, fixture: FixtureVerdict = .pass) -> RunRecord {
        var run = Synthetic.run(strategy, dataset: "feed-10000", tiles: 10_000, sections: 1, trace: "end-and-back-120hz", p99: p99, fixture: fixture)
        run.anchor = anchor
        run.measurementFrameNanos = MeasurementFrameNanos(p50: p99 / 2, p99: p99, max: p99 * 2, frames: 40, allocationsPerFrame: 0)
        run.visibleDisplacement = VisibleDisplacement(maxPoints: displaced, totalPoints: displaced * 3, frames: displaced > 0 ? 3 : 0)
        run.offsetCorrections = OffsetCorrections(count: anchor == "none" ? 0 : 12, totalPoints: anchor == "none" ? 0 : 250)
        run.contentSizeDrift = ContentSizeDrift(estimatedHeight: 440_000, finalHeight: 452_500)
        return run
    }

    static func report(_ measured: [RunRecord]) throws -> StrategyReport {
        var document = Synthetic.document(failing: false)
        document.runs += measured
        return try StrategyReport(document: document)
    }

    /// On demand measures for 3.6 µs at p99, cached for 190 µs; with `none` the offset is
    /// kept and a visible cell moves by 44 points; with `first-visible` nothing moves. The
    /// advice picks first-visible (least displacement), then on demand (cheapest there).
    @Test func theAdvicePicksThePolicyThatMovesLeastThenTheCheapestStrategy() throws {
        let report = try Self.report([
            Self.measured("cached", anchor: "first-visible", p99: 190_000, displaced: 0),
            Self.measured("on-demand", anchor: "first-visible", p99: 3_600, displaced: 0),
            Self.measured("cached", anchor: "none", p99: 150_000, displaced: 44),
            Self.measured("on-demand", anchor: "none", p99: 2_000, displaced: 44),
        ])
        let advice = report.measuredSizesAdvice
        #expect(advice.count == 1)
        let words = try #require(advice.first)
        #expect(words.hasPrefix("feed-10000: pick on-demand with first-visible anchoring. "), "\(words)")
        #expect(words.contains("No visible cell moved in any frame of its 2 runs"), "\(words)")
        #expect(words.contains("3.60 µs at p99, against cached 190 µs"), "\(words)")
        #expect(words.hasSuffix("Under the other policies visible cells moved by up to: none 44 points."), "\(words)")
    }

    /// With every policy still, the default (first-visible) is picked; a run that failed its
    /// fixture is not advised, however cheap.
    @Test func onATieTheDefaultPolicyIsPickedAndFailedRunsAreNot() throws {
        let report = try Self.report([
            Self.measured("cached", anchor: "last-visible", p99: 9_000, displaced: 0),
            Self.measured("cached", anchor: "first-visible", p99: 9_000, displaced: 0),
            Self.measured("on-demand", anchor: "first-visible", p99: 1_000, displaced: 0, fixture: .fail),
        ])
        let words = try #require(report.measuredSizesAdvice.first)
        #expect(words.hasPrefix("feed-10000: pick cached with first-visible anchoring. "), "\(words)")
        #expect(!words.contains("on-demand"), "\(words)")
        // Every policy moving cells alike (several columns) is said so, not called the least.
        let alike = try Self.report([
            Self.measured("cached", anchor: "none", p99: 9_000, displaced: 30),
            Self.measured("cached", anchor: "first-visible", p99: 9_000, displaced: 30),
        ])
        let same = try #require(alike.measuredSizesAdvice.first)
        #expect(same.contains("pick cached with first-visible anchoring. Visible cells moved by up to 30 points, as much as under every other policy measured"), "\(same)")
    }

    /// One table row per measured run, in HTML and Markdown, with the figures written out;
    /// the part is in the section's contents only when some run measured.
    @Test func theTableHasARowPerMeasuredRunInBothFormats() throws {
        var runs = [
            Self.measured("cached", anchor: "first-visible", p99: 190_000, displaced: 0),
            Self.measured("on-demand", anchor: "none", p99: 2_000, displaced: 44),
        ]
        runs[1].laneChanges = 2
        let report = try Self.report(runs)
        #expect(report.htmlParts.last?.title == "7. Measured sizes")
        let html = report.html()
        let part = try #require(html.range(of: "id=\"layout-tile-grid-measured-sizes\"")).lowerBound
        let table = html[part...]
        // One body for the data set and trace, with both runs' rows under it.
        #expect(table.components(separatedBy: "<tr class=\"group\">").count - 1 == 1)
        #expect(table.contains("feed-10000 · end-and-back-120hz<span class=\"dim\"> · 120 Hz · 600 frames</span>"))
        #expect(table.contains("<td>cached</td><td>first-visible</td>") && table.contains("<td>on-demand</td><td>none</td>"))
        // The `none` run: 44 points at most, 132 in all, over 3 frames; no correction.
        #expect(table.contains("<td class=\"num\">3</td><td class=\"num\">44 pt</td><td class=\"num\">132 pt</td><td class=\"num\">0</td><td class=\"num\">0 pt</td>"))
        #expect(table.contains("440000 → 452500 pt") || table.contains("440,000 → 452,500 pt"))

        let markdown = report.markdown()
        let section = try #require(markdown.range(of: "## Measured sizes\n")).upperBound
        let rows = markdown[section...].split(separator: "\n").filter { $0.hasPrefix("| feed-10000 |") }
        #expect(rows.count == 2)
        #expect(rows[1].contains("| on-demand | none | pass |"))
        // Lane changes after the content height; none counted for the cached run.
        #expect(rows[1].contains("452500 pt | 2 |") || rows[1].contains("452,500 pt | 2 |"), "\(rows[1])")
        #expect(rows[0].contains("452500 pt | — |") || rows[0].contains("452,500 pt | — |"), "\(rows[0])")

        let plain = try StrategyReport(document: Synthetic.document(failing: false))
        #expect(plain.htmlParts.count == 7 && !plain.html().contains("measured-sizes"))
        #expect(!plain.markdown().contains("## Measured sizes"))
    }

    /// Runs under a policy other than the default are in the measured sizes part alone: not
    /// in the tables of frame costs (one row per data set, trace and strategy there), but a
    /// failed one is listed, and alerted, with its policy.
    @Test func otherPoliciesAreComparedInThePartAloneAndTheirFailuresListed() throws {
        let report = try Self.report([
            Self.measured("cached", anchor: "first-visible", p99: 9_000, displaced: 0),
            Self.measured("cached", anchor: "none", p99: 9_000, displaced: 20, fixture: .fail),
        ])
        let feed = report.runs.filter { $0.dataset == "feed-10000" }
        #expect(feed.map(\.anchor) == ["first-visible"])
        #expect(report.measuredRuns.map(\.anchor) == ["first-visible", "none"])
        #expect(report.failedRuns.map { report.identity($0) } == ["feed-10000 / end-and-back-120hz / cached, anchor none"])
        let alerts = LayoutReports([report]).alerts.map(\.identity)
        #expect(alerts.contains("tile-grid · feed-10000 / end-and-back-120hz / cached, anchor none"), "\(alerts)")
        // The tables of frame costs have the data set once per strategy.
        let html = report.html()
        let tables = html[..<(try #require(html.range(of: "id=\"layout-tile-grid-measured-sizes\"")).lowerBound)]
        #expect(tables.components(separatedBy: "<td>feed-10000</td>").count - 1 <= 1)
    }

    /// One chart per data set and trace with a displacement timeline, a line per policy:
    /// 600 frames at 120 Hz are 5 s, so 3 samples sit at 5/6, 15/6 and 25/6 s.
    @Test func displacementIsChartedPerPolicyAlongTheTrace() throws {
        var still = Self.measured("cached", anchor: "first-visible", p99: 9_000, displaced: 0)
        still.displacementTimeline = [0, 0, 0]
        var jumps = Self.measured("cached", anchor: "none", p99: 9_000, displaced: 44)
        jumps.displacementTimeline = [0, 44, 12]
        let untimed = Self.measured("on-demand", anchor: "none", p99: 2_000, displaced: 44)
        let report = try Self.report([still, jumps, untimed])
        let charts = report.charts().filter { $0.kind == .displacement }
        #expect(charts.map(\.name) == ["displacement-feed-10000-end-and-back-120hz"])
        let chart = try #require(charts.first).chart
        #expect(chart.series.map(\.name) == ["anchor first-visible", "anchor none"])
        #expect(chart.series[1].points.map(\.y) == [0, 44, 12])
        let times = chart.series[1].points.map(\.x)
        #expect(zip(times, [5.0 / 6, 15.0 / 6, 25.0 / 6]).allSatisfy { abs($0 - $1) < 1e-12 }, "\(times)")
        let html = report.html()
        let part = try #require(html.range(of: "id=\"layout-tile-grid-measured-sizes\"")).lowerBound
        #expect(html[part...].contains("data-chart=\"charts/displacement-feed-10000-end-and-back-120hz.svg\""))
        #expect(report.markdown().contains("(charts/displacement-feed-10000-end-and-back-120hz.svg)"))
        // Without timelines (results written before them), no chart.
        #expect(try Self.report([untimed]).charts().allSatisfy { $0.kind != .displacement })
        // A trace on which no policy moved anything is said in words, not charted.
        var drag = still
        drag.trace = "drag-60hz"
        var dragNone = jumps
        dragNone.trace = "drag-60hz"
        dragNone.displacementTimeline = [0, 0]
        let withStill = try Self.report([still, jumps, drag, dragNone])
        #expect(withStill.charts().filter { $0.kind == .displacement }.map(\.name) == ["displacement-feed-10000-end-and-back-120hz"])
        #expect(withStill.stillTraces == ["feed-10000 over drag-60hz"])
        #expect(withStill.html().contains("No anchoring policy moved a visible cell on feed-10000 over drag-60hz"))
    }
}
