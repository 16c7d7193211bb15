import Foundation
@testable import GridGate
import GridCore
import GridLayouts
import Testing

@Suite struct GatePlanTests {
    /// The committed plan: every bundled data set's layout × strategy × kind, named so.
    @Test func committedPlan() throws {
        let plan = try GatePlan.load(from: Repository.datasets.appendingPathComponent("gate-plan.json"))
        // Two tile-grid entries, a data-grid, columnar, waterfall and span grid entry of 4
        // strategies × 4 kinds each (prepare, scroll, edit, rotation), and the span grid's 2
        // typing kinds.
        #expect(plan.workloads.count == 6 * 16 + 4 * 2)
        #expect(plan.workloads.first?.id == "tile-grid/photos-2976/cached/prepare")
        #expect(Set(plan.workloads.map(\.id)).count == plan.workloads.count)
        #expect(plan.thresholds == .defaults)
        let scroll = try #require(plan.workload("tile-grid/photos-2976/scan/scroll"))
        #expect(scroll.frames == 240)
        #expect(scroll.definition == "scroll traces/photos-2976/fling-120hz.json frames 120..<360 · scan")
        let edit = try #require(plan.workload("tile-grid/mixed-3000/on-demand/edit"))
        #expect(edit.definition == "edit traces/mixed-3000/edits-120hz.json frame 72 (insert-sections) · on-demand")
        #expect(plan.workload("tile-grid/photos-2976/adaptive/rotation")?.frames == 1)
        #expect(plan.workload("data-grid/records-1000x12/cached/scroll")?.definition == "scroll traces/records-1000x12/diagonal-drag-60hz.json frames 60..<300 · cached")
        // record-edits-60hz's first edit inserts 3 records at record 2, at frame 36.
        #expect(plan.workload("data-grid/records-1000x12/adaptive/edit")?.definition == "edit traces/records-1000x12/record-edits-60hz.json frame 36 (insert-sections) · adaptive")
        // The first event of each trace, read off the committed files: grid-edits-60hz inserts
        // a row at frame 36; rotation-120hz turns at frame 934 over the timesheet, 687 over pins.
        #expect(plan.workload("span-grid/timesheet-20x40/on-demand/edit")?.definition == "edit traces/timesheet-20x40/grid-edits-60hz.json frame 36 (insert-row) · on-demand")
        #expect(plan.workload("span-grid/timesheet-20x40/scan/rotation")?.definition == "rotation traces/timesheet-20x40/rotation-120hz.json frame 934 (resize) · scan")
        #expect(plan.workload("waterfall/pins-3000/adaptive/rotation")?.window?.start == 687)
        #expect(plan.workload("columnar-grouped/grouped-96/cached/scroll")?.frames == 240)
        #expect(plan.workload("span-grid/timesheet-20x40/cached/keystroke")?.definition == "keystroke traces/timesheet-20x40/typing-60hz.json frame 24 (cell-content) · cached")
        #expect(plan.workload("span-grid/timesheet-20x40/adaptive/row-growth")?.window?.start == 57)
    }

