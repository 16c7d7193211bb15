import GridCore

// MARK: - Tiles with labels: heights from the data

// With ``TileGrid/Configuration/ItemSizing/heights`` each tile is as tall as its item's
// height `H_k` (the data's size's height: measured, or the estimate until then), top-aligned
// in its row, and row `r` is as tall as its tallest tile plus `ph`. Row `r` of section `i`
// starts at
//
//     start_i(r) = (top_i + t + r·h) + E_i(r),   E_i(r) = Σ_{q<r} ((max_q H + ph) − h),
//
// (a row whose tallest tile is exactly `h − ph` adds 0), its tiles at `start_i(r) + ph`, and
// it ends where the next starts. The next section's top is `top_i + t + r_i·h + E_i(r_i) + ph
// + f`. With every tile `h − ph` tall every `E` is 0, and every sum is the fixed grid's, term
// for term: the frames are the fixed grid's bit for bit. This file is the whole of that path;
// the fixed one (TileGrid.swift, +Frames, +Queries, +Enumeration) branches here once per
// query, so its own cost is what it was.
//
// The shifts live in ``TileGrid/sectionTops`` after the tops, so that the grid holds no
// reference more than the fixed one (its copies, which strategies make, cost the same):
// `[0 … S]` the tops, then each section's `E_i(0 … r_i)`, then for each section `i` the
// index of its `E_i(0)`, as a Double.

extension TileGrid {
    /// Prepares with heights: the row shifts of every section, then the tops.
    /// - Complexity: O(n + S).
    @inline(never)
    mutating func prepareHeights(data: DataShape, config: Configuration) throws(GridError) {
        let n = config.tilesPerLine, sections = data.sectionCount
        var shiftCount = 0
        for count in data.itemCounts { shiftCount += Self.rows(count, n) + 1 }
        var table = [Double](repeating: 0, count: sections + 1 + shiftCount + sections)
        let startsBase = sections + 1 + shiftCount
        var index = sections + 1
        for (section, count) in data.itemCounts.enumerated() {
            table[startsBase + section] = Double(index)
            index += Self.rows(count, n) + 1
        }
        for section in 0..<sections {
            Self.layRows(&table, start: Int(table[startsBase + section]), section: section, fromRow: 0, data, config)
        }
        let height = Self.layTopsByHeights(&table, from: 0, data, config)
        guard height.isFinite else { throw Self.contentTooTall(config, data) }
        sectionTops = table
        heightsShapeRows = true
        heightsAreExact = data.heightsAreExact
    }

    /// Where section `section`'s shifts start in `table` (a ``sectionTops`` with heights).
    @inline(__always)
    static func shiftStart(_ table: [Double], section: Int, sections: Int) -> Int {
        Int(table[table.count - sections + section])
    }

    /// The height of the item at flat index `flat`: its size's height, or `h − ph` when the
    /// data carries no sizes.
    @inline(__always)
    static func tileHeight(_ data: DataShape, _ flat: Int, _ config: Configuration) -> Double {
        guard let sizes = data.itemSizes else { return config.rowHeight - config.padding.height }
        return sizes[flat].height
    }

    /// Writes `E(r + 1)` for every row `r` of `section` from `fromRow` on, each from the one
    /// before, `E(fromRow)` (at `start + fromRow`) being in place (0 for row 0).
    /// - Complexity: O(c − fromRow·n) for c items in the section.
    static func layRows(_ shifts: inout [Double], start: Int, section: Int, fromRow: Int, _ data: DataShape, _ config: Configuration) {
        let n = config.tilesPerLine, h = config.rowHeight, ph = config.padding.height
        let fixed = h - ph
        let count = data.itemCounts[section]
        let flatStart = data.sectionStarts[section]
        let rows = Self.rows(count, n)
        if fromRow == 0 { shifts[start] = 0 }
        var shift = shifts[start + fromRow]
        var row = fromRow
        while row < rows {
            var tallest = 0.0
            var item = row * n
            let end = min(item + n, count)
            while item < end {
                tallest = max(tallest, tileHeight(data, flatStart + item, config))
                item += 1
            }
            if tallest != fixed { shift = shift + ((tallest + ph) - h) }
            row += 1
            shifts[start + row] = shift
        }
    }

    /// Writes `tops[i + 1]` for every section `i` from `first` on:
    /// `top_{i+1} = top_i + t + r_i·h + E_i(r_i) + ph + f`, `tops[first]` being in place.
    ///
    /// - Returns: the content height.
    static func layTopsByHeights(_ tops: inout [Double], from first: Int, _ data: DataShape, _ config: Configuration) -> Double {
        let t = config.sectionTitleHeight, h = config.rowHeight, ph = config.padding.height
        let f = config.sectionFooterHeight, n = config.tilesPerLine
        var top = tops[first]
        var section = first
        while section < data.sectionCount {
            let rows = Self.rows(data.itemCounts[section], n)
            let shift = tops[shiftStart(tops, section: section, sections: data.sectionCount) + rows]
            top = top + t + Double(rows) * h + shift + ph + f
            section += 1
            tops[section] = top
        }
        return top
    }

