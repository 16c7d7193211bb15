import GridCore

/// The span grid in the registry: `"layout": "span-grid"`.
///
/// ```json
/// {"schemaVersion": 1, "name": "timesheet", "layout": "span-grid",
///  "container": {"width": 768, "height": 1024},
///  "columns": [{"fixed": 160}, {"fractional": 0.1, "min": 60, "max": 120},
///              {"viewport": {"padding": 600}, "min": 90}],
///  "rows": [{"count": 1, "height": 48}, 44, 44, {"count": 37, "height": 40}],
///  "merges": [{"row": 2, "column": 1, "rowSpan": 3, "columnSpan": 2}],
///  "frozenRows": 1, "frozenColumns": 1,
///  "contentHeights": [{"row": 5, "column": 0, "height": 70}],
///  "operations": [{"op": "merge", "cells": [[5, 1], [5, 2]]}, {"op": "insert-row", "at": 3, "height": 40},
///                 {"op": "split", "row": 2, "column": 1}, {"op": "delete-column", "at": 2}]}
/// ```
///
/// - `columns`: each `{"fixed": w}`, `{"fractional": f}` (a share of the container's
///   width) or `{"viewport": {"padding": p}}` (the container's width less p), each with an
///   optional `min` and `max` (see ``SpanGrid/ColumnWidth``).
/// - `rows`: an array of heights, where `{"count": N, "height": h}` stands for N rows of
///   h; or one such object for the whole grid. A height is a minimum: content heights grow
///   the row, up to an optional `"maxHeight": m` beside `height` (m ≥ h; content beyond it
///   is clipped).
/// - `merges` (optional): merged cells, `{"row", "column", "rowSpan", "columnSpan"}`.
/// - `frozenRows`, `frozenColumns` (optional, 0): rows and columns pinned by a viewport.
/// - `contentHeights` (optional): `{"row", "column", "height"}`, the content height of the
///   cell covering that slot of the grid as `rows`, `columns` and `merges` give it (any slot
///   of a merged cell names it; a later entry for the same cell wins), set after the merges
///   and before the operations, which carry them (see ``SpanGrid/ContentHeight``). Written
///   by each cell's anchor slot.
/// - `operations` (optional): applied in order after the merges (see
///   ``SpanGrid/Operation``): `{"op": "merge", "cells": [[row, column], …]}`,
///   `{"op": "split", "row", "column"}`, `{"op": "insert-row", "at", "height"}`,
///   `{"op": "delete-row", "at"}`, `{"op": "insert-column", "at", "width": {…}}`,
///   `{"op": "delete-column", "at"}`. A refused operation names `operations[i]` and why.
///
/// The data is not written: it is the grid's cells, one section per row
/// (``SpanGrid/Configuration/dataShape()``). The configuration holds the grid after the
/// operations, and writes it without them.
extension SpanGrid.Configuration: LayoutConfiguration {
    public static let layoutName = "span-grid"
    /// Merges, splits, rows and columns inserted and deleted (``SpanGrid/operationCodec``).
    public static var operationCodec: LayoutOperationCodec? { SpanGrid.operationCodec }
    public static let summary = "Proton's grid: column widths and row heights, merged and split cells, rows and columns inserted and deleted, frozen rows and columns"
    public static let specFieldNames =
        [SpecKeys.columns, .rows, .merges].map(\.rawValue) + parameterNames(in: .spec) + [SpecKeys.contentHeights, .operations].map(\.rawValue)
    public static var reference: Self { .example }

    public func makeLayout() -> SpanGrid { SpanGrid(self) }

