import GridCore

/// The tile grid in the registry: `"layout": "tile-grid"`.
///
/// ```json
/// {"schemaVersion": 1, "name": "photos-2976", "layout": "tile-grid",
///  "container": {"width": 320, "height": 480},
///  "sections": {"count": 96, "items": 31},
///  "tilesPerLine": 4, "rowHeight": 79, "padding": {"width": 4, "height": 4},
///  "sectionTitleHeight": 22, "centersItems": false}
/// ```
///
/// `sections` and `itemSizes` as in ``SectionsField``; the other fields left out take
/// CHGridView's values (4, 79, 4 × 4, 22, no footers, not centred).
/// `sectionFooterHeight` is written only when it is not 0.
///
/// Tiles with labels: `itemHeights` (one height > 0 per item, section by section, or one
/// list per section, see ``ItemHeightsField``) instead of `itemSizes` makes each tile as
/// tall as its height, top-aligned in its row, and each row as tall as its tallest tile
/// plus `padding.height` (``TileGrid/Configuration/ItemSizing/heights``). With
/// `"estimated": {"itemHeight": e}` beside it, the heights are the true ones, learned by
/// measurement; every tile is first laid out `e` tall.
extension TileGrid.Configuration: LayoutConfiguration {
    public static let layoutName = "tile-grid"
    public static let summary = "CHGridView's tile grid: n tiles a line, rows of h, sections under titles"
    public static let specFieldNames = SpecKeys.allCases.map(\.rawValue) + parameterNames(in: .spec)
    public static var reference: Self { .chGridView }

    public func makeLayout() -> TileGrid { TileGrid(self) }

    /// The data fields, written before the parameters (`parameters`).
    enum SpecKeys: String, CodingKey, CaseIterable {
        case sections, itemSizes, itemHeights
    }

    public static func decodeSpec(from decoder: any Decoder) throws -> (configuration: Self, data: DataShape) {
        let c = try decoder.container(keyedBy: SpecKeys.self)
        // Every parameter optional here, unlike a fixture's `parameters`.
        // A size is refused here, by its value: the configuration stores heights only.
        if let estimate = try decoder.container(keyedBy: EstimateKey.self).decodeIfPresent(SizeEstimate.self, forKey: .estimated),
           case .itemSize = estimate {
            throw GridError.invalidParameter(
                "estimated.itemSize", estimate.description, expected: "estimated.itemHeight with itemHeights: the tile grid measures its tiles' heights")
        }
        var configuration = try Self(decodingParametersFrom: decoder, startingFrom: .chGridView, in: .spec)
        let sections = try c.decode(SectionsField.self, forKey: .sections)
        let sizes = try c.decodeIfPresent(PerItemList<[Double]>.self, forKey: .itemSizes)
        let heights = try c.decodeIfPresent(PerItemList<Double>.self, forKey: .itemHeights)
        if sizes != nil && heights != nil {
            throw GridError.invalidData("itemHeights", "given", expected: "either itemSizes or itemHeights, not both")
        }
        try EstimatedSpec.check(
            configuration.estimated, layout: layoutName, trueSizesField: heights != nil ? "itemHeights" : nil,
            accepts: ["itemHeights": "itemHeight"])
        if heights != nil {
            configuration.itemSizing = .heights
            return (configuration, try ItemHeightsField.dataShape(sections: sections, itemHeights: heights))
        }
        configuration.itemSizing = .content
        return (configuration, try SectionsField.dataShape(sections: sections, itemSizeList: sizes))
    }

    private enum EstimateKey: String, CodingKey { case estimated }

    /// The estimate, when tile heights are measured.
    public var sizeEstimate: SizeEstimate? { estimated }

    public func encodeSpec(data: DataShape, to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: SpecKeys.self)
        try c.encode(SectionsField(compacting: Array(data.itemCounts)), forKey: .sections)
        switch itemSizing {
        case .content: try c.encodeIfPresent(SectionsField.itemSizePairs(data), forKey: .itemSizes)
        case .heights: try c.encodeIfPresent(data.itemSizes?.map(\.height), forKey: .itemHeights)
        }
        try encodeParameters(to: encoder, in: .spec)
    }
}
