import Foundation
import GridCore
import GridLayouts
import Testing

/// Each reference layout lists its parameters once, and its parameters form, its spec form
/// and its spec field names follow from the list. These tests hold every registry
/// configuration to that through the public API only, against values written out here, so
/// that a parameter listed but not read, or read but not written, or written under a name
/// a spec reader refuses, fails one of them.
@Suite("Layout parameters, listed once")
struct LayoutParameterListTests {
    /// For every layout, a configuration whose every parameter differs from the
    /// reference's, and data its spec form can carry (with per-item sizes where it reads
    /// them, so that the data fields are written too).
    static let changed: [(configuration: any LayoutConfiguration, data: DataShape)] = [
        (
            TileGrid.Configuration(
                tilesPerLine: 3, rowHeight: 90, padding: Size(width: 2, height: 6), sectionTitleHeight: 30,
                sectionFooterHeight: 12, centersItems: true),
            try! DataShape(itemCounts: [2, 1], itemSizes: [Size(width: 10, height: 20), Size(width: 30, height: 40), Size(width: 5, height: 6)])
        ),
        (
            DataGrid.Configuration(transposed: true, columnWidth: 120, rowHeight: 30, headerHeight: 20, rowHeaderWidth: 80, fields: 3),
            try! DataShape(sections: 4, itemsPerSection: 3)
        ),
        (
            ColumnarGrouped.Configuration(
                columns: 3, columnSpacing: 6, sectionSpacing: 9, itemHeight: 50, headerHeight: 28, footerHeight: 16,
                estimated: .itemHeight(30), placement: .rebalance),
            try! DataShape(itemCounts: [2, 1], itemSizes: [Size(width: 1, height: 20), Size(width: 1, height: 40), Size(width: 1, height: 6)])
        ),
        (
            Waterfall.Configuration(
                columns: 3, columnSpacing: 4, itemSpacing: 7, insets: Waterfall.Insets(top: 1, left: 2, bottom: 3, right: 4),
                headerHeight: 20, footerHeight: 12, itemHeight: 80, itemSizing: .heights,
                estimated: .itemHeight(30), lanes: .rebalance),
            try! DataShape(itemCounts: [2, 1], itemSizes: [Size(width: 1, height: 20), Size(width: 1, height: 40), Size(width: 1, height: 6)])
        ),
        (
            SpanGrid.Configuration(
                columns: [SpanGrid.ColumnWidth(.fixed(100)), SpanGrid.ColumnWidth(.fixed(50), min: 40), SpanGrid.ColumnWidth(.fractional(0.5))],
                rows: [SpanGrid.RowRun(count: 5, height: 30, maxHeight: 60)],
                merges: [GridPlacement(row: 3, column: 1, rowSpan: 2, columnSpan: 2)], frozenRows: 2, frozenColumns: 0,
                contentHeights: [SpanGrid.ContentHeight(row: 0, column: 0, height: 45), SpanGrid.ContentHeight(row: 3, column: 1, height: 75)]),
            try! SpanGrid.Configuration(
                columns: [SpanGrid.ColumnWidth(.fixed(100)), SpanGrid.ColumnWidth(.fixed(50), min: 40), SpanGrid.ColumnWidth(.fractional(0.5))],
                rows: [SpanGrid.RowRun(count: 5, height: 30)],
                merges: [GridPlacement(row: 3, column: 1, rowSpan: 2, columnSpan: 2)], frozenRows: 2, frozenColumns: 0
            ).dataShape()
        ),
    ]

    /// The spec fields of each layout, in the order help texts print them: written out
    /// here, not taken from any list in the sources.
    static let specFieldNames: [String: [String]] = [
        "tile-grid": [
            "sections", "itemSizes", "itemHeights", "tilesPerLine", "rowHeight", "padding", "sectionTitleHeight", "sectionFooterHeight",
            "centersItems", "estimated",
        ],
        "data-grid": ["records", "fields", "itemHeights", "transposed", "columnWidth", "rowHeight", "headerHeight", "rowHeaderWidth", "estimated"],
        "columnar-grouped": [
            "sections", "itemHeights", "columns", "columnSpacing", "sectionSpacing", "itemHeight", "headerHeight", "footerHeight",
            "estimated", "placement",
        ],
        "waterfall": [
            "sections", "itemSizes", "itemHeights", "columns", "columnSpacing", "itemSpacing", "insets", "headerHeight", "footerHeight",
            "itemHeight", "estimated", "lanes",
        ],
        "span-grid": ["columns", "rows", "merges", "frozenRows", "frozenColumns", "contentHeights", "operations"],
    ]

