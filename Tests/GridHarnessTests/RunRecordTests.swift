import Foundation
import GridCore
@testable import GridHarness
import GridLayouts
import GridStrategies
import GridViewport
import Testing

/// What one run records: counts that follow from the trace and the options, figures that
/// are consistent with one another, and memory figures exactly as the probe reports them.
@Suite struct RunRecordTests {
    @Test func sanityOfOneSmallRun() throws {
        let replay = try Repository.replay("scale-100", "tour-120hz")
        let expected = try Repository.fixture("scale-100", "tour-120hz").frames
        let options = ReplayOptions(strategy: .cached, minimumPasses: 2, maximumPasses: 5, targetSeconds: 0)
        let record = try replay.run(options, expected: expected)

        #expect(record.frames == replay.trace.frameCount)
        #expect(record.frames == 622)
        // No seconds wanted: the minimum number of passes, and no more.
        #expect(record.passes == 2)
        #expect(record.tiles == 100 && record.sections == 4 && record.refreshHz == 120)
        let p = record.frameNanos
        #expect(p.p50 > 0)
        #expect(p.p50 <= p.p90 && p.p90 <= p.p99 && p.p99 <= p.p999 && p.p999 <= p.max)
        // Half of the 120 Hz frame budget of 8,333,333⅓ ns.
        #expect(record.layoutBudgetNanos == 1e9 / 240)
        #expect(record.prepareNanos > 0)
        // The figures themselves are worked by hand from known costs in figuresOfKnownCosts.
        // No probe, no memory figures.
        #expect(record.retainedBytes == nil && record.peakBytes == nil && record.allocationsPerFrame == nil)
        // The distribution runs from the 0th to the 100th percentile, never decreasing.
        let distribution = try #require(record.distribution)
        #expect(distribution.first?.percentile == 0 && distribution.last?.percentile == 100)
        #expect(zip(distribution, distribution.dropFirst()).allSatisfy { $0.nanos <= $1.nanos })
        #expect(record.timeline?.count == 240)
        #expect(record.fixture == .pass)
    }

    /// Two passes of four frames at 120 Hz, costs (ns) 100, 200, 900, 1500 and 100, 300,
    /// 800, 2000; a layout budget of 10⁻⁴ of the frame's 8,333,333⅓ ns, 833⅓ ns; a floor
    /// of 150 ns. All costs are under 2048, which an HDR histogram of 3 significant digits
    /// holds exactly. Sorted: 100 100 200 300 800 900 1500 2000.
    /// - p50: the 4th of 8, 300; p99: the 8th, 2000; max 2000.
    /// - budgetShareP99: 2000 / 8,333,333⅓ = 2.4e-4.
    /// - hitches: 900, 1500 and 2000 exceed 833⅓: 3 in 2 passes, 1.5 a pass.
    /// - over budget: 4400 − 3 × 833⅓ = 1900 ns in 2 passes of 4/120 s, 1/15 s:
    ///   1900e-6 ms × 15 = 0.0285 ms a second.
    /// - floorMultiple: 300 / 150 = 2.
    @Test func figuresOfKnownCosts() {
        let figures = MeasureVisitor.figures(
            costs: [100, 200, 900, 1500, 100, 300, 800, 2000], passes: 2, frameBudget: 1e9 / 120,
            layoutBudgetShare: 1e-4, passSeconds: 4.0 / 120, floor: 150)
        #expect(figures.percentiles.p50 == 300)
        #expect(figures.percentiles.p99 == 2000)
        #expect(figures.percentiles.max == 2000)
        #expect(abs(figures.budgetShareP99 - 2.4e-4) < 1e-15)
        #expect(abs(figures.layoutBudget - 2500.0 / 3) < 1e-9)
        #expect(figures.hitchesPerPass == 1.5)
        #expect(abs(figures.hitchMillisPerSecond - 0.0285) < 1e-12)
        #expect(figures.floorMultiple == 2)
        // The 0th percentile is the least cost, the 100th the greatest.
        #expect(figures.distribution.first?.nanos == 100 && figures.distribution.last?.nanos == 2000)
        // Per-frame medians over the 2 passes (the lower of two): 100, 200, 800, 1500; in
        // 2 buckets of 2 frames, the costliest of each: 200 and 1500.
        #expect(MeasureVisitor.timeline(costs: [100, 200, 900, 1500, 100, 300, 800, 2000], frames: 4, passes: 2, points: 2) == [200, 1500])
    }

