import Benchmark
import GridCore
import GridHarness
import GridLayouts
import GridStrategies
import GridViewport

/// Issue 2's performance targets, measured:
///
/// - one viewport frame (query, diff, reuse) over CHGridView's data set along the bundled
///   fling trace, per strategy: median ≤ 2 µs for on demand and cached, scan several times
///   slower;
/// - the same gesture over 2,976 and 10,000,000 tiles on demand: within 1.5×;
/// - cached prepare at 2,976 tiles (≤ 60 µs) and 1,000,000 (≤ 25 ms); on demand's prepare at
///   10,000,000 tiles, which keeps O(sections);
/// - allocations per steady-state frame: 0 (mallocCountTotal, per frame).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        timeUnits: .nanoseconds,
        warmupIterations: 3,
        maxDuration: .seconds(2),
        maxIterations: 10_000)

    // Frame by frame along the bundled fling through CHGridView's whole grid and back.
    for strategy in StrategyKind.allCases {
        let frames = FrameLoop(tiles: 2_976, strategy: strategy, gesture: .bundledFling)
        Benchmark(
            "Frame · \(strategy.rawValue) · photos-2976 fling",
            configuration: .init(scalingFactor: .kilo),
            closure: { benchmark in
                for _ in benchmark.scaledIterations { blackHole(frames.next()) }
            },
            setup: { try frames.load() },
            teardown: { frames.unload() })
    }

    // The same steady scroll (25 pt a frame, 3,000 pt/s at 120 Hz) from the middle of the
    // content, at 2,976 and at 10,000,000 tiles: the cost of a frame must not grow with the
    // data on demand.
    for tiles in [2_976, 10_000_000] {
        let frames = FrameLoop(tiles: tiles, strategy: .onDemand, gesture: .steadyFromMiddle)
        Benchmark(
            "Frame · on-demand · \(tiles) tiles steady scroll",
            configuration: .init(scalingFactor: .kilo),
            closure: { benchmark in
                for _ in benchmark.scaledIterations { blackHole(frames.next()) }
            },
            setup: { try frames.load() },
            teardown: { frames.unload() })
    }

    // Prepare: the cached strategy builds its whole cache; on demand keeps a top per section.
    for (tiles, strategy) in [(2_976, StrategyKind.cached), (1_000_000, .cached), (10_000_000, .onDemand)] {
        let data = Lazy { try BundledDatasets.scale(tiles).data }
        Benchmark(
            "Prepare · \(strategy.rawValue) · \(tiles) tiles",
            configuration: .init(
                metrics: [.wallClock, .mallocCountTotal, .peakMemoryResidentDelta],
                maxDuration: .seconds(3), maxIterations: tiles > 100_000 ? 40 : 5_000),
            closure: { benchmark in
                let shape = try data.value()
                var layout = try strategy.wrap(TileGrid())
                benchmark.startMeasurement()
                try layout.prepare(data: shape, container: Size(width: 320, height: 480))
                benchmark.stopMeasurement()
                blackHole(layout)
            },
            setup: { _ = try data.value() })
    }
}
