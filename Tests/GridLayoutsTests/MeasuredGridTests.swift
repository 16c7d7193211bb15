import GridCore
import GridLayouts
import Testing

/// The tile grid with labels and the data grid with measured rows (issue 28): frames after a
/// measurement worked by hand, the fixed grid's frames when every tile is `h − ph`, and told
/// measurements against a fresh layout (law 6's second method).
@Suite struct MeasuredGridTests {
    // MARK: Tile grid, by hand

    /// 320 wide, 3 a line, rows of 99, padding 4: tiles `floor((320 − 16) / 3) = 101` wide
    /// at x = 4, 109, 214; titles of 22. Sections of 7 and 2 items, every tile estimated 95.
    static let tiles = TileGrid.Configuration(
        tilesPerLine: 3, rowHeight: 99, padding: Size(width: 4, height: 4), sectionTitleHeight: 22,
        itemSizing: .heights, estimated: .itemHeight(95))
    static let phone = Size(width: 320, height: 480)

    static func heights(_ list: [Double]) -> [Size] { list.map { Size(width: 1, height: $0) } }

    func cell(_ layout: TileGrid, _ section: Int, _ item: Int) -> Rect? {
        layout.attributes(at: ItemPath(section: section, item: item))?.frame
    }

    @Test func aTileMeasuredTallerGrowsItsRowAndMovesOnlyWhatFollows() throws {
        var data = try DataShape(itemCounts: [7, 2], itemSizes: Self.heights(Array(repeating: 95, count: 9)))
        var layout = TileGrid(Self.tiles)
        try layout.prepare(data: data, container: Self.phone)
        // At the estimate: rows at 22 + 99r + 4 = 26, 125, 224; section 1 at 22 + 3·99 + 4 = 323.
        #expect(cell(layout, 0, 0) == Rect(x: 4, y: 26, width: 101, height: 95))
        #expect(cell(layout, 0, 4) == Rect(x: 109, y: 125, width: 101, height: 95))
        #expect(cell(layout, 0, 6) == Rect(x: 4, y: 224, width: 101, height: 95))
        #expect(layout.sectionTop(1) == 323)
        #expect(cell(layout, 1, 1) == Rect(x: 109, y: 349, width: 101, height: 95))
        #expect(layout.contentSize.height == 323 + 22 + 99 + 4)

        // Item 4 (row 1, column 1) measured 131: row 1 is 131 + 4 = 135 tall, 36 more.
        let edit = DataEdit.setItemSizes([SizedItem(path: ItemPath(section: 0, item: 4), size: Size(width: 1, height: 131))])
        data = try edit.applied(to: data)
        try layout.prepare(data: data, container: Self.phone, invalidation: .edited(edit))
        // Row 0 unchanged; row 1's tiles top-aligned at 125, each as tall as its own height.
        #expect(cell(layout, 0, 0) == Rect(x: 4, y: 26, width: 101, height: 95))
        #expect(cell(layout, 0, 2) == Rect(x: 214, y: 26, width: 101, height: 95))
        #expect(cell(layout, 0, 3) == Rect(x: 4, y: 125, width: 101, height: 95))
        #expect(cell(layout, 0, 4) == Rect(x: 109, y: 125, width: 101, height: 131))
        #expect(cell(layout, 0, 5) == Rect(x: 214, y: 125, width: 101, height: 95))
        // Everything after moves down by exactly 36.
        #expect(cell(layout, 0, 6) == Rect(x: 4, y: 260, width: 101, height: 95))
        #expect(layout.sectionTop(1) == 359)
        #expect(layout.supplementary(.sectionHeader, at: ItemPath(section: 1, item: 0))?.frame == Rect(x: 0, y: 359, width: 320, height: 22))
        #expect(cell(layout, 1, 1) == Rect(x: 109, y: 385, width: 101, height: 95))
        #expect(layout.contentSize.height == 484)

        // Item 6, alone in row 2, measured 60: that row is 64 tall, 35 less than 99.
        let shorter = DataEdit.setItemSizes([SizedItem(path: ItemPath(section: 0, item: 6), size: Size(width: 1, height: 60))])
        data = try shorter.applied(to: data)
        try layout.prepare(data: data, container: Self.phone, invalidation: .edited(shorter))
        #expect(cell(layout, 0, 6) == Rect(x: 4, y: 260, width: 101, height: 60))
        #expect(layout.sectionTop(1) == 324)
        #expect(cell(layout, 1, 0) == Rect(x: 4, y: 350, width: 101, height: 95))
        #expect(layout.contentSize.height == 449)
        // The rect query finds the tall tile by its own height, and only by it.
        var found: [LayoutAttributes] = []
        layout.elements(in: Rect(x: 0, y: 221, width: 320, height: 10), into: &found)
        #expect(found.map(\.path) == [ItemPath(section: 0, item: 4)])
        #expect(layout.traits.measurementLocality == .rows(itemsPerRow: 3))
    }

