import GridCore

// MARK: - Enumeration in scroll order

extension TileGrid: ScrollOrderedEnumeration {
    /// Writes every element into `sink` from the top down: each section's header, its rows
    /// left to right, its footer; frames as the rect queries make them.
    ///
    /// A row's tiles share a top and a height and go to the sink as a row. Centred content
    /// starts at a different height in each tile of a row, so a row's cells are written by
    /// their `minY` (then item): every row's content lies within its tiles, above the next
    /// row's, so the bands never go back.
    ///
    /// - Complexity: O(n): one pass, nothing searched, nothing sorted.
    public func enumerateElements(into sink: inout ElementSink) {
        if heightsShapeRows { return enumerateMeasured(into: &sink) }
        let n = prepared.tilesPerLine
        let sizes = prepared.centersItems ? data.itemSizes : nil
        // Every row's tiles share the columns' x and the tile width, worked out once (for up
        // to 4,096 columns, in one temporary buffer: on the stack for a few), so each row
        // goes to the sink whole.
        let tabled = sizes == nil && n <= 4_096
        withUnsafeTemporaryAllocation(of: Double.self, capacity: tabled ? 2 * n : 0) { table in
            if tabled {
                for col in 0..<n {
                    table[col] = columnX(col)
                    table[n + col] = tileWidth
                }
            }
            enumerate(into: &sink, sizes: sizes, xs: UnsafeBufferPointer(rebasing: table[..<(tabled ? n : 0)]),
                      widths: UnsafeBufferPointer(rebasing: table[(tabled ? n : 0)...]))
        }
    }

    /// The enumeration, with the columns' x and widths in `xs` and `widths` when every row
    /// goes to the sink whole (else both empty).
    private func enumerate(into sink: inout ElementSink, sizes: [Size]?, xs: UnsafeBufferPointer<Double>, widths: UnsafeBufferPointer<Double>) {
        let n = prepared.tilesPerLine
        let titled = prepared.sectionTitleHeight > 0, footed = prepared.sectionFooterHeight > 0
        let tabled = !xs.isEmpty
        var centred: [(frame: Rect, item: Int)] = []
        var section = 0
        while section < data.sectionCount && !sink.isStopped {
            if titled { sink.append(.sectionHeader, ItemPath(section: section, item: 0), headerFrame(section: section)) }
            let count = data.itemCounts[section]
            let flatStart = data.sectionStarts[section]
            var row = 0, item = 0
            while item < count {
                let (y, height) = rowGeometry(section: section, row: row)
                let rowEnd = min(item + n, count)
                var col = 0
                if let sizes {
                    centred.removeAll(keepingCapacity: true)
                    while item < rowEnd {
                        centred.append((Self.centre(sizes[flatStart + item], in: Rect(x: columnX(col), y: y, width: tileWidth, height: height)), item))
                        item += 1
                        col += 1
                    }
                    centred.withUnsafeMutableBufferPointer { row in
                        // By top, then item: an insertion sort, a row being a few tiles.
                        var next = 1
                        while next < row.count {
                            let cell = row[next]
                            var hole = next
                            while hole > 0
                                && (cell.frame.minY != row[hole - 1].frame.minY
                                    ? cell.frame.minY < row[hole - 1].frame.minY : cell.item < row[hole - 1].item) {
                                row[hole] = row[hole - 1]
                                hole -= 1
                            }
                            row[hole] = cell
                            next += 1
                        }
                        for cell in row { sink.append(.cell, ItemPath(section: section, item: cell.item), cell.frame) }
                    }
                } else if tabled {
                    let length = rowEnd - item
                    sink.appendRow(
                        .cell, from: ItemPath(section: section, item: item), along: .items, y: y, height: height,
                        xs: UnsafeBufferPointer(rebasing: xs[..<length]), widths: UnsafeBufferPointer(rebasing: widths[..<length]))
                    item = rowEnd
                } else {
                    while item < rowEnd {
                        sink.append(.cell, ItemPath(section: section, item: item), Rect(x: columnX(col), y: y, width: tileWidth, height: height))
                        item += 1
                        col += 1
                    }
                }
                row += 1
            }
            if footed { sink.append(.sectionFooter, ItemPath(section: section, item: 0), footerFrame(section: section)) }
            section += 1
        }
    }
}
