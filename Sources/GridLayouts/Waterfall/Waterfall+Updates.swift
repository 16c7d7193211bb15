import GridCore

// MARK: - Told measurements

extension Waterfall {
    /// Brings the waterfall up to date told what changed. A measurement
    /// (`DataEdit.setItemSizes(_:)`) re-lays each section that holds a measured item from
    /// the checkpoint before its first measured item (with lanes that do not depend on
    /// heights, only to the checkpoint after its last, moving each column after that by
    /// what it grew), and moves the sections after it by the change in where it ends;
    /// anything else prepares again.
    ///
    /// Every answer afterwards is that of a fresh ``prepare(data:container:)`` with `data`,
    /// bit for bit:
    /// - a section's items are re-laid by the loop `prepare` runs, from the column heights
    ///   and the lowest bottom it kept at that checkpoint, which the items before it
    ///   (unchanged) fixed: the same operations on the same values;
    /// - the sections after one that was re-laid are moved, not re-laid, only when every sum
    ///   is exact (the spacings, insets, header and footer heights and every item height
    ///   multiples of 2⁻¹⁰, such as whole or half points, and the content below 2⁴²): then a
    ///   coordinate is the exact sum of what is above it, whatever the order of the
    ///   additions, and its old value plus the change is what summing gives again. With sums
    ///   that are not exact the waterfall prepares again.
    ///
    /// - Throws: as ``prepare(data:container:)``; the layout then keeps its previous state.
    /// - Complexity: for a measurement of `m` items in `a` sections, the first `s₁`, with
    ///   `c_s` items in section `s`, measured between items `i_s` and `j_s`, `N` the items
    ///   after `s₁`'s and `S′` the sections after it: O(m·a + Σ_s R_s + k·N/B + S′), each
    ///   later section's top, footer and `k` column heights per checkpoint moved, where a
    ///   measured section is re-laid at
    ///   - ``ColumnChoice/rebalance`` lanes (k > 1), `R_s = k·(c_s − B·⌊i_s/B⌋)`: from the
    ///     checkpoint before `i_s` to the section's end, since an item's lane depends on every
    ///     height before it in its section;
    ///   - lanes placed by estimate (``ColumnChoice/stable``) or one column,
    ///     `R_s = k·(B·(⌊j_s/B⌋ − ⌊i_s/B⌋ + 2) + c_s/B)`: the items between the checkpoints
    ///     around the measured ones, then each later checkpoint's column heights moved by
    ///     their column's growth, then the last ≤ B items for where the section ends. A
    ///     viewport's batch (a few neighbouring items) costs O(k·B + k·c_s/B).
    ///
    ///   The first measurement after a prepare without estimated sizes adds O(n) once, to
    ///   learn whether every sum is exact. Otherwise (no measurement, sums not exact) that of ``prepare(data:container:)``.
    ///   Allocates nothing (the batch is written into the layout's own sizes: O(n) once,
    ///   when they are still shared with the caller's).
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
    /// its lanes (they depend only on its own items).
    /// - Complexity: O(m·a + Σ_s k·(c_s − B·⌊i_s/B⌋)) for the measured sections (as the
    ///   re-lay itself); O(1) otherwise. Allocates nothing (the column heights live on the
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
        var changes = 0
        var section = -1
        while let next = Self.nextMeasuredSection(items, after: section) {
            section = next
            guard let measured = Self.measuredItems(items, in: section) else { continue }
            let first = data.sectionStarts[section], count = data.itemCounts[section]
            let m = measured.low / b
            let base = (checkpointStarts[section] + m) * k
            withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * k) { heights in
                var j = 0
                while j < k {
                    heights[j] = checkpoints[base + j]
                    heights[k + j] = checkpoints[base + j]
                    j += 1
                }
                let before = UnsafeMutableBufferPointer(rebasing: heights[0..<k])
                let after = UnsafeMutableBufferPointer(rebasing: heights[k..<(2 * k)])
                let v = prepared.itemSpacing
                var item = m * b
                while item < count {
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
        let k = config.columns, b = Self.checkpointInterval, f = config.footerHeight
        let sectionCount = data.sectionCount
        var offset = 0.0
        var heightChange = 0.0
        var lastMeasured = firstSection
        // A scope, so that nothing holds the old sizes once it ends (`takeMeasurement`
        // writes them in place).
        do {
            let oldHeight = ItemHeight(config, data: self.data, columnWidth: columnWidth)
            let newHeight = ItemHeight(config, data: data, columnWidth: columnWidth)
            var section = firstSection
            // Moved out, so that the loop writes them in place while reading the rest of `self`.
            var checkpoints: [Double] = [], lowests: [Double] = [], tops: [Double] = [], footers: [Double] = []
            swap(&checkpoints, &self.checkpoints)
            swap(&lowests, &self.lowests)
            swap(&tops, &sectionTops)
            swap(&footers, &footerTops)
            let checkpointStarts = self.checkpointStarts
            checkpoints.withUnsafeMutableBufferPointer { checkpoints in
                lowests.withUnsafeMutableBufferPointer { lowests in
                    while section < sectionCount {
                        let isMeasured = Self.measuredItems(items, in: section) != nil
                        if !isMeasured && offset == 0 {
                            // Nothing moves until the next measured section, if any.
                            guard let next = Self.nextMeasuredSection(items, after: section) else { break }
                            section = next
                            continue
                        }
                        let cpStart = checkpointStarts[section], cpEnd = checkpointStarts[section + 1]
                        if offset != 0 {
                            var i = cpStart * k
                            while i < cpEnd * k {
                                checkpoints[i] += offset
                                i += 1
                            }
                            i = cpStart
                            while i < cpEnd {
                                lowests[i] += offset
                                i += 1
                            }
                        }
                        if let measured = Self.measuredItems(items, in: section) {
                            let first = data.sectionStarts[section], count = data.itemCounts[section]
                            let m = measured.low / b
                            // The checkpoint after the last measured item's: in fixed lanes
                            // (placed by estimate, or one column) every item after it stays
                            // in its lane and moves by what its column grew.
                            let after = measured.high / b + 1
                            let fixedLanes = config.lanesByEstimate || k == 1
                            let walked = fixedLanes ? min(count, after * b) : count
                            // The heights replaced, summed over the items walked (a path
                            // measured twice in the batch counts once).
                            var oldSum = 0.0, newSum = 0.0
                            var item = m * b
                            while item < walked {
                                oldSum += oldHeight.of(first + item)
                                newSum += newHeight.of(first + item)
                                item += 1
                            }
                            heightChange += newSum - oldSum
                            var unused = 0.0
                            let footer: Double
                            if walked < count {
                                footer = Self.moveColumns(
                                    of: section, from: m, to: after, data: data, config: config, height: newHeight,
                                    checkpointStart: cpStart, checkpointEnd: cpEnd, checkpoints: checkpoints, lowests: lowests)
                            } else {
                                footer = Self.layItems(
                                    of: section, fromCheckpoint: m, data: data, config: config, height: newHeight,
                                    checkpointStart: cpStart, checkpoints: checkpoints, lowests: lowests,
                                    heightSum: &unused)
                            }
                            let next = footer + f
                            offset = next - tops[section + 1]
                            footers[section] = footer
                            tops[section + 1] = next
                            lastMeasured = section
                        } else {
                            footers[section] += offset
                            tops[section + 1] += offset
                        }
                        section += 1
                    }
                }
            }
            swap(&checkpoints, &self.checkpoints)
            swap(&lowests, &self.lowests)
            swap(&tops, &sectionTops)
            swap(&footers, &footerTops)
        }
        heightSum += heightChange
        takeMeasurement(items, data: data)
        meanLine = (data.totalItems > 0 ? heightSum / Double(data.totalItems) : config.itemHeight) + config.itemSpacing
        preparedTraits.lineHeight = meanLine > 0 ? meanLine : nil
        contentSize = Size(width: container.width, height: sectionTops[sectionCount])
        let moved = lastMeasured + 1
        guard SectionShift.isExact(offset) else { return nil }
        return SectionShift(
            firstChanged: firstSection, movedFrom: moved, movedTo: moved, offset: offset,
            changedSpan: sectionTops[firstSection]...sectionTops[moved])
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
    /// checkpoint by what that column grew, and returns where the section ends, replayed
    /// from its last checkpoint. For lanes that do not depend on heights (placed by
    /// estimate, or one column) and exact sums only: an item after `after·B` keeps its lane,
    /// and its column's height before it is the old one plus the column's growth, bit for
    /// bit. With exact sums an item's bottom is its column's next height less `v`, and the
    /// lowest bottom kept at a checkpoint is the largest of those over the columns that
    /// hold an item by then.
    /// - Complexity: O(k·B·(after − m) + k·(c/B − after) + k·B) for c items.
    private static func moveColumns(
        of section: Int, from m: Int, to after: Int, data: DataShape, config: Configuration, height: ItemHeight,
        checkpointStart: Int, checkpointEnd: Int, checkpoints: UnsafeMutableBufferPointer<Double>, lowests: UnsafeMutableBufferPointer<Double>
    ) -> Double {
        let k = config.columns, b = checkpointInterval, v = config.itemSpacing
        withUnsafeTemporaryAllocation(of: Double.self, capacity: k) { growth in
            let base = (checkpointStart + after) * k
            var j = 0
            while j < k {
                growth[j] = checkpoints[base + j]
                j += 1
            }
            var unusedSum = 0.0
            _ = layItems(
                of: section, fromCheckpoint: m, through: after * b, data: data, config: config, height: height,
                checkpointStart: checkpointStart, checkpoints: checkpoints, lowests: lowests,
                heightSum: &unusedSum)
            j = 0
            while j < k {
                growth[j] = checkpoints[base + j] - growth[j]
                j += 1
            }
            var index = checkpointStart + after + 1
            while index < checkpointEnd {
                let filled = min(k, (index - checkpointStart) * b)
                var lowest = -Double.infinity
                j = 0
                while j < k {
                    checkpoints[index * k + j] += growth[j]
                    if j < filled { lowest = max(lowest, checkpoints[index * k + j] - v) }
                    j += 1
                }
                lowests[index] = lowest
                index += 1
            }
        }
        var unusedSum = 0.0
        return layItems(
            of: section, fromCheckpoint: checkpointEnd - 1 - checkpointStart, data: data, config: config, height: height,
            checkpointStart: checkpointStart, checkpoints: checkpoints, lowests: lowests,
            heightSum: &unusedSum)
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
    /// and says what a measurement did: the sections from the first measured one to the last
    /// were laid again, those before kept, those after moved by the change in where the last
    /// measured one ends. `nil` when it prepared again (anything but a measurement, sums
    /// that are not exact).
    ///
    /// - Throws: as ``prepare(data:container:invalidation:)``; the layout then keeps its
    ///   previous state.
    /// - Complexity: that of ``prepare(data:container:invalidation:)``.
    public mutating func prepareReportingShift(data: DataShape, container: Size, invalidation: Invalidation) throws(GridError) -> SectionShift? {
        try update(data: data, container: container, invalidation: invalidation)
    }
}
