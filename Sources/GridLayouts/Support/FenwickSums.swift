import GridCore

/// Values laid end to end from an origin, their running sums kept in a Fenwick tree: one
/// value changes in O(log n), where the `i`-th value starts is read in O(log n), and the
/// last value starting at or before a coordinate is found in O(log n), by descending the tree.
///
/// **Exact only.** Every value must be a multiple of 2⁻¹⁰, and the origin plus every value
/// below 2⁴² (``SectionShift/isExact(_:)`` of the origin and of ``end``): then every sum of
/// them, in any order, is a whole number of 2⁻¹⁰ below 2⁵³·2⁻¹⁰ and rounds nowhere, so
/// ``start(_:)`` is bit for bit the running sum a loop makes (`origin + v₀ + v₁ + …`). The
/// caller checks it (``isExact(_:)``, ``fits(replacing:with:)``) and keeps running sums in an
/// array otherwise.
///
/// Used by the data grid's measured rows (``DataGrid/RowSums``). The span grid's track
/// (`SpanTrack`) and the waterfall's checkpoints keep Fenwick trees of their own shape (over
/// blocks of slots, and interleaved per column); this one is the plain tree over every value.
///
/// - Complexity: build O(n); ``set(_:to:)`` O(log n); ``start(_:)`` O(log n); ``last(startingAtOrBefore:)``
///   and ``last(startingBefore:)`` O(log n). Memory: 2n + O(1) numbers. Allocates nothing
///   after the build while the storage is not shared with a copy.
struct FenwickSums: Hashable, Sendable {
    /// Where value 0 starts.
    let origin: Double
    /// The values, in order.
    private(set) var values: [Double]
    /// The Fenwick tree (1-based: `tree[k]` sums the `k & -k` values ending at value `k − 1`;
    /// `tree[0]` is unused).
    private var tree: [Double]
    /// Where the last value ends: `origin` plus every value.
    private(set) var end: Double
    /// The largest power of two ≤ n (0 for no values): the first step of a descent.
    private let topStep: Int

    /// `values` from `origin`, which the caller has checked (``isExact(_:)``).
    /// - Complexity: O(n): the linear build, each node passing its sum to its parent.
    init(origin: Double, values: [Double]) {
        let n = values.count
        var tree = [Double](repeating: 0, count: n + 1)
        var end = origin
        var i = 1
        while i <= n {
            tree[i] += values[i - 1]
            end += values[i - 1]
            let parent = i + (i & -i)
            if parent <= n { tree[parent] += tree[i] }
            i += 1
        }
        var step = n == 0 ? 0 : 1
        while step > 0 && step <= n >> 1 { step <<= 1 }
        self.origin = origin
        self.values = values
        self.tree = tree
        self.end = end
        self.topStep = step
    }

    /// Whether `origin` and `values` add up exactly in any order: each a multiple of 2⁻¹⁰
    /// and their sum below 2⁴² (values > 0).
    /// - Complexity: O(n).
    static func isExact(origin: Double, values: [Double]) -> Bool {
        guard SectionShift.isExact(origin) else { return false }
        var sum = origin
        var exact = true
        var i = 0
        while i < values.count {
            exact = exact && SectionShift.isExact(values[i])
            sum += values[i]
            i += 1
        }
        return exact && SectionShift.isExact(sum)
    }

    /// The number of values.
    @inline(__always)
    var count: Int { values.count }

    /// Whether value `i` may be set to `value` and every sum stay exact: `value` a multiple of
    /// 2⁻¹⁰ and the end it gives below 2⁴².
    /// - Complexity: O(1).
    @inline(__always)
    func fits(replacing i: Int, with value: Double) -> Bool {
        SectionShift.isExact(value) && SectionShift.isExact(end - values[i] + value)
    }

    /// Sets value `i` (which ``fits(replacing:with:)``); returns the number of tree nodes it
    /// touched, at most ⌊log₂ n⌋ + 1.
    /// - Complexity: O(log n).
    @discardableResult
    mutating func set(_ i: Int, to value: Double) -> Int {
        let delta = value - values[i]  // exact, as every sum here
        guard delta != 0 else { return 0 }
        values[i] = value
        end += delta
        var node = i + 1, touched = 0
        let n = values.count
        while node <= n {
            tree[node] += delta
            node += node & -node
            touched += 1
        }
        return touched
    }

    /// Where value `i` starts (`0 ≤ i ≤ count`): `origin` plus the values before it; ``end``
    /// for `count`.
    /// - Complexity: O(log n).
    @inline(__always)
    func start(_ i: Int) -> Double {
        var sum = origin, node = i
        while node > 0 {
            sum += tree[node]
            node &= node - 1
        }
        return sum
    }

    /// The largest `p` in `0...count` with `start(p) ≤ v`, or 0 when none is (`v < origin`).
    /// - Complexity: O(log n), one descent; the sums compared are exact starts, never `v`
    ///   less a sum.
    @inline(__always)
    func last(startingAtOrBefore v: Double) -> Int { descend(v, orEqual: true) }

    /// The largest `p` in `0...count` with `start(p) < v`, or 0 when none is (`v ≤ origin`).
    /// - Complexity: O(log n).
    @inline(__always)
    func last(startingBefore v: Double) -> Int { descend(v, orEqual: false) }

    @inline(__always)
    private func descend(_ v: Double, orEqual: Bool) -> Int {
        let n = values.count
        var step = topStep, position = 0, sum = origin
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
}
