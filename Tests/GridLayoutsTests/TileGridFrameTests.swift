import GridCore
import GridLayouts
import Testing

/// Frames checked against docs/architecture.md's formulas worked out by hand:
/// `w = floor((W − pw·(n+1))/n)`, `top_i = top_{i−1} + t + r_{i−1}·h + ph`,
/// tile `k` at `(pw + col·(w + pw), top_i + t + row·h + ph, w, h − ph)`.
@Suite("TileGrid frames")
struct TileGridFrameTests {
    func cell(_ grid: TileGrid, _ section: Int, _ item: Int) -> Rect? {
        grid.attributes(at: ItemPath(section: section, item: item))?.frame
    }

    func header(_ grid: TileGrid, _ section: Int) -> Rect? {
        grid.supplementary(.sectionHeader, section: section)?.frame
    }

    // MARK: CHGridView's own data: 96 sections of 31 tiles

    @Test func chGridViewNinetySixSectionsOfThirtyOne() throws {
        let data = try DataShape(sections: 96, itemsPerSection: 31)
        let grid = try preparedGrid(.chGridView, data: data, width: 320)
        // w = floor((320 − 4·5)/4) = floor(300/4) = 75
        #expect(grid.tileWidth == 75)
        // r = ceil(31/4) = 8 rows; each section is t + r·h + ph = 22 + 8·79 + 4 = 658 high
        // content = (W, 96·658) = (320, 63168)
        #expect(grid.contentSize == Size(width: 320, height: 63_168))
        for section in 0...96 {
            #expect(grid.sectionTop(section) == Double(section * 658), "top_\(section) = \(section)·658")
        }
        #expect(grid.sectionTop(97) == nil)
        #expect(grid.sectionTop(-1) == nil)

        // Section 0. Row 0: y = 0 + 22 + 0·79 + 4 = 26; x = 4 + col·(75 + 4) = 4, 83, 162, 241.
        #expect(cell(grid, 0, 0) == Rect(x: 4, y: 26, width: 75, height: 75))
        #expect(cell(grid, 0, 1) == Rect(x: 83, y: 26, width: 75, height: 75))
        #expect(cell(grid, 0, 2) == Rect(x: 162, y: 26, width: 75, height: 75))
        #expect(cell(grid, 0, 3) == Rect(x: 241, y: 26, width: 75, height: 75))  // 241 + 75 = 316 = W − pw
        // item 4: row 1, col 0: y = 22 + 79 + 4 = 105
        #expect(cell(grid, 0, 4) == Rect(x: 4, y: 105, width: 75, height: 75))
        // item 30, the last: row 7, col 2: x = 4 + 2·79 = 162, y = 22 + 7·79 + 4 = 579
        // (its bottom 579 + 75 = 654, plus ph = 658, the next section's top)
        #expect(cell(grid, 0, 30) == Rect(x: 162, y: 579, width: 75, height: 75))
        // Section 50, item 13: row 3, col 1: x = 4 + 79 = 83, y = 50·658 + 22 + 3·79 + 4 = 32900 + 263 = 33163
        #expect(cell(grid, 50, 13) == Rect(x: 83, y: 33_163, width: 75, height: 75))
        // Section 95, item 30: y = 95·658 + 579 = 62510 + 579 = 63089; bottom 63164 = 63168 − 4
        #expect(cell(grid, 95, 30) == Rect(x: 162, y: 63_089, width: 75, height: 75))

        // Headers: (0, top_i, W, t)
        #expect(header(grid, 0) == Rect(x: 0, y: 0, width: 320, height: 22))
        #expect(header(grid, 1) == Rect(x: 0, y: 658, width: 320, height: 22))
        #expect(header(grid, 95) == Rect(x: 0, y: 62_510, width: 320, height: 22))
        #expect(header(grid, 96) == nil)
    }

    /// Every one of the 2,976 tiles against the formula written out again here.
    @Test func chGridViewEveryTileByFormula() throws {
        let data = try DataShape(sections: 96, itemsPerSection: 31)
        let grid = try preparedGrid(.chGridView, data: data)
        for section in 0..<96 {
            for item in 0..<31 {
                let row = item / 4, col = item % 4
                let expected = Rect(
                    x: 4 + Double(col) * 79, y: Double(658 * section + 22 + 79 * row + 4), width: 75, height: 75)
                if cell(grid, section, item) != expected {
                    Issue.record("[\(section), \(item)]: \(String(describing: cell(grid, section, item))), expected \(expected)")
                }
            }
        }
    }

