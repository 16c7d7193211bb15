import GridCore

/// A compact, order-independent fingerprint of a set of loaded elements: fixtures store
/// one per frame, and a replay compares them instead of whole sets.
///
/// Definition (part of the public contract; fixtures depend on it bit for bit):
///
/// - ``count`` is the number of elements in the set;
/// - ``hash`` is the wrapping (mod 2⁶⁴) sum of one term per element: `SeededRandom.mix(id.rawValue)`
///   for its `ElementID`, plus, for an element whose `GroupPosition` is not
///   `none`, `SeededRandom.mix(id.rawValue &+ position.rawValue &* 0x9E3779B97F4A7C15)`;
///   the empty set has hash 0. Elements without a group position (every element of a
///   layout without groups) thus weigh exactly what they always did, and a columnar
///   grouped cell that changes from `bottom` to `middle` changes the digest.
///
/// Because wrapping addition is commutative and invertible, the digest does not depend on
/// the order of the elements and can be kept up to date incrementally:
/// ``insert(_:position:)`` adds an element's term, ``remove(_:position:)`` subtracts it.
/// Frames, not tiles, enter it: which tile shows an element does not change the digest.
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

    /// One element's term in ``hash``: `SeededRandom.mix(id.rawValue)`, plus its group
    /// position's term when it has one (see the type's definition).
    /// - Complexity: O(1).
    @inlinable
    public static func term(_ id: ElementID, position: GroupPosition = .none) -> UInt64 {
        let base = SeededRandom.mix(id.rawValue)
        guard position != .none else { return base }
        return base &+ SeededRandom.mix(id.rawValue &+ UInt64(position.rawValue) &* 0x9E37_79B9_7F4A_7C15)
    }

    /// Adds an element that was not in the set.
    /// - Complexity: O(1).
    @inlinable
    public mutating func insert(_ id: ElementID, position: GroupPosition = .none) {
        count += 1
        hash &+= Self.term(id, position: position)
    }

    /// Removes an element that was in the set.
    /// - Complexity: O(1).
    @inlinable
    public mutating func remove(_ id: ElementID, position: GroupPosition = .none) {
        count -= 1
        hash &-= Self.term(id, position: position)
    }

    /// Records that an element of the set changed its group position (an edit turned a
    /// `bottom` cell into a `middle` one) while it stayed loaded.
    /// - Complexity: O(1).
    @inlinable
    public mutating func reposition(_ id: ElementID, from old: GroupPosition, to new: GroupPosition) {
        guard old != new else { return }
        hash &-= Self.term(id, position: old)
        hash &+= Self.term(id, position: new)
    }

    /// `60 elements, hash 0x00ab…`: the hash as 16 hexadecimal digits.
    public var description: String {
        let hex = String(hash, radix: 16)
        return "\(count) elements, hash 0x" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
