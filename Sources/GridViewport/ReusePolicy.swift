import GridCore

/// Which reuse pool each `ElementKind` takes its tiles from and returns them to.
///
/// By default every kind has its own pool, ``ReuseIdentifier/init(kind:)``: headers never
/// borrow a cell's tile. Set ``subscript(_:)`` to make kinds share a pool, or use
/// ``sharing(_:)`` for one pool for everything.
///
/// The table is fixed-size and indexed by `ElementKind.rawValue` (which `ElementID`
/// keeps to 4 bits): sixteen one-byte entries packed into two words, so looking a pool up
/// on the hot path costs a shift and no hashing, and the policy itself never allocates.
public struct ReusePolicy: Hashable, Sendable {
    /// Byte `k` holds the pool of the kind whose raw value is `k`, for `k` in 0…7.
    private var low: UInt64
    /// Byte `k − 8` holds the pool of the kind whose raw value is `k`, for `k` in 8…15.
    private var high: UInt64

    /// One pool per kind: kind `k` uses `ReuseIdentifier(kind: k)`.
    public init() {
        low = 0x0706_0504_0302_0100
        high = 0x0F0E_0D0C_0B0A_0908
    }

    /// Every kind in the single pool `identifier`.
    public static func sharing(_ identifier: ReuseIdentifier) -> ReusePolicy {
        var policy = ReusePolicy()
        for kind in ElementKind.allCases { policy[kind] = identifier }
        return policy
    }

    /// The pool that elements of `kind` use.
    /// - Complexity: O(1), no hashing.
    public subscript(_ kind: ElementKind) -> ReuseIdentifier {
        get { ReuseIdentifier(rawValue: pool(ofKindRaw: kind.rawValue)) }
        set {
            let raw = kind.rawValue & 0xF
            let shift = UInt64(raw & 7) &* 8
            let mask = ~(UInt64(0xFF) << shift)
            let bits = UInt64(newValue.rawValue) << shift
            if raw < 8 { low = low & mask | bits } else { high = high & mask | bits }
        }
    }

    /// The raw pool identifier for the kind whose raw value is `raw` (taken modulo 16, as
    /// ``ElementID`` does).
    @inline(__always)
    func pool(ofKindRaw raw: UInt8) -> UInt8 {
        let raw = raw & 0xF
        let word = raw < 8 ? low : high
        return UInt8(truncatingIfNeeded: word >> (UInt64(raw & 7) &* 8))
    }
}
