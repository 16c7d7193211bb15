import Foundation
import GridCore
@testable import GridHarness
import GridLayouts
import GridStrategies
import GridTestSupport
import GridViewport
import Testing

/// A viewport that keeps what it has loaded through a keystroke (issue 29): the edit says
/// what it moved (`LayoutEdit.shift`), and the viewport keeps its loaded set, moves what
/// moved and asks the layout only for what may have entered. Checked, frame by frame,
/// against the old full path, a viewport over the same layout whose edits say nothing
/// (``NoShift``): the same reports, elements, frames and tiles after every frame.
@Suite struct KeystrokeViewportTests {
    /// The bundled typing traces, replayed through the event pipeline as the harness does.
    @Test(arguments: [("timesheet-20x40", "typing-60hz"), ("ledger-100000x30", "typing-60hz")])
    func bundledTypingTracesMatchTheFullPath(dataset: String, trace: String) throws {
        let replay = try Repository.replay(dataset, trace)
        for adaptive in [false, true] {
            let outcome = try replay.spec.visit(TypingDifferential(replay: replay, adaptive: adaptive))
            #expect(outcome.frames == replay.trace.frameCount)
            #expect(outcome.first == nil, "\(dataset)/\(trace) adaptive \(adaptive): frame \(outcome.first ?? -1): \(outcome.detail)")
            // The trace exercises both paths: keystrokes that moved rows on screen.
            #expect(outcome.followed > 0, "\(dataset)/\(trace): no keystroke moved a loaded element")
        }
    }

    /// A small grid of merged cells spanning rows (and columns), frozen row and column, with
    /// seeded keystrokes (growing, shrinking, clearing, in merged cells and beside them, on
    /// and off screen) between seeded scrolls, small and far.
    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func seededKeystrokesMatchTheFullPath(seed: UInt64) throws {
        let configuration = SpanGrid.Configuration(
            columns: (0..<9).map { _ in SpanGrid.ColumnWidth(.fixed(60)) },
            rows: [SpanGrid.RowRun(count: 1, height: 30), SpanGrid.RowRun(count: 59, height: 20)],
            merges: [
                GridPlacement(row: 3, column: 2, rowSpan: 3, columnSpan: 2), GridPlacement(row: 5, column: 5, rowSpan: 4, columnSpan: 1),
                GridPlacement(row: 12, column: 1, rowSpan: 2, columnSpan: 3), GridPlacement(row: 20, column: 0, rowSpan: 5, columnSpan: 1),
                GridPlacement(row: 30, column: 4, rowSpan: 1, columnSpan: 3),
            ],
            frozenRows: 1, frozenColumns: 1)
        var grid = SpanGrid(configuration)
        let size = Size(width: 300, height: 200)
        try grid.prepare(data: try configuration.dataShape(), container: size)
        for adaptive in [false, true] {
            let outcome = try Self.compare(grid, size: size, seed: seed, adaptive: adaptive)
            #expect(outcome.first == nil, "seed \(seed) adaptive \(adaptive): frame \(outcome.first ?? -1): \(outcome.detail)")
            #expect(outcome.followed > 0)
        }
    }

    static func compare(_ grid: SpanGrid, size: Size, seed: UInt64, adaptive: Bool) throws -> TypingDifferential.Outcome {
        var random = SeededRandom(seed: seed)
        var operations: [(frame: Int, operation: SpanGrid.Operation)] = []
        var offsets: [Point] = []
        var y = 0.0, x = 0.0
        for frame in 0..<400 {
            switch random.integer(0...9) {
            case 0: y = Double(random.integer(0...1000))  // a far jump
            case 1, 2: x = Double(random.integer(0...300))
            default: y = max(0, y + Double(random.integer(-12...12)))
            }
            offsets.append(Point(x: x, y: y))
            for _ in 0..<random.integer(0...2) {
                let heights: [Double] = [0, 0, 10, 18, 25, 40, 64, 90, 130]
                let operation = SpanGrid.Operation.setContentHeight(
                    row: random.integer(0...59), column: random.integer(0...8), height: heights[random.integer(0...8)])
                operations.append((frame, operation))
            }
        }
        return try TypingDifferential.compare(grid, data: grid.cells, adaptive: adaptive, size: size, offsets: offsets, operations: operations)
    }

