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
///
/// **Slot by slot.** A track whose every size is a multiple of 2⁻¹⁰ and whose end is at most
/// 2⁴² (``exactLimit``) adds up exactly in any order: every partial sum is a whole number
/// of 2⁻¹⁰ below 2⁵³·2⁻¹⁰. Such a track can be turned (``makeSlotBySlot()``, O(n)) into
/// one size per slot with a Fenwick tree of their sums, where one slot's size changes in
/// O(log n) (``setSize(_:of:)``) and `start(i)` and `range(a, b)` cost O(log n): the same
/// bits as the run form of the same sizes, since neither rounds. A typed span grid keeps
/// its rows this way between keystrokes.
struct SpanTrack: Hashable, Sendable {
    /// The first slot of each run, then the number of slots.
    private(set) var firsts: [Int]
    /// Where each run starts, then where the last ends.
    private(set) var origins: [Double]
    /// The size of the slots of each run.
    private(set) var sizes: [Double]

    /// One size per slot, when the track is kept slot by slot (empty otherwise).
    private var slots: [Double] = []
    /// The Fenwick tree of `slots` (1-based: `tree[i]` sums the `i & -i` slots ending at
    /// slot `i − 1`); empty when the track is kept in runs.
    private var tree: [Double] = []
    /// The sum of `slots`.
    private var slotEnd = 0.0

    /// The largest end a track kept slot by slot may reach: 2⁴², with sizes in multiples of
    /// 2⁻¹⁰, so that every sum is a whole number of 2⁻¹⁰ below 2⁵³·2⁻¹⁰, exact.
    static let exactLimit = 4_398_046_511_104.0

    /// Whether `size` is a whole number of 2⁻¹⁰ no larger than ``exactLimit``.
    @inline(__always)
    static func isExact(_ size: Double) -> Bool {
        let scaled = size * 1024
        return size >= 0 && size <= exactLimit && scaled.rounded(.towardZero) == scaled
    }

    /// Whether the track is kept slot by slot (see the type).
    var isSlotBySlot: Bool { !tree.isEmpty }

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
    var count: Int { tree.isEmpty ? firsts[firsts.count - 1] : slots.count }

    /// Where the last slot ends.
    @inline(__always)
    var end: Double { tree.isEmpty ? origins[origins.count - 1] : slotEnd }

    /// The size of slot `i` (`0 ≤ i < count`).
    /// - Complexity: O(1) slot by slot, O(log runs) in runs.
    func size(of i: Int) -> Double {
        tree.isEmpty ? sizes[run(of: i)] : slots[i]
    }

    /// Keeps the track slot by slot (see the type), when every size is exact; returns
    /// whether it is. - Complexity: O(n) once, O(1) when it already is.
    mutating func makeSlotBySlot() -> Bool {
        if !tree.isEmpty { return true }
        guard end <= Self.exactLimit, sizes.allSatisfy(Self.isExact) else { return false }
        let n = count
        var slots: [Double] = []
        slots.reserveCapacity(n)
        for k in sizes.indices {
            for _ in firsts[k]..<firsts[k + 1] { slots.append(sizes[k]) }
        }
        // The linear Fenwick build: each node passes its sum to its parent.
        var tree = [0.0] + slots
        var i = 1
        while i <= n {
            let parent = i + (i & -i)
            if parent <= n { tree[parent] += tree[i] }
            i += 1
        }
        self.slotEnd = end
        self.slots = slots
        self.tree = tree
        return true
    }

    /// Sets the size of slot `i` of a track kept slot by slot, when `size` is exact and the
    /// end stays within ``exactLimit``; returns whether it did (the track is unchanged
    /// otherwise). - Complexity: O(log n). Allocates nothing.
    mutating func setSize(_ size: Double, of i: Int) -> Bool {
        guard !tree.isEmpty, i >= 0, i < slots.count, Self.isExact(size) else { return false }
        // Both are whole numbers of 2⁻¹⁰ below the limit: the difference and every sum are exact.
        let delta = size - slots[i]
        let newEnd = slotEnd + delta
        guard newEnd <= Self.exactLimit else { return false }
        slots[i] = size
        slotEnd = newEnd
        var node = i + 1
        let n = slots.count
        while node <= n {
            tree[node] += delta
            node += node & -node
        }
        return true
    }

    /// The sum of the first `i` slots of a track kept slot by slot (`0 ≤ i ≤ count`).
    @inline(__always)
    private func prefix(_ i: Int) -> Double {
        var sum = 0.0, node = i
        while node > 0 {
            sum += tree[node]
            node &= node - 1
        }
        return sum
    }

    /// The largest `p` with `prefix(p) ≤ v` (`orEqual`) or `< v`, by descending the tree:
    /// the sums compared are exact prefix sums, never `v` less a sum.
    @inline(__always)
    private func lastPrefix(below v: Double, orEqual: Bool) -> Int {
        let n = slots.count
        var step = 1
        while step <= n >> 1 { step <<= 1 }
        var position = 0, sum = 0.0
        while step > 0 {
            let next = position + step
            if next <= n {
                let candidate = sum + tree[next]
                if orEqual ? candidate <= v : candidate < v {
                    position = next
                    sum = candidate
                }
            }
            step >>= 1
        }
        return position
    }

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
        if !tree.isEmpty { return prefix(i) }
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
        if !tree.isEmpty { return lastPrefix(below: a, orEqual: true) }
        var i = guess(a)
        while i > 0 && start(i) > a { i -= 1 }
        while i < count && start(i + 1) <= a { i += 1 }
        return i
    }

    /// The smallest `i` with `start(i) ≥ b` (`count` when none).
    private func firstStarting(atOrAfter b: Double) -> Int {
        guard b > 0 else { return 0 }
        guard b <= end else { return count }
        if !tree.isEmpty { return min(lastPrefix(below: b, orEqual: false) + 1, count) }
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
