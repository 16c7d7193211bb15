import GridCore

/// The `itemHeights` field of a spec, for layouts whose items have heights of their own
/// (the columnar grouped layout, the waterfall): one height per item, section by section,
/// each finite and > 0. The heights travel in the data shape as item sizes whose width is
/// 1, so that edits (inserts, deletes, moves) carry them along with their items.
public enum ItemHeightsField {
    /// The data shape of `sections` with the optional per-item `itemHeights`.
    ///
    /// - Throws: ``GridCore/GridError`` naming the field: `itemHeights[17]` for a height
    ///   that is not finite and > 0, `itemHeights.count` when the count does not match
    ///   `sections`, or a `sections` field (see ``SectionsField``).
    public static func dataShape(sections: SectionsField, itemHeights: [Double]?) throws(GridError) -> DataShape {
        guard let itemHeights else { return try SectionsField.dataShape(sections: sections, itemSizes: nil) }
        let counted = try SectionsField.dataShape(sections: sections, itemSizes: nil)
        let total = counted.totalItems
        guard itemHeights.count == total else {
            throw .invalidData("itemHeights.count", itemHeights.count, expected: "one height per item of sections: \(total)")
        }
        var index = 0
        while index < itemHeights.count {
            let height = itemHeights[index]
            guard height.isFinite, height > 0 else {
                throw .invalidData("itemHeights[\(index)]", height, expected: "a finite height > 0")
            }
            index += 1
        }
        return try counted.withItemSizes(itemHeights.map { Size(width: 1, height: $0) })
    }
}
