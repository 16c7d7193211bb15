import GridCore
import GridHarness
import GridReports
import Testing

@Suite struct ThresholdRuleTests {
    /// The tests below compare p99 (the synthetic runs' p50 is 0.8 × p99, so the ratios
    /// are the same either way); the median is the default, tested on its own. Their
    /// figures are worked by hand for a band of 1 ± 0.05; the default band, 1 ± 0.1, has
    /// tests of its own.
    let rule = ThresholdRule(tolerance: 0.05, statistic: .p99)

    @Test func defaultsAreTheBriefs() {
        #expect(ThresholdRule().statistic == .p50)
        #expect(ThresholdRule().tolerance == 0.10)
        #expect(ThresholdRule().instructionTolerance == 0.05)
        // Half a 120 Hz frame: 8,333,333.3 ns / 2.
        #expect(abs(rule.prepareBudgetNanos - 4_166_666.67) < 0.01)
        #expect(rule.memoryBudgetBytes == 4_194_304)
    }

    @Test func memoryDecides() throws {
        // 48 B per tile: 10,000 tiles retain 480,000 B ≤ 4,194,304; 100,000 retain 4,800,000 >.
        // Prepare at 10 ns per tile is 1 ms at 100,000 tiles, under 4.17 ms; on demand is
        // 1.2 µs against cached's 1 µs, 20 % slower, never within 5 %.
        let runs = Synthetic.scale(cachedP99: { _ in 1_000 }, onDemandP99: { _ in 1_200 }, cachedPrepare: { $0 * 10 }, cachedRetained: { $0 * 48 })
        let answer = rule.recommend(runs)
        #expect(answer.outcome == .switchAt(tiles: 100_000))
        #expect(answer.threshold == 100_000)
        let deciding = try #require(answer.deciding)
        #expect(deciding.conditions == [.memoryOverBudget])
        #expect(answer.lastPaying?.tiles == 10_000)
        #expect(answer.evaluations.map(\.tiles) == Synthetic.scaleSizes)
        #expect(answer.skipped.isEmpty)

        // The figures on both sides of the threshold: 4,800,000 B = 4.58 MiB; 480,000 B = 469 KiB.
        let decision = answer.decision.joined(separator: "\n")
        #expect(decision.contains("Caching stops paying at 100,000 tiles (scale-100000), decided by cached's memory over its 4.00 MiB budget"))
        #expect(decision.contains("cached's retained memory 4.58 MiB > budget 4.00 MiB"))
        #expect(decision.contains("At 10,000 tiles (scale-10000), the size below, caching still paid"))
        #expect(decision.contains("cached's retained memory 469 KiB ≤ budget 4.00 MiB"))
        // 1.2 µs / 1 µs = 1.2, above 1.05: cached faster (no passes: the p99s alone).
        #expect(decision.contains("on demand's p99 1.2 × cached's (no passes recorded, so no interval): cached faster"))
        #expect(decision.contains("cached's prepare 100 µs ≤ budget 4.17 ms"))
    }

    @Test func prepareDecides() throws {
        // 5 ns per tile: 1,000,000 tiles take 5 ms > 4.17 ms; 100,000 take 0.5 ms. Memory at
        // 1 B per tile stays under 4 MiB up to 1,000,000 tiles.
        let runs = Synthetic.scale(cachedP99: { _ in 1_000 }, onDemandP99: { _ in 1_200 }, cachedPrepare: { $0 * 5 }, cachedRetained: { $0 })
        let answer = rule.recommend(runs)
        #expect(answer.outcome == .switchAt(tiles: 1_000_000))
        #expect(answer.deciding?.conditions == [.prepareOverBudget])
        #expect(answer.lastPaying?.tiles == 100_000)
        #expect(answer.decision.joined().contains("cached's prepare 5.00 ms > budget 4.17 ms"))
        #expect(answer.decision.joined().contains("cached's prepare 500 µs ≤ budget 4.17 ms"))
    }

