import GridCore
@testable import GridLayouts
import Testing

/// `Track`, the equal slots of a data grid's rows or columns: where each starts and ends,
/// and `range(a, b)`, the slots meeting `[a, b)` found by arithmetic, against brute force.
@Suite("Track")
struct TrackTests {
    /// The slots whose extent `[start, start + length)` meets `[a, b)`, by scanning them
    /// all; an empty extent or an empty `[a, b)` (NaN included) meets nothing.
    func bruteForce(_ track: Track, _ a: Double, _ b: Double) -> [Int] {
        var found: [Int] = []
        var i = 0
        while i < track.count {
            let start = track.start(i), length = track.length(i)
            if a < b && length > 0 && start < b && a < start + length { found.append(i) }
            i += 1
        }
        return found
    }

    /// Bounds worth probing on `track`: every slot's start and end and the ulps either
    /// side, the origin, points far outside, NaN and ±∞, and seeded random points.
    func probes(_ track: Track, seed: UInt64) -> [Double] {
        var points: [Double] = [0, -0.0, track.origin, track.end, -1, -1e300, 1e300, .nan, .infinity, -.infinity,
                                .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude]
        for i in 0..<track.count {
            let start = track.start(i), end = start + track.length(i)
            points += [start.nextDown, start, start.nextUp, end.nextDown, end, end.nextUp, start + track.size / 2]
        }
        var random = SeededRandom(seed: seed)
        for _ in 0..<12 { points.append(random.uniform(-track.size...(track.end + track.size))) }
        return points
    }

    static let origins: [Double] = [0, 0.3, 0.1, 1.0 / 3.0, 22.1, 44, 150, 1000.1]
    static let sizes: [Double] = [238.0 / 3.0, 0.1, 0.3, 1.0 / 3.0, 1.0 / 7.0, 22.1, 44, 150, 0.7, 1e-3]

    @Test(arguments: [0, 1, 2, 3, 7, 30])
    func rangeAgreesWithBruteForce(count: Int) {
        var failures = 0
        var checked = 0
        for origin in Self.origins {
            for size in Self.sizes {
                let track = Track(origin: origin, size: size, count: count)
                let points = probes(track, seed: UInt64(count) &* 977 &+ UInt64(size.bitPattern % 1000))
                for a in points {
                    for b in points {
                        let got = track.range(a, b)
                        let expected = bruteForce(track, a, b)
                        if Array(got) != expected {
                            Issue.record("Track(origin: \(origin), size: \(size), count: \(count)).range(\(a), \(b)) = \(got), brute force \(expected)")
                            failures += 1
                            if failures > 5 { return }
                        }
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 0)
    }

    /// NaN and infinite bounds, worked out: nothing for NaN or an empty interval,
    /// everything for (−∞, ∞), the slots before or after a finite bound.
    @Test func specialBounds() {
        // Slots [10, 20), [20, 30), [30, 40), [40, 50).
        let track = Track(origin: 10, size: 10, count: 4)
        let nan = Double.nan, inf = Double.infinity
        #expect(track.range(-inf, inf) == 0..<4)
        #expect(track.range(-inf, 25) == 0..<2)
        #expect(track.range(25, inf) == 1..<4)
        #expect(track.range(-inf, 10).isEmpty)
        #expect(track.range(50, inf).isEmpty)
        #expect(track.range(nan, 25).isEmpty)
        #expect(track.range(15, nan).isEmpty)
        #expect(track.range(nan, nan).isEmpty)
        #expect(track.range(inf, inf).isEmpty)
        #expect(track.range(-inf, -inf).isEmpty)
        #expect(track.range(30, 30).isEmpty)
        #expect(track.range(35, 25).isEmpty)
        #expect(track.range(30, 30.000000000000004) == 2..<3)
        #expect(track.range(29.999999999999996, 30) == 1..<2)
        #expect(Track(origin: 0, size: 1, count: 0).range(-inf, inf).isEmpty)
    }

    /// Each slot starts at `origin + i·size`; it is `size` long, or shortened to end exactly
    /// at the next slot's start where `start + size` would pass it; none overlaps the next;
    /// the last ends exactly at `end`.
    @Test func slotsStartByFormulaAndTouchWithoutOverlap() {
        var shortened = 0
        for origin in Self.origins {
            for size in Self.sizes {
                for count in [1, 2, 3, 7, 30, 200] {
                    let track = Track(origin: origin, size: size, count: count)
                    #expect(track.end == origin + Double(count) * size)
                    for i in 0..<count {
                        let start = track.start(i), length = track.length(i), next = track.start(i + 1)
                        #expect(start == origin + Double(i) * size)
                        #expect(length > 0 && start + length <= next, "origin \(origin), size \(size), slot \(i) of \(count)")
                        if i < count - 1 {
                            #expect(length <= size)
                            if length < size {
                                shortened += 1
                                #expect(start + length == next, "origin \(origin), size \(size), slot \(i): shortened, yet short of the next")
                            }
                        }
                    }
                    let last = track.start(count - 1) + track.length(count - 1)
                    #expect(last == track.end, "origin \(origin), size \(size), count \(count): the last slot ends at \(last), not \(track.end)")
                }
            }
        }
        #expect(shortened > 0, "some slots really are shortened")
    }

    @Test func lengthFromStartEndingBy() {
        #expect(Track.length(from: 5, endingBy: 5) == 0)
        #expect(Track.length(from: 6, endingBy: 5) == 0)
        #expect(Track.length(from: 0.5, endingBy: 0.6) == 0.6 - 0.5)
        // 0.1 + 0.2 = 0.30000000000000004: from 0.1, ending by 0.3, the length must be
        // below 0.2 so that the sum stays at or below 0.3.
        let d = Track.length(from: 0.1, endingBy: 0.3)
        #expect(0.1 + d <= 0.3 && d < 0.2 && d > 0.19999999999999)
    }

    /// A million slots: a few ranges deep in the track, against brute force over all.
    @Test func aMillionSlots() {
        let track = Track(origin: 0.3, size: 238.0 / 3.0, count: 1_000_000)
        let queries: [(Double, Double)] = [
            (39_666_666, 39_667_146), (0, 480), (track.end - 320, track.end), (track.end - 320, .infinity),
            (track.start(500_000), track.start(500_001)), (track.start(999_999).nextDown, track.start(999_999)),
        ]
        for (a, b) in queries {
            #expect(Array(track.range(a, b)) == bruteForce(track, a, b), "range(\(a), \(b))")
        }
        #expect(track.range(track.start(500_000), track.start(500_001)) == 500_000..<500_001)
    }
}
