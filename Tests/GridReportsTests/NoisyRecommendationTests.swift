import Foundation
import GridCore
import GridHarness
import GridReports
import Testing

/// The recommendation on measurements with known noise: pass medians made up as a true cost
/// times noise. "10 % noise" is what a shared machine does: its speed drifts by up to ±10 %
/// from round to round, for every strategy measured in the round alike, and each pass has
/// a little noise of its own (±3 %).
@Suite struct NoisyRecommendationTests {
    /// `passes` pass medians of each strategy at each size: the true cost times
    /// `(1 + shared)(1 + own)`, `shared` uniform in ±`noise` per round and `own` in ±`own`
    /// per pass.
    static func scale(
        seed: UInt64, noise: Double, own: Double = 0.03, passes: Int = 12, cached: (Int) -> Double, onDemand: (Int) -> Double,
        retained: (Int) -> Int = { $0 * 48 }
    ) -> [RunRecord] {
        var random = SeededRandom(seed: seed)
        var runs: [RunRecord] = []
        for tiles in Synthetic.scaleSizes {
            var c: [Double] = [], o: [Double] = []
            for _ in 0..<passes {
                let shared = 1 + random.uniform(-noise...noise)
                c.append(cached(tiles) * shared * (1 + random.uniform(-own...own)))
                o.append(onDemand(tiles) * shared * (1 + random.uniform(-own...own)))
            }
            for (strategy, medians, bytes) in [("cached", c, retained(tiles)), ("on-demand", o, 0)] {
                var run = Synthetic.run(
                    strategy, dataset: "scale-\(tiles)", tiles: tiles, trace: "tour-120hz", p50: Bootstrap.median(medians),
                    p99: Bootstrap.median(medians) * 2, prepare: strategy == "cached" ? tiles : 0, retained: bytes)
                run.passMediansNanos = medians
                run.frameNanosP50Interval = Bootstrap.medianInterval(medians)
                runs.append(run)
            }
        }
        return runs
    }

    @Test func equalStrategiesUnderNoiseNeverMakeAThreshold() {
        // Both 1 µs at every size, 10 % noise; memory 1 B a tile never reaches the budget.
        // Every size must come out equivalent, the tie goes to the smaller memory (on
        // demand), and so no threshold: on demand at every size, for every seed.
        for seed in 0..<30 as Range<UInt64> {
            let runs = Self.scale(seed: seed, noise: 0.10, cached: { _ in 1_000 }, onDemand: { _ in 1_000 }, retained: { $0 })
            let answer = ThresholdRule().recommend(runs)
            #expect(answer.evaluations.allSatisfy { $0.comparison.speed == .equivalent }, "seed \(seed)")
            #expect(answer.outcome == .onDemandAtEverySize, "seed \(seed)")
            #expect(answer.threshold == nil)
        }
    }

    @Test func aThirtyPercentDifferenceAlwaysMakesOne() {
        // On demand 30 % slower at every size under 10 % noise: cached is faster beyond the
        // noise everywhere, and caching pays until its memory (48 B a tile) passes 4 MiB at
        // 100,000 tiles (4.8 MB): threshold 100,000, for every seed.
        for seed in 0..<30 as Range<UInt64> {
            let runs = Self.scale(seed: 1_000 + seed, noise: 0.10, cached: { _ in 1_000 }, onDemand: { _ in 1_300 })
            let answer = ThresholdRule().recommend(runs)
            #expect(answer.evaluations.allSatisfy { $0.comparison.speed == .cachedFaster }, "seed \(seed)")
            #expect(answer.outcome == .switchAt(tiles: 100_000), "seed \(seed)")
        }
        // And the other way round: on demand 30 % faster is on demand at every size.
        let faster = ThresholdRule().recommend(Self.scale(seed: 7, noise: 0.10, cached: { _ in 1_300 }, onDemand: { _ in 1_000 }))
        #expect(faster.evaluations.allSatisfy { $0.comparison.speed == .onDemandFaster })
        #expect(faster.outcome == .onDemandAtEverySize)
    }

    @Test func threePercentUnderTenPercentNoiseIsEquivalent() {
        for seed in 0..<30 as Range<UInt64> {
            let runs = Self.scale(seed: 2_000 + seed, noise: 0.10, cached: { _ in 1_000 }, onDemand: { _ in 1_030 })
            let answer = ThresholdRule().recommend(runs)
            #expect(answer.evaluations.allSatisfy { $0.comparison.speed == .equivalent }, "seed \(seed)")
        }
    }

