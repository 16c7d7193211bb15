import Foundation
import GridCore
@testable import GridHarness
import GridLayouts
import Testing

@Suite struct ScrollPhysicsTests {
    /// The offset formula is the integral of the velocity formula: integrate v(t) numerically
    /// (Simpson's rule) and compare.
    @Test(arguments: [(2000.0, 0.998), (-8000.0, 0.998), (3000.0, 0.99)])
    func offsetIsTheIntegralOfVelocity(v0: Double, d: Double) {
        for t in [0.05, 0.3, 1.0, 2.5] {
            let steps = 2000
            let h = t / Double(steps)
            var sum = 0.0
            for i in 0...steps {
                let weight: Double = (i == 0 || i == steps) ? 1 : (i % 2 == 1 ? 4 : 2)
                sum += weight * ScrollPhysics.velocity(initial: v0, rate: d, at: Double(i) * h)
            }
            let integral = sum * h / 3
            let closedForm = ScrollPhysics.offset(from: 100, initialVelocity: v0, rate: d, at: t) - 100
            #expect(abs(integral - closedForm) < 1e-6 * max(1, abs(integral)), "t = \(t)")
        }
    }

    @Test func velocityFallsByTheRateEachMillisecond() {
        // v(0.001) = v0·d exactly one millisecond in; v(1) = v0·d^1000.
        #expect(abs(ScrollPhysics.velocity(initial: 1000, rate: 0.998, at: 0.001) - 998) < 1e-9)
        #expect(abs(ScrollPhysics.velocity(initial: 1000, rate: 0.99, at: 1) - 1000 * pow(0.99, 1000)) < 1e-9)
    }

    @Test func projectedDistanceIsTheLimit() {
        // −v0/(1000·ln 0.998) = 8000/2.002002… ≈ 3996.0
        let distance = ScrollPhysics.projectedDistance(initialVelocity: 8000, rate: 0.998)
        #expect(abs(distance - 8000 / (-1000 * log(0.998))) < 1e-9)
        #expect(abs(distance - 3996.0) < 0.1)
        let late = ScrollPhysics.offset(from: 0, initialVelocity: 8000, rate: 0.998, at: 60)
        #expect(abs(late - distance) < 1e-6)
    }

    @Test func timeToSlowInvertsVelocity() {
        let t = ScrollPhysics.timeToSlow(initialVelocity: -6000, rate: 0.998, to: 1500)
        #expect(abs(abs(ScrollPhysics.velocity(initial: -6000, rate: 0.998, at: t)) - 1500) < 1e-6)
        #expect(ScrollPhysics.timeToSlow(initialVelocity: 3, rate: 0.998, to: 5) == 0)
    }

    @Test func rubberBand() {
        // b(0) = 0; b(x) < d always; for x = d/0.55, b = (1 − 1/2)·d = d/2;
        // small overshoots move about 0.55 as far as the finger.
        #expect(ScrollPhysics.rubberBand(overshoot: 0, dimension: 480) == 0)
        #expect(abs(ScrollPhysics.rubberBand(overshoot: 480 / 0.55, dimension: 480) - 240) < 1e-9)
        #expect(ScrollPhysics.rubberBand(overshoot: 1e9, dimension: 480) < 480)
        #expect(abs(ScrollPhysics.rubberBand(overshoot: 0.01, dimension: 480) / 0.01 - 0.55) < 1e-4)
    }

    @Test func springBackSettles() {
        #expect(ScrollPhysics.springBack(excess: 100, at: 0) == 100)
        #expect(abs(ScrollPhysics.springBack(excess: 100, at: 1)) < 0.01)
    }
}

@Suite struct TraceGeneratorTests {
    static let photos = try! LayoutSpec(
        name: "photos-2976", parameters: TileGrid.Configuration.chGridView, container: Size(width: 320, height: 480),
        data: DataShape(sections: 96, itemsPerSection: 31))
    static let maxOffset = 96.0 * 658 - 480

