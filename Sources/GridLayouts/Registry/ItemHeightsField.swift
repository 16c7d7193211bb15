import GridCore

/// The `itemHeights` field of a spec, for layouts whose items have heights of their own
/// (the columnar grouped layout, the waterfall): one height per item, each finite and > 0,
/// as one list section by section or one list per section (see ``PerItemList``). The heights travel in the data shape as item sizes whose width is
/// 1, so that edits (inserts, deletes, moves) carry them along with their items.
public enum ItemHeightsField {
    /// The data shape of `sections` with the optional per-item `itemHeights`.
    ///
    /// - Throws: `GridError` naming the field: `itemHeights[17]` for a height
    ///   that is not finite and > 0 (`itemHeights[3][2]` in the sectioned form),
    ///   `itemHeights.count` when the count does not match `sections`, `itemHeights[3]` when
    ///   section 3's list does not, or a `sections` field (see ``SectionsField``).
    public static func dataShape(sections: SectionsField, itemHeights: PerItemList<Double>?) throws(GridError) -> DataShape {
        guard let itemHeights else { return try SectionsField.dataShape(sections: sections, itemSizes: nil) }
        let counted = try SectionsField.dataShape(sections: sections, itemSizes: nil)
        return try itemHeights.values(field: "itemHeights", noun: "heights", counts: Array(counted.itemCounts)) { list throws(GridError) in
            try dataShape(counted: counted, itemHeights: list)
        }
    }

    /// `counted`'s items with `itemHeights`, one per item, checked.
    static func dataShape(counted: DataShape, itemHeights: [Double]) throws(GridError) -> DataShape {
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
