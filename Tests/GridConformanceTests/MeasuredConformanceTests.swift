import GridConformance
import GridCore
import GridLayouts
import GridStrategies
import Testing

/// The measuring layouts with estimated sizes (issue 28) obey every law on the standard
/// set, law 10 (locality) included: `stable` placement and lanes choose columns by the estimate, not by the sizes the
/// data carries, so their frames are laid differently from the shortest-column rule (and
/// the stable waterfall's items are no longer in y order within a section, which its rect
/// query must allow for).
@Suite struct MeasuredConformanceTests {
    @Test(arguments: [
        ColumnarGrouped.Configuration(estimated: .itemHeight(44), placement: .stable),
        ColumnarGrouped.Configuration(columns: 3, headerHeight: 28, footerHeight: 16, estimated: .itemHeight(30), placement: .stable),
        ColumnarGrouped.Configuration(columns: 3, estimated: .itemHeight(30), placement: .rebalance),
    ])
    func columnarGroupedWithEstimates(configuration: ColumnarGrouped.Configuration) {
        let report = GridConformance.check { ColumnarGrouped(configuration) }
        #expect(report.isPassing, "\(report)")
        #expect(report.lawsChecked == ConformanceLaw.allCases)
        // Law 10 on each measured shape's fixed measurement and the sequences' measurements.
        #expect(report.checked.localityChecks > 0)
    }

    @Test(arguments: [
        Waterfall.Configuration(itemSizing: .scaled, estimated: .itemSize(Size(width: 300, height: 200)), lanes: .stable),
        Waterfall.Configuration(columns: 3, headerHeight: 30, footerHeight: 12, itemSizing: .heights, estimated: .itemHeight(50), lanes: .stable),
        Waterfall.Configuration(columns: 4, itemSizing: .heights, estimated: .itemHeight(50), lanes: .rebalance),
    ])
    func waterfallWithEstimates(configuration: Waterfall.Configuration) {
        let report = GridConformance.check { Waterfall(configuration) }
        #expect(report.isPassing, "\(report)")
        #expect(report.lawsChecked == ConformanceLaw.allCases)
        // Law 10 on each measured shape's fixed measurement and the sequences' measurements.
        #expect(report.checked.localityChecks > 0)
        #expect(report.checked.tightnessChecks == report.checked.configurations)
    }

    /// Tiles with labels: rows as tall as their tallest tile, law 10 by rows.
    @Test(arguments: [
        TileGrid.Configuration(itemSizing: .heights, estimated: .itemHeight(75)),
        TileGrid.Configuration(tilesPerLine: 3, rowHeight: 99, sectionTitleHeight: 22, sectionFooterHeight: 12, itemSizing: .heights, estimated: .itemHeight(95)),
        TileGrid.Configuration(tilesPerLine: 1, rowHeight: 44, padding: Size(width: 0, height: 0), sectionTitleHeight: 0, itemSizing: .heights, estimated: .itemHeight(44)),
    ])
    func tileGridWithEstimates(configuration: TileGrid.Configuration) {
        let report = GridConformance.check { TileGrid(configuration) }
        #expect(report.isPassing, "\(report)")
        #expect(report.lawsChecked == ConformanceLaw.allCases)
        #expect(report.checked.localityChecks > 0)
    }

    /// Records as tall as their tallest field, law 10 by records.
    @Test(arguments: [
        DataGrid.Configuration(itemSizing: .heights, estimated: .itemHeight(44)),
        DataGrid.Configuration(columnWidth: 90, headerHeight: 30, rowHeaderWidth: 60, itemSizing: .heights, estimated: .itemHeight(30)),
    ])
    func dataGridWithEstimates(configuration: DataGrid.Configuration) {
        let report = GridConformance.check { DataGrid(configuration) }
        #expect(report.isPassing, "\(report)")
        #expect(report.lawsChecked == ConformanceLaw.allCases)
        #expect(report.checked.localityChecks > 0)
    }

    /// The measuring grids through the cached strategy and on demand.
    @Test func measuringGridsThroughTheStrategies() {
        let tiles = TileGrid.Configuration(tilesPerLine: 3, rowHeight: 99, itemSizing: .heights, estimated: .itemHeight(95))
        let records = DataGrid.Configuration(itemSizing: .heights, estimated: .itemHeight(44))
        for report in [
            GridConformance.check(options: .quick) { CachedLayout(TileGrid(tiles)) },
            GridConformance.check(options: .quick) { OnDemandLayout(TileGrid(tiles)) },
            GridConformance.check(options: .quick) { CachedLayout(DataGrid(records)) },
            GridConformance.check(options: .quick) { OnDemandLayout(DataGrid(records)) },
        ] {
            #expect(report.isPassing, "\(report)")
        }
    }

    /// Through every strategy, as the standard strategy check does for the plain layouts.
    @Test func stableWaterfallThroughTheCachedStrategy() {
        let configuration = Waterfall.Configuration(columns: 3, itemSizing: .heights, estimated: .itemHeight(50), lanes: .stable)
        let report = GridConformance.check(options: .quick) { CachedLayout(Waterfall(configuration)) }
        #expect(report.isPassing, "\(report)")
    }
}
