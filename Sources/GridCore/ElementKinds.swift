/// A set of ``ElementKind``s, one bit per kind: for what a layout places or pins.
public struct ElementKinds: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The set holding `kind` alone.
    @inlinable
    public init(_ kind: ElementKind) { rawValue = 1 << UInt16(kind.rawValue) }

    /// The set holding each of `kinds`.
    @inlinable
    public init(_ kinds: [ElementKind]) {
        var raw: UInt16 = 0
        for kind in kinds { raw |= 1 << UInt16(kind.rawValue) }
        rawValue = raw
    }

    /// Whether `kind` is in the set.
    @inlinable
    public func contains(_ kind: ElementKind) -> Bool { rawValue & (1 << UInt16(kind.rawValue)) != 0 }

    /// Whether the kind with raw value `raw` is in the set (for hot loops over packed IDs).
    @inlinable
    public func contains(kindRaw raw: UInt8) -> Bool { raw < 16 && rawValue & (1 << UInt16(raw)) != 0 }

    /// The kinds in the set, in raw-value order.
    public var kinds: [ElementKind] { ElementKind.allCases.filter { contains($0) } }
}
