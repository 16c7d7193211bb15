import GridCore
import GridHarness
import Testing

/// The `tour` kind, which the scale series replays: jumps anywhere in the content, each
/// followed by a flick, with a rotation a third of the way in and back two thirds in.
@Suite struct TourTraceTests {
    /// scale-10000: 322 sections of 31 tiles (8 rows: 22 + 8·79 + 4 = 658 pt each) and one
    /// of 18 (5 rows: 22 + 5·79 + 4 = 421 pt), so the content is 322·658 + 421 = 212,297 pt
    /// tall at either width (the rows do not depend on it).
    static let contentHeight = 322.0 * 658 + 421

    @Test func rotatesAndComesBack() throws {
        let spec = try BundledDatasets.scale(10_000)
        let seconds = 30.0
        let trace = try TraceGenerator(spec: spec).generate(.init(kind: .tour, seed: 7, refreshHz: 120, seconds: seconds))
        #expect(trace.viewport == Size(width: 320, height: 480))
        #expect(trace.events.map(\.change) == [.resize(Size(width: 480, height: 320)), .resize(Size(width: 320, height: 480))])
        // Each rotation comes before the first gesture that starts after a third (two
        // thirds) of the duration. A gesture lasts at most about 4.1 s: a jump, 0.05 s of
        // hold and 0.05 s of drag, then a fling that, if it reaches an edge, runs on until
        // it slows to 5 pt/s (ln(5/4000)/(1000·ln 0.998) = 3.34 s from 4,000 pt/s) and
        // springs back from at most a viewport's overshoot (480·(1 + 15t)·e^(−15t) < 0.5
        // after 0.61 s).
        let frames = trace.events.map(\.frame)
        #expect(frames[0] >= Int(seconds / 3 * 120) && frames[0] < Int((seconds / 3 + 4.5) * 120))
        #expect(frames[1] >= Int(seconds * 2 / 3 * 120) && frames[1] < Int((seconds * 2 / 3 + 4.5) * 120))
        #expect(frames[1] < trace.frameCount)
    }

    @Test func jumpsCoverTheContent() throws {
        let spec = try BundledDatasets.scale(10_000)
        let trace = try TraceGenerator(spec: spec).generate(.init(kind: .tour, seed: 7, refreshHz: 120, seconds: 20))
        let ys = trace.offsets.map(\.y)
        // The largest offset at rest: upright 480 tall, rotated 320 tall.
        let maxOffset = Self.contentHeight - 480
        #expect(spec.preparedLayoutContentHeight == Self.contentHeight)
        // A flick moves at most 4,000 pt/s, 33⅓ pt a frame at 120 Hz: anything more is a jump.
        let landings = zip(ys, ys.dropFirst()).filter { abs($1 - $0) > 4000.0 / 120 + 0.01 }.map(\.1)
        #expect(landings.count >= 10)
        #expect(landings.contains { $0 > 0.8 * maxOffset })
        #expect(landings.contains { $0 < 0.2 * maxOffset })
        #expect(landings.contains { $0 > 0.4 * maxOffset && $0 < 0.6 * maxOffset })
        // Jumps land inside the content (a flick may then rubber-band past an edge, by
        // less than a viewport).
        for landing in landings { #expect(landing >= 0 && landing <= Self.contentHeight - 320) }
        for y in ys { #expect(y > -480 && y < Self.contentHeight) }
    }
}
