import GridCore

// MARK: - Told updates

extension TileGrid {
    /// Brings the grid up to date told what changed: a batch update re-lays the tops from the
    /// first section it touched on (a section's top depends on the sections above it alone),
    /// and a new container changes the tiles' width, never a top. The tops are worked out by
    /// the same sums as ``prepare(data:container:)``'s, so every answer is the same bit for
    /// bit. Anything it cannot follow (new parameters, replaced data, a section count the
    /// edit does not account for) prepares again.
    ///
    /// When every sum is exact (parameters in multiples of 2⁻¹⁰ points, such as whole or
    /// half points, and a content height below 2⁴²), the sections after the edited ones are
    /// not summed again: their tops shift by what the edit changed, which is bit for bit
    /// what summing gives.
    ///
    /// - Throws: as ``prepare(data:container:)``; the grid then keeps its previous state.
    /// - Complexity: O(1) for a new container; O(S − s) for a batch update whose first
    ///   touched section is `s`, plus the sections it inserts or deletes: one addition a
    ///   section after the edited ones when the sums are exact (a loop the compiler
    ///   vectorises), else a sum of four a section.
    public mutating func prepare(data: DataShape, container: Size, invalidation: Invalidation) throws(GridError) {
        _ = try update(data: data, container: container, invalidation: invalidation)
    }

    /// ``prepare(data:container:invalidation:)``, saying what it did when it shifted the tops
    /// after an edit and kept the tiles' width (``SectionShift``); `nil` for anything else.
    private mutating func update(data: DataShape, container: Size, invalidation: Invalidation) throws(GridError) -> SectionShift? {
        let oldSections = self.data.sectionCount
        let expectedSections: Int? = switch invalidation.data {
        case .unchanged: oldSections
        case .replaced: nil
        case .edited(.insertSections(_, let counts, _)): oldSections + counts.count
        case .edited(.deleteSections(let sections)): oldSections - sections.count
        case .edited: oldSections
        }
        guard isPrepared, configuration == prepared, let expectedSections, data.sectionCount == expectedSections else {
            try prepare(data: data, container: container)
            return nil
        }
        let config = prepared
        let tileWidth = try Self.tileWidth(config, container: container)
        var shift: SectionShift?
        if heightsShapeRows, case .edited(let edit) = invalidation.data {
            // Tiles with heights: a measurement is followed in place, any other edit
            // prepares again.
            guard case .setItemSizes(let items) = edit, data.itemCounts.elementsEqual(self.data.itemCounts) else {
                try prepare(data: data, container: container)
                return nil
            }
            let measured = try followMeasurement(items, data: data)
            // Promised only where the tiles keep their width.
            if tileWidth == self.tileWidth && container.width == containerWidth { shift = measured }
        } else if case .edited = invalidation.data {
            let first = invalidation.firstChangedSection(oldSectionCount: oldSections)
            // `boundary`: the old and new index of the first section after the edited ones,
            // which the edit only moved. An edit whose sections are not those of the data
            // (a caller's mistake) is not followed: the grid prepares again.
            guard let boundary = Self.unmovedBoundary(invalidation.data, oldSections: oldSections),
                  first >= 0, first <= boundary.new, boundary.new <= data.sectionCount, boundary.old <= oldSections
            else {
                try prepare(data: data, container: container)
                return nil
            }
            // With exact sums the tops after the edited sections shift by what the edit
            // changed rather than being summed again (see `sumsAreExact`).
            let shifts = Self.sumsAreExact(config, self.data) && Self.sumsAreExact(config, data)
            // Moved out, so that the splice and the sums write in place.
            var tops: [Double] = []
            swap(&tops, &sectionTops)
            let boundaryTop = tops[boundary.old]
            switch invalidation.data {
            case .edited(.insertSections(let at, let counts, _)):
                tops.insert(contentsOf: repeatElement(0, count: counts.count), at: at + 1)
            case .edited(.deleteSections(let sections)):
                tops.removeSubrange(sections.lowerBound + 1 ..< sections.upperBound + 1)
            default:
                break
            }
            let height: Double
            if shifts {
                _ = Self.layTops(&tops, from: first, through: boundary.new, data, config)
                let offset = tops[boundary.new] - boundaryTop
                height = Self.shiftTops(&tops, after: boundary.new, by: offset)
                // What the edit did, promised only where the tiles keep their width.
                if tileWidth == self.tileWidth && container.width == containerWidth && SectionShift.isExact(offset) {
                    shift = SectionShift(
                        firstChanged: first, movedFrom: boundary.old, movedTo: boundary.new, offset: offset,
                        changedSpan: tops[first]...tops[boundary.new])
                }
            } else {
                height = Self.layTops(&tops, from: first, through: data.sectionCount, data, config)
            }
            guard height.isFinite else {
                // The tops were written over: made again for the data they were laid for.
                tops = [Double](repeating: 0, count: oldSections + 1)
                _ = Self.layTops(&tops, from: 0, through: oldSections, self.data, config)
                sectionTops = tops
                throw Self.contentTooTall(config, data)
            }
            sectionTops = tops
        }
        // A measurement is written into the grid's own sizes in place, not by keeping
        // `data`'s storage: a measuring viewport that writes its next batch into its own
        // data would otherwise find it shared and copy every size.
        if case .edited(.setItemSizes(let items)) = invalidation.data, heightsShapeRows {
            if (try? self.data.setItemSizes(items)) == nil { self.data = data }
        } else {
            self.data = data
        }
        take(tileWidth, container: container)
        return shift
    }

