import Foundation
import GridHarness
import Testing

/// `gridbench run` over a trace with a `scroll-to-item` event: the run records
/// `scrollToError`, and a malformed event is refused naming the event and field (exit 2).
@Suite struct ScrollToItemCommandTests {
    /// Frame 0 at 0, a scroll to item 20's top at frame 1, then 0 and 10: the offsets after
    /// the event move the view by their differences.
    static func trace(position: String) -> String {
        #"{"schemaVersion": 1, "refreshHz": 60, "viewport": {"width": 320, "height": 200}, "offsets": [0, 0, 10], "#
            + #""events": [{"frame": 1, "type": "scroll-to-item", "section": 0, "item": 20, "position": "\#(position)"}]}"#
    }

    func run(position: String) throws -> (CommandResult, RunRecord?) {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write(AnchorCommandTests.spec(estimated: true), to: "feed.json")
        let trace = try scratch.write(Self.trace(position: position), to: "to-20.json")
        let result = try GridBench.run(
            ["run", "--spec", spec, "--trace", trace, "--strategy", "on-demand", "--json", scratch.path("out.json")] + quickMeasure)
        guard result.status == Exit.success else { return (result, nil) }
        let document = try JSONDecoder().decode(ResultsDocument.self, from: Data(contentsOf: scratch.file("out.json")))
        return (result, document.runs.first)
    }

    /// With `first-visible` (the default) and `top`, item 20 is the first fully visible cell
    /// where round 1 lands (item 19 ends at the view's top edge), so the anchor corrects by
    /// exactly what the cells measured above it grew: error 0 after one round, whatever the
    /// margin measured.
    @Test func recordsTheScrollToError() throws {
        let (result, record) = try run(position: "top")
        #expect(result.status == Exit.success, "\(result)")
        let run = try #require(record)
        #expect(run.fixture == .pass)
        #expect(run.scrollToError == ScrollToError(firstPoints: 0, settledPoints: 0, rounds: 1))
        #expect(run.measurementFrameNanos != nil)
    }

    @Test func anUnknownPositionIsRefused() throws {
        let (result, _) = try run(position: "middle")
        #expect(result.status == Exit.badInput, "\(result)")
        #expect(result.stderr.contains("events[0].position"), "\(result)")
        #expect(result.stderr.contains("top, center, bottom"), "\(result)")
    }
}
