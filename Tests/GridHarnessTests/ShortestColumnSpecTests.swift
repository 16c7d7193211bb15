import Foundation
import GridCore
import GridHarness
import GridLayouts
import Testing

/// Spec files of the shortest-column layouts: defaults, round trips, and bad input named
/// by file, field (with its index) and value.
@Suite struct ShortestColumnSpecTests {
    func decode(_ json: String) throws(InputError) -> LayoutSpec {
        try LayoutSpec.decode(Data(json.utf8), path: "spec.json")
    }

    func expectRefused(_ json: String, field: String, value: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try decode(json)
            Issue.record("accepted: \(json)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.file == "spec.json", sourceLocation: sourceLocation)
            #expect(error.field == field, "\(error)", sourceLocation: sourceLocation)
            if let value { #expect(error.value == value, "\(error)", sourceLocation: sourceLocation) }
        }
    }

    static let columnar = #"{"layout": "columnar-grouped", "container": {"width": 320, "height": 480}, "sections": [2, 1]"#
    static let waterfall = #"{"layout": "waterfall", "container": {"width": 320, "height": 480}, "sections": [3]"#

    @Test func defaultsAndRoundTrips() throws {
        let columnar = try decode(Self.columnar + #", "itemHeights": [30, 40.5, 50]}"#)
        #expect(columnar.parameters as? ColumnarGrouped.Configuration == .standard)
        #expect(columnar.data.itemSizes?.map(\.height) == [30, 40.5, 50])
        let waterfall = try decode(Self.waterfall + #", "itemSizes": [[100, 200], [300, 100], [50, 50]]}"#)
        #expect(waterfall.parameters as? Waterfall.Configuration == .standard)
        let heights = try decode(Self.waterfall + #", "itemHeights": [10, 20, 30], "insets": {"top": 4}}"#)
        let configuration = try #require(heights.parameters as? Waterfall.Configuration)
        #expect(configuration.itemSizing == .heights)
        #expect(configuration.insets == Waterfall.Insets(top: 4, left: 10, bottom: 10, right: 10))
        for spec in [columnar, waterfall, heights] {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("shortest-column-\(spec.layoutName)-\(UUID()).json")
            defer { try? FileManager.default.removeItem(at: url) }
            try spec.write(to: url)
            var reread = try LayoutSpec.load(from: url)
            reread.name = spec.name
            #expect(reread == spec)
        }
    }

    @Test func badInputNamesTheField() {
        expectRefused(Self.columnar + #", "columns": 0}"#, field: "columns", value: "0")
        expectRefused(Self.waterfall + #", "columns": 0}"#, field: "columns", value: "0")
        expectRefused(Self.columnar + #", "columnSpacing": -1}"#, field: "columnSpacing", value: "-1.0")
        expectRefused(Self.waterfall + #", "insets": {"left": -2}}"#, field: "insets.left", value: "-2.0")
        expectRefused(Self.columnar + #", "itemHeight": 0}"#, field: "itemHeight", value: "0.0")
        expectRefused(Self.columnar + #", "headerHeight": -3}"#, field: "headerHeight", value: "-3.0")
        expectRefused(Self.waterfall + #", "footerHeight": -3}"#, field: "footerHeight", value: "-3.0")
        // Column widths ≤ 0: (50 − 30)/2 = 10 fits, 8 columns in 50 do not.
        let narrow = { (json: String, width: Int) in json.replacingOccurrences(of: #""width": 320"#, with: "\"width\": \(width)") }
        expectRefused(narrow(Self.columnar, 50) + #", "columns": 8}"#, field: "container.width", value: "50.0")
        expectRefused(narrow(Self.waterfall, 40) + #", "columns": 3}"#, field: "container.width", value: "40.0")
        // Per-item heights and sizes.
        expectRefused(Self.columnar + #", "itemHeights": [30, -40, 50]}"#, field: "itemHeights[1]", value: "-40.0")
        expectRefused(Self.columnar + #", "itemHeights": [30, 0, 50]}"#, field: "itemHeights[1]", value: "0.0")
        expectRefused(Self.columnar + #", "itemHeights": [30, 40]}"#, field: "itemHeights.count", value: "2")
        expectRefused(Self.waterfall + #", "itemHeights": [1, 2, 3, 4]}"#, field: "itemHeights.count", value: "4")
        expectRefused(Self.waterfall + #", "itemSizes": [[100, 200], [0, 100], [50, 50]]}"#, field: "itemSizes[1].width", value: "0.0")
        expectRefused(Self.waterfall + #", "itemSizes": [[100, 200], [10, -1], [50, 50]]}"#, field: "itemSizes[1].height", value: "-1.0")
        expectRefused(Self.waterfall + #", "itemSizes": [[100, 200]]}"#, field: "itemSizes.count", value: "1")
        expectRefused(Self.waterfall + #", "itemSizes": [[1, 2], [1, 2], [1, 2]], "itemHeights": [1, 2, 3]}"#, field: "itemHeights")
        // A field of the other layout is not one of this one's.
        expectRefused(Self.columnar + #", "itemSpacing": 3}"#, field: "itemSpacing")
    }
}
