import GridCore
import GridLayouts
import GridViewport
import Testing

/// Rotation, batch updates and reloads: after each, the next frame loads what a fresh
/// viewport would, and a refused update changes nothing.
@Suite struct ViewportUpdateTests {
    static let photos = try! DataShape(sections: 96, itemsPerSection: 31)
    static let portrait = Size(width: 320, height: 480)
    static let landscape = Size(width: 480, height: 320)

    /// The loaded attributes of a new viewport scrolled straight to `offset`.
    func fresh(_ data: DataShape, _ size: Size, at offset: Point) throws -> (attributes: [LayoutAttributes], digest: LoadedSetDigest) {
        var viewport = try Viewport(layout: TileGrid(), data: data, size: size)
        viewport.scroll(to: offset)
        return (viewport.loadedElements.map(\.attributes), viewport.digest)
    }

    /// Everything observable about a viewport, to prove that a refused update changed nothing.
    struct Snapshot<Layout: GridLayout>: Equatable {
        var data: DataShape
        var size: Size
        var offset: Point
        var contentSize: Size
        var loaded: [LoadedElement]
        var digest: LoadedSetDigest
        var tilesCreated: Int
        var pooled: [Int]
        var pinned: [Rect?]

        init(_ viewport: Viewport<Layout>) {
            data = viewport.data
            size = viewport.size
            offset = viewport.offset
            contentSize = viewport.layout.contentSize
            loaded = viewport.loadedElements
            digest = viewport.digest
            tilesCreated = viewport.tilesCreated
            pooled = ElementKind.allCases.map { viewport.pooledTileCount(ReuseIdentifier(kind: $0)) }
            pinned = (0..<4).map { viewport.pinnedFrame(ofHeaderInSection: $0) }
        }
    }

    @Test func rotationLoadsWhatAFreshViewportWould() throws {
        var viewport = try Viewport(layout: TileGrid(), data: Self.photos, size: Self.portrait)
        var checker = FrameChecker()
        let portrait = try TileGridReference(.chGridView)
        var landscapeCase = TileGridCase.chGridView
        landscapeCase.size = Self.landscape
        let landscape = try TileGridReference(landscapeCase)

        for y in [0.0, 1000, 5000, 30000] {
            let offset = Point(x: 0, y: y)
            let first = viewport.scroll(to: offset)
            checker.check(viewport, first, expected: portrait.expected(at: offset), "portrait y = \(y)")
            let before = viewport.loadedElements
            try viewport.resize(to: Self.landscape)
            #expect(viewport.size == Self.landscape)
            #expect(viewport.layout.contentSize.width == 480)
            #expect(viewport.loadedElements == before, "frames refresh at the next scroll, not before")

            let report = viewport.scroll(to: offset)
            checker.check(viewport, report, expected: landscape.expected(at: offset), "landscape y = \(y)")
            let expected = try fresh(Self.photos, Self.landscape, at: offset)
            #expect(viewport.loadedElements.map(\.attributes) == expected.attributes)
            #expect(viewport.digest == expected.digest)

            try viewport.resize(to: Self.portrait)
            let back = viewport.scroll(to: offset)
            checker.check(viewport, back, expected: portrait.expected(at: offset), "back, y = \(y)")
            #expect(viewport.loadedElements.map(\.attributes) == (try fresh(Self.photos, Self.portrait, at: offset)).attributes)
        }
    }

    @Test func batchUpdatesLoadWhatAFreshViewportWould() throws {
        var data = try DataShape(itemCounts: [31, 7, 31, 0, 31, 12, 31, 31, 5, 31])
        var viewport = try Viewport(layout: TileGrid(), data: data, size: Self.portrait)
        var checker = FrameChecker()
        func reference(_ data: DataShape) throws -> TileGridReference {
            try TileGridReference(TileGridCase(name: "edited", itemCounts: Array(data.itemCounts)))
        }
        let offset = Point(x: 0, y: 700)
        let report = viewport.scroll(to: offset)
        checker.check(viewport, report, expected: try reference(data).expected(at: offset), "before")

        let edits: [(String, (DataShape) throws -> DataShape)] = [
            ("insert 5 items into section 1", { try $0.insertingItems(5, intoSection: 1, at: 3) }),
            ("delete 10 items from section 0", { try $0.deletingItems(0..<10, fromSection: 0) }),
            ("insert 3 sections at 1", { try $0.insertingSections([7, 0, 12], at: 1) }),
            ("delete sections 0 and 1", { try $0.deletingSections(0..<2) }),
            ("move an item", { try $0.movingItem(from: ItemPath(section: 1, item: 0), to: ItemPath(section: 2, item: 1)) }),
            ("delete every section", { try $0.deletingSections(0..<$0.sectionCount) }),
            ("insert sections into nothing", { try $0.insertingSections([31, 31, 31], at: 0) }),
        ]
        for (name, edit) in edits {
            data = try edit(data)
            try viewport.setData(data)
            #expect(viewport.data == data)
            for y in [offset.y, 200, 1500] {
                let at = Point(x: 0, y: y)
                let report = viewport.scroll(to: at)
                checker.check(viewport, report, expected: try reference(data).expected(at: at), "\(name), y = \(y)")
                let expected = try fresh(data, Self.portrait, at: at)
                #expect(viewport.loadedElements.map(\.attributes) == expected.attributes, "\(name), y = \(y)")
                #expect(viewport.digest == expected.digest)
            }
        }
    }

