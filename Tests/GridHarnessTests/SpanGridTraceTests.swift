import Foundation
import GridCore
import GridHarness
import GridLayouts
import GridStrategies
import Testing

/// Span grid edits in traces: the six event types read and written with the fields of the
/// spec's operations, refused naming the event, and replayed by every strategy against the
/// bundled editing session's fixture.
@Suite struct SpanGridTraceTests {
    typealias Slot = SpanGrid.Slot

    static func trace(events: String, frames: Int = 8) -> String {
        #"{"schemaVersion": 1, "refreshHz": 60, "viewport": {"width": 320, "height": 480}, "offsets": ["#
            + Array(repeating: "0", count: frames).joined(separator: ", ") + #"], "offsetsX": ["#
            + (0..<frames).map { "\($0 * 10)" }.joined(separator: ", ") + #"], "events": ["# + events + "]}"
    }

    static let spec = #"""
        {"layout": "span-grid", "container": {"width": 320, "height": 480},
         "columns": [{"fixed": 100}, {"fixed": 80}, {"fixed": 80}, {"fixed": 80}, {"fixed": 80}],
         "rows": {"count": 30, "height": 40}, "merges": [{"row": 4, "column": 1, "rowSpan": 2, "columnSpan": 2}],
         "frozenRows": 1, "frozenColumns": 1}
        """#

    static let allSix = #"""
        {"frame": 1, "type": "merge", "cells": [[2, 1], [2, 2]]},
        {"frame": 2, "type": "split", "row": 5, "column": 2},
        {"frame": 3, "type": "insert-row", "at": 3, "height": 56},
        {"frame": 4, "type": "delete-row", "at": 7},
        {"frame": 5, "type": "insert-column", "at": 2, "width": {"fractional": 0.25, "min": 60, "max": 70}},
        {"frame": 6, "type": "delete-column", "at": 4}
        """#

    @Test func theSixEventsReadAndWriteTheFieldsOfTheSpecsOperations() throws {
        let trace = try ScrollTrace.decode(Data(Self.trace(events: Self.allSix).utf8), path: "edits.json")
        let operations: [SpanGrid.Operation] = [
            .merge(cells: [Slot(row: 2, column: 1), Slot(row: 2, column: 2)]),
            .split(row: 5, column: 2),
            .insertRow(at: 3, height: 56),
            .deleteRow(at: 7),
            .insertColumn(at: 2, width: SpanGrid.ColumnWidth(.fractional(0.25), min: 60, max: 70)),
            .deleteColumn(at: 4),
        ]
        let expected = operations.map { TraceEvent.Change.layoutEdit(LayoutOperation($0, codec: SpanGrid.operationCodec)) }
        #expect(trace.events.map(\.change) == expected)
        #expect(trace.events.map(\.change.typeName) == ["merge", "split", "insert-row", "delete-row", "insert-column", "delete-column"])
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("span-edits-\(UInt64.random(in: 0 ... .max)).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try trace.write(to: url)
        #expect(try ScrollTrace.load(from: url) == trace)
        // Over the span grid the replay accepts them all, in order.
        let spec = try LayoutSpec.decode(Data(Self.spec.utf8), path: "grid.json")
        let replay = try Replay(spec: spec, trace: trace, tracePath: "edits.json")
        let digests = try replay.referenceDigests()
        #expect(digests.count == 8)
    }

    /// A keystroke: read, written and digested with its fields; replayed, it grows the row
    /// (row 3 of 40 under a cell of 75: rows 4… start 35 lower) and a merged cell's last row.
    @Test func cellContentEventsReadWriteAndGrowTheRow() throws {
        let events = #"""
            {"frame": 1, "type": "cell-content", "row": 3, "column": 2, "height": 75},
            {"frame": 2, "type": "cell-content", "row": 5, "column": 2, "height": 130}
            """#
        let trace = try ScrollTrace.decode(Data(Self.trace(events: events).utf8), path: "typing.json")
        let expected: [SpanGrid.Operation] = [.setContentHeight(row: 3, column: 2, height: 75), .setContentHeight(row: 5, column: 2, height: 130)]
        #expect(trace.events.map(\.change) == expected.map { TraceEvent.Change.layoutEdit(LayoutOperation($0, codec: SpanGrid.operationCodec)) })
        #expect(trace.events.map(\.change.typeName) == ["cell-content", "cell-content"])
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("typing-\(UInt64.random(in: 0 ... .max)).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try trace.write(to: url)
        #expect(try ScrollTrace.load(from: url) == trace)
        let other = try ScrollTrace.decode(
            Data(Self.trace(events: events.replacingOccurrences(of: "130", with: "131")).utf8), path: "typing.json")
        #expect(other.contentDigest != trace.contentDigest)
        let spec = try LayoutSpec.decode(Data(Self.spec.utf8), path: "grid.json")
        let (_, layout) = try EventPipeline.effects(
            of: trace, over: spec.data, layout: spec.makeLayout(), describedAs: "span-grid", tracePath: "typing.json")
        // Row 3 is 75. The merged cell (4, 1) spans rows 4…5 over columns 1…2, named by (5, 2):
        // 40 + 40 = 80 < 130, so row 5 grows by 50 to 90. Row 6 starts at 3·40 + 75 + 40 + 90 = 325.
        #expect(layout.attributes(at: ItemPath(section: 4, item: 1))?.frame == Rect(x: 100, y: 195, width: 160, height: 130))
        #expect(layout.attributes(at: ItemPath(section: 6, item: 0))?.frame == Rect(x: 0, y: 325, width: 100, height: 40))
        // Every strategy replays the keystrokes.
        let replay = try Replay(spec: spec, trace: trace, tracePath: "typing.json")
        #expect(try replay.referenceDigests().count == 8)
    }

    /// A typing session replayed by every strategy through the one event pipeline: rows in
    /// view grow and shrink under keystrokes (a merged cell's among them) while the grid
    /// scrolls; each strategy's loaded sets equal the reference's frame by frame.
    @Test(arguments: StrategyKind.allCases)
    func everyStrategyReplaysATypingSession(strategy: StrategyKind) throws {
        var events: [String] = []
        for frame in 1..<30 {
            let row = 2 + frame / 3, column = frame % 5
            events.append(#"{"frame": \#(frame), "type": "cell-content", "row": \#(row), "column": \#(column), "height": \#(frame % 4 == 0 ? 0 : 30 + frame * 7)}"#)
            // The merged cell over rows 4…5, columns 1…2, named by its lower right slot.
            if frame == 12 { events.append(#"{"frame": 12, "type": "cell-content", "row": 5, "column": 2, "height": 260}"#) }
        }
        let offsets = (0..<40).map { "\($0 * 25)" }.joined(separator: ", ")
        let text = #"{"schemaVersion": 1, "refreshHz": 60, "viewport": {"width": 320, "height": 480}, "offsets": ["# + offsets
            + #"], "events": ["# + events.joined(separator: ", ") + "]}"
        let trace = try ScrollTrace.decode(Data(text.utf8), path: "typing.json")
        let spec = try LayoutSpec.decode(Data(Self.spec.utf8), path: "grid.json")
        let replay = try Replay(spec: spec, trace: trace, tracePath: "typing.json")
        let reference = try replay.referenceDigests()
        let options = ReplayOptions(strategy: strategy, threshold: 100, minimumPasses: 2, maximumPasses: 2, targetSeconds: 0)
        let record = try replay.run(options, expected: reference)
        #expect(record.fixture == .pass, "first mismatch at \(record.firstMismatchFrame.map(String.init) ?? "-")")
    }

    @Test(arguments: [
        (#"{"frame": 0, "type": "merge"}"#, "events[0].cells", "missing"),
        (#"{"frame": 0, "type": "merge", "cells": [[1, 2, 3]]}"#, "events[0].cells[0]", "[row, column]"),
        (#"{"frame": 0, "type": "insert-column", "at": 1, "width": {"fixed": 10, "min": 20, "max": 5}}"#, "events[0].width.min", "max (5.0)"),
        (#"{"frame": 0, "type": "delete-row"}"#, "events[0].at", "missing"),
        (#"{"frame": 0, "type": "shuffle"}"#, "events[0].type", "delete-column"),
    ])
    func badEventsAreRefusedAtLoad(event: String, field: String, mention: String) {
        do {
            _ = try ScrollTrace.decode(Data(Self.trace(events: event).utf8), path: "edits.json")
            Issue.record("accepted \(event)")
        } catch {
            #expect(error.field == field, "\(error)")
            #expect(error.description.contains(mention), "\(error)")
        }
    }

    /// An edit the grid refuses, or any layout edit over a layout that takes none, is
    /// refused when the replay is checked, naming the event.
    @Test(arguments: [
        (spec, #"{"frame": 2, "type": "split", "row": 0, "column": 0}"#, "single cell"),
        (spec, #"{"frame": 2, "type": "merge", "cells": [[2, 1], [2, 3]]}"#, "2 of the 3 slots"),
        (spec, #"{"frame": 2, "type": "merge", "cells": [[0, 0], [1, 0]]}"#, "frozen"),
        // A keystroke in a cell that does not exist, or of a negative height (issue 29).
        (spec, #"{"frame": 2, "type": "cell-content", "row": 30, "column": 0, "height": 50}"#, "row = 30"),
        (spec, #"{"frame": 2, "type": "cell-content", "row": 3, "column": 5, "height": 50}"#, "column = 5"),
        (spec, #"{"frame": 2, "type": "cell-content", "row": 3, "column": 1, "height": -4}"#, "height = -4.0"),
        (spec, #"{"frame": 2, "type": "cell-content", "row": 3, "column": 1, "height": "Infinity"}"#, "height = inf"),
        (#"{"layout": "data-grid", "container": {"width": 320, "height": 480}, "records": 10, "fields": 4}"#,
         #"{"frame": 2, "type": "delete-row", "at": 1}"#, "span grid operations"),
    ])
    func refusedEditsNameTheEvent(spec: String, event: String, mention: String) throws {
        let loaded = try LayoutSpec.decode(Data(spec.utf8), path: "grid.json")
        let trace = try ScrollTrace.decode(Data(Self.trace(events: event).utf8), path: "edits.json")
        do {
            _ = try Replay(spec: loaded, trace: trace, tracePath: "edits.json")
            Issue.record("accepted \(event)")
        } catch {
            #expect(error.file == "edits.json" && error.field == "events[0]", "\(error)")
            #expect(error.description.contains(mention), "\(error)")
            #expect(error.description.contains("frame 2"), "\(error)")
        }
    }

    /// The bundled editing session (merges, splits, rows and columns inserted and deleted
    /// while dragging diagonally): every strategy matches the fixture frame by frame, over
    /// two passes (the second starts again from the grid as given).
    @Test(arguments: StrategyKind.allCases)
    func everyStrategyReplaysTheEditingSession(strategy: StrategyKind) throws {
        let replay = try Repository.replay("timesheet-20x40", "grid-edits-60hz")
        let fixture = try Repository.fixture("timesheet-20x40", "grid-edits-60hz")
        #expect(replay.trace.events.count > 20)
        let options = ReplayOptions(strategy: strategy, threshold: 400, minimumPasses: 2, maximumPasses: 2, targetSeconds: 0)
        let record = try replay.run(options, expected: fixture.frames)
        #expect(record.fixture == .pass, "first mismatch at \(record.firstMismatchFrame.map(String.init) ?? "-")")
    }
}
