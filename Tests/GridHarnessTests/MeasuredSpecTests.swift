import Foundation
import GridCore
import GridHarness
import GridLayouts
import Testing

/// Specs with estimated sizes (issue 28): `estimated`, `placement` and `lanes` read and
/// written, bad values refused by file, field and value, and the spec as measurement
/// leaves it (`gridbench dump --measured-all`, `--measured-through N`).
@Suite struct MeasuredSpecTests: SpecDecodingSuite {
    static let specPath = "measured.json"

    static let columnar = #"{"layout": "columnar-grouped", "container": {"width": 320, "height": 480}, "sections": [1, 2, 1], "itemHeights": [200, 10, 10, 44]"#
    static let waterfall = #"{"layout": "waterfall", "container": {"width": 320, "height": 480}, "sections": [4], "itemHeights": [100, 20, 30, 40]"#
    static let photos = #"{"layout": "waterfall", "container": {"width": 320, "height": 480}, "sections": [2], "itemSizes": [[1200, 800], [600, 1800]]"#

    /// The spec's data is at the estimate; its true sizes are `measuredData`.
    @Test func estimatesAndTrueSizes() throws {
        let columnar = try decode(Self.columnar + #", "estimated": {"itemHeight": 44}, "placement": "rebalance"}"#)
        let configuration = try #require(columnar.parameters as? ColumnarGrouped.Configuration)
        #expect(configuration.estimated == .itemHeight(44))
        #expect(configuration.placement == .rebalance)
        #expect(columnar.data.itemSizes?.map(\.height) == [44, 44, 44, 44])
        #expect(columnar.measuredData?.itemSizes?.map(\.height) == [200, 10, 10, 44])
        let waterfall = try decode(Self.waterfall + #", "estimated": {"itemHeight": 50}}"#)
        let lanes = try #require(waterfall.parameters as? Waterfall.Configuration).lanes
        #expect(lanes == .stable)
        #expect(waterfall.data.itemSizes?.map(\.height) == [50, 50, 50, 50])
        let photos = try decode(Self.photos + #", "estimated": {"itemSize": [300, 200]}, "lanes": "rebalance"}"#)
        #expect(photos.data.itemSizes == [Size(width: 300, height: 200), Size(width: 300, height: 200)])
        #expect(photos.measuredData?.itemSizes == [Size(width: 1200, height: 800), Size(width: 600, height: 1800)])
        // Written and read again: the file holds the true sizes beside `estimated`.
        for spec in [columnar, waterfall, photos] {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("measured-\(UUID()).json")
            defer { try? FileManager.default.removeItem(at: url) }
            try spec.write(to: url)
            let text = try String(contentsOf: url, encoding: .utf8)
            #expect(text.contains("\"estimated\""))
            var reread = try LayoutSpec.load(from: url)
            reread.name = spec.name
            #expect(reread == spec)
        }
    }

    /// Without `estimated`, a spec is read and written as before: no new field appears,
    /// and its data is its true sizes.
    @Test func withoutEstimatesNothingChanges() throws {
        let plain = try decode(Self.columnar + "}")
        #expect(plain.measuredData == nil)
        #expect(plain.data.itemSizes?.map(\.height) == [200, 10, 10, 44])
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("plain-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try plain.write(to: url)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(!text.contains("estimated") && !text.contains("placement") && !text.contains("lanes"), "\(text)")
        // A placement of "stable" (the default) is not written either.
        let stable = try decode(Self.columnar + #", "placement": "stable"}"#)
        #expect(stable == plain)
    }

    @Test func badSpecsNameTheField() {
        expectRefused(Self.columnar + #", "estimated": {"itemHeight": -44}}"#, field: "estimated.itemHeight", value: "-44.0")
        expectRefused(Self.columnar + #", "estimated": {"itemHeight": 0}}"#, field: "estimated.itemHeight", value: "0.0")
        expectRefused(Self.photos + #", "estimated": {"itemSize": [300, -1]}}"#, field: "estimated.itemSize[1]", value: "-1.0")
        expectRefused(Self.photos + #", "estimated": {"itemSize": [300]}}"#, field: "estimated.itemSize")
        expectRefused(Self.columnar + #", "estimated": {}}"#, field: "estimated")
        expectRefused(Self.columnar + #", "estimated": {"itemHight": 44}}"#, field: "estimated.itemHight")
        expectRefused(Self.columnar + #", "estimated": {"itemHeight": 44, "itemSize": [1, 44]}}"#, field: "estimated")
        // An estimate of the wrong form for the true sizes given.
        expectRefused(Self.columnar + #", "estimated": {"itemSize": [1, 44]}}"#, field: "estimated.itemSize")
        expectRefused(Self.photos + #", "estimated": {"itemHeight": 44}}"#, field: "estimated.itemHeight")
        expectRefused(Self.waterfall + #", "estimated": {"itemSize": [300, 200]}}"#, field: "estimated.itemSize")
        // Estimates without the true sizes they stand for.
        expectRefused(#"{"layout": "columnar-grouped", "container": {"width": 320, "height": 480}, "sections": [3], "estimated": {"itemHeight": 44}}"#, field: "estimated")
        // Unknown rules, named with the word given.
        expectRefused(Self.waterfall + #", "estimated": {"itemHeight": 50}, "lanes": "sideways"}"#, field: "lanes", value: "\"sideways\"")
        expectRefused(Self.columnar + #", "estimated": {"itemHeight": 44}, "placement": "shortest"}"#, field: "placement", value: "\"shortest\"")
        // The tile grid and the data grid without the true heights an estimate stands for.
        expectRefused(
            #"{"layout": "tile-grid", "container": {"width": 320, "height": 480}, "sections": [5], "estimated": {"itemHeight": 44}}"#,
            field: "estimated")
        expectRefused(
            #"{"layout": "data-grid", "container": {"width": 320, "height": 480}, "records": 2, "fields": 3, "estimated": {"itemHeight": 44}}"#,
            field: "estimated")
        // A layout that does not measure its items.
        expectRefused(
            #"{"layout": "span-grid", "container": {"width": 320, "height": 480}, "estimated": {"itemHeight": 44}}"#,
            field: "estimated")
    }

    /// `itemHeights` as a repeated pattern: item i has `pattern[i mod 3]`; read the same as
    /// the list written out, written back in that form, and refused by field when bad.
    @Test func itemHeightsRepeat() throws {
        let head = #"{"layout": "waterfall", "container": {"width": 320, "height": 480}, "sections": [3, 4], "estimated": {"itemHeight": 50}, "itemHeights": "#
        let repeated = try decode(head + #"{"repeating": [100, 20, 30], "count": 7}}"#)
        let listed = try decode(head + "[100, 20, 30, 100, 20, 30, 100]}")
        #expect(repeated == listed)
        #expect(repeated.measuredData?.itemSizes?.map(\.height) == [100, 20, 30, 100, 20, 30, 100])
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("repeating-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try listed.write(to: url)
        let text = try String(contentsOf: url, encoding: .utf8).filter { !$0.isWhitespace }
        #expect(text.contains(#""itemHeights":{"count":7,"repeating":[100,20,30]}"#), "\(text)")
        // Not periodic: written as the list it is.
        let plain = try decode(head + "[100, 20, 30, 100, 20, 30, 99]}")
        try plain.write(to: url)
        #expect(try String(contentsOf: url, encoding: .utf8).filter { !$0.isWhitespace }.contains(#""itemHeights":[100,20,30,100,20,30,99]"#))
        expectRefused(head + #"{"repeating": [100, -2], "count": 7}}"#, field: "itemHeights.repeating[1]", value: "-2.0")
        expectRefused(head + #"{"repeating": [100, 20], "count": 6}}"#, field: "itemHeights.count", value: "6")
        expectRefused(head + #"{"repeating": [], "count": 7}}"#, field: "itemHeights.repeating")
    }

    /// `--measured-all` is the layout of the same spec without `estimated`, element for
    /// element, through every strategy.
    @Test func measuredAllIsTheSpecWithoutEstimates() throws {
        for (estimated, plain) in [
            (Self.columnar + #", "estimated": {"itemHeight": 44}, "placement": "rebalance"}"#, Self.columnar + "}"),
            (Self.waterfall + #", "estimated": {"itemHeight": 50}, "lanes": "rebalance"}"#, Self.waterfall + "}"),
            (Self.photos + #", "estimated": {"itemSize": [300, 200]}, "lanes": "rebalance"}"#, Self.photos + "}"),
        ] {
            let measured = try decode(estimated).measuredAll
            let expected = try decode(plain).dump()
            #expect(try measured.dump() == expected, "\(estimated)")
            #expect(try measured.dump(strategy: .cached) == expected, "\(estimated)")
            // Before any measurement it is not the same layout (the estimates differ).
            #expect(try decode(estimated).dump() != expected, "\(estimated)")
        }
    }

    /// Columnar, `stable`, sections [1, 2, 1] estimated 44 (as MeasuredSizesTests works it
    /// out): columns by estimate [0, 1, 0]. Measured through 1 (item (0, 0) at 200):
    /// section 2 stays in column 0 at 205 + 5 = 210. With `stable` and every item measured
    /// the layout is not the plain spec's: section 2 keeps column 0 (content 259, against
    /// 210 for the shortest-column layout of the true heights).
    @Test func measuredThroughCountsItemsInLayoutOrder() throws {
        let spec = try decode(Self.columnar + #", "estimated": {"itemHeight": 44}}"#)
        #expect(try spec.data(measuredThrough: 0) == spec.data)
        let one = try spec.data(measuredThrough: 1)
        #expect(one.itemSizes?.map(\.height) == [200, 44, 44, 44])
        #expect(try spec.data(measuredThrough: 3).itemSizes?.map(\.height) == [200, 10, 10, 44])
        #expect(try spec.data(measuredThrough: 4) == spec.measuredData)
        let cell = try spec.measured(through: 1).dump().first { $0.attributes.kind == .cell && $0.attributes.path == ItemPath(section: 2, item: 0) }
        #expect(cell?.attributes.frame == Rect(x: 10, y: 210, width: 145, height: 44))
        let all = try spec.measuredAll.preparedLayout()
        #expect(all.contentSize.height == 259)
        #expect(try decode(Self.columnar + "}").preparedLayout().contentSize.height == 210)
        // Beyond the items, or negative: refused by name.
        #expect(throws: GridError.self) { try spec.data(measuredThrough: 5) }
        #expect(throws: GridError.self) { try spec.data(measuredThrough: -1) }
        // Empty sections are skipped in layout order.
        let gaps = try decode(#"{"layout": "waterfall", "container": {"width": 320, "height": 480}, "sections": [0, 2, 0, 1], "itemHeights": [7, 8, 9], "estimated": {"itemHeight": 50}}"#)
        #expect(try gaps.data(measuredThrough: 3).itemSizes?.map(\.height) == [7, 8, 9])
        #expect(try gaps.data(measuredThrough: 2).itemSizes?.map(\.height) == [7, 8, 50])
    }
}
