import GridCore
import GridLayouts
import GridStrategies
import GridViewport
import Testing

/// Group positions enter the loaded-set digest, for the layouts that set them only.
@Suite struct GroupPositionDigestTests {
    static func splitmix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `none` weighs what an ID always did; another position adds its own term.
    @Test func definition() {
        let id = ElementID(kind: .cell, path: ItemPath(section: 3, item: 4))
        #expect(LoadedSetDigest.term(id) == Self.splitmix(id.rawValue))
        #expect(LoadedSetDigest.term(id, position: .none) == Self.splitmix(id.rawValue))
        let top = Self.splitmix(id.rawValue) &+ Self.splitmix(id.rawValue &+ 2 &* 0x9E37_79B9_7F4A_7C15)
        #expect(LoadedSetDigest.term(id, position: .top) == top)
        let terms = GroupPosition.allCases.map { LoadedSetDigest.term(id, position: $0) }
        #expect(Set(terms).count == 5)

        var digest = LoadedSetDigest()
        digest.insert(id, position: .bottom)
        digest.reposition(id, from: .bottom, to: .middle)
        var direct = LoadedSetDigest()
        direct.insert(id, position: .middle)
        #expect(digest == direct)
        digest.remove(id, position: .middle)
        #expect(digest == .empty)
    }

    /// A viewport over a columnar grouped layout: the digest is the sum of the terms of
    /// the loaded elements with their positions; after an insert that turns the last cell
    /// of a section from bottom to middle, while it stays loaded, the digest follows.
    @Test func aViewportFollowsPositionsThroughAnEdit() throws {
        let layout = ColumnarGrouped(.init(columns: 2, headerHeight: 28, footerHeight: 16))
        let data = try DataShape(itemCounts: [3, 2, 1, 4])
        var viewport = try Viewport(layout: CachedLayout(layout), data: data, size: Size(width: 320, height: 480))
        _ = viewport.scroll(to: Point(x: 0, y: 0))
        func expected(_ viewport: Viewport<CachedLayout<ColumnarGrouped>>) -> LoadedSetDigest {
            var digest = LoadedSetDigest()
            for element in viewport.loadedElements { digest.insert(element.attributes.id, position: element.attributes.groupPosition) }
            return digest
        }
        #expect(viewport.loadedElements.contains { $0.attributes.groupPosition == .bottom })
        #expect(viewport.digest == expected(viewport))
        #expect(viewport.digest != LoadedSetDigest(ids: viewport.loadedElements.map(\.attributes.id)))
        try viewport.setData(try data.insertingItems(1, intoSection: 0, at: 3))
        _ = viewport.scroll(to: Point(x: 0, y: 0))
        let moved = try #require(viewport.loadedElements.first { $0.attributes.path == ItemPath(section: 0, item: 2) && $0.attributes.kind == .cell })
        #expect(moved.attributes.groupPosition == .middle)
        #expect(viewport.digest == expected(viewport))
    }
}