    /// The budget is for the frame a cache is rebuilt in, so a warm rebuild, where measured,
    /// is what counts: a cold prepare of 5 ns a tile (5 ms at 1,000,000 tiles) over a warm
    /// rebuild of 2 ns a tile (2 ms) keeps caching within budget there, and a rebuild of
    /// 6 ns a tile puts it over even where the prepare (1 ns a tile) is not.
    @Test func theWarmRebuildIsWhatTheBudgetHolds() throws {
        func withRebuild(_ nanosPerTile: Int, prepare: Int) -> [RunRecord] {
            Synthetic.scale(cachedP99: { _ in 1_000 }, onDemandP99: { _ in 1_200 }, cachedPrepare: { $0 * prepare }, cachedRetained: { $0 })
                .map { run in
                    var run = run
                    if run.strategy == "cached" { run.rebuildNanos = run.tiles * nanosPerTile }
                    return run
                }
        }
        let warm = rule.recommend(withRebuild(2, prepare: 5))
        #expect(warm.outcome != .switchAt(tiles: 1_000_000))
        #expect(!(warm.evaluations.first { $0.tiles == 1_000_000 }?.conditions.contains(.prepareOverBudget) ?? true))
        #expect(warm.decision.joined().contains("cached's rebuild 2.00 ms ≤ budget 4.17 ms"), "\(warm.decision)")
        let slow = rule.recommend(withRebuild(6, prepare: 1))
        #expect(slow.outcome == .switchAt(tiles: 1_000_000))
        #expect(slow.deciding?.conditions == [.prepareOverBudget])
        #expect(slow.decision.joined().contains("cached's rebuild 6.00 ms > budget 4.17 ms"), "\(slow.decision)")
    }

    @Test func onDemandCatchingUpDecides() {
        // On demand 1.2 µs flat. At 1,000 tiles 1.2 / 1.1 = 1.091 > 1.05: cached faster, caching
        // pays; at 10,000 tiles 1.2 / 1.15 = 1.043, within 1 ± 0.05: equivalent, and the tie
        // goes to retained memory (cached 10,000 B, on demand 0 B): it stops.
        let cached: [Int: Double] = [100: 1_000, 1_000: 1_100, 10_000: 1_150, 100_000: 1_300, 1_000_000: 1_400, 10_000_000: 1_500]
        let runs = Synthetic.scale(
            cachedP99: { cached[$0] ?? 0 }, onDemandP99: { _ in 1_200 }, cachedPrepare: { $0 }, cachedRetained: { $0 })
        let answer = rule.recommend(runs)
        #expect(answer.outcome == .switchAt(tiles: 10_000))
        #expect(answer.deciding?.conditions == [.onDemandAsFast])
        let decision = answer.decision.joined()
        #expect(decision.contains("on demand's p99 1.043 × cached's (no passes recorded, so no interval): equivalent within ±5 %"))
        #expect(decision.contains("settled by retained memory for on-demand"))
        #expect(decision.contains("on demand's p99 1.091 × cached's (no passes recorded, so no interval): cached faster"))

        // With the default band, 1 ± 0.1: 1.091 at 1,000 tiles is now within it, equivalent,
        // and the tie goes to memory again; 1.2 at 100 tiles is still above 1.1. Caching
        // stops at 1,000.
        let wide = ThresholdRule(statistic: .p99).recommend(runs)
        #expect(wide.outcome == .switchAt(tiles: 1_000))
        #expect(wide.decision.joined().contains("on demand's p99 1.091 × cached's (no passes recorded, so no interval): equivalent within ±10 %"))
    }

    @Test func severalConditionsAtOnceAreAllNamed() {
        // 50 ns per tile: 100,000 tiles take 5 ms; 48 B per tile: 4.8 MB. Both over budget there.
        let runs = Synthetic.scale(cachedP99: { _ in 1_000 }, onDemandP99: { _ in 1_200 }, cachedPrepare: { $0 * 50 }, cachedRetained: { $0 * 48 })
        let answer = rule.recommend(runs)
        #expect(answer.outcome == .switchAt(tiles: 100_000))
        #expect(answer.deciding?.conditions == [.prepareOverBudget, .memoryOverBudget])
    }

