import GridCore

// MARK: - Told edits

extension Waterfall {
    /// Follows a batch update that renames items or sections (`DataEdit` inserts, deletes and
    /// moves of items and sections) in place, without laying out again the sections it leaves
    /// alone: `nil` when it cannot (then the caller prepares again), else what it did, the
    /// `SectionShift` when one offset describes it (`.some(nil)` when none does).
    ///
    /// What is re-laid, and why it is exact (every answer afterwards is a fresh
    /// ``prepare(data:container:)``'s, bit for bit):
    /// - the sections before the first edited one are untouched: a section's items are laid
    ///   from its own top, which only the sections above it fix;
    /// - an edited section is re-laid by `layItems`, the loop `prepare` runs, from the
    ///   checkpoint before its first changed item (the items before it, and so the column
    ///   heights kept there, are unchanged): the same operations on the same values. An item
    ///   moved inside its section keeps every other item's index, and the re-lay stops at
    ///   the first checkpoint after the moved items where the columns stand as before up to
    ///   one shift `d` for all (rebalanced lanes), or, in lanes fixed by index (placed by
    ///   estimate, or one column), at the checkpoint after them, each column's later
    ///   checkpoints moved by what it grew. An insert or a delete renumbers every later item of
    ///   the section, so that the checkpoints every `B` items no longer fall where they did:
    ///   the section is re-laid to its end (which, with rebalanced lanes, is also where the
    ///   lanes it changed end: see TheWaterfall.md);
    /// - inserted sections are laid as `prepare` lays them, from the top of the section they
    ///   are inserted before;
    /// - every later section moves by one offset, the change in where the edited sections
    ///   end: its tops and footers one by one, its checkpoints with one range move per
    ///   column (`CheckpointHeights.moveAll`). Exact only when every sum is (multiples of
    ///   2⁻¹⁰ below 2⁴²: `knowsSumsAreExact`, the inserted heights, `contentBound`);
    ///   otherwise `nil`, and the caller prepares again.
    ///
    /// - Complexity: for an edit of section `s` (`c_s` items after it, first changed item
    ///   `p`), with `S′` sections after it and C checkpoints: O(k·(c_s − B·⌊p/B⌋)·(1 + L/B)
    ///   + S′ + k·log C), L = log C once checkpoints have been moved by range (else 1); plus
    ///   O(k·C) when the section's number of checkpoints, ⌈c_s/B⌉, changes (the flat
    ///   checkpoint array is spliced); a move inside a section stops as described above.
    ///   Section inserts and deletes: O(S + k·C + k·c) for c inserted items. Allocates
    ///   nothing unless a splice outgrows an array's capacity (the first edit after a
    ///   prepare without estimated sizes makes the trees, O(k·C), and checks every height,
    ///   O(n), once).
    mutating func followEdit(_ edit: DataEdit, data: DataShape, container: Size) -> SectionShift?? {
        guard isPrepared, configuration == prepared, container.width == containerWidth,
              container.height.isFinite, container.height >= 0,
              (data.itemSizes == nil) == (self.data.itemSizes == nil),
              let change = EditedSections(edit, old: self.data, new: data),
              knowsSumsAreExact()
        else { return nil }
        let config = prepared
        let oldHeight = ItemHeight(config, data: self.data, columnWidth: columnWidth)
        let newHeight = ItemHeight(config, data: data, columnWidth: columnWidth)
        // The heights that come and go; every height laid for the first time must be exact.
        var added = 0.0, removed = 0.0
        var flat = change.inserted.lowerBound
        while flat < change.inserted.upperBound {
            let h = newHeight.of(flat)
            guard Self.isExact(h) else { return nil }
            added += h
            flat += 1
        }
        flat = change.deleted.lowerBound
        while flat < change.deleted.upperBound {
            removed += oldHeight.of(flat)
            flat += 1
        }
        let newHeightSum = heightSum + added - removed
        let perSection = config.headerHeight + config.footerHeight + config.insets.top + config.insets.bottom
        guard newHeightSum + Double(data.totalItems) * config.itemSpacing + Double(data.sectionCount) * perSection < 0x1p42
        else { return nil }

        editRelaidItems = 0
        let shift: SectionShift?
        switch change.kind {
        case .items(let first, let second):
            shift = followItemEdit(first, second, data: data, height: newHeight)
        case .insertedSections(let at, let count):
            shift = followInsertedSections(at: at, count: count, data: data, height: newHeight)
        case .deletedSections(let range):
            shift = followDeletedSections(range, data: data)
        }
        heightSum = newHeightSum
        self.data = data
        meanLine = (data.totalItems > 0 ? heightSum / Double(data.totalItems) : config.itemHeight) + config.itemSpacing
        preparedTraits.lineHeight = meanLine > 0 ? meanLine : nil
        preparedTraits.tightness = tightness
        contentSize = Size(width: container.width, height: sectionTops[data.sectionCount])
        return .some(shift)
    }