    /// With every tile `h − ph` tall, the frames are the fixed grid's bit for bit, also where
    /// the parameters are not binary fractions (rows of 79⅓ with no padding, where tiles are
    /// shortened by an ulp) and with footers.
    @Test(arguments: [
        TileGrid.Configuration.chGridView,
        TileGrid.Configuration(tilesPerLine: 3, rowHeight: 79 + 1.0 / 3, padding: Size(width: 2, height: 0), sectionTitleHeight: 0.1, sectionFooterHeight: 7.7),
        TileGrid.Configuration(tilesPerLine: 5, rowHeight: 50.5, padding: Size(width: 1, height: 3.25), sectionTitleHeight: 0, sectionFooterHeight: 0),
    ])
    func tilesAtTheRowHeightAreTheFixedGrid(fixed: TileGrid.Configuration) throws {
        let counts = [0, 1, 7, 31, 4, 0, 12]
        let total = counts.reduce(0, +)
        var plain = TileGrid(fixed)
        try plain.prepare(data: try DataShape(itemCounts: counts), container: Self.phone)
        var labelled = fixed
        labelled.itemSizing = .heights
        var measured = TileGrid(labelled)
        let data = try DataShape(itemCounts: counts, itemSizes: Self.heights(Array(repeating: fixed.rowHeight - fixed.padding.height, count: total)))
        try measured.prepare(data: data, container: Self.phone)
        #expect(measured.contentSize.height.bitPattern == plain.contentSize.height.bitPattern)
        var a: [LayoutAttributes] = [], b: [LayoutAttributes] = []
        plain.elements(in: Rect(x: 0, y: -1, width: 320, height: plain.contentSize.height + 2), into: &a)
        measured.elements(in: Rect(x: 0, y: -1, width: 320, height: plain.contentSize.height + 2), into: &b)
        #expect(a.count == total + (fixed.sectionTitleHeight > 0 ? counts.count : 0) + (fixed.sectionFooterHeight > 0 ? counts.count : 0))
        #expect(a == b)
        #expect(a.map(\.frame.minY.bitPattern) == b.map(\.frame.minY.bitPattern))
        #expect(a.map(\.frame.height.bitPattern) == b.map(\.frame.height.bitPattern))
    }

    // MARK: Data grid, by hand

    /// Columns of 150, a header row of 44, three records of three fields estimated 44 tall.
    static let records = DataGrid.Configuration(columnWidth: 150, rowHeight: 44, headerHeight: 44, itemSizing: .heights, estimated: .itemHeight(44))

    @Test func aRecordIsAsTallAsItsTallestMeasuredField() throws {
        var data = try DataShape(itemCounts: [3, 3, 3], itemSizes: Self.heights(Array(repeating: 44, count: 9)))
        var layout = DataGrid(Self.records)
        try layout.prepare(data: data, container: Self.phone)
        func cell(_ record: Int, _ field: Int) -> Rect? { layout.attributes(at: ItemPath(section: record, item: field))?.frame }
        #expect(cell(1, 2) == Rect(x: 300, y: 88, width: 150, height: 44))
        #expect(layout.contentSize == Size(width: 450, height: 176))
        func measure(_ record: Int, _ field: Int, _ height: Double) throws {
            let edit = DataEdit.setItemSizes([SizedItem(path: ItemPath(section: record, item: field), size: Size(width: 1, height: height))])
            data = try edit.applied(to: data)
            try layout.prepare(data: data, container: Self.phone, invalidation: .edited(edit))
        }
        // Field 2 of record 1 measured 70: the whole row is 70 tall, record 2 moves 26 down.
        try measure(1, 2, 70)
        #expect(cell(0, 1) == Rect(x: 150, y: 44, width: 150, height: 44))
        #expect(cell(1, 0) == Rect(x: 0, y: 88, width: 150, height: 70))
        #expect(cell(1, 2) == Rect(x: 300, y: 88, width: 150, height: 70))
        #expect(cell(2, 0) == Rect(x: 0, y: 158, width: 150, height: 44))
        #expect(layout.contentSize == Size(width: 450, height: 202))
        // A shorter field in that row leaves it at its tallest, 70.
        try measure(1, 0, 50)
        #expect(cell(1, 1) == Rect(x: 150, y: 88, width: 150, height: 70))
        // The tallest shrinks to 30: the row is now its tallest field, field 0's 50.
        try measure(1, 2, 30)
        #expect(cell(1, 2) == Rect(x: 300, y: 88, width: 150, height: 50))
        #expect(cell(2, 2) == Rect(x: 300, y: 138, width: 150, height: 44))
        var found: [LayoutAttributes] = []
        layout.elements(in: Rect(x: 0, y: 137, width: 100, height: 2), into: &found)
        #expect(found.map(\.path) == [ItemPath(section: 1, item: 0), ItemPath(section: 2, item: 0)])
        #expect(layout.traits.measurementLocality == .section)
    }