    @Test func atMostMeansEqualStops() {
        // With no tolerance, on demand equal to cached is "at most": caching stops paying.
        let strict = ThresholdRule(tolerance: 0)
        let runs = Synthetic.scale(
            cachedP99: { _ in 1_000 }, onDemandP99: { $0 == 100 ? 1_001 : 1_000 }, cachedPrepare: { _ in 0 }, cachedRetained: { _ in 0 })
        #expect(strict.recommend(runs).outcome == .switchAt(tiles: 1_000))
    }

    @Test func neverPays() throws {
        let runs = Synthetic.scale(cachedP99: { _ in 1_000 }, onDemandP99: { _ in 900 }, cachedPrepare: { $0 }, cachedRetained: { $0 })
        let answer = rule.recommend(runs)
        #expect(answer.outcome == .onDemandAtEverySize)
        #expect(answer.threshold == nil)
        #expect(answer.deciding?.tiles == 100)
        #expect(answer.lastPaying == nil)
        let words = answer.seedComparison(seedThreshold: 400)
        #expect(words.contains("On demand at every size"))
        #expect(words.contains("do not support the seed's 400"))
        #expect(answer.headline(seedThreshold: 400) == "Adaptive's threshold: none, on demand at every size (seed: 400 tiles)")
    }

    @Test func alwaysPays() {
        // A tenth of a nanosecond per tile: 1 ms at 10,000,000 tiles; no memory retained.
        let runs = Synthetic.scale(cachedP99: { _ in 1_000 }, onDemandP99: { _ in 1_200 }, cachedPrepare: { $0 / 10 }, cachedRetained: { _ in 0 })
        let answer = rule.recommend(runs)
        #expect(answer.outcome == .cacheAtEverySize)
        #expect(answer.deciding == nil)
        #expect(answer.lastPaying?.tiles == 10_000_000)
        #expect(answer.seedComparison(seedThreshold: 400).contains("Caching paid at every measured size up to 10,000,000 tiles"))
    }

    @Test func failedFixtureRunsAreExcluded() throws {
        // The memory case (threshold 100,000), plus an on-demand run at 1,000 tiles that is
        // much faster than cached but failed its fixture: counted, it would move the
        // threshold down to 1,000.
        var runs = Synthetic.scale(cachedP99: { _ in 1_000 }, onDemandP99: { _ in 1_200 }, cachedPrepare: { $0 * 10 }, cachedRetained: { $0 * 48 })
        let fast = Synthetic.run("on-demand", dataset: "scale-1000", tiles: 1_000, trace: "tour-120hz", p99: 500, fixture: .fail)
        runs.insert(fast, at: 0)
        var answer = rule.recommend(runs)
        #expect(answer.outcome == .switchAt(tiles: 100_000))
        #expect(answer.evaluations.first { $0.tiles == 1_000 }?.onDemand.frameNanos.p99 == 1_200)

        // With only the failing run at 1,000 tiles, that size is skipped, and says why.
        runs.removeAll { $0.tiles == 1_000 && $0.strategy == "on-demand" && $0.fixture == .pass }
        answer = rule.recommend(runs)
        #expect(answer.outcome == .switchAt(tiles: 100_000))
        #expect(answer.evaluations.map(\.tiles) == [100, 10_000, 100_000, 1_000_000, 10_000_000])
        #expect(answer.skipped == [ThresholdRule.Skipped(tiles: 1_000, dataset: "scale-1000", reason: "on-demand failed its fixture check")])
        #expect(answer.decision.contains("Not judged at 1,000 tiles (scale-1000): on-demand failed its fixture check."))
    }

    @Test func missingPartnersAndOtherStrategies() {
        var runs = Synthetic.scale(cachedP99: { _ in 1_000 }, onDemandP99: { _ in 1_200 }, cachedPrepare: { $0 * 10 }, cachedRetained: { $0 * 48 })
        runs.removeAll { $0.tiles == 100 && $0.strategy == "cached" }
        // A scan run as fast as anything changes nothing: the rule compares cached and on demand.
        runs.append(Synthetic.run("scan", dataset: "scale-1000", tiles: 1_000, trace: "tour-120hz", p99: 1))
        let answer = rule.recommend(runs)
        #expect(answer.skipped.map(\.reason) == ["no cached run"])
        #expect(answer.outcome == .switchAt(tiles: 100_000))
    }

