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
extension TileGrid.Configuration: LayoutConfiguration {
    public static let layoutName = "tile-grid"
    public static let summary = "CHGridView's tile grid: n tiles a line, rows of h, sections under titles"
    public static let specFieldNames = SpecKeys.allCases.map(\.rawValue) + parameterNames(in: .spec)
    public static var reference: Self { .chGridView }

    public func makeLayout() -> TileGrid { TileGrid(self) }

    /// The data fields, written before the parameters (`parameters`).
    enum SpecKeys: String, CodingKey, CaseIterable {
        case sections, itemSizes
    }

    public static func decodeSpec(from decoder: any Decoder) throws -> (configuration: Self, data: DataShape) {
        let c = try decoder.container(keyedBy: SpecKeys.self)
        // Every parameter optional here, unlike a fixture's `parameters`.
        let configuration = try Self(decodingParametersFrom: decoder, startingFrom: .chGridView, in: .spec)
        let data = try SectionsField.dataShape(
            sections: try c.decode(SectionsField.self, forKey: .sections),
            itemSizeList: try c.decodeIfPresent(PerItemList<[Double]>.self, forKey: .itemSizes))
        return (configuration, data)
    }

    public func encodeSpec(data: DataShape, to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: SpecKeys.self)
        try c.encode(SectionsField(compacting: Array(data.itemCounts)), forKey: .sections)
        try c.encodeIfPresent(SectionsField.itemSizePairs(data), forKey: .itemSizes)
        try encodeParameters(to: encoder, in: .spec)
    }
}
