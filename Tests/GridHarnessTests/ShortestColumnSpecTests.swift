import Foundation
import GridCore
import GridHarness
import GridLayouts
import GridStrategies
import Testing

/// Spec files of the shortest-column layouts: defaults, round trips, and bad input named
/// by file, field (with its index) and value.
@Suite struct ShortestColumnSpecTests: SpecDecodingSuite {
    static let specPath = "spec.json"

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

/// The repeating form of `itemSizes`, which keeps a million photos in a small spec.
@Suite struct ItemSizesFieldTests {
    func sizes(_ pairs: [(Double, Double)]) -> [Size] { pairs.map { Size(width: $0.0, height: $0.1) } }

    @Test func aRepeatedPatternIsWrittenOnce() throws {
        let pattern = sizes([(3, 4), (5, 6), (3, 4)])
        // 3 + 3 + 2: the pattern twice and a cut-short third time.
        let repeated = pattern + pattern + pattern.prefix(2)
        #expect(ItemSizesField(compacting: repeated) == .repeating(pattern: [[3, 4], [5, 6], [3, 4]], count: 8))
        #expect(try ItemSizesField.repeating(pattern: [[3, 4], [5, 6], [3, 4]], count: 8).dataShape(sections: .counts([5, 3])).itemSizes == repeated)
        // Not repeated at least twice: listed.
        #expect(ItemSizesField(compacting: pattern + pattern.prefix(1)) == .list([[3, 4], [5, 6], [3, 4], [3, 4]]))
        #expect(ItemSizesField(compacting: []) == .list([]))
        // One size for all is a pattern of one.
        #expect(ItemSizesField(compacting: sizes([(7, 7), (7, 7), (7, 7)])) == .repeating(pattern: [[7, 7]], count: 3))
    }

    @Test func badCountsAndPatternsAreRefused() throws {
        #expect(throws: GridError.invalidData("itemSizes.count", -1, expected: "an item count in 0...\(DataShape.maxTotalItems)")) {
            try ItemSizesField.repeating(pattern: [[1, 1]], count: -1).dataShape(sections: .counts([0]))
        }
        #expect(throws: GridError.self) { try ItemSizesField.repeating(pattern: [], count: 3).dataShape(sections: .counts([3])) }
        #expect(throws: GridError.self) { try ItemSizesField.repeating(pattern: [[1, 2, 3]], count: 3).dataShape(sections: .counts([3])) }
        #expect(try ItemSizesField.repeating(pattern: [], count: 0).dataShape(sections: .counts([0])).itemSizes == [])
        // The count must match the sections.
        #expect(throws: GridError.self) { try ItemSizesField.repeating(pattern: [[1, 1]], count: 4).dataShape(sections: .counts([3])) }
        let json = #"{"layout": "waterfall", "container": {"width": 320, "height": 480}, "sections": [5], "itemSizes": {"repeating": [[4, 3], [0, 3]], "count": 5}}"#
        do {
            _ = try LayoutSpec.decode(Data(json.utf8), path: "pins.json")
            Issue.record("accepted a zero width")
        } catch {
            #expect(error.field == "itemSizes[1].width")
        }
    }

    /// The bundled million: pins-3000's photos repeated, one section, written compactly.
    @Test func theBundledMillionRepeatsTheThreeThousand() throws {
        let small = try BundledDatasets.pins(3_000), large = try BundledDatasets.pins(1_000_000)
        let smallSizes = try #require(small.data.itemSizes), largeSizes = try #require(large.data.itemSizes)
        #expect(large.data.itemCounts == [1_000_000])
        #expect(largeSizes[2_999] == smallSizes[2_999] && largeSizes[3_000] == smallSizes[0] && largeSizes[999_999] == smallSizes[999_999 % 3_000])
        // Every photo between 1:3 and 3:1.
        #expect(smallSizes.allSatisfy { max($0.width, $0.height) <= 3 * min($0.width, $0.height) })
        #expect(ItemSizesField(compacting: largeSizes) == .repeating(pattern: smallSizes.map { [$0.width, $0.height] }, count: 1_000_000))
    }
}

/// `gridbench dump`: a columnar cell's group position is part of its attributes, so it is
/// printed as `"position"` with them, by every strategy.
@Suite struct ShortestColumnDumpTests {
    @Test func columnarCellsCarryTheirPosition() throws {
        let json = #"{"layout": "columnar-grouped", "container": {"width": 320, "height": 480}, "sections": [3, 1], "headerHeight": 20}"#
        let spec = try LayoutSpec.decode(Data(json.utf8), path: "grouped.json")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for strategy in StrategyKind.allCases {
            let dumped = try spec.dump(strategy: strategy)
            let cells = dumped.filter { $0.attributes.kind == .cell }
            #expect(cells.map(\.attributes.groupPosition) == [.top, .middle, .bottom, .single], "\(strategy)")
            #expect(dumped.allSatisfy { $0.fields.isEmpty })
            // Section 0 ties and goes to column 0: top 5, header 20, first item at 25.
            let text = String(decoding: try encoder.encode(try #require(cells.first)), as: UTF8.self)
            #expect(text == #"{"frame":{"height":44,"width":145,"x":10,"y":25},"item":0,"kind":"cell","position":"top","section":0}"#)
            let header = String(decoding: try encoder.encode(try #require(dumped.first)), as: UTF8.self)
            #expect(!header.contains("position"))
        }
    }
}
