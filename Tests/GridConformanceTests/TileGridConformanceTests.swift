import GridConformance
import GridCore
import GridLayouts
import Testing

/// The reference tile grid obeys every law, in every style.
@Suite struct TileGridConformanceTests {
    @Test func chGridViewTileGridObeysEveryLaw() {
        let report = GridConformance.check { TileGrid(.chGridView) }
        #expect(report.isPassing, "\(report)")
        #expect(report.lawsChecked == ConformanceLaw.undeclaredLocality)
        // 16 uniform shapes and 12 skewed ones (11 sized copies of the shapes with at most 400
        // items and none yet, and big items between empty sections) in 5 containers, each made twice.
        #expect(ConformanceOptions.standardDataShapes.count == 16 + 12)
        #expect(report.checked.determinismComparisons == 28 * 5)
        // Every configuration a change produced is checked under every law, not only law 6.
        #expect(report.checked.freshnessComparisons == report.checked.configurations - 28 * 5)
        // In the first container alone: insert items (27 shapes have a section), delete items
        // (25 have an item), insert sections (28), delete sections (27), resize items (13 sized),
        // rotate (28).
        #expect(report.checked.freshnessComparisons > 27 + 25 + 28 + 27 + 13 + 28)
        #expect(report.checked.tightnessChecks == report.checked.configurations)
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
        // In a 50-point container, or prepared first in one (the width sweep from 50 to 320).
        #expect(report.skipped.allSatisfy { skip in
            [skip.configuration.container, skip.configuration.previous?.container].contains { $0?.width == 50 || $0?.height == 50 }
        })
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
