import GridCore
import GridLayouts
import GridStrategies
import GridViewport
import Testing

/// A measurement through the viewport (issue 28): `setData(_:edit:)` with
/// `DataEdit.setItemSizes` keeps every loaded element (a measurement renames and deletes
/// nothing), and the next frame loads what a fresh viewport over the measured data loads.
@Suite struct ViewportMeasurementTests {
    static let size = Size(width: 320, height: 480)

    @Test(arguments: [Waterfall.Configuration.Lanes.stable, .rebalance])
    func measuredBatchLoadsWhatAFreshViewportWould(lanes: Waterfall.Configuration.Lanes) throws {
        var configuration = Waterfall.Configuration(itemSizing: .heights, lanes: lanes)
        configuration.estimated = .itemHeight(50)
        let estimated = try DataShape(itemCounts: [200], itemSizes: Array(repeating: Size(width: 1, height: 50), count: 200))
        var viewport = try Viewport(layout: CachedLayout(Waterfall(configuration)), data: estimated, size: Self.size)
        viewport.scroll(to: Point(x: 0, y: 0))
        let loaded = viewport.loadedElements.map(\.attributes.id)
        // The loaded cells measured in one batch, each 30 + 7·(item mod 5) tall.
        let batch = loaded.filter { $0.kind == .cell }.map {
            SizedItem(path: $0.path, size: Size(width: 1, height: 30 + 7 * Double($0.path.item % 5)))
        }
        #expect(!batch.isEmpty)
        let edit = DataEdit.setItemSizes(batch)
        let measured = try edit.applied(to: estimated)
        try viewport.setData(measured, edit: edit)
        viewport.scroll(to: Point(x: 0, y: 0))
        var fresh = try Viewport(layout: Waterfall(configuration), data: measured, size: Self.size)
        fresh.scroll(to: Point(x: 0, y: 0))
        #expect(viewport.loadedElements.map(\.attributes) == fresh.loadedElements.map(\.attributes))
    }
}
