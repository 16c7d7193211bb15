import GridCore

extension DataShape {
    /// Whether every height the data's sizes carry is a multiple of 2⁻¹⁰ below 2⁴²
    /// (`SectionShift.isExact(_:)`), so that a layout summing them may promise a cache the
    /// exact offsets of a `SectionShift`; true without sizes (every item at the layout's
    /// own height: the tile grid's `h − ph`, the data grid's `rowHeight`).
    /// - Complexity: O(n).
    var heightsAreExact: Bool {
        guard let sizes = itemSizes else { return true }
        return sizes.withUnsafeBufferPointer { sizes in
            var exact = true
            for size in sizes { exact = exact && SectionShift.isExact(size.height) }
            return exact
        }
    }
}
