import GridCore

extension DataGrid {
    /// IGGridView's parameters: transposition, column width, row height, the header row's
    /// height and the frozen header column's width.
    public struct Configuration: Hashable, Sendable, Codable {
        /// Whether records are shown as columns and fields as rows (IGGridView's
        /// "transpose rows and columns").
        public var transposed: Bool
        /// The width of every display column, `cw > 0`.
        public var columnWidth: Double
        /// The height of every display row, `rh > 0`.
        public var rowHeight: Double
        /// The height of the header row, `hh ≥ 0`; 0 means no header row (and no corner).
        public var headerHeight: Double
        /// The width of the frozen header column, `hw ≥ 0`; 0 means no header column (and no
        /// corner).
        public var rowHeaderWidth: Double
        /// The number of fields every record has (the table's columns), `0 ≤ F ≤ 2³¹ − 1`;
        /// `nil` takes the largest record of the data. A spec's `fields` sets it, so that a grid of no
        /// records still shows its header row.
        public var fields: Int?
        /// How the data's item sizes, when it carries them, shape the rows.
        public var itemSizing: ItemSizing
        /// The estimated field height, when the fields' heights are learned by measurement (a
        /// spec's `"estimated": {"itemHeight": e}` with `itemHeights`); `nil` when every
        /// height is known.
        public var estimated: SizeEstimate?

        /// How the data's item sizes shape the rows.
        public enum ItemSizing: String, Hashable, Sendable, Codable {
            /// Sizes are not read: every row is `rowHeight` tall (IGGridView's grid).
            case fixed
            /// Each size's height is its field's height (a spec's `itemHeights`, one per
            /// cell, record by record): a record's row is as tall as its tallest field, and
            /// every cell of the row takes the row's height. Not transposed only.
            case heights
        }

        public init(
            transposed: Bool = false, columnWidth: Double = 150, rowHeight: Double = 44,
            headerHeight: Double = 44, rowHeaderWidth: Double = 0, fields: Int? = nil,
            itemSizing: ItemSizing = .fixed, estimated: SizeEstimate? = nil
        ) {
            self.itemSizing = itemSizing
            self.estimated = estimated
            self.fields = fields
            self.transposed = transposed
            self.columnWidth = columnWidth
            self.rowHeight = rowHeight
            self.headerHeight = headerHeight
            self.rowHeaderWidth = rowHeaderWidth
        }

        /// The defaults: not transposed, columns of 150, rows of 44, a header row of 44 and
        /// no header column.
        public static let standard = Configuration()

        /// The source document's example: transposed, with a header row and a header column
        /// of 150.
        public static let salesExample = Configuration(transposed: true, columnWidth: 150, rowHeight: 44, headerHeight: 150, rowHeaderWidth: 150)

        /// Checks every parameter.
        ///
        /// - Throws: `GridError` naming `columnWidth`, `rowHeight`,
        ///   `headerHeight` or `rowHeaderWidth`.
        public func validate() throws(GridError) {
            try GridError.requirePositive(columnWidth, "columnWidth")
            try GridError.requirePositive(rowHeight, "rowHeight")
            try GridError.requireNonNegative(headerHeight, "headerHeight")
            try GridError.requireNonNegative(rowHeaderWidth, "rowHeaderWidth")
            // No record can hold more items than a data shape (2³¹ − 1): beyond that a
            // column header's path (0, c) would name a field that cannot exist.
            if let fields, fields < 0 || fields > DataShape.maxTotalItems {
                throw .invalidParameter("fields", fields, expected: "a number of fields in 0...\(DataShape.maxTotalItems)")
            }
            if itemSizing == .heights && transposed {
                throw .invalidParameter(
                    "transposed", transposed,
                    expected: "false with estimated or itemHeights: a record's row is as tall as its tallest field, and transposed, records are columns")
            }
            if let estimated {
                try estimated.validate()
                guard case .itemHeight = estimated, itemSizing == .heights else {
                    throw .invalidParameter(
                        "estimated.\(estimated.fieldName)", estimated.description,
                        expected: "estimated.itemHeight with itemHeights: the data grid measures its fields' heights")
                }
            }
        }

        /// Reads the parameters; fields left out take the defaults of ``standard``.
        public init(from decoder: any Decoder) throws {
            try self.init(decodingParametersFrom: decoder, startingFrom: .standard)
        }

        /// Writes every parameter; `fields` only when it is set.
        public func encode(to encoder: any Encoder) throws { try encodeParameters(to: encoder) }
    }
}

extension DataGrid.Configuration: LayoutParameterList {
    /// The parameters, in the order files write them. A spec holds `fields` as data,
    /// required, beside `records` (see `decodeSpec(from:)`), so not as a parameter.
    static let parameters: [LayoutParameter<Self>] = [
        LayoutParameter("transposed", \.transposed),
        LayoutParameter("columnWidth", \.columnWidth),
        LayoutParameter("rowHeight", \.rowHeight),
        LayoutParameter("headerHeight", \.headerHeight),
        LayoutParameter("rowHeaderWidth", \.rowHeaderWidth),
        LayoutParameter(optional: "fields", \.fields, inSpec: false),
        LayoutParameter("itemSizing", \.itemSizing, omittedWhen: .fixed, inSpec: false),
        LayoutParameter(optional: "estimated", \.estimated),
    ]
}

