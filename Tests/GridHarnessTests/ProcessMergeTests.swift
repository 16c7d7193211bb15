import GridCore
import GridHarness
import Testing

/// Runs measured in several processes: the two-stage bootstrap, and records made one.
@Suite struct ProcessMergeTests {
    /// `count` values around `centre`, a thousandth apart: a process's passes with a little
    /// noise of their own.
    static func passes(_ centre: Double, count: Int = 30) -> [Double] {
        (0..<count).map { centre + Double($0 - count / 2) * centre * 1e-3 }
    }

    @Test func oneProcessIsResampledAsBefore() throws {
        // One group is the one-stage bootstrap, draw for draw (same seed).
        let values = Self.passes(1_000, count: 9)
        #expect(Bootstrap.medianInterval(groups: [values]) == Bootstrap.medianInterval(values))
        let top = Self.passes(1_100, count: 9), bottom = Self.passes(1_000, count: 9).reversed().map { $0 }
        #expect(Bootstrap.ratioReplicates(groups: [(top, bottom)], count: 300) == Bootstrap.ratioReplicates(top, bottom, count: 300))
    }

    @Test func processesThatDisagreeWidenTheInterval() throws {
        // Three processes of 30 passes about 1.0, 1.1 and 1.2 µs. Pooled as one, the
        // median of 90 resampled passes stays inside the middle process's passes (the
        // outer two would need 45 of 90 draws to move it): 1.1 µs ± 1.5 %. Two-stage,
        // all three draws fall on the same process 1 time in 27 (3.7 % > 2.5 %), so the
        // interval reaches each outer process's passes: at most 1.0 µs + 1.5 % below, at
        // least 1.2 µs − 1.5 % above.
        let groups = [Self.passes(1_000), Self.passes(1_100), Self.passes(1_200)]
        let pooled = try #require(Bootstrap.medianInterval(groups.flatMap { $0 }))
        #expect(pooled.low >= 1_100 * 0.985 && pooled.high <= 1_100 * 1.015)
        let twoStage = try #require(Bootstrap.medianInterval(groups: groups))
        #expect(twoStage.low <= 1_000 * 1.015)
        #expect(twoStage.high >= 1_200 * 0.985)

        // The ratio likewise: on demand 1.0, 1.1 and 1.2 times cached's 1 µs in the three
        // processes, paired pass by pass.
        let bottom = Self.passes(1_000)
        let pairs = [(Self.passes(1_000), bottom), (Self.passes(1_100), bottom), (Self.passes(1_200), bottom)]
        let flat = try #require(Bootstrap.ratioInterval(pairs.flatMap(\.0), pairs.flatMap(\.1)))
        #expect(flat.low >= 1.1 * 0.98 && flat.high <= 1.1 * 1.02)
        let ratio = try #require(Bootstrap.ratioInterval(groups: pairs))
        #expect(ratio.low <= 1.0 * 1.02)
        #expect(ratio.high >= 1.2 * 0.98)
    }

    @Test func pairsAreTakenWithinEachProcess() {
        // Process 0 has 3 and 2 passes: 2 pairs; process 1 has none on one side: left out.
        let groups = Bootstrap.pairedGroups([[1, 2, 3], [4, 5]], [[10, 20], []])
        #expect(groups.count == 1)
        #expect(groups[0].top == [1, 2])
        #expect(groups[0].bottom == [10, 20])
    }

    /// A part of a run as one process measured it.
    static func part(
        passMedians: [Double], p50: Double, p99: Double, max: Double, prepare: Int, retained: Int?, hitches: Double,
        floor: Double, allocations: Double? = 0, fixture: FixtureVerdict = .pass, mismatch: Int? = nil, timeline: [Double]? = nil
    ) -> RunRecord {
        RunRecord(
            layout: "tile-grid", strategy: "cached", dataset: "photos-2976", tiles: 2_976, sections: 96, trace: "fling-120hz",
            refreshHz: 120, frames: 600, passes: passMedians.count,
            frameNanos: Percentiles(p50: p50, p90: p50 * 2, p99: p99, p999: p99 * 2, max: max),
            budgetShareP99: p99 / (1e9 / 120), layoutBudgetNanos: 1e9 / 240, hitchesPerPass: hitches, hitchMillisPerSecond: hitches * 10,
            prepareNanos: prepare, retainedBytes: retained, peakBytes: retained.map { $0 * 2 }, allocationsPerFrame: allocations,
            floorNanosP50: floor, floorMultiple: p50 / floor, fixture: fixture, firstMismatchFrame: mismatch, timeline: timeline,
            passMediansNanos: passMedians)
    }

