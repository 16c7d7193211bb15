import Foundation
import GridCore
import GridLayouts
import Testing

/// The one registry of layouts, and the data grid's place in it: its name, its parameters
/// (Codable, with defaults for fields left out) and its spec form (records × fields).
@Suite("DataGrid in the registry")
struct DataGridRegistryTests {
    /// A spec's layout fields read through ``LayoutConfiguration/decodeSpec(from:)``.
    struct DecodedSpec<C: LayoutConfiguration>: Decodable {
        var configuration: C
        var data: DataShape
        init(from decoder: any Decoder) throws { (configuration, data) = try C.decodeSpec(from: decoder) }
    }

    /// A spec's layout fields written through ``LayoutConfiguration/encodeSpec(data:to:)``.
    struct EncodedSpec<C: LayoutConfiguration>: Encodable {
        var configuration: C
        var data: DataShape
        func encode(to encoder: any Encoder) throws { try configuration.encodeSpec(data: data, to: encoder) }
    }

    func decodeSpec(_ json: String) throws -> DecodedSpec<DataGrid.Configuration> {
        try JSONDecoder().decode(DecodedSpec<DataGrid.Configuration>.self, from: Data(json.utf8))
    }

    func decodeConfiguration(_ json: String) throws -> DataGrid.Configuration {
        try JSONDecoder().decode(DataGrid.Configuration.self, from: Data(json.utf8))
    }

    // MARK: The registry

    @Test func theRegistryListsTheTileGridThenTheDataGrid() throws {
        #expect(LayoutRegistry.names == ["tile-grid", "data-grid", "columnar-grouped", "waterfall", "span-grid"])
        #expect(DataGrid.Configuration.layoutName == "data-grid")
        #expect(DataGrid.Configuration.salesExample.layoutName == "data-grid")
        let found = try LayoutRegistry.configuration(named: "data-grid")
        #expect(ObjectIdentifier(found) == ObjectIdentifier(DataGrid.Configuration.self))
        #expect(ObjectIdentifier(try LayoutRegistry.configuration(named: "tile-grid")) == ObjectIdentifier(TileGrid.Configuration.self))
        #expect(ObjectIdentifier(try LayoutRegistry.configuration(named: "span-grid")) == ObjectIdentifier(SpanGrid.Configuration.self))
        #expect(!DataGrid.Configuration.summary.isEmpty)
    }

    @Test(arguments: ["", "data_grid", "Data-Grid", "datagrid", "data-grid ", "water-fall"])
    func anUnknownNameIsRefusedNamingTheLayoutField(_ name: String) {
        let error = gridError(name) { _ = try LayoutRegistry.configuration(named: name) }
        #expect(error?.field == "layout")
        #expect(error?.code == .invalidParameter)
        #expect(error?.value == "\"\(name)\"", "\(error.map(String.init(describing:)) ?? "")")
        #expect(error?.expected.contains("tile-grid") == true && error?.expected.contains("data-grid") == true)
    }

    @Test func theFactoryMakesAnUnpreparedDataGrid() throws {
        let layout = DataGrid.Configuration.salesExample.makeLayout()
        #expect(layout.configuration == .salesExample)
        #expect(layout.contentSize == .zero)
        var erased = DataGrid.Configuration.salesExample.makeAnyLayout()
        try erased.prepare(data: try DataGrid.data(records: 10, fields: 4), container: Size(width: 768, height: 1024))
        #expect(erased.contentSize == Size(width: 1650, height: 326))
        #expect(erased is DataGrid)
    }

