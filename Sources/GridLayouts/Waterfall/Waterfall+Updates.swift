import GridCore

// MARK: - Told measurements

extension Waterfall {
    /// Brings the waterfall up to date told what changed. A measurement
    /// (`DataEdit.setItemSizes(_:)`) re-lays each section that holds a measured item from
    /// the checkpoint before its first measured item (with lanes that do not depend on
    /// heights, only to the checkpoint after its last, then moving each column's heights at
    /// every later checkpoint of the section by what it grew), and moves the sections after
    /// it by the change in where it ends. Inserts, deletes and moves of items and sections
    /// are followed in place too (`followEdit`, in `Waterfall+Edits.swift`: the edited
    /// sections re-laid from the checkpoint before their first changed item, the later ones
    /// moved by one offset, O(k·(c_s − B·⌊p/B⌋) + S′ + k·log C) for an edit at item p of
    /// section s); anything else prepares again. The moves are range
    /// updates of per-column Fenwick trees over the checkpoints, O(log C) each for C
    /// checkpoints in all, not one write per checkpoint.
    ///
    /// Every answer afterwards is that of a fresh ``prepare(data:container:)`` with `data`,
    /// bit for bit:
    /// - a section's items are re-laid by the loop `prepare` runs, from the column heights
    ///   it kept at that checkpoint, which the items before it (unchanged) fixed: the same
    ///   operations on the same values;
    /// - checkpoints and sections are moved, not re-laid, only when every sum is exact (the
    ///   spacings, insets, header and footer heights and every item height multiples of
    ///   2⁻¹⁰, such as whole or half points, and the content below 2⁴²): then a coordinate
    ///   is the exact sum of what is above it, whatever the order of the additions, and its
    ///   old value plus the change is what summing gives again; the trees' sums are kept
    ///   exact too (their magnitudes bounded, folded into the heights before they could
    ///   round). With sums that are not exact the waterfall prepares again.
    ///
    /// - Throws: as ``prepare(data:container:)``; the layout then keeps its previous state.
    /// - Complexity: for a measurement of `m` items in `a` sections, the first `s₁`, with
    ///   `c_s` items in section `s` measured between items `i_s` and `j_s`, C checkpoints in
    ///   all (about n/B) and `S′` sections after `s₁`: O(m² + m·(a + S′) + Σ_s R_s), each
    ///   later section's top and footer moved, where a measured section costs
    ///   - lanes placed by estimate (``ColumnChoice/stable``) or one column:
    ///     `R_s = k·(B + log C)·(⌊j_s/B⌋ − ⌊i_s/B⌋ + 3)`: the items between the checkpoints
    ///     around the measured ones, re-laid and their checkpoints rewritten; two tree
    ///     updates per column for every later checkpoint of the section and two for every
    ///     later section; the last ≤ B items for where the section ends. A viewport's batch
    ///     (a few neighbouring items) costs O(k·(B + log C)), whatever n: no longer
    ///     `k·c_s/B` checkpoints moved one by one;
    ///   - ``ColumnChoice/rebalance`` lanes (k > 1), at most
    ///     `R_s = k·(c_s − B·⌊i_s/B⌋)·(1 + (log C)/B)`: from the checkpoint before `i_s` to
    ///     the section's end, since an item's lane depends on every height before it in its
    ///     section; the re-lay (and the count of lane changes) stops early, with the rest
    ///     moved as one in O(k·log C), at the first checkpoint after `j_s` where every column
    ///     has moved by the same amount (at once when the measured heights are those they
    ///     replace), which a measurement that changes heights rarely reaches. So `rebalance`
    ///     stays O(k·c_s) per measurement: a measurement near the top of a section of a
    ///     million items re-lays a million items.
    ///
    ///   The first measurement after a prepare without estimated sizes adds O(n) once, to
    ///   learn whether every sum is exact, and O(k·C) to make the trees. Otherwise (no
    ///   measurement, sums not exact) that of ``prepare(data:container:)``.
    ///   Allocates nothing (the batch is written into the layout's own sizes: O(n) once,
    ///   when they are still shared with the caller's; the trees are made by the prepare of
    ///   an estimated waterfall).
    public mutating func prepare(data: DataShape, container: Size, invalidation: Invalidation) throws(GridError) {
        _ = try update(data: data, container: container, invalidation: invalidation)
    }

