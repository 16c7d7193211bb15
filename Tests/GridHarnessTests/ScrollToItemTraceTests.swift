import Foundation
import GridCore
import GridHarness
import GridLayouts
import GridStrategies
import GridViewport
import Testing

/// The `scroll-to-item` trace event (issue 28): read and written under its contract names,
/// refused naming the event and field when malformed or naming what the data lacks, and
/// replayed through the one event pipeline.
@Suite struct ScrollToItemTraceTests {
    static let header = #"{"schemaVersion": 1, "refreshHz": 120, "viewport": {"width": 320, "height": 200}, "offsets": [0, 0, 10], "events": ["#

    func trace(_ event: String) throws(InputError) -> ScrollTrace {
        try ScrollTrace.decode(Data((Self.header + event + "]}").utf8), path: "trace.json")
    }

    @Test func readsAndWritesTheEvent() throws {
        let t = try trace(#"{"frame": 1, "type": "scroll-to-item", "section": 0, "item": 20, "position": "center"}"#)
        #expect(t.events == [TraceEvent(frame: 1, .scrollToItem(section: 0, item: 20, position: .center))])
        #expect(t.events[0].change.typeName == "scroll-to-item")
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scroll-to-\(UInt64.random(in: 0 ... .max)).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try t.write(to: url)
        let text = try String(contentsOf: url, encoding: .utf8)
        for field in [#""type":"scroll-to-item""#, #""position":"center""#, #""item":20"#] {
            #expect(text.replacingOccurrences(of: " ", with: "").contains(field), "\(field) in \(text)")
        }
        #expect(try ScrollTrace.load(from: url) == t)
        // The position is part of the trace's content: another position, another digest.
        let top = try trace(#"{"frame": 1, "type": "scroll-to-item", "section": 0, "item": 20, "position": "top"}"#)
        #expect(top.contentDigest != t.contentDigest)
    }

    @Test(arguments: [
        (#"{"frame": 1, "type": "scroll-to-item", "section": 0, "item": 3, "position": "middle"}"#, "events[0].position", "\"middle\""),
        (#"{"frame": 1, "type": "scroll-to-item", "section": 0, "item": 3}"#, "events[0].position", "missing"),
        (#"{"frame": 1, "type": "scroll-to-item", "item": 3, "position": "top"}"#, "events[0].section", "missing"),
        (#"{"frame": 1, "type": "scroll-to-item", "section": 0, "item": -1, "position": "top"}"#, "events[0].item", "-1"),
        (#"{"frame": 1, "type": "scroll-to-item", "section": -2, "item": 0, "position": "top"}"#, "events[0].section", "-2"),
    ])
    func refusesBadEventsNamingTheField(event: String, field: String, value: String) {
        do {
            _ = try trace(event)
            Issue.record("\(event) accepted")
        } catch {
            #expect(error.file == "trace.json")
            #expect(error.field == field)
            #expect(error.value == value)
        }
    }

    /// An unknown position is refused listing the three, naming the frame.
    @Test func anUnknownPositionListsTheKnownOnes() {
        do {
            _ = try trace(#"{"frame": 2, "type": "scroll-to-item", "section": 0, "item": 3, "position": "middle"}"#)
            Issue.record("accepted")
        } catch {
            #expect(error.expected.contains("top, center, bottom"), "\(error)")
            #expect(error.expected.contains("frame 2"), "\(error)")
        }
    }

    /// Where the data is known, an item or section it lacks is refused naming the event, the
    /// field and the frame: feed-40 has one section of 40 items.
    @Test(arguments: [(0, 40, "events[0].item"), (1, 0, "events[0].section")])
    func refusesWhatTheDataLacks(section: Int, item: Int, field: String) throws {
        let trace = ScrollTrace(
            name: "to", refreshHz: 120, viewport: Size(width: 320, height: 200), offsets: [0, 0, 10].map { Point(x: 0, y: $0) },
            events: [TraceEvent(frame: 1, .scrollToItem(section: section, item: item, position: .top))])
        do {
            _ = try Replay(spec: MeasuredReplayTests.spec, trace: trace, tracePath: "to.json")
            Issue.record("accepted")
        } catch {
            #expect(error.file == "to.json")
            #expect(error.field == field)
            #expect(error.expected.contains("frame 1"), "\(error)")
        }
    }

    /// The trace of the measured-replay tests' feed (`MeasuredReplayTests`): frame 0 at 0,
    /// then a scroll to item 20's top at frame 1, then offsets 0 and 10.
    static let trace = ScrollTrace(
        name: "to-20", refreshHz: 120, viewport: Size(width: 320, height: 200), offsets: [0, 0, 10].map { Point(x: 0, y: $0) },
        events: [TraceEvent(frame: 1, .scrollToItem(section: 0, item: 20, position: .top))])

    /// Every strategy replays the scroll as the reference does, over estimated sizes and
    /// over known ones.
    @Test(arguments: StrategyKind.allCases)
    func everyStrategyMatchesTheReference(strategy: StrategyKind) throws {
        var known = MeasuredReplayTests.spec
        known.data = try #require(known.measuredData)
        known.measuredData = nil
        known.parameters = ColumnarGrouped.Configuration(columns: 1, columnSpacing: 0, sectionSpacing: 0)
        for spec in [MeasuredReplayTests.spec, known] {
            let replay = try Replay(spec: spec, trace: Self.trace, tracePath: "to-20.json")
            for anchor in AnchorPolicy.allCases {
                let expected = try replay.referenceDigests(margin: .points(50), anchor: anchor)
                let options = ReplayOptions(
                    strategy: strategy, margin: .points(50), minimumPasses: 2, maximumPasses: 2, targetSeconds: 0, anchor: anchor)
                #expect(try replay.run(options, expected: expected).fixture == .pass, "\(spec.name), \(anchor)")
            }
        }
    }

    /// `scrollToError` over the feed (40 cells estimated 44, truly 64; viewport 320 × 200,
    /// margin 50). Frame 0 at 0 measures cells 0…5 and corrects nothing (the worked frame 0
    /// of `ViewportMeasuringTests`). At frame 1, item 20's top by the layout is
    /// `6·64 + 14·44 = 1000`. Round 1 goes to 1,000: `[950, 1250)` loads cells 18 (`[912,
    /// 956)`) … 25, measured; 18 and 19 grow by 20 each, so item 20's top is 1,040.
    /// - `first-visible`: the first fully visible cell in `[1000, 1200]` is item 20 itself:
    ///   corrected by 40 to 1,040, error 0 after one round: `{0, 0, 1}`.
    /// - `none`: the offset stays at 1,000, error 40; round 2 goes to 1,040, where `[990,
    ///   1290)` meets cells 19 … 23, all measured: error 0: `{40, 0, 2}`.
    /// Either way the frames that measured are frames 0 and 1 (frame 2, 10 points on,
    /// loads cells measured in the rounds).
    @Test(arguments: [
        (AnchorPolicy.firstVisible, ScrollToError(firstPoints: 0, settledPoints: 0, rounds: 1)),
        (.keepsOffset, ScrollToError(firstPoints: 40, settledPoints: 0, rounds: 2)),
    ])
    func recordsTheScrollToError(anchor: AnchorPolicy, error: ScrollToError) throws {
        let replay = try Replay(spec: MeasuredReplayTests.spec, trace: Self.trace, tracePath: "to-20.json")
        let expected = try replay.referenceDigests(margin: .points(50), anchor: anchor)
        let options = ReplayOptions(strategy: .onDemand, margin: .points(50), minimumPasses: 2, maximumPasses: 2, targetSeconds: 0, anchor: anchor)
        let record = try replay.run(options, expected: expected)
        #expect(record.scrollToError == error)
        #expect(record.measurementFrameNanos?.frames == 2)
        let data = try JSONEncoder().encode(record)
        let json = String(decoding: data, as: UTF8.self)
        for field in ["\"scrollToError\"", "\"firstPoints\"", "\"settledPoints\"", "\"rounds\""] {
            #expect(json.contains(field), "\(field)")
        }
        #expect(try JSONDecoder().decode(RunRecord.self, from: data) == record)
    }

    /// Over known sizes the scroll lands in one round, error 0; a trace without the event
    /// over the same spec records no `scrollToError` and no `measurementFrameNanos`.
    @Test func knownSizesLandInOneRound() throws {
        var known = MeasuredReplayTests.spec
        known.data = try #require(known.measuredData)
        known.measuredData = nil
        known.parameters = ColumnarGrouped.Configuration(columns: 1, columnSpacing: 0, sectionSpacing: 0)
        let options = ReplayOptions(strategy: .cached, margin: .points(50), minimumPasses: 2, maximumPasses: 2, targetSeconds: 0)
        let replay = try Replay(spec: known, trace: Self.trace, tracePath: "to-20.json")
        let record = try replay.run(options, expected: try replay.referenceDigests(margin: .points(50)))
        #expect(record.scrollToError == ScrollToError(firstPoints: 0, settledPoints: 0, rounds: 1))
        #expect(record.measurementFrameNanos == nil)
        var plain = Self.trace
        plain.events = []
        let still = try Replay(spec: known, trace: plain, tracePath: "plain.json")
        let unchanged = try still.run(options, expected: try still.referenceDigests(margin: .points(50)))
        #expect(unchanged.scrollToError == nil && unchanged.measurementFrameNanos == nil)
        let json = String(decoding: try JSONEncoder().encode(unchanged), as: UTF8.self)
        #expect(!json.contains("scrollToError") && !json.contains("measurementFrameNanos"))
    }

    /// The event moves the viewport, and later offsets move it by their differences. Over
    /// known sizes (64 each) item 20's top is 1,280: frame 1 lands there (its own offset, 0,
    /// is the last one asked: no move), frame 2 asks 10 more: 1,290. Without the event the
    /// reference would load the same set at frames 0 and 1; with it, not.
    @Test func theEventMovesTheView() throws {
        let configuration = ColumnarGrouped.Configuration(columns: 1, columnSpacing: 0, sectionSpacing: 0)
        var known = MeasuredReplayTests.spec
        known.data = try #require(known.measuredData)
        known.measuredData = nil
        known.parameters = configuration
        let replay = try Replay(spec: known, trace: Self.trace, tracePath: "to-20.json")
        let digests = try replay.referenceDigests(margin: .points(50))
        #expect(digests[0] != digests[1])
        var viewport = try Viewport(layout: ColumnarGrouped(configuration), data: known.data, size: Self.trace.viewport, margin: .points(50))
        viewport.scrollMeasuring(to: .zero)
        try viewport.scrollMeasuring(toItem: ItemPath(section: 0, item: 20), position: .top)
        let second = viewport.scrollMeasuring(to: .zero)
        #expect(second.digest == digests[1])
        #expect(viewport.offset.y == 1280)
        let third = viewport.scrollMeasuring(to: Point(x: 0, y: 10))
        #expect(third.digest == digests[2])
        #expect(viewport.offset.y == 1290)
    }
}
