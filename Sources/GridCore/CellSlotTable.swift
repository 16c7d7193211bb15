/// Where a cache finds each cell it holds: `slots[sectionStarts[s] + i]` is the position of
/// the cell at section `s`, item `i`, for the `sectionCount` sections of its data, each of
/// `itemCounts[s]` items. An ``ElementSink`` given a table fills it as cells come.
///
/// The owner keeps the memory alive and initialised for as long as the sink is used.
@usableFromInline
package struct CellSlotTable {
    @usableFromInline let slots: UnsafeMutablePointer<Int32>
    @usableFromInline let sectionStarts: UnsafePointer<Int>
    @usableFromInline let itemCounts: UnsafePointer<Int>
    @usableFromInline let sectionCount: Int

    /// A table writing into `slots`, for sections starting at `sectionStarts` and holding
    /// `itemCounts` items each (`sectionCount` of each).
    package init(slots: UnsafeMutablePointer<Int32>, sectionStarts: UnsafePointer<Int>, itemCounts: UnsafePointer<Int>, sectionCount: Int) {
        self.slots = slots
        self.sectionStarts = sectionStarts
        self.itemCounts = itemCounts
        self.sectionCount = sectionCount
    }

    /// Records that the cell at `section`, `item` sits at `position`; a path outside the
    /// data is not recorded.
    @inlinable @inline(__always)
    func record(section: Int, item: Int, at position: Int) {
        guard UInt(bitPattern: section) < UInt(bitPattern: sectionCount), item < itemCounts[section] else { return }
        slots[sectionStarts[section] + item] = Int32(truncatingIfNeeded: position)
    }
}
