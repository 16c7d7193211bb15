/// Slots laid end to end along one axis, their sizes given in runs of equal size: the rows
/// (or columns) of a span grid.
///
/// Slot `i` of run `k` starts at `origins[k] + (i − firsts[k])·sizes[k]`, and run `k + 1`
/// starts where run `k` ends, `origins[k] + count_k·sizes[k]`. For sizes that are binary
/// fractions (whole numbers among them) that is exactly the sum of the sizes before slot
/// `i`; for others it is the same sum evaluated run by run, the same bits for the same
/// sizes however they came about (runs are kept canonical: no two neighbours of one size).
///
/// A slot's extent is `[start(i), start(i + 1))`; frames of cells spanning slots
/// `i..<j` end exactly at `start(j)`, so that neighbours meet without gap or overlap.
///
/// - Complexity: `start(i)` O(log runs); `range(a, b)` O(log runs). Memory O(runs), so
///   100,000 rows of one height cost three numbers.
struct SpanTrack: Hashable, Sendable {
    /// The first slot of each run, then the number of slots.
    private(set) var firsts: [Int]
    /// Where each run starts, then where the last ends.
    private(set) var origins: [Double]
    /// The size of the slots of each run.
    private(set) var sizes: [Double]

    /// No slots.
    static let empty = SpanTrack(firsts: [0], origins: [0], sizes: [])

    private init(firsts: [Int], origins: [Double], sizes: [Double]) {
        self.firsts = firsts
        self.origins = origins
        self.sizes = sizes
    }

    /// Slots in runs of `(count, size)`, from 0; neighbouring runs of one size are joined
    /// and empty runs dropped, so equal slot sizes always give the same track.
    init(runs: [(count: Int, size: Double)]) {
        var firsts: [Int] = [], origins: [Double] = [], sizes: [Double] = []
        firsts.reserveCapacity(runs.count + 1)
        origins.reserveCapacity(runs.count + 1)
        sizes.reserveCapacity(runs.count)
        var counts: [Int] = []
        counts.reserveCapacity(runs.count)
        for run in runs where run.count > 0 {
            if let last = sizes.last, last == run.size {
                counts[counts.count - 1] += run.count
            } else {
                sizes.append(run.size)
                counts.append(run.count)
            }
        }
        var first = 0, origin = 0.0
        for (index, count) in counts.enumerated() {
            firsts.append(first)
            origins.append(origin)
            first += count
            origin = origin + Double(count) * sizes[index]
        }
        firsts.append(first)
        origins.append(origin)
        self.init(firsts: firsts, origins: origins, sizes: sizes)
    }

    /// The number of slots.
    @inline(__always)
    var count: Int { firsts[firsts.count - 1] }

    /// Where the last slot ends.
    @inline(__always)
    var end: Double { origins[origins.count - 1] }

    /// The run holding slot `i` (`0 ≤ i < count`): the last whose first slot is ≤ `i`.
    @inline(__always)
    func run(of i: Int) -> Int {
        var low = 0, high = sizes.count  // firsts[low] ≤ i < firsts[high]
        while high - low > 1 {
            let mid = (low + high) >> 1
            if firsts[mid] <= i { low = mid } else { high = mid }
        }
        return low
    }

    /// Where slot `i` starts; ``end`` for `i ≥ count`, 0 for `i ≤ 0`.
    @inline(__always)
    func start(_ i: Int) -> Double {
        if i >= count { return end }
        if i <= 0 { return 0 }
        let k = sizes.count == 1 ? 0 : run(of: i)
        return origins[k] + Double(i - firsts[k]) * sizes[k]
    }

    /// The length of the frame from `start(i)` to `start(j)` (`i < j`): `start(j) −
    /// start(i)`, chosen so that the frame ends exactly at `start(j)`.
    @inline(__always)
    static func length(from s: Double, to e: Double) -> Double {
        Track.length(from: s, reaching: e)
    }

    /// The slots whose extent `[start(i), start(i + 1))` meets `[a, b)`.
    /// - Complexity: O(log runs).
    func range(_ a: Double, _ b: Double) -> Range<Int> {
        guard count > 0, a < b else { return 0..<0 }  // false for NaN too
        let first = firstEnding(after: a)
        let last = firstStarting(atOrAfter: b)
        return first..<max(first, last)
    }

    /// The smallest `i` with `start(i + 1) > a` (`count` when none).
    private func firstEnding(after a: Double) -> Int {
        guard a >= 0 else { return 0 }
        guard a < end else { return count }
        var i = guess(a)
        while i > 0 && start(i) > a { i -= 1 }
        while i < count && start(i + 1) <= a { i += 1 }
        return i
    }

    /// The smallest `i` with `start(i) ≥ b` (`count` when none).
    private func firstStarting(atOrAfter b: Double) -> Int {
        guard b > 0 else { return 0 }
        guard b <= end else { return count }
        var i = guess(b)
        while i > 0 && start(i - 1) >= b { i -= 1 }
        while i < count && start(i) < b { i += 1 }
        return i
    }

    /// The slot holding `v` by arithmetic in its run: right or a step or two off.
    @inline(__always)
    private func guess(_ v: Double) -> Int {
        var low = 0, high = sizes.count  // origins[low] ≤ v < origins[high]
        while high - low > 1 {
            let mid = (low + high) >> 1
            if origins[mid] <= v { low = mid } else { high = mid }
        }
        let raw = ((v - origins[low]) / sizes[low]).rounded(.down)
        let inRun = firsts[low + 1] - firsts[low]
        let j = raw > 0 ? (raw >= Double(inRun - 1) ? inRun - 1 : Int(raw)) : 0
        return firsts[low] + j
    }
}