    /// A typing workload's frame must carry a `cell-content` event, named in the refusal.
    @Test func aTypingFrameWithoutAKeystrokeIsRefused() throws {
        let text = try String(contentsOf: Repository.datasets.appendingPathComponent("gate-plan.json"), encoding: .utf8)
        let wrong = text.replacingOccurrences(
            of: #""rowGrowth": {"trace": "traces/timesheet-20x40/typing-60hz.json", "frame": 57}"#,
            with: #""rowGrowth": {"trace": "traces/timesheet-20x40/typing-60hz.json", "frame": 56}"#)
        #expect(wrong != text)
        let url = Repository.datasets.appendingPathComponent(".gate-plan-typing-test-\(UUID().uuidString).json")
        try wrong.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let error = try #require(throws: InputError.self) { try GatePlan.load(from: url) }
        #expect(error.field == "entries[5].rowGrowth.frame", "\(error)")
        #expect(error.value == "56" && error.expected.contains("a cell-content event: 24, 33, 42, 51, 57"), "\(error)")
    }

    /// `only` keeps one workload and reads only its inputs.
    @Test func onlyOneWorkload() throws {
        let plan = try GatePlan.load(from: Repository.datasets.appendingPathComponent("gate-plan.json"), only: "tile-grid/mixed-3000/cached/rotation")
        #expect(plan.workloads.map(\.id) == ["tile-grid/mixed-3000/cached/rotation"])
        #expect(plan.traces.count == 1)
    }

    @Test func defaultsThresholdsAndOverrides() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let plan = try workspace.load(
            entry: #""strategies": ["cached", "scan"], "prepare": true, "scroll": {"trace": "trace.json", "frames": 10}"#,
            top: #""thresholds": {"instructions": 0.05}, "overrides": {"tile-grid/tiny/scan/scroll": {"allocations": 0.5}},"#)
        #expect(plan.workloads.map(\.id) == [
            "tile-grid/tiny/cached/prepare", "tile-grid/tiny/scan/prepare", "tile-grid/tiny/cached/scroll", "tile-grid/tiny/scan/scroll",
        ])
        #expect(plan.thresholds.instructions == 0.05)
        #expect(plan.thresholds.retainedBytes == 0.01)
        #expect(plan.workload("tile-grid/tiny/cached/scroll")?.thresholds.allocations == 0)
        #expect(plan.workload("tile-grid/tiny/scan/scroll")?.thresholds.allocations == 0.5)
        #expect(plan.workload("tile-grid/tiny/scan/scroll")?.window?.frames == 1 ..< 11)
        #expect(plan.workload("tile-grid/tiny/scan/scroll")?.thresholds.instructions == 0.05)
    }

    /// Edit and rotation frames default to the first frame carrying such an event.
    @Test func eventFrames() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let plan = try workspace.load(entry: #""strategies": ["on-demand"], "edit": {"trace": "trace.json"}, "rotation": {"trace": "trace.json", "frame": 22}"#)
        #expect(plan.workload("tile-grid/tiny/on-demand/edit")?.window?.start == 20)
        #expect(plan.workload("tile-grid/tiny/on-demand/rotation")?.definition == "rotation trace.json frame 22 (resize) · on-demand")
    }

    /// The data and size before a frame, and what its events do.
    @Test func traceStates() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let plan = try workspace.load(entry: #""strategies": ["on-demand"], "rotation": {"trace": "trace.json"}"#)
        let workload = try #require(plan.workloads.first)
        let window = try #require(workload.window)
        let states = try TraceStates(
            trace: try #require(plan.traces[window.url]), data: try DataShape(sections: 8, itemsPerSection: 31),
            layout: TileGrid(), describedAs: "tile-grid of data set tiny", window: window)
        #expect(states.before.data.itemCount(inSection: 1) == 33)  // the insert at frame 20 came before
        #expect(states.before.size == Size(width: 320, height: 480))
        #expect(states.events.count == 1)
        #expect(states.events.first?.data == nil)
    }

    /// A layout operation is an event like any other for the states a workload starts from:
    /// a span grid's row inserted before the window is in the data the workload sets up with
    /// (the states once left it out, and the gate measured another grid than the replay).
    @Test func layoutOperationsBeforeTheWindowAreInItsState() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let grid = #"{"schemaVersion": 1, "layout": "span-grid", "name": "sheet", "container": {"width": 320, "height": 480}, "#
            + #""columns": [{"fixed": 80}, {"fixed": 80}, {"fixed": 80}, {"fixed": 80}], "rows": [{"count": 10, "height": 40}]}"#
        try workspace.write(grid, to: "spec.json")
        try workspace.write(
            #"{"schemaVersion": 1, "refreshHz": 60, "viewport": {"width": 320, "height": 480}, "offsets": [0, 1, 2, 3, 4, 5], "#
                + #""events": [{"frame": 2, "type": "insert-row", "at": 3, "height": 50}, {"frame": 4, "type": "resize", "width": 480, "height": 320}]}"#,
            to: "trace.json")
        let plan = try GatePlan.load(from: workspace.write(Workspace.plan(#""strategies": ["on-demand"], "rotation": {"trace": "trace.json"}"#), to: "plan.json"))
        let window = try #require(plan.workloads.first?.window)
        #expect(window.start == 4)
        let states = try TraceStates(
            trace: try #require(plan.traces[window.url]), data: try DataShape(sections: 10, itemsPerSection: 4),
            layout: try #require(plan.specs.values.first).makeLayout(), describedAs: "span-grid of data set sheet", window: window)
        // Ten rows of four cells, and one row inserted: eleven sections of four.
        #expect(states.before.data.sectionCount == 11)
        #expect(states.before.size == Size(width: 320, height: 480))
        #expect(states.events.map(\.change) == [.resize(Size(width: 480, height: 320))])
    }

    /// A layout operation over a layout that takes none is refused when the plan is loaded,
    /// naming the trace, the event and the layout, as the replay refuses it.
    @Test func aLayoutOperationOverALayoutThatTakesNoneIsRefusedAtLoad() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try workspace.write(Workspace.spec(), to: "spec.json")
        let trace = try workspace.write(
            #"{"schemaVersion": 1, "refreshHz": 60, "viewport": {"width": 320, "height": 480}, "offsets": [0, 1, 2, 3, 4, 5], "#
                + #""events": [{"frame": 2, "type": "delete-row", "at": 1}, {"frame": 4, "type": "resize", "width": 480, "height": 320}]}"#,
            to: "trace.json")
        let error = try #require(throws: InputError.self) {
            try GatePlan.load(from: workspace.write(Workspace.plan(#""strategies": ["on-demand"], "rotation": {"trace": "trace.json"}"#), to: "plan.json"))
        }
        #expect(error.file == trace.path, "\(error)")
        #expect(error.field == "events[0]", "\(error)")
        #expect(error.description.contains("the tile-grid of data set tiny"), "\(error)")
        #expect(error.description.contains("span grid operations"), "\(error)")
    }

    /// Every refusal names the file, the field and the value.
    @Test(arguments: [
        (#""strategies": ["fastest"], "prepare": true"#, "", "entries[0].strategies[0]", "\"fastest\""),
        (#""strategies": []"#, "", "entries[0].strategies", "[]"),
        (#""prepare": false"#, "", "entries[0]", "no workloads"),
        (#""scroll": {"trace": "trace.json", "frames": 30}"#, "", "entries[0].scroll.frames", "30"),
        (#""scroll": {"trace": "trace.json", "start": 0, "frames": 3}"#, "", "entries[0].scroll.start", "0"),
        (#""scroll": {"trace": "trace.json", "start": 15, "frames": 6}"#, "", "entries[0].scroll.frames", "6"),
        (#""scroll": {"trace": "missing.json", "frames": 3}"#, "", "entries[0].scroll.trace", "\"missing.json\""),
        (#""edit": {"trace": "trace.json", "frame": 22}"#, "", "entries[0].edit.frame", "22"),
        (#""prepare": true"#, #""thresholds": {"instructions": -1},"#, "thresholds.instructions", "-1.0"),
        (#""prepare": true"#, #""overrides": {"tile-grid/tiny/cached/scroll": {"instructions": 0.1}},"#, #"overrides["tile-grid/tiny/cached/scroll"]"#, "\"tile-grid/tiny/cached/scroll\""),
    ])
    func refusals(entry: String, top: String, field: String, value: String) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let error = try #require(throws: InputError.self) { try workspace.load(entry: entry, top: top) }
        #expect(error.file.hasSuffix("plan.json"))
        #expect(error.field == field)
        #expect(error.value == value)
    }

    @Test func otherSchemaVersion() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let url = try workspace.write(#"{"schemaVersion": 2, "entries": []}"#, to: "plan.json")
        let error = try #require(throws: InputError.self) { try GatePlan.load(from: url) }
        #expect(error.field == "schemaVersion")
        #expect(error.value == "2")
    }

    /// A spec naming a layout neither GridBench nor the tool has is refused, listing both.
    @Test func unknownLayout() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let error = try #require(throws: InputError.self) {
            try workspace.load(entry: #""prepare": true"#, spec: Workspace.spec(layout: "pinterest"))
        }
        #expect(error.file.hasSuffix("spec.json"))
        #expect(error.field == "layout")
        #expect(error.expected.contains("tile-grid"))
    }

    /// A tool's layout: its spec's data is read like GridBench's, its own fields by the
    /// tool, and its errors name the spec.
    @Test func toolLayout() throws {
        let layouts: [any LayoutConfiguration.Type] = [TestLayout.Columns.self]
        let workspace = try Workspace()
        defer { workspace.remove() }
        let plan = try workspace.load(entry: #""strategies": ["cached"], "prepare": true"#, spec: Workspace.spec(layout: "columns", extra: #", "columns": 3"#), layouts: layouts)
        #expect(plan.workloads.map(\.id) == ["columns/tiny/cached/prepare"])
        #expect(plan.specs.first?.value.data.totalItems == 248)
        #expect((plan.specs.first?.value.parameters as? TestLayout.Columns)?.columns == 3)

        let badData = try #require(throws: InputError.self) {
            try workspace.load(entry: #""prepare": true"#, spec: #"{"layout": "columns", "container": {"width": 320, "height": 480}, "sections": [3, -1], "columns": 3}"#, layouts: layouts)
        }
        #expect(badData.file.hasSuffix("spec.json"))
        #expect(badData.field == "sections[1]")
    }

    /// A tool's layout named like one of GridBench's (the example package's `waterfall`)
    /// is the tool's: its own fields are read, not refused as unknown to GridBench's.
    @Test func aToolLayoutShadowsGridBenchsOfTheSameName() throws {
        let layouts: [any LayoutConfiguration.Type] = [TestLayout.Waterfall.self]
        let workspace = try Workspace()
        defer { workspace.remove() }
        let spec = Workspace.spec(layout: "waterfall", extra: #", "spacing": 8"#)
        let plan = try workspace.load(entry: #""strategies": ["cached"], "prepare": true"#, spec: spec, layouts: layouts)
        #expect(plan.workloads.map(\.id) == ["waterfall/tiny/cached/prepare"])
        // Without the tool's layout, GridBench's waterfall reads the spec and refuses `spacing`.
        let refused = try #require(throws: InputError.self) {
            try workspace.load(entry: #""prepare": true"#, spec: spec)
        }
        #expect(refused.field == "spacing")
    }
}

/// A minimal layout for the tool-layout test: one column of 10-point rows.
struct TestLayout: GridLayout, Sendable {
    var columns: Int
    var contentSize = Size.zero

    mutating func prepare(data: DataShape, container: Size) throws {
        contentSize = Size(width: container.width, height: Double(data.totalItems) * 10)
    }

    func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {}
    func attributes(at path: ItemPath) -> LayoutAttributes? { nil }
    func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? { nil }
}

extension TestLayout {
    /// `"layout": "columns"`, with a `columns` field it must have.
    struct Columns: LayoutConfiguration {
        static let layoutName = "columns"
        static let summary = "a test layout"
        static let specFieldNames = ["sections", "itemSizes", "columns"]
        static var reference: Self { Columns(columns: 1) }
        var columns: Int
        func makeLayout() -> TestLayout { TestLayout(columns: columns) }
    }

    /// A tool's own `"layout": "waterfall"`, whose `spacing` GridBench's waterfall lacks.
    struct Waterfall: LayoutConfiguration {
        static let layoutName = "waterfall"
        static let summary = "a test layout named like GridBench's"
        static let specFieldNames = ["sections", "itemSizes", "spacing"]
        static var reference: Self { Waterfall(spacing: 8) }
        var spacing: Double
        func makeLayout() -> TestLayout { TestLayout(columns: Int(spacing)) }
    }
}
