/// One of the two axes of the content.
public enum Axis: UInt8, Hashable, Sendable, CaseIterable {
    /// Along y: rows follow one another down the content.
    case vertical
    /// Along x: columns follow one another across the content.
    case horizontal

    /// The other axis.
    @inlinable
    public var other: Axis { self == .vertical ? .horizontal : .vertical }
}