    /// What an edit does to the sections, read from the edit and checked against the data
    /// before and after it (the caller's promise, ``Invalidation``, whose counts it checks
    /// so that a broken promise prepares again rather than reading out of bounds).
    struct EditedSections {
        /// An edited section: its index (the same before and after), the first item that
        /// changed, and, when the edit keeps every other item's index (a move inside the
        /// section), the last.
        struct Section {
            var section: Int
            var firstItem: Int
            var lastItem: Int?
        }

        enum Kind {
            /// Items edited in one section or, an item moved between sections, two (in order).
            case items(Section, Section?)
            case insertedSections(at: Int, count: Int)
            case deletedSections(Range<Int>)
        }

        var kind: Kind
        /// The flat indices, in the new data, of the items laid for the first time.
        var inserted: Range<Int> = 0..<0
        /// The flat indices, in the old data, of the items deleted.
        var deleted: Range<Int> = 0..<0

        init?(_ edit: DataEdit, old: DataShape, new: DataShape) {
            let sections = old.sectionCount
            switch edit {
            case .insertItems(let s, let item, let count, _):
                guard s >= 0, s < sections, new.sectionCount == sections, count >= 0, item >= 0,
                      item <= old.itemCounts[s], new.itemCounts[s] == old.itemCounts[s] + count
                else { return nil }
                kind = .items(Section(section: s, firstItem: item), nil)
                let start = new.sectionStarts[s] + item
                inserted = start..<(start + count)
            case .deleteItems(let s, let items):
                guard s >= 0, s < sections, new.sectionCount == sections, items.lowerBound >= 0,
                      items.upperBound <= old.itemCounts[s], new.itemCounts[s] == old.itemCounts[s] - items.count
                else { return nil }
                kind = .items(Section(section: s, firstItem: items.lowerBound), nil)
                let start = old.sectionStarts[s] + items.lowerBound
                deleted = start..<(start + items.count)
            case .moveItem(let from, let to):
                guard new.sectionCount == sections, old.contains(from), new.contains(to) else { return nil }
                if from.section == to.section {
                    guard new.itemCounts[from.section] == old.itemCounts[from.section] else { return nil }
                    kind = .items(
                        Section(section: from.section, firstItem: min(from.item, to.item), lastItem: max(from.item, to.item)), nil)
                } else {
                    guard new.itemCounts[from.section] == old.itemCounts[from.section] - 1,
                          new.itemCounts[to.section] == old.itemCounts[to.section] + 1
                    else { return nil }
                    let a = Section(section: from.section, firstItem: from.item)
                    let b = Section(section: to.section, firstItem: to.item)
                    kind = from.section < to.section ? .items(a, b) : .items(b, a)
                }
            case .insertSections(let s, let counts, _):
                guard s >= 0, s <= sections, new.sectionCount == sections + counts.count, !counts.isEmpty else { return nil }
                kind = .insertedSections(at: s, count: counts.count)
                inserted = new.sectionStarts[s]..<new.sectionStarts[s + counts.count]
            case .deleteSections(let range):
                guard range.lowerBound >= 0, range.upperBound <= sections, !range.isEmpty,
                      new.sectionCount == sections - range.count
                else { return nil }
                kind = .deletedSections(range)
                deleted = old.sectionStarts[range.lowerBound]..<old.sectionStarts[range.upperBound]
            case .setItemSizes:
                return nil
            }
        }
    }

