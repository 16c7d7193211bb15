import GridCore
import GridLayouts
import GridViewport
import Testing

/// Pinned section headers, against numbers worked out by hand.
///
/// CHGridView's data set: section `i` spans `[658·i, 658·(i+1))`, because a section is a
/// title of 22, 8 rows of 79 (31 tiles at 4 per line) and padding 4: 22 + 8·79 + 4 = 658.
/// The content is 96·658 = 63168 tall. A header is 22 tall, so the header of section `i`
/// pins at `y0` while `658·i ≤ y0 ≤ 658·(i+1) − 22`, then rides up ahead of the next one.
@Suite struct ViewportPinningTests {
    @Test func pinnedHeaderPositionsByHand() throws {
        var viewport = try TileGridCase.chGridView.viewport()
        func pinnedY(_ section: Int) -> Double? { viewport.pinnedFrame(ofHeaderInSection: section)?.minY }

        viewport.scroll(to: Point(x: 0, y: 0))
        #expect(viewport.pinnedFrame(ofHeaderInSection: 0) == Rect(x: 0, y: 0, width: 320, height: 22))
        #expect(pinnedY(1) == 658)  // natural: min(max(658, 0), 1316 − 22)

        viewport.scroll(to: Point(x: 0, y: -50))
        #expect(pinnedY(0) == 0)  // pulled down past the top: max(0, −50) = 0

        viewport.scroll(to: Point(x: 0, y: 1000))
        #expect(pinnedY(0) == 636)  // min(max(0, 1000), 658 − 22): pushed out above
        #expect(pinnedY(1) == 1000)  // min(max(658, 1000), 1316 − 22 = 1294): pinned at y0
        #expect(pinnedY(2) == 1316)  // natural

        viewport.scroll(to: Point(x: 0, y: 1300))
        #expect(pinnedY(1) == 1294)  // min(1300, 1294): pushed up by section 2's header
        #expect(pinnedY(2) == 1316)

        viewport.scroll(to: Point(x: 0, y: 63268))  // 100 past the end of the content
        #expect(pinnedY(95) == 63146)  // min(max(62510, 63268), 63168 − 22)

        #expect(viewport.pinnedFrame(ofHeaderInSection: 96) == nil)
        #expect(viewport.pinnedFrame(ofHeaderInSection: -1) == nil)
    }

    @Test func loadedHeaderCarriesItsPinnedFrame() throws {
        var viewport = try TileGridCase.chGridView.viewport()
        viewport.scroll(to: Point(x: 0, y: 1000))
        let header1 = ElementID(kind: .sectionHeader, path: ItemPath(section: 1, item: 0))
        let header0 = ElementID(kind: .sectionHeader, path: ItemPath(section: 0, item: 0))
        let loaded = viewport.loadedElements
        #expect(loaded.first { $0.id == header1 }?.attributes.frame == Rect(x: 0, y: 1000, width: 320, height: 22))
        // Section 0's header sits at 636…658, above the loaded rect [684, 1796).
        #expect(!loaded.contains { $0.id == header0 })

        // One point further the header stays loaded, moves with y0 and keeps its tile.
        let tile = loaded.first { $0.id == header1 }?.tile
        let report = viewport.scroll(to: Point(x: 0, y: 1001))
        #expect(report.entered == 0 && report.left == 0)
        let moved = viewport.loadedElements.first { $0.id == header1 }
        #expect(moved?.attributes.frame.minY == 1001)
        #expect(moved?.tile == tile)
    }

    /// A section of 400 tiles is 22 + 100·79 + 4 = 7926 tall. At y0 = 4000 the loaded
    /// rect is [3684, 4796): its header's own frame (0…22) is far above, but it is pinned
    /// at 4000 and so loaded.
    @Test func headerFarAboveItsTilesIsLoadedPinned() throws {
        var viewport = try Viewport(layout: TileGrid(), data: DataShape(itemCounts: [400]), size: Size(width: 320, height: 480))
        viewport.scroll(to: Point(x: 0, y: 4000))
        let header = viewport.loadedElements.first
        #expect(header?.attributes.kind == .sectionHeader)
        #expect(header?.attributes.frame == Rect(x: 0, y: 4000, width: 320, height: 22))
        #expect(viewport.layout.supplementary(.sectionHeader, section: 0)?.frame.minY == 0)
    }

    /// Near the end of the content no tile of the last section may be loaded while its
    /// pinned header is. At y0 = 63168 + 316 − 2 = 63482 the loaded rect starts at 63166;
    /// the last row of section 95 ends at 63168 − 4 = 63164, but the last header is pinned
    /// at 63168 − 22 = 63146 and reaches 63168. Two points further (the rect starts at
    /// 63168) nothing is loaded.
    @Test func lastHeaderIsLoadedAfterItsTilesAtTheEnd() throws {
        var viewport = try TileGridCase.chGridView.viewport()
        viewport.scroll(to: Point(x: 0, y: 63482))
        #expect(viewport.loadedElements.map(\.attributes) == [
            LayoutAttributes(
                kind: .sectionHeader, path: ItemPath(section: 95, item: 0),
                frame: Rect(x: 0, y: 63146, width: 320, height: 22))
        ])
        let report = viewport.scroll(to: Point(x: 0, y: 63484))
        #expect(viewport.loadedElements.isEmpty)
        #expect(report.left == 1 && report.digest == .empty)
    }

    @Test func pinningOffShowsHeadersAtTheirLayoutFrames() throws {
        var viewport = try TileGridCase(name: "unpinned", itemCounts: Array(repeating: 31, count: 96), pins: false).viewport()
        #expect(!viewport.pinsSectionHeaders)
        viewport.scroll(to: Point(x: 0, y: 1000))
        #expect(viewport.pinnedFrame(ofHeaderInSection: 1) == nil)
        // Section 1's header at 658…680 is above the loaded rect [684, 1796); section 2's
        // at 1316 is inside.
        let headers = viewport.loadedElements.filter { $0.attributes.kind == .sectionHeader }.map(\.attributes.frame)
        #expect(headers == [Rect(x: 0, y: 1316, width: 320, height: 22)])
    }

    /// `pinsSectionHeaders: nil` follows the layout's traits; `true` overrides them.
    @Test func pinningFollowsTraitsUnlessGiven() throws {
        let data = try DataShape(sections: 4, itemsPerSection: 31)
        let size = Size(width: 320, height: 480)
        let quiet = RetraitedLayout(base: TileGrid(), traits: LayoutTraits(lineHeight: 79, pinsSectionHeaders: false))
        var following = try Viewport(layout: quiet, data: data, size: size)
        var forced = try Viewport(layout: quiet, data: data, size: size, pinsSectionHeaders: true)
        #expect(!following.pinsSectionHeaders)
        #expect(forced.pinsSectionHeaders)
        following.scroll(to: Point(x: 0, y: 1000))
        forced.scroll(to: Point(x: 0, y: 1000))
        #expect(following.pinnedFrame(ofHeaderInSection: 1) == nil)
        #expect(forced.pinnedFrame(ofHeaderInSection: 1)?.minY == 1000)
        #expect(try Viewport(layout: TileGrid(), data: data, size: size).pinsSectionHeaders)
    }
}