    /// Where row `row` of `section` starts, `(top_i + t + r·h) + E_i(r)`; for `row == r_i`,
    /// where the section's rows end.
    @inline(__always)
    func measuredRowStart(section: Int, row: Int) -> Double {
        sectionTops[section] + prepared.sectionTitleHeight + Double(row) * prepared.rowHeight
            + sectionTops[Self.shiftStart(sectionTops, section: section, sections: data.sectionCount) + row]
    }

    /// The frame of the tile of `item` in `section`, in row `row`, that row's tiles at `y`
    /// and the row ending at `rowEnd`: its height, shortened by the ulp rounding may carry
    /// past the row's end (as the fixed grid's).
    @inline(__always)
    func measuredTile(section: Int, item: Int, y: Double, rowEnd: Double) -> Rect {
        var height = Self.tileHeight(data, data.sectionStarts[section] + item, prepared)
        if y + height > rowEnd { height = Self.height(from: y, endingBy: rowEnd) }
        return Rect(x: columnX(item % prepared.tilesPerLine), y: y, width: tileWidth, height: height)
    }

    /// The tile of `item` in `section` with heights. - Complexity: O(1).
    func measuredTileFrame(section: Int, item: Int) -> Rect {
        let row = item / prepared.tilesPerLine
        let start = measuredRowStart(section: section, row: row)
        return measuredTile(section: section, item: item, y: start + prepared.padding.height, rowEnd: measuredRowStart(section: section, row: row + 1))
    }

    /// The footer with heights: `(0, top_i + t + r_i·h + E_i(r_i) + ph, W, f)`.
    func measuredFooterFrame(section: Int) -> Rect {
        let rows = Self.rows(data.itemCounts[section], prepared.tilesPerLine)
        return Rect(x: 0, y: measuredRowStart(section: section, row: rows) + prepared.padding.height, width: containerWidth, height: prepared.sectionFooterHeight)
    }