    /// Re-lays the one or two sections an item edit touched (see `followEdit`), moves the
    /// sections between and after them, and says so: the sections after the last one moved by
    /// one offset.
    private mutating func followItemEdit(
        _ first: EditedSections.Section, _ second: EditedSections.Section?, data: DataShape, height: ItemHeight
    ) -> SectionShift? {
        var offset = 0.0, moved = 0.0
        var previous = first.section
        relayAndMove(first, previous: &previous, offset: &offset, moved: &moved, data: data, height: height)
        if let second { relayAndMove(second, previous: &previous, offset: &offset, moved: &moved, data: data, height: height) }
        var section = previous + 1
        while section < data.sectionCount {
            footerTops[section] += offset
            sectionTops[section + 1] += offset
            section += 1
        }
        let after = previous + 1
        guard SectionShift.isExact(offset) else { return nil }
        return SectionShift(
            firstChanged: first.section, movedFrom: after, movedTo: after, offset: offset,
            changedSpan: sectionTops[first.section]...sectionTops[after])
    }

    /// One edited section of an item edit: moves the sections between `previous` and it by
    /// `offset` (their checkpoints moved with the earlier section's, by `moveAll`), re-lays it,
    /// and moves every later checkpoint by the change in where it ends.
    private mutating func relayAndMove(
        _ edited: EditedSections.Section, previous: inout Int, offset: inout Double, moved: inout Double,
        data: DataShape, height: ItemHeight
    ) {
        var section = previous + 1
        while section < edited.section {
            footerTops[section] += offset
            sectionTops[section + 1] += offset
            section += 1
        }
        let footer = relay(edited, moved: moved, data: data, height: height)
        let next = footer + prepared.footerHeight
        offset = next - sectionTops[edited.section + 1]
        footerTops[edited.section] = footer
        sectionTops[edited.section + 1] = next
        checkpoints.moveAll(checkpointStarts[edited.section + 1]..<checkpoints.count, by: offset - moved)
        moved = offset
        previous = edited.section
    }

    /// Re-lays `edited.section` of `data` from the checkpoint before its first changed item
    /// (see `followEdit`), first giving it the ⌈c/B⌉ checkpoints its new count `c` needs, and
    /// returns where its items and bottom inset end. `moved`: how far its checkpoints have
    /// been moved already (by an earlier section of the same edit).
    private mutating func relay(_ edited: EditedSections.Section, moved: Double, data: DataShape, height: ItemHeight) -> Double {
        let config = prepared, k = config.columns, b = Self.checkpointInterval
        let section = edited.section
        let count = data.itemCounts[section]
        let cpStart = checkpointStarts[section]
        let oldCheckpoints = checkpointStarts[section + 1] - cpStart
        let newCheckpoints = (count + b - 1) / b
        if let last = edited.lastItem {
            // Every other item keeps its index: as a measurement of the items in between.
            let result = relayChangedItems(of: section, low: edited.firstItem, high: last, moved: moved, data: data, height: height)
            editRelaidItems += result.laid
            return result.footer
        }
        if newCheckpoints != oldCheckpoints {
            let delta = newCheckpoints - oldCheckpoints
            checkpoints.splice(at: cpStart + min(oldCheckpoints, newCheckpoints), inserting: delta)
            var s = section + 1
            while s < checkpointStarts.count {
                checkpointStarts[s] += delta
                s += 1
            }
        }
        let top = sectionTops[section] + config.headerHeight
        guard count > 0 else { return top + config.insets.top + config.insets.bottom }
        var m = min(edited.firstItem / b, oldCheckpoints - 1, newCheckpoints - 1)
        if m < 0 {
            // The section was empty: its first checkpoint is new.
            m = 0
            let start = top + config.insets.top
            var j = 0
            while j < k {
                checkpoints.set(cpStart, j, start)
                j += 1
            }
        }
        editRelaidItems += count - m * b
        var unused = 0.0
        var stopped: (index: Int, by: Double)?
        return checkpoints.withBuffers { base, tree in
            Self.layItems(
                of: section, fromCheckpoint: m, data: data, config: config, height: height,
                checkpointStart: cpStart, base: base, tree: tree, heightSum: &unused, stopped: &stopped)
        }
    }

