import GridCore

/// The span grid's operations as trace events carry them: `{"frame": 40, "type": "merge",
/// "cells": [[2, 1], [3, 2]]}`, `{"type": "split", "row": 2, "column": 1}`,
/// `{"type": "insert-row", "at": 3, "height": 56}`, `{"type": "delete-row", "at": 7}`,
/// `{"type": "insert-column", "at": 2, "width": {"fixed": 72}}`,
/// `{"type": "delete-column", "at": 4}`, `{"type": "cell-content", "row": 3, "column": 1,
/// "height": 62}` (a cell's content height, typed). The trace format reads and writes them through
/// the registry entry (``SpanGrid/Configuration/operationCodec``), never by name.
extension SpanGrid {
    /// Reads, writes and hashes the span grid's operations in trace events.
    public static let operationCodec = LayoutOperationCodec(
        SpanGrid.Operation.self, typeNames: ["merge", "split", "insert-row", "delete-row", "insert-column", "delete-column", "cell-content"],
        name: { $0.name },
        decode: { type, decoder in try Operation(named: type, field: "type", from: decoder) },
        encode: { operation, encoder in try operation.encodeFields(to: encoder) },
        digest: { operation, add in operation.digest(into: add) })
}

extension SpanGrid.Operation {
    private enum EventKeys: String, CodingKey { case cells, row, column, at, height, width }

    /// The operation named `type` from its fields, as a trace event and a spec's
    /// `operations` entry both give them; `field` is the key that named it (`type` in a
    /// trace, `op` in a spec), for the error an unknown name gets.
    init(named type: String, field: String, from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: EventKeys.self)
        switch type {
        case "merge":
            var slots: [SpanGrid.Slot] = []
            for (index, pair) in try c.decode([[Int]].self, forKey: .cells).enumerated() {
                guard pair.count == 2 else {
                    throw GridError.invalidParameter(
                        InputError.fieldPath(decoder.codingPath) + ".cells[\(index)]", pair, expected: "a slot [row, column]")
                }
                slots.append(SpanGrid.Slot(row: pair[0], column: pair[1]))
            }
            self = .merge(cells: slots)
        case "split": self = .split(row: try c.decode(Int.self, forKey: .row), column: try c.decode(Int.self, forKey: .column))
        case "insert-row": self = .insertRow(at: try c.decode(Int.self, forKey: .at), height: try c.decode(Double.self, forKey: .height))
        case "delete-row": self = .deleteRow(at: try c.decode(Int.self, forKey: .at))
        case "insert-column":
            self = .insertColumn(at: try c.decode(Int.self, forKey: .at), width: try c.decode(SpanGrid.ColumnWidth.self, forKey: .width))
        case "delete-column": self = .deleteColumn(at: try c.decode(Int.self, forKey: .at))
        case "cell-content":
            // Out of range, negative or not finite, the grid refuses it (`row`, `column`,
            // `height`) when the trace is checked against the data set.
            self = .setContentHeight(
                row: try c.decode(Int.self, forKey: .row), column: try c.decode(Int.self, forKey: .column),
                height: try c.decode(Double.self, forKey: .height))
        default:
            throw GridError.invalidParameter(
                InputError.fieldPath(decoder.codingPath) + ".\(field)", "\"\(type)\"",
                expected: "one of " + SpanGrid.operationCodec.typeNames.joined(separator: ", "))
        }
    }

    /// Writes the operation's fields, without its name (`type` or `op`) or a trace's `frame`.
    func encodeFields(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: EventKeys.self)
        switch self {
        case .merge(let cells): try c.encode(cells.map { [$0.row, $0.column] }, forKey: .cells)
        case .split(let row, let column):
            try c.encode(row, forKey: .row)
            try c.encode(column, forKey: .column)
        case .insertRow(let at, let height):
            try c.encode(at, forKey: .at)
            try c.encode(height, forKey: .height)
        case .deleteRow(let at), .deleteColumn(let at): try c.encode(at, forKey: .at)
        case .insertColumn(let at, let width):
            try c.encode(at, forKey: .at)
            try c.encode(width, forKey: .width)
        case .setContentHeight(let row, let column, let height):
            try c.encode(row, forKey: .row)
            try c.encode(column, forKey: .column)
            try c.encode(height, forKey: .height)
        }
    }

    /// Adds the operation's fields to a trace's digest, each as 64 bits.
    func digest(into mix: (UInt64) -> Void) {
        func add(_ value: Int) { mix(UInt64(bitPattern: Int64(value))) }
        func add(_ value: Double) { mix(value.bitPattern) }
        switch self {
        case .merge(let cells):
            add(cells.count)
            for slot in cells { for value in [slot.row, slot.column] { add(value) } }
        case .split(let row, let column): for value in [row, column] { add(value) }
        case .insertRow(let at, let height):
            add(at)
            add(height)
        case .deleteRow(let at), .deleteColumn(let at): add(at)
        case .insertColumn(let at, let width):
            add(at)
            switch width.base {
            case .fixed(let w): add(0); add(w)
            case .fractional(let f): add(1); add(f)
            case .viewport(let padding): add(2); add(padding)
            }
            add(width.min ?? -1)
            add(width.max ?? -1)
        case .setContentHeight(let row, let column, let height):
            add(row)
            add(column)
            add(height)
        }
    }
}