    @Test func reloadDataUnloadsEverythingAndReloadsFromThePools() throws {
        var viewport = try Viewport(layout: TileGrid(), data: Self.photos, size: Self.portrait)
        var checker = FrameChecker()
        let reference = try TileGridReference(.chGridView)
        let offset = Point(x: 0, y: 1000)
        let first = viewport.scroll(to: offset)
        checker.check(viewport, first, expected: reference.expected(at: offset), "before")
        let before = viewport.loadedElements
        #expect(before.count == 57)

        try viewport.reloadData()
        checker.reloadData()
        #expect(viewport.loadedElements.isEmpty)
        #expect(viewport.digest == .empty)
        #expect(viewport.pooledTileCount(ReuseIdentifier(kind: .cell)) == 55)
        #expect(viewport.pooledTileCount(ReuseIdentifier(kind: .sectionHeader)) == 2)

        let report = viewport.scroll(to: offset)
        #expect(report.left == 57)
        #expect(report.entered == 57)
        #expect(report.created == 0)
        checker.check(viewport, report, expected: reference.expected(at: offset), "after reload")
        #expect(viewport.loadedElements.map(\.attributes) == before.map(\.attributes))

        // Reloaded elements leave at once even when the next frame is elsewhere.
        try viewport.reloadData()
        checker.reloadData()
        let far = Point(x: 0, y: 40000)
        let jump = viewport.scroll(to: far)
        checker.check(viewport, jump, expected: reference.expected(at: far), "reload, then far")
    }

    /// A width of 20 leaves `floor((20 − 4·5) / 4) = 0` for each tile: the tile grid
    /// refuses it, and the viewport keeps its previous state entirely.
    @Test func aRefusedResizeChangesNothing() throws {
        var viewport = try Viewport(layout: TileGrid(), data: Self.photos, size: Self.portrait)
        viewport.scroll(to: Point(x: 0, y: 1000))
        let before = Snapshot(viewport)

        #expect {
            try viewport.resize(to: Size(width: 20, height: 480))
        } throws: { error in
            (error as? GridError)?.field == "container.width"
        }
        #expect(Snapshot(viewport) == before)
        #expect(throws: GridError.invalidParameter("size.width", 0.0, expected: "a finite number > 0")) {
            try viewport.resize(to: Size(width: 0, height: 480))
        }
        #expect(throws: GridError.self) { try viewport.resize(to: Size(width: 320, height: .nan)) }
        #expect(Snapshot(viewport) == before)

        let report = viewport.scroll(to: Point(x: 0, y: 1000))
        #expect(report.entered == 0 && report.left == 0 && report.created == 0)
        #expect(viewport.loadedElements == before.loaded)
    }

    @Test func aRefusedBatchUpdateChangesNothing() throws {
        let data = try DataShape(itemCounts: [31, 31, 31, 31])
        var viewport = try Viewport(layout: RefusingLayout(maxItems: 124), data: data, size: Self.portrait)
        viewport.scroll(to: Point(x: 0, y: 700))
        let before = Snapshot(viewport)

        #expect(throws: RefusingLayout.Refusal()) {
            try viewport.setData(data.insertingItems(1, intoSection: 2, at: 0))
        }
        #expect(Snapshot(viewport) == before)
        let report = viewport.scroll(to: Point(x: 0, y: 700))
        #expect(report.entered == 0 && report.left == 0)

        // An update the layout accepts still goes through afterwards.
        try viewport.setData(data.deletingItems(0..<31, fromSection: 1))
        #expect(viewport.data.itemCounts == [31, 0, 31, 31])
    }

    @Test func aRefusedReloadKeepsTheLoadedSet() throws {
        let data = try DataShape(itemCounts: [31, 31, 31, 31])
        // One prepare for the initialisation, one for the first reload; the second reload fails.
        var viewport = try Viewport(layout: RefusingLayout(maxItems: .max, preparesLeft: 2), data: data, size: Self.portrait)
        viewport.scroll(to: Point(x: 0, y: 700))
        try viewport.reloadData()
        viewport.scroll(to: Point(x: 0, y: 700))
        let before = Snapshot(viewport)
        #expect(!before.loaded.isEmpty)

        #expect(throws: RefusingLayout.Refusal()) { try viewport.reloadData() }
        #expect(Snapshot(viewport) == before)
        let report = viewport.scroll(to: Point(x: 0, y: 700))
        #expect(report.entered == 0 && report.left == 0, "nothing was unloaded by the refused reload")
    }
}

/// Batch updates with their ``DataEdit``: the viewport follows each item to its new path
/// and keeps its tile, as `UICollectionView` does through `performBatchUpdates`.
@Suite struct ViewportFollowsItemsTests {
    static let portrait = Size(width: 320, height: 480)

