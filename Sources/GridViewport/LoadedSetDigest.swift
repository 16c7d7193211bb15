import GridCore

/// A compact, order-independent fingerprint of a set of loaded elements: fixtures store
/// one per frame, and a replay compares them instead of whole sets.
///
/// Definition (part of the public contract; fixtures depend on it bit for bit):
///
/// - ``count`` is the number of elements in the set;
/// - ``hash`` is the wrapping (mod 2⁶⁴) sum of `SeededRandom.mix(id.rawValue)` over the
///   ``ElementID`` of every element in the set; the empty set has hash 0.
///
/// Because wrapping addition is commutative and invertible, the digest does not depend on
/// the order of the elements and can be kept up to date incrementally: ``insert(_:)`` adds
/// an element's term, ``remove(_:)`` subtracts it. Frames, not tiles, enter it: which tile
/// shows an element does not change the digest.
public struct LoadedSetDigest: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The number of elements in the set.
    public var count: Int
    /// The wrapping sum of `SeededRandom.mix(id.rawValue)` over the elements' IDs.
    public var hash: UInt64

    /// A digest with the given parts; the default is the empty set's.
    public init(count: Int = 0, hash: UInt64 = 0) {
        self.count = count
        self.hash = hash
    }

    /// The digest of the set of `ids`, computed from scratch. Duplicates count twice, so
    /// pass each element once.
    /// - Complexity: O(n).
    public init(ids: some Sequence<ElementID>) {
        self.init()
        for id in ids { insert(id) }
    }

    /// The digest of the empty set.
    public static let empty = LoadedSetDigest()

    /// One element's term in ``hash``: `SeededRandom.mix(id.rawValue)`.
    /// - Complexity: O(1).
    @inlinable
    public static func term(_ id: ElementID) -> UInt64 { SeededRandom.mix(id.rawValue) }

    /// Adds an element that was not in the set.
    /// - Complexity: O(1).
    @inlinable
    public mutating func insert(_ id: ElementID) {
        count += 1
        hash &+= Self.term(id)
    }

    /// Removes an element that was in the set.
    /// - Complexity: O(1).
    @inlinable
    public mutating func remove(_ id: ElementID) {
        count -= 1
        hash &-= Self.term(id)
    }

    /// `60 elements, hash 0x00ab…`: the hash as 16 hexadecimal digits.
    public var description: String {
        let hex = String(hash, radix: 16)
        return "\(count) elements, hash 0x" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
