import GridCore

// MARK: - Queries

extension TileGrid {
    /// - Complexity: O(log S + k): a binary search for the first section, then only the
    ///   rows and columns that can meet `rect`, each checked against its exact frame.
    public func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        guard !rect.isEmpty else { return }
        let qMinX = rect.minX, qMaxX = rect.maxX, qMinY = rect.minY, qMaxY = rect.maxY
        guard !(qMinX.isNaN || qMaxX.isNaN || qMinY.isNaN || qMaxY.isNaN) else { return }
        if heightsShapeRows { return measuredElements(in: rect, into: &buffer) }
        // Every frame lies in the content, so only the part of `rect` inside it matters.
        let ya = max(qMinY, 0), yb = min(qMaxY, contentSize.height)
        let xa = max(qMinX, 0), xb = min(qMaxX, containerWidth)
        guard ya < yb, xa < xb else { return }

        let n = prepared.tilesPerLine
        let h = prepared.rowHeight, t = prepared.sectionTitleHeight, f = prepared.sectionFooterHeight
        // Candidates are searched a little wider on each side than the rect, so that the
        // rounding of the arithmetic below (a few ulps of the largest coordinate) can never
        // lose an element; each candidate is then checked against its exact frame. The
        // slack is far below a row, so a thin strip (an incremental frame's) costs the rows
        // it meets, not three.
        let slack = 1e-12 * (abs(ya) + abs(yb)) + 1e-9 * h
        // Columns are widened by one on each side, rows by the slack: either covers the
        // ulps by which a product with the inverse may differ from the quotient.
        let stride = tileWidth + prepared.padding.width
        let firstCol = Int(Self.clamp(Self.floor(Self.quotient(xa - prepared.padding.width - tileWidth, inverseStride, stride)) - 1, 0, Double(n)))
        let colEnd = Int(Self.clamp(Self.ceil(Self.quotient(xb - prepared.padding.width, inverseStride, stride)) + 1, 0, Double(n)))

        let sectionCount = data.sectionCount
        var section = firstSection(endingAfter: ya - slack)
        while section < sectionCount && sectionTops[section] < yb + slack {
            let top = sectionTops[section]
            if t > 0 {
                let header = headerFrame(section: section)
                if header.intersects(rect) {
                    buffer.append(LayoutAttributes(kind: .sectionHeader, path: ItemPath(section: section, item: 0), frame: header))
                }
            }
            let count = data.itemCounts[section]
            if count > 0 {
                let rows = Double(Self.rows(count, n))
                let rowBase = top + t
                let firstRow = Int(Self.clamp(Self.floor(Self.quotient(ya - slack - rowBase, inverseRowHeight, h)), 0, rows))
                let rowEnd = Int(Self.clamp(Self.ceil(Self.quotient(yb + slack - rowBase, inverseRowHeight, h)), 0, rows))
                let sizes = prepared.centersItems ? data.itemSizes : nil
                let flatStart = data.sectionStarts[section]
                var row = firstRow
                while row < rowEnd {
                    // Every cell lies within its tile, and a row's tiles share their y and
                    // height: a row whose tiles miss the rect vertically has nothing in it.
                    let (y, height) = rowGeometry(section: section, row: row)
                    if y < qMaxY && y + height > qMinY {
                        let rowStart = row * n
                        let end = min(colEnd, count - rowStart)
                        var col = firstCol
                        while col < end {
                            let item = rowStart + col
                            var frame = Rect(x: columnX(col), y: y, width: tileWidth, height: height)
                            if let sizes { frame = Self.centre(sizes[flatStart + item], in: frame) }
                            if frame.intersects(rect) {
                                buffer.append(.cell(ItemPath(section: section, item: item), frame: frame))
                            }
                            col += 1
                        }
                    }
                    row += 1
                }
            }
            // The footer last: answers come in ID order (header, cells, footer) and, within
            // a section, in order of y.
            if f > 0 {
                let footer = footerFrame(section: section)
                if footer.intersects(rect) {
                    buffer.append(LayoutAttributes(kind: .sectionFooter, path: ItemPath(section: section, item: 0), frame: footer))
                }
            }
            section += 1
        }
    }

    /// `x / divisor` as `x · inverse`, within a few ulps; by division when `divisor` is so
    /// small (subnormal) that its inverse is not finite.
    @inline(__always)
    private static func quotient(_ x: Double, _ inverse: Double, _ divisor: Double) -> Double {
        inverse.isFinite ? x * inverse : x / divisor
    }

    /// - Complexity: O(1).
    public func attributes(at path: ItemPath) -> LayoutAttributes? {
        guard data.contains(path) else { return nil }
        if heightsShapeRows { return .cell(path, frame: measuredTileFrame(section: path.section, item: path.item)) }
        return .cell(path, frame: cellFrame(section: path.section, item: path.item))
    }

    /// The section header at `(section, 0)` when titles are on, the section footer at
    /// `(section, 0)` when footers are on; nothing else.
    /// - Complexity: O(1).
    public func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? {
        guard path.item == 0, path.section >= 0, path.section < data.sectionCount else { return nil }
        switch kind {
        case .sectionHeader where prepared.sectionTitleHeight > 0:
            return LayoutAttributes(kind: .sectionHeader, path: path, frame: headerFrame(section: path.section))
        case .sectionFooter where prepared.sectionFooterHeight > 0:
            let frame = heightsShapeRows ? measuredFooterFrame(section: path.section) : footerFrame(section: path.section)
            return LayoutAttributes(kind: .sectionFooter, path: path, frame: frame)
        default:
            return nil
        }
    }

    /// The first section whose bottom, `top_{i+1}`, lies below `y`. - Complexity: O(log S).
    private func firstSection(endingAfter y: Double) -> Int {
        var low = 0, high = data.sectionCount  // answer in low...high
        while low < high {
            let mid = (low + high) / 2
            if sectionTops[mid + 1] > y { high = mid } else { low = mid + 1 }
        }
        return low
    }

    @inline(__always)
    private static func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double {
        min(max(value, low), high)
    }

    /// `⌊x⌋`, exactly, without a call into libm for the usual magnitudes (the default
    /// x86-64 target has no rounding instruction, and `rounded(.down)` is a call).
    @inline(__always)
    static func floor(_ x: Double) -> Double {
        guard abs(x) < 0x1p52 else { return x.rounded(.down) }
        let truncated = Double(Int64(x))
        if truncated == x { return x }  // keeps −0.0
        return truncated > x ? truncated - 1 : truncated
    }

    /// `⌈x⌉`, exactly; see ``floor(_:)``.
    @inline(__always)
    static func ceil(_ x: Double) -> Double {
        guard abs(x) < 0x1p52 else { return x.rounded(.up) }
        let truncated = Double(Int64(x))
        if truncated == x { return x }
        return truncated < x ? truncated + 1 : truncated
    }
}