    @Test(arguments: TraceGenerator.Kind.allCases)
    func sameSeedSameTrace(kind: TraceGenerator.Kind) throws {
        // An editing or typing session edits a span grid: over the tile grid it is refused.
        if kind == .gridEdits || kind == .typing {
            #expect(throws: GridError.self) { try TraceGenerator(spec: Self.photos).generate(.init(kind: kind, seed: 7, seconds: 5)) }
            let generator = TraceGenerator(spec: try BundledDatasets.timesheet20x40())
            let a = try generator.generate(.init(kind: kind, seed: 7, seconds: 5))
            #expect(a == (try generator.generate(.init(kind: kind, seed: 7, seconds: 5))))
            #expect(a.offsets != (try generator.generate(.init(kind: kind, seed: 8, seconds: 5))).offsets)
            #expect(a.events.count >= 5 && a.events.allSatisfy { if case .layoutEdit = $0.change { $0.frame < a.frameCount } else { false } })
            return
        }
        let generator = TraceGenerator(spec: Self.photos)
        let a = try generator.generate(.init(kind: kind, seed: 7, seconds: 5))
        let b = try generator.generate(.init(kind: kind, seed: 7, seconds: 5))
        let c = try generator.generate(.init(kind: kind, seed: 8, seconds: 5))
        let same = a == b, differs = a.offsets != c.offsets
        #expect(same, "seed 7 twice gave different traces")
        #expect(differs, "seeds 7 and 8 gave the same offsets")
        #expect(a.refreshHz == kind.defaultRefreshHz)
        // Every event applies before a frame that exists, so the trace reads back.
        for event in a.events { #expect(event.frame < a.frameCount) }
        // Offsets never leave the content by more than a viewport (the rubber band's bound).
        for offset in a.offsets {
            #expect(offset.y > -480 && offset.y < Self.maxOffset + 480)
        }
    }

    @Test func flingGoesThroughTheWholeGridAndBack() throws {
        let trace = try TraceGenerator(spec: Self.photos).generate(.init(kind: .fling, seed: 1))
        let ys = trace.offsets.map(\.y)
        let deepest = try #require(ys.max())
        // Reaches the end (a bounce may overshoot it), and comes back to the top.
        #expect(deepest >= Self.maxOffset)
        #expect(try #require(ys.last) == 0)
        let bottom = try #require(ys.firstIndex(of: deepest))
        #expect(ys[bottom...].contains(0))
        // A flick is at most 5,000 pt/s: at 120 Hz no frame moves more than 5000/120 points.
        for (a, b) in zip(ys, ys.dropFirst()) { #expect(abs(b - a) <= 5000.0 / 120 + 0.01) }
    }

    @Test func fastFlingsMoveAt8000PointsPerSecond() throws {
        let trace = try TraceGenerator(spec: Self.photos).generate(.init(kind: .fastFling, seed: 3))
        let steps = zip(trace.offsets, trace.offsets.dropFirst()).map { abs($1.y - $0.y) }
        let fastest = try #require(steps.max())
        // 8000 pt/s at 120 Hz is 66.67 pt per frame; the fastest frame is a drag frame or
        // the first frame of a fling, which is a hair slower.
        #expect(fastest <= 8000.0 / 120 + 0.01)
        #expect(fastest >= 8000.0 / 120 * pow(0.998, 1000.0 / 120) - 0.01)
    }

    /// A fling's frames follow the closed form exactly (up to the 0.001 rounding).
    @Test func flingFramesFollowTheFormula() throws {
        var builder = try TraceBuilder(layout: Self.photos.makeLayout(), data: Self.photos.data, viewport: Self.photos.container, refreshHz: 120)
        builder.jump(to: 10_000)
        builder.fling(velocity: 3000, deceleration: .normal)
        let frames = builder.offsets.dropFirst().map(\.y)
        for (k, y) in frames.prefix(200).enumerated() {
            let t = Double(k + 1) / 120
            let expected = 10_000 + 3000 * (pow(0.998, 1000 * t) - 1) / (1000 * log(0.998))
            #expect(abs(y - expected) <= 0.0005 + 1e-9, "frame \(k + 1)")
        }
        // It stops once slower than 5 pt/s: t = ln(5/3000)/(1000·ln 0.998) ≈ 3.197 s ≈ 384 frames.
        #expect(abs(frames.count - 384) <= 1)
    }

    @Test func dragPastTheTopFollowsTheRubberBandThenSpringsBack() throws {
        var builder = try TraceBuilder(layout: Self.photos.makeLayout(), data: Self.photos.data, viewport: Self.photos.container, refreshHz: 60)
        builder.drag(velocity: -600, seconds: 0.5)  // 30 frames, 10 pt each, from 0
        let ys = builder.offsets.map(\.y)
        for k in 1...30 {
            let expected = -ScrollPhysics.rubberBand(overshoot: Double(k) * 10, dimension: 480)
            #expect(abs(ys[k - 1] - expected) <= 0.0005 + 1e-9)
        }
        #expect(ys.last == 0)
        #expect(ys.dropFirst(30).allSatisfy { $0 <= 0 })
    }

    @Test func rotationResizesAndComesBack() throws {
        let trace = try TraceGenerator(spec: Self.photos).generate(.init(kind: .rotation, seed: 2, seconds: 9))
        #expect(trace.events.map(\.change) == [.resize(Size(width: 480, height: 320)), .resize(Size(width: 320, height: 480))])
        let first = try #require(trace.events.first?.frame)
        #expect(abs(first - 3 * 120) <= 120)
    }

    @Test func editsApplyToTheDataInOrderAndCarrySizesWhenTheDataHasThem() throws {
        var sizes: [Size] = []
        var random = SeededRandom(seed: 9)
        for _ in 0..<(20 * 10) { sizes.append(Size(width: random.uniform(40...160).rounded(), height: random.uniform(40...160).rounded())) }
        let spec = LayoutSpec(
            name: "sized", parameters: TileGrid.Configuration(centersItems: true), container: Size(width: 320, height: 480),
            data: try DataShape(itemCounts: Array(repeating: 10, count: 20), itemSizes: sizes))
        let trace = try TraceGenerator(spec: spec).generate(.init(kind: .edits, seed: 4, seconds: 15))
        #expect(trace.events.count >= 20)
        var data = spec.data
        for event in trace.events {
            data = try event.change.applied(to: data) ?? data
            #expect(data.itemSizes?.count == data.totalItems)
        }
        #expect(Set(trace.events.map(\.change.typeName)).isSuperset(of: ["insert-items", "delete-items"]))
    }

    @Test func refusesBadOptions() {
        let generator = TraceGenerator(spec: Self.photos)
        #expect(throws: GridError.self) { try generator.generate(.init(kind: .drag, refreshHz: 0)) }
        #expect(throws: GridError.self) { try generator.generate(.init(kind: .drag, seconds: .nan)) }
    }

    @Test func writtenTraceReadsBackEqual() throws {
        let trace = try TraceGenerator(spec: Self.photos).generate(.init(kind: .rotation, seed: 5, seconds: 4))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gridbench-trace-\(UInt64.random(in: 0...UInt64.max)).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try trace.write(to: url)
        #expect(try ScrollTrace.load(from: url) == trace)
    }
}

@Suite struct TraceImportTests {
    @Test func resamplesLinearly() throws {
        // Rows at 0, 10, 30 ms; 100 Hz frames at 0, 10, 20, 30 ms.
        // At 20 ms: halfway between (10 ms, 50) and (30 ms, 150) → 100.
        let trace = try TraceImport.csv("timestamp_ms,offset\n0,0\n10,50\n30,150\n", path: "log.csv", refreshHz: 100, viewport: Size(width: 320, height: 480), name: "log")
        #expect(trace.offsets.map(\.y) == [0, 50, 100, 150])
        #expect(trace.refreshHz == 100)
    }

    @Test func sixtyHertzFromIrregularRows() throws {
        // Frames every 16.666… ms; rows at 0 (0), 25 (100), 40 (40).
        // Frame 1 at 16.67 ms: 100·16.67/25 = 66.67. Frame 2 at 33.33 ms: 100 + (40−100)·(8.33/15) = 66.67.
        let trace = try TraceImport.csv("0,0\r\n25,100\r\n\r\n40,40\r\n", path: "log.csv", refreshHz: 60, viewport: Size(width: 320, height: 480), name: "log")
        #expect(trace.offsets.count == 3)
        #expect(abs(trace.offsets[1].y - 200.0 / 3) < 1e-9)
        #expect(abs(trace.offsets[2].y - 200.0 / 3) < 1e-9)
    }

    @Test func aThirdColumnIsTheHorizontalOffset() throws {
        // Rows at 0, 10, 30 ms with x 0, 20, 80; at 20 ms x is halfway: 50.
        let trace = try TraceImport.csv(
            "timestamp_ms,offset,offset_x\n0,0,0\n10,50,20\n30,150,80\n", path: "log.csv", refreshHz: 100,
            viewport: Size(width: 320, height: 480), name: "log")
        #expect(trace.offsets == [Point(x: 0, y: 0), Point(x: 20, y: 50), Point(x: 50, y: 100), Point(x: 80, y: 150)])
    }

    @Test(arguments: [
        ("0,0,1\n5,1,x\n", "line 2.offset_x", "x"),
        ("0,0,1\n5,1,inf\n", "line 2.offset_x", "inf"),
        ("0,0,1\n5,1\n", "line 2", "2 fields"),
        ("0,0\n5,1,3\n", "line 2", "3 fields"),
        ("0,0,1,2\n", "line 1", "4 fields"),
        ("0,0\n5,abc\n", "line 2.offset", "abc"),
        ("0,0\n5,nan\n", "line 2.offset", "nan"),
        ("0,0\n5\n", "line 2", "1 fields"),
        ("0,0\n10,1\n10,2\n", "line 3.timestamp_ms", "10"),
        ("timestamp_ms,offset\n", "(document)", "no rows"),
        ("", "(document)", "no rows"),
    ])
    func refusesBadRows(csv: String, field: String, value: String) {
        #expect {
            try TraceImport.csv(csv, path: "log.csv", refreshHz: 60, viewport: Size(width: 320, height: 480), name: "log")
        } throws: { error in
            guard let error = error as? InputError else { return false }
            return error.file == "log.csv" && error.field == field && error.value == value
        }
    }
}