    /// The fields that are not `parameters`: the grid's shape, read in the configuration's
    /// own code (the list cannot say that `columns` and `rows` are required, `rows` is read
    /// as runs and checked as written, and the initializer sorts `merges`), and `operations`.
    enum SpecKeys: String, CodingKey {
        case columns, rows, merges, contentHeights, operations
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: SpecKeys.self)
        let rows = try c.decode(SpanGrid.RowsField.self, forKey: .rows)
        self.init(
            columns: try c.decode([SpanGrid.ColumnWidth].self, forKey: .columns), rows: rows.runs,
            merges: try c.decodeIfPresent([GridPlacement].self, forKey: .merges) ?? [],
            contentHeights: try c.decodeIfPresent([SpanGrid.ContentHeight].self, forKey: .contentHeights) ?? [])
        try decodeParameters(from: decoder)
        // Errors name the rows as written, before runs were joined.
        for (index, run) in rows.runs.enumerated() { try run.validate(rows.isObject ? "rows" : "rows[\(index)]") }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: SpecKeys.self)
        try c.encode(columns, forKey: .columns)
        try c.encode(SpanGrid.RowsField(runs: rows), forKey: .rows)
        try c.encode(merges, forKey: .merges)
        try encodeParameters(to: encoder)
        if !contentHeights.isEmpty { try c.encode(contentHeights, forKey: .contentHeights) }
    }

    /// Reads the grid, checks it (merges named by their index in the file), then applies
    /// the operations in order.
    ///
    /// - Throws: `DecodingError` for a missing or mistyped field; `GridError`
    ///   naming `columns[3].min`, `rows[2]`, `merges[1]`, `operations[4]` (with why it was
    ///   refused) and so on.
    public static func decodeSpec(from decoder: any Decoder) throws -> (configuration: Self, data: DataShape) {
        var configuration = try Self(from: decoder)
        let c = try decoder.container(keyedBy: SpecKeys.self)
        let given = try c.decodeIfPresent([GridPlacement].self, forKey: .merges) ?? []
        let rowCount = configuration.rowCount
        try configuration.validateAllButMerges()
        try validateMerges(
            given, rows: rowCount, columns: configuration.columnCount,
            frozenRows: configuration.frozenRows, frozenColumns: configuration.frozenColumns)
        // Content heights name slots of the grid as written, before the operations.
        configuration.contentHeights = []
        let contents = try c.decodeIfPresent([SpanGrid.ContentHeight].self, forKey: .contentHeights) ?? []
        for (index, content) in contents.enumerated() {
            do {
                try configuration.apply(.setContentHeight(row: content.row, column: content.column, height: content.height))
            } catch {
                throw error.prefixingField(with: error.field.isEmpty ? "contentHeights[\(index)]" : "contentHeights[\(index)].")
            }
        }
        let operations = try c.decodeIfPresent([SpanGrid.Operation].self, forKey: .operations) ?? []
        for (index, operation) in operations.enumerated() {
            do {
                try configuration.apply(operation)
            } catch {
                throw error.prefixingField(with: error.field.isEmpty ? "operations[\(index)]" : "operations[\(index)].")
            }
        }
        return (configuration, try configuration.dataShape())
    }

    public func encodeSpec(data: DataShape, to encoder: any Encoder) throws {
        let cells = try dataShape()
        guard data == cells else {
            throw EncodingError.invalidValue(
                data, .init(codingPath: encoder.codingPath, debugDescription: "a span grid's data is its cells, one section per row: \(cells)"))
        }
        try encode(to: encoder)
    }

    /// ``validate()`` less the merged cells and content heights, which a spec checks as written.
    func validateAllButMerges() throws(GridError) {
        var copy = self
        copy.merges = []
        copy.contentHeights = []
        try copy.validate()
    }
}

extension SpanGrid.Configuration: LayoutParameterList {
    /// The parameters besides the grid's shape (`SpecKeys`), in the order files write them,
    /// after `merges`; left out, 0.
    static let parameters: [LayoutParameter<Self>] = [
        LayoutParameter("frozenRows", \.frozenRows),
        LayoutParameter("frozenColumns", \.frozenColumns),
    ]
}

extension SpanGrid {
    /// The `rows` field: heights and `{"count", "height"}` runs in an array, or one run.
    struct RowsField: Codable {
        var runs: [RowRun]
        var isObject = false

