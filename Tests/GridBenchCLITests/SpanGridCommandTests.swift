import Foundation
import Testing

/// The span grid through the built binary: `dump`'s anchors and spans, `--scrolled-to` with
/// the frozen row and column pinned, and bad specs refused with exit 2 naming the field
/// with its index (a refused operation by its index in `operations`).
@Suite struct SpanGridCommandTests {
    func elements(_ json: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    }

    func frame(_ element: [String: Any]) -> [Double] {
        let f = element["frame"] as? [String: Double] ?? [:]
        return [f["x"] ?? .nan, f["y"] ?? .nan, f["width"] ?? .nan, f["height"] ?? .nan]
    }

    func cell(_ list: [[String: Any]], _ section: Int, _ item: Int) -> [String: Any]? {
        list.first { $0["kind"] as? String == "cell" && $0["section"] as? Int == section && $0["item"] as? Int == item }
    }

    func placement(_ element: [String: Any]) -> [Int?] {
        ["row", "column", "rowSpan", "columnSpan"].map { element[$0] as? Int }
    }

    /// timesheet-20x40 on 768 × 1024: column 0 is 160, days (1…14) 768/16 = 48 raised to
    /// their min 56, then 80, 80, 80, 768 − 512 = 256 cut to its max 200, and 96; rows 48,
    /// 9 × 40, 56, 9 × 40, 56, 19 × 40. So x_15 = 160 + 14·56 = 944, x_18 = 1,184; y_10 = 48 +
    /// 9·40 = 408, y_17 = 408 + 56 + 6·40 = 704, y_22 = 704 + 3·40 + 56 + 40 = 920.
    @Test func dumpCarriesAnchorsAndSpans() throws {
        let spec = GridBench.datasets.appendingPathComponent("specs/timesheet-20x40.json").path
        let result = try GridBench.run(["dump", "--spec", spec])
        #expect(result.status == Exit.success, "\(result)")
        let list = try elements(result.stdout)
        // 800 slots; the 12 merged cells cover 88 of them.
        #expect(list.count == 800 - 88 + 12)
        // Row 10's subtotal, columns 1…14: the second cell anchored in row 10.
        let subtotal = try #require(cell(list, 10, 1))
        #expect(placement(subtotal) == [10, 1, 1, 14])
        #expect(frame(subtotal) == [160, 408, 784, 56])
        // The note down column 18, rows 17…21 (across the taller row 20).
        let note = try #require(cell(list, 17, 18))
        #expect(placement(note) == [17, 18, 5, 1])
        #expect(frame(note) == [1184, 704, 200, 216])
        // In row 21 the note covers column 18, so column 19 is the row's 19th cell.
        let total = try #require(cell(list, 21, 18))
        #expect(placement(total) == [21, 19, 1, 1])
        #expect(frame(total) == [1384, 880, 96, 40])
    }

    /// Scrolled to (300, 500): the frozen row at y = clamp(500, 0, 1,640 − 48) = 500, the frozen
    /// column at x = clamp(300, 0, 1,480 − 160) = 300, the corner cell at both; the merged
    /// header over columns 1…7 keeps its x.
    @Test func scrolledToPinsTheFrozenRowAndColumn() throws {
        let spec = GridBench.datasets.appendingPathComponent("specs/timesheet-20x40.json").path
        let result = try GridBench.run(["dump", "--spec", spec, "--scrolled-to", "300,500"])
        #expect(result.status == Exit.success, "\(result)")
        let list = try elements(result.stdout)
        #expect(frame(try #require(cell(list, 0, 0))) == [300, 500, 160, 48])
        #expect(frame(try #require(cell(list, 0, 1))) == [160, 500, 392, 48])
        #expect(frame(try #require(cell(list, 12, 0))) == [300, 504, 160, 40])
        #expect(list.count == Set(list.map { "\($0["section"]!)/\($0["item"]!)" }).count, "each cell once")
    }

    static let fourColumns = #""columns": [{"fixed": 50}, {"fixed": 50}, {"fixed": 50}, {"fixed": 50}], "rows": {"count": 3, "height": 20}"#

