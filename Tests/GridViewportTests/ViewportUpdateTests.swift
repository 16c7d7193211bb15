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
            try TileGridReference(TileGridCase(name: "edited", itemCounts: data.itemCounts))
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
