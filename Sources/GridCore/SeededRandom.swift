/// A small, fast, repeatable random generator (SplitMix64): the same seed gives the same
/// sequence on every platform, so a generated trace or a failing fuzz case reproduces
/// from its seed.
@usableFromInline
package struct SeededRandom: RandomNumberGenerator, Sendable {
    package private(set) var state: UInt64

    package init(seed: UInt64) { state = seed }

    @usableFromInline
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return SeededRandom.mix(state)
    }

    /// SplitMix64's finaliser: a bijective 64-bit mix with good avalanche.
    @inlinable
    package static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniformly distributed number in `range`, computed from 53 random bits so that
    /// the result does not depend on the platform's `Double.random` implementation.
    package mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        let unit = Double(next() >> 11) * 0x1p-53
        let width = range.upperBound - range.lowerBound
        guard width.isFinite else {
            // Wider than the largest double (−max…max): interpolate, so that no step overflows.
            return min(range.lowerBound * (1 - unit) + range.upperBound * unit, range.upperBound)
        }
        return range.lowerBound + width * unit
    }

    /// A uniformly distributed integer in `range` (modulo bias below 2⁻³² for ranges
    /// under 2³²), independent of the standard library's sampling algorithm.
    package mutating func integer(_ range: ClosedRange<Int>) -> Int {
        // Wrapping arithmetic: the width of a range wider than Int.max (Int.min...Int.max
        // included) does not fit an Int but does fit, modulo 2⁶⁴, a UInt64.
        let width = UInt64(truncatingIfNeeded: range.upperBound &- range.lowerBound) &+ 1
        let offset = width == 0 ? next() : next() % width
        return range.lowerBound &+ Int(truncatingIfNeeded: offset)
    }
}