    @Test func noDataAtAll() {
        let answer = rule.recommend([])
        #expect(answer.outcome == .noData)
        #expect(answer.decision.isEmpty)
    }

    @Test func seedComparisonAcrossTheSeed() {
        // Memory at 48 B/tile switches at 100,000 (caching paid at 10,000): 400 is too early.
        let memory = rule.recommend(
            Synthetic.scale(cachedP99: { _ in 1_000 }, onDemandP99: { _ in 1_200 }, cachedPrepare: { $0 * 10 }, cachedRetained: { $0 * 48 }))
        #expect(memory.seedComparison(seedThreshold: 400).contains("switches too early"))
        // 48 kB per tile: 1,000 tiles retain 48 MB, over budget; 100 tiles retain 4.8 MB, also
        // over. 40 kB per tile: 100 tiles keep 4,000,000 B ≤ 4,194,304, 1,000 keep 40 MB.
        let agrees = rule.recommend(
            Synthetic.scale(cachedP99: { _ in 1_000 }, onDemandP99: { _ in 1_200 }, cachedPrepare: { _ in 0 }, cachedRetained: { $0 * 40_000 }))
        #expect(agrees.outcome == .switchAt(tiles: 1_000))
        #expect(agrees.seedComparison(seedThreshold: 400).contains("agree with the seed's 400"))
        #expect(agrees.seedComparison(seedThreshold: 2_000).contains("switches too late"))
    }

    @Test func theMedianIsComparedByDefault() {
        // p99 says on demand is as fast (1,000 ≤ 1.05 × 1,000) at every size, p50 says it is
        // 20 % slower (600 > 1.05 × 500): by default caching pays until memory stops it, at
        // 100,000 tiles (48 B a tile: 4.8 MB > 4 MiB).
        var runs = Synthetic.scale(cachedP99: { _ in 1_000 }, onDemandP99: { _ in 1_000 }, cachedPrepare: { _ in 0 }, cachedRetained: { $0 * 48 })
        for index in runs.indices {
            runs[index].frameNanos.p50 = runs[index].strategy == "cached" ? 500 : 600
        }
        let median = ThresholdRule().recommend(runs)
        #expect(median.outcome == .switchAt(tiles: 100_000))
        // 600 / 500 = 1.2 > 1.05.
        #expect(median.decision.joined().contains("on demand's p50 1.2 × cached's (no passes recorded, so no interval): cached faster"))
        #expect(ThresholdRule().statement.contains("overlaps 1 ± 0.1 the two are equivalent"))
        #expect(ThresholdRule().statement.contains("when they differ by more than 5 %"))
        #expect(rule.recommend(runs).outcome == .onDemandAtEverySize)
    }

    @Test func oneNoisySizeCannotMoveTheThreshold() throws {
        // Caching pays at every size but 1,000, where on demand happens to equal cached;
        // memory stops it at 100,000. The threshold is after the last paying size (10,000),
        // not at the first that did not pay.
        let runs = Synthetic.scale(
            cachedP99: { _ in 1_000 }, onDemandP99: { $0 == 1_000 ? 1_000 : 1_200 }, cachedPrepare: { _ in 0 }, cachedRetained: { $0 * 48 })
        let answer = rule.recommend(runs)
        #expect(answer.outcome == .switchAt(tiles: 100_000))
        #expect(answer.lastPaying?.tiles == 10_000)
        #expect(answer.deciding?.tiles == 100_000)
        #expect(answer.evaluations.first { $0.tiles == 1_000 }?.cachingPays == false)
        #expect(answer.decision.contains {
            $0.hasPrefix("Caching did not pay at 1,000 tiles but paid again at larger sizes")
        })
    }

    @Test func validationNamesTheField() {
        #expect(throws: GridError.invalidParameter("tolerance", -0.5, expected: "a finite number ≥ 0")) {
            try ThresholdRule(tolerance: -0.5).validate()
        }
        #expect(throws: GridError.invalidParameter("rule.memoryBudgetBytes", 0.0, expected: "a finite number > 0")) {
            try ReportOptions(rule: ThresholdRule(memoryBudgetBytes: 0)).validate()
        }
    }
}
