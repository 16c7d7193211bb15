import GridCore

// MARK: - What a batch update did

extension DataGrid {
    /// Where display row `i` starts (`0 ≤ i ≤` the rows), whichever form the rows are kept in.
    /// - Complexity: O(log R) with measured rows kept in a tree, O(1) otherwise.
    func rowStart(_ i: Int) -> Double {
        if let rowSums { return rowSums.start(i) }
        if let rowTops { return rowTops.start(i) }
        return rowTrack.start(i)
    }

    /// Whether every display row's top is an exact sum and records are rows: measured rows
    /// kept in a tree (``RowSums``), or rows of `rowHeight` from `hh`, both multiples of
    /// 2⁻¹⁰, with a content below 2⁴² (then `hh + i·rh` rounds nowhere and every row is
    /// exactly `rh` long). Not transposed: transposed, records are columns.
    var rowTopsAreExact: Bool {
        guard isPrepared, !prepared.transposed else { return false }
        if rowSums != nil { return true }
        guard prepared.itemSizing != .heights else { return false }
        return SectionShift.isExact(prepared.headerHeight) && SectionShift.isExact(prepared.rowHeight) && SectionShift.isExact(contentSize.height)
    }

    /// A batch update other than a measurement (records or fields inserted, deleted or
    /// moved): prepared again, then said in terms of records (``SectionShift``) when both
    /// grids' row tops are exact sums and the columns did not change: the records the edit
    /// touched laid again, those before kept, those after moved along y by what the edit added
    /// or took above them and renumbered by the records it inserted or deleted. `nil` when the
    /// columns changed (a record wider than every other inserted, or the widest deleted, with
    /// no declared `fields`), when the tops are not exact, or for an edit that does not fit the
    /// data.
    ///
    /// Record 0 holds the header row and the corner, whose paths are positions in the grid,
    /// not records: when record 0 changes, they are laid again, and so is the record that is
    /// record 0 before the edit and the one after it (it is never said to move to another
    /// record).
    /// - Complexity: that of ``prepare(data:container:)``, plus O(log R).
    mutating func prepareReportingEdit(_ edit: DataEdit, data: DataShape, container: Size) throws(GridError) -> SectionShift? {
        let old = self  // its arrays are shared, not copied: the prepare makes new ones
        try prepare(data: data, container: container)
        guard old.isPrepared, old.prepared == prepared, old.fields == fields, old.columnTrack == columnTrack,
              old.rowTopsAreExact, rowTopsAreExact,
              let (first, from, to) = Self.boundaries(of: edit, oldRecords: old.records, newRecords: records)
        else { return nil }
        let offset = rowStart(to) - old.rowStart(from)  // exact: both exact sums
        guard SectionShift.isExact(offset) else { return nil }
        let lower = first == 0 ? 0 : rowStart(first)
        return SectionShift(firstChanged: first, movedFrom: from, movedTo: to, offset: offset, changedSpan: lower...rowStart(to))
    }

    /// The first record `edit` touches, and the first it only moves, before the edit and
    /// after: `nil` for a measurement (told apart elsewhere) or boundaries that do not fit
    /// `oldRecords` and `newRecords`.
    static func boundaries(of edit: DataEdit, oldRecords: Int, newRecords: Int) -> (first: Int, from: Int, to: Int)? {
        var first: Int, from: Int, to: Int
        switch edit {
        case .insertItems(let record, _, _, _), .deleteItems(let record, _):
            (first, from, to) = (record, record + 1, record + 1)
        case .moveItem(let a, let b):
            first = min(a.section, b.section)
            from = max(a.section, b.section) + 1
            to = from
        case .insertSections(let at, let counts, _):
            (first, from, to) = (at, at, at + counts.count)
        case .deleteSections(let records):
            (first, from, to) = (records.lowerBound, records.upperBound, records.lowerBound)
        case .setItemSizes:
            return nil
        }
        // The header row and the corner are record 0's, before and after: record 0 of either
        // side is laid again, never moved.
        if first == 0 && (from == 0 || to == 0) {
            guard from < oldRecords && to < newRecords else { return nil }
            from += 1
            to += 1
        }
        guard first >= 0, first <= from, first <= to, from <= oldRecords, to <= newRecords, oldRecords - from == newRecords - to
        else { return nil }
        return (first, from, to)
    }
}
