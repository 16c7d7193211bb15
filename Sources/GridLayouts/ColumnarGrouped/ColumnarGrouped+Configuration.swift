import GridCore

extension ColumnarGrouped {
    /// The columnar grouped layout's parameters: columns, spacings, the item height and
    /// the heights of headers and footers.
    public struct Configuration: Hashable, Sendable, Codable {
        /// The number of columns, `k ≥ 1`.
        public var columns: Int
        /// Space around and between columns, `g ≥ 0`.
        public var columnSpacing: Double
        /// Space above each section, and below the tallest column, `s ≥ 0`.
        public var sectionSpacing: Double
        /// The height of every item when the data carries no per-item heights, `h > 0`.
        public var itemHeight: Double
        /// The height of each section's header, `t ≥ 0`; 0 means no headers.
        public var headerHeight: Double
        /// The height of each section's footer, `f ≥ 0`; 0 means no footers.
        public var footerHeight: Double

        public init(
            columns: Int = 2, columnSpacing: Double = 10, sectionSpacing: Double = 5,
            itemHeight: Double = 44, headerHeight: Double = 0, footerHeight: Double = 0
        ) {
            self.columns = columns
            self.columnSpacing = columnSpacing
            self.sectionSpacing = sectionSpacing
            self.itemHeight = itemHeight
            self.headerHeight = headerHeight
            self.footerHeight = footerHeight
        }

        /// The defaults: 2 columns, spacing 10, sections 5 apart, items of 44, no headers or
        /// footers.
        public static let standard = Configuration()

        /// Checks every parameter that does not depend on the container.
        ///
        /// - Throws: `GridError` naming `columns`, `columnSpacing`,
        ///   `sectionSpacing`, `itemHeight`, `headerHeight` or `footerHeight`.
        public func validate() throws(GridError) {
            guard columns >= 1 else { throw .invalidParameter("columns", columns, expected: "an integer ≥ 1") }
            try GridError.requireNonNegative(columnSpacing, "columnSpacing")
            try GridError.requireNonNegative(sectionSpacing, "sectionSpacing")
            try GridError.requirePositive(itemHeight, "itemHeight")
            try GridError.requireNonNegative(headerHeight, "headerHeight")
            try GridError.requireNonNegative(footerHeight, "footerHeight")
        }

        /// The width of each column in a container `containerWidth` wide:
        /// `floor((W − g·(k+1)) / k)`.
        public func columnWidth(containerWidth: Double) -> Double {
            let k = Double(columns)  // k + 1 in Double: no overflow for columns = Int.max
            return ((containerWidth - columnSpacing * (k + 1)) / k).rounded(.down)
        }

        /// Reads the parameters; fields left out take the defaults of ``standard``.
        public init(from decoder: any Decoder) throws {
            try self.init(decodingParametersFrom: decoder, startingFrom: .standard)
        }

        /// Writes every parameter.
        public func encode(to encoder: any Encoder) throws { try encodeParameters(to: encoder) }
    }
}

extension ColumnarGrouped.Configuration: LayoutParameterList {
    /// The parameters, in the order files write them.
    static let parameters: [LayoutParameter<Self>] = [
        LayoutParameter("columns", \.columns),
        LayoutParameter("columnSpacing", \.columnSpacing),
        LayoutParameter("sectionSpacing", \.sectionSpacing),
        LayoutParameter("itemHeight", \.itemHeight),
        LayoutParameter("headerHeight", \.headerHeight),
        LayoutParameter("footerHeight", \.footerHeight),
    ]
}

/// The columnar grouped layout in the registry: `"layout": "columnar-grouped"`.
///
/// ```json
/// {"schemaVersion": 1, "name": "grouped-96", "layout": "columnar-grouped",
///  "container": {"width": 768, "height": 1024},
///  "sections": [3, 1, 40], "itemHeights": [44, 60, 120, …],
///  "columns": 3, "columnSpacing": 10, "sectionSpacing": 5,
///  "headerHeight": 28, "footerHeight": 16}
/// ```
///
/// `sections` as in ``SectionsField``; `itemHeights`, optional, one height > 0 per item,
/// section by section (otherwise every item is `itemHeight` tall). The other fields left
/// out take their defaults: 2 columns, `columnSpacing` 10, `sectionSpacing` 5,
/// `itemHeight` 44, no headers, no footers.
extension ColumnarGrouped.Configuration: LayoutConfiguration {
    public static let layoutName = "columnar-grouped"
    public static let summary = "a grouped table in k columns: each section whole into the shortest column, cells top/middle/bottom/single"
    public static let specFieldNames = SpecKeys.allCases.map(\.rawValue) + parameterNames(in: .spec)
    public static var reference: Self { .standard }

    public func makeLayout() -> ColumnarGrouped { ColumnarGrouped(self) }

    /// The data fields, written before the parameters (`parameters`).
    enum SpecKeys: String, CodingKey, CaseIterable {
        case sections, itemHeights
    }

    public static func decodeSpec(from decoder: any Decoder) throws -> (configuration: Self, data: DataShape) {
        // The parameters form, read from the spec's top level.
        let configuration = try Self(from: decoder)
        let c = try decoder.container(keyedBy: SpecKeys.self)
        let data = try ItemHeightsField.dataShape(
            sections: try c.decode(SectionsField.self, forKey: .sections),
            itemHeights: try c.decodeIfPresent(PerItemList<Double>.self, forKey: .itemHeights))
        return (configuration, data)
    }

    /// Writes `sections`, `itemHeights` when the data carries per-item sizes (their
    /// heights: their widths play no part in this layout), and every parameter.
    public func encodeSpec(data: DataShape, to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: SpecKeys.self)
        try c.encode(SectionsField(compacting: Array(data.itemCounts)), forKey: .sections)
        try c.encodeIfPresent(data.itemSizes?.map(\.height), forKey: .itemHeights)
        try encodeParameters(to: encoder, in: .spec)
    }
}
