import Foundation
import Testing

/// A gate tool's own layouts, registered the documented way (its `layouts` list), are served
/// by the same commands GridBench's are: `dump`, `trace generate`, and the gate's
/// `record` and `check`, with a workload on the layout's own operation. The tool is
/// `gridbench-gate-planted`, built for the tests as a third party builds theirs; its layout
/// `ruler` (Tests/TestLayouts) is known to nothing else in GridBench.
@Suite struct ThirdPartyToolTests {
    static let tool = "gridbench-gate-planted"

    static func workspace() throws -> Scratch {
        let scratch = try Scratch()
        try scratch.write(
            #"{"schemaVersion": 1, "layout": "ruler", "name": "ruler-40", "container": {"width": 100, "height": 90}, "sections": [25, 15], "rowHeight": 30}"#,
            to: "ruler.json")
        return scratch
    }

    @Test func dumpAndTraceGenerateServeTheToolsLayout() throws {
        let scratch = try Self.workspace()
        defer { scratch.remove() }
        let dump = try GridBench.run(["dump", "--spec", scratch.path("ruler.json")], executable: Self.tool)
        try #require(dump.status == 0, "\(dump)")
        let elements = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [[String: Any]])
        // 40 rows of 30 points, full width: item 14 of section 1 is row 25 + 14 = 39.
        #expect(elements.count == 40)
        let last = try #require(elements.last)
        #expect(last["section"] as? Int == 1 && last["item"] as? Int == 14)
        let frame = try #require(last["frame"] as? [String: Double])
        #expect(frame == ["x": 0, "y": 1170, "width": 100, "height": 30])

        let help = try GridBench.run(["dump", "--help"], executable: Self.tool)
        #expect(help.stdout.contains("ruler (a test-only list"), "\(help)")

        let generated = try GridBench.run(
            ["trace", "generate", "--spec", scratch.path("ruler.json"), "--kind", "fling", "--seed", "3", "--out", scratch.path("fling.json")],
            executable: Self.tool)
        try #require(generated.status == 0, "\(generated)")
        let trace = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: scratch.file("fling.json"))) as? [String: Any])
        let offsets = try #require(trace["offsets"] as? [Any])
        #expect(offsets.count > 10)

        // GridBench's own `gridbench` does not know the layout, and says which it knows.
        let refused = try GridBench.run(["dump", "--spec", scratch.path("ruler.json")])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("layout") && refused.stderr.contains("\"ruler\"") && refused.stderr.contains("tile-grid"), "\(refused)")
    }

    /// The layout's own operation is an edit workload of the gate: recorded twice with the
    /// same counts, and checked against itself with every verdict unchanged.
    @Test(.enabled(if: GateCommandTests.valgrindInstalled, GateCommandTests.skipMessage))
    func theGateMeasuresTheToolsLayoutAndItsOperation() throws {
        let scratch = try Self.workspace()
        defer { scratch.remove() }
        let offsets = (0 ..< 24).map { String(Double($0) * 20) }.joined(separator: ", ")
        try scratch.write(
            #"{"schemaVersion": 1, "refreshHz": 120, "viewport": {"width": 100, "height": 90}, "offsets": [\#(offsets)], "#
                + #""events": [{"frame": 12, "type": "set-row-height", "height": 20}]}"#,
            to: "trace.json")
        try scratch.write(
            #"{"schemaVersion": 1, "entries": [{"spec": "ruler.json", "strategies": ["cached", "on-demand"], "scroll": {"trace": "trace.json", "start": 1, "frames": 8}, "edit": {"trace": "trace.json", "frame": 12}}]}"#,
            to: "plan.json")
        let record = try GridBench.run(["record", "--runs", "2", "--plan", scratch.path("plan.json"), "--out", scratch.path("baseline.json")], executable: Self.tool)
        try #require(record.status == 0, "\(record)")
        let baseline = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: scratch.file("baseline.json"))) as? [String: Any])
        let ids = (baseline["workloads"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(ids == ["ruler/ruler-40/cached/scroll", "ruler/ruler-40/on-demand/scroll", "ruler/ruler-40/cached/edit", "ruler/ruler-40/on-demand/edit"])
        let check = try GridBench.run(["check", "--plan", scratch.path("plan.json"), "--baseline", scratch.path("baseline.json")], executable: Self.tool)
        #expect(check.status == 0, "\(check)")
        #expect(check.stdout.hasPrefix("gate: pass"), "\(check)")
    }
}