    /// Spec fields a written spec may lack: the other of two alternatives, or what the
    /// configuration holds applied already.
    /// (The tile grid and the data grid write `itemHeights` and `estimated` only for tiles
    /// and records of measured heights.)
    static let specFieldsNotAlwaysWritten: [String: Set<String>] = [
        "waterfall": ["itemSizes"], "span-grid": ["operations"], "tile-grid": ["itemHeights", "estimated"], "data-grid": ["itemHeights", "estimated"],
    ]

    struct DecodedSpec<C: LayoutConfiguration>: Decodable {
        var configuration: C
        var data: DataShape
        init(from decoder: any Decoder) throws { (configuration, data) = try C.decodeSpec(from: decoder) }
    }

    struct EncodedSpec<C: LayoutConfiguration>: Encodable {
        var configuration: C
        var data: DataShape
        func encode(to encoder: any Encoder) throws { try configuration.encodeSpec(data: data, to: encoder) }
    }

    static func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func jsonText(_ value: Any?) -> String {
        guard let value else { return "(left out)" }
        let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "\(value)"
    }

    @Test func everyRegistryLayoutHasACaseHere() {
        #expect(Self.changed.map(\.configuration.layoutName) == LayoutRegistry.names)
        #expect(Set(Self.specFieldNames.keys) == Set(LayoutRegistry.names))
    }

    @Test(arguments: LayoutRegistry.names)
    func specFieldNamesAreTheLayoutsOwnInOrder(_ name: String) throws {
        let type = try LayoutRegistry.configuration(named: name)
        #expect(type.specFieldNames == Self.specFieldNames[name])
    }

    @Test(arguments: 0..<5)
    func theChangedCaseChangesEveryParameter(_ index: Int) throws {
        try Self.checkChangesEveryParameter(Self.changed[index].configuration)
    }

    /// Every field of the parameters form differs between the reference and the changed
    /// case, so that the round trips below would notice one read back as its default.
    static func checkChangesEveryParameter<C: LayoutConfiguration>(_ changed: C) throws {
        let reference = try object(JSONEncoder().encode(C.reference))
        let other = try object(JSONEncoder().encode(changed))
        for key in Set(reference.keys).union(other.keys) {
            #expect(jsonText(reference[key]) != jsonText(other[key]), "\(C.layoutName).\(key) is the reference's: change it in `changed`")
        }
    }

    @Test(arguments: 0..<5)
    func theParametersFormReadsBackEveryParameter(_ index: Int) throws {
        try Self.checkParametersRoundTrip(Self.changed[index].configuration)
    }

    /// Written and read back, the changed case is itself; the reference too. And every
    /// field written is read: a string in its place is refused.
    static func checkParametersRoundTrip<C: LayoutConfiguration>(_ changed: C) throws {
        for configuration in [changed, C.reference] {
            let encoded = try JSONEncoder().encode(configuration)
            #expect(try JSONDecoder().decode(C.self, from: encoded) == configuration, "\(String(decoding: encoded, as: UTF8.self))")
        }
        let written = try object(JSONEncoder().encode(changed))
        for key in written.keys {
            var wrong = written
            wrong[key] = "not this"
            let data = try JSONSerialization.data(withJSONObject: wrong)
            #expect(throws: (any Error).self, "\(C.layoutName) parameters ignore \(key)") { try JSONDecoder().decode(C.self, from: data) }
        }
    }

    @Test(arguments: 0..<5)
    func theSpecFormReadsBackEveryFieldItWrites(_ index: Int) throws {
        try Self.checkSpecRoundTrip(Self.changed[index].configuration, Self.changed[index].data)
    }

    /// The spec form of the changed case, read back, is the case and its data; every field
    /// written is one the spec reader accepts (`specFieldNames`) and reads (a string in its
    /// place is refused); and every spec field is written, but for alternatives.
    static func checkSpecRoundTrip<C: LayoutConfiguration>(_ changed: C, _ data: DataShape) throws {
        let encoded = try JSONEncoder().encode(EncodedSpec(configuration: changed, data: data))
        let decoded = try JSONDecoder().decode(DecodedSpec<C>.self, from: encoded)
        #expect(decoded.configuration == changed, "\(String(decoding: encoded, as: UTF8.self))")
        #expect(decoded.data == data)
        let written = try object(encoded)
        #expect(Set(written.keys).isSubset(of: C.specFieldNames), "\(written.keys.sorted()) beside \(C.specFieldNames)")
        let unwritten = Set(C.specFieldNames).subtracting(written.keys)
        #expect(unwritten == Self.specFieldsNotAlwaysWritten[C.layoutName, default: []], "\(C.layoutName) writes no \(unwritten.sorted())")
        for key in written.keys {
            var wrong = written
            wrong[key] = "not this"
            let bytes = try JSONSerialization.data(withJSONObject: wrong)
            #expect(throws: (any Error).self, "\(C.layoutName) spec ignores \(key)") {
                try JSONDecoder().decode(DecodedSpec<C>.self, from: bytes)
            }
        }
    }
}
