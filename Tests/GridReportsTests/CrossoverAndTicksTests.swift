import Foundation
import GridReports
import Testing

@Suite struct CrossoverTests {
    @Test func symmetricCrossingIsHalfwayInLogSpace() throws {
        // a − b in log space: log(1000/2000) = −log 2 at 100, log(1000/500) = +log 2 at 1000,
        // so t = 1/2 and x = 10^2.5 = 316.23; a is flat, so y = 1000.
        let crossings = Crossover.crossings([(100, 1_000), (1_000, 1_000)], [(100, 2_000), (1_000, 500)])
        let crossing = try #require(crossings.first)
        #expect(crossings.count == 1)
        #expect(abs(crossing.x - 316.227_766) < 1e-4)
        #expect(abs(crossing.y - 1_000) < 1e-9)
        #expect(crossing.firstIsCheaperBelow)
    }

    @Test func asymmetricCrossingByHand() throws {
        // a: 1 µs at 100 tiles, 4 µs at 1,000; b flat at 3 µs. The difference in log10 goes
        // from log(1/3) to log(4/3), so t = log 3 / (log 3 + log 4/3) = log 3 / log 4 and
        // x = 100 · 10^t. On a's segment y = 1000 · 4^t = 3000, b's value, as it must.
        let crossing = try #require(Crossover.crossings([(100, 1_000), (1_000, 4_000)], [(100, 3_000), (1_000, 3_000)]).first)
        let t = log(3.0) / log(4.0)
        #expect(abs(crossing.x - 100 * pow(10, t)) < 1e-6)
        #expect(abs(crossing.x - 620.13) < 0.01)
        #expect(abs(crossing.y - 3_000) < 1e-6)
        #expect(crossing.firstIsCheaperBelow)
    }

    @Test func parallelCurvesDoNotCross() {
        #expect(Crossover.crossings([(100, 1_000), (1_000, 1_000), (10_000, 1_000)], [(100, 1_200), (1_000, 1_200), (10_000, 1_200)]).isEmpty)
    }

    @Test func onlySharedSizesCountAndOrderDoesNot() throws {
        // b has no point at 1,000, so the segment runs from 100 to 10,000: t = 1/2, x = 1,000.
        let crossing = try #require(
            Crossover.crossings([(10_000, 100), (1_000, 5), (100, 10)], [(100, 1), (10_000, 1_000)]).first)
        #expect(abs(crossing.x - 1_000) < 1e-9)
        // a − b goes from + (10 > 1) to − (100 < 1000): a is the dearer one below.
        #expect(!crossing.firstIsCheaperBelow)
    }

    @Test func tiesCrossOnlyWhenTheOrderSwaps() {
        // Equal at 1,000 and 10,000, a below before and above after: one crossing, at 1,000.
        let swap = Crossover.crossings(
            [(100, 1), (1_000, 5), (10_000, 5), (100_000, 9)], [(100, 2), (1_000, 5), (10_000, 5), (100_000, 8)])
        #expect(swap.map(\.x) == [1_000])
        // Touching and going back is no crossing.
        #expect(Crossover.crossings([(100, 1), (1_000, 5), (10_000, 1)], [(100, 2), (1_000, 5), (10_000, 2)]).isEmpty)
    }

    @Test func twoCrossings() {
        let crossings = Crossover.crossings([(100, 1), (1_000, 10), (10_000, 1)], [(100, 10), (1_000, 1), (10_000, 10)])
        // Both halfway in log space: 10^2.5 and 10^3.5.
        #expect(crossings.count == 2)
        #expect(abs(crossings[0].x - pow(10, 2.5)) < 1e-6)
        #expect(abs(crossings[1].x - pow(10, 3.5)) < 1e-6)
        #expect(crossings[0].firstIsCheaperBelow && !crossings[1].firstIsCheaperBelow)
    }
}

@Suite struct TickTests {
    @Test func decadeDomainCoversTheValues() {
        #expect(ChartTicks.decadeDomain(covering: [1_500, 2.3e6]) == 1e3...1e7)
        #expect(ChartTicks.decadeDomain(covering: [100, 10_000_000]) == 1e2...1e7)
        // One value on a decade: a decade above it.
        #expect(ChartTicks.decadeDomain(covering: [1_000, 1_000]) == 1e3...1e4)
        #expect(ChartTicks.decadeDomain(covering: [0, -5, .nan]) == 1...10)
        #expect(ChartTicks.decadeDomain(covering: [0.5, 20]) == 0.1...100)
    }