    @Test func instructionsSettleATieBeforeMemory() throws {
        // Equivalent in time; cached runs 20 % fewer instructions a frame: it pays, until
        // memory stops it at 100,000 tiles. Instructions within 5 % fall through to memory.
        var runs = Self.scale(seed: 3, noise: 0.05, cached: { _ in 1_000 }, onDemand: { _ in 1_000 })
        for index in runs.indices { runs[index].instructionsPerFrame = runs[index].strategy == "cached" ? 8_000 : 10_000 }
        let answer = ThresholdRule().recommend(runs)
        #expect(answer.outcome == .switchAt(tiles: 100_000))
        let first = try #require(answer.evaluations.first?.tieBreak)
        #expect(first.basis == .instructions && first.favoursCached)
        #expect(answer.decision.joined().contains("settled by instructions per frame for cached: cached 8,000, on demand 10,000"))

        for index in runs.indices { runs[index].instructionsPerFrame = runs[index].strategy == "cached" ? 9_800 : 10_000 }
        let close = ThresholdRule().recommend(runs)
        #expect(close.evaluations.first?.tieBreak?.basis == .memory)
        #expect(close.outcome == .onDemandAtEverySize)
    }

    @Test func confidenceIsHighWhenClearAndLowAtTheEdge() throws {
        // A 30 % difference: every replicate agrees.
        let clear = ThresholdRule().recommend(Self.scale(seed: 11, noise: 0.05, cached: { _ in 1_000 }, onDemand: { _ in 1_300 }))
        #expect(clear.confidence == 1)
        // A difference right at the edge of the band (10 %) with 10 % noise: the replicates'
        // ratios fall on both sides of 1.1, so they disagree often.
        let edge = ThresholdRule().recommend(Self.scale(seed: 12, noise: 0.10, cached: { _ in 1_000 }, onDemand: { _ in 1_100 }))
        let confidence = try #require(edge.confidence)
        #expect(confidence < 0.9)
        #expect(edge.decision.joined().contains("Confidence: "))
    }
}

@Suite struct BootstrapTests {
    @Test func medianByHand() {
        #expect(Bootstrap.median([3, 1, 2]) == 2)
        #expect(Bootstrap.median([4, 1, 3, 2]) == 2.5)
        #expect(Bootstrap.median([]).isNaN)
    }

    @Test func identicalPassesGiveAPointInterval() throws {
        let interval = try #require(Bootstrap.medianInterval([5, 5, 5, 5]))
        #expect(interval == ConfidenceInterval(low: 5, high: 5))
        // On demand exactly twice cached in every pass: the ratio is 2 in every replicate.
        let ratio = try #require(Bootstrap.ratioInterval([2, 4, 6, 8], [1, 2, 3, 4]))
        #expect(ratio == ConfidenceInterval(low: 2, high: 2))
        #expect(Bootstrap.medianInterval([1]) == nil)
    }

    @Test func theIntervalLiesWithinTheSample() throws {
        // A resampled median is always one of the values or the mean of two of them.
        let values: [Double] = [10, 12, 9, 30, 11, 10.5]
        let interval = try #require(Bootstrap.medianInterval(values))
        #expect(interval.low >= 9 && interval.high <= 30)
        #expect(interval.low <= Bootstrap.median(values) && Bootstrap.median(values) <= interval.high)
    }

    @Test func coverageIsAboutNinetyFivePercent() throws {
        // 200 samples of 15 values uniform in [90, 110] (true median 100): the 95 % interval
        // should hold 100 in about 95 % of them; a percentile bootstrap of a median with 15
        // values runs a little under, so between 85 % and 99 %.
        var random = SeededRandom(seed: 95)
        var covered = 0
        for _ in 0..<200 {
            let values = (0..<15).map { _ in random.uniform(90...110) }
            let interval = try #require(Bootstrap.medianInterval(values, seed: random.next()))
            if interval.low <= 100 && 100 <= interval.high { covered += 1 }
        }
        #expect((170...198).contains(covered), "covered \(covered) of 200")
    }
}

/// Results of three real `gridbench report` runs of the scale series, one after another on
/// this project's 2-core machine while three other builds loaded it (load average about 8),
/// kept as fixtures: the recommendation must come out the same from each.
@Suite struct RecordedRunsTests {
    static func recorded(_ index: Int) throws -> ResultsDocument {
        let url = try #require(Bundle.module.url(forResource: "recorded-scale-\(index)", withExtension: "json", subdirectory: "Fixtures"))
        return try JSONDecoder().decode(ResultsDocument.self, from: Data(contentsOf: url))
    }

    @Test func threeRealRunsGiveOneRecommendation() throws {
        var outcomes: [ThresholdRule.Outcome] = []
        for index in 1...3 {
            let document = try Self.recorded(index)
            let runs = document.runs.filter { $0.trace == "tour-120hz" }
            #expect(runs.count == 12, "run \(index): cached and on demand at 6 sizes")
            #expect(runs.allSatisfy { ($0.passMediansNanos?.count ?? 0) >= 2 }, "run \(index) has its passes")
            outcomes.append(ThresholdRule().recommend(runs).outcome)
        }
        #expect(Set(outcomes).count == 1, "\(outcomes)")
        // What they say: the two are equivalent or on demand wins below 100,000 tiles, and
        // the budgets stop the cache above; on demand at every size.
        #expect(outcomes.first == .onDemandAtEverySize)
    }

