import GridCore

/// A supplementary query: the kind and the path asked for.
public struct SupplementaryRequest: Hashable, Sendable, Codable {
    public var kind: ElementKind
    public var path: ItemPath

    public init(kind: ElementKind, path: ItemPath) {
        self.kind = kind
        self.path = path
    }

    /// The ID of the element asked for.
    @inlinable public var id: ElementID { ElementID(kind: kind, path: path) }

    private enum CodingKeys: String, CodingKey { case kind, section, item }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        kind = try c.decode(ElementKind.self, forKey: .kind)
        path = ItemPath(section: try c.decode(Int.self, forKey: .section), item: try c.decode(Int.self, forKey: .item))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(path.section, forKey: .section)
        try c.encode(path.item, forKey: .item)
    }
}
