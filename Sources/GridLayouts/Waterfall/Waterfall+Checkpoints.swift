import GridCore

// MARK: - Column heights at the checkpoints

extension Waterfall {
    /// The `k` column heights kept at every checkpoint, such that a measurement can move a
    /// column's heights at every later checkpoint of its section, or every column's heights
    /// in every later section, in O(log C) for C checkpoints instead of O(C).
    ///
    /// Column `j`'s height at flat checkpoint `i` is `base[i·k + j]` plus the prefix sum, up
    /// to `i`, of column `j`'s Fenwick tree (`tree`, the k trees interleaved so that one
    /// checkpoint's columns lie side by side). `prepare` writes `base` alone and leaves the
    /// trees at 0 (reading a height is then one load, as before the trees); a told
    /// measurement adds a column's growth over a range of checkpoints with two point
    /// updates, and writes a re-laid checkpoint as its height less the prefix sum there.
    ///
    /// Exactness: moves are made only when every sum of the layout is exact (multiples of
    /// 2⁻¹⁰, coordinates below 2⁴², see `Waterfall.isExact`), and every value they add is
    /// the difference of two such coordinates. `mass`, the sum of the magnitudes of every
    /// point update since the trees were last cleared, bounds every tree node and every
    /// prefix sum; it is kept at or below 2⁴² (the trees are folded into `base` and cleared
    /// before it would pass), so that every node, prefix sum and base value is a multiple
    /// of 2⁻¹⁰ below 2⁴³ in magnitude: held exactly by a `Double`, and added exactly in any
    /// order. A height read back is then exactly the coordinate written or moved to, bit for
    /// bit what a fresh prepare computes.
    struct CheckpointHeights: Sendable {
        /// `base[i·k + j]`: column `j`'s height at flat checkpoint `i`, less the prefix sum of
        /// column `j`'s tree at `i`.
        var base: [Double] = []
        /// `tree[x·k + j]` for `x` in `1...count`: node `x` of column `j`'s Fenwick tree over
        /// the checkpoints (`x` covers the `x & −x` checkpoints ending at `x − 1`). Empty
        /// until needed (`reserveMoves`).
        var tree: [Double] = []
        /// The number of columns.
        var k = 1
        /// The number of checkpoints, C.
        var count = 0
        /// The sum of `|d|` over every point update since the trees were last cleared: a
        /// bound on every node and every prefix sum. 0 when every node is 0.
        var mass = 0.0

        /// The bound `mass` never passes (see the type's documentation).
        static let massLimit = 0x1p42

        init() {}

        init(base: [Double], columns k: Int) {
            self.base = base
            self.k = k
            self.count = base.count / k
        }

        /// Makes room for the trees (all 0), so that measurements allocate nothing.
        /// - Complexity: O(k·C) the first time after a prepare, then O(1).
        mutating func reserveMoves() {
            guard tree.count != (count + 1) * k else { return }
            tree = [Double](repeating: 0, count: (count + 1) * k)
            mass = 0
        }

        /// Column `j`'s height at flat checkpoint `i`.
        /// - Complexity: O(1) before any move, then O(log C).
        @inline(__always)
        subscript(i: Int, j: Int) -> Double {
            let value = base[i * k + j]
            guard mass != 0 else { return value }
            return value + prefix(i, j)
        }

        /// Makes column `j`'s height at flat checkpoint `i` `value`.
        /// - Complexity: O(1) before any move, then O(log C).
        @inline(__always)
        mutating func set(_ i: Int, _ j: Int, _ value: Double) {
            base[i * k + j] = mass == 0 ? value : value - prefix(i, j)
        }

        /// The prefix sum of column `j`'s tree at checkpoint `i`: what the moves add there.
        /// - Complexity: O(log C).
        @inline(__always)
        func prefix(_ i: Int, _ j: Int) -> Double {
            var sum = 0.0
            var x = i + 1
            while x > 0 {
                sum += tree[x * k + j]
                x &= x - 1
            }
            return sum
        }

        /// `prefix(i, j)` over the trees' buffer, for `k` columns.
        @inline(__always)
        static func prefix(_ tree: UnsafeBufferPointer<Double>, columns k: Int, _ i: Int, _ j: Int) -> Double {
            var sum = 0.0
            var x = i + 1
            while x > 0 {
                sum += tree[x * k + j]
                x &= x - 1
            }
            return sum
        }