    @Test func processesThatDisagreeMakeNoDecision() throws {
        // Three processes of 30 passes each: cached 1 µs in all, on demand 1.0, 1.2 and
        // 1.4 µs. Read as one process, the pooled ratio is 1.2 with a narrow interval:
        // cached faster. Read as three, the interval reaches from about 1.0 to 1.4 and
        // overlaps 1 ± 10 %: equivalent. The processes, not the passes, are the evidence.
        func passes(_ centre: Double) -> [Double] { (0..<30).map { centre + Double($0 - 15) * centre * 1e-3 } }
        var cached = Synthetic.run("cached", p50: 1_000, p99: 2_000)
        var onDemand = Synthetic.run("on-demand", p50: 1_100, p99: 2_200)
        cached.passMediansNanos = passes(1_000) + passes(1_000) + passes(1_000)
        onDemand.passMediansNanos = passes(1_000) + passes(1_200) + passes(1_400)
        let rule = ThresholdRule()
        #expect(rule.compare(cached: cached, onDemand: onDemand).speed == .cachedFaster)
        cached.passesPerProcess = [30, 30, 30]
        onDemand.passesPerProcess = [30, 30, 30]
        let comparison = rule.compare(cached: cached, onDemand: onDemand)
        #expect(comparison.speed == .equivalent)
        let interval = try #require(comparison.interval)
        #expect(interval.low < 1.1 && interval.high > 1.3)
        // Processes that agree (1.2 in each) still make the decision.
        onDemand.passMediansNanos = passes(1_200) + passes(1_200) + passes(1_200)
        #expect(rule.compare(cached: cached, onDemand: onDemand).speed == .cachedFaster)
    }

    @Test func dataSetsThatBudgetsDecideNeedOneProcess() {
        // Budgets by default: prepare 1e9/120/2 ns (4.17 ms), memory 4 MiB; twice each is
        // 8.33 ms and 8 MiB. Only cached's runs count, and only those that passed.
        let runs = [
            Synthetic.run("cached", dataset: "over-prepare", p99: 1, prepare: 8_400_000, retained: 0),
            Synthetic.run("cached", dataset: "under-prepare", p99: 1, prepare: 8_300_000, retained: 0),
            Synthetic.run("cached", dataset: "over-memory", p99: 1, prepare: 0, retained: 8 * 1_048_576 + 1),
            Synthetic.run("cached", dataset: "under-memory", p99: 1, prepare: 0, retained: 8 * 1_048_576),
            Synthetic.run("cached", dataset: "failed", p99: 1, prepare: 9_000_000_000, retained: 0, fixture: .fail),
            Synthetic.run("on-demand", dataset: "on-demand-only", p99: 1, prepare: 9_000_000_000, retained: 1 << 40),
        ]
        #expect(ThresholdRule().datasetsDecidedByBudgets(runs) == ["over-prepare", "over-memory"])
    }

    @Test func aClockTickIsNotADifference() throws {
        // The clock ticks in 10 ns: every pass median of cached falls on 190 ns and of on
        // demand on 200 ns, 5.3 % apart, though the passes' midmeans (which average the
        // middle half of their frames) are 195 and 199 ns, 2 % apart. Compared by medians
        // that is "cached faster" against a band of 1 ± 0.05; by midmeans, equivalent. (A
        // tick is a share of the frame whatever the band: 5 % shows it here.)
        var cached = Synthetic.run("cached", p50: 190, p99: 400)
        var onDemand = Synthetic.run("on-demand", p50: 200, p99: 400)
        cached.passMediansNanos = Array(repeating: 190, count: 12)
        onDemand.passMediansNanos = Array(repeating: 200, count: 12)
        let rule = ThresholdRule(tolerance: 0.05)
        #expect(rule.compare(cached: cached, onDemand: onDemand).speed == .cachedFaster)
        cached.passMidmeansNanos = (0..<12).map { 195 + Double($0 % 3) * 0.1 }
        onDemand.passMidmeansNanos = (0..<12).map { 199 + Double($0 % 4) * 0.1 }
        let comparison = rule.compare(cached: cached, onDemand: onDemand)
        #expect(comparison.speed == .equivalent)
        #expect(abs(comparison.ratio - 199.15 / 195.1) < 0.002)
        #expect(Bootstrap.midmean(ofSorted: [1, 2, 3, 4, 5, 6, 7, 8]) == 4.5)
        #expect(Bootstrap.midmean(ofSorted: [1, 2, 3]) == 2)
        #expect(Bootstrap.midmean(ofSorted: [10, 20, 30, 40, 1_000]) == 30)
    }
}