    @Test func passesStayWithinTheirBounds() throws {
        let replay = try Repository.replay("scale-100", "tour-120hz")
        let expected = try Repository.fixture("scale-100", "tour-120hz").frames
        // An hour of measured frames wanted: capped at the maximum.
        let capped = try replay.run(ReplayOptions(strategy: .onDemand, minimumPasses: 1, maximumPasses: 3, targetSeconds: 3600), expected: expected)
        #expect(capped.passes == 3)
        let single = try replay.run(ReplayOptions(strategy: .onDemand, minimumPasses: 1, maximumPasses: 1, targetSeconds: 3600), expected: expected)
        #expect(single.passes == 1)
        #expect(throws: GridError.self) { try replay.run(ReplayOptions(strategy: .onDemand, minimumPasses: 0), expected: expected) }
        #expect(throws: GridError.self) { try replay.run(ReplayOptions(strategy: .onDemand, minimumPasses: 3, maximumPasses: 2), expected: expected) }
        #expect(throws: GridError.self) { try replay.run(ReplayOptions(strategy: .onDemand), expected: Array(expected.prefix(3))) }
    }

    /// With a layout budget of a billionth of the frame, every frame is a hitch, and the
    /// time over budget per second is the frames' whole cost, nearly.
    @Test func everyFrameOverATinyBudgetIsAHitch() throws {
        let replay = try Repository.replay("scale-100", "tour-120hz")
        let expected = try Repository.fixture("scale-100", "tour-120hz").frames
        let record = try replay.run(
            ReplayOptions(strategy: .scan, minimumPasses: 2, maximumPasses: 2, targetSeconds: 0, layoutBudgetShare: 1e-9), expected: expected)
        #expect(record.hitchesPerPass == Double(record.frames))
        #expect(record.hitchMillisPerSecond > 0)
        #expect(record.layoutBudgetNanos == 1e9 / 120 * 1e-9)
    }

    // MARK: - Memory

    /// A probe that answers from a script and counts how it was asked.
    final class ScriptedProbe: MemoryProbe, @unchecked Sendable {
        let name = "scripted"
        private let lock = NSLock()
        private var bytes: [Int]
        private var allocations: [Int]
        private let peak: Int?
        private(set) var calls: [String: Int] = [:]

        /// `bytes` and `allocations` are answered in order, the last one repeated once the
        /// script runs out; `peak` non-nil means the probe tracks peaks.
        init(bytes: [Int], allocations: [Int], peak: Int?) {
            self.bytes = bytes
            self.allocations = allocations
            self.peak = peak
        }

        private func next(_ list: inout [Int], _ call: String) -> Int {
            lock.lock()
            defer { lock.unlock() }
            calls[call, default: 0] += 1
            return list.count > 1 ? list.removeFirst() : list[0]
        }

