import GridConformance
import GridCore
import GridLayouts
import GridStrategies
import Testing

/// Every strategy of every reference layout obeys every law: a strategy that caches must
/// answer as the layout does, and drop its cache on every prepare (law 6).
@Suite struct StrategyConformanceTests {
    @Test func cachedTileGridObeysEveryLawOnTheStandardSet() {
        let report = GridConformance.check { CachedLayout(TileGrid(.chGridView)) }
        #expect(report.isPassing, "\(report)")
        #expect(report.lawsChecked == ConformanceLaw.undeclaredLocality)
        #expect(report.checked.determinismComparisons == ConformanceOptions.standardDataShapes.count * ConformanceOptions.standardContainers.count)
        #expect(report.checked.configurations == report.checked.determinismComparisons + report.checked.freshnessComparisons)
    }

    @Test(arguments: StrategyKind.allCases, [TileGrid.Configuration.chGridView, TileGrid.Configuration(centersItems: true), TileGrid.Configuration(sectionFooterHeight: 12)])
    func everyStrategyObeysEveryLaw(kind: StrategyKind, configuration: TileGrid.Configuration) throws {
        // Adaptive at threshold 8 caches the small shapes and computes the larger on demand,
        // and law 6 then also crosses the switch.
        let layout = AnyGridLayout(try kind.wrap(TileGrid(configuration), threshold: 8))
        let report = GridConformance.check(options: .quick) { layout }
        #expect(report.isPassing, "\(kind.rawValue): \(report)")
        #expect(report.lawsChecked == ConformanceLaw.undeclaredLocality)
        #expect(report.checked.configurations > 0)
    }
}

