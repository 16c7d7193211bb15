import Foundation
import GridCore
import GridHarness
import GridLayouts
import Testing

/// The tile grid's and the data grid's estimated sizes (issue 28) in spec files: `itemHeights`
/// read and written back, the estimate and the true heights, and bad values refused by
/// file, field and value.
@Suite struct MeasuredGridSpecTests: SpecDecodingSuite {
    static let specPath = "measured-grid.json"

    /// Two sections of 3 and 2 tiles, 3 a line.
    static let tiles = #"{"layout": "tile-grid", "container": {"width": 320, "height": 480}, "sections": [3, 2], "tilesPerLine": 3, "itemHeights": [75, 95, 75, 111, 75]"#
    /// Two records of three fields.
    static let records = #"{"layout": "data-grid", "container": {"width": 320, "height": 480}, "records": 2, "fields": 3, "itemHeights": [[44, 60, 44], [30, 30, 30]]"#

    @Test func estimatesAndTrueHeights() throws {
        let tiles = try decode(Self.tiles + #", "estimated": {"itemHeight": 95}}"#)
        let tileConfiguration = try #require(tiles.parameters as? TileGrid.Configuration)
        #expect(tileConfiguration.estimated == .itemHeight(95) && tileConfiguration.itemSizing == .heights)
        #expect(tiles.data.itemSizes?.map(\.height) == [95, 95, 95, 95, 95])
        #expect(tiles.measuredData?.itemSizes?.map(\.height) == [75, 95, 75, 111, 75])
        let records = try decode(Self.records + #", "estimated": {"itemHeight": 44}}"#)
        let recordConfiguration = try #require(records.parameters as? DataGrid.Configuration)
        #expect(recordConfiguration.estimated == .itemHeight(44) && recordConfiguration.itemSizing == .heights)
        #expect(records.data.itemSizes?.map(\.height) == [44, 44, 44, 44, 44, 44])
        #expect(records.measuredData?.itemSizes?.map(\.height) == [44, 60, 44, 30, 30, 30])
        // Per-section lists mean the same as the flat list.
        let sectioned = try decode(#"{"layout": "tile-grid", "container": {"width": 320, "height": 480}, "sections": [3, 2], "tilesPerLine": 3, "itemHeights": [[75, 95, 75], [111, 75]], "estimated": {"itemHeight": 95}}"#)
        #expect(sectioned.measuredData == tiles.measuredData)
        // Written and read again, estimate and true heights included.
        for spec in [tiles, records, try decode(Self.tiles + "}"), try decode(Self.records + "}")] {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("measured-grid-\(UUID()).json")
            defer { try? FileManager.default.removeItem(at: url) }
            try spec.write(to: url)
            let text = try String(contentsOf: url, encoding: .utf8)
            #expect(text.contains("\"itemHeights\""), "\(text)")
            #expect(text.contains("\"estimated\"") == (spec.measuredData != nil), "\(text)")
            var reread = try LayoutSpec.load(from: url)
            reread.name = spec.name
            #expect(reread == spec)
        }
    }

    @Test func badSpecsNameTheFieldAndTheValue() {
        // Transposed records are columns: their rows cannot take a record's height.
        expectRefused(Self.records + #", "transposed": true, "estimated": {"itemHeight": 44}}"#, field: "transposed", value: "true")
        expectRefused(Self.records + #", "transposed": true}"#, field: "transposed", value: "true")
        // Counts.
        expectRefused(
            #"{"layout": "tile-grid", "container": {"width": 320, "height": 480}, "sections": [3, 2], "itemHeights": [75, 95, 75, 111], "estimated": {"itemHeight": 95}}"#,
            field: "itemHeights.count", value: "4")
        expectRefused(
            #"{"layout": "data-grid", "container": {"width": 320, "height": 480}, "records": 2, "fields": 3, "itemHeights": [44, 60, 44, 30, 30], "estimated": {"itemHeight": 44}}"#,
            field: "itemHeights.count", value: "5")
        expectRefused(
            #"{"layout": "data-grid", "container": {"width": 320, "height": 480}, "records": 2, "fields": 3, "itemHeights": [[44, 60, 44], [30, 30]]}"#,
            field: "itemHeights[1]")
        // Heights out of range, named by item (flat) or by section and item.
        expectRefused(
            #"{"layout": "tile-grid", "container": {"width": 320, "height": 480}, "sections": [3, 2], "itemHeights": [75, 95, -75, 111, 75], "estimated": {"itemHeight": 95}}"#,
            field: "itemHeights[2]", value: "-75.0")
        expectRefused(
            #"{"layout": "data-grid", "container": {"width": 320, "height": 480}, "records": 2, "fields": 3, "itemHeights": [[44, 60, 44], [30, 0, 30]]}"#,
            field: "itemHeights[1][1]", value: "0.0")
        // Estimates.
        expectRefused(Self.tiles + #", "estimated": {"itemHeight": -95}}"#, field: "estimated.itemHeight", value: "-95.0")
        expectRefused(Self.records + #", "estimated": {"itemSize": [150, 44]}}"#, field: "estimated.itemSize")
        expectRefused(Self.tiles + #", "estimated": {"itemSize": [75, 95]}}"#, field: "estimated.itemSize")
        // Tiles with heights are top-aligned, not centred; heights and sizes do not mix.
        expectRefused(Self.tiles + #", "centersItems": true}"#, field: "centersItems", value: "true")
        expectRefused(Self.tiles + #", "itemSizes": [[1, 1], [1, 1], [1, 1], [1, 1], [1, 1]]}"#, field: "itemHeights")
    }
}
