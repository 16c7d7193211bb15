/// What an element is: a cell, or one of the supplementary views a layout places.
///
/// The raw values order the kinds within a section the way they are read: header, cells,
/// footer. They are stable; ``ElementID`` packs them.
public enum ElementKind: UInt8, CaseIterable, Hashable, Sendable {
    /// A section's header (a "section title" in CHGridView). Path `(section, 0)`.
    case sectionHeader = 0
    /// An item of the data: a tile, a row, a table cell. Path `(section, item)`.
    case cell = 1
    /// A section's footer. Path `(section, 0)`.
    case sectionFooter = 2
    /// A header in the header row of a two-axis grid, over display column `c`. Path `(0, c)`.
    case columnHeader = 3
    /// A header in the header column of a two-axis grid, beside display row `r`. Path `(r, 0)`.
    case rowHeader = 4
    /// The corner where a two-axis grid's header row and header column meet. Path `(0, 0)`.
    case corner = 5

    /// The stable name used in JSON files and on the command line.
    public var name: String {
        switch self {
        case .sectionHeader: "section-header"
        case .cell: "cell"
        case .sectionFooter: "section-footer"
        case .columnHeader: "column-header"
        case .rowHeader: "row-header"
        case .corner: "corner"
        }
    }

    /// The kind with the given ``name``, or `nil` when no kind has that name.
    public init?(name: String) {
        guard let kind = ElementKind.allCases.first(where: { $0.name == name }) else { return nil }
        self = kind
    }

    /// Whether this kind is a supplementary view rather than a cell.
    @inlinable
    public var isSupplementary: Bool { self != .cell }
}

extension ElementKind: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let kind = ElementKind(name: name) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "unknown element kind \"\(name)\"; expected one of "
                    + ElementKind.allCases.map(\.name).joined(separator: ", "))
        }
        self = kind
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}

extension ElementKind: CustomStringConvertible {
    public var description: String { name }
}
