import GridCore
import GridLayouts
import Testing

/// The centred ("iPhoto") style, worked out by hand. CHGridView's parameters on a 320-wide
/// container give 75 × 75 tiles: `w = floor((320 − 20)/4) = 75`, `h − ph = 79 − 4 = 75`.
/// Section 0's tiles are at x = 4, 83, 162, 241 and, for rows 0, 1, 2, y = 26, 105, 184.
/// An item of content size `(iw, ih)` that fits goes to `(x + floor((75 − iw)/2),
/// y + floor((75 − ih)/2), iw, ih)`; one that does not is first scaled by
/// `min(75/iw, 75/ih)`.
@Suite("TileGrid centred style")
struct TileGridCentredTests {
    static var centred: TileGrid.Configuration {
        var config = TileGrid.Configuration.chGridView
        config.centersItems = true
        return config
    }

    /// Item sizes, and the frames worked out for them by hand.
    static let cases: [(size: Size, frame: Rect, why: String)] = [
        // Row 0 (y = 26)
        (Size(width: 40, height: 30), Rect(x: 21, y: 48, width: 40, height: 30),
         "smaller: x = 4 + floor(35/2) = 4 + 17 = 21, y = 26 + floor(45/2) = 26 + 22 = 48"),
        (Size(width: 150, height: 50), Rect(x: 83, y: 51, width: 75, height: 25),
         "wider than the tile: scale 75/150 = 0.5 → 75 × 25; x = 83 + 0, y = 26 + floor(50/2) = 51"),
        (Size(width: 60, height: 300), Rect(x: 192, y: 26, width: 15, height: 75),
         "taller than the tile: scale 75/300 = 0.25 → 15 × 75; x = 162 + floor(60/2) = 192, y = 26"),
        (Size(width: 75, height: 75), Rect(x: 241, y: 26, width: 75, height: 75),
         "exactly the tile: unchanged, offsets floor(0/2) = 0"),
        // Row 1 (y = 105)
        (Size(width: 40.5, height: 10), Rect(x: 21, y: 137, width: 40.5, height: 10),
         "smaller, fractional: x = 4 + floor(34.5/2) = 4 + floor(17.25) = 21, y = 105 + floor(65/2) = 105 + 32 = 137"),
        (Size(width: 300, height: 200), Rect(x: 83, y: 117, width: 75, height: 50),
         "larger both ways, relatively wider: scale 75/300 → 75 × 50; y = 105 + floor(25/2) = 117"),
        (Size(width: 100, height: 150), Rect(x: 174, y: 105, width: 50, height: 75),
         "larger both ways, relatively taller: scale 75/150 → 50 × 75; x = 162 + floor(25/2) = 174"),
        (Size(width: 200, height: 200), Rect(x: 241, y: 105, width: 75, height: 75),
         "larger square: scale 75/200 → 75 × 75, fills the tile"),
        // Row 2 (y = 184)
        (Size(width: 80, height: 60), Rect(x: 4, y: 193, width: 75, height: 56.25),
         "wider only a little: scale 75/80 = 0.9375 → 75 × 56.25; y = 184 + floor(18.75/2) = 184 + 9 = 193"),
        (Size(width: 70, height: 80), Rect(x: 87, y: 184, width: 65.625, height: 75),
         "taller only a little: scale 75/80 → 65.625 × 75; x = 83 + floor(9.375/2) = 83 + 4 = 87"),
        (Size(width: 1, height: 1), Rect(x: 199, y: 221, width: 1, height: 1),
         "tiny: x = 162 + floor(74/2) = 199, y = 184 + 37 = 221"),
    ]

    @Test func centredFramesByHand() throws {
        let sizes = Self.cases.map(\.size) + [Size(width: 76, height: 75), Size(width: 10, height: 10), Size(width: 75, height: 300)]
        let data = try DataShape(itemCounts: [12, 2], itemSizes: sizes)
        let grid = try preparedGrid(Self.centred, data: data)
        for (item, expected) in Self.cases.enumerated() {
            let frame = grid.attributes(at: ItemPath(section: 0, item: item))?.frame
            #expect(frame == expected.frame, "item \(item), \(expected.size): \(expected.why)")
        }
        // Item 11, one point too wide (76 × 75): scale 75/76 → 75 × 74.0131578947…, which is
        // not a whole number, so compare it within rounding; x = 241, y = 184 + floor(0.98…/2) = 184.
        let slightly = try #require(grid.attributes(at: ItemPath(section: 0, item: 11))?.frame)
        #expect(slightly.minX == 241 && slightly.minY == 184 && slightly.width == 75)
        #expect(abs(slightly.height - 75.0 * 75.0 / 76.0) < 1e-12)
        // Section 1 starts at top_1 = 22 + 3·79 + 4 = 263; its row 0 is at y = 263 + 22 + 4 = 289.
        // 10 × 10: x = 4 + floor(65/2) = 36, y = 289 + 32 = 321
        #expect(grid.attributes(at: ItemPath(section: 1, item: 0))?.frame == Rect(x: 36, y: 321, width: 10, height: 10))
        // 75 × 300: taller, scale 0.25 → 18.75 × 75; x = 83 + floor(56.25/2) = 83 + 28 = 111
        #expect(grid.attributes(at: ItemPath(section: 1, item: 1))?.frame == Rect(x: 111, y: 289, width: 18.75, height: 75))
        // Content and headers do not depend on the style.
        #expect(grid.contentSize == Size(width: 320, height: 263 + 22 + 79 + 4))
        #expect(grid.supplementary(.sectionHeader, section: 1)?.frame == Rect(x: 0, y: 263, width: 320, height: 22))
    }