    // MARK: Container widths where the floor matters

    @Test(arguments: [
        // (W, w): w = floor((W − 20)/4)
        (320.0, 75.0),  // 300/4 = 75
        (321.0, 75.0),  // 301/4 = 75.25 → 75
        (323.0, 75.0),  // 303/4 = 75.75 → 75
        (324.0, 76.0),  // 304/4 = 76
        (320.5, 75.0),  // 300.5/4 = 75.125 → 75
        (24.0, 1.0),  // 4/4 = 1: the narrowest container that fits
    ])
    func tileWidthIsFloored(width: Double, tileWidth: Double) throws {
        let data = try DataShape(itemCounts: [5])
        let grid = try preparedGrid(.chGridView, data: data, width: width)
        #expect(grid.tileWidth == tileWidth)
        #expect(grid.contentSize.width == width)
        // x of column c is 4 + c·(w + 4); item 4 wraps to row 1 at x = 4
        for col in 0..<4 {
            #expect(cell(grid, 0, col) == Rect(x: 4 + Double(col) * (tileWidth + 4), y: 26, width: tileWidth, height: 75))
        }
        #expect(cell(grid, 0, 4) == Rect(x: 4, y: 105, width: tileWidth, height: 75))
        #expect(header(grid, 0) == Rect(x: 0, y: 0, width: width, height: 22))
    }

    @Test func widthsSpelledOut() throws {
        let data = try DataShape(itemCounts: [4])
        // W = 324: w = floor(304/4) = 76; column 3 at x = 4 + 3·80 = 244, ending at 320 ≤ 324 − 4
        let wide = try preparedGrid(.chGridView, data: data, width: 324)
        #expect(cell(wide, 0, 3) == Rect(x: 244, y: 26, width: 76, height: 75))
        // W = 323: w = floor(303/4) = 75; column 3 at x = 4 + 3·79 = 241 (3 points left over)
        let narrow = try preparedGrid(.chGridView, data: data, width: 323)
        #expect(cell(narrow, 0, 3) == Rect(x: 241, y: 26, width: 75, height: 75))
    }

    // MARK: Empty sections, titles off

    @Test func emptySectionsAdvanceByTitleAndPadding() throws {
        let data = try DataShape(itemCounts: [0, 3, 0, 0, 5])
        let grid = try preparedGrid(.chGridView, data: data)
        // rows r = [0, 1, 0, 0, 2]
        // top_1 = 0 + 22 + 0 + 4 = 26
        // top_2 = 26 + 22 + 1·79 + 4 = 131
        // top_3 = 131 + 22 + 0 + 4 = 157
        // top_4 = 157 + 26 = 183
        // top_5 = 183 + 22 + 2·79 + 4 = 367 = content height
        let tops: [Double] = [0, 26, 131, 157, 183, 367]
        for (section, top) in tops.enumerated() {
            #expect(grid.sectionTop(section) == top, "top_\(section)")
        }
        #expect(grid.contentSize == Size(width: 320, height: 367))
        for section in 0..<5 {
            #expect(header(grid, section) == Rect(x: 0, y: tops[section], width: 320, height: 22))
        }
        // (1, 0): y = 26 + 22 + 4 = 52
        #expect(cell(grid, 1, 0) == Rect(x: 4, y: 52, width: 75, height: 75))
        #expect(cell(grid, 1, 2) == Rect(x: 162, y: 52, width: 75, height: 75))
        // (4, 4): row 1: y = 183 + 22 + 79 + 4 = 288
        #expect(cell(grid, 4, 4) == Rect(x: 4, y: 288, width: 75, height: 75))
        #expect(cell(grid, 0, 0) == nil)
        #expect(cell(grid, 2, 0) == nil)
    }

