import GridCore
import GridLayouts
@testable import GridStrategies
import GridTestSupport
import Testing

/// The cached strategy told of batch updates over the tile grid, which says what each did
/// (`SectionShiftReporting`): the cache re-caches the sections laid again and moves the
/// rest (`CachedPieces`). Every answer after every step of seeded random edit sequences is
/// compared with a tile grid prepared afresh, and what was cached again is counted.
@Suite struct CachedPiecesTests {
    /// Whole points (CHGridView's grid), quarter points with footers, and no titles: every
    /// sum exact, so the grid reports its shifts.
    static let exact: [TileGrid.Configuration] = [
        .chGridView,
        TileGrid.Configuration(
            tilesPerLine: 3, rowHeight: 79.25, padding: Size(width: 4, height: 0.75), sectionTitleHeight: 21.5,
            sectionFooterHeight: 0.125),
        TileGrid.Configuration(sectionTitleHeight: 0, sectionFooterHeight: 12),
    ]
    /// Thirds of a point: no sum is exact, the grid reports nothing, and every update is a
    /// whole rebuild.
    static let thirds = TileGrid.Configuration(
        tilesPerLine: 3, rowHeight: 238.0 / 3.0, padding: .zero, sectionTitleHeight: 0, sectionFooterHeight: 10.0 / 3.0)

    @Test(arguments: exact.map { ($0, true) } + [(thirds, false)])
    func everyAnswerAfterEveryEditIsAFreshGrids(configuration: TileGrid.Configuration, inPieces: Bool) throws {
        var random = SeededRandom(seed: 29)
        let container = Size(width: 320, height: 480)
        var data = try DataShape(itemCounts: (0..<24).map { _ in random.integer(0...9) })
        var cached = CachedLayout(TileGrid(configuration))
        try cached.prepare(data: data, container: container)
        for step in 0..<160 {
            let edit = randomDataEdit(data, items: 9, &random)
            data = try edit.applied(to: data)
            try cached.prepare(data: data, container: container, invalidation: .edited(edit))
            var fresh = TileGrid(configuration)
            try fresh.prepare(data: data, container: container)
            let context = "step \(step), \(edit)"
            #expect(cached.answersFromPieces == inPieces, "\(context)")
            let everything = fresh.elements(in: Rect(x: -1, y: -1, width: 400, height: fresh.contentSize.height + 2))
            #expect(cached.cachedElementCount == everything.count, "\(context)")
            let rects = probeRects(content: fresh.contentSize, edges: edges(of: fresh), random: &random, count: 24)
            expectAllAgree([("fresh", fresh), ("cached, told", cached)], data: data, rects: rects, context)
        }
    }

    /// An edit in the second of 96 sections caches again that section alone: its title and
    /// its items, counted by hand. The 94 sections after it are moved, not cached again.
    @Test func anEditCachesAgainOnlyTheSectionItTouched() throws {
        let container = Size(width: 320, height: 480)
        var data = try DataShape(itemCounts: Array(repeating: 31, count: 96))
        var cached = CachedLayout(TileGrid())
        try cached.prepare(data: data, container: container)
        let edits: [(DataEdit, patched: Int)] = [
            // Section 1 gets 33 items: a title and 33 cells are cached again.
            (.insertItems(section: 1, item: 4, count: 2, sizes: nil), 1 + 33),
            // The patch of section 1 is next to section 2: both are laid again (a title and 33
            // cells, a title and 30 cells), so edits in one place keep one patch.
            (.deleteItems(section: 2, items: 0..<1), (1 + 33) + (1 + 30)),
        ]
        for (edit, patched) in edits {
            data = try edit.applied(to: data)
            try cached.prepare(data: data, container: container, invalidation: .edited(edit))
            #expect(cached.pieces.patches.map(\.elements.count) == [patched], "\(edit)")
            // The sections before, the patch, the sections after.
            #expect(cached.pieceCount == 3, "\(edit)")
        }
        #expect(cached.pieces.list.map(\.sections) == [0..<1, 1..<3, 3..<96])
        // Section 3 on moved down by two rows less one: +79 for 33 items in section 1 (9
        // rows, one more), then 0 for 30 in section 2 (8 rows, as 31 were).
        #expect(cached.pieces.list[2].shift == 79)
    }

