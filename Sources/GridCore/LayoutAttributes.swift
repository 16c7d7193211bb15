/// Where one element of a layout goes: what it is, which data it shows, and its frame.
///
/// The headless counterpart of `UICollectionViewLayoutAttributes`.
///
/// Memory: 56 bytes (stride). ``groupPosition`` sits in the padding after ``kind``, so it
/// costs nothing.
public struct LayoutAttributes: Hashable, Sendable {
    public var kind: ElementKind
    /// Where a cell sits in its group (``GroupPosition/none`` for layouts without groups).
    /// Declared right after ``kind`` so that both share one word: the stride stays 56.
    public var groupPosition: GroupPosition
    public var path: ItemPath
    /// The frame in content coordinates: `(0, 0)` is the top-left corner of the content.
    public var frame: Rect

    @inlinable
    public init(kind: ElementKind, path: ItemPath, frame: Rect, groupPosition: GroupPosition = .none) {
        self.kind = kind
        self.groupPosition = groupPosition
        self.path = path
        self.frame = frame
    }

    /// A cell's attributes.
    @inlinable
    public static func cell(_ path: ItemPath, frame: Rect, groupPosition: GroupPosition = .none) -> LayoutAttributes {
        LayoutAttributes(kind: .cell, path: path, frame: frame, groupPosition: groupPosition)
    }

    /// The element's identity, independent of its frame.
    @inlinable
    public var id: ElementID { ElementID(kind: kind, path: path) }

    /// Whether both answers hold the same kind, path, group position and the same bits in
    /// every coordinate.
    @inlinable
    public func isIdentical(to other: LayoutAttributes) -> Bool {
        kind == other.kind && path == other.path && groupPosition == other.groupPosition && frame.isIdentical(to: other.frame)
    }
}

/// The JSON form: `kind`, `section`, `item`, `frame`, and `position` (`"single"`, `"top"`,
/// `"middle"`, `"bottom"`) only when the group position is not ``GroupPosition/none``, so
/// that the answers of layouts without groups read exactly as before.
extension LayoutAttributes: Codable {
    private enum CodingKeys: String, CodingKey { case kind, section, item, frame, position }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        var position = GroupPosition.none
        if let name = try c.decodeIfPresent(String.self, forKey: .position) {
            guard let known = GroupPosition(name: name) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .position, in: c,
                    debugDescription: "unknown group position \"\(name)\": expected one of " + GroupPosition.allCases.map(\.name).joined(separator: ", "))
            }
            position = known
        }
        self.init(
            kind: try c.decode(ElementKind.self, forKey: .kind),
            path: ItemPath(section: try c.decode(Int.self, forKey: .section), item: try c.decode(Int.self, forKey: .item)),
            frame: try c.decode(Rect.self, forKey: .frame),
            groupPosition: position)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(path.section, forKey: .section)
        try c.encode(path.item, forKey: .item)
        try c.encode(frame, forKey: .frame)
        if groupPosition != .none { try c.encode(groupPosition.name, forKey: .position) }
    }
}

extension LayoutAttributes: CustomStringConvertible {
    public var description: String {
        "\(kind.name)\(path) \(frame)" + (groupPosition == .none ? "" : " \(groupPosition.name)")
    }
}