    @Test func partsOfARunMadeOne() throws {
        let a = Self.part(passMedians: [100, 110], p50: 105, p99: 400, max: 9_000, prepare: 50, retained: 1_000, hitches: 1, floor: 50, timeline: [1])
        let b = Self.part(
            passMedians: [300, 310, 320], p50: 310, p99: 900, max: 2_000, prepare: 70, retained: 3_000, hitches: 2, floor: 60,
            allocations: 0.5, fixture: .fail, mismatch: 42, timeline: [2])
        let c = Self.part(passMedians: [200], p50: 200, p99: 600, max: 3_000, prepare: 90, retained: nil, hitches: 4, floor: 40, timeline: [3])
        let merged = try RunRecord.merging([a, b, c])

        #expect(merged.passes == 6)
        #expect(merged.passMediansNanos == [100, 110, 300, 310, 320, 200])
        #expect(merged.passesPerProcess == [2, 3, 1])
        #expect(merged.passMediansByProcess == [[100, 110], [300, 310, 320], [200]])
        // Each percentile: the median of 105, 310, 200 is 200; of 400, 900, 600 is 600.
        #expect(merged.frameNanos.p50 == 200)
        #expect(merged.frameNanos.p90 == 400)
        #expect(merged.frameNanos.p99 == 600)
        #expect(merged.frameNanos.p999 == 1_200)
        #expect(merged.frameNanos.max == 9_000)
        #expect(merged.budgetShareP99 == 600 / (1e9 / 120))
        // Hitches per pass over all 6 passes: (1·2 + 2·3 + 4·1) / 6 = 2.
        #expect(merged.hitchesPerPass == 2)
        #expect(merged.hitchMillisPerSecond == 20)
        #expect(merged.prepareNanos == 70)
        // Retained: the median of the processes that measured it, 1,000 and 3,000.
        #expect(merged.retainedBytes == 2_000)
        #expect(merged.peakBytes == 4_000)
        #expect(merged.allocationsPerFrame == 0.5)
        #expect(merged.floorNanosP50 == 50)
        #expect(merged.floorMultiple == 200.0 / 50)
        #expect(merged.fixture == .fail)
        #expect(merged.firstMismatchFrame == 42)
        // The process whose median is the median of 105, 310 and 200: the third.
        #expect(merged.timeline == [3])
        #expect(merged.frameNanosP50Interval == Bootstrap.medianInterval(groups: [[100, 110], [300, 310, 320], [200]]))
        // Merging merged parts keeps every process's group.
        let again = try RunRecord.merging([merged, a])
        #expect(again.passesPerProcess == [2, 3, 1, 2])
    }

    @Test func chartsComeFromTheProcessWithTheMedianComparedCost() throws {
        // Medians 105, 310, 200 put the third process in the middle; midmeans 150, 120, 400
        // put the first there (120 < 150 < 400). The report compares midmeans: the first's
        // timeline stands for all.
        var a = Self.part(passMedians: [100, 110], p50: 105, p99: 400, max: 9_000, prepare: 50, retained: nil, hitches: 0, floor: 50, timeline: [1])
        var b = Self.part(passMedians: [300, 320], p50: 310, p99: 900, max: 2_000, prepare: 70, retained: nil, hitches: 0, floor: 60, timeline: [2])
        var c = Self.part(passMedians: [200, 200], p50: 200, p99: 600, max: 3_000, prepare: 90, retained: nil, hitches: 0, floor: 40, timeline: [3])
        a.passMidmeansNanos = [150, 150]
        b.passMidmeansNanos = [120, 120]
        c.passMidmeansNanos = [400, 400]
        #expect(a.comparedNanos == 150 && c.medianNanos == 200)
        #expect(try RunRecord.merging([a, b, c]).timeline == [1])
        // Without midmeans, by medians: the third.
        a.passMidmeansNanos = nil
        b.passMidmeansNanos = nil
        c.passMidmeansNanos = nil
        #expect(try RunRecord.merging([a, b, c]).timeline == [3])
    }

    @Test func partsOfDifferentRunsAreRefused() {
        let a = Self.part(passMedians: [1, 2], p50: 1, p99: 2, max: 3, prepare: 0, retained: nil, hitches: 0, floor: 1)
        var b = a
        b.strategy = "on-demand"
        #expect(throws: GridError.self) { try RunRecord.merging([a, b]) }
        #expect(throws: GridError.self) { try RunRecord.merging([]) }
        let document = ResultsDocument(environment: ["build": "release"], runs: [a])
        let other = ResultsDocument(environment: [:], runs: [b])
        do {
            _ = try ResultsDocument.merging([document, other])
            Issue.record("documents of different runs were merged")
        } catch {
            #expect(error.field == "documents[1].runs[0]")
        }
        // A run twice in a later document, once in the first: refused too.
        #expect(throws: GridError.self) { try ResultsDocument.merging([document, ResultsDocument(environment: [:], runs: [a, a])]) }
    }

    @Test func documentsMadeOneSayHowManyProcesses() throws {
        let a = Self.part(passMedians: [1, 2], p50: 1, p99: 2, max: 3, prepare: 0, retained: nil, hitches: 0, floor: 1)
        var other = a
        other.strategy = "on-demand"
        let document = ResultsDocument(environment: ["build": "release"], runs: [a, other])
        let merged = try ResultsDocument.merging([document, document, document])
        #expect(merged.environment == ["build": "release", "processes": "3"])
        #expect(merged.runs.map(\.strategy) == ["cached", "on-demand"])
        #expect(merged.runs.map(\.passesPerProcess) == [[2, 2, 2], [2, 2, 2]])

        // Later processes that measured only some runs: the others keep the first's alone.
        let partial = ResultsDocument(environment: [:], runs: [other])
        let mixed = try ResultsDocument.merging([document, partial, partial])
        #expect(mixed.runs.map(\.strategy) == ["cached", "on-demand"])
        #expect(mixed.runs[0] == a)
        #expect(mixed.runs[1].passesPerProcess == [2, 2, 2])
        #expect(mixed.environment["processes"] == "3")
    }
}