    /// Items that changed lane because of a told measurement since the waterfall was made:
    /// for each `DataEdit.setItemSizes` it is told, the items whose column after it differs
    /// from their column before it, whether it follows the measurement in place or prepares
    /// again. Always 0 with ``ColumnChoice/stable`` lanes or one column, where an item's lane
    /// depends on no height. Never reset by a prepare.
    public var laneChanges: Int? { laneChangeCount }

    /// ``prepare(data:container:invalidation:)``, saying what it did when it followed a
    /// measurement (`SectionShift`); `nil` when it prepared again. Counts the lanes the
    /// measurement changed (``laneChanges``) once the update succeeded.
    private mutating func update(data: DataShape, container: Size, invalidation: Invalidation) throws(GridError) -> SectionShift? {
        let changes = laneChanges(of: invalidation, data: data, container: container)
        let shift = try relay(data: data, container: container, invalidation: invalidation)
        laneChangeCount &+= changes
        return shift
    }

    /// How many items a told measurement moves to another lane: 0 unless it is a
    /// measurement this waterfall, prepared with the same parameters and width, lays out in
    /// rebalanced lanes (k > 1). Each measured section is walked twice in step from the
    /// checkpoint before its first measured item to its end, with the heights before and
    /// after, and the lanes compared item by item; a section without a measured item keeps
    /// its lanes (they depend only on its own items). With exact sums the walk stops at the
    /// first checkpoint after the last measured item where every column moved by the same
    /// amount: from there on the lanes are the old ones (as the re-lay stops there too).
    /// - Complexity: O(m·a + Σ_s k·(c_s − B·⌊i_s/B⌋)) for the measured sections (as the
    ///   re-lay itself, at most); O(1) otherwise. Allocates nothing (the column heights live on the
    ///   stack).
    private func laneChanges(of invalidation: Invalidation, data: DataShape, container: Size) -> Int {
        guard case .edited(.setItemSizes(let items)) = invalidation.data, !items.isEmpty,
              isPrepared, configuration == prepared, !prepared.lanesByEstimate, prepared.columns > 1,
              container.width == containerWidth, data.itemSizes != nil,
              data.sectionCount == self.data.sectionCount, data.totalItems == self.data.totalItems
        else { return 0 }
        var index = 0
        while index < items.count {
            guard data.contains(items[index].path), self.data.contains(items[index].path) else { return 0 }
            index += 1
        }
        let k = prepared.columns, b = Self.checkpointInterval
        let oldHeight = ItemHeight(prepared, data: self.data, columnWidth: columnWidth)
        let newHeight = ItemHeight(prepared, data: data, columnWidth: columnWidth)
        let exact = sumsAreExact == true
        var changes = 0
        var section = -1
        while let next = Self.nextMeasuredSection(items, after: section) {
            section = next
            guard let measured = Self.measuredItems(items, in: section) else { continue }
            let first = data.sectionStarts[section], count = data.itemCounts[section]
            let m = measured.low / b
            let index = checkpointStarts[section] + m
            withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * k) { heights in
                var j = 0
                while j < k {
                    heights[j] = checkpoints[index, j]
                    heights[k + j] = heights[j]
                    j += 1
                }
                let before = UnsafeMutableBufferPointer(rebasing: heights[0..<k])
                let after = UnsafeMutableBufferPointer(rebasing: heights[k..<(2 * k)])
                let v = prepared.itemSpacing
                var item = m * b
                while item < count {
                    if exact && item % b == 0 && item > measured.high {
                        // Every column moved by the same amount: the lanes are the old ones
                        // from here on (see `layItems`).
                        let d = after[0] - before[0]
                        j = 1
                        while j < k && after[j] - before[j] == d { j += 1 }
                        if j == k { break }
                    }
                    let old = Self.lane(of: item, byEstimate: false, heights: UnsafeBufferPointer(before))
                    let new = Self.lane(of: item, byEstimate: false, heights: UnsafeBufferPointer(after))
                    if old != new { changes += 1 }
                    before[old] += oldHeight.of(first + item) + v
                    after[new] += newHeight.of(first + item) + v
                    item += 1
                }
            }
        }
        return changes
    }

    /// The update itself (``update(data:container:invalidation:)``).
    private mutating func relay(data: DataShape, container: Size, invalidation: Invalidation) throws(GridError) -> SectionShift? {
        if case .edited(let edit) = invalidation.data {
            if case .setItemSizes = edit {} else {
                // Inserts, deletes and moves (`followEdit`).
                if let followed = followEdit(edit, data: data, container: container) { return followed }
                try prepare(data: data, container: container)
                return nil
            }
        }
        guard case .edited(.setItemSizes(let items)) = invalidation.data,
              let firstSection = measuredSections(items, data: data),
              isPrepared, configuration == prepared, container.width == containerWidth,
              container.height.isFinite, container.height >= 0, knowsSumsAreExact(),
              let bound = contentBound(after: items, data: data), bound < 0x1p42
        else {
            try prepare(data: data, container: container)
            return nil
        }
        let config = prepared
        let b = Self.checkpointInterval, f = config.footerHeight
        let sectionCount = data.sectionCount
        // How far the sections after the one in hand move (their tops, footers and
        // checkpoints), and how far their checkpoints have been moved already.
        var offset = 0.0, moved = 0.0
        var heightChange = 0.0
        var lastMeasured = firstSection
        // A scope, so that nothing holds the old sizes once it ends (`takeMeasurement`
        // writes them in place).
        do {
            let oldHeight = ItemHeight(config, data: self.data, columnWidth: columnWidth)
            let newHeight = ItemHeight(config, data: data, columnWidth: columnWidth)
            // The heights replaced (a path measured twice in the batch counts once, at its
            // last size).
            var index = 0
            while index < items.count {
                let path = items[index].path
                var later = index + 1
                while later < items.count && items[later].path != path { later += 1 }
                if later == items.count, let flat = data.flatIndex(of: path) {
                    heightChange += newHeight.of(flat) - oldHeight.of(flat)
                }
                index += 1
            }
            var section = firstSection
            while section < sectionCount {
                guard let measured = Self.measuredItems(items, in: section) else {
                    if offset == 0 {
                        // Nothing moves until the next measured section, if any.
                        guard let next = Self.nextMeasuredSection(items, after: section) else { break }
                        section = next
                        continue
                    }
                    // Its checkpoints moved with the last measured section's (`moveAll`).
                    footerTops[section] += offset
                    sectionTops[section + 1] += offset
                    section += 1
                    continue
                }
                let cpEnd = checkpointStarts[section + 1]
                let footer = relayChangedItems(
                    of: section, low: measured.low, high: measured.high, moved: moved, data: data, height: newHeight).footer
                let next = footer + f
                offset = next - sectionTops[section + 1]
                footerTops[section] = footer
                sectionTops[section + 1] = next
                lastMeasured = section
                // Every later checkpoint, in O(k·log C) rather than k per checkpoint.
                checkpoints.moveAll(cpEnd..<checkpoints.count, by: offset - moved)
                moved = offset
                section += 1
            }
        }
        heightSum += heightChange
        takeMeasurement(items, data: data)
        meanLine = (data.totalItems > 0 ? heightSum / Double(data.totalItems) : config.itemHeight) + config.itemSpacing
        preparedTraits.lineHeight = meanLine > 0 ? meanLine : nil
        contentSize = Size(width: container.width, height: sectionTops[sectionCount])
        let movedFrom = lastMeasured + 1
        guard SectionShift.isExact(offset) else { return nil }
        return SectionShift(
            firstChanged: firstSection, movedFrom: movedFrom, movedTo: movedFrom, offset: offset,
            changedSpan: sectionTops[firstSection]...sectionTops[movedFrom])
    }

    /// Re-lays `section` of `data`, whose items `low...high` changed and every other item kept
    /// its index and height (a measurement, or an item moved inside the section), and returns
    /// where its items and bottom inset end and how many items it laid: from the checkpoint
    /// before `low`; with lanes that do not depend on heights (placed by estimate, or one
    /// column), only to the checkpoint after `high`, then moving each column's later
    /// checkpoints by what it grew (`moveColumns`); else to the first checkpoint after `high`
    /// where every column moved by the same amount, the rest moved as one, or to the end.
    /// `moved`: how far the section's checkpoints have been moved already. Exact sums only.
    /// - Complexity: see ``prepare(data:container:invalidation:)`` (`R_s`).
    mutating func relayChangedItems(
        of section: Int, low: Int, high: Int, moved: Double, data: DataShape, height: ItemHeight
    ) -> (footer: Double, laid: Int) {
        let config = prepared, b = Self.checkpointInterval
        let cpStart = checkpointStarts[section], cpEnd = checkpointStarts[section + 1]
        let count = data.itemCounts[section]
        let m = low / b
        // The checkpoint after the last changed item's: in fixed lanes (placed by
        // estimate, or one column) every item after it stays in its lane and moves
        // by what its column grew.
        let after = high / b + 1
        let fixedLanes = config.lanesByEstimate || config.columns == 1
        if fixedLanes && after * b < count {
            let footer = Self.moveColumns(
                of: section, from: m, to: after, data: data, config: config, height: height,
                checkpointStart: cpStart, checkpointEnd: cpEnd, checkpoints: &checkpoints)
            return (footer, (after - m) * b + count - (cpEnd - 1 - cpStart) * b)
        }
        var unused = 0.0
        let stopAfter = (item: high, oldEnd: footerTops[section] + moved)
        var stopped: (index: Int, by: Double)?
        let footer = checkpoints.withBuffers { base, tree in
            Self.layItems(
                of: section, fromCheckpoint: m, data: data, config: config, height: height,
                checkpointStart: cpStart, base: base, tree: tree, heightSum: &unused,
                stopAfter: stopAfter, stopped: &stopped)
        }
        guard let stopped else { return (footer, count - m * b) }
        checkpoints.moveAll(stopped.index..<cpEnd, by: stopped.by)
        return (footer, (stopped.index - cpStart - m) * b)
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

    /// Whether every sum of the layout as prepared is exact (`sumsAreExact`), worked out on
    /// the first call after a prepare and kept: the measurements that follow write only
    /// heights checked exact (`contentBound`).
    /// - Complexity: O(n) on the first call after a prepare, then O(1).
    mutating func knowsSumsAreExact() -> Bool {
        if let known = sumsAreExact { return known }
        var exact = Self.parametersAreExact(prepared)
        let height = ItemHeight(prepared, data: data, columnWidth: columnWidth)
        var flat = 0
        while exact && flat < data.totalItems {
            exact = Self.isExact(height.of(flat))
            flat += 1
        }
        sumsAreExact = exact
        return exact
    }

    /// The first section of a measurement `items` of `data` that this waterfall can follow:
    /// `nil` when there is nothing to re-lay (no entry) or the data is not what the
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

    /// Re-lays the items of `section` from checkpoint `m` to checkpoint `after` (every
    /// measured item lies between), then moves each column's heights at every later
    /// checkpoint by what that column grew (one range move per column,
    /// `CheckpointHeights.move`), and returns where the section ends, replayed from its last
    /// checkpoint. For lanes that do not depend on heights (placed by estimate, or one
    /// column) and exact sums only: an item after `after·B` keeps its lane, and its column's
    /// height before it is the old one plus the column's growth, bit for bit.
    /// - Complexity: O(k·B·(after − m) + k·log C + k·B), plus O(k·log C) per checkpoint
    ///   re-laid, for C checkpoints in all.
    private static func moveColumns(
        of section: Int, from m: Int, to after: Int, data: DataShape, config: Configuration, height: ItemHeight,
        checkpointStart: Int, checkpointEnd: Int, checkpoints: inout CheckpointHeights
    ) -> Double {
        let k = config.columns, b = checkpointInterval
        let index = checkpointStart + after
        withUnsafeTemporaryAllocation(of: Double.self, capacity: k) { growth in
            var j = 0
            while j < k {
                growth[j] = checkpoints[index, j]
                j += 1
            }
            var unusedSum = 0.0
            var stopped: (index: Int, by: Double)?
            _ = checkpoints.withBuffers { base, tree in
                layItems(
                    of: section, fromCheckpoint: m, through: after * b, data: data, config: config, height: height,
                    checkpointStart: checkpointStart, base: base, tree: tree, heightSum: &unusedSum, stopped: &stopped)
            }
            j = 0
            while j < k {
                checkpoints.move(j, (index + 1)..<checkpointEnd, by: checkpoints[index, j] - growth[j])
                j += 1
            }
        }
        var unusedSum = 0.0
        var stopped: (index: Int, by: Double)?
        return checkpoints.withBuffers { base, tree in
            layItems(
                of: section, fromCheckpoint: checkpointEnd - 1 - checkpointStart, data: data, config: config, height: height,
                checkpointStart: checkpointStart, base: base, tree: tree, heightSum: &unusedSum, stopped: &stopped)
        }
    }

    /// The first section after `section` that holds a measured item, `nil` when none.
    /// - Complexity: O(m).
    private static func nextMeasuredSection(_ items: [SizedItem], after section: Int) -> Int? {
        var found = Int.max
        var index = 0
        while index < items.count {
            let s = items[index].path.section
            if s > section { found = min(found, s) }
            index += 1
        }
        return found == Int.max ? nil : found
    }

    /// An upper bound on every coordinate along y after the measurement `items`, when every
    /// sum before it was exact and the parameters are (`nil` otherwise): the content holds
    /// at most every section's header, insets and footer and every item plus its spacing,
    /// and a measurement adds at most what its items grew by.
    /// - Complexity: O(m).
    private func contentBound(after items: [SizedItem], data: DataShape) -> Double? {
        guard sumsAreExact == true else { return nil }
        let config = prepared
        let oldHeight = ItemHeight(config, data: self.data, columnWidth: columnWidth)
        let newHeight = ItemHeight(config, data: data, columnWidth: columnWidth)
        var growth = 0.0
        var index = 0
        while index < items.count {
            guard let flat = data.flatIndex(of: items[index].path), Self.isExact(newHeight.of(flat)) else { return nil }
            growth += max(0, newHeight.of(flat) - oldHeight.of(flat))
            index += 1
        }
        let sections = Double(data.sectionCount)
        let perSection = config.headerHeight + config.footerHeight + config.insets.top + config.insets.bottom
        return heightSum + growth + Double(data.totalItems) * config.itemSpacing + sections * perSection
    }
}

// MARK: - What a measurement did

extension Waterfall: SectionShiftReporting {
    /// Brings the waterfall up to date told what changed (``prepare(data:container:invalidation:)``),
    /// and says what a measurement or an edit did: the sections from the first measured (or
    /// edited, or inserted) one to the last were laid again, those before kept, those after
    /// moved by the change in where the last one ends (renumbered by the sections an edit
    /// inserted or deleted). Never a boundary inside a section: after an insert the later
    /// items of its section are renamed, and in several columns they move by their column's
    /// shift, not by one offset. `nil` when it prepared again (a reload, a new width, sums
    /// that are not exact).
    ///
    /// - Throws: as ``prepare(data:container:invalidation:)``; the layout then keeps its
    ///   previous state.
    /// - Complexity: that of ``prepare(data:container:invalidation:)``.
    public mutating func prepareReportingShift(data: DataShape, container: Size, invalidation: Invalidation) throws(GridError) -> SectionShift? {
        try update(data: data, container: container, invalidation: invalidation)
    }
}
