/// Where one element of a layout goes: what it is, which data it shows, and its frame.
///
/// The headless counterpart of `UICollectionViewLayoutAttributes`.
public struct LayoutAttributes: Hashable, Sendable {
    public var kind: ElementKind
    public var path: ItemPath
    /// The frame in content coordinates: `(0, 0)` is the top-left corner of the content.
    public var frame: Rect

    @inlinable
    public init(kind: ElementKind, path: ItemPath, frame: Rect) {
        self.kind = kind
        self.path = path
        self.frame = frame
    }

    /// A cell's attributes.
    @inlinable
    public static func cell(_ path: ItemPath, frame: Rect) -> LayoutAttributes {
        LayoutAttributes(kind: .cell, path: path, frame: frame)
    }

    /// The element's identity, independent of its frame.
    @inlinable
    public var id: ElementID { ElementID(kind: kind, path: path) }

    /// Whether both answers hold the same kind, path and the same bits in every coordinate.
    @inlinable
    public func isIdentical(to other: LayoutAttributes) -> Bool {
        kind == other.kind && path == other.path && frame.isIdentical(to: other.frame)
    }
}

extension LayoutAttributes: Codable {
    private enum CodingKeys: String, CodingKey { case kind, section, item, frame }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            kind: try c.decode(ElementKind.self, forKey: .kind),
            path: ItemPath(section: try c.decode(Int.self, forKey: .section), item: try c.decode(Int.self, forKey: .item)),
            frame: try c.decode(Rect.self, forKey: .frame))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(path.section, forKey: .section)
        try c.encode(path.item, forKey: .item)
        try c.encode(frame, forKey: .frame)
    }
}

extension LayoutAttributes: CustomStringConvertible {
    public var description: String { "\(kind.name)\(path) \(frame)" }
}