    /// Lays the `count` sections inserted at `at` (see `followEdit`), as `prepare` lays them,
    /// from the top of the section they go before, and moves the later ones.
    private mutating func followInsertedSections(at: Int, count: Int, data: DataShape, height: ItemHeight) -> SectionShift? {
        let config = prepared, k = config.columns, b = Self.checkpointInterval
        let t = config.headerHeight, f = config.footerHeight, insets = config.insets
        let oldTop = sectionTops[at]
        let cpAt = checkpointStarts[at]
        // Room: tops, footers, checkpoint starts and checkpoints of the new sections.
        var added = 0
        var section = at
        while section < at + count {
            added += (data.itemCounts[section] + b - 1) / b
            section += 1
        }
        sectionTops.insert(contentsOf: repeatElement(0, count: count), at: at)
        footerTops.insert(contentsOf: repeatElement(0, count: count), at: at)
        checkpointStarts.insert(contentsOf: repeatElement(0, count: count), at: at + 1)
        checkpoints.splice(at: cpAt, inserting: added)
        var y = oldTop
        section = at
        while section < at + count {
            let items = data.itemCounts[section]
            let cpStart = checkpointStarts[section]
            checkpointStarts[section + 1] = cpStart + (items + b - 1) / b
            sectionTops[section] = y
            y += t
            if items > 0 {
                let start = y + insets.top
                var j = 0
                while j < k {
                    checkpoints.set(cpStart, j, start)
                    j += 1
                }
                var unused = 0.0
                var stopped: (index: Int, by: Double)?
                y = checkpoints.withBuffers { base, tree in
                    Self.layItems(
                        of: section, fromCheckpoint: 0, data: data, config: config, height: height,
                        checkpointStart: cpStart, base: base, tree: tree, heightSum: &unused, stopped: &stopped)
                }
                editRelaidItems += items
            } else {
                y = y + insets.top + insets.bottom
            }
            footerTops[section] = y
            y += f
            section += 1
        }
        let offset = y - oldTop
        // The sections after: their checkpoint starts by what was inserted, the rest by the offset.
        section = at + count
        while section < data.sectionCount {
            checkpointStarts[section + 1] += added
            footerTops[section] += offset
            sectionTops[section] += offset
            section += 1
        }
        sectionTops[data.sectionCount] += offset
        checkpoints.moveAll(checkpointStarts[at + count]..<checkpoints.count, by: offset)
        guard SectionShift.isExact(offset) else { return nil }
        return SectionShift(
            firstChanged: at, movedFrom: at, movedTo: at + count, offset: offset, changedSpan: oldTop...sectionTops[at + count])
    }

    /// Takes the sections `range` out (see `followEdit`) and moves the later ones up.
    private mutating func followDeletedSections(_ range: Range<Int>, data: DataShape) -> SectionShift? {
        let offset = sectionTops[range.lowerBound] - sectionTops[range.upperBound]
        let cpFrom = checkpointStarts[range.lowerBound], cpTo = checkpointStarts[range.upperBound]
        let removed = cpTo - cpFrom
        checkpoints.splice(at: cpFrom, inserting: -removed)
        sectionTops.removeSubrange(range)
        footerTops.removeSubrange(range)
        checkpointStarts.removeSubrange((range.lowerBound + 1)..<(range.upperBound + 1))
        var section = range.lowerBound
        while section < data.sectionCount {
            checkpointStarts[section + 1] -= removed
            footerTops[section] += offset
            sectionTops[section] += offset
            section += 1
        }
        sectionTops[data.sectionCount] += offset
        checkpoints.moveAll(cpFrom..<checkpoints.count, by: offset)
        guard SectionShift.isExact(offset) else { return nil }
        let top = sectionTops[range.lowerBound]
        return SectionShift(
            firstChanged: range.lowerBound, movedFrom: range.upperBound, movedTo: range.lowerBound, offset: offset,
            changedSpan: top...top)
    }
}