/// The data grid in the registry: `"layout": "data-grid"`.
///
/// ```json
/// {"schemaVersion": 1, "name": "sales-10x4", "layout": "data-grid",
///  "container": {"width": 768, "height": 1024},
///  "records": 10, "fields": 4, "transposed": true,
///  "columnWidth": 150, "rowHeight": 44, "headerHeight": 150, "rowHeaderWidth": 150}
/// ```
///
/// `records` R ≥ 0 and `fields` F ≥ 0 make the data: R sections (records) of F items
/// (fields). The other fields left out take their defaults: not transposed, `columnWidth`
/// 150, `rowHeight` 44, `headerHeight` 44, `rowHeaderWidth` 0.
///
/// Rows of measured heights: `itemHeights`, one height > 0 per cell, record by record (one
/// list of R·F, or one list of F per record), makes each record's row as tall as its
/// tallest field, every cell of the row taking the row's height
/// (``DataGrid/Configuration/ItemSizing/heights``); with `"estimated": {"itemHeight": e}`
/// beside it the heights are the true ones, learned by measurement, every field first `e`
/// tall. An item of the data grid is a cell, so a measurement is a cell's. Not with
/// `"transposed": true` (refused, naming `transposed`).
extension DataGrid.Configuration: LayoutConfiguration {
    public static let layoutName = "data-grid"
    public static let summary = "IGGridView's data grid: records × fields, optionally transposed, header row and frozen header column"
    public static let specFieldNames = SpecKeys.allCases.map(\.rawValue) + parameterNames(in: .spec)
    public static var reference: Self { .standard }

    public func makeLayout() -> DataGrid { DataGrid(self) }

    /// The data fields, written before the parameters (`parameters`).
    enum SpecKeys: String, CodingKey, CaseIterable {
        case records, fields, itemHeights
    }

    public static func decodeSpec(from decoder: any Decoder) throws -> (configuration: Self, data: DataShape) {
        // The parameters form, read from the spec's top level (`fields` too, then again
        // as data: a spec must give it).
        var configuration = try Self(from: decoder)
        let c = try decoder.container(keyedBy: SpecKeys.self)
        let records = try c.decode(Int.self, forKey: .records)
        let fields = try c.decode(Int.self, forKey: .fields)
        configuration.fields = fields
        let data = try DataGrid.data(records: records, fields: fields)
        let heights = try c.decodeIfPresent(PerItemList<Double>.self, forKey: .itemHeights)
        try EstimatedSpec.check(
            configuration.estimated, layout: layoutName, trueSizesField: heights != nil ? "itemHeights" : nil,
            accepts: ["itemHeights": "itemHeight"])
        guard let heights else { return (configuration, data) }
        configuration.itemSizing = .heights
        let measured = try heights.values(field: "itemHeights", noun: "heights", counts: Array(data.itemCounts)) { list throws(GridError) in
            try ItemHeightsField.dataShape(counted: data, itemHeights: list)
        }
        return (configuration, measured)
    }

    /// The estimate, when field heights are measured.
    public var sizeEstimate: SizeEstimate? { estimated }

    /// Every element carries its display `row` and `column`; the header row is row −1 and
    /// the header column is column −1 (the corner is both). Cells also carry their `record`
    /// and `field`.
    public func dumpFields(of element: LayoutAttributes, in layout: DataGrid) -> [DumpField] {
        let path = element.path
        switch element.kind {
        case .cell:
            let position = layout.transposition.position(of: path)
            return [DumpField("row", position.row), DumpField("column", position.column), DumpField("record", path.section), DumpField("field", path.item)]
        case .columnHeader: return [DumpField("row", -1), DumpField("column", path.item)]
        case .rowHeader: return [DumpField("row", path.section), DumpField("column", -1)]
        case .corner: return [DumpField("row", -1), DumpField("column", -1)]
        default: return []
        }
    }

    public func encodeSpec(data: DataShape, to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: SpecKeys.self)
        let fields = self.fields ?? data.itemCounts.first ?? 0
        guard data.itemCounts.allSatisfy({ $0 == fields }), data.itemSizes == nil || itemSizing == .heights else {
            throw EncodingError.invalidValue(
                data, .init(codingPath: encoder.codingPath, debugDescription: "a data grid spec holds records × fields: every section must hold the same number of items, without sizes"))
        }
        try c.encode(data.sectionCount, forKey: .records)
        try c.encode(fields, forKey: .fields)
        if itemSizing == .heights, let sizes = data.itemSizes {
            // One list per record: F heights each.
            let lists = (0..<data.sectionCount).map { record in
                (0..<fields).map { sizes[record * fields + $0].height }
            }
            try c.encode(PerItemList.perSection(lists), forKey: .itemHeights)
        }
        try encodeParameters(to: encoder, in: .spec)
    }
}

extension DataGrid {
    /// The data of `records` records of `fields` fields each: `records` sections of
    /// `fields` items.
    ///
    /// - Throws: `GridError` naming `records` or `fields` when either is negative
    ///   or the grid is too large for a path (more than 2²⁸ records, 2³¹ − 1 fields or
    ///   2³¹ − 1 cells), checked before any memory is taken.
    public static func data(records: Int, fields: Int) throws(GridError) -> DataShape {
        guard records >= 0 else { throw .invalidData("records", records, expected: "a number of records ≥ 0") }
        guard fields >= 0 else { throw .invalidData("fields", fields, expected: "a number of fields ≥ 0") }
        // Even with no records: the spec's fields become the configuration's.
        guard fields <= DataShape.maxTotalItems else {
            throw .invalidData("fields", fields, expected: "at most \(DataShape.maxTotalItems) fields")
        }
        guard records <= SectionsField.maxSections else {
            throw .invalidData("records", records, expected: "at most \(SectionsField.maxSections) records")
        }
        let (cells, overflow) = records.multipliedReportingOverflow(by: fields)
        guard !overflow, cells <= DataShape.maxTotalItems else {
            throw .invalidData("fields", fields, expected: "at most \(DataShape.maxTotalItems) cells in all (\(records) records × fields)")
        }
        return try DataShape(sections: records, itemsPerSection: fields)
    }
}
