import GridCore

// MARK: - Told measurements

extension ColumnarGrouped {
    /// Brings the layout up to date told what changed. A measurement
    /// (`DataEdit.setItemSizes(_:)`) is followed from the first measured section on: each
    /// section from there takes its column again by ``Configuration/placement`` (in
    /// ``ColumnChoice/stable`` placement the one it had) and its new top; a measured section's
    /// items are walked again from the checkpoint before its first measured item to the
    /// checkpoint after its last one, and everything after that moves by what the walk
    /// changed; a section with no measured item moves as a whole. An edit that renames
    /// items or sections prepares again and says what moved (see `followEdit`). Anything
    /// else prepares again.
    ///
    /// Moving rather than summing again gives the sums of a fresh
    /// ``prepare(data:container:)`` bit for bit only when every sum is exact (the section
    /// spacing, header and footer heights and every item height multiples of 2⁻¹⁰, such as
    /// whole or half points, and the content below 2⁴²): a coordinate is then the exact sum
    /// of what is above it, whatever the order of the additions. With sums that are not
    /// exact the layout prepares again.
    ///
    /// - Throws: as ``prepare(data:container:)``; the layout then keeps its previous state.
    /// - Complexity: for a measurement of `m` items in `a` sections, the first `s₁`,
    ///   O(m·a + k·log S + (S − s₁) + Σ (j_s − i_s + B) + N/B): the column heights before
    ///   `s₁` found by a binary search per column, then O(1) per later section, the items of
    ///   each measured section from the checkpoint before its first measured item `i_s` to
    ///   its last `j_s`, and one addition per checkpoint of the `N` items after; plus O(S + k)
    ///   when a section changed columns (``ColumnChoice/rebalance``). A one-column feed
    ///   measured near item `i` of `c` pays O(B + (c − i)/B). The first measurement after a
    ///   prepare without estimated sizes adds O(n) once, to learn whether every sum is exact.
    ///   Otherwise (no measurement, sums not exact) that of ``prepare(data:container:)``.
    ///   Allocates nothing.
    ///
    /// An edit that renames items or sections prepares again: saying what it moved
    /// (``prepareReportingShift(data:container:invalidation:)``) costs an O(n) check of
    /// every height at the first edit after a prepare, which only a cache needs.
    public mutating func prepare(data: DataShape, container: Size, invalidation: Invalidation) throws(GridError) {
        _ = try update(data: data, container: container, invalidation: invalidation, reportingEdits: false)
    }

    /// Sections that changed column because of a told measurement since the layout was
    /// made: for each `DataEdit.setItemSizes` it is told, the sections whose column after
    /// it differs from their column before it, whether it follows the measurement in place
    /// or prepares again. Always 0 with ``ColumnChoice/stable`` placement or one column.
    /// Never reset by a prepare.
    public var laneChanges: Int? { laneChangeCount }