    /// Warm keystroke frames through the viewport allocate nothing, on demand and adaptive:
    /// a keystroke that changes no row's height, and one that grows or shrinks a row on
    /// screen, each followed by its frame (the harness's path, `applyIfEditable` with the
    /// operation as `Any`).
    @Test func warmKeystrokeFramesAllocateNothing() throws {
        try #require(AllocationCount.isAvailable)
        let configuration = SpanGrid.Configuration(
            columns: (0..<30).map { _ in SpanGrid.ColumnWidth(.fixed(72)) },
            rows: [SpanGrid.RowRun(count: 1, height: 36), SpanGrid.RowRun(count: 99_999, height: 28)],
            merges: [GridPlacement(row: 505, column: 10, rowSpan: 3, columnSpan: 2)], frozenRows: 1, frozenColumns: 1)
        var grid = SpanGrid(configuration)
        let size = Size(width: 1024, height: 768)
        try grid.prepare(data: try configuration.dataShape(), container: size)
        // Rows 500…: a growing cell, the same content again, growth in the merged cell,
        // shrinking back; typed on screen at offset 490 · 28.
        let script: [Any] = [
            SpanGrid.Operation.setContentHeight(row: 500, column: 3, height: 20),  // below 28: no row changes
            SpanGrid.Operation.setContentHeight(row: 500, column: 3, height: 44),  // row 500 grows by 16
            SpanGrid.Operation.setContentHeight(row: 500, column: 4, height: 30),  // below 44: no row changes
            SpanGrid.Operation.setContentHeight(row: 506, column: 10, height: 100),  // the merged cell: row 507 grows by 16
            SpanGrid.Operation.setContentHeight(row: 506, column: 10, height: 0),  // back
            SpanGrid.Operation.setContentHeight(row: 500, column: 3, height: 0),  // row 500 at 30
            SpanGrid.Operation.setContentHeight(row: 500, column: 4, height: 0),  // back to 28
        ]
        let offset = Point(x: 0, y: 490 * 28)
        func typeAll<L: GridLayout>(_ viewport: inout Viewport<L>) throws -> Int {
            var entered = 0
            var index = 0
            while index < script.count {  // not `for … in`: unspecialised in a debug build, it allocates
                _ = try viewport.applyIfEditable(script[index])
                entered &+= viewport.scroll(to: offset).entered
                index += 1
            }
            return entered
        }
        var onDemand = try Viewport(layout: OnDemandLayout(grid), data: grid.cells, size: size)
        var adaptive = try Viewport(layout: try AdaptiveLayout(grid), data: grid.cells, size: size)
        #expect(adaptive.layout.choice == .onDemand)
        onDemand.scroll(to: offset)
        adaptive.scroll(to: offset)
        // Warm-up: the rows' multisets and blocks, the content list, the viewport's buffers.
        _ = try typeAll(&onDemand)
        _ = try typeAll(&adaptive)
        let (_, onDemandCount) = try AllocationCount.measure { try typeAll(&onDemand) }
        #expect(onDemandCount.allocations == 0, "on demand: \(onDemandCount)")
        let (_, adaptiveCount) = try AllocationCount.measure { try typeAll(&adaptive) }
        #expect(adaptiveCount.allocations == 0, "adaptive: \(adaptiveCount)")
        // The work was done: the grid is back where it started, and the loaded set is what a
        // fresh viewport loads there.
        var fresh = try Viewport(layout: OnDemandLayout(grid), data: grid.cells, size: size)
        fresh.scroll(to: offset)
        #expect(onDemand.loadedElements.map(\.attributes) == fresh.loadedElements.map(\.attributes))
        #expect(adaptive.loadedElements.map(\.attributes) == fresh.loadedElements.map(\.attributes))
    }
}