    @Test func aTransposedGridWithHeightsIsRefusedNamingTransposed() {
        var layout = DataGrid(DataGrid.Configuration(transposed: true, itemSizing: .heights, estimated: .itemHeight(44)))
        #expect(throws: GridError.self) { try layout.prepare(data: try DataShape(itemCounts: [2, 2]), container: Self.phone) }
        do {
            try layout.prepare(data: try DataShape(itemCounts: [2, 2]), container: Self.phone)
        } catch {
            #expect(error.field == "transposed")
        }
    }

    // MARK: Told against fresh

    static let tileConfigurations: [TileGrid.Configuration] = [
        tiles,
        TileGrid.Configuration(tilesPerLine: 1, rowHeight: 120, padding: Size(width: 0, height: 0), sectionTitleHeight: 0, itemSizing: .heights, estimated: .itemHeight(120)),
        TileGrid.Configuration(tilesPerLine: 4, rowHeight: 79, sectionTitleHeight: 22, sectionFooterHeight: 16, itemSizing: .heights, estimated: .itemHeight(75)),
        TileGrid.Configuration(tilesPerLine: 5, rowHeight: 79 + 1.0 / 3, padding: Size(width: 2, height: 0), sectionTitleHeight: 0.1, itemSizing: .heights, estimated: .itemHeight(79 + 1.0 / 3)),
    ]

    @Test(arguments: Array(tileConfigurations.indices), MeasurementDifferentialTests.Heights.allCases)
    func tileMeasurementsAnswerAsAFreshLayout(index: Int, heights: MeasurementDifferentialTests.Heights) throws {
        let configuration = Self.tileConfigurations[index]
        let counts = MeasurementDifferentialTests.counts
        let estimate = configuration.estimated!.dataSize
        var data = try DataShape(itemCounts: counts, itemSizes: Array(repeating: estimate, count: counts.reduce(0, +)))
        var told = TileGrid(configuration)
        try told.prepare(data: data, container: MeasurementDifferentialTests.container)
        var random = SeededRandom(seed: UInt64(2000 + index * 10 + MeasurementDifferentialTests.Heights.allCases.firstIndex(of: heights)!))
        for step in 0..<40 {
            let batch = MeasurementDifferentialTests.batch(&random, data, heights) { Size(width: 1, height: $0) }
            let edit = DataEdit.setItemSizes(batch)
            data = try edit.applied(to: data)
            try told.prepare(data: data, container: MeasurementDifferentialTests.container, invalidation: .edited(edit))
            var fresh = TileGrid(configuration)
            try fresh.prepare(data: data, container: MeasurementDifferentialTests.container)
            MeasurementDifferentialTests.expectSameAnswers(told, fresh, data, &random, "tile grid \(index) \(heights) step \(step) (\(edit))")
        }
    }

    @Test(arguments: MeasurementDifferentialTests.Heights.allCases)
    func recordMeasurementsAnswerAsAFreshLayout(heights: MeasurementDifferentialTests.Heights) throws {
        let counts = [3, 0, 12, 12, 5, 12, 1, 12, 12, 12]
        for configuration in [Self.records, DataGrid.Configuration(columnWidth: 90.1, headerHeight: 0, rowHeaderWidth: 40, itemSizing: .heights, estimated: .itemHeight(44))] {
            var data = try DataShape(itemCounts: counts, itemSizes: Array(repeating: Size(width: 1, height: 44), count: counts.reduce(0, +)))
            var told = DataGrid(configuration)
            try told.prepare(data: data, container: MeasurementDifferentialTests.container)
            var random = SeededRandom(seed: UInt64(3000 + MeasurementDifferentialTests.Heights.allCases.firstIndex(of: heights)!))
            for step in 0..<40 {
                let batch = MeasurementDifferentialTests.batch(&random, data, heights) { Size(width: 1, height: $0) }
                let edit = DataEdit.setItemSizes(batch)
                data = try edit.applied(to: data)
                try told.prepare(data: data, container: MeasurementDifferentialTests.container, invalidation: .edited(edit))
                var fresh = DataGrid(configuration)
                try fresh.prepare(data: data, container: MeasurementDifferentialTests.container)
                MeasurementDifferentialTests.expectSameAnswers(told, fresh, data, &random, "data grid \(heights) step \(step) (\(edit))")
                for section in 0..<data.sectionCount where configuration.rowHeaderWidth > 0 {
                    let path = ItemPath(section: section, item: 0)
                    #expect(told.supplementary(.rowHeader, at: path) == fresh.supplementary(.rowHeader, at: path))
                }
            }
        }
    }
}