    /// ``prepare(data:container:invalidation:)``, saying what it did when it followed a
    /// measurement in one column (`SectionShift`); `nil` otherwise.
    private mutating func update(
        data: DataShape, container: Size, invalidation: Invalidation, reportingEdits: Bool
    ) throws(GridError) -> SectionShift? {
        if reportingEdits, case .edited(let edit) = invalidation.data, let sections = Self.editedSections(edit, old: self.data, new: data) {
            return try followEdit(edit, sections, data: data, container: container)
        }
        guard case .edited(.setItemSizes(let items)) = invalidation.data,
              let firstSection = measuredSections(items, data: data),
              isPrepared, configuration == prepared, container.width == containerWidth,
              container.height.isFinite, container.height >= 0, knowsSumsAreExact(),
              let bound = contentBound(after: items, data: data), bound < 0x1p42
        else {
            // A measurement prepared again: its column changes counted against the columns
            // before (kept by reference: the prepare makes new arrays anyway). Anything else
            // counts nothing and keeps nothing.
            var before: [Int32] = []
            if case .edited(.setItemSizes) = invalidation.data, isPrepared, configuration == prepared, container.width == containerWidth {
                before = sectionColumns
            }
            try prepare(data: data, container: container)
            if !before.isEmpty, before.count == sectionColumns.count {
                var section = 0
                while section < before.count {
                    if before[section] != sectionColumns[section] { laneChangeCount += 1 }
                    section += 1
                }
            }
            return nil
        }
        let config = prepared
        let k = config.columns, b = Self.checkpointInterval
        let s = config.sectionSpacing, t = config.headerHeight, f = config.footerHeight
        let sectionCount = data.sectionCount
        let stable = config.placementEstimate != nil
        var heightChange = 0.0
        var columnsChanged = false
        var moves = 0
        var lastMeasured = firstSection
        var lastChange = 0.0
        // Where what the walks laid again starts and ends (in one column: the shift reported).
        var firstItem = 0, firstY = 0.0, lastStop = 0
        // Moved out, so that the loop writes them in place while reading the rest of `self`.
        var checkpoints: [Double] = [], tops: [Double] = [], ends: [Double] = [], columns: [Int32] = []
        swap(&checkpoints, &self.checkpoints)
        swap(&tops, &sectionTops)
        swap(&ends, &itemEnds)
        swap(&columns, &sectionColumns)
        // A scope, so that nothing holds the old sizes once it ends (`takeMeasurement`
        // writes them in place).
        let contentHeight: Double
        do {
            let oldSizes = self.data.itemSizes, newSizes = data.itemSizes
            contentHeight = withUnsafeTemporaryAllocation(of: Double.self, capacity: k) { heights in
                // Each column's height before the first measured section: below the footer of
                // its last section before it, else 0.
                var j = 0
                while j < k {
                    var low = columnStarts[j], high = columnStarts[j + 1]
                    let start = low
                    while low < high {
                        let mid = (low + high) / 2
                        if Int(columnSections[mid]) < firstSection { low = mid + 1 } else { high = mid }
                    }
                    heights[j] = low > start ? ends[Int(columnSections[low - 1])] + f : 0
                    j += 1
                }
                checkpoints.withUnsafeMutableBufferPointer { checkpoints in
                    var section = firstSection
                    while section < sectionCount {
                        // The section's column, by the rule of `prepare`.
                        var j = 0
                        if stable {
                            j = Int(columns[section])
                        } else {
                            var column = 1
                            while column < k {
                                if heights[column] < heights[j] { j = column }
                                column += 1
                            }
                            if j != Int(columns[section]) {
                                columns[section] = Int32(j)
                                columnsChanged = true
                                moves += 1
                            }
                        }
                        let top = heights[j] + s
                        let cpStart = checkpointStarts[section], cpEnd = checkpointStarts[section + 1]
                        // The whole section moves with its top …
                        let moved = top - tops[section]
                        let endBefore = ends[section]
                        if moved != 0 {
                            Self.shift(checkpoints, cpStart..<cpEnd, by: moved)
                            tops[section] = top
                            ends[section] += moved
                        }
                        // … and a measured one is walked again across its measured items, what
                        // follows them moving by what the walk changed.
                        if let measured = Self.measuredItems(items, in: section) {
                            let lastItem = measured.high
                            let count = data.itemCounts[section], first = data.sectionStarts[section]
                            let m = measured.low / b
                            let stop = min(count, (lastItem / b + 1) * b)
                            var y = m == 0 ? top + t : checkpoints[cpStart + m - 1]
                            if section == firstSection {
                                firstItem = m * b
                                firstY = m == 0 ? top : y
                            }
                            var oldSum = 0.0, newSum = 0.0
                            var item = m * b
                            while item < stop {
                                if item > 0 && item % b == 0 { checkpoints[cpStart + item / b - 1] = y }
                                let h = newSizes?[first + item].height ?? config.itemHeight
                                oldSum += oldSizes?[first + item].height ?? config.itemHeight
                                newSum += h
                                y += h
                                item += 1
                            }
                            heightChange += newSum - oldSum
                            if stop < count {
                                // Item `stop` starts at checkpoint `stop/B`: it and all after move.
                                let next = cpStart + stop / b - 1
                                let change = y - checkpoints[next]
                                if change != 0 {
                                    Self.shift(checkpoints, next..<cpEnd, by: change)
                                    ends[section] += change
                                }
                            } else {
                                ends[section] = y
                            }
                            lastMeasured = section
                            lastChange = ends[section] - endBefore
                            lastStop = stop < count ? stop : 0
                        }
                        heights[j] = ends[section] + f
                        section += 1
                    }
                }
                var tallest = heights[0]
                j = 1
                while j < k {
                    tallest = max(tallest, heights[j])
                    j += 1
                }
                return sectionCount == 0 ? 0 : tallest + s
            }
        }
        swap(&checkpoints, &self.checkpoints)
        swap(&tops, &sectionTops)
        swap(&ends, &itemEnds)
        swap(&columns, &sectionColumns)
        laneChangeCount += moves
        if columnsChanged {
            Self.sortByColumn(sectionColumns, into: &columnSections, starts: &columnStarts)
        }
        heightSum += heightChange
        takeMeasurement(items, data: data)
        meanItemHeight = data.totalItems > 0 ? heightSum / Double(data.totalItems) : config.itemHeight
        preparedTraits.lineHeight = meanItemHeight > 0 ? meanItemHeight : nil
        contentSize = Size(width: container.width, height: contentHeight)
        // In one column everything after the last measured item's checkpoint moves by what
        // that section's end moved (the items after it, its footer, the later sections); in
        // more, each column by its own. The walk laid again from the checkpoint before the
        // first measured item (the header too from item 0).
        guard k == 1, SectionShift.isExact(lastChange) else { return nil }
        let movedFrom = lastStop > 0 ? lastMeasured : lastMeasured + 1
        let upper = lastStop > 0
            ? self.checkpoints[checkpointStarts[lastMeasured] + lastStop / b - 1]
            : itemEnds[lastMeasured] + f
        return SectionShift(
            firstChanged: firstSection, firstChangedItem: firstItem, movedFrom: movedFrom, movedFromItem: lastStop,
            movedTo: movedFrom, offset: lastChange, changedSpan: firstY...upper)
    }

