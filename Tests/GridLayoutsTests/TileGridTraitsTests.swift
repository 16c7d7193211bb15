import GridCore
import GridLayouts
import Testing

/// What the tile grid declares about itself: non-overlap, a line height equal to the row
/// height, and pinned headers exactly when there are headers.
@Suite("TileGrid traits")
struct TileGridTraitsTests {
    @Test func traitsDeclareNonOverlapLineHeightAndPinning() throws {
        let grid = try preparedGrid(.chGridView, data: try DataShape(itemCounts: [3]))
        #expect(grid.traits.cellsDoNotOverlap)
        #expect(grid.traits.lineHeight == 79)
        #expect(grid.traits.pinsSectionHeaders)
        #expect(grid.traits.scrollAxes == .vertical)

        var config = TileGrid.Configuration.chGridView
        config.sectionTitleHeight = 0
        config.rowHeight = 50.5
        let untitled = try preparedGrid(config, data: try DataShape(itemCounts: [3]))
        #expect(untitled.traits.lineHeight == 50.5)
        #expect(!untitled.traits.pinsSectionHeaders, "t = 0: no headers to pin")
        #expect(untitled.traits.cellsDoNotOverlap)

        config.sectionTitleHeight = 0.5
        let thin = try preparedGrid(config, data: try DataShape(itemCounts: [3]))
        #expect(thin.traits.pinsSectionHeaders, "t > 0")
    }

    /// Traits describe the frames the layout gives, which change only at a successful
    /// `prepare`: a viewport sizing its preload margin from `lineHeight` must get the row
    /// height the frames were laid out with.
    @Test func traitsDescribeThePreparedLayout() throws {
        let data = try DataShape(itemCounts: [8])
        var grid = TileGrid(.chGridView)
        #expect(grid.traits.lineHeight == 79, "before prepare: the configuration given")
        try grid.prepare(data: data, container: Size(width: 320, height: 480))

        // Changed but not yet prepared: frames still use h = 79, t = 22 (row 1 at 22 + 79 + 4 = 105).
        grid.configuration.rowHeight = 50
        grid.configuration.sectionTitleHeight = 0
        #expect(grid.attributes(at: ItemPath(section: 0, item: 4))?.frame.minY == 105)
        #expect(grid.traits.lineHeight == 79)
        #expect(grid.traits.pinsSectionHeaders)

        // Prepared: h = 50, t = 0 (row 1 at 0 + 50 + 4 = 54).
        try grid.prepare(data: data, container: Size(width: 320, height: 480))
        #expect(grid.attributes(at: ItemPath(section: 0, item: 4))?.frame.minY == 54)
        #expect(grid.traits.lineHeight == 50)
        #expect(!grid.traits.pinsSectionHeaders)

        // A prepare that fails changes nothing, traits included.
        grid.configuration.rowHeight = -1
        grid.configuration.sectionTitleHeight = 30
        #expect(throws: GridError.self) { try grid.prepare(data: data, container: Size(width: 320, height: 480)) }
        #expect(grid.traits.lineHeight == 50)
        #expect(!grid.traits.pinsSectionHeaders)
    }
}
