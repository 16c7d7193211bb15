/// An item and the size it has: one entry of a measurement, ``DataEdit/setItemSizes(_:)``.
///
/// The size is in the data's own units, as ``DataShape/itemSizes`` holds them: a layout
/// with per-item heights keeps each height as a size whose width is 1, a waterfall of
/// photos keeps each photo's `(width, height)`.
public struct SizedItem: Hashable, Sendable {
    /// The item.
    public var path: ItemPath
    /// Its size, finite and > 0 along both axes.
    public var size: Size

    @inlinable
    public init(path: ItemPath, size: Size) {
        self.path = path
        self.size = size
    }
}

extension SizedItem: CustomStringConvertible {
    public var description: String { "\(path) → \(size)" }
}

/// Measurement: setting the sizes of some items, as a viewport does when it has measured
/// the elements that came into its loaded region.
extension DataShape {
    /// The data with the items of `items` at their sizes, every other item as it is; a
    /// path given twice takes its last size. The counts are unchanged.
    ///
    /// - Throws: ``GridError`` naming `sizes` when this data carries no item sizes (there is
    ///   nothing to set: every item is as tall as the layout's parameters say),
    ///   `items[3]` for a path that does not exist, `items[3].size` for a size that is not
    ///   finite and > 0.
    /// - Complexity: O(n + m) for n items and m entries: the sizes are copied.
    public func settingItemSizes(_ items: [SizedItem]) throws(GridError) -> DataShape {
        guard var sizes = itemSizes else {
            throw .invalidData("sizes", "\(items.count) sizes", expected: "no sizes: this data carries no item sizes to measure")
        }
        for (index, entry) in items.enumerated() {
            guard let flat = flatIndex(of: entry.path) else {
                throw GridError(.itemOutOfRange, field: "items[\(index)]", value: entry.path.description, expected: "an existing item")
            }
            let size = entry.size
            guard size.width.isFinite, size.width > 0, size.height.isFinite, size.height > 0 else {
                throw .invalidData("items[\(index)].size", size, expected: "a finite width and height > 0")
            }
            sizes[flat] = size
        }
        return DataShape(storage: sections, sizes: sizes)
    }
}
