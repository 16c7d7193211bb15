/// The identity of an element, packed into 64 bits: section, kind, item.
///
/// Two answers describe the same element exactly when their IDs are equal. The packing
/// orders IDs by section, then kind (header, cells, footer, …), then item, which is the
/// order a vertical layout reads in, so a viewport can keep its loaded set sorted cheaply.
///
/// Layout: bits 36…63 section (28 bits), bits 32…35 kind (4 bits), bits 0…31 item.
/// ``DataShape`` keeps every valid path within these limits.
public struct ElementID: Hashable, Comparable, Sendable {
    public let rawValue: UInt64

    /// The largest section index an ID can hold (2²⁸ − 1).
    public static let maxSection = (1 << 28) - 1
    /// The largest item index an ID can hold (2³² − 1).
    public static let maxItem = (1 << 32) - 1

    @inlinable
    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// The ID of the element of `kind` at `path`.
    ///
    /// A path outside the limits (a negative index, a section above ``maxSection``) is
    /// truncated to fit; ``DataShape`` guarantees that valid paths never are.
    @inlinable
    public init(kind: ElementKind, path: ItemPath) {
        let section = UInt64(truncatingIfNeeded: path.section) & 0x0FFF_FFFF
        let item = UInt64(truncatingIfNeeded: path.item) & 0xFFFF_FFFF
        rawValue = section << 36 | UInt64(kind.rawValue & 0xF) << 32 | item
    }

    @inlinable public var section: Int { Int(rawValue >> 36) }
    @inlinable public var item: Int { Int(rawValue & 0xFFFF_FFFF) }
    @inlinable public var path: ItemPath { ItemPath(section: section, item: item) }

    /// The element's kind, or `nil` if the raw value holds no known kind.
    @inlinable public var kind: ElementKind? { ElementKind(rawValue: UInt8((rawValue >> 32) & 0xF)) }

    @inlinable
    public static func < (lhs: ElementID, rhs: ElementID) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension ElementID: CustomStringConvertible {
    public var description: String {
        "\(kind.map(\.name) ?? "kind?")\(path)"
    }
}