    /// Makes `data`, the data after the measurement `items`, the data laid out, by writing
    /// `items` into the layout's own copy in place rather than keeping `data`'s storage:
    /// a viewport that writes each frame's batch into its own data would otherwise find its
    /// sizes shared with the layout's and copy all n of them every frame. Takes the
    /// measurement's word that it leads from the old data to `data` (the caller's promise,
    /// ``Invalidation``), as the tile grid takes an edit's.
    /// - Complexity: O(m) for m entries (O(n) once, when the layout's sizes are shared).
    private mutating func takeMeasurement(_ items: [SizedItem], data: DataShape) {
        do {
            try self.data.setItemSizes(items)
        } catch {
            self.data = data
        }
    }

    /// Adds `offset` to `checkpoints[range]`.
    @inline(__always)
    private static func shift(_ checkpoints: UnsafeMutableBufferPointer<Double>, _ range: Range<Int>, by offset: Double) {
        var i = range.lowerBound
        while i < range.upperBound {
            checkpoints[i] += offset
            i += 1
        }
    }

    /// Whether every sum of the layout as prepared is exact (`sumsAreExact`), worked out on
    /// the first call after a prepare and kept: the measurements that follow write only
    /// heights checked exact (`contentBound`).
    /// - Complexity: O(n) on the first call after a prepare, then O(1).
    mutating func knowsSumsAreExact() -> Bool {
        if let known = sumsAreExact { return known }
        let config = prepared
        var exact = Self.isExact(config.sectionSpacing) && Self.isExact(config.headerHeight) && Self.isExact(config.footerHeight)
        var flat = 0
        while exact && flat < data.totalItems {
            exact = Self.isExact(itemHeight(flat: flat))
            flat += 1
        }
        sumsAreExact = exact
        return exact
    }

    /// The first section of a measurement `items` of `data` that this layout can follow:
    /// `nil` when there is nothing to follow (no entry) or the data is not what the
    /// measurement says it left (other counts, no sizes, a path outside the data).
    /// - Complexity: O(m) for m entries.
    private func measuredSections(_ items: [SizedItem], data: DataShape) -> Int? {
        guard !items.isEmpty, data.itemSizes != nil, self.data.itemSizes != nil,
              data.sectionCount == self.data.sectionCount, data.totalItems == self.data.totalItems
        else { return nil }
        var first = Int.max
        var index = 0
        while index < items.count {
            let path = items[index].path
            guard data.contains(path), self.data.contains(path) else { return nil }
            first = min(first, path.section)
            index += 1
        }
        return first
    }