    /// The rect query with heights: sections by binary search as the fixed grid's, rows of a
    /// section by binary search over their starts, every candidate checked against its frame.
    /// - Complexity: O(log S + log r + k).
    func measuredElements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        let qMinY = rect.minY, qMaxY = rect.maxY
        let ya = max(qMinY, 0), yb = min(qMaxY, contentSize.height)
        guard ya < yb, max(rect.minX, 0) < min(rect.maxX, containerWidth) else { return }
        let n = prepared.tilesPerLine
        let t = prepared.sectionTitleHeight, f = prepared.sectionFooterHeight, ph = prepared.padding.height
        var low = 0, high = data.sectionCount
        while low < high {
            let mid = (low + high) / 2
            if sectionTops[mid + 1] > ya { high = mid } else { low = mid + 1 }
        }
        var section = low
        while section < data.sectionCount && sectionTops[section] < yb {
            if t > 0 {
                let header = headerFrame(section: section)
                if header.intersects(rect) {
                    buffer.append(LayoutAttributes(kind: .sectionHeader, path: ItemPath(section: section, item: 0), frame: header))
                }
            }
            let count = data.itemCounts[section]
            let rows = Self.rows(count, n)
            // The first row ending after ya: rows end where the next starts, in order.
            var lo = 0, hi = rows
            while lo < hi {
                let mid = (lo + hi) / 2
                if measuredRowStart(section: section, row: mid + 1) > ya { hi = mid } else { lo = mid + 1 }
            }
            var row = lo
            var start = measuredRowStart(section: section, row: row)
            while row < rows && start < yb {
                let next = measuredRowStart(section: section, row: row + 1)
                let y = start + ph
                var item = row * n
                let end = min(item + n, count)
                while item < end {
                    let frame = measuredTile(section: section, item: item, y: y, rowEnd: next)
                    if frame.intersects(rect) { buffer.append(.cell(ItemPath(section: section, item: item), frame: frame)) }
                    item += 1
                }
                start = next
                row += 1
            }
            if f > 0 {
                let footer = measuredFooterFrame(section: section)
                if footer.intersects(rect) {
                    buffer.append(LayoutAttributes(kind: .sectionFooter, path: ItemPath(section: section, item: 0), frame: footer))
                }
            }
            section += 1
        }
    }

    /// The enumeration in scroll order with heights: each section's header, its rows left to
    /// right (a row's tiles share their top), its footer.
    /// - Complexity: O(n).
    func enumerateMeasured(into sink: inout ElementSink) {
        let n = prepared.tilesPerLine, ph = prepared.padding.height
        let titled = prepared.sectionTitleHeight > 0, footed = prepared.sectionFooterHeight > 0
        var section = 0
        while section < data.sectionCount && !sink.isStopped {
            if titled { sink.append(.sectionHeader, ItemPath(section: section, item: 0), headerFrame(section: section)) }
            let count = data.itemCounts[section]
            var row = 0, item = 0
            var start = measuredRowStart(section: section, row: 0)
            while item < count {
                let next = measuredRowStart(section: section, row: row + 1)
                let end = min(item + n, count)
                while item < end {
                    sink.append(.cell, ItemPath(section: section, item: item), measuredTile(section: section, item: item, y: start + ph, rowEnd: next))
                    item += 1
                }
                start = next
                row += 1
            }
            if footed { sink.append(.sectionFooter, ItemPath(section: section, item: 0), measuredFooterFrame(section: section)) }
            section += 1
        }
    }

    /// A measurement followed in place: the rows of each measured section from the first
    /// measured row on are laid again, then the tops from the first measured section on, by
    /// the sums ``prepareHeights(data:config:)`` makes, so every answer is a fresh layout's
    /// bit for bit. `data` holds the same items as before.
    ///
    /// - Returns: what it did, when every sum is exact (``SectionShift``): the rows from the
    ///   first measured one to the last were laid again (cut at the first's first item, or
    ///   the whole section from its header when that is its row 0), the elements above them
    ///   kept, and those below (the last measured row's later rows, its footer, the later
    ///   sections) moved by the last measured row's growth, which is the whole of what the
    ///   measurement changed below it. `nil` when it promises nothing.
    /// - Complexity: O(b·c + S − s) for a batch of b items in sections of c items, the first
    ///   in section s.
    mutating func followMeasurement(_ items: [SizedItem], data: DataShape) throws(GridError) -> SectionShift? {
        let config = prepared
        let n = config.tilesPerLine
        let sections = data.sectionCount
        var first = sections
        // The first and last measured rows, as (section, row), in layout order.
        var firstKey = (sections, 0), lastKey = (-1, 0)
        var exact = heightsAreExact
        var table: [Double] = []
        swap(&table, &sectionTops)
        // `while` rather than `for … in`: an unspecialised iterator allocates in debug builds.
        var index = 0
        while index < items.count {
            let measured = items[index]
            index += 1
            let section = measured.path.section
            guard section >= 0, section < sections, measured.path.item >= 0, measured.path.item < data.itemCounts[section] else { continue }
            first = min(first, section)
            let row = measured.path.item / n
            if (section, row) < firstKey { firstKey = (section, row) }
            if (section, row) > lastKey { lastKey = (section, row) }
            exact = exact && SectionShift.isExact(measured.size.height)
        }
        heightsAreExact = exact
        guard first < sections else {
            sectionTops = table
            return nil
        }
        // Where what only moves starts, before the update: the row after the last measured
        // one, or the next section's top when that was its last row.
        let (lastSection, lastRow) = lastKey
        let cutsLast = lastRow + 1 < Self.rows(data.itemCounts[lastSection], n)
        let movedRow = cutsLast ? lastRow + 1 : -1
        let oldMovedStart = Self.movedStart(table, section: lastSection, row: movedRow, sections: sections, config)
        index = 0
        while index < items.count {
            let measured = items[index]
            index += 1
            let section = measured.path.section
            guard section >= 0, section < sections, measured.path.item >= 0, measured.path.item < data.itemCounts[section] else { continue }
            Self.layRows(
                &table, start: Self.shiftStart(table, section: section, sections: sections), section: section,
                fromRow: measured.path.item / n, data, config)
        }
        let height = Self.layTopsByHeights(&table, from: first, data, config)
        sectionTops = table
        guard height.isFinite else {
            // Laid again for the data it was laid for.
            try prepareHeights(data: self.data, config: config)
            throw Self.contentTooTall(config, data)
        }
        guard exact, Self.sumsAreExact(config, data), height < 0x1p42 else { return nil }
        let (firstSection, firstRow) = firstKey
        let lower = firstRow > 0
            ? Self.rowStart(table, section: firstSection, row: firstRow, sections: sections, config)
            : table[firstSection]
        let upper = Self.movedStart(table, section: lastSection, row: movedRow, sections: sections, config)
        let offset = upper - oldMovedStart
        guard SectionShift.isExact(offset), SectionShift.isExact(lower), SectionShift.isExact(upper), lower <= upper else { return nil }
        return SectionShift(
            firstChanged: firstSection, firstChangedItem: firstRow * n,
            movedFrom: cutsLast ? lastSection : lastSection + 1, movedFromItem: cutsLast ? (lastRow + 1) * n : 0,
            movedTo: cutsLast ? lastSection : lastSection + 1, offset: offset, changedSpan: lower...upper)
    }

    /// Where row `row` of `section` starts in `table`, or for `row` −1 where the next
    /// section does.
    @inline(__always)
    static func movedStart(_ table: [Double], section: Int, row: Int, sections: Int, _ config: Configuration) -> Double {
        row < 0 ? table[section + 1] : rowStart(table, section: section, row: row, sections: sections, config)
    }

    /// Where row `row` of `section` starts in `table` (a ``sectionTops`` with heights), as
    /// ``measuredRowStart(section:row:)`` reads it.
    @inline(__always)
    static func rowStart(_ table: [Double], section: Int, row: Int, sections: Int, _ config: Configuration) -> Double {
        table[section] + config.sectionTitleHeight + Double(row) * config.rowHeight
            + table[shiftStart(table, section: section, sections: sections) + row]
    }
}
