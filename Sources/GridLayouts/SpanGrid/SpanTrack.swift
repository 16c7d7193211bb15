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
/// of 2⁻¹⁰ below 2⁵³·2⁻¹⁰. Such a track can be turned (``makeSlotBySlot()``,
/// O((n/B) log runs)) into blocks of ``blockSize`` slots, each holding its slots' running
/// sums from the block's start (made when one of its slots first changes; until then read
/// from the runs), with a Fenwick tree of the blocks' sums: one slot's size changes in
/// O(B + log(n/B)) (``setSize(_:of:)``: the block's later running sums and the tree),
/// `start(i)` costs O(log(n/B) + log runs) and `range(a, b)` O(log(n/B) + log B · log runs),
/// the same bits as the run form of the same sizes, since no sum rounds. Memory O(n/B + B·b)
/// for b blocks changed. A typed span grid keeps its rows this way between keystrokes.
///
/// Blocks, not one array of n sums, because a grid is a value: a copy of a grid that is
/// then typed in (a viewport's edit, an undo stack) copies what the keystroke changes, here
/// one block of B sums and the n/B block references, not n numbers.
struct SpanTrack: Hashable, Sendable {
    /// The first slot of each run, then the number of slots.
    private(set) var firsts: [Int]
    /// Where each run starts, then where the last ends.
    private(set) var origins: [Double]
    /// The size of the slots of each run.
    private(set) var sizes: [Double]

    /// Slots per block when the track is kept slot by slot (see the type): 2⁹, so that a
    /// keystroke's block (4 KiB) and the references to the blocks of 100,000 rows (196) cost
    /// about as much to copy.
    static let blockSize = 512
    private static let blockShift = 9

    /// Kept slot by slot: `blocks[b][j]` is the sum of the sizes of slots `b·B ..< b·B + j`,
    /// `0 ≤ j ≤` the block's slots (empty when the track is kept in runs).
    private var blocks: [[Double]] = []
    /// The Fenwick tree of the blocks' sums (1-based: `blockTree[k]` sums the `k & -k` blocks
    /// ending at block `k − 1`).
    private var blockTree: [Double] = []
    /// The number of slots, and their sum, when kept slot by slot.
    private var slotCount = 0
    private var slotEnd = 0.0
    private var slotBySlot = false

    /// The largest end a track kept slot by slot may reach: 2⁴², with sizes in multiples of
    /// 2⁻¹⁰, so that every sum is a whole number of 2⁻¹⁰ below 2⁵³·2⁻¹⁰.
    static let exactLimit = 4_398_046_511_104.0

    /// Whether `size` is a whole number of 2⁻¹⁰ no larger than ``exactLimit``.
    @inline(__always)
    static func isExact(_ size: Double) -> Bool {
        let scaled = size * 1024
        return size >= 0 && size <= exactLimit && scaled.rounded(.towardZero) == scaled
    }

    /// Whether the track is kept slot by slot (see the type).
    var isSlotBySlot: Bool { slotBySlot }

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
    var count: Int { slotBySlot ? slotCount : firsts[firsts.count - 1] }

    /// Where the last slot ends.
    @inline(__always)
    var end: Double { slotBySlot ? slotEnd : origins[origins.count - 1] }

    /// The size of slot `i` (`0 ≤ i < count`).
    /// - Complexity: O(1) slot by slot (in a block made), O(log runs) otherwise.
    func size(of i: Int) -> Double {
        if slotBySlot {
            let b = i >> Self.blockShift, j = i & (Self.blockSize - 1)
            if !blocks[b].isEmpty { return blocks[b][j + 1] - blocks[b][j] }  // exact (see the type)
        }
        return sizes[run(of: i)]
    }

    /// Where slot `i` starts by the runs (`0 ≤ i ≤` the runs' slots): the sizes the track was
    /// made with, which a block not made yet still has.
    @inline(__always)
    private func runStart(_ i: Int) -> Double {
        if i >= firsts[firsts.count - 1] { return origins[origins.count - 1] }
        let k = sizes.count == 1 ? 0 : run(of: i)
        return origins[k] + Double(i - firsts[k]) * sizes[k]
    }

    /// Keeps the track slot by slot (see the type), when every size is exact; returns
    /// whether it is. The blocks' sums are taken from the runs (exact: every start is a
    /// whole number of 2⁻¹⁰ below 2⁴²), and each block is made of its running sums only
    /// when one of its slots first changes (``setSize(_:of:)``): until then its slots are
    /// read from the runs. - Complexity: O((n/B) log runs) once, O(1) when it already is.
    mutating func makeSlotBySlot() -> Bool {
        if slotBySlot { return true }
        guard end <= Self.exactLimit, sizes.allSatisfy(Self.isExact) else { return false }
        let n = count
        let blockCount = (n + Self.blockSize - 1) >> Self.blockShift
        var tree = [0.0]
        tree.reserveCapacity(blockCount + 1)
        for b in 0..<blockCount {
            let first = b << Self.blockShift, last = Swift.min(first + Self.blockSize, n)
            tree.append(runStart(last) - runStart(first))
        }
        // The linear Fenwick build: each node passes its sum to its parent.
        var i = 1
        while i <= blockCount {
            let parent = i + (i & -i)
            if parent <= blockCount { tree[parent] += tree[i] }
            i += 1
        }
        self.slotEnd = end
        self.slotCount = n
        self.blocks = Array(repeating: [], count: blockCount)
        self.blockTree = tree
        self.slotBySlot = true
        return true
    }

