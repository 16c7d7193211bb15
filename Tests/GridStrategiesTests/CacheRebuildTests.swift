import GridCore
import GridLayouts
import GridStrategies
import GridTestSupport
import Testing

/// The cached strategy prepared again (a rotation, a reload) writes over its own arrays
/// when it owns them: counted in bytes allocated, and checked against fresh caches so that
/// nothing of the old build shows through.
@Suite struct CacheRebuildTests {
    static let portrait = Size(width: 320, height: 480)
    static let landscape = Size(width: 480, height: 320)

    /// Every answer of `layout` over `data` equals a fresh cache's, prepared once: rect
    /// queries over probe rects, every cell and every header and footer (the strategies'
    /// differential check), and the number of elements cached.
    func expectFresh(_ layout: CachedLayout<TileGrid>, _ data: DataShape, _ container: Size, _ context: String,
                     sourceLocation: SourceLocation = #_sourceLocation) throws {
        var fresh = CachedLayout(TileGrid())
        try fresh.prepare(data: data, container: container)
        var random = SeededRandom(seed: 7)
        let rects = probeRects(content: fresh.contentSize, edges: [], random: &random, count: 40)
        expectAllAgree([("fresh", fresh), ("rebuilt", layout)], data: data, rects: rects, context, sourceLocation: sourceLocation)
        #expect(layout.cachedElementCount == fresh.cachedElementCount, "\(context)", sourceLocation: sourceLocation)
    }

    /// A rotation of a cache of 103,232 elements allocates none of its arrays again (counted,
    /// so skipped under AddressSanitizer, whose runtime takes malloc: see scripts/test-asan.sh):
    /// its 32-byte frames, 8-byte IDs and 4-byte cell slots are written over, not made again
    /// (a cold build allocates more than 44 bytes an element).
    @Test func aRotationAllocatesNoneOfTheCachesArraysAgain() throws {
        try #require(AllocationCount.isAvailable)
        let data = try DataShape(sections: 3_226, itemsPerSection: 31)
        let elements = 3_226 * 32  // 31 tiles and a header a section
        var layout = CachedLayout(TileGrid())
        let (_, cold) = try AllocationCount.measure { try layout.prepare(data: data, container: Self.portrait) }
        #expect(layout.cachedElementCount == elements)
        for container in [Self.landscape, Self.portrait, Self.landscape] {
            let (_, warm) = try AllocationCount.measure { try layout.prepare(data: data, container: container) }
            // Whatever else a build allocates (a debug build allocates on the way, element by
            // element), a rebuild allocates 40 bytes an element less than the first build.
            #expect(warm.allocatedBytes + 40 * elements <= cold.allocatedBytes,
                    "rebuilt for \(container): \(warm), against \(cold) for the first build of \(elements) elements")
            try expectFresh(layout, data, container, "rebuilt for \(container)")
        }
    }

    /// A rebuild for less data trims the arrays to what it wrote, and one for more data than
    /// they hold makes them again; either way the answers are a fresh cache's.
    @Test func rebuildsForLessAndForMoreDataAnswerAsFreshCaches() throws {
        var layout = CachedLayout(TileGrid())
        for (sections, items) in [(40, 31), (12, 7), (12, 8), (0, 0), (55, 31), (3, 200)] {
            let data = try DataShape(sections: sections, itemsPerSection: items)
            try layout.prepare(data: data, container: Self.portrait)
            try expectFresh(layout, data, Self.portrait, "\(sections) × \(items)")
        }
    }

    /// A copy of a prepared cache shares its arrays: the original prepared again must not
    /// write over them, and the copy, prepared in its turn, builds arrays of its own.
    @Test func aCopyKeepsItsAnswersWhenTheOriginalIsPreparedAgain() throws {
        let before = try DataShape(sections: 30, itemsPerSection: 31)
        let after = try DataShape(sections: 30, itemsPerSection: 17)
        var original = CachedLayout(TileGrid())
        try original.prepare(data: before, container: Self.portrait)
        var copy = original
        try original.prepare(data: after, container: Self.landscape)
        try expectFresh(copy, before, Self.portrait, "the copy, after the original's rebuild")
        try expectFresh(original, after, Self.landscape, "the original")
        try copy.prepare(data: after, container: Self.portrait)
        try expectFresh(copy, after, Self.portrait, "the copy, rebuilt")
        try expectFresh(original, after, Self.landscape, "the original, after the copy's rebuild")
    }

    /// A rebuild that fails half way through, over the cache's own arrays, leaves every
    /// answer as it was: the arrays are made again from the previous base.
    @Test func aRebuildThatFailsHalfWayKeepsThePreviousAnswers() throws {
        var layout = CachedLayout(Overflowing())
        let good = try DataShape(sections: 20, itemsPerSection: 31)
        try layout.prepare(data: good, container: Self.portrait)
        var reference = CachedLayout(Overflowing())
        try reference.prepare(data: good, container: Self.portrait)
        // 21 sections: the last header's path is past ElementID's limits, after 650 cells
        // have been written over the arrays.
        #expect(throws: GridError.self) {
            try layout.prepare(data: DataShape(sections: 21, itemsPerSection: 31), container: Self.portrait)
        }
        var random = SeededRandom(seed: 3)
        let rects = probeRects(content: reference.contentSize, edges: [], random: &random, count: 30)
        expectAllAgree([("reference", reference), ("after the failure", layout)], data: good, rects: rects, "failed rebuild")
        #expect(layout.cachedElementCount == reference.cachedElementCount)
    }
}

/// CHGridView's grid, but the header of section 20 is placed at a section number past
/// ``ElementID``'s limits, so that a cache of 21 sections or more fails half way through.
private struct Overflowing: GridLayout {
    var grid = TileGrid()
    var contentSize: Size { grid.contentSize }
    var traits: LayoutTraits { grid.traits }

    mutating func prepare(data: DataShape, container: Size) throws {
        try grid.prepare(data: data, container: container)
    }

    func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        let start = buffer.count
        grid.elements(in: rect, into: &buffer)
        for i in start..<buffer.count where buffer[i].kind == .sectionHeader && buffer[i].path.section == 20 {
            buffer[i].path.section = ElementID.maxSection + 1
        }
    }

    func attributes(at path: ItemPath) -> LayoutAttributes? { grid.attributes(at: path) }

    func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? {
        path.section == 20 ? nil : grid.supplementary(kind, at: path)
    }
}
