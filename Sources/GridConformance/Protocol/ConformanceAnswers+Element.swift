import GridCore

extension ConformanceAnswers {
    /// One element of an answer: what a layout returned (kind, path, frame) and, for a cell
    /// of a layout with rows and columns, where it is displayed.
    ///
    /// In JSON: `{"kind", "section", "item", "frame"}`, plus, optionally, `"position"` (a
    /// cell's `GroupPosition`, left out for none), `"row"` and `"column"` (both or
    /// neither) and `"rowSpan"` and `"columnSpan"` (default 1).
    public struct Element: Hashable, Sendable {
        public var attributes: LayoutAttributes
        /// The display row and column of a cell (`GridLayout.gridPlacement(of:)`);
        /// `nil` when the answer gives none. Checked on cells only.
        public var placement: GridPlacement?

        public init(_ attributes: LayoutAttributes, placement: GridPlacement? = nil) {
            self.attributes = attributes
            self.placement = placement
        }

        public var kind: ElementKind {
            get { attributes.kind }
            set { attributes.kind = newValue }
        }

        public var path: ItemPath {
            get { attributes.path }
            set { attributes.path = newValue }
        }

        public var frame: Rect {
            get { attributes.frame }
            set { attributes.frame = newValue }
        }

        /// The element's identity, independent of its frame and placement.
        public var id: ElementID { attributes.id }
    }
}

extension ConformanceAnswers.Element: Codable {
    /// The keys besides those of `LayoutAttributes`, which reads and writes its own.
    private enum CodingKeys: String, CodingKey { case row, column, rowSpan, columnSpan }

    public init(from decoder: any Decoder) throws {
        attributes = try LayoutAttributes(from: decoder)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let row = try c.decodeIfPresent(Int.self, forKey: .row)
        let column = try c.decodeIfPresent(Int.self, forKey: .column)
        switch (row, column) {
        case (let row?, let column?):
            placement = GridPlacement(
                row: row, column: column,
                rowSpan: try c.decodeIfPresent(Int.self, forKey: .rowSpan) ?? 1,
                columnSpan: try c.decodeIfPresent(Int.self, forKey: .columnSpan) ?? 1)
        case (nil, nil):
            placement = nil
        case (let row?, nil):
            throw FieldError(codingPath: decoder.codingPath, error: .invalidData("row", row, expected: "a \"column\" beside \"row\": both or neither"))
        case (nil, let column?):
            throw FieldError(codingPath: decoder.codingPath, error: .invalidData("column", column, expected: "a \"row\" beside \"column\": both or neither"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        try attributes.encode(to: encoder)
        guard let placement else { return }
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(placement.row, forKey: .row)
        try c.encode(placement.column, forKey: .column)
        if placement.rowSpan != 1 { try c.encode(placement.rowSpan, forKey: .rowSpan) }
        if placement.columnSpan != 1 { try c.encode(placement.columnSpan, forKey: .columnSpan) }
    }
}

extension ConformanceAnswers.Element: CustomStringConvertible {
    /// `cell[0, 2] (x: …)`, then `at row 0, column 2` when placed.
    public var description: String {
        placement.map { "\(attributes) at \(CaseChecker.describe($0))" } ?? "\(attributes)"
    }
}

/// A declared supplementary space in an answer file:
/// `{"kind": "column-header", "space": "grid", "sections": 1, "items": 12}` or
/// `{"kind": "section-header", "space": "per-section"}`.
struct SupplementaryPathsJSON: Codable {
    var paths: SupplementaryPaths

    init(_ paths: SupplementaryPaths) { self.paths = paths }

    private enum CodingKeys: String, CodingKey { case kind, space, sections, items }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try c.decode(ElementKind.self, forKey: .kind)
        guard kind.isSupplementary else {
            throw FieldError(codingPath: decoder.codingPath, error: .invalidData("kind", "\"cell\"", expected: "a kind of supplementary view"))
        }
        switch try c.decode(String.self, forKey: .space) {
        case "per-section":
            paths = SupplementaryPaths(kind, .perSection)
        case "grid":
            let sections = try c.decode(Int.self, forKey: .sections)
            let items = try c.decode(Int.self, forKey: .items)
            guard sections >= 0 else {
                throw FieldError(codingPath: decoder.codingPath, error: .invalidData("sections", sections, expected: "a number of sections ≥ 0"))
            }
            guard items >= 0 else {
                throw FieldError(codingPath: decoder.codingPath, error: .invalidData("items", items, expected: "a number of items ≥ 0"))
            }
            paths = SupplementaryPaths(kind, .grid(sections: sections, items: items))
        case let other:
            throw FieldError(codingPath: decoder.codingPath, error: .invalidData("space", "\"\(other)\"", expected: "\"per-section\" or \"grid\""))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(paths.kind, forKey: .kind)
        switch paths.space {
        case .perSection:
            try c.encode("per-section", forKey: .space)
        case .grid(let sections, let items):
            try c.encode("grid", forKey: .space)
            try c.encode(sections, forKey: .sections)
            try c.encode(items, forKey: .items)
        }
    }
}
