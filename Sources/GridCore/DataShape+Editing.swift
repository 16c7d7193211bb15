/// Edits, as a collection view's batch updates make them. Each returns a new shape and
/// leaves this one as it is; each refuses an index that does not exist with a
/// ``GridError`` naming it.
extension DataShape {
    /// Inserts `count` items into `section` before item `index` (`index == itemCount`
    /// appends). When the shape carries item sizes, `sizes` must hold one per new item.
    public func insertingItems(
        _ count: Int, intoSection section: Int, at index: Int, sizes: [Size]? = nil
    ) throws(GridError) -> DataShape {
        try checkSection(section, field: "section")
        guard count >= 0 else { throw .invalidData("count", count, expected: "an item count ≥ 0") }
        guard index >= 0, index <= itemCounts[section] else {
            throw GridError(.itemOutOfRange, field: "item", value: "\(index)", expected: "an item index in 0...\(itemCounts[section]) of section \(section)")
        }
        // Compared with the room left, not by adding, so that a huge count cannot overflow.
        guard count <= DataShape.maxTotalItems - totalItems else {
            throw .invalidData("count", count, expected: "at most \(DataShape.maxTotalItems) items in all")
        }
        var counts = Array(itemCounts)
        counts[section] += count
        let newSizes = try spliceSizes(at: sectionStarts[section] + index, removing: 0, inserting: count, sizes: sizes)
        return DataShape(uncheckedCounts: counts, sizes: newSizes)
    }

    /// Deletes the items in `range` from `section`.
    public func deletingItems(_ range: Range<Int>, fromSection section: Int) throws(GridError) -> DataShape {
        try checkSection(section, field: "section")
        guard range.lowerBound >= 0, range.upperBound <= itemCounts[section] else {
            throw GridError(.itemOutOfRange, field: "items", value: "\(range.lowerBound)..<\(range.upperBound)", expected: "a range within 0..<\(itemCounts[section]) of section \(section)")
        }
        var counts = Array(itemCounts)
        counts[section] -= range.count
        let newSizes = try spliceSizes(at: sectionStarts[section] + range.lowerBound, removing: range.count, inserting: 0, sizes: nil)
        return DataShape(uncheckedCounts: counts, sizes: newSizes)
    }

    /// Inserts new sections with the given item counts before section `index`
    /// (`index == sectionCount` appends).
    public func insertingSections(_ counts: [Int], at index: Int, sizes: [Size]? = nil) throws(GridError) -> DataShape {
        guard index >= 0, index <= sectionCount else {
            throw GridError(.sectionOutOfRange, field: "section", value: "\(index)", expected: "a section index in 0...\(sectionCount)")
        }
        guard sectionCount + counts.count <= ElementID.maxSection + 1 else {
            throw .invalidData("sections", counts.count, expected: "at most \(ElementID.maxSection + 1) sections in all")
        }
        var added = 0
        for (offset, count) in counts.enumerated() {
            guard count >= 0 else { throw .invalidData("counts[\(offset)]", count, expected: "an item count ≥ 0") }
            added += min(count, DataShape.maxTotalItems + 1)
            guard totalItems + added <= DataShape.maxTotalItems else {
                throw .invalidData("counts[\(offset)]", count, expected: "at most \(DataShape.maxTotalItems) items in all")
            }
        }
        var newCounts = Array(itemCounts)
        newCounts.insert(contentsOf: counts, at: index)
        let newSizes = try spliceSizes(at: sectionStarts[index], removing: 0, inserting: added, sizes: sizes)
        return DataShape(uncheckedCounts: newCounts, sizes: newSizes)
    }

    /// Deletes the sections in `range`, with their items.
    public func deletingSections(_ range: Range<Int>) throws(GridError) -> DataShape {
        guard range.lowerBound >= 0, range.upperBound <= sectionCount else {
            throw GridError(.sectionOutOfRange, field: "sections", value: "\(range.lowerBound)..<\(range.upperBound)", expected: "a range within 0..<\(sectionCount)")
        }
        var newCounts = Array(itemCounts)
        newCounts.removeSubrange(range)
        let first = sectionStarts[range.lowerBound]
        let newSizes = try spliceSizes(at: first, removing: sectionStarts[range.upperBound] - first, inserting: 0, sizes: nil)
        return DataShape(uncheckedCounts: newCounts, sizes: newSizes)
    }

    /// Moves one item, as `collectionView(_:moveItemAt:to:)` reports: `destination` is its
    /// path after the move.
    public func movingItem(from source: ItemPath, to destination: ItemPath) throws(GridError) -> DataShape {
        guard contains(source) else {
            throw GridError(.itemOutOfRange, field: "from", value: source.description, expected: "an existing item")
        }
        try checkSection(destination.section, field: "to.section")
        let capacity = itemCounts[destination.section] - (destination.section == source.section ? 1 : 0)
        guard destination.item >= 0, destination.item <= capacity else {
            throw GridError(.itemOutOfRange, field: "to.item", value: "\(destination.item)", expected: "an item index in 0...\(capacity) of section \(destination.section)")
        }
        var counts = Array(itemCounts)
        counts[source.section] -= 1
        counts[destination.section] += 1
        var newSizes = itemSizes
        if var sizes = newSizes, let from = flatIndex(of: source) {
            let moved = sizes.remove(at: from)
            var starts = [0]
            for count in counts { starts.append(starts[starts.count - 1] + count) }
            sizes.insert(moved, at: starts[destination.section] + destination.item)
            newSizes = sizes
        }
        return DataShape(uncheckedCounts: counts, sizes: newSizes)
    }

    /// A copy with the given item sizes (or none).
    public func withItemSizes(_ sizes: [Size]?) throws(GridError) -> DataShape {
        try DataShape(itemCounts: Array(itemCounts), itemSizes: sizes)
    }

    private func checkSection(_ section: Int, field: String) throws(GridError) {
        guard itemCounts.indices.contains(section) else {
            throw GridError(.sectionOutOfRange, field: field, value: "\(section)", expected: "a section index in 0..<\(sectionCount)")
        }
    }

    /// The item sizes after replacing `removing` sizes at flat index `at` with `inserting`
    /// new ones taken from `sizes`.
    private func spliceSizes(at index: Int, removing: Int, inserting: Int, sizes: [Size]?) throws(GridError) -> [Size]? {
        guard var current = itemSizes else {
            guard sizes == nil || sizes?.isEmpty == true else {
                throw .invalidData("sizes", "\(sizes?.count ?? 0) sizes", expected: "no sizes: this data carries no item sizes")
            }
            return nil
        }
        let new = sizes ?? []
        guard new.count == inserting else {
            throw .invalidData("sizes.count", new.count, expected: "one size per inserted item: \(inserting)")
        }
        for (offset, size) in new.enumerated() {
            guard size.width.isFinite, size.width > 0, size.height.isFinite, size.height > 0 else {
                throw .invalidData("sizes[\(offset)]", size, expected: "a finite width and height > 0")
            }
        }
        current.replaceSubrange(index..<(index + removing), with: new)
        return current
    }
}
