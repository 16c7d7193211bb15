import GridCore
@testable import GridLayouts
import Testing

/// The row track kept slot by slot in blocks (issue 29): over thousands of slots, blocks made
/// and not made, seeded sizes set one at a time, every start, size and range search against
/// prefix sums worked slot by slot here (exact: every size a whole number of 2⁻¹⁰).
@Suite struct SpanTrackBlocksTests {
    /// The brute force: slots `i..<j` meeting `[a, b)` where slot `i` spans `[s_i, s_{i+1})`.
    static func range(_ starts: [Double], _ a: Double, _ b: Double) -> Range<Int> {
        let n = starts.count - 1
        guard n > 0, a < b else { return 0..<0 }
        var first = 0
        while first < n && starts[first + 1] <= a { first += 1 }
        var last = 0
        while last < n && starts[last] < b { last += 1 }
        return first..<max(first, last)
    }

    @Test(arguments: 0..<3)
    func blocksAnswerAsPrefixSums(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(5_120 + seed))
        // Runs over 3 to 6 blocks of 512, the last block partial.
        var runs: [(count: Int, size: Double)] = []
        var sizes: [Double] = []
        while sizes.count < 1_600 + seed * 700 {
            let count = random.integer(1...400), size = Double(random.integer(8...40)) + Double(random.integer(0...3)) * 0.25
            runs.append((count, size))
            sizes += Array(repeating: size, count: count)
        }
        var track = SpanTrack(runs: runs)
        let made = track.makeSlotBySlot()
        #expect(made)
        var changed = Set<Int>()
        for step in 0..<120 {
            // Mostly in a few blocks, now and then anywhere (a block made for the first time).
            let i = random.integer(0...3) == 0 ? random.integer(0...(sizes.count - 1)) : random.integer(0...40) + 600
            let size = Double(random.integer(8...90)) + Double(random.integer(0...7)) * 0.125
            let set = track.setSize(size, of: i)
            #expect(set)
            sizes[i] = size
            changed.insert(i >> 9)
            var starts = [0.0]
            for s in sizes { starts.append(starts[starts.count - 1] + s) }
            #expect(track.count == sizes.count && track.end == starts[sizes.count], "step \(step)")
            // Every start and size, in made blocks and in blocks still read from the runs.
            var mismatches = 0
            for j in 0...sizes.count where track.start(j) != starts[j] { mismatches += 1 }
            for j in 0..<sizes.count where track.size(of: j) != sizes[j] { mismatches += 1 }
            #expect(mismatches == 0, "step \(step)")
            // Range searches: edges on slot boundaries, just short of them, and in between.
            for _ in 0..<20 {
                let j = random.integer(0...sizes.count)
                for a in [starts[j], starts[j].nextDown, starts[j] + 0.5] where a >= 0 {
                    let b = a + Double(random.integer(1...900))
                    #expect(track.range(a, b) == Self.range(starts, a, b), "[\(a), \(b)) at step \(step)")
                }
            }
        }
        #expect(changed.count >= 3, "\(changed.count) blocks changed")
    }
}
