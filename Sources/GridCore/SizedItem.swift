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

extension DataShape {
    /// Sets the items of `items` to their sizes in place, every other item as it is; a path
    /// given twice takes its last size. The counts are unchanged. What a viewport does with
    /// each frame's measurement batch: unlike ``settingItemSizes(_:)`` it copies nothing
    /// when this data's sizes are not shared (another copy of the data holding them makes
    /// the first write copy them once, as any array does).
    ///
    /// - Throws: ``GridError`` as ``settingItemSizes(_:)``: `sizes` when this data carries
    ///   no item sizes, `items[3]` for a path that does not exist, `items[3].size` for a size
    ///   that is not finite and > 0. Every entry is checked before any is written, so a
    ///   refused batch changes nothing.
    /// - Complexity: O(m) for m entries (plus O(n) once when the sizes are shared).
    public mutating func setItemSizes(_ items: [SizedItem]) throws(GridError) {
        guard itemSizes != nil else {
            throw .invalidData("sizes", "\(items.count) sizes", expected: "no sizes: this data carries no item sizes to measure")
        }
        // `while` rather than `for … in`: an unspecialised iterator allocates in debug builds.
        var index = 0
        while index < items.count {
            let entry = items[index]
            guard flatIndex(of: entry.path) != nil else {
                throw GridError(.itemOutOfRange, field: "items[\(index)]", value: entry.path.description, expected: "an existing item")
            }
            let size = entry.size
            guard size.width.isFinite, size.width > 0, size.height.isFinite, size.height > 0 else {
                throw .invalidData("items[\(index)].size", size, expected: "a finite width and height > 0")
            }
            index += 1
        }
        index = 0
        while index < items.count {
            if let flat = flatIndex(of: items[index].path) { itemSizes?[flat] = items[index].size }
            index += 1
        }
    }
}
