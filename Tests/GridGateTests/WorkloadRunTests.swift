import Foundation
@testable import GridGate
import GridCore
import Testing

/// Workloads run in this process, on the clock (no valgrind needed): the region is run
/// after a warm-up and a reset, and again after each reset.
@Suite struct WorkloadRunTests {
    /// A span grid's edit frame that inserts a row: the warm-up's operation edits the layout
    /// itself, so the reset must start the frame again from the grid before it (the reset
    /// once set the ten-row data back on the eleven-row grid, and the child failed with
    /// "itemCounts.count = 10: expected one section per row of the grid: 11").
    @Test func aLayoutOperationFrameRunsAgainAfterItsReset() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.write(
            #"{"schemaVersion": 1, "layout": "span-grid", "name": "sheet", "container": {"width": 320, "height": 480}, "#
                + #""columns": [{"fixed": 80}, {"fixed": 80}, {"fixed": 80}, {"fixed": 80}], "rows": [{"count": 10, "height": 40}]}"#,
            to: "spec.json")
        try workspace.write(
            #"{"schemaVersion": 1, "refreshHz": 60, "viewport": {"width": 320, "height": 480}, "offsets": [0, 1, 2, 3, 4, 5], "#
                + #""events": [{"frame": 2, "type": "insert-row", "at": 3, "height": 50}]}"#,
            to: "trace.json")
        let plan = try workspace.write(Workspace.plan(#""strategies": ["cached", "on-demand"], "edit": {"trace": "trace.json"}"#), to: "plan.json")
        for id in ["span-grid/sheet/cached/edit", "span-grid/sheet/on-demand/edit"] {
            let sample = try WorkloadChild.run(plan: plan, workload: id, entry: nil, mode: .clock(samples: 3), meter: nil)
            #expect(sample.nanos?.count == 3, "\(id)")
        }
    }
}