    /// The smallest and largest measured items of `section`, `nil` when none.
    /// - Complexity: O(m).
    private static func measuredItems(_ items: [SizedItem], in section: Int) -> (low: Int, high: Int)? {
        var low = Int.max, high = -1
        var index = 0
        while index < items.count {
            let path = items[index].path
            if path.section == section {
                low = min(low, path.item)
                high = max(high, path.item)
            }
            index += 1
        }
        return high < 0 ? nil : (low, high)
    }

    /// An upper bound on every coordinate along y after the measurement `items`, when every
    /// sum before it was exact and the measured heights are (`nil` otherwise): the content
    /// holds at most every section's spacing, header and footer and every item (plus one
    /// section spacing below), and a measurement adds at most what its items grew by.
    /// - Complexity: O(m).
    private func contentBound(after items: [SizedItem], data: DataShape) -> Double? {
        guard sumsAreExact == true, let oldSizes = self.data.itemSizes, let newSizes = data.itemSizes else { return nil }
        var growth = 0.0
        var index = 0
        while index < items.count {
            guard let flat = data.flatIndex(of: items[index].path), Self.isExact(newSizes[flat].height) else { return nil }
            growth += max(0, newSizes[flat].height - oldSizes[flat].height)
            index += 1
        }
        let config = prepared
        let perSection = config.sectionSpacing + config.headerHeight + config.footerHeight
        return heightSum + growth + Double(data.sectionCount + 1) * perSection
    }
}

// MARK: - Told edits

extension ColumnarGrouped {
    /// The sections an edit that renames items or sections (inserts, deletes and moves of
    /// items and sections) lays again: every section before `first` is untouched, sections
    /// `first ..< movedTo` of `new` are the edited or inserted ones (and, for an item moved
    /// between sections, those between), and section `movedFrom + j` of `old` is section
    /// `movedTo + j` of `new`, with the same items. `nil` for a measurement (followed on its
    /// own) or an edit that does not lead from `old` to `new`.
    /// - Complexity: O(1).
    static func editedSections(_ edit: DataEdit, old: DataShape, new: DataShape) -> (first: Int, movedFrom: Int, movedTo: Int)? {
        let sections = old.sectionCount
        let found: (first: Int, movedFrom: Int, movedTo: Int)
        switch edit {
        case .insertItems(let section, _, _, _), .deleteItems(let section, _):
            guard section >= 0, section < sections, new.sectionCount == sections else { return nil }
            found = (section, section + 1, section + 1)
        case .insertSections(let at, let counts, _):
            guard at >= 0, at <= sections, new.sectionCount == sections + counts.count else { return nil }
            found = (at, at, at + counts.count)
        case .deleteSections(let range):
            guard range.lowerBound >= 0, range.upperBound <= sections, new.sectionCount == sections - range.count else { return nil }
            found = (range.lowerBound, range.upperBound, range.lowerBound)
        case .moveItem(let from, let to):
            let low = min(from.section, to.section), high = max(from.section, to.section)
            guard low >= 0, high < sections, new.sectionCount == sections else { return nil }
            found = (low, high + 1, high + 1)
        case .setItemSizes:
            return nil
        }
        return found
    }

