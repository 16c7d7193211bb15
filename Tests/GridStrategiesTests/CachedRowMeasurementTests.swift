import GridCore
import GridLayouts
@testable import GridStrategies
import GridTestSupport
import Testing

/// The cached strategy keeps its cache through measurements of layouts whose rows hold
/// several items sharing the row's height: the tile grid with labels (a measured tile sets
/// its row's height, cutting its section at the row) and the data grid with measured rows (a
/// measured field sets its record's row, on content that scrolls both ways). Each layout says
/// what a measurement did (`SectionShift`); the cache lays again the rows measured and moves
/// what follows (`CachedPieces`). After every batch of seeded sequences, every answer is
/// compared with a layout prepared afresh with the data as measured so far (law 6), and the
/// cache is never built again.
@Suite struct CachedRowMeasurementTests {
    static let container = Size(width: 320, height: 480)

    /// Tiles of 4 a line, rows of 100 with padding 4 (tiles of 96, the estimate), titles of
    /// 20 and footers of 10.
    static func tiles() -> TileGrid {
        TileGrid(.init(tilesPerLine: 4, rowHeight: 100, padding: Size(width: 4, height: 4), sectionTitleHeight: 20,
                       sectionFooterHeight: 10, itemSizing: .heights, estimated: .itemHeight(96)))
    }

    /// Three fields of 100 beside a header column of 50, under a header row of 30; rows of
    /// the estimate, 44, until measured.
    static func records() -> DataGrid {
        DataGrid(.init(columnWidth: 100, rowHeight: 44, headerHeight: 30, rowHeaderWidth: 50, fields: 3,
                       itemSizing: .heights, estimated: .itemHeight(44)))
    }

    /// Whole-point heights from 1 to 300: exact sums.
    static func height(_ random: inout SeededRandom) -> Size { Size(width: 1, height: Double(random.integer(1...300))) }

    /// Batches as a viewport measures (the next few items in layout order, which cross rows
    /// and sections) for the first half of `steps`, then at random places, one to three runs
    /// of up to 9 items.
    static func batch(_ data: DataShape, _ random: inout SeededRandom, step: Int, steps: Int, cursor: inout Int) -> [SizedItem] {
        var items: [SizedItem] = []
        if step < steps / 2 && cursor < data.totalItems {
            let count = random.integer(1...7)
            for flat in cursor..<min(cursor + count, data.totalItems) {
                items.append(SizedItem(path: data.path(atFlatIndex: flat)!, size: height(&random)))
            }
            cursor += count
            if !items.isEmpty { return items }
        }
        for _ in 0..<random.integer(1...3) {
            let first = random.integer(0...(data.totalItems - 1))
            for flat in first..<min(data.totalItems, first + random.integer(1...9)) {
                let path = data.path(atFlatIndex: flat)!
                if !items.contains(where: { $0.path == path }) { items.append(SizedItem(path: path, size: height(&random))) }
            }
        }
        return items
    }