    @Test func scaledContentKeepsItsAspectRatio() throws {
        // Sizes larger than the tile in every proportion: the scaled size has the same
        // width/height ratio (to rounding) and touches the tile on its constrained side.
        var random = SeededRandom(seed: 4242)
        var sizes: [Size] = []
        for _ in 0..<200 {
            sizes.append(Size(width: random.uniform(76...2000), height: random.uniform(1...2000)))
            sizes.append(Size(width: random.uniform(1...2000), height: random.uniform(76...2000)))
        }
        let data = try DataShape(itemCounts: [sizes.count], itemSizes: sizes)
        let grid = try preparedGrid(Self.centred, data: data)
        for (item, size) in sizes.enumerated() {
            let path = ItemPath(section: 0, item: item)
            let frame = try #require(grid.attributes(at: path)?.frame)
            let ratio = size.width / size.height
            let wider = ratio >= 1  // the tile is square: 75 × 75
            #expect(wider ? frame.width == 75 : frame.height == 75, "seed 4242, item \(item), \(size) → \(frame)")
            #expect(abs(frame.width / frame.height - ratio) <= ratio * 1e-12, "seed 4242, item \(item), \(size) → \(frame)")
            // Centred with floor: the offset is floor of half the slack on each axis.
            let row = item / 4, col = item % 4
            let tileX = 4 + Double(col) * 79, tileY = 26 + Double(row) * 79
            #expect(frame.minX == tileX + ((75 - frame.width) / 2).rounded(.down), "item \(item)")
            #expect(frame.minY == tileY + ((75 - frame.height) / 2).rounded(.down), "item \(item)")
        }
    }

    @Test func withoutItemSizesCentringLeavesTiles() throws {
        let data = try DataShape(itemCounts: [5])
        let centred = try preparedGrid(Self.centred, data: data)
        let plain = try preparedGrid(.chGridView, data: data)
        for item in 0..<5 {
            let path = ItemPath(section: 0, item: item)
            #expect(centred.attributes(at: path) == plain.attributes(at: path))
        }
        #expect(centred.attributes(at: ItemPath(section: 0, item: 0))?.frame == Rect(x: 4, y: 26, width: 75, height: 75))
    }

    @Test func withCentringOffSizesAreIgnored() throws {
        let data = try DataShape(itemCounts: [2], itemSizes: [Size(width: 10, height: 10), Size(width: 500, height: 20)])
        let grid = try preparedGrid(.chGridView, data: data)
        #expect(grid.attributes(at: ItemPath(section: 0, item: 0))?.frame == Rect(x: 4, y: 26, width: 75, height: 75))
        #expect(grid.attributes(at: ItemPath(section: 0, item: 1))?.frame == Rect(x: 83, y: 26, width: 75, height: 75))
    }

    @Test func centredTilesOfAnotherShape() throws {
        // Tiles wider than tall: 2 per line, W = 200, padding (10, 20), h = 70 →
        // w = floor((200 − 30)/2) = 85, tile height 70 − 20 = 50; tile 0 at (10, 0 + 0 + 20) with t = 0.
        let config = TileGrid.Configuration(
            tilesPerLine: 2, rowHeight: 70, padding: Size(width: 10, height: 20), sectionTitleHeight: 0, centersItems: true)
        let sizes = [
            Size(width: 100, height: 100),  // square, larger: scale min(85/100, 50/100) = 0.5 → 50 × 50
            Size(width: 170, height: 20),  // wide: scale 85/170 = 0.5 → 85 × 10
        ]
        let grid = try preparedGrid(config, data: try DataShape(itemCounts: [2], itemSizes: sizes), width: 200)
        #expect(grid.tileWidth == 85)
        // 50 × 50 in (10, 20, 85, 50): x = 10 + floor(35/2) = 27, y = 20 + 0
        #expect(grid.attributes(at: ItemPath(section: 0, item: 0))?.frame == Rect(x: 27, y: 20, width: 50, height: 50))
        // 85 × 10 in (105, 20, 85, 50) [x = 10 + 95]: x = 105, y = 20 + floor(40/2) = 40
        #expect(grid.attributes(at: ItemPath(section: 0, item: 1))?.frame == Rect(x: 105, y: 40, width: 85, height: 10))
    }
}