    /// Adds `delta` to every top after `tops[index]`.
    ///
    /// - Returns: the content height, the last top.
    private static func shiftTops(_ tops: inout [Double], after index: Int, by delta: Double) -> Double {
        guard delta != 0 else { return tops[tops.count - 1] }
        tops.withUnsafeMutableBufferPointer { tops in
            var i = index + 1
            while i < tops.count {
                tops[i] += delta
                i += 1
            }
        }
        return tops[tops.count - 1]
    }

    /// Whether every sum `layTops` makes for `data` is exact: the parameters are multiples
    /// of 2⁻¹⁰ (whole points, halves, quarters…) and the content height stays below 2⁴²,
    /// so that every partial sum is a multiple of 2⁻¹⁰ below 2⁴³ and so representable.
    /// Then a top is the exact sum of the heights above it, whatever the order of the
    /// additions, and the tops of sections an edit only moved equal their old values plus
    /// the edit's change, bit for bit.
    /// - Complexity: O(1).
    static func sumsAreExact(_ config: Configuration, _ data: DataShape) -> Bool {
        let t = config.sectionTitleHeight, h = config.rowHeight, ph = config.padding.height
        let f = config.sectionFooterHeight
        func isMultiple(_ x: Double) -> Bool {
            let scaled = x * 0x1p10
            return scaled.isFinite && scaled.rounded(.towardZero) == scaled
        }
        guard isMultiple(t), isMultiple(h), isMultiple(ph), isMultiple(f) else { return false }
        // At most ⌊c_i/n⌋ + 1 rows a section, so Σ r_i ≤ items/n + S.
        let sections = Double(data.sectionCount)
        let rows = Double(data.totalItems / config.tilesPerLine) + sections
        return sections * (t + ph + f) + rows * h < 0x1p42
    }

    /// For an edit, the first section after those it touched, which it moved as a whole: its
    /// index before the edit and after. `nil` for anything but an edit.
    static func unmovedBoundary(_ change: Invalidation.DataChange, oldSections: Int) -> (old: Int, new: Int)? {
        guard case .edited(let edit) = change else { return nil }
        switch edit {
        case .insertItems(let section, _, _, _), .deleteItems(let section, _):
            return (section + 1, section + 1)
        case .moveItem(let from, let to):
            let last = max(from.section, to.section) + 1
            return (last, last)
        case .insertSections(let at, let counts, _):
            return (at, at + counts.count)
        case .deleteSections(let sections):
            return (sections.upperBound, sections.lowerBound)
        case .setItemSizes(let items):
            // A measurement moves no section; a centred tile's frame follows its size, so
            // the sections of the measured items are laid again.
            let last = (items.lazy.map(\.path.section).max() ?? -1) + 1
            return (last, last)
        }
    }
}

// MARK: - What an update did

extension TileGrid: SectionShiftReporting {
    /// Brings the grid up to date told what changed (``prepare(data:container:invalidation:)``),
    /// and says what a batch update did: the sections it touched were laid again, those
    /// before them kept, and those after them moved by the change in the first one's top.
    /// With labels (heights), a measurement cuts the section at the first measured row: the
    /// rows from it to the last measured one are laid again, everything after that moves by
    /// the growth of the rows measured (later sections too), and nothing above moves.
    /// Promised only when the grid shifted its tops itself (every sum exact: see
    /// ``prepare(data:container:invalidation:)``) and its tiles kept their width; `nil` for
    /// anything else (a reload, a rotation, new parameters).
    ///
    /// Like the update, it takes the edit's word for what the data after it is: the sections
    /// after the edited ones are trusted to hold the items they held.
    ///
    /// - Throws: as ``prepare(data:container:invalidation:)``; the grid then keeps its
    ///   previous state.
    /// - Complexity: that of ``prepare(data:container:invalidation:)``.
    public mutating func prepareReportingShift(data: DataShape, container: Size, invalidation: Invalidation) throws(GridError) -> SectionShift? {
        try update(data: data, container: container, invalidation: invalidation)
    }
}
