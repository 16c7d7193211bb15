import GridCore

/// A layout GridBench knows by name: its parameters, how a spec file describes its data,
/// and the factory that makes it. Every reference layout's configuration conforms, and
/// ``LayoutRegistry`` lists them: adding a layout is one folder in `GridLayouts/` and one
/// line there, and the spec reader, the fixtures, the replay, the report and the command
/// line find it through the registry.
///
/// The configuration's own `Codable` form is its parameters alone (what a golden fixture's
/// `parameters` object holds). A spec file holds more: the data too, flattened beside
/// `name`, `layout` and `container`; ``decodeSpec(from:)`` and
/// ``encodeSpec(data:to:)`` read and write that form.
public protocol LayoutConfiguration: Codable, Hashable, Sendable {
    /// The layout this configures.
    associatedtype Layout: GridLayout & Sendable

    /// The name files and the command line use: `tile-grid`, `data-grid`.
    static var layoutName: String { get }
    /// One line for help texts and the README.
    static var summary: String { get }
    /// The parameters the layout is best known by (CHGridView's demo, IGGridView's
    /// defaults): what `gridbench conform --write-answers --layout NAME` answers with.
    static var reference: Self { get }
    /// Every field this layout reads from a spec file besides `schemaVersion`, `name`,
    /// `layout` and `container`, so that a reader can refuse a field it does not know.
    static var specFieldNames: [String] { get }

    /// A new, unprepared layout with these parameters.
    func makeLayout() -> Layout

    /// How trace events carry this layout's own operations (a span grid's merges), or `nil`
    /// when it takes none (the default). The trace format reads and writes them through it.
    static var operationCodec: LayoutOperationCodec? { get }

    /// The estimated item size, when the spec's item sizes are learned by measurement
    /// (its `estimated` field, ``SizeEstimate``); `nil`, the default, when every size is
    /// known. With an estimate, the data ``decodeSpec(from:)`` reads carries the true
    /// sizes, and a layout first knows the data with every item at the estimate
    /// (``SizeEstimate/estimatedData(for:)``).
    var sizeEstimate: SizeEstimate? { get }

    /// Checks every parameter that does not depend on the data or the container. The
    /// default checks nothing.
    ///
    /// - Throws: `GridError` naming the field.
    func validate() throws(GridError)

    /// Reads a spec file's layout fields (parameters and data) from the spec's top level.
    /// Fields left out take their documented defaults.
    ///
    /// The default reads the parameters as the configuration's own `Decodable` form does,
    /// and the data from `sections` and `itemSizes` (``SectionsField``, ``ItemSizesField``),
    /// as a third party's layout whose data is sections of items needs.
    ///
    /// - Throws: `DecodingError` for a missing or mistyped field; `GridError`
    ///   naming the field for a value out of range.
    static func decodeSpec(from decoder: any Decoder) throws -> (configuration: Self, data: DataShape)

    /// Writes the layout fields of a spec with these parameters and `data`, in the form
    /// ``decodeSpec(from:)`` reads. The default writes the configuration's own `Encodable`
    /// form, then `sections` and, when the data has them, `itemSizes`.
    func encodeSpec(data: DataShape, to encoder: any Encoder) throws

    /// The fields `gridbench dump` prints for `element` beyond `kind`, `section`, `item` and
    /// `frame`, from `layout` (of these parameters, prepared). The default gives a cell of
    /// a two-axis layout its `GridPlacement` (`row`, `column`, `rowSpan`,
    /// `columnSpan`), and nothing else.
    func dumpFields(of element: LayoutAttributes, in layout: Layout) -> [DumpField]
}

/// A field of `gridbench dump`'s output beyond the attributes: a name and a whole number.
public struct DumpField: Hashable, Sendable {
    public var name: String
    public var value: Int

    public init(_ name: String, _ value: Int) {
        self.name = name
        self.value = value
    }
}

extension LayoutConfiguration {
    public static var operationCodec: LayoutOperationCodec? { nil }

    public func validate() throws(GridError) {}

    public var sizeEstimate: SizeEstimate? { nil }

    public static func decodeSpec(from decoder: any Decoder) throws -> (configuration: Self, data: DataShape) {
        let configuration = try Self(from: decoder)
        let fields = try decoder.container(keyedBy: DataKeys.self)
        let sections = try fields.decode(SectionsField.self, forKey: .sections)
        guard let sizes = try fields.decodeIfPresent(ItemSizesField.self, forKey: .itemSizes) else {
            return (configuration, try SectionsField.dataShape(sections: sections, itemSizes: nil))
        }
        return (configuration, try sizes.dataShape(sections: sections))
    }

    public func encodeSpec(data: DataShape, to encoder: any Encoder) throws {
        try encode(to: encoder)
        var fields = encoder.container(keyedBy: DataKeys.self)
        try fields.encode(SectionsField(compacting: Array(data.itemCounts)), forKey: .sections)
        try fields.encodeIfPresent(data.itemSizes.map(ItemSizesField.init(compacting:)), forKey: .itemSizes)
    }

    /// The layout's name: ``layoutName``.
    public var layoutName: String { Self.layoutName }

    /// A new, unprepared layout, as an existential: for tools.
    public func makeAnyLayout() -> any GridLayout { makeLayout() }

    public func dumpFields(of element: LayoutAttributes, in layout: Layout) -> [DumpField] {
        guard element.kind == .cell, let placement = layout.gridPlacement(of: element.path) else { return [] }
        return [
            DumpField("row", placement.row), DumpField("column", placement.column),
            DumpField("rowSpan", placement.rowSpan), DumpField("columnSpan", placement.columnSpan),
        ]
    }
}

/// The data fields the default spec form reads and writes.
private enum DataKeys: String, CodingKey { case sections, itemSizes }
