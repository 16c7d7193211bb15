/// The shape of the data a layout lays out: how many items each section holds and,
/// optionally, each item's own content size.
///
/// The headless counterpart of `UICollectionViewDataSource`'s counts. A data shape is
/// always valid: the throwing initialisers refuse negative counts, non-finite or
/// non-positive item sizes and data too large for ``ElementID`` (more than 2²⁸ sections or
/// 2³¹ − 1 items in all).
///
/// Memory: O(sections), plus O(items) when item sizes are given.
public struct DataShape: Hashable, Sendable {
    /// Items per section.
    public let itemCounts: [Int]
    /// Each item's content size, in path order (section by section), or `nil` when items
    /// carry no size of their own. Used by the centred ("iPhoto") tile grid and by layouts
    /// with per-item heights.
    public let itemSizes: [Size]?
    /// `sectionStarts[s]` is the flat index of item 0 of section `s`; one extra entry holds
    /// the total.
    public let sectionStarts: [Int]

    /// The largest number of items a data shape may hold (2³¹ − 1).
    public static let maxTotalItems = Int(Int32.max)

    /// A data shape with the given item counts per section and optional per-item sizes.
    ///
    /// - Throws: ``GridError`` naming the section or item when a count is negative, the
    ///   sizes do not match the total, a size is not finite and positive, or the data is
    ///   too large.
    public init(itemCounts: [Int], itemSizes: [Size]? = nil) throws(GridError) {
        guard itemCounts.count <= ElementID.maxSection + 1 else {
            throw .invalidData("itemCounts.count", itemCounts.count, expected: "at most \(ElementID.maxSection + 1) sections")
        }
        var starts = [Int]()
        starts.reserveCapacity(itemCounts.count + 1)
        var total = 0
        for (section, count) in itemCounts.enumerated() {
            guard count >= 0 else {
                throw .invalidData("itemCounts[\(section)]", count, expected: "an item count ≥ 0")
            }
            starts.append(total)
            total += min(count, DataShape.maxTotalItems + 1)
            guard total <= DataShape.maxTotalItems else {
                throw .invalidData("itemCounts[\(section)]", count, expected: "at most \(DataShape.maxTotalItems) items in all")
            }
        }
        starts.append(total)
        if let itemSizes {
            guard itemSizes.count == total else {
                throw .invalidData("itemSizes.count", itemSizes.count, expected: "one size per item: \(total)")
            }
            for (index, size) in itemSizes.enumerated() {
                guard size.width.isFinite, size.width > 0 else {
                    throw .invalidData("itemSizes[\(index)].width", size.width, expected: "a finite number > 0")
                }
                guard size.height.isFinite, size.height > 0 else {
                    throw .invalidData("itemSizes[\(index)].height", size.height, expected: "a finite number > 0")
                }
            }
        }
        self.itemCounts = itemCounts
        self.itemSizes = itemSizes
        self.sectionStarts = starts
    }

    /// `sections` sections of `itemsPerSection` items each, without item sizes.
    public init(sections: Int, itemsPerSection: Int) throws(GridError) {
        guard sections >= 0 else { throw .invalidData("sections", sections, expected: "a section count ≥ 0") }
        guard sections <= ElementID.maxSection + 1 else {
            throw .invalidData("sections", sections, expected: "at most \(ElementID.maxSection + 1) sections")
        }
        guard itemsPerSection >= 0 else {
            throw .invalidData("itemsPerSection", itemsPerSection, expected: "an item count ≥ 0")
        }
        // Refused before the counts are made: 2²⁸ sections would be a 2 GB array first.
        let (total, overflow) = sections.multipliedReportingOverflow(by: itemsPerSection)
        guard !overflow, total <= DataShape.maxTotalItems else {
            throw .invalidData("itemsPerSection", itemsPerSection, expected: "at most \(DataShape.maxTotalItems) items in all (\(sections) sections)")
        }
        try self.init(itemCounts: Array(repeating: itemsPerSection, count: sections))
    }

    /// No sections at all.
    public static let empty = DataShape(uncheckedCounts: [], sizes: nil)

    /// For counts known to be valid (used by `empty` and by edits that re-validate).
    init(uncheckedCounts: [Int], sizes: [Size]?) {
        itemCounts = uncheckedCounts
        itemSizes = sizes
        var starts = [0]
        var total = 0
        for count in uncheckedCounts {
            total += count
            starts.append(total)
        }
        sectionStarts = starts
    }

    /// The number of sections.
    @inlinable public var sectionCount: Int { itemCounts.count }

    /// The number of items in all sections.
    @inlinable public var totalItems: Int { sectionStarts[sectionStarts.count - 1] }

    /// The number of items in `section`, or 0 when the section does not exist.
    @inlinable
    public func itemCount(inSection section: Int) -> Int {
        itemCounts.indices.contains(section) ? itemCounts[section] : 0
    }

    /// Whether `path` names an item that exists.
    @inlinable
    public func contains(_ path: ItemPath) -> Bool {
        itemCounts.indices.contains(path.section) && path.item >= 0 && path.item < itemCounts[path.section]
    }

    /// The position of `path` when items are numbered section by section, or `nil` when the
    /// path does not exist. - Complexity: O(1).
    @inlinable
    public func flatIndex(of path: ItemPath) -> Int? {
        contains(path) ? sectionStarts[path.section] + path.item : nil
    }

    /// The path of the item at `flatIndex`, or `nil` when out of range.
    /// - Complexity: O(log sections).
    public func path(atFlatIndex flatIndex: Int) -> ItemPath? {
        guard flatIndex >= 0, flatIndex < totalItems else { return nil }
        // The last section whose start is ≤ flatIndex and which is non-empty.
        var low = 0
        var high = itemCounts.count  // invariant: sectionStarts[low] ≤ flatIndex < sectionStarts[high]
        while high - low > 1 {
            let mid = (low + high) / 2
            if sectionStarts[mid] <= flatIndex { low = mid } else { high = mid }
        }
        return ItemPath(section: low, item: flatIndex - sectionStarts[low])
    }

    /// The content size of the item at `path`, or `nil` when items carry no sizes or the
    /// path does not exist. - Complexity: O(1).
    @inlinable
    public func itemSize(at path: ItemPath) -> Size? {
        guard let itemSizes, let index = flatIndex(of: path) else { return nil }
        return itemSizes[index]
    }
}

extension DataShape: CustomStringConvertible {
    public var description: String {
        "\(sectionCount) sections, \(totalItems) items\(itemSizes == nil ? "" : " with sizes")"
    }
}