    @Test func titlesOffMeansNoHeadersAtAll() throws {
        var config = TileGrid.Configuration.chGridView
        config.sectionTitleHeight = 0
        let data = try DataShape(itemCounts: [3, 0, 5])
        let grid = try preparedGrid(config, data: data)
        // r = [1, 0, 2]; t = 0:
        // top_1 = 0 + 0 + 79 + 4 = 83; top_2 = 83 + 0 + 0 + 4 = 87; top_3 = 87 + 2·79 + 4 = 249
        #expect(grid.sectionTop(1) == 83)
        #expect(grid.sectionTop(2) == 87)
        #expect(grid.contentSize == Size(width: 320, height: 249))
        // (0, 0): y = 0 + 0 + 0 + 4 = 4; (2, 4): row 1: y = 87 + 79 + 4 = 170
        #expect(cell(grid, 0, 0) == Rect(x: 4, y: 4, width: 75, height: 75))
        #expect(cell(grid, 2, 4) == Rect(x: 4, y: 170, width: 75, height: 75))
        for section in -1...3 {
            #expect(header(grid, section) == nil)
        }
        let everything = grid.elements(in: grid.contentBounds)
        #expect(everything.count == 8)
        #expect(everything.allSatisfy { $0.kind == .cell })
    }

    // MARK: One tile per line, padding 0, the last partial row

    @Test func oneTilePerLine() throws {
        let config = TileGrid.Configuration(
            tilesPerLine: 1, rowHeight: 50, padding: Size(width: 10, height: 5), sectionTitleHeight: 20)
        let data = try DataShape(itemCounts: [3, 2])
        let grid = try preparedGrid(config, data: data, width: 100)
        // w = floor((100 − 10·2)/1) = 80; tile height 50 − 5 = 45
        #expect(grid.tileWidth == 80)
        // top_1 = 20 + 3·50 + 5 = 175; top_2 = 175 + 20 + 2·50 + 5 = 300
        #expect(grid.sectionTop(1) == 175)
        #expect(grid.contentSize == Size(width: 100, height: 300))
        // (0, k): y = 20 + k·50 + 5 = 25, 75, 125
        #expect(cell(grid, 0, 0) == Rect(x: 10, y: 25, width: 80, height: 45))
        #expect(cell(grid, 0, 2) == Rect(x: 10, y: 125, width: 80, height: 45))
        // (1, 1): y = 175 + 20 + 50 + 5 = 250
        #expect(cell(grid, 1, 1) == Rect(x: 10, y: 250, width: 80, height: 45))
        #expect(header(grid, 1) == Rect(x: 0, y: 175, width: 100, height: 20))
    }

    @Test func paddingZeroTilesTouch() throws {
        let config = TileGrid.Configuration(tilesPerLine: 3, rowHeight: 30, padding: .zero, sectionTitleHeight: 10)
        let data = try DataShape(itemCounts: [4, 1])
        let grid = try preparedGrid(config, data: data, width: 100)
        // w = floor(100/3) = 33; tile height 30 − 0 = 30
        #expect(grid.tileWidth == 33)
        // top_1 = 10 + 2·30 + 0 = 70; top_2 = 70 + 10 + 30 = 110
        #expect(grid.sectionTop(1) == 70)
        #expect(grid.contentSize == Size(width: 100, height: 110))
        #expect(cell(grid, 0, 0) == Rect(x: 0, y: 10, width: 33, height: 30))
        #expect(cell(grid, 0, 1) == Rect(x: 33, y: 10, width: 33, height: 30))
        #expect(cell(grid, 0, 2) == Rect(x: 66, y: 10, width: 33, height: 30))
        #expect(cell(grid, 0, 3) == Rect(x: 0, y: 40, width: 33, height: 30))  // y = 10 + 30
        #expect(cell(grid, 1, 0) == Rect(x: 0, y: 80, width: 33, height: 30))  // y = 70 + 10
        // Touching tiles do not overlap (half-open), and the next section's header starts
        // where the last row ends.
        let a = try #require(cell(grid, 0, 0)), b = try #require(cell(grid, 0, 1)), c = try #require(cell(grid, 0, 3))
        #expect(!a.intersects(b) && !a.intersects(c))
        #expect(header(grid, 1) == Rect(x: 0, y: 70, width: 100, height: 10))
        #expect(!(try #require(header(grid, 1))).intersects(c))
    }

