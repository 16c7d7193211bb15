/// The directions in which content scrolls.
public struct ScrollAxes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let vertical = ScrollAxes(rawValue: 1)
    public static let horizontal = ScrollAxes(rawValue: 2)
    public static let both: ScrollAxes = [.vertical, .horizontal]

    /// The set holding `axis` alone.
    @inlinable
    public init(_ axis: Axis) { self = axis == .vertical ? .vertical : .horizontal }
}