    @Test func specFieldNamesAreTheDataGridsOwn() {
        #expect(Set(DataGrid.Configuration.specFieldNames) == [
            "records", "fields", "itemHeights", "transposed", "columnWidth", "rowHeight", "headerHeight", "rowHeaderWidth", "estimated",
        ])
    }

    // MARK: The configuration's own Codable form

    @Test func omittedFieldsTakeTheDefaults() throws {
        let standard = try decodeConfiguration("{}")
        #expect(standard == .standard)
        #expect(standard == DataGrid.Configuration(transposed: false, columnWidth: 150, rowHeight: 44, headerHeight: 44, rowHeaderWidth: 0, fields: nil))

        let some = try decodeConfiguration(#"{"transposed": true, "rowHeaderWidth": 150, "fields": 4}"#)
        #expect(some == DataGrid.Configuration(transposed: true, columnWidth: 150, rowHeight: 44, headerHeight: 44, rowHeaderWidth: 150, fields: 4))

        let all = try decodeConfiguration(
            #"{"transposed": false, "columnWidth": 79.5, "rowHeight": 0.1, "headerHeight": 0, "rowHeaderWidth": 0.3, "fields": 0}"#)
        #expect(all == DataGrid.Configuration(transposed: false, columnWidth: 79.5, rowHeight: 0.1, headerHeight: 0, rowHeaderWidth: 0.3, fields: 0))
        // Unknown keys do not matter to the parameters; mistyped ones are refused.
        #expect(throws: DecodingError.self) { try decodeConfiguration(#"{"columnWidth": "wide"}"#) }
        #expect(throws: DecodingError.self) { try decodeConfiguration(#"{"fields": 2.5}"#) }
    }

    @Test func theConfigurationRoundTrips() throws {
        let configurations: [DataGrid.Configuration] = [
            .standard, .salesExample, DataGrid.Configuration(fields: 12),
            DataGrid.Configuration(transposed: true, columnWidth: 238.0 / 3.0, rowHeight: 0.1, headerHeight: 0, rowHeaderWidth: 0.3, fields: 0),
        ]
        for configuration in configurations {
            let encoded = try JSONEncoder().encode(configuration)
            #expect(try JSONDecoder().decode(DataGrid.Configuration.self, from: encoded) == configuration, "\(configuration)")
        }
    }

    // MARK: The spec form

    @Test func theSalesSpecDecodes() throws {
        let spec = try decodeSpec("""
            {"schemaVersion": 1, "name": "sales-10x4", "layout": "data-grid",
             "container": {"width": 768, "height": 1024},
             "records": 10, "fields": 4, "transposed": true,
             "columnWidth": 150, "rowHeight": 44, "headerHeight": 150, "rowHeaderWidth": 150}
            """)
        var expected = DataGrid.Configuration.salesExample
        expected.fields = 4
        #expect(spec.configuration == expected)
        #expect(spec.data == (try DataShape(sections: 10, itemsPerSection: 4)))
    }

    @Test func aSpecWithOnlyTheDataTakesTheDefaults() throws {
        let spec = try decodeSpec(#"{"records": 3, "fields": 2}"#)
        #expect(spec.configuration == DataGrid.Configuration(fields: 2))
        #expect(spec.data.itemCounts == [2, 2, 2])
        let empty = try decodeSpec(#"{"records": 0, "fields": 6, "rowHeaderWidth": 25}"#)
        #expect(empty.configuration.fields == 6)
        #expect(empty.data == .empty)
        // Laid out, the empty spec still shows its 6 column headers and the corner.
        let grid = try preparedDataGrid(empty.configuration, empty.data)
        #expect(grid.elements(in: grid.contentBounds).count == 7)
    }

    @Test func aSpecWithoutItsDataOrWithBadDataIsRefused() {
        #expect(throws: DecodingError.self) { try decodeSpec(#"{"fields": 2}"#) }
        #expect(throws: DecodingError.self) { try decodeSpec(#"{"records": 2}"#) }
        #expect(throws: DecodingError.self) { try decodeSpec(#"{"records": "ten", "fields": 2}"#) }
        let cases: [(String, String)] = [
            (#"{"records": -1, "fields": 2}"#, "records"), (#"{"records": 2, "fields": -1}"#, "fields"),
            (#"{"records": 268435457, "fields": 0}"#, "records"),
            // Over the spec's 2²² records; at 2²² records, 512 fields make 2³¹ cells, one too many.
            (#"{"records": 4194305, "fields": 0}"#, "records"), (#"{"records": 4194304, "fields": 512}"#, "fields"),
            (#"{"records": 0, "fields": 4294967297}"#, "fields"),
        ]
        for (json, field) in cases {
            #expect(gridError(json) { _ = try decodeSpec(json) }?.field == field, "\(json)")
        }
    }

    @Test func specsRoundTrip() throws {
        let cases: [(DataGrid.Configuration, DataShape)] = [
            (.salesExample, try DataShape(sections: 10, itemsPerSection: 4)),
            (DataGrid.Configuration(rowHeaderWidth: 100), try DataShape(sections: 1000, itemsPerSection: 12)),
            (DataGrid.Configuration(transposed: true, columnWidth: 79.5, rowHeight: 0.1, headerHeight: 0, rowHeaderWidth: 0.3, fields: 6), .empty),
            (DataGrid.Configuration(fields: 0), try DataShape(sections: 5, itemsPerSection: 0)),
            (DataGrid.Configuration(fields: 3), try DataShape(sections: 2, itemsPerSection: 3)),
        ]
        for (configuration, data) in cases {
            let json = try JSONEncoder().encode(EncodedSpec(configuration: configuration, data: data))
            let decoded = try JSONDecoder().decode(DecodedSpec<DataGrid.Configuration>.self, from: json)
            // The spec always states `fields`: the configuration comes back with it set.
            var expected = configuration
            expected.fields = configuration.fields ?? data.itemCounts.first ?? 0
            #expect(decoded.configuration == expected, "\(String(decoding: json, as: UTF8.self))")
            #expect(decoded.data == data, "\(String(decoding: json, as: UTF8.self))")
            // And again: a fixed point.
            let again = try JSONEncoder().encode(EncodedSpec(configuration: decoded.configuration, data: decoded.data))
            #expect(try JSONDecoder().decode(DecodedSpec<DataGrid.Configuration>.self, from: again).configuration == expected)
        }
    }

    @Test func encodeSpecRefusesWhatIsNotRecordsByFields() throws {
        let refused: [(DataGrid.Configuration, DataShape, String)] = [
            (.standard, try DataShape(itemCounts: [3, 2, 3]), "ragged"),
            (.standard, try DataShape(itemCounts: [0, 1]), "ragged from an empty first record"),
            (DataGrid.Configuration(fields: 4), try DataShape(sections: 2, itemsPerSection: 3), "records narrower than the declared fields"),
            (.standard, try DataShape(itemCounts: [1, 1], itemSizes: [Size(width: 1, height: 1), Size(width: 2, height: 2)]), "item sizes"),
        ]
        for (configuration, data, why) in refused {
            #expect(throws: EncodingError.self, "\(why)") { try JSONEncoder().encode(EncodedSpec(configuration: configuration, data: data)) }
        }
    }
}
