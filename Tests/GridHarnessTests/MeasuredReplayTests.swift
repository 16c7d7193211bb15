import Foundation
import GridCore
import GridHarness
import GridLayouts
import GridStrategies
import GridViewport
import Testing

/// A replay over a spec with estimated sizes (issue 28) measures as it scrolls and records
/// `anchor`, `visibleDisplacement`, `offsetCorrections` and `contentSizeDrift`; one whose
/// sizes are all known records none of them.
///
/// The spec and trace are `ViewportMeasuringTests`' self-sizing table: 40 cells estimated 44,
/// truly 64, viewport 320 × 200, offsets 0, 1000, 950, 900, here with a 50-point margin.
/// Worked there by hand: `first-visible` corrects by 40 then 20 (2 corrections, 60 points)
/// and nothing on screen moves; `none` corrects nothing and two frames move three cells 20
/// points each (max 20, total 120); content from `40·44 = 1760` to 2060 (`first-visible`,
/// 15 cells measured) or 2080 (`none`, 16).
@Suite struct MeasuredReplayTests {
    static let configuration = ColumnarGrouped.Configuration(columns: 1, columnSpacing: 0, sectionSpacing: 0, estimated: .itemHeight(44))
    static let spec = LayoutSpec(
        name: "feed-40", parameters: configuration, container: Size(width: 320, height: 200),
        data: try! DataShape(itemCounts: [40], itemSizes: Array(repeating: Size(width: 1, height: 44), count: 40)),
        measuredData: try! DataShape(itemCounts: [40], itemSizes: Array(repeating: Size(width: 1, height: 64), count: 40)))
    static let trace = ScrollTrace(
        name: "jump-and-back", refreshHz: 120, viewport: Size(width: 320, height: 200),
        offsets: [0, 1000, 950, 900].map { Point(x: 0, y: $0) })

    func record(_ spec: LayoutSpec, anchor: AnchorPolicy, strategy: StrategyKind = .cached) throws -> RunRecord {
        let replay = try Replay(spec: spec, trace: Self.trace, tracePath: "jump-and-back.json")
        let expected = try replay.referenceDigests(margin: .points(50), anchor: anchor)
        let options = ReplayOptions(strategy: strategy, margin: .points(50), minimumPasses: 2, maximumPasses: 2, targetSeconds: 0, anchor: anchor)
        return try replay.run(options, expected: expected)
    }

    @Test(arguments: StrategyKind.allCases)
    func firstVisibleRecordsNoDisplacement(strategy: StrategyKind) throws {
        let record = try record(Self.spec, anchor: .firstVisible, strategy: strategy)
        #expect(record.fixture == .pass)
        #expect(record.anchor == "first-visible")
        #expect(record.visibleDisplacement == VisibleDisplacement(maxPoints: 0, totalPoints: 0, frames: 0))
        #expect(record.offsetCorrections == OffsetCorrections(count: 2, totalPoints: 60))
        #expect(record.contentSizeDrift == ContentSizeDrift(estimatedHeight: 1760, finalHeight: 2060))
        // One column: no section changes column; the scan strategy does not count.
        #expect(record.laneChanges == (strategy == .scan ? nil : 0))
    }

    @Test func noAnchorRecordsTheJumps() throws {
        let record = try record(Self.spec, anchor: .keepsOffset)
        #expect(record.fixture == .pass)
        #expect(record.anchor == "none")
        #expect(record.visibleDisplacement == VisibleDisplacement(maxPoints: 20, totalPoints: 120, frames: 2))
        #expect(record.offsetCorrections == OffsetCorrections(count: 0, totalPoints: 0))
        #expect(record.contentSizeDrift == ContentSizeDrift(estimatedHeight: 1760, finalHeight: 2080))
    }

    /// `measurementFrameNanos` covers the frames that measured: by the hand-worked frames,
    /// `first-visible` measures in frames 0, 1 and 3 (frame 2 scrolls over cells measured in
    /// frame 1), `none` in all four. Their costs are times, so only their order is checked.
    @Test(arguments: [(AnchorPolicy.firstVisible, 3), (.keepsOffset, 4)])
    func measurementFramesAreTimed(anchor: AnchorPolicy, frames: Int) throws {
        let record = try record(Self.spec, anchor: anchor)
        let measuring = try #require(record.measurementFrameNanos)
        #expect(measuring.frames == frames)
        #expect(measuring.p50 >= 1 && measuring.p50 <= measuring.p99)
        #expect(measuring.max >= 1)
        #expect(measuring.allocationsPerFrame == nil, "no memory probe")
    }

