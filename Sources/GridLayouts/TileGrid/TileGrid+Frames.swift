import GridCore

// MARK: - Frames

extension TileGrid {
    /// The tile of item `item` in section `section`: the cell frame before centring.
    ///
    /// Its height is `h − ph`, except where rounding would carry its bottom, `y + (h − ph)`,
    /// past the end of its row, `top_i + t + (row+1)·h`: there it is the largest height
    /// that ends at or above it (at most an ulp less). The next row's `y` and `top_{i+1}` are
    /// that same sum plus `ph`, so with padding 0 and heights that are not binary fractions
    /// (79⅓ points on a 3× screen) touching rows and sections still never overlap (law 8)
    /// nor leave the content (law 4). With exact parameters (whole or binary-fraction
    /// points) the height is exactly `h − ph`.
    @inline(__always)
    func tileFrame(section: Int, item: Int) -> Rect {
        let n = prepared.tilesPerLine
        let row = rowGeometry(section: section, row: item / n)
        return Rect(x: columnX(item % n), y: row.y, width: tileWidth, height: row.height)
    }

    /// The `y` and height shared by every tile of row `row` of `section` (see
    /// ``tileFrame(section:item:)``).
    @inline(__always)
    func rowGeometry(section: Int, row: Int) -> (y: Double, height: Double) {
        let h = prepared.rowHeight, ph = prepared.padding.height
        let rowsTop = sectionTops[section] + prepared.sectionTitleHeight
        let y = rowsTop + Double(row) * h + ph
        var height = h - ph
        let rowEnd = rowsTop + Double(row + 1) * h
        if y + height > rowEnd {
            height = Self.height(from: y, endingBy: rowEnd)
        }
        return (y, height)
    }

    /// The `x` of every tile in column `col`: `pw + col·(w + pw)`.
    @inline(__always)
    func columnX(_ col: Int) -> Double {
        prepared.padding.width + Double(col) * (tileWidth + prepared.padding.width)
    }

    /// `end − y`, stepped down an ulp at a time until `y + d` is at most `end`; see
    /// ``Track/length(from:endingBy:)``.
    static func height(from y: Double, endingBy end: Double) -> Double {
        Track.length(from: y, endingBy: end)
    }

    /// The frame of a cell: its tile, or in the centred style its content centred in it.
    @inline(__always)
    func cellFrame(section: Int, item: Int) -> Rect {
        let tile = tileFrame(section: section, item: item)
        guard prepared.centersItems, let sizes = data.itemSizes else { return tile }
        return Self.centre(sizes[data.sectionStarts[section] + item], in: tile)
    }

    /// Content of `size` scaled to fit `tile` and centred in it, offsets floored.
    @inline(__always)
    static func centre(_ size: Size, in tile: Rect) -> Rect {
        let content = fit(size, in: tile.size)
        return Rect(
            x: tile.minX + Self.floor((tile.width - content.width) / 2),
            y: tile.minY + Self.floor((tile.height - content.height) / 2),
            width: content.width, height: content.height)
    }

    /// `size` scaled down, keeping its aspect ratio, until it fits in `tile`; unchanged when
    /// it already fits. The constrained side comes out exactly equal to the tile's, so
    /// rounding can never push content outside its tile.
    static func fit(_ size: Size, in tile: Size) -> Size {
        if size.width <= tile.width && size.height <= tile.height { return size }
        if size.width * tile.height >= tile.width * size.height {
            // Relatively wider than the tile: width is the constraint.
            return Size(width: tile.width, height: min(size.height * (tile.width / size.width), tile.height))
        } else {
            return Size(width: min(size.width * (tile.height / size.height), tile.width), height: tile.height)
        }
    }

    func headerFrame(section: Int) -> Rect {
        Rect(x: 0, y: sectionTops[section], width: containerWidth, height: prepared.sectionTitleHeight)
    }

    /// `(0, top_i + t + r_i·h + ph, W, f)`. Its `y` is the very sum `prepare` added `f` to
    /// for `top_{i+1}`, in the same order, so the footer ends exactly at the next section's
    /// top, rounding included.
    func footerFrame(section: Int) -> Rect {
        let rows = Double(Self.rows(data.itemCounts[section], prepared.tilesPerLine))
        let y = sectionTops[section] + prepared.sectionTitleHeight + rows * prepared.rowHeight + prepared.padding.height
        return Rect(x: 0, y: y, width: containerWidth, height: prepared.sectionFooterHeight)
    }
}
