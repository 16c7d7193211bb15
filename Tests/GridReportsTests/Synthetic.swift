import Foundation
import GridHarness

/// Results documents made up for tests, with figures simple enough to work out by hand.
enum Synthetic {
    static let scaleSizes = [100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000]
    static let budget120 = 1e9 / 120

    /// A run whose percentiles are all derived from `p50` and `p99` unless given.
    static func run(
        _ strategy: String, dataset: String = "photos-2976", tiles: Int = 2_976, sections: Int = 96, trace: String = "fling-120hz",
        refreshHz: Int = 120, frames: Int = 600, p50: Double = 1_000, p90: Double? = nil, p99: Double, p999: Double? = nil,
        max: Double? = nil, prepare: Int = 0, retained: Int? = nil, allocations: Double? = 0, floorMultiple: Double = 2,
        hitch: Double = 0, fixture: FixtureVerdict = .pass, mismatch: Int? = nil, adaptiveChoice: String? = nil,
        distribution: [PercentilePoint]? = nil, timeline: [Double]? = nil
    ) -> RunRecord {
        RunRecord(
            layout: "tile-grid", strategy: strategy, adaptiveChoice: adaptiveChoice, dataset: dataset, tiles: tiles, sections: sections,
            trace: trace, refreshHz: refreshHz, frames: frames, passes: 5,
            frameNanos: Percentiles(p50: p50, p90: p90 ?? p50, p99: p99, p999: p999 ?? p99, max: max ?? p99),
            budgetShareP99: p99 / (1e9 / Double(refreshHz)), layoutBudgetNanos: 1e9 / Double(refreshHz) / 2, hitchesPerPass: 0,
            hitchMillisPerSecond: hitch, prepareNanos: prepare, retainedBytes: retained, peakBytes: retained, allocationsPerFrame: allocations,
            floorNanosP50: 100, floorMultiple: floorMultiple, fixture: fixture, firstMismatchFrame: mismatch,
            distribution: distribution, timeline: timeline)
    }

    /// The scale series of `cached` and `on-demand`, with the figures per tile count given
    /// as functions of the tile count.
    static func scale(
        cachedP99: (Int) -> Double, onDemandP99: (Int) -> Double, cachedPrepare: (Int) -> Int, cachedRetained: (Int) -> Int?,
        sizes: [Int] = scaleSizes
    ) -> [RunRecord] {
        sizes.flatMap { tiles in
            [
                run(
                    "cached", dataset: "scale-\(tiles)", tiles: tiles, trace: "tour-120hz", p50: cachedP99(tiles) * 0.8,
                    p99: cachedP99(tiles), prepare: cachedPrepare(tiles), retained: cachedRetained(tiles)),
                run(
                    "on-demand", dataset: "scale-\(tiles)", tiles: tiles, trace: "tour-120hz", p50: onDemandP99(tiles) * 0.8,
                    p99: onDemandP99(tiles), prepare: 0, retained: 0),
            ]
        }
    }

    /// The brief's example: cached flat 1 µs retaining 48 B per tile and preparing at
    /// 10 ns per tile, on demand flat 1.2 µs retaining nothing, scan growing linearly
    /// (0.5 µs + 2 ns per tile), adaptive choosing cached below 100,000 tiles.
    static func scaleSeries() -> [RunRecord] {
        var runs = scale(cachedP99: { _ in 1_000 }, onDemandP99: { _ in 1_200 }, cachedPrepare: { $0 * 10 }, cachedRetained: { $0 * 48 })
        for tiles in scaleSizes {
            runs.append(
                run("scan", dataset: "scale-\(tiles)", tiles: tiles, trace: "tour-120hz", p50: 400 + 1.6 * Double(tiles),
                    p99: 500 + 2 * Double(tiles), prepare: tiles * 8, retained: tiles * 40))
            let cached = tiles < 100_000
            runs.append(
                run("adaptive", dataset: "scale-\(tiles)", tiles: tiles, trace: "tour-120hz", p50: cached ? 820 : 980,
                    p99: cached ? 1_020 : 1_210, prepare: cached ? tiles * 10 : 0, retained: cached ? tiles * 48 : 0,
                    adaptiveChoice: cached ? "cached" : "on-demand"))
        }
        return runs
    }

    /// A whole report's worth: the canonical data set over three traces (one run failing
    /// its fixture), a second data set, and the scale series.
    static func document(canonicalDataset: String = "photos-2976", failing: Bool = true) -> ResultsDocument {
        var runs: [RunRecord] = []
        let strategies: [(String, Double, String?)] = [("cached", 1.0, nil), ("scan", 24.0, nil), ("on-demand", 1.2, nil), ("adaptive", 1.02, "cached")]
        for (trace, hz, frames) in [("fling-120hz", 120, 600), ("slow-drag-60hz", 60, 900), ("rotation-120hz", 120, 480)] {
            for (strategy, factor, choice) in strategies {
                let base = 1_000 * factor
                let distribution = [50, 60, 70, 80, 90, 95, 99, 99.5, 99.9, 99.95, 99.99, 100].map { p in
                    PercentilePoint(percentile: p, nanos: base * (1 + 4 * pow10Fraction(p)))
                }
                let rotates = trace == "rotation-120hz"
                let timeline = (0..<120).map { (index: Int) -> Double in
                    let factor: Double = rotates && index % 40 == 20 ? 30 : 1 + 0.1 * Double(index % 7)
                    return base * factor
                }
                let fails = failing && trace == "slow-drag-60hz" && strategy == "scan"
                runs.append(
                    run(strategy, dataset: canonicalDataset, trace: trace, refreshHz: hz, frames: frames, p50: base, p90: base * 1.3,
                        p99: base * 2, p999: base * 3.5, max: base * 9, prepare: strategy == "on-demand" ? 2_000 : 142_848,
                        retained: strategy == "on-demand" ? 0 : 142_848, allocations: 0, floorMultiple: factor * 3,
                        fixture: fails ? .fail : .pass, mismatch: fails ? 17 : nil, adaptiveChoice: choice,
                        distribution: distribution, timeline: timeline))
            }
        }
        for (strategy, factor, choice) in strategies {
            runs.append(
                run(strategy, dataset: "mixed-3000", tiles: 3_000, trace: "fling-120hz", p50: 1_100 * factor, p99: 2_300 * factor,
                    prepare: 150_000, retained: 144_000, adaptiveChoice: choice))
        }
        runs += scaleSeries()
        return ResultsDocument(environment: ["configuration": "release", "clock": "monotonic", "memory": "jemalloc"], runs: runs)
    }

    /// A quickly rising tail: 0 at p50, 1 at p99.99 and beyond.
    private static func pow10Fraction(_ p: Double) -> Double {
        let nines = Swift.min(-log10(Swift.max(1 - p / 100, 1e-4)), 4)
        let share = (nines - log10(2)) / (4 - log10(2))
        return share * share
    }
}