    /// Block `b`'s running sums, from the runs (see ``makeSlotBySlot()``).
    private func madeBlock(_ b: Int) -> [Double] {
        let first = b << Self.blockShift, last = Swift.min(first + Self.blockSize, slotCount)
        var block: [Double] = []
        block.reserveCapacity(last - first + 1)
        let origin = runStart(first)
        for i in first...last { block.append(runStart(i) - origin) }
        return block
    }

    /// Sets the size of slot `i` of a track kept slot by slot, when `size` is exact and the
    /// end stays within ``exactLimit``; returns whether it did (the track is unchanged
    /// otherwise). - Complexity: O(B + log(n/B)) for blocks of B slots (O(B log runs) the
    /// first time in a block, which it makes). Allocates nothing once the block is made,
    /// unless the track is shared with a copy (then one block and the block references).
    mutating func setSize(_ size: Double, of i: Int) -> Bool {
        guard slotBySlot, i >= 0, i < slotCount, Self.isExact(size) else { return false }
        // Both are whole numbers of 2⁻¹⁰ below the limit: the difference and every sum are exact.
        let delta = size - self.size(of: i)
        let newEnd = slotEnd + delta
        guard newEnd <= Self.exactLimit else { return false }
        slotEnd = newEnd
        let b = i >> Self.blockShift
        // The block is taken out while it changes, so that it is held once and changes in place.
        var block = blocks[b]
        blocks[b] = []
        if block.isEmpty { block = madeBlock(b) }
        var j = (i & (Self.blockSize - 1)) + 1
        let sums = block.count
        while j < sums {
            block[j] += delta
            j += 1
        }
        blocks[b] = block
        var node = b + 1
        let n = blocks.count
        while node <= n {
            blockTree[node] += delta
            node += node & -node
        }
        return true
    }

    /// The sum of the first `b` blocks of a track kept slot by slot.
    @inline(__always)
    private func blockPrefix(_ b: Int) -> Double {
        var sum = 0.0, node = b
        while node > 0 {
            sum += blockTree[node]
            node &= node - 1
        }
        return sum
    }

    /// The sum of the first `j` slots of block `b` (`0 ≤ j ≤` its slots).
    @inline(__always)
    private func inBlock(_ b: Int, _ j: Int) -> Double {
        blocks[b].isEmpty ? runStart((b << Self.blockShift) + j) - runStart(b << Self.blockShift) : blocks[b][j]
    }

    /// The sum of the first `i` slots of a track kept slot by slot (`0 ≤ i ≤ count`).
    @inline(__always)
    private func prefix(_ i: Int) -> Double {
        if i >= slotCount { return slotEnd }
        let b = i >> Self.blockShift
        return blockPrefix(b) + inBlock(b, i & (Self.blockSize - 1))
    }

    /// The largest `p` with `prefix(p) ≤ v` (`orEqual`) or `< v`: the blocks by descending
    /// their tree, then the slots of the block by bisection; the sums compared are exact
    /// prefix sums, never `v` less a sum.
    @inline(__always)
    private func lastPrefix(below v: Double, orEqual: Bool) -> Int {
        let n = blocks.count
        var step = 1
        while step <= n >> 1 { step <<= 1 }
        var position = 0, sum = 0.0
        while step > 0 {
            let next = position + step
            if next <= n {
                let candidate = sum + blockTree[next]
                if orEqual ? candidate <= v : candidate < v {
                    position = next
                    sum = candidate
                }
            }
            step >>= 1
        }
        // Blocks 0..<position hold no more than v; the answer is in block `position` (at its
        // first slot at least), or it is the count.
        guard position < n else { return slotCount }
        let block = position
        var low = 0, high = Swift.min(Self.blockSize, slotCount - (block << Self.blockShift))  // low satisfies; high does not
        while high - low > 1 {
            let mid = (low + high) >> 1
            let candidate = sum + inBlock(block, mid)
            if orEqual ? candidate <= v : candidate < v { low = mid } else { high = mid }
        }
        return (block << Self.blockShift) + low
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
        if slotBySlot { return prefix(i) }
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
        if slotBySlot { return lastPrefix(below: a, orEqual: true) }
        var i = guess(a)
        while i > 0 && start(i) > a { i -= 1 }
        while i < count && start(i + 1) <= a { i += 1 }
        return i
    }

    /// The smallest `i` with `start(i) ≥ b` (`count` when none).
    private func firstStarting(atOrAfter b: Double) -> Int {
        guard b > 0 else { return 0 }
        guard b <= end else { return count }
        if slotBySlot { return min(lastPrefix(below: b, orEqual: false) + 1, count) }
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
