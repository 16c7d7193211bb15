import Foundation
import GridHarness
import Testing

/// `gridbench run --anchor`: over a spec of estimated sizes the run measures as it scrolls
/// and records the anchor and the measured-size figures; a value other than the three is
/// refused naming the flag (exit 2); without `estimated` nothing is recorded.
@Suite struct AnchorCommandTests {
    /// A self-sizing table: 40 cells estimated 44 points tall, truly 64, in one column.
    static func spec(estimated: Bool) -> String {
        let heights = Array(repeating: "64", count: 40).joined(separator: ", ")
        return #"{"layout": "columnar-grouped", "container": {"width": 320, "height": 200}, "columns": 1, "columnSpacing": 0, "sectionSpacing": 0, "#
            + #""sections": [40], "itemHeights": [\#(heights)]"# + (estimated ? #", "estimated": {"itemHeight": 44}}"# : "}")
    }

    /// A jump to 1000, then up by 50 to 400: the scroll up measures cells above the screen.
    static let trace = #"{"schemaVersion": 1, "refreshHz": 60, "viewport": {"width": 320, "height": 200}, "offsets": [0, 1000, "#
        + stride(from: 950, through: 400, by: -50).map(String.init).joined(separator: ", ") + "]}"

    func run(_ anchor: String?, estimated: Bool = true) throws -> (CommandResult, RunRecord?) {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write(Self.spec(estimated: estimated), to: "feed.json")
        let trace = try scratch.write(Self.trace, to: "back-up.json")
        let result = try GridBench.run(
            ["run", "--spec", spec, "--trace", trace, "--strategy", "cached", "--json", scratch.path("out.json")]
                + (anchor.map { ["--anchor", $0] } ?? []) + quickMeasure)
        guard result.status == Exit.success else { return (result, nil) }
        let document = try JSONDecoder().decode(ResultsDocument.self, from: Data(contentsOf: scratch.file("out.json")))
        return (result, document.runs.first)
    }

    @Test func firstVisibleIsTheDefaultAndKeepsTheScreenStill() throws {
        let (result, record) = try run(nil)
        #expect(result.status == Exit.success, "\(result)")
        let run = try #require(record)
        #expect(run.fixture == .pass)
        #expect(run.anchor == "first-visible")
        // One column: every visible cell lies below what was measured above it, and moves
        // with the anchor.
        #expect(run.visibleDisplacement?.maxPoints == 0)
        #expect((run.offsetCorrections?.count ?? 0) > 0)
        // 40 cells of 44 at first; more of them at 64 by the end.
        #expect(run.contentSizeDrift?.estimatedHeight == 1760)
        #expect((run.contentSizeDrift?.finalHeight ?? 0) > 1760)
    }

    @Test func noneRecordsTheJumps() throws {
        let (result, record) = try run("none")
        #expect(result.status == Exit.success, "\(result)")
        let run = try #require(record)
        #expect(run.anchor == "none")
        #expect(run.offsetCorrections == OffsetCorrections(count: 0, totalPoints: 0))
        // Cells measured above the screen push what it shows down by 20 each.
        #expect((run.visibleDisplacement?.maxPoints ?? 0) >= 20)
        // The timeline keeps each stretch's largest jump: its largest is the run's.
        #expect(run.displacementTimeline?.max() == run.visibleDisplacement?.maxPoints)
        #expect(run.displacementTimeline?.count == 14)  // 0, 1000, then 950 … 400 by 50: 14 frames, under 240
    }

    @Test func anUnknownPolicyIsRefused() throws {
        let (result, _) = try run("middle")
        #expect(result.status == Exit.badInput, "\(result)")
        #expect(result.stderr.contains("--anchor"), "\(result)")
        #expect(result.stderr.contains("none, first-visible, last-visible"), "\(result)")
    }