    /// Edits in many places: each one away from the others splits a run of the arrays in
    /// two around its patch, so k of them make 2k + 1 pieces, until past 1,024 pieces (at the
    /// 512th) the cache is built again whole; the answers are a fresh grid's throughout.
    @Test func editsInManyPlacesKeepPiecesUpToTheirLimit() throws {
        let container = Size(width: 320, height: 480)
        var data = try DataShape(itemCounts: Array(repeating: 7, count: 1_600))
        var cached = CachedLayout(TileGrid())
        try cached.prepare(data: data, container: container)
        var random = SeededRandom(seed: 17)
        for k in 1...520 {
            // Sections 2, 5, 8, …: a section apart, so no patch touches another.
            let edit = DataEdit.insertItems(section: 3 * k - 1, item: 0, count: 1, sizes: nil)
            data = try edit.applied(to: data)
            try cached.prepare(data: data, container: container, invalidation: .edited(edit))
            if k < 512 {
                #expect(cached.pieceCount == 2 * k + 1, "edit \(k)")
            } else if k == 512 {
                #expect(!cached.answersFromPieces, "edit \(k): 1,025 pieces")
            } else {
                #expect(cached.pieceCount == 2 * (k - 512) + 1, "edit \(k)")
            }
            if [1, 100, 511, 512, 520].contains(k) {
                var fresh = TileGrid()
                try fresh.prepare(data: data, container: container)
                expectAllAgree(
                    [("fresh", fresh), ("cached", cached)], data: data,
                    rects: probeRects(content: fresh.contentSize, edges: [], random: &random, count: 200), "after edit \(k)")
            }
        }
    }

    /// The grid is prepared in place when told of an edit; a refused one (a negative width)
    /// leaves it, and the cache's pieces, as they were.
    @Test func aRefusedEditKeepsThePreviousAnswers() throws {
        let container = Size(width: 320, height: 480)
        var data = try DataShape(itemCounts: Array(repeating: 31, count: 12))
        var cached = CachedLayout(TileGrid())
        try cached.prepare(data: data, container: container)
        let first = DataEdit.insertItems(section: 2, item: 0, count: 3, sizes: nil)
        data = try first.applied(to: data)
        try cached.prepare(data: data, container: container, invalidation: .edited(first))
        let second = DataEdit.deleteItems(section: 5, items: 0..<4)
        #expect(throws: GridError.self) {
            try cached.prepare(data: second.applied(to: data), container: Size(width: -1, height: 480), invalidation: .edited(second))
        }
        #expect(cached.pieceCount == 3)
        var fresh = TileGrid()
        try fresh.prepare(data: data, container: container)
        var random = SeededRandom(seed: 5)
        expectAllAgree(
            [("fresh", fresh), ("cached", cached)], data: data,
            rects: probeRects(content: fresh.contentSize, edges: edges(of: fresh), random: &random, count: 16), "after the refused edit")
    }

    /// A rotation changes every tile: the grid reports nothing and the cache is built again,
    /// whole, back in the arrays.
    @Test func aRotationAfterEditsBuildsTheArraysAgain() throws {
        var data = try DataShape(itemCounts: Array(repeating: 31, count: 12))
        var cached = CachedLayout(TileGrid())
        try cached.prepare(data: data, container: Size(width: 320, height: 480))
        let edit = DataEdit.insertItems(section: 0, item: 0, count: 1, sizes: nil)
        data = try edit.applied(to: data)
        try cached.prepare(data: data, container: Size(width: 320, height: 480), invalidation: .edited(edit))
        // The patch of section 0, the sections after it.
        #expect(cached.pieceCount == 2)
        try cached.prepare(data: data, container: Size(width: 480, height: 320), invalidation: .resized(from: Size(width: 320, height: 480), to: Size(width: 480, height: 320)))
        #expect(!cached.answersFromPieces)
        var fresh = TileGrid()
        try fresh.prepare(data: data, container: Size(width: 480, height: 320))
        var random = SeededRandom(seed: 3)
        expectAllAgree(
            [("fresh", fresh), ("cached", cached)], data: data,
            rects: probeRects(content: fresh.contentSize, edges: edges(of: fresh), random: &random, count: 16), "after the rotation")
    }
}
