import GridCore
import GridLayouts
import GridStrategies
import GridTestSupport
import GridViewport
import Testing

/// After a warm-up pass, scroll frames allocate nothing.
@Suite struct ViewportAllocationTests {
    /// Scrolls through `offsets` once to grow every buffer and pool, then again while
    /// counting allocations.
    func secondPassAllocations<Layout>(_ viewport: inout Viewport<Layout>, _ offsets: [Point]) -> AllocationCount {
        var entered = 0
        for offset in offsets { entered += viewport.scroll(to: offset).entered }
        // An index loop: in a debug build the test's own `for … in` over an array makes
        // allocations of its own (unspecialised iterator code), which are not the viewport's.
        let (_, count) = AllocationCount.measure {
            var index = 0
            while index < offsets.count {
                entered &+= viewport.scroll(to: offsets[index]).entered
                index += 1
            }
        }
        #expect(entered > 0)
        return count
    }

    static func throughAndBack(_ contentHeight: Double) -> [Point] {
        let down = stride(from: -200.0, through: contentHeight + 600, by: 13).map { Point(x: 0, y: $0) }
        return down + down.reversed()
    }

    @Test func scrollingCHGridViewAllocatesNothing() throws {
        try #require(AllocationCount.isAvailable)
        var viewport = try TileGridCase.chGridView.viewport()
        var offsets = Self.throughAndBack(96 * 658)
        // Corrupt samples and far jumps are frames like any other.
        offsets += [Point(x: .nan, y: .infinity), Point(x: 0, y: 30000), Point(x: 0, y: -1e300), Point(x: 0, y: 1e300)]
        let count = secondPassAllocations(&viewport, offsets)
        #expect(count.allocations == 0, "\(count)")
    }

    @Test(arguments: [ReorderedLayout<TileGrid>.Order.shuffled, .reversed, .oneSwap])
    func sortingOutOfOrderAnswersAllocatesNothing(order: ReorderedLayout<TileGrid>.Order) throws {
        try #require(AllocationCount.isAvailable)
        var viewport = try Viewport(
            layout: ReorderedLayout(base: TileGrid(), order: order),
            data: DataShape(sections: 96, itemsPerSection: 31), size: Size(width: 320, height: 480))
        let count = secondPassAllocations(&viewport, Self.throughAndBack(96 * 658))
        #expect(count.allocations == 0, "\(count)")
    }

    @Test func scrollingTwoAxesAllocatesNothing() throws {
        try #require(AllocationCount.isAvailable)
        let data = try DataShape(sections: 200, itemsPerSection: 150)
        var viewport = try Viewport(
            layout: UniformGrid(cell: Size(width: 50, height: 30), axes: .both), data: data, size: Size(width: 320, height: 480))
        let diagonal = (0...400).map { Point(x: -100 + Double($0) * 19, y: -100 + Double($0) * 15) }
        let count = secondPassAllocations(&viewport, diagonal + diagonal.reversed())
        #expect(count.allocations == 0, "\(count)")
    }

    /// The cached tile grid after edits answers from pieces (sections kept, moved, patched):
    /// its scroll frames allocate nothing either.
    @Test func scrollingACacheUpdatedInPiecesAllocatesNothing() throws {
        try #require(AllocationCount.isAvailable)
        var data = try DataShape(sections: 96, itemsPerSection: 31)
        var viewport = try Viewport(layout: CachedLayout(TileGrid()), data: data, size: Size(width: 320, height: 480))
        for edit in [DataEdit.insertItems(section: 3, item: 0, count: 2, sizes: nil), .deleteItems(section: 40, items: 0..<5),
                     .insertSections(section: 70, counts: [12], sizes: nil)] {
            data = try edit.applied(to: data)
            try viewport.setData(data, edit: edit)
        }
        #expect(viewport.layout.answersFromPieces && viewport.layout.pieceCount == 7)
        let count = secondPassAllocations(&viewport, Self.throughAndBack(viewport.layout.contentSize.height))
        #expect(count.allocations == 0, "\(count)")
    }

    /// After `reloadData` the frame that loads everything again takes every tile from the
    /// pools and fills buffers that kept their capacity.
    @Test func theFrameAfterAReloadAllocatesNothing() throws {
        try #require(AllocationCount.isAvailable)
        var viewport = try TileGridCase.chGridView.viewport()
        _ = secondPassAllocations(&viewport, Self.throughAndBack(96 * 658))
        viewport.scroll(to: Point(x: 0, y: 1000))
        try viewport.reloadData()
        let (report, count) = AllocationCount.measure { viewport.scroll(to: Point(x: 0, y: 1000)) }
        #expect(count.allocations == 0, "\(count)")
        #expect(report.entered == 57 && report.left == 57 && report.created == 0)
    }
}