    /// With a memory probe, the first measured pass reads the allocation count between
    /// frames. Its script for `first-visible` (measuring in frames 0, 1, 3): 100 before the
    /// pass, 100 before frame 0, then 106, 109, 119, 119 after frames 0…3, 119 after the
    /// pass. Measuring frames allocated 6, 3 and 0: 3 a frame. The whole pass allocated 19
    /// in 4 frames: 4.75 a frame.
    @Test func measurementFramesCountTheirAllocations() throws {
        let replay = try Replay(spec: Self.spec, trace: Self.trace, tracePath: "jump-and-back.json")
        let expected = try replay.referenceDigests(margin: .points(50), anchor: .firstVisible)
        let probe = RunRecordTests.ScriptedProbe(bytes: [1000], allocations: [100, 100, 106, 109, 119, 119, 119], peak: 0)
        let options = ReplayOptions(
            strategy: .cached, margin: .points(50), minimumPasses: 2, maximumPasses: 2, targetSeconds: 0,
            memoryProbe: probe, anchor: .firstVisible)
        let record = try replay.run(options, expected: expected)
        #expect(record.measurementFrameNanos?.allocationsPerFrame == 3)
        #expect(record.allocationsPerFrame == 4.75)
        #expect(probe.count("allocationCount") == 7)
    }

    /// The reference depends on the policy: the loaded sets of frames 1 to 3 differ.
    @Test func theReferenceFollowsThePolicy() throws {
        let replay = try Replay(spec: Self.spec, trace: Self.trace, tracePath: "jump-and-back.json")
        let none = try replay.referenceDigests(margin: .points(50), anchor: .keepsOffset)
        let first = try replay.referenceDigests(margin: .points(50), anchor: .firstVisible)
        #expect(none[0] == first[0])
        #expect(none[1] != first[1])
    }

    /// Every size known: no measured-size field, in the record or its JSON.
    @Test func withoutEstimatesNoFieldAppears() throws {
        var spec = Self.spec
        spec.data = try #require(spec.measuredData)
        spec.measuredData = nil
        spec.parameters = ColumnarGrouped.Configuration(columns: 1, columnSpacing: 0, sectionSpacing: 0)
        let record = try record(spec, anchor: .keepsOffset)
        #expect(record.anchor == nil && record.visibleDisplacement == nil && record.offsetCorrections == nil && record.contentSizeDrift == nil)
        #expect(record.measurementFrameNanos == nil)
        let json = String(decoding: try JSONEncoder().encode(record), as: UTF8.self)
        for field in ["anchor", "visibleDisplacement", "offsetCorrections", "contentSizeDrift", "measurementFrameNanos"] {
            #expect(!json.contains("\"\(field)\""), "\(field)")
        }
    }

    /// The fields go into JSON under their contract names and come back.
    @Test func fieldsRoundTrip() throws {
        let record = try record(Self.spec, anchor: .keepsOffset)
        let data = try JSONEncoder().encode(record)
        let json = String(decoding: data, as: UTF8.self)
        for field in ["\"anchor\":\"none\"", "\"visibleDisplacement\"", "\"maxPoints\"", "\"totalPoints\"", "\"frames\"",
                      "\"offsetCorrections\"", "\"count\"", "\"contentSizeDrift\"", "\"estimatedHeight\"", "\"finalHeight\"",
                      "\"measurementFrameNanos\"", "\"p50\"", "\"p99\"", "\"max\""] {
            #expect(json.contains(field), "\(field)")
        }
        #expect(try JSONDecoder().decode(RunRecord.self, from: data) == record)
    }

    /// An insert over estimated sizes must give its items' true sizes, one each: refused
    /// naming the event's `sizes`; a delete needs none.
    @Test func insertsOverEstimatesNeedTheirTrueSizes() throws {
        for sizes in [nil, [Size(width: 1, height: 30)]] {
            let trace = ScrollTrace(
                name: "edit", refreshHz: 120, viewport: Size(width: 320, height: 200),
                offsets: [Point(x: 0, y: 0), Point(x: 0, y: 10)],
                events: [TraceEvent(frame: 1, .insertItems(section: 0, item: 0, count: 2, sizes: sizes))])
            do {
                _ = try Replay(spec: Self.spec, trace: trace, tracePath: "edit.json")
                Issue.record("an insert without its true sizes accepted")
            } catch {
                #expect(error.file == "edit.json")
                #expect(error.field == "events[0].sizes")
                #expect(error.value == (sizes == nil ? "none" : "1 sizes"))
            }
        }
        let delete = ScrollTrace(
            name: "edit", refreshHz: 120, viewport: Size(width: 320, height: 200),
            offsets: [Point(x: 0, y: 0), Point(x: 0, y: 10)],
            events: [TraceEvent(frame: 1, .deleteItems(section: 0, item: 0, count: 1))])
        _ = try Replay(spec: Self.spec, trace: delete, tracePath: "edit.json")
    }

