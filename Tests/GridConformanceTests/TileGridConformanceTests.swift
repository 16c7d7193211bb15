import GridConformance
import GridCore
import GridLayouts
import Testing

@Suite struct TileGridConformanceTests {
    @Test func chGridViewTileGridObeysEveryLaw() {
        let report = GridConformance.check { TileGrid(.chGridView) }
        #expect(report.isPassing, "\(report)")

    }
}
