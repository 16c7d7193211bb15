/// Equal slots laid end to end along one axis: the rows or the columns of a grid.
///
/// Slot `i` starts at `origin + i·size`. Its length is `size`, except where rounding would
/// carry its end one ulp past the next slot's start (sizes that are not binary fractions):
/// there it is shortened to end exactly at that start, so that touching slots never
/// overlap. The last slot always ends exactly at ``end``, lengthened by about an ulp
/// where rounding would leave it short, so that the content's edge is the last slot's.
struct Track: Hashable, Sendable {
    /// Where slot 0 starts.
    var origin: Double
    /// The size of every slot, > 0.
    var size: Double
    /// The number of slots.
    var count: Int
    /// `1 / size`: ``range(_:_:)`` multiplies by it rather than divide (a division's
    /// latency is a query's longest wait); its steps correct the guess either way.
    private var inverseSize: Double

    init(origin: Double, size: Double, count: Int) {
        self.origin = origin
        self.size = size
        self.count = count
        self.inverseSize = 1 / size
    }

    /// `origin + i·size`.
    @inline(__always)
    func start(_ i: Int) -> Double { origin + Double(i) * size }

    /// The length of slot `i` (see the type's documentation).
    @inline(__always)
    func length(_ i: Int) -> Double {
        length(i, start: start(i), next: start(i + 1))
    }

    /// The length of slot `i` that starts at `s`, when the next starts at `next`: for loops
    /// that walk the slots and so know both already.
    @inline(__always)
    func length(_ i: Int, start s: Double, next: Double) -> Double {
        let unclipped = s + size
        if unclipped > next { return Self.length(from: s, endingBy: next) }
        if unclipped < next && i == count - 1 { return Self.length(from: s, reaching: next) }
        return size
    }

    /// Where the last slot ends: `origin + count·size`.
    var end: Double { start(count) }

    /// The slots whose extent `[start, start + length)` meets `[a, b)`: O(1) arithmetic,
    /// corrected by a step or two where rounding puts the guess off by one.
    func range(_ a: Double, _ b: Double) -> Range<Int> {
        guard count > 0, a < b else { return 0..<0 }  // false for NaN too
        var first = guess(a)
        while first > 0 && start(first - 1) + length(first - 1) > a { first -= 1 }
        while first < count && start(first) + length(first) <= a { first += 1 }
        var last = guess(b)
        while last + 1 < count && start(last + 1) < b { last += 1 }
        while last >= 0 && start(last) >= b { last -= 1 }
        return first..<max(first, last + 1)
    }

    /// `⌊(v − origin) / size⌋`, within an ulp or two, clamped to `0...count − 1`, for any
    /// `v`, NaN and ±∞ too.
    @inline(__always)
    private func guess(_ v: Double) -> Int {
        // A subnormal size has no finite inverse: divide then.
        let raw = (inverseSize.isFinite ? (v - origin) * inverseSize : (v - origin) / size).rounded(.down)
        guard raw > 0 else { return 0 }
        return raw >= Double(count - 1) ? count - 1 : Int(raw)
    }

    /// `end − s`, stepped down an ulp at a time until `s + d`, rounded, is at most `end`
    /// (0 when `s` is not below `end`).
    ///
    /// `end − s` is exact when `s ≥ end/2` (Sterbenz), and then `s + d == end`; otherwise
    /// `d > end/2`, so its ulp is at least half of `end`'s and a step or two suffices.
    static func length(from s: Double, endingBy end: Double) -> Double {
        guard s < end else { return 0 }
        var d = end - s
        while d > 0 && s + d > end { d = d.nextDown }
        return d
    }

    /// The length from `s` that ends exactly at `end` (`s < end`), or, should none exist,
    /// the longest that ends before it.
    ///
    /// `end − s` when `s ≥ end/2` (Sterbenz: exact, and `s + d == end`); otherwise (a single
    /// slot longer than its origin) `d` is within an ulp or two of `end`, whose ulp is at
    /// least `d`'s, so a step or two up suffices.
    static func length(from s: Double, reaching end: Double) -> Double {
        var d = length(from: s, endingBy: end)
        while s + d < end && s + d.nextUp <= end { d = d.nextUp }
        return d
    }
}