        func allocatedBytes() -> Int { next(&bytes, "allocatedBytes") }
        func allocationCount() -> Int { next(&allocations, "allocationCount") }
        func resetPeak() -> Bool {
            lock.lock()
            defer { lock.unlock() }
            calls["resetPeak", default: 0] += 1
            return peak != nil
        }
        func peakBytesSinceReset() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            calls["peakBytesSinceReset", default: 0] += 1
            return peak
        }
        func count(_ call: String) -> Int {
            lock.lock()
            defer { lock.unlock() }
            return calls[call, default: 0]
        }
    }

    /// Two sections of ten tiles and a five-frame trace.
    static func tinyReplay() throws -> Replay {
        let spec = LayoutSpec(name: "tiny", parameters: TileGrid.Configuration.chGridView, container: Size(width: 320, height: 480), data: try DataShape(sections: 2, itemsPerSection: 10))
        let trace = ScrollTrace(name: "five", refreshHz: 60, viewport: Size(width: 320, height: 480), offsets: [0, 40, 80, 120, 40].map { Point(x: 0, y: $0) })
        return try Replay(spec: spec, trace: trace, tracePath: "five.json")
    }

    /// Without peak tracking the warm-up samples the allocated bytes after every frame.
    /// Script: 1,000 before the strategy is made, 5,000 once prepared, 6,000 before the
    /// warm-up, then one reading per frame with 9,000 the highest; allocation counts 100
    /// then 130 around the first measured pass of 5 frames.
    @Test func memoryFiguresFollowTheProbeSampledPerFrame() throws {
        let replay = try Self.tinyReplay()
        let probe = ScriptedProbe(bytes: [1000, 5000, 6000, 6100, 9000, 6200, 6300, 6000], allocations: [100, 130], peak: nil)
        let record = try replay.run(
            ReplayOptions(strategy: .cached, minimumPasses: 3, maximumPasses: 3, targetSeconds: 0, memoryProbe: probe),
            expected: replay.referenceDigests())
        #expect(record.retainedBytes == 5000 - 1000)
        #expect(record.peakBytes == 9000 - 1000)
        #expect(record.allocationsPerFrame == Double(130 - 100) / 5)
        // Three readings around prepare and warm-up, one per warm-up frame; allocation
        // counts around the first measured pass only.
        #expect(probe.count("allocatedBytes") == 3 + 5)
        #expect(probe.count("allocationCount") == 2)
        #expect(probe.count("resetPeak") == 1)
        #expect(probe.count("peakBytesSinceReset") == 0)
        #expect(record.fixture == .pass)
    }

    /// With peak tracking the peak is the probe's, above the level before the warm-up.
    @Test func memoryFiguresFollowTheProbesPeak() throws {
        let replay = try Self.tinyReplay()
        let probe = ScriptedProbe(bytes: [1000, 5000, 6000], allocations: [7, 7], peak: 2500)
        let record = try replay.run(
            ReplayOptions(strategy: .onDemand, minimumPasses: 1, maximumPasses: 1, targetSeconds: 0, memoryProbe: probe),
            expected: replay.referenceDigests())
        #expect(record.retainedBytes == 4000)
        // 6,000 − 1,000 held before the warm-up, plus 2,500 at its peak.
        #expect(record.peakBytes == 7500)
        #expect(record.allocationsPerFrame == 0)
        #expect(probe.count("allocatedBytes") == 3)
        #expect(probe.count("peakBytesSinceReset") == 1)
    }

    // MARK: - Timeline and events

    /// Per-frame medians over passes, then the costliest frame of each bucket, by hand.
    @Test func timelineByHand() {
        // Five frames, three passes, pass after pass.
        let costs: [UInt64] = [
            10, 50, 30, 20, 5,
            12, 40, 90, 25, 7,
            11, 45, 35, 1, 6,
        ]
        // Medians per frame: 11, 45, 35, 20, 6.
        #expect(MeasureVisitor.timeline(costs: costs, frames: 5, passes: 3, points: 10) == [11, 45, 35, 20, 6])
        // Two buckets: frames 0..<2 and 2..<5.
        #expect(MeasureVisitor.timeline(costs: costs, frames: 5, passes: 3, points: 2) == [45, 35])
        #expect(MeasureVisitor.timeline(costs: costs, frames: 5, passes: 3, points: 1) == [45])
        // Two passes: the lower of the two middle values. Frame 0: 3, 5 → 3; frame 1: 8, 4 → 4.
        #expect(MeasureVisitor.timeline(costs: [3, 8, 5, 4], frames: 2, passes: 2, points: 5) == [3, 4])
        #expect(MeasureVisitor.timeline(costs: [], frames: 0, passes: 1, points: 5) == [])
    }

    /// The frames of a rotation's events, read from the file itself.
    @Test func eventFramesOfARotationTrace() throws {
        let replay = try Repository.replay("scale-100", "tour-120hz")
        let url = try Repository.plan().traceURL(dataset: "scale-100", trace: "tour-120hz")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let events = try #require(object["events"] as? [[String: Any]])
        #expect(events.map { $0["type"] as? String } == ["resize", "resize"])
        let record = try replay.run(FixtureCheckTests.quick(), expected: replay.referenceDigests())
        #expect(record.eventFrames == events.compactMap { $0["frame"] as? Int })
        #expect(record.eventFrames?.count == 2)
    }

    /// Events sharing a frame show once; a trace without events has none.
    @Test func eventFramesAreDistinctAndSorted() throws {
        let spec = try Self.tinyReplay().spec
        let trace = ScrollTrace(
            name: "edits", refreshHz: 60, viewport: Size(width: 320, height: 480), offsets: Array(repeating: .zero, count: 6),
            events: [
                TraceEvent(frame: 2, .insertItems(section: 0, item: 0, count: 1, sizes: nil)),
                TraceEvent(frame: 2, .reload),
                TraceEvent(frame: 5, .resize(Size(width: 480, height: 320))),
            ])
        let replay = try Replay(spec: spec, trace: trace, tracePath: "edits.json")
        let record = try replay.run(FixtureCheckTests.quick(), expected: replay.referenceDigests())
        #expect(record.eventFrames == [2, 5])
        let still = try Self.tinyReplay()
        #expect(try still.run(FixtureCheckTests.quick(), expected: still.referenceDigests()).eventFrames == nil)
    }
}
