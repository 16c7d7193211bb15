import GridCore
import GridLayouts

/// A spec with estimated sizes, as measurement leaves it: `gridbench dump --measured-all`
/// and `--measured-through N`.
extension LayoutSpec {
    /// The data after the first `count` items in layout order have been measured: those
    /// items at their true sizes (``measuredData``), the rest at the estimate. Layout order
    /// is path order, section by section and item by item, the order in which the
    /// columnar grouped layout and the waterfall place their items. The measurement is
    /// told as one `DataEdit.setItemSizes` batch, the data change a viewport tells.
    ///
    /// A spec without estimated sizes knows every size from the start: its data is
    /// returned whatever `count`.
    ///
    /// - Throws: `GridError` naming `measuredThrough` for a count outside
    ///   `0...data.totalItems`.
    /// - Complexity: O(n) for n items.
    public func data(measuredThrough count: Int) throws(GridError) -> DataShape {
        let total = data.totalItems
        guard count >= 0, count <= total else {
            throw .invalidParameter("measuredThrough", count, expected: "an item count in 0...\(total), the items of \(name)")
        }
        guard let truth = measuredData?.itemSizes, truth.count == total else { return data }
        var items: [SizedItem] = []
        items.reserveCapacity(count)
        var section = 0, item = 0
        while items.count < count {
            // Sections are walked in order, skipping empty ones.
            while item >= data.itemCount(inSection: section) {
                section += 1
                item = 0
            }
            items.append(SizedItem(path: ItemPath(section: section, item: item), size: truth[items.count]))
            item += 1
        }
        return try DataEdit.setItemSizes(items).applied(to: data)
    }

    /// This spec after the first `count` items in layout order have been measured: its data
    /// is ``data(measuredThrough:)``'s. The layout of the result is what a fresh layout
    /// given those sizes answers.
    ///
    /// - Throws: as ``data(measuredThrough:)``.
    public func measured(through count: Int) throws(GridError) -> LayoutSpec {
        var spec = self
        spec.data = try data(measuredThrough: count)
        return spec
    }

    /// This spec after every item has been measured: its data is ``measuredData``, the
    /// true sizes (this spec itself when every size is known from the start).
    public var measuredAll: LayoutSpec {
        var spec = self
        spec.data = measuredData ?? data
        return spec
    }
}
