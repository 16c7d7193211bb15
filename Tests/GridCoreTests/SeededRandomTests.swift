import GridCore
import Testing

@Suite("SeededRandom")
struct SeededRandomTests {
    /// SplitMix64's published first outputs for seed 0 (Vigna's splitmix64.c, which also
    /// seeds xoshiro256**: its documented state from seed 0 is these words).
    @Test func seedZeroGivesTheReferenceSplitMix64Outputs() {
        var random = SeededRandom(seed: 0)
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(random.next() == 0x06C4_5D18_8009_454F)
        #expect(random.next() == 0xF88B_B8A8_724C_81EC)
    }

    @Test func theSameSeedGivesTheSameSequence() {
        for seed: UInt64 in [0, 1, 42, 0xDEAD_BEEF, .max] {
            var a = SeededRandom(seed: seed)
            var b = SeededRandom(seed: seed)
            for index in 0..<1000 where a.next() != b.next() {
                Issue.record("seed \(seed) diverges at draw \(index)")
                break
            }
            // A generator copied mid-sequence continues identically.
            var c = a
            #expect((0..<10).map { _ in a.next() } == (0..<10).map { _ in c.next() })
        }
    }

    @Test func differentSeedsGiveDifferentSequences() {
        var firsts = Set<UInt64>()
        for seed: UInt64 in 0..<1000 {
            var random = SeededRandom(seed: seed)
            firsts.insert(random.next())
        }
        #expect(firsts.count == 1000)
    }

    @Test func uniformIsBuiltFromTheTop53Bits() {
        // 0xE220A8397B1DCDAF >> 11 = 7956156453446585; / 2⁵³ = 0.8833108082136426
        var random = SeededRandom(seed: 0)
        #expect(random.uniform(0...1) == 0.8833108082136426)
        // (0x6E789E6AA1B965F4 >> 11) / 2⁵³ = 0.43152799704850997
        #expect(random.uniform(0...1) == 0.43152799704850997)
        var scaled = SeededRandom(seed: 0)
        // 10 + 10 · 0.8833108082136426 = 18.833108082136427 (rounded to a double)
        #expect(scaled.uniform(10...20) == 18.833108082136427)
    }

    @Test(arguments: [0.0...1.0, -5.0...5.0, 1e-9...2e-9, -1e6...(-1e6 + 0.001), 3.0...3.0, -1e300...1e300])
    func uniformStaysWithinItsRange(_ range: ClosedRange<Double>) {
        var random = SeededRandom(seed: 99)
        var low = Double.infinity, high = -Double.infinity
        for draw in 0..<20_000 {
            let value = random.uniform(range)
            if !range.contains(value) {
                Issue.record("seed 99, draw \(draw): \(value) outside \(range)")
                return
            }
            low = min(low, value)
            high = max(high, value)
        }
        // 20,000 draws cover the range: none of its tenths is missed at either end.
        let tenth = (range.upperBound / 10 - range.lowerBound / 10)
        #expect(low <= range.lowerBound + tenth, "lowest \(low) in \(range)")
        #expect(high >= range.upperBound - tenth, "highest \(high) in \(range)")
    }

    @Test func uniformMeanIsNearTheMiddle() {
        var random = SeededRandom(seed: 5)
        var sum = 0.0
        for _ in 0..<100_000 { sum += random.uniform(0...1) }
        // The mean of 100,000 uniform draws has standard deviation 1/√(12·100,000) ≈ 0.0009.
        #expect(abs(sum / 100_000 - 0.5) < 0.01)
    }

    @Test(arguments: [0...9, -3...3, 7...7, 1_000_000...1_000_015])
    func integerCoversItsRangeAndStaysInIt(_ range: ClosedRange<Int>) {
        var random = SeededRandom(seed: 11)
        var seen = Set<Int>()
        for draw in 0..<2000 {
            let value = random.integer(range)
            if !range.contains(value) {
                Issue.record("seed 11, draw \(draw): \(value) outside \(range)")
                return
            }
            seen.insert(value)
        }
        #expect(seen.count == range.count, "every value of \(range) drawn")
    }

    /// Ranges wider than `Int.max` (the full range included) are valid ranges and must
    /// neither trap nor leave the range.
    @Test(arguments: [Int.min...Int.max, -1...Int.max, Int.min...0, (Int.min + 5)...(Int.max - 5)])
    func integerHandlesRangesOfAnyWidth(_ range: ClosedRange<Int>) {
        var random = SeededRandom(seed: 13)
        var below = 0, above = 0
        let middle = range.lowerBound / 2 + range.upperBound / 2
        for draw in 0..<2000 {
            let value = random.integer(range)
            if !range.contains(value) {
                Issue.record("seed 13, draw \(draw): \(value) outside \(range)")
                return
            }
            if value < middle { below += 1 } else if value > middle { above += 1 }
        }
        #expect(below > 800 && above > 800, "\(range): \(below) below and \(above) above the middle")
    }

    @Test func integerReachesBothEndsOfInt() {
        var random = SeededRandom(seed: 19)
        var low = Set<Int>(), high = Set<Int>()
        for _ in 0..<200 {
            low.insert(random.integer(Int.min...(Int.min + 1)))
            high.insert(random.integer((Int.max - 2)...Int.max))
        }
        #expect(low == [Int.min, Int.min + 1])
        #expect(high == [Int.max - 2, Int.max - 1, Int.max])
    }

    /// A range whose width overflows a double (−max…max) still gives finite values inside it.
    @Test func uniformHandlesRangesWiderThanTheLargestDouble() {
        let max = Double.greatestFiniteMagnitude
        for range in [-max...max, -max...0, (-max / 2)...max] {
            var random = SeededRandom(seed: 17)
            var below = 0, above = 0
            let middle = range.lowerBound / 2 + range.upperBound / 2
            for draw in 0..<2000 {
                let value = random.uniform(range)
                if !value.isFinite || !range.contains(value) {
                    Issue.record("seed 17, draw \(draw): \(value) outside \(range)")
                    return
                }
                if value < middle { below += 1 } else { above += 1 }
            }
            #expect(below > 800 && above > 800, "\(range): \(below) below and \(above) above the middle")
        }
    }

    @Test func worksAsTheStandardLibrarysGenerator() {
        var a = SeededRandom(seed: 3)
        var b = SeededRandom(seed: 3)
        let x = (0..<50).map { _ in Int.random(in: 0..<100, using: &a) }
        let y = (0..<50).map { _ in Int.random(in: 0..<100, using: &b) }
        #expect(x == y)
        #expect(Set(x).count > 10)
    }
}
