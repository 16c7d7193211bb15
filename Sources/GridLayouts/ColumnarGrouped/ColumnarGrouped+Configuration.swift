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
        /// The estimated cell height, when the data's heights are learned by measurement
        /// (a spec's `"estimated": {"itemHeight": e}`); `nil` when every height is known.
        public var estimated: SizeEstimate?
        /// How a section's column is chosen while heights are estimated: see ``Placement``.
        public var placement: Placement

        /// How a section's column is chosen (a spec's `"placement"`): the rule the
        /// waterfall's items follow too.
        public typealias Placement = ColumnChoice

        public init(
            columns: Int = 2, columnSpacing: Double = 10, sectionSpacing: Double = 5,
            itemHeight: Double = 44, headerHeight: Double = 0, footerHeight: Double = 0,
            estimated: SizeEstimate? = nil, placement: Placement = .stable
        ) {
            self.columns = columns
            self.columnSpacing = columnSpacing
            self.sectionSpacing = sectionSpacing
            self.itemHeight = itemHeight
            self.headerHeight = headerHeight
            self.footerHeight = footerHeight
            self.estimated = estimated
            self.placement = placement
        }

        /// The estimated cell height, when the placement is ``ColumnChoice/stable`` and
        /// heights are estimated: the height each section's column is chosen by; `nil`
        /// when sections go into the column shortest by the heights known now.
        var placementEstimate: Double? {
            guard placement == .stable, let estimated else { return nil }
            return estimated.dataSize.height
        }

        /// The defaults: 2 columns, spacing 10, sections 5 apart, items of 44, no headers or
        /// footers.
        public static let standard = Configuration()

        /// Checks every parameter that does not depend on the container.
        ///
        /// - Throws: `GridError` naming `columns`, `columnSpacing`,
        ///   `sectionSpacing`, `itemHeight`, `headerHeight`, `footerHeight`,
        ///   `estimated.itemHeight`, or `estimated.itemSize` (the layout estimates heights).
        public func validate() throws(GridError) {
            guard columns >= 1 else { throw .invalidParameter("columns", columns, expected: "an integer ≥ 1") }
            try GridError.requireNonNegative(columnSpacing, "columnSpacing")
            try GridError.requireNonNegative(sectionSpacing, "sectionSpacing")
            try GridError.requirePositive(itemHeight, "itemHeight")
            try GridError.requireNonNegative(headerHeight, "headerHeight")
            try GridError.requireNonNegative(footerHeight, "footerHeight")
            if let estimated {
                try estimated.validate()
                guard case .itemHeight = estimated else {
                    throw .invalidParameter("estimated.itemSize", estimated.description, expected: "estimated.itemHeight: columnar-grouped measures heights")
                }
            }
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
        LayoutParameter(optional: "estimated", \.estimated),
        LayoutParameter("placement", \.placement, omittedWhen: .stable),
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
///
/// With `"estimated": {"itemHeight": e}` the heights are measured: `itemHeights` (then
/// required) are the true heights, and the layout first lays every cell out `e` tall
/// (the data of GridHarness's `LayoutSpec`). `"placement"`, `"stable"` (the default) or
/// `"rebalance"`, says how sections find their column meanwhile (``ColumnarGrouped/Configuration/Placement``).
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

    /// Reads the parameters and the data: with `estimated`, the data carries the true
    /// heights (`itemHeights`), which measurement reveals.
    public static func decodeSpec(from decoder: any Decoder) throws -> (configuration: Self, data: DataShape) {
        // The parameters form, read from the spec's top level.
        let configuration = try Self(from: decoder)
        let c = try decoder.container(keyedBy: SpecKeys.self)
        let heights = try c.decodeIfPresent(ItemHeightsField.Form.self, forKey: .itemHeights)
        try EstimatedSpec.check(
            configuration.estimated, layout: layoutName, trueSizesField: heights == nil ? nil : "itemHeights",
            accepts: ["itemHeights": "itemHeight"])
        let data = try ItemHeightsField.dataShape(
            sections: try c.decode(SectionsField.self, forKey: .sections), itemHeights: heights)
        return (configuration, data)
    }

    /// The estimate, when heights are measured.
    public var sizeEstimate: SizeEstimate? { estimated }

    /// Writes `sections`, `itemHeights` when the data carries per-item sizes (their
    /// heights: their widths play no part in this layout), and every parameter.
    public func encodeSpec(data: DataShape, to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: SpecKeys.self)
        try c.encode(SectionsField(compacting: Array(data.itemCounts)), forKey: .sections)
        try c.encodeIfPresent(data.itemSizes.map { ItemHeightsField.Form(compacting: $0.map(\.height)) }, forKey: .itemHeights)
        try encodeParameters(to: encoder, in: .spec)
    }
}
