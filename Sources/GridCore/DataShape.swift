/// The shape of the data a layout lays out: how many items each section holds and,
/// optionally, each item's own content size.
///
/// The headless counterpart of `UICollectionViewDataSource`'s counts. A data shape is
/// always valid: the throwing initialisers refuse negative counts, non-finite or
/// non-positive item sizes and data too large for ``ElementID`` (more than 2²⁸ sections or
/// 2³¹ − 1 items in all).
///
/// Memory: O(sections), plus O(items) when item sizes are given; O(runs) for long stretches
/// of sections of one count (a span grid's rows), which ``init(sectionRuns:)`` also makes in
/// O(runs).
public struct DataShape: Hashable, Sendable {
    /// The sections, in the one form their counts give (so equal shapes are equal values).
    @usableFromInline let sections: SectionRuns
    /// Items per section.
    @inlinable public var itemCounts: ItemCounts { ItemCounts(sections) }
    /// Each item's content size, in path order (section by section), or `nil` when items
    /// carry no size of their own. Used by the centred ("iPhoto") tile grid and by layouts
    /// with per-item heights. Changed only by a measurement, in place
    /// (``setItemSizes(_:)``), which keeps every size finite and > 0.
    public internal(set) var itemSizes: [Size]?
    /// `sectionStarts[s]` is the flat index of item 0 of section `s`; one extra entry holds
    /// the total.
    @inlinable public var sectionStarts: SectionStarts { SectionStarts(sections) }

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
        var total = 0
        for (section, count) in itemCounts.enumerated() {
            guard count >= 0 else {
                throw .invalidData("itemCounts[\(section)]", count, expected: "an item count ≥ 0")
            }
            total += min(count, DataShape.maxTotalItems + 1)
            guard total <= DataShape.maxTotalItems else {
                throw .invalidData("itemCounts[\(section)]", count, expected: "at most \(DataShape.maxTotalItems) items in all")
            }
        }
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
        self.sections = SectionRuns(counts: itemCounts)
        self.itemSizes = itemSizes
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
        self.init(storage: SectionRuns(runs: CollectionOfOne((sections: sections, items: itemsPerSection))), sizes: nil)
    }

    /// Sections in runs: `sections` sections of `items` items each, run after run, as
    /// `[(sections: 99_999, items: 30)]` gives 99,999 sections of 30 items. A shape whose
    /// sections come in long runs (a span grid's rows) is made, kept and compared in
    /// O(runs), not O(sections).
    ///
    /// - Throws: ``GridError`` naming `sectionRuns[i].sections` or `sectionRuns[i].items`
    ///   when one is negative, or the run at which the data grows too large for
    ///   ``ElementID`` (more than 2²⁸ sections or 2³¹ − 1 items in all).
    /// - Complexity: O(runs), or O(sections) when the runs are not kept (fewer than 4,096
    ///   sections, or more than one run for every eight sections).
    public init(sectionRuns: [(sections: Int, items: Int)]) throws(GridError) {
        try Self.checkRuns(sectionRuns, after: (sections: 0, items: 0))
        self.init(storage: SectionRuns(runs: sectionRuns), sizes: nil)
    }

    /// Checks `runs` as they would follow `existing` sections and items: each run's counts
    /// ≥ 0, and at most 2²⁸ sections and 2³¹ − 1 items in all.
    /// - Throws: ``GridError`` naming `sectionRuns[i].sections` or `sectionRuns[i].items`.
    static func checkRuns(_ runs: [(sections: Int, items: Int)], after existing: (sections: Int, items: Int)) throws(GridError) {
        var sections = existing.sections, total = existing.items
        for (index, run) in runs.enumerated() {
            guard run.sections >= 0 else {
                throw .invalidData("sectionRuns[\(index)].sections", run.sections, expected: "a section count ≥ 0")
            }
            guard run.items >= 0 else {
                throw .invalidData("sectionRuns[\(index)].items", run.items, expected: "an item count ≥ 0")
            }
            guard run.sections <= ElementID.maxSection + 1 - sections else {
                throw .invalidData("sectionRuns[\(index)].sections", run.sections, expected: "at most \(ElementID.maxSection + 1) sections in all")
            }
            sections += run.sections
            // Checked by division, so that a huge run cannot overflow.
            guard run.items == 0 || run.sections <= (DataShape.maxTotalItems - total) / run.items else {
                throw .invalidData("sectionRuns[\(index)].items", run.items, expected: "at most \(DataShape.maxTotalItems) items in all")
            }
            total += run.sections * run.items
        }
    }

    /// No sections at all.
    public static let empty = DataShape(storage: .empty, sizes: nil)

    /// For sections and sizes known to be valid (used by `empty` and by edits that
    /// re-validate).
    init(storage: SectionRuns, sizes: [Size]?) {
        self.sections = storage
        itemSizes = sizes
    }

    /// For counts known to be valid (used by edits that re-validate).
    init(uncheckedCounts: [Int], sizes: [Size]?) {
        self.init(storage: SectionRuns(counts: uncheckedCounts), sizes: sizes)
    }

    /// The number of sections.
    @inlinable public var sectionCount: Int { sections.sectionCount }

    /// The number of items in all sections.
    @inlinable public var totalItems: Int { sections.totalItems }

    /// The sections as runs of `(sections, items)`, in order, for ``init(sectionRuns:)``:
    /// the maximal runs of a shape kept as runs, one run per section otherwise.
    /// - Complexity: O(runs).
    public var sectionRuns: [(sections: Int, items: Int)] { sections.runs }

    /// The number of items in `section`, or 0 when the section does not exist.
    /// - Complexity: O(1), or O(log runs) for a shape kept as runs.
    @inlinable
    public func itemCount(inSection section: Int) -> Int {
        section >= 0 && section < sections.sectionCount ? sections.count(ofSection: section) : 0
    }

    /// Whether `path` names an item that exists.
    /// - Complexity: O(1), or O(log runs) for a shape kept as runs.
    @inlinable
    public func contains(_ path: ItemPath) -> Bool {
        path.item >= 0 && path.item < itemCount(inSection: path.section)
    }

    /// The position of `path` when items are numbered section by section, or `nil` when the
    /// path does not exist. - Complexity: O(1), or O(log runs) for a shape kept as runs.
    @inlinable
    public func flatIndex(of path: ItemPath) -> Int? {
        contains(path) ? sections.start(ofSection: path.section) + path.item : nil
    }

    /// The path of the item at `flatIndex`, or `nil` when out of range.
    /// - Complexity: O(log sections), or O(log runs) for a shape kept as runs.
    public func path(atFlatIndex flatIndex: Int) -> ItemPath? {
        guard flatIndex >= 0, flatIndex < totalItems else { return nil }
        let section = sections.section(ofFlatIndex: flatIndex)
        return ItemPath(section: section, item: flatIndex - sections.start(ofSection: section))
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