    /// Follows an edit that renames items or sections: the layout is laid again whole (its
    /// prepare is O(n + S·k), a few microseconds at the bundled sizes: a section's column
    /// depends on every section before it, and in several columns an edit near the top sends
    /// most later sections to another column), and says what moved. Every section the edit
    /// did not touch is the same section, items and all, so it moved whole: the sections
    /// before the first edited one are kept (nothing above them changed), and each later one
    /// moved by an offset of its own, along x when it changed columns and along y by what its
    /// column grew above it: a `SectionShift` of sections that move apart
    /// (`SectionShift.apart`), or, in one column, of all the later sections by one offset
    /// along y.
    ///
    /// Promised only when every coordinate is exact (multiples of 2⁻¹⁰ below 2⁴²: the
    /// heights, spacings and column origins), so that a cache adding the offsets gets these
    /// frames bit for bit; `nil` otherwise, and after a change of parameters or width.
    ///
    /// - Throws: as ``prepare(data:container:)``; the layout then keeps its previous state.
    /// - Complexity: O(n + S·k), that of ``prepare(data:container:)``; O(n) more the first time
    ///   after a prepare, to learn whether every sum is exact (then only the inserted heights
    ///   are checked).
    private mutating func followEdit(
        _ edit: DataEdit, _ sections: (first: Int, movedFrom: Int, movedTo: Int), data: DataShape, container: Size
    ) throws(GridError) -> SectionShift? {
        let promised = isPrepared && configuration == prepared && container.width == containerWidth
        // Before the prepare, which forgets it: whether every height so far is exact.
        let wasExact = promised && knowsSumsAreExact()
        let oldEnd = promised && sections.movedFrom > 0 && sections.movedFrom <= sectionTops.count
            ? sectionEnd(sections.movedFrom - 1) : 0
        try prepare(data: data, container: container)
        guard wasExact else { return nil }
        // The heights the edit brought in, the only ones not checked before.
        var exact = true
        var flat: Range<Int> = 0..<0
        switch edit {
        case .insertItems(let section, let item, let count, _):
            guard item >= 0, count >= 0 else { return nil }
            let start = data.sectionStarts[section] + item
            flat = start..<(start + count)
        case .insertSections(let at, let counts, _):
            flat = data.sectionStarts[at]..<data.sectionStarts[at + counts.count]
        default:
            break
        }
        // The caller's word that the edit leads to `data` (`Invalidation`) is not trusted
        // with an index: a range outside the data promises nothing.
        guard flat.lowerBound >= 0, flat.upperBound <= data.totalItems else { return nil }
        var index = flat.lowerBound
        while exact && index < flat.upperBound {
            exact = Self.isExact(itemHeight(flat: index))
            index += 1
        }
        sumsAreExact = exact
        let k = prepared.columns
        guard exact, contentSize.height < 0x1p41, Self.isExact(prepared.columnSpacing), Self.isExact(columnWidth),
              columnX(k - 1) + columnWidth < 0x1p41
        else { return nil }
        if k > 1 {
            return .apart(firstChanged: sections.first, movedFrom: sections.movedFrom, movedTo: sections.movedTo)
        }
        // One column: the sections stack, and every later one moves by where the edited ones
        // now end, less where they ended.
        let newEnd = sections.movedTo > 0 ? sectionEnd(sections.movedTo - 1) : 0
        let top = sections.first < sectionTops.count ? sectionTops[sections.first] : newEnd
        let offset = newEnd - oldEnd
        guard sections.first == sections.movedTo || sections.first < sectionTops.count, SectionShift.isExact(offset) else { return nil }
        let lower = sections.first < sections.movedTo ? top : newEnd
        return SectionShift(
            firstChanged: sections.first, movedFrom: sections.movedFrom, movedTo: sections.movedTo, offset: offset,
            changedSpan: lower...max(lower, newEnd))
    }
}

// MARK: - What a measurement did

extension ColumnarGrouped: SectionShiftReporting {
    /// Brings the layout up to date told what changed (``prepare(data:container:invalidation:)``),
    /// and says what it did:
    /// - a measurement in one column: the sections from the first measured one to the last
    ///   were laid again, those before kept, those after moved by the change in where the
    ///   last measured one ends; `nil` for a measurement in more than one column;
    /// - an edit that renames items or sections: the sections it touched laid again, those
    ///   before kept, each later one moved whole, in several columns by an offset of its own
    ///   along x and y (`SectionShift.apart`, sections that move apart), in one column all by
    ///   one offset along y;
    ///
    /// and `nil` whenever it prepared again otherwise or a coordinate is not exact.
    ///
    /// - Throws: as ``prepare(data:container:invalidation:)``; the layout then keeps its
    ///   previous state.
    /// - Complexity: that of ``prepare(data:container:invalidation:)``.
    public mutating func prepareReportingShift(data: DataShape, container: Size, invalidation: Invalidation) throws(GridError) -> SectionShift? {
        try update(data: data, container: container, invalidation: invalidation, reportingEdits: true)
    }
}