    @Test(arguments: [
        (#""columns": [{"fixed": 50}, {"fixed": 50}, {"fixed": 50}, {"fixed": 80, "min": 90, "max": 85}], "rows": [20]"#,
         "columns[3].min = 90.0", "max (85.0)"),
        (#""columns": [{"fixed": 0}], "rows": [20]"#, "columns[0].fixed = 0.0", "> 0"),
        (#""columns": [{"viewport": {"padding": 400}}], "rows": [20]"#, "columns[0] = -80.0", "finite and > 0"),
        (#""columns": [{"fixed": 10, "fractional": 0.5}], "rows": [20]"#, "columns[0] = fixed and fractional", "exactly one"),
        (#""columns": [{"fixed": 10}], "rows": [20, -5]"#, "rows[1].height = -5.0", "> 0"),
        (fourColumns + #", "merges": [{"row": 0, "column": 0, "rowSpan": 2, "columnSpan": 2}, {"row": 1, "column": 1, "rowSpan": 2, "columnSpan": 2}]"#,
         "merges[1] = rows 1…2, columns 1…2", "overlaps merges[0]"),
        (fourColumns + #", "merges": [{"row": 0, "column": 3, "rowSpan": 1, "columnSpan": 2}]"#, "merges[0].columnSpan = 2", "1...1"),
        (fourColumns + #", "merges": [{"row": 0, "column": 0, "rowSpan": 2, "columnSpan": 1}], "frozenRows": 1"#,
         "merges[0] = rows 0…1, columns 0…0", "frozen"),
        (fourColumns + #", "frozenRows": 4"#, "frozenRows = 4", "0...3"),
        // The third operation merges (0, 0) with (0, 2) over (0, 1): Proton's defect, refused.
        (fourColumns + #", "operations": [{"op": "insert-row", "at": 0, "height": 10}, {"op": "delete-column", "at": 0}, {"op": "merge", "cells": [[0, 0], [0, 2]]}]"#,
         "operations[2] = merge [0, 0], [0, 2]", "2 of the 3 slots"),
        (fourColumns + #", "operations": [{"op": "delete-row", "at": 7}]"#, "operations[0].at = 7", "0..<3"),
        (fourColumns + #", "operations": [{"op": "split", "row": 1, "column": 1}]"#, "operations[0] = split [1, 1]", "single cell"),
        (#""columns": [{"fixed": 10}], "rows": [20], "operations": [{"op": "delete-row", "at": 0}]"#, "operations[0] = delete-row at 0", "last row"),
        (fourColumns + #", "operations": [{"op": "shuffle"}]"#, "operations[0].op = \"shuffle\"", "one of merge"),
        // Content heights and row maxima (issue 29).
        (fourColumns + #", "contentHeights": [{"row": 3, "column": 0, "height": 30}]"#, "contentHeights[0].row = 3", "0..<3"),
        (fourColumns + #", "contentHeights": [{"row": 0, "column": 1, "height": 30}, {"row": 0, "column": 4, "height": 30}]"#,
         "contentHeights[1].column = 4", "0..<4"),
        (fourColumns + #", "contentHeights": [{"row": 0, "column": 0, "height": -2}]"#, "contentHeights[0].height = -2.0", "≥ 0"),
        (#""columns": [{"fixed": 10}], "rows": [20, {"count": 2, "height": 30, "maxHeight": 25}]"#, "rows[1].maxHeight = 25.0", "≥ the row's height 30"),
        (#""columns": [{"fixed": 10}], "rows": {"count": 2, "height": 30, "maxHeight": 5}"#, "rows.maxHeight = 5.0", "≥ the row's height 30"),
    ])
    func badSpecsAreRefused(fields: String, named: String, mention: String) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write(#"{"layout": "span-grid", "container": {"width": 320, "height": 480}, "# + fields + "}", to: "grid.json")
        let result = try GridBench.run(["dump", "--spec", spec])
        #expect(result.status == Exit.badInput, "\(result)")
        #expect(result.stderr.contains("grid.json: \(named)"), "\(result)")
        #expect(result.stderr.contains(mention), "\(result)")
    }

    /// Operations apply in order after the merges; the dump shows the grid they leave.
    @Test func operationsApplyInOrder() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write(
            #"{"layout": "span-grid", "container": {"width": 320, "height": 480}, "# + Self.fourColumns
                + #", "merges": [{"row": 0, "column": 0, "rowSpan": 3, "columnSpan": 1}], "operations": [{"op": "delete-row", "at": 1}, {"op": "merge", "cells": [[0, 1], [0, 3]]}, {"op": "merge", "cells": [[0, 1], [0, 2]]}, {"op": "insert-column", "at": 2, "width": {"fractional": 0.25, "max": 30}}]}"#,
            to: "grid.json")
        let result = try GridBench.run(["dump", "--spec", spec])
        #expect(result.status == Exit.badInput, "the second operation has a hole: \(result)")
        #expect(result.stderr.contains("operations[1]"), "\(result)")
        let fixed = try scratch.write(
            (try String(contentsOfFile: spec, encoding: .utf8)).replacingOccurrences(of: #"{"op": "merge", "cells": [[0, 1], [0, 3]]}, "#, with: ""),
            to: "fixed.json")
        let fine = try GridBench.run(["dump", "--spec", fixed])
        #expect(fine.status == Exit.success, "\(fine)")
        let list = try elements(fine.stdout)
        // Rows 20, 20; columns 50, 50, 30 (inserted: 80 cut to 30), 50, 50. The 3-row merged
        // cell lost a row; (0, 1…2) merged then widened by the column inserted inside it.
        // The two merged cells, (0, 4), and row 1's columns 1…4.
        #expect(list.count == 1 + 1 + 1 + 4)
        #expect(placement(try #require(cell(list, 0, 0))) == [0, 0, 2, 1])
        #expect(frame(try #require(cell(list, 0, 0))) == [0, 0, 50, 40])
        #expect(placement(try #require(cell(list, 0, 1))) == [0, 1, 1, 3])
        #expect(frame(try #require(cell(list, 0, 1))) == [50, 0, 130, 20])
    }

    /// Content heights set before the first prepare, named by any slot of a merged cell;
    /// `dump` shows the rows grown. Rows 20, 20, 20 (the first two at most 50), columns of 50;
    /// the merged cell over rows 0…1 of column 0 holds 70. Rows alone first: (0, 3) of 35
    /// makes row 0 35; (2, 1) of 26 row 2 26. Then the merged cell: 35 + 20 = 55 < 70, so row 1
    /// grows by 15 to 35. (1, 2) of 90 is clipped at row 1's 50: row 1 is 50 by it, before the
    /// merged cell (35 + 50 = 85 ≥ 70). So rows 35, 50, 26: y = 0, 35, 85; content 111.
    @Test func dumpShowsContentHeights() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write(
            #"{"layout": "span-grid", "container": {"width": 320, "height": 480}, "columns": [{"fixed": 50}, {"fixed": 50}, {"fixed": 50}, {"fixed": 50}], "#
                + #""rows": [{"count": 2, "height": 20, "maxHeight": 50}, 20], "merges": [{"row": 0, "column": 0, "rowSpan": 2, "columnSpan": 1}], "#
                + #""contentHeights": [{"row": 1, "column": 0, "height": 70}, {"row": 0, "column": 3, "height": 35}, {"row": 2, "column": 1, "height": 26}, {"row": 1, "column": 2, "height": 90}]}"#,
            to: "typed.json")
        let result = try GridBench.run(["dump", "--spec", spec])
        #expect(result.status == Exit.success, "\(result)")
        let list = try elements(result.stdout)
        #expect(frame(try #require(cell(list, 0, 0))) == [0, 0, 50, 85])
        #expect(frame(try #require(cell(list, 0, 3))) == [150, 0, 50, 35])
        #expect(frame(try #require(cell(list, 1, 1))) == [100, 35, 50, 50])
        #expect(frame(try #require(cell(list, 2, 0))) == [0, 85, 50, 26])
    }
}