    /// Measures `counts` items in seeded batches with the cache over `make()`, comparing
    /// every answer with a fresh layout after each; `extra` checks more answers (headers a
    /// rect query alone reaches).
    func measure<Base: GridLayout & SectionShiftReporting>(
        _ make: () -> Base, counts: [Int], estimate: Double, steps: Int, seed: UInt64, _ name: String,
        extra: (CachedLayout<Base>, Base, String) -> Void = { _, _, _ in }
    ) throws {
        var random = SeededRandom(seed: seed)
        var data = try DataShape(itemCounts: counts, itemSizes: Array(repeating: Size(width: 1, height: estimate), count: counts.reduce(0, +)))
        var cached = CachedLayout(make())
        try cached.prepare(data: data, container: Self.container)
        #expect(cached.buildCount == 1)
        var cursor = 0
        for step in 0..<steps {
            let edit = DataEdit.setItemSizes(Self.batch(data, &random, step: step, steps: steps, cursor: &cursor))
            data = try edit.applied(to: data)
            try cached.prepare(data: data, container: Self.container, invalidation: .edited(edit))
            var fresh = make()
            try fresh.prepare(data: data, container: Self.container)
            let context = "\(name), step \(step), \(edit)"
            #expect(cached.buildCount == 1, "\(context): built \(cached.buildCount) times")
            #expect(cached.answersFromPieces, "\(context)")
            let all = Rect(x: -1, y: -1, width: fresh.contentSize.width + 2, height: fresh.contentSize.height + 2)
            #expect(cached.cachedElementCount == fresh.elements(in: all).count, "\(context)")
            #expect(Answer(cached, all) == Answer(fresh, all), "\(context)")
            let rects = probeRects(content: fresh.contentSize, edges: edges(of: fresh), random: &random, count: 24)
            expectAllAgree([("fresh", fresh), ("cached, told", cached)], data: data, rects: rects, context)
            extra(cached, fresh, context)
        }
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func tileGridMeasurementsKeepTheCache(seed: UInt64) throws {
        var setup = SeededRandom(seed: seed &* 13)
        // Sections of 0 to 31 tiles: empty ones, a lone tile, full and ragged last rows.
        let counts = (0..<14).map { _ in [0, 1, 3, 4, 5, 8, 13, 31][setup.integer(0...7)] }
        try measure(Self.tiles, counts: counts, estimate: 96, steps: 80, seed: seed, "tile grid \(counts)")
    }

    @Test(arguments: [UInt64(4), 5])
    func dataGridMeasurementsKeepTheCache(seed: UInt64) throws {
        var setup = SeededRandom(seed: seed &* 13)
        // Records of 0 to 3 fields (a record of none is rowHeight tall).
        let counts = (0..<60).map { _ in [3, 3, 3, 2, 1, 0][setup.integer(0...5)] }
        try measure(Self.records, counts: counts, estimate: 44, steps: 80, seed: seed, "data grid") { cached, fresh, context in
            // The headers a measurement moves or keeps, by path.
            for row in -1...counts.count {
                let path = ItemPath(section: row, item: 0)
                #expect(cached.supplementary(.rowHeader, at: path)?.frame.bits == fresh.supplementary(.rowHeader, at: path)?.frame.bits,
                        "row header \(row); \(context)")
            }
            for column in -1...3 {
                let path = ItemPath(section: 0, item: column)
                #expect(cached.supplementary(.columnHeader, at: path)?.frame.bits == fresh.supplementary(.columnHeader, at: path)?.frame.bits,
                        "column header \(column); \(context)")
            }
        }
    }

    /// Two sections of 10 tiles (rows 0–3, 4–7, 8–9), worked by hand: section 0's title at
    /// 0 (20 tall), its rows at 20, 120, 220, each tile at its row + 4, 96 tall; the rows end
    /// at 320, the footer at 324 (10 tall), section 1 at 334. Tile 5 measured at 146 makes
    /// row 1 150 tall, 50 more: rows 1 (tiles 4 ..< 8) laid again from y 120 to row 2's new
    /// start 270; the title and row 0 kept; row 2 on, the footer and section 1 moved by 50.
    @Test func aTileGrowsItsRowAndMovesWhatFollows() throws {
        let estimated = try DataShape(itemCounts: [10, 10], itemSizes: Array(repeating: Size(width: 1, height: 96), count: 20))
        let edit = DataEdit.setItemSizes([SizedItem(path: ItemPath(section: 0, item: 5), size: Size(width: 1, height: 146))])
        let data = try edit.applied(to: estimated)
        var base = Self.tiles()
        try base.prepare(data: estimated, container: Self.container)
        let shift = try base.prepareReportingShift(data: data, container: Self.container, invalidation: .edited(edit))
        #expect(shift == SectionShift(
            firstChanged: 0, firstChangedItem: 4, movedFrom: 0, movedFromItem: 8, movedTo: 0, offset: 50, changedSpan: 120...270))

        var cached = CachedLayout(Self.tiles())
        try cached.prepare(data: estimated, container: Self.container)
        try cached.prepare(data: data, container: Self.container, invalidation: .edited(edit))
        #expect(cached.buildCount == 1 && cached.pieceCount == 3)
        #expect(cached.pieces.list.map(\.shift) == [0, 0, 50])
        // The patch holds row 1's four tiles and nothing else.
        #expect(cached.pieces.patches.map(\.elements.count) == [4])
        // Tile width floor((320 − 4·5) / 4) = 75; column c at 4 + 79·c.
        #expect(cached.attributes(at: ItemPath(section: 0, item: 5))?.frame == Rect(x: 83, y: 124, width: 75, height: 146))
        #expect(cached.attributes(at: ItemPath(section: 0, item: 4))?.frame == Rect(x: 4, y: 124, width: 75, height: 96))
        #expect(cached.attributes(at: ItemPath(section: 0, item: 3))?.frame == Rect(x: 241, y: 24, width: 75, height: 96))
        #expect(cached.attributes(at: ItemPath(section: 0, item: 8))?.frame == Rect(x: 4, y: 274, width: 75, height: 96))
        #expect(cached.supplementary(.sectionFooter, section: 0)?.frame == Rect(x: 0, y: 374, width: 320, height: 10))
        #expect(cached.supplementary(.sectionHeader, section: 1)?.frame == Rect(x: 0, y: 384, width: 320, height: 20))
        #expect(cached.attributes(at: ItemPath(section: 1, item: 9))?.frame == Rect(x: 83, y: 384 + 20 + 200 + 4, width: 75, height: 96))
        #expect(cached.contentSize.height == 668 + 50)
    }

    /// The last row of a section measured: tiles 8 and 9 of section 0 at 46 and 26 make row
    /// 2 as tall as the taller plus the padding, 50, 50 less. Row 2 and the footer are laid
    /// again, from 220 to section 1's new top 284; section 1 moves by −50 as a whole.
    @Test func aSectionsLastRowShrinksAndTheNextSectionMoves() throws {
        let estimated = try DataShape(itemCounts: [10, 10], itemSizes: Array(repeating: Size(width: 1, height: 96), count: 20))
        let edit = DataEdit.setItemSizes([
            SizedItem(path: ItemPath(section: 0, item: 9), size: Size(width: 1, height: 46)),
            SizedItem(path: ItemPath(section: 0, item: 8), size: Size(width: 1, height: 26)),
        ])
        let data = try edit.applied(to: estimated)
        var base = Self.tiles()
        try base.prepare(data: estimated, container: Self.container)
        let shift = try base.prepareReportingShift(data: data, container: Self.container, invalidation: .edited(edit))
        #expect(shift == SectionShift(
            firstChanged: 0, firstChangedItem: 8, movedFrom: 1, movedFromItem: 0, movedTo: 1, offset: -50, changedSpan: 220...284))

        var cached = CachedLayout(Self.tiles())
        try cached.prepare(data: estimated, container: Self.container)
        try cached.prepare(data: data, container: Self.container, invalidation: .edited(edit))
        #expect(cached.buildCount == 1 && cached.pieceCount == 3)
        // Tiles 8 and 9 and the footer.
        #expect(cached.pieces.patches.map(\.elements.count) == [3])
        #expect(cached.attributes(at: ItemPath(section: 0, item: 9))?.frame == Rect(x: 83, y: 224, width: 75, height: 46))
        #expect(cached.supplementary(.sectionFooter, section: 0)?.frame == Rect(x: 0, y: 274, width: 320, height: 10))
        #expect(cached.supplementary(.sectionHeader, section: 1)?.frame == Rect(x: 0, y: 284, width: 320, height: 20))
        #expect(cached.attributes(at: ItemPath(section: 1, item: 0))?.frame == Rect(x: 4, y: 308, width: 75, height: 96))
    }

    /// Five records of three fields, worked by hand: the header row 0 ..< 30, rows of 44 at
    /// 30, 74, 118, 162, 206, the content 250 tall. Field 1 of record 2 measured at 60 and
    /// field 0 of record 3 at 20 (the others keep 44): row 2 is 60 tall, row 3 still 44.
    /// Only record 2's row changed height: it is laid again, from 118 to row 3's new top 178;
    /// records 0 and 1 with the header row kept; records 3 and 4 moved by 16.
    @Test func measuredRecordsMoveTheRowsBelow() throws {
        let estimated = try DataShape(itemCounts: [3, 3, 3, 3, 3], itemSizes: Array(repeating: Size(width: 1, height: 44), count: 15))
        let edit = DataEdit.setItemSizes([
            SizedItem(path: ItemPath(section: 2, item: 1), size: Size(width: 1, height: 60)),
            SizedItem(path: ItemPath(section: 3, item: 0), size: Size(width: 1, height: 20)),
        ])
        let data = try edit.applied(to: estimated)
        var base = Self.records()
        try base.prepare(data: estimated, container: Self.container)
        let shift = try base.prepareReportingShift(data: data, container: Self.container, invalidation: .edited(edit))
        #expect(shift == SectionShift(firstChanged: 2, movedFrom: 3, movedTo: 3, offset: 16, changedSpan: 118...178))

        var cached = CachedLayout(Self.records())
        try cached.prepare(data: estimated, container: Self.container)
        try cached.prepare(data: data, container: Self.container, invalidation: .edited(edit))
        #expect(cached.buildCount == 1 && cached.pieceCount == 3)
        #expect(cached.pieces.list.map(\.shift) == [0, 0, 16])
        // One row of three cells and its row header.
        #expect(cached.pieces.patches.map(\.elements.count) == [4])
        #expect(cached.attributes(at: ItemPath(section: 2, item: 1))?.frame == Rect(x: 150, y: 118, width: 100, height: 60))
        #expect(cached.attributes(at: ItemPath(section: 2, item: 2))?.frame == Rect(x: 250, y: 118, width: 100, height: 60))
        #expect(cached.attributes(at: ItemPath(section: 3, item: 0))?.frame == Rect(x: 50, y: 178, width: 100, height: 44))
        #expect(cached.attributes(at: ItemPath(section: 4, item: 2))?.frame == Rect(x: 250, y: 222, width: 100, height: 44))
        #expect(cached.supplementary(.rowHeader, at: ItemPath(section: 4, item: 0))?.frame == Rect(x: 0, y: 222, width: 50, height: 44))
        #expect(cached.supplementary(.rowHeader, at: ItemPath(section: 1, item: 0))?.frame == Rect(x: 0, y: 74, width: 50, height: 44))
        #expect(cached.supplementary(.columnHeader, at: ItemPath(section: 0, item: 2))?.frame == Rect(x: 250, y: 0, width: 100, height: 30))
        #expect(cached.contentSize.height == 266)
        var buffer: [LayoutAttributes] = []
        cached.elements(in: Rect(x: 200, y: 222, width: 10, height: 10), into: &buffer)
        #expect(buffer.map(\.path) == [ItemPath(section: 4, item: 1)])
    }

    /// Record 0 measured: its row and the header row above it (its section) are laid
    /// again, from 0 to row 1's new top 80, and the rest moves by 6.
    @Test func theFirstRecordsMeasurementTakesTheHeaderRow() throws {
        let estimated = try DataShape(itemCounts: [3, 3, 3], itemSizes: Array(repeating: Size(width: 1, height: 44), count: 9))
        let edit = DataEdit.setItemSizes([SizedItem(path: ItemPath(section: 0, item: 2), size: Size(width: 1, height: 50))])
        let data = try edit.applied(to: estimated)
        var base = Self.records()
        try base.prepare(data: estimated, container: Self.container)
        let shift = try base.prepareReportingShift(data: data, container: Self.container, invalidation: .edited(edit))
        #expect(shift == SectionShift(firstChanged: 0, movedFrom: 1, movedTo: 1, offset: 6, changedSpan: 0...80))
    }

    /// Heights that are not exact (a third of a point): neither layout promises a shift,
    /// and the cache, built again, still answers as a fresh layout.
    @Test func inexactHeightsPromiseNothing() throws {
        let third = Size(width: 1, height: 100.0 / 3)
        let tiles = try DataShape(itemCounts: [10, 10], itemSizes: Array(repeating: Size(width: 1, height: 96), count: 20))
        var tileGrid = Self.tiles()
        try tileGrid.prepare(data: tiles, container: Self.container)
        let tileEdit = DataEdit.setItemSizes([SizedItem(path: ItemPath(section: 0, item: 5), size: third)])
        #expect(try tileGrid.prepareReportingShift(data: try tileEdit.applied(to: tiles), container: Self.container, invalidation: .edited(tileEdit)) == nil)
        let rows = try DataShape(itemCounts: [3, 3, 3], itemSizes: Array(repeating: Size(width: 1, height: 44), count: 9))
        var grid = Self.records()
        try grid.prepare(data: rows, container: Self.container)
        // Taller than the row's other fields (44), so that the row's height is not exact.
        let rowEdit = DataEdit.setItemSizes([SizedItem(path: ItemPath(section: 1, item: 2), size: Size(width: 1, height: 200.0 / 3))])
        let measured = try rowEdit.applied(to: rows)
        #expect(try grid.prepareReportingShift(data: measured, container: Self.container, invalidation: .edited(rowEdit)) == nil)
        var cached = CachedLayout(Self.records())
        try cached.prepare(data: rows, container: Self.container)
        try cached.prepare(data: measured, container: Self.container, invalidation: .edited(rowEdit))
        #expect(cached.buildCount == 2 && !cached.answersFromPieces)
        var fresh = Self.records()
        try fresh.prepare(data: measured, container: Self.container)
        var random = SeededRandom(seed: 3)
        expectAllAgree([("fresh", fresh), ("cached", cached)], data: measured,
                       rects: probeRects(content: fresh.contentSize, edges: edges(of: fresh), random: &random, count: 24), "inexact")
    }
}
