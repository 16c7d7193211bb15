import Foundation
import Testing

/// The data grid through the built binary: `dump`'s two-axis fields, `--scrolled-to` with
/// frozen headers, conformance answers, and bad input refused with exit 2 naming the field.
@Suite struct DataGridCommandTests {
    func elements(_ json: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    }

    func frame(_ element: [String: Any]) -> [Double] {
        let f = element["frame"] as? [String: Double] ?? [:]
        return [f["x"] ?? .nan, f["y"] ?? .nan, f["width"] ?? .nan, f["height"] ?? .nan]
    }

    func find(_ list: [[String: Any]], _ kind: String, _ section: Int, _ item: Int) -> [String: Any]? {
        list.first { $0["kind"] as? String == kind && $0["section"] as? Int == section && $0["item"] as? Int == item }
    }

    /// sales-10x4 is transposed: record 7, field 2 shows at display row 2, column 7, at
    /// (150 + 7·150, 150 + 2·44) = (1200, 238).
    @Test func dumpCarriesRowsColumnsRecordsAndFields() throws {
        let spec = GridBench.datasets.appendingPathComponent("specs/sales-10x4.json").path
        let result = try GridBench.run(["dump", "--spec", spec])
        #expect(result.status == Exit.success, "\(result)")
        let list = try elements(result.stdout)
        #expect(list.count == 40 + 10 + 4 + 1)
        let cell = try #require(find(list, "cell", 7, 2))
        #expect(cell["record"] as? Int == 7 && cell["field"] as? Int == 2)
        #expect(cell["row"] as? Int == 2 && cell["column"] as? Int == 7)
        #expect(frame(cell) == [1200, 238, 150, 44])
        let header = try #require(find(list, "column-header", 0, 9))
        #expect(header["row"] as? Int == -1 && header["column"] as? Int == 9 && header["record"] == nil)
        let rowHeader = try #require(find(list, "row-header", 3, 0))
        #expect(rowHeader["row"] as? Int == 3 && rowHeader["column"] as? Int == -1)
        let corner = try #require(find(list, "corner", 0, 0))
        #expect(corner["row"] as? Int == -1 && corner["column"] as? Int == -1 && frame(corner) == [0, 0, 150, 150])
    }

    /// records-1000x12 scrolled to (500, 2000): the header row at y 2000, the header column at
    /// x 500 (content 1,900 wide, so clamp(500, 0, 1,800) = 500).
    @Test func scrolledToPinsTheHeaders() throws {
        let spec = GridBench.datasets.appendingPathComponent("specs/records-1000x12.json").path
        let result = try GridBench.run(["dump", "--spec", spec, "--scrolled-to", "500,2000"])
        #expect(result.status == Exit.success, "\(result)")
        let list = try elements(result.stdout)
        #expect(frame(try #require(find(list, "corner", 0, 0))) == [500, 2000, 100, 44])
        #expect(frame(try #require(find(list, "column-header", 0, 1))) == [250, 2000, 150, 44])
        #expect(frame(try #require(find(list, "row-header", 45, 0))) == [500, 44 + 45 * 44, 100, 44])
        // 20 rows (40…59) × 7 columns (0…6) of cells meet the loaded rect [200, 1120) × [1824, 2656).
        #expect(list.filter { $0["kind"] as? String == "cell" }.count == 140)
    }

    /// The tile grid's section header pins too: at y 1000 the header of section 1 (top 658,
    /// next at 1316, 22 tall) shows at min(max(658, 1000), 1316 − 22) = 1000.
    @Test func scrolledToPinsSectionHeaders() throws {
        let spec = GridBench.datasets.appendingPathComponent("specs/photos-2976.json").path
        let result = try GridBench.run(["dump", "--spec", spec, "--scrolled-to", "0,1000"])
        #expect(result.status == Exit.success, "\(result)")
        #expect(frame(try #require(find(try elements(result.stdout), "section-header", 1, 0))) == [0, 1000, 320, 22])
    }

    @Test(arguments: [
        (#""records": -1, "fields": 4"#, "records", "-1"),
        (#""records": 10, "fields": 4, "columnWidth": 0"#, "columnWidth", "0.0"),
        (#""records": 10, "fields": 4, "rowHeight": -44"#, "rowHeight", "-44.0"),
        (#""records": 300000000, "fields": 1"#, "records", "300000000"),
        (#""records": 100000, "fields": 100000"#, "fields", "100000"),
        (#""records": 10, "fields": 4, "rowheight": 5"#, "rowheight", "did you mean rowHeight?"),
    ])
    func badSpecsAreRefused(fields: String, field: String, mention: String) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write(#"{"layout": "data-grid", "container": {"width": 320, "height": 480}, "# + fields + "}", to: "grid.json")
        let result = try GridBench.run(["dump", "--spec", spec])
        #expect(result.status == Exit.badInput, "\(result)")
        #expect(result.stderr.contains("grid.json: \(field)"), "\(result)")
        #expect(result.stderr.contains(mention), "\(result)")
    }

    /// A horizontal offset over a grid that only scrolls vertically is meaningless: refused,
    /// naming the trace file and the offset.
    @Test func aSidewaysTraceOverTheTileGridIsRefused() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.copyDataset("specs/scale-100.json")
        let trace = try scratch.write(
            #"{"schemaVersion": 1, "events": [], "name": "side", "refreshHz": 60, "viewport": {"width": 320, "height": 480}, "offsets": [0, 10, 20], "offsetsX": [0, 0, 35]}"#,
            to: "side.json")
        let result = try GridBench.run(["run", "--spec", spec.path, "--trace", trace, "--strategy", "on-demand", "--no-memory"])
        #expect(result.status == Exit.badInput, "\(result)")
        #expect(result.stderr.contains("side.json: offsetsX[2] = 35.0"), "\(result)")
        #expect(result.stderr.contains("does not scroll horizontally"), "\(result)")
    }

    /// The reference data grid answers a quick round of queries, and its answers pass.
    @Test func conformAnswersWithTheDataGrid() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let written = try GridBench.run(["conform", "--quick", "--write-queries", scratch.path("q.json")])
        #expect(written.status == Exit.success, "\(written)")
        let answered = try GridBench.run([
            "conform", "--queries", scratch.path("q.json"), "--write-answers", scratch.path("a.json"), "--layout", "data-grid",
        ])
        #expect(answered.status == Exit.success, "\(answered)")
        #expect(try scratch.text("a.json").contains("\"column-header\""))
        let checked = try GridBench.run(["conform", "--queries", scratch.path("q.json"), "--answers", scratch.path("a.json")])
        #expect(checked.status == Exit.success, "\(checked)")
    }
}