    /// `MeasuringPrependTests`' hand-worked prepend, replayed through the event pipeline
    /// (the trace's `insert-items` carries the true sizes 30, 50, 70; the data takes them
    /// at the estimate 100) by every strategy, each checked against the reference replay
    /// frame by frame over two passes: `first-visible` corrects +300, −80, −70 (3, 450
    /// points) and nothing on screen moves; `none` corrects nothing and one frame moves
    /// four posts 150 points each. Content 4000 at the estimates, 4150 at the end.
    @Test(arguments: StrategyKind.allCases)
    func prependWhileScrolled(strategy: StrategyKind) throws {
        let estimate = Size(width: 1, height: 100)
        let data = try DataShape(itemCounts: [40], itemSizes: Array(repeating: estimate, count: 40))
        let spec = LayoutSpec(
            name: "feed-40-prepends",
            parameters: ColumnarGrouped.Configuration(columns: 1, columnSpacing: 0, sectionSpacing: 0, estimated: .itemHeight(100)),
            container: Size(width: 320, height: 480), data: data, measuredData: data)
        let trace = ScrollTrace(
            name: "prepend", refreshHz: 120, viewport: Size(width: 320, height: 480),
            offsets: [400, 400, 250, 80].map { Point(x: 0, y: $0) },
            events: [TraceEvent(frame: 1, .insertItems(section: 0, item: 0, count: 3, sizes: [30, 50, 70].map { Size(width: 1, height: $0) }))])
        let replay = try Replay(spec: spec, trace: trace, tracePath: "prepend.json")
        for (anchor, corrections, displacement) in [
            (AnchorPolicy.firstVisible, OffsetCorrections(count: 3, totalPoints: 450), VisibleDisplacement(maxPoints: 0, totalPoints: 0, frames: 0)),
            (.keepsOffset, OffsetCorrections(count: 0, totalPoints: 0), VisibleDisplacement(maxPoints: 150, totalPoints: 600, frames: 1)),
        ] {
            let expected = try replay.referenceDigests(margin: .points(400), anchor: anchor)
            let options = ReplayOptions(strategy: strategy, margin: .points(400), minimumPasses: 2, maximumPasses: 2, targetSeconds: 0, anchor: anchor)
            let record = try replay.run(options, expected: expected)
            #expect(record.fixture == .pass, "\(anchor)")
            #expect(record.offsetCorrections == corrections, "\(anchor)")
            #expect(record.visibleDisplacement == displacement, "\(anchor)")
            #expect(record.contentSizeDrift == ContentSizeDrift(estimatedHeight: 4000, finalHeight: 4150), "\(anchor)")
        }
    }

    /// Lane changes reach the record: a two-column `rebalance` waterfall of four pins
    /// estimated 50, truly 100, 20, 30, 40, all on screen and measured in frame 0. By the
    /// estimates the lanes are 0, 1, 0, 1; by the true heights item 0 in column 0 (H₀ =
    /// 120), item 1 in column 1 (H₁ = 40), item 2 in column 1 (40 < 120; H₁ = 80), item 3
    /// in column 1 (80 < 120): only item 2 changed column, 1. In `stable` lanes, 0.
    @Test func laneChangesAreRecorded() throws {
        for (lanes, expected) in [(Waterfall.Configuration.Lanes.rebalance, 1), (.stable, 0)] {
            var configuration = Waterfall.Configuration(columns: 2, itemSizing: .heights, lanes: lanes)
            configuration.estimated = .itemHeight(50)
            let spec = LayoutSpec(
                name: "pins-4", parameters: configuration, container: Size(width: 320, height: 480),
                data: try DataShape(itemCounts: [4], itemSizes: Array(repeating: Size(width: 1, height: 50), count: 4)),
                measuredData: try DataShape(itemCounts: [4], itemSizes: [100, 20, 30, 40].map { Size(width: 1, height: $0) }))
            let trace = ScrollTrace(name: "still", refreshHz: 120, viewport: Size(width: 320, height: 480), offsets: [Point(x: 0, y: 0), Point(x: 0, y: 0)])
            let replay = try Replay(spec: spec, trace: trace, tracePath: "still.json")
            for strategy in [StrategyKind.cached, .onDemand, .adaptive] {
                let options = ReplayOptions(strategy: strategy, minimumPasses: 2, maximumPasses: 2, targetSeconds: 0)
                let record = try replay.run(options, expected: try replay.referenceDigests())
                #expect(record.laneChanges == expected, "\(lanes) \(strategy)")
            }
        }
    }
}