        init(runs: [RowRun]) { self.runs = runs }

        private enum Keys: String, CodingKey { case count, height, maxHeight }

        private static func run(_ c: KeyedDecodingContainer<Keys>) throws -> RowRun {
            RowRun(
                count: try c.decode(Int.self, forKey: .count), height: try c.decode(Double.self, forKey: .height),
                maxHeight: try c.decodeIfPresent(Double.self, forKey: .maxHeight))
        }

        private static func encode(_ run: RowRun, _ c: inout KeyedEncodingContainer<Keys>) throws {
            try c.encode(run.count, forKey: .count)
            try c.encode(run.height, forKey: .height)
            try c.encodeIfPresent(run.maxHeight, forKey: .maxHeight)
        }

        init(from decoder: any Decoder) throws {
            if let keyed = try? decoder.container(keyedBy: Keys.self) {
                runs = [try Self.run(keyed)]
                isObject = true
                return
            }
            var list = try decoder.unkeyedContainer()
            runs = []
            while !list.isAtEnd {
                if let height = try? list.decode(Double.self) {
                    runs.append(RowRun(count: 1, height: height))
                } else {
                    runs.append(try Self.run(try list.nestedContainer(keyedBy: Keys.self)))
                }
            }
        }

        /// One run as an object; otherwise single rows without a maximum as numbers, other
        /// runs as objects.
        func encode(to encoder: any Encoder) throws {
            if runs.count == 1 {
                var c = encoder.container(keyedBy: Keys.self)
                try Self.encode(runs[0], &c)
                return
            }
            var list = encoder.unkeyedContainer()
            for run in runs {
                if run.count == 1 && run.maxHeight == nil {
                    try list.encode(run.height)
                } else {
                    var c = list.nestedContainer(keyedBy: Keys.self)
                    try Self.encode(run, &c)
                }
            }
        }
    }
}

extension SpanGrid.ColumnWidth: Codable {
    private enum Keys: String, CodingKey, CaseIterable { case fixed, fractional, viewport, min, max }
    private enum ViewportKeys: String, CodingKey { case padding }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let field = InputError.fieldPath(decoder.codingPath)
        let bases = [Keys.fixed, .fractional, .viewport].filter { c.contains($0) }
        guard bases.count == 1 else {
            throw GridError.invalidParameter(
                field, bases.isEmpty ? "no width" : bases.map(\.rawValue).joined(separator: " and "),
                expected: "exactly one of fixed, fractional, viewport")
        }
        let base: Base
        switch bases[0] {
        case .fixed: base = .fixed(try c.decode(Double.self, forKey: .fixed))
        case .fractional: base = .fractional(try c.decode(Double.self, forKey: .fractional))
        default:
            let v = try c.nestedContainer(keyedBy: ViewportKeys.self, forKey: .viewport)
            base = .viewport(padding: try v.decodeIfPresent(Double.self, forKey: .padding) ?? 0)
        }
        self.init(base, min: try c.decodeIfPresent(Double.self, forKey: .min), max: try c.decodeIfPresent(Double.self, forKey: .max))
        try validate(field)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        switch base {
        case .fixed(let w): try c.encode(w, forKey: .fixed)
        case .fractional(let f): try c.encode(f, forKey: .fractional)
        case .viewport(let padding):
            var v = c.nestedContainer(keyedBy: ViewportKeys.self, forKey: .viewport)
            try v.encode(padding, forKey: .padding)
        }
        try c.encodeIfPresent(min, forKey: .min)
        try c.encodeIfPresent(max, forKey: .max)
    }
}

extension SpanGrid.Operation: Codable {
    private enum Keys: String, CodingKey { case op }

    /// A spec's `operations` entry: `op` names the operation, its fields are a trace
    /// event's (`init(named:field:from:)`).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        try self.init(named: try c.decode(String.self, forKey: .op), field: "op", from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(name, forKey: .op)
        try encodeFields(to: encoder)
    }
}