    @Test func withoutEstimatesNothingIsRecorded() throws {
        let (result, record) = try run("last-visible", estimated: false)
        #expect(result.status == Exit.success, "\(result)")
        let run = try #require(record)
        #expect(run.anchor == nil && run.visibleDisplacement == nil && run.offsetCorrections == nil && run.contentSizeDrift == nil)
    }

    /// A bundled data set replayed under another policy is checked against that policy's
    /// bundled fixture (it passes, and no reference is replayed in its place); a fixture of
    /// another policy, given by hand, is refused naming its `anchor`.
    @Test func aBundledPolicyIsCheckedAgainstItsOwnFixture() throws {
        let bundled = ["run", "--dataset", "feed-10000", "--trace", "end-and-back-120hz", "--strategy", "on-demand"] + quickMeasure
        for policy in ["none", "last-visible", "first-visible"] {
            let result = try GridBench.run(bundled + ["--anchor", policy])
            #expect(result.status == Exit.success, "\(policy): \(result)")
            #expect(result.stderr.contains("fixture pass") && !result.stderr.contains("No fixture"), "\(policy): \(result)")
        }
        let other = "datasets/fixtures/replay/feed-10000/end-and-back-120hz.json"
        let refused = try GridBench.run(bundled + ["--anchor", "none", "--fixture", other])
        #expect(refused.status == Exit.badInput, "\(refused)")
        #expect(refused.stderr.contains("anchor = \"first-visible\""), "\(refused)")
    }

    /// Posts prepended while scrolled: with their true sizes the run measures them and the
    /// screen keeps still (one column, `first-visible`); without them the trace is refused
    /// naming the file, the event's `sizes` and the value (exit 2).
    @Test func prependsNeedTheirTrueSizes() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write(Self.spec(estimated: true), to: "feed.json")
        // Down to 600, then up well past the top: the view, moved by the offsets'
        // differences from the prepend on and corrected as it goes, reaches the top.
        let offsets = [600, 600, 600] + stride(from: 550, through: -1500, by: -50).map { $0 }
        func trace(_ sizes: String) -> String {
            #"{"schemaVersion": 1, "refreshHz": 60, "viewport": {"width": 320, "height": 200}, "offsets": ["#
                + offsets.map(String.init).joined(separator: ", ")
                + #"], "events": [{"frame": 2, "type": "insert-items", "section": 0, "item": 0, "count": 2\#(sizes)}]}"#
        }
        let good = try scratch.write(trace(#", "sizes": [[1, 30], [1, 90]]"#), to: "prepend.json")
        let result = try GridBench.run(
            ["run", "--spec", spec, "--trace", good, "--strategy", "on-demand", "--json", scratch.path("out.json")] + quickMeasure)
        #expect(result.status == Exit.success, "\(result)")
        let document = try JSONDecoder().decode(ResultsDocument.self, from: Data(contentsOf: scratch.file("out.json")))
        let run = try #require(document.runs.first)
        #expect(run.fixture == .pass)
        #expect(run.visibleDisplacement?.maxPoints == 0)
        // 40 cells of 44 at first. At the end the two prepended posts are measured (30 and
        // 90: 1760 + 30 + 90 = 1880) and m old cells (64, 20 more each): 1880 + 20·m. Had
        // either prepended post stayed at the estimate 44, the excess would not be a
        // multiple of 20 (−14 or +46 off).
        let final = try #require(run.contentSizeDrift?.finalHeight)
        #expect(run.contentSizeDrift?.estimatedHeight == 1760)
        #expect(final > 1880 && (final - 1880).truncatingRemainder(dividingBy: 20) == 0, "\(final)")
        let bad = try scratch.write(trace(""), to: "bad.json")
        let refused = try GridBench.run(["run", "--spec", spec, "--trace", bad, "--strategy", "on-demand"] + quickMeasure)
        #expect(refused.status == Exit.badInput, "\(refused)")
        #expect(refused.stderr.contains("bad.json") && refused.stderr.contains("events[0].sizes") && refused.stderr.contains("none"), "\(refused)")
    }
}