    @Test func theLastPartialRowHoldsOnlyTheRemainingItems() throws {
        let data = try DataShape(sections: 2, itemsPerSection: 31)
        let grid = try preparedGrid(.chGridView, data: data)
        // Row 7 of section 0 holds items 28, 29, 30 (31 = 7·4 + 3) at y = 22 + 7·79 + 4 = 579.
        let row = grid.elements(in: Rect(x: 0, y: 579, width: 320, height: 75))
        #expect(row.map(\.path.item).sorted() == [28, 29, 30])
        #expect(row.allSatisfy { $0.path.section == 0 && $0.kind == .cell })
        // Column 3 of that row (x = 241…316) is empty.
        #expect(grid.elements(in: Rect(x: 241, y: 579, width: 75, height: 75)).isEmpty)
        #expect(cell(grid, 0, 31) == nil)

        // Five per line, 7 items: row 1 holds 2 tiles.
        let five = TileGrid.Configuration(tilesPerLine: 5, rowHeight: 79, padding: Size(width: 4, height: 4), sectionTitleHeight: 22)
        let seven = try preparedGrid(five, data: try DataShape(itemCounts: [7]))
        // w = floor((320 − 24)/5) = floor(59.2) = 59; row 1 at y = 22 + 79 + 4 = 105
        #expect(seven.tileWidth == 59)
        let second = seven.elements(in: Rect(x: 0, y: 105, width: 320, height: 75))
        #expect(second.map(\.frame).sorted { $0.minX < $1.minX } == [
            Rect(x: 4, y: 105, width: 59, height: 75), Rect(x: 67, y: 105, width: 59, height: 75),  // 4 + 63
        ])
        // content: 22 + 2·79 + 4 = 184
        #expect(seven.contentSize.height == 184)
    }

    @Test func noSectionsAndNoItems() throws {
        let empty = try preparedGrid(.chGridView, data: .empty)
        #expect(empty.contentSize == Size(width: 320, height: 0))
        #expect(empty.elements(in: Rect(x: -1e6, y: -1e6, width: 2e6, height: 2e6)).isEmpty)
        #expect(empty.sectionTop(0) == 0)
        #expect(header(empty, 0) == nil)

        // One empty section is still a header and a padding: 22 + 4 = 26.
        let one = try preparedGrid(.chGridView, data: try DataShape(itemCounts: [0]))
        #expect(one.contentSize.height == 26)
        #expect(one.elements(in: one.contentBounds).map(\.id) == [ElementID(kind: .sectionHeader, path: ItemPath(section: 0, item: 0))])
    }

    // MARK: Half-open edges

    @Test func rectEdgesAreHalfOpen() throws {
        let data = try DataShape(itemCounts: [8])
        let grid = try preparedGrid(.chGridView, data: data)
        let tile0 = Rect(x: 4, y: 26, width: 75, height: 75)  // row 0: y 26..<101
        #expect(cell(grid, 0, 0) == tile0)
        func ids(_ rect: Rect) -> [String] { grid.elements(in: rect).sorted { $0.id < $1.id }.map(\.id.description) }

        // maxY == tile.minY (26): the header (0..<22) is in, no tile is.
        #expect(ids(Rect(x: 0, y: 0, width: 320, height: 26)) == ["section-header[0, 0]"])
        // starting at tile.maxY (101) and ending at row 1's minY (105): nothing.
        #expect(ids(Rect(x: 0, y: 101, width: 320, height: 4)).isEmpty)
        // starting at the header's maxY (22) and ending at the tiles' minY (26): nothing.
        #expect(ids(Rect(x: 0, y: 22, width: 320, height: 4)).isEmpty)
        // maxX == tile 0's minX (4): nothing of the tiles; the header spans x 0..<320.
        #expect(ids(Rect(x: 0, y: 26, width: 4, height: 200)).isEmpty)
        // starting at tile 0's maxX (79), ending at tile 1's minX (83): nothing.
        #expect(ids(Rect(x: 79, y: 0.5, width: 4, height: 200)) == ["section-header[0, 0]"])
        // One point over each edge brings the tile in.
        #expect(ids(Rect(x: 0, y: 0, width: 320, height: 27)).contains("cell[0, 0]"))
        #expect(ids(Rect(x: 0, y: 100, width: 5, height: 1)) == ["cell[0, 0]"])
        #expect(ids(Rect(x: 78.5, y: 100.5, width: 0.5, height: 0.5)) == ["cell[0, 0]"])
        #expect(ids(Rect(x: 79, y: 100.5, width: 0.5, height: 0.5)).isEmpty)
    }
}
