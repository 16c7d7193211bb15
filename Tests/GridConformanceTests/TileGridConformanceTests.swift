import GridConformance
import GridCore
import GridLayouts
import Testing

/// The reference tile grid obeys every law, in every style.
@Suite struct TileGridConformanceTests {
    @Test func chGridViewTileGridObeysEveryLaw() {
        let report = GridConformance.check { TileGrid(.chGridView) }
        #expect(report.isPassing, "\(report)")
        #expect(report.lawsChecked == ConformanceLaw.allCases)
        // 16 shapes in 5 containers; the freshness changes that apply to each.
        #expect(report.checked.configurations == 80)
        #expect(report.checked.determinismComparisons == 80)
        #expect(report.checked.freshnessComparisons > 80)
        #expect(report.skipped.isEmpty)
    }

    @Test(arguments: [
        TileGrid.Configuration(centersItems: true),
        TileGrid.Configuration(tilesPerLine: 1, rowHeight: 44, padding: .zero, sectionTitleHeight: 0),
        TileGrid.Configuration(tilesPerLine: 3, rowHeight: 100.5, padding: Size(width: 0.25, height: 7), sectionTitleHeight: 30.75, centersItems: true),
        TileGrid.Configuration(tilesPerLine: 7, rowHeight: 10, padding: Size(width: 1, height: 9), sectionTitleHeight: 0),
        TileGrid.Configuration(sectionFooterHeight: 16),
        TileGrid.Configuration(tilesPerLine: 3, rowHeight: 238.0 / 3.0, padding: .zero, sectionTitleHeight: 0, sectionFooterHeight: 10.0 / 3.0),
    ])
    func otherStylesObeyEveryLaw(configuration: TileGrid.Configuration) {
        let report = GridConformance.check(options: .quick) { TileGrid(configuration) }
        #expect(report.isPassing, "\(report)")
    }

    @Test func refusedConfigurationsAreSkippedAndSaidSo() {
        // 10 tiles per line need more than 4·11 = 44 points: the 50-point container gives tiles
        // of width floor(6/10) = 0, which the tile grid refuses.
        let report = GridConformance.check { TileGrid(TileGrid.Configuration(tilesPerLine: 10)) }
        #expect(report.isPassing, "\(report)")
        #expect(!report.skipped.isEmpty)
        #expect(report.skipped.allSatisfy { $0.configuration.container.width == 50 || $0.configuration.container.height == 50 })
        #expect(report.skipped.first?.reason.contains("container.width") == true)
        #expect(report.description.contains("skipped \(report.skipped.count) configurations the layout refused"))
    }

    @Test func aLayoutThatRefusesEverythingIsAnErrorNotAPass() throws {
        let report = GridConformance.check { TileGrid(TileGrid.Configuration(tilesPerLine: 1000)) }
        #expect(report.nothingChecked)
        #expect(!report.isPassing)
        #expect(report.description.hasPrefix("ERROR: GridConformance checked NOTHING"))
        let failure = try #require(throws: ConformanceFailure.self) {
            try GridConformance.verify(options: .quick) { TileGrid(TileGrid.Configuration(tilesPerLine: 1000)) }
        }
        // Every shape in both containers, and every configuration made for law 6.
        #expect(failure.report.skipped.count > ConformanceOptions.quick.dataShapes.count * 2)
        #expect(failure.code == .nothingChecked(skippedConfigurations: failure.report.skipped.count))
    }

    @Test func verifyReturnsThePassingReportAndThrowsTheFailingOne() throws {
        let report = try GridConformance.verify(options: .quick) { TileGrid() }
        #expect(report.isPassing)
        let failure = try #require(throws: ConformanceFailure.self) {
            try GridConformance.verify(options: .quick, makeLayout: BrokenTileGrid.factory(.frameOutsideContent))
        }
        #expect(failure.code == .lawsViolated([.containment, .tightness]))
        #expect(failure.report.violations.allSatisfy { $0.law == .containment || $0.law == .tightness })
    }
}

extension TileGridConformanceTests {
    @Test func noConfigurationAtAllIsAnErrorToo() {
        let report = GridConformance.check(options: ConformanceOptions(dataShapes: [])) { TileGrid() }
        #expect(report.nothingChecked && !report.isPassing)
        #expect(report.description.contains("there was no configuration to check"))
    }
}