/// A layout that edits as its base does but says nothing of what an edit moved, and is never
/// edited in place: a viewport over it takes the full path (forget the last frame, query the
/// whole loaded rect, diff).
struct NoShift<Base: EditableLayout & Sendable>: EditableLayout, Sendable {
    var base: Base
    mutating func prepare(data: DataShape, container: Size) throws { try base.prepare(data: data, container: container) }
    var contentSize: Size { base.contentSize }
    func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) { base.elements(in: rect, into: &buffer) }
    func attributes(at path: ItemPath) -> LayoutAttributes? { base.attributes(at: path) }
    func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? { base.supplementary(kind, at: path) }
    var traits: LayoutTraits { base.traits }
    func gridPlacement(of path: ItemPath) -> GridPlacement? { base.gridPlacement(of: path) }
    mutating func apply(_ operation: Base.Operation) throws -> LayoutEdit {
        var edit = try base.apply(operation)
        edit.shift = nil
        return edit
    }
}

/// Replays typing twice, through the shift and through the full path, and finds the first
/// frame whose report or loaded set differs.
struct TypingDifferential: LayoutVisitor {
    struct Outcome {
        var frames = 0
        var first: Int?
        var detail = ""
        /// Frames after a keystroke that moved a loaded element (the shift's own work).
        var followed = 0
    }

    let replay: Replay
    let adaptive: Bool

    func visit<Layout: GridLayout & Sendable>(_ layout: Layout) throws -> Outcome {
        guard let grid = layout as? SpanGrid else { throw GridError.invalidParameter("layout", "\(Layout.self)", expected: "a span grid") }
        var offsets = replay.trace.offsets
        var operations: [(frame: Int, operation: SpanGrid.Operation)] = []
        for event in replay.trace.events {
            guard case .layoutEdit(let operation) = event.change, let typed = operation.value as? SpanGrid.Operation else { continue }
            operations.append((event.frame, typed))
        }
        #expect(!operations.isEmpty)
        if offsets.isEmpty { offsets = [.zero] }
        return try Self.compare(grid, data: replay.spec.data, adaptive: adaptive, size: replay.trace.viewport, offsets: offsets, operations: operations)
    }

    static func compare(
        _ grid: SpanGrid, data: DataShape, adaptive: Bool, size: Size, offsets: [Point], operations: [(frame: Int, operation: SpanGrid.Operation)]
    ) throws -> Outcome {
        if adaptive {
            return try compare(try AdaptiveLayout(grid), try AdaptiveLayout(NoShift(base: grid)), data: data, size: size, offsets: offsets, operations: operations)
        }
        return try compare(OnDemandLayout(grid), OnDemandLayout(NoShift(base: grid)), data: data, size: size, offsets: offsets, operations: operations)
    }

    static func compare<A: EditableLayout, B: EditableLayout>(
        _ a: A, _ b: B, data: DataShape, size: Size, offsets: [Point], operations: [(frame: Int, operation: SpanGrid.Operation)]
    ) throws -> Outcome where A.Operation == SpanGrid.Operation, B.Operation == SpanGrid.Operation {
        var shifted = try Viewport(layout: a, data: data, size: size)
        var full = try Viewport(layout: b, data: data, size: size)
        var outcome = Outcome()
        var next = 0
        for (frame, offset) in offsets.enumerated() {
            var moved = false
            while next < operations.count && operations[next].frame == frame {
                let operation = operations[next].operation
                next += 1
                let before = shifted.loadedElements
                // The harness's path: the operation as `Any`.
                let took = try? shifted.applyIfEditable(operation as Any)
                let tookFull = try? full.applyIfEditable(operation as Any)
                guard took == tookFull else {
                    outcome.first = outcome.first ?? frame
                    outcome.detail = "the edit was taken by one viewport only"
                    continue
                }
                if shifted.loadedElements.map(\.attributes) != before.map(\.attributes) { moved = true }
            }
            let expected = full.scroll(to: offset)
            let report = shifted.scroll(to: offset)
            outcome.frames += 1
            if moved { outcome.followed += 1 }
            guard outcome.first == nil else { continue }
            if report != expected {
                outcome.first = frame
                outcome.detail = "report \(report) against \(expected)"
            } else if shifted.loadedElements != full.loadedElements {
                outcome.first = frame
                let x = shifted.loadedElements, y = full.loadedElements
                let index = zip(x, y).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(x.count, y.count)
                outcome.detail = "\(x.count) elements against \(y.count); first difference at \(index): "
                    + "\(index < x.count ? "\(x[index])" : "none") against \(index < y.count ? "\(y[index])" : "none")"
            }
        }
        return outcome
    }
}