    /// Decades beyond 1e-308...1e308 are 0 or ∞ as doubles (10^-324 underflows, 10^309
    /// overflows), and a log axis from 0 or to ∞ places points at NaN: the domain stops at
    /// those decades, and every finite value's position on it is a number.
    @Test func decadeDomainStaysFinite() {
        // 10^±308 as the product of 308 tens (correct to a few ulps, not to the last bit).
        let low = ChartTicks.decadeDomain(covering: [Double.leastNonzeroMagnitude, 1_000])
        #expect(abs(low.lowerBound / 1e-308 - 1) < 1e-12 && low.upperBound == 1e3, "\(low)")
        let high = ChartTicks.decadeDomain(covering: [1, .greatestFiniteMagnitude])
        #expect(high.lowerBound == 1 && abs(high.upperBound / 1e308 - 1) < 1e-12, "\(high)")
        for values in [[Double.leastNonzeroMagnitude, 1_000], [1, .greatestFiniteMagnitude], [Double.leastNonzeroMagnitude, .greatestFiniteMagnitude]] {
            let axis = ChartAxis(title: "t", scale: .log, domain: ChartTicks.decadeDomain(covering: values), ticks: [])
            for value in values { #expect(!axis.fraction(value).isNaN, "\(values): \(value)") }
        }
    }

    @Test func timeAxisTicksAreLabelledInUnits() {
        let axis = ChartAxis.logDuration(title: "cost", covering: [1_500, 2.3e6])
        #expect(axis.ticks.map(\.value) == [1e3, 1e4, 1e5, 1e6, 1e7])
        #expect(axis.ticks.map(\.label) == ["1 µs", "10 µs", "100 µs", "1 ms", "10 ms"])
    }

    @Test func narrowAxesGetTwosAndFives() {
        let axis = ChartAxis.logDuration(title: "cost", covering: [1_000, 1_200])
        #expect(axis.domain == 1e3...1e4)
        #expect(axis.ticks.map(\.label) == ["1 µs", "2 µs", "5 µs", "10 µs"])
        #expect(ChartTicks.logTicks(in: 10...1_000) == [10, 20, 50, 100, 200, 500, 1_000])
        // Three decades and more: decades only.
        #expect(ChartTicks.logTicks(in: 10...10_000) == [10, 100, 1_000, 10_000])
    }

    @Test func tileAxisTicks() {
        let axis = ChartAxis.logCount(title: "tiles", covering: [100, 10_000_000])
        #expect(axis.ticks.map(\.label) == ["100", "1k", "10k", "100k", "1M", "10M"])
    }

    @Test func byteAxisTicksAreBinary() {
        // 4,800 B to 480 MB: from 1 KiB (≤ 4,800) to 1 GiB (the first tick ≥ 480,000,000).
        let axis = ChartAxis.logBytes(title: "bytes", covering: [4_800, 480_000_000])
        #expect(axis.ticks.map(\.value) == [1_024, 10_240, 102_400, 1_048_576, 10_485_760, 104_857_600, 1_073_741_824])
        #expect(axis.ticks.map(\.label) == ["1 KiB", "10 KiB", "100 KiB", "1 MiB", "10 MiB", "100 MiB", "1 GiB"])
        #expect(ChartTicks.binaryTicks(covering: [1_024]) == [1_024, 10_240])
    }

    @Test func linearTicksAreRound() {
        let (domain, ticks) = ChartTicks.linear(from: 0, to: 2.35)
        #expect(ticks == [0, 0.5, 1, 1.5, 2, 2.5])
        #expect(domain == 0...2.5)
        #expect(ChartTicks.linear(from: 0, to: 7.5).ticks == [0, 2, 4, 6, 8])
        #expect(ChartTicks.linear(from: 0, to: 0.3).ticks == [0, 0.1, 0.2, 0.3])
    }

    @Test func ninesAxisSpacesEachNineEvenly() {
        let axis = ChartAxis.nines(title: "percentile")
        #expect(axis.ticks.map(\.label) == ["p50", "p90", "p99", "p99.9", "p99.99"])
        // Positions −log10(1 − p): p50 → log10 2, p90 → 1, p99 → 2, p99.9 → 3, p99.99 → 4.
        let span = 4 - log10(2.0)
        #expect(abs(axis.fraction(50)) < 1e-9)
        #expect(abs(axis.fraction(90) - (1 - log10(2.0)) / span) < 1e-9)
        #expect(abs(axis.fraction(99) - (2 - log10(2.0)) / span) < 1e-9)
        #expect(abs(axis.fraction(99.9) - (3 - log10(2.0)) / span) < 1e-9)
        #expect(abs(axis.fraction(99.99) - 1) < 1e-9)
    }

    @Test func logAxisFraction() {
        let axis = ChartAxis.logCount(title: "tiles", covering: [100, 10_000_000])
        #expect(abs(axis.fraction(100)) < 1e-12)
        #expect(abs(axis.fraction(10_000) - 0.4) < 1e-12)
        #expect(abs(axis.fraction(316.227_766_016_838) - 0.1) < 1e-9)
        #expect(!axis.contains(0) && !axis.contains(50) && axis.contains(1e7))
    }
}
