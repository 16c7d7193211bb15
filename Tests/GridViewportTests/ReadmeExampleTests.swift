import GridCore
import GridLayouts
import GridStrategies
import GridViewport
import Testing

/// The README's example, as written there, with the numbers it quotes checked.
@Suite struct ReadmeExampleTests {
    @Test func layoutAndViewportExample() throws {
        // CHGridView's own data set: 96 sections of 31 photos, 4 a line, on a 320 × 480 screen.
        let photos = try DataShape(sections: 96, itemsPerSection: 31)
        var grid = TileGrid(.chGridView)  // rows of 79, padding 4, section titles of 22
        try grid.prepare(data: photos, container: Size(width: 320, height: 480))
        // 96 sections of 22 + 8·79 + 4 = 658 points.
        #expect(grid.contentSize == Size(width: 320, height: 63_168))
        // Row 1, column 1: x = 4 + 1·(75 + 4) = 83, y = 22 + 1·79 + 4 = 105.
        #expect(grid.attributes(at: ItemPath(section: 0, item: 5))?.frame == Rect(x: 83, y: 105, width: 75, height: 75))

        // A headless grid view over the cached strategy: the visible tiles plus four rows
        // above and beneath, reused as they scroll by.
        var viewport = try Viewport(layout: CachedLayout(TileGrid()), data: photos, size: Size(width: 320, height: 480))
        let first = viewport.scroll(to: Point(x: 0, y: 1000))
        // Loaded rect [1000 − 4·79, 1000 + 480 + 4·79) = [684, 1796). Section 0 (0…658): its
        // last row ends at 654 and its header pins at min(max(0, 1000), 658 − 22) = 636, so
        // nothing. Section 1 (658…1316): rows at 684 + 79r, all 8 (31 tiles), and its header
        // pinned at 1000: 32. Section 2 (1316…1974): header at 1316 and rows at 1342 + 79r
        // for r = 0…5 (1737 < 1796): 1 + 24. In all 57, every tile new.
        #expect(first.entered == 57 && first.left == 0 && first.created == 57)
        // One row further, [763, 1875): section 1's row 0 ([684, 759)) leaves, section 2's row
        // 6 ([1816, 1891)) enters, on the 4 tiles the leaving row gave back.
        let next = viewport.scroll(to: Point(x: 0, y: 1079))
        #expect(next.entered == 4 && next.left == 4 && next.created == 0)
    }
}