    /// Loaded cells: ID → tile.
    func tiles<L: GridLayout>(_ viewport: Viewport<L>) -> [ElementID: Int32] {
        var tiles: [ElementID: Int32] = [:]
        for element in viewport.loadedElements where element.attributes.kind == .cell { tiles[element.id] = element.tile }
        return tiles
    }

    @Test func aMovedItemKeepsItsTileAndTheOthersShift() throws {
        // One section of 100 tiles without titles, 4 a line, rows of 79: at y 0 a 480-high
        // view plus 4 rows of margin beneath loads rows 0...⌊(480 + 316)/79⌋ = 0...10: 44 tiles.
        var config = TileGrid.Configuration.chGridView
        config.sectionTitleHeight = 0
        let data = try DataShape(itemCounts: [100])
        var viewport = try Viewport(layout: TileGrid(config), data: data, size: Self.portrait)
        viewport.scroll(to: .zero)
        let before = tiles(viewport)
        #expect(before.count == 44)
        func cell(_ item: Int) -> ElementID { ElementID(kind: .cell, path: ItemPath(section: 0, item: item)) }

        // Item 5 moves to the end (99): items 6…43 shift back by one, item 44 shifts into
        // view as 43.
        let move = DataEdit.moveItem(from: ItemPath(section: 0, item: 5), to: ItemPath(section: 0, item: 99))
        try viewport.setData(try move.applied(to: data), edit: move)
        let renamed = tiles(viewport)
        #expect(renamed[cell(99)] == before[cell(5)], "the moved item keeps its tile")
        for item in 6..<44 { #expect(renamed[cell(item - 1)] == before[cell(item)], "item \(item) keeps its tile as \(item - 1)") }
        for item in 0..<5 { #expect(renamed[cell(item)] == before[cell(item)]) }

        let report = viewport.scroll(to: .zero)
        // In: the old item 44, now 43. Out: the moved item, now at 99, far below.
        #expect(report.entered == 1 && report.left == 1 && report.created == 0)
        let after = tiles(viewport)
        #expect(after[cell(99)] == nil)
        #expect(after[cell(43)] == before[cell(5)], "the only tile freed was the moved item's, and the newcomer takes it")
        #expect(viewport.digest == LoadedSetDigest(ids: (0..<44).map(cell)))
    }

    @Test func withoutTheEditTilesFollowPathsNotItems() throws {
        var config = TileGrid.Configuration.chGridView
        config.sectionTitleHeight = 0
        let data = try DataShape(itemCounts: [100])
        var viewport = try Viewport(layout: TileGrid(config), data: data, size: Self.portrait)
        viewport.scroll(to: .zero)
        let before = tiles(viewport)
        let move = DataEdit.moveItem(from: ItemPath(section: 0, item: 5), to: ItemPath(section: 0, item: 99))
        try viewport.setData(try move.applied(to: data))
        let report = viewport.scroll(to: .zero)
        #expect(report.entered == 0 && report.left == 0)
        #expect(tiles(viewport) == before)
    }

    @Test func deletedItemsLeaveAtOnceAndSectionsShiftWithTheirHeaders() throws {
        // CHGridView's grid, 10 sections of 8: sections are 22 + 2·79 + 4 = 184 high.
        let data = try DataShape(sections: 10, itemsPerSection: 8)
        var viewport = try Viewport(layout: TileGrid(), data: data, size: Self.portrait)
        viewport.scroll(to: .zero)
        let before = viewport.loadedElements
        let header0 = ElementID(kind: .sectionHeader, path: ItemPath(section: 0, item: 0))
        let header1 = ElementID(kind: .sectionHeader, path: ItemPath(section: 1, item: 0))
        let tileOfHeader0 = before.first { $0.id == header0 }?.tile

        // A new empty section in front: everything loaded moves down one section.
        let insert = DataEdit.insertSections(section: 0, counts: [0], sizes: nil)
        try viewport.setData(try insert.applied(to: data), edit: insert)
        #expect(viewport.loadedElements.count == before.count)
        #expect(viewport.loadedElements.first { $0.id == header1 }?.tile == tileOfHeader0)
        #expect(viewport.loadedElements.map(\.id) == before.map { ElementID(kind: $0.id.kind!, path: ItemPath(section: $0.id.section + 1, item: $0.id.item)) })

        // Deleting section 1 (the old section 0) unloads its header and 8 cells now; they
        // count in the next frame's `left`.
        let delete = DataEdit.deleteSections(1..<2)
        let data2 = try insert.applied(to: data)
        try viewport.setData(try delete.applied(to: data2), edit: delete)
        #expect(viewport.loadedElements.count == before.count - 9)
        let report = viewport.scroll(to: .zero)
        #expect(report.left >= 9)
        var fresh = try Viewport(layout: TileGrid(), data: try delete.applied(to: data2), size: Self.portrait)
        fresh.scroll(to: .zero)
        #expect(viewport.digest == fresh.digest)
        #expect(viewport.loadedElements.map(\.attributes) == fresh.loadedElements.map(\.attributes))
    }
}