        /// Calls `body` with `base` and, once a measurement has moved checkpoints, the
        /// trees (`nil` before: every height is its base), for `Waterfall.layItems`.
        mutating func withBuffers<R>(_ body: (UnsafeMutableBufferPointer<Double>, UnsafeBufferPointer<Double>?) -> R) -> R {
            let moved = mass != 0
            return tree.withUnsafeBufferPointer { tree in
                base.withUnsafeMutableBufferPointer { base in body(base, moved ? tree : nil) }
            }
        }

        /// Adds `d` to column `j`'s height at every checkpoint in `range`.
        /// - Complexity: O(log C) (O(k·C) instead, once every 2⁴² points of moves, to fold
        ///   the trees into `base`).
        mutating func move(_ j: Int, _ range: Range<Int>, by d: Double) {
            guard d != 0, !range.isEmpty else { return }
            add(range.lowerBound, j, d)
            if range.upperBound < count { add(range.upperBound, j, -d) }
        }

        /// Adds `d` to every column's height at every checkpoint in `range`.
        /// - Complexity: O(k·log C).
        mutating func moveAll(_ range: Range<Int>, by d: Double) {
            var j = 0
            while j < k {
                move(j, range, by: d)
                j += 1
            }
        }

        /// A point update of column `j`'s tree: `d` added at checkpoint `i` and after.
        private mutating func add(_ i: Int, _ j: Int, _ d: Double) {
            reserveMoves()
            if mass + abs(d) > Self.massLimit { fold() }
            mass += abs(d)
            let count = count, k = k
            tree.withUnsafeMutableBufferPointer { tree in
                var x = i + 1
                while x <= count {
                    tree[x * k + j] += d
                    x += x & -x
                }
            }
        }

        /// Writes every height into `base` and clears the trees.
        ///
        /// Linear, not a prefix query per checkpoint: undoing the trees' linear build (each
        /// node, from the last down, taken away from its parent `x + (x & −x)`) leaves node
        /// `x` holding the point updates at checkpoint `x − 1` alone, and a running sum of
        /// those is each checkpoint's move. Exact: every partial sum is a multiple of 2⁻¹⁰
        /// bounded by `mass` (see the type's documentation).
        /// - Complexity: O(k·C).
        mutating func fold() {
            guard mass != 0 else { return }
            let count = count, k = k
            tree.withUnsafeMutableBufferPointer { tree in
                base.withUnsafeMutableBufferPointer { base in
                    var x = count
                    while x > 0 {
                        let parent = x + (x & -x)
                        if parent <= count {
                            var j = 0
                            while j < k {
                                tree[parent * k + j] -= tree[x * k + j]
                                j += 1
                            }
                        }
                        x -= 1
                    }
                    var j = 0
                    while j < k {
                        var sum = 0.0
                        var i = 0
                        while i < count {
                            sum += tree[(i + 1) * k + j]
                            base[i * k + j] += sum
                            i += 1
                        }
                        j += 1
                    }
                    x = 0
                    while x < tree.count {
                        tree[x] = 0
                        x += 1
                    }
                }
            }
            mass = 0
        }

        /// Inserts `n` checkpoints (every height 0, for the caller to write) before flat
        /// checkpoint `i`, or, `n < 0`, removes the `−n` from `i` on; later checkpoints are
        /// renumbered. The trees are folded into `base` first (a Fenwick tree cannot take an
        /// index in its middle), and stay 0 at their new size.
        /// - Complexity: O(k·C) (the splice and the fold); O(1) for `n == 0`.
        mutating func splice(at i: Int, inserting n: Int) {
            guard n != 0 else { return }
            fold()
            if n > 0 {
                base.insert(contentsOf: repeatElement(0, count: n * k), at: i * k)
                if !tree.isEmpty { tree.append(contentsOf: repeatElement(0, count: n * k)) }
            } else {
                base.removeSubrange((i * k)..<((i - n) * k))
                if !tree.isEmpty { tree.removeLast(-n * k) }
            }
            count += n
        }
    }
}
