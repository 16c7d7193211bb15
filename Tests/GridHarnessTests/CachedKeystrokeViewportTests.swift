import GridCore
@testable import GridHarness
import GridLayouts
import GridStrategies
import GridTestSupport
import GridViewport
import Testing

/// The cached strategy through a viewport while a span grid is typed in (issue 29): the
/// keystroke is made on the cache's grid in place, the cache follows the rows it moved, and
/// the viewport keeps its loaded set by the same shift. Checked frame by frame against a
/// viewport over the grid on demand whose edits say nothing (the full path): the same
/// reports and the same loaded elements (as sets: a cache answers band by band), and the
/// cache never built again.
@Suite struct CachedKeystrokeViewportTests {
    /// Replays `operations` between scrolls to `offsets` on both viewports; returns the first
    /// frame that differs, with what differed, and the frames after a keystroke that moved
    /// a loaded element.
    static func compare(
        _ grid: SpanGrid, data: DataShape, size: Size, offsets: [Point], operations: [(frame: Int, operation: SpanGrid.Operation)]
    ) throws -> (first: Int?, detail: String, followed: Int, builds: Int) {
        var cached = try Viewport(layout: CachedLayout(grid), data: data, size: size)
        var full = try Viewport(layout: OnDemandLayout(NoShift(base: grid)), data: data, size: size)
        var first: Int?, detail = "", followed = 0
        var next = 0
        for (frame, offset) in offsets.enumerated() {
            var moved = false
            while next < operations.count && operations[next].frame == frame {
                let operation = operations[next].operation
                next += 1
                let before = cached.loadedElements
                // The harness's path: the operation as `Any`.
                let took = try? cached.applyIfEditable(operation as Any)
                let tookFull = try? full.applyIfEditable(operation as Any)
                if took != tookFull, first == nil {
                    first = frame
                    detail = "the edit was taken by one viewport only"
                }
                if cached.loadedElements.map(\.attributes) != before.map(\.attributes) { moved = true }
            }
            let expected = full.scroll(to: offset)
            let report = cached.scroll(to: offset)
            if moved { followed += 1 }
            guard first == nil else { continue }
            let a = cached.loadedElements.map(\.attributes).sorted { $0.id < $1.id }
            let b = full.loadedElements.map(\.attributes).sorted { $0.id < $1.id }
            if report != expected {
                first = frame
                detail = "report \(report) against \(expected)"
            } else if a != b {
                first = frame
                let index = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
                detail = "\(a.count) elements against \(b.count); first difference at \(index): "
                    + "\(index < a.count ? "\(a[index])" : "none") against \(index < b.count ? "\(b[index])" : "none")"
            }
        }
        return (first, detail, followed, cached.layout.buildCount)
    }

    /// The bundled typing traces, through the event pipeline's operations.
    @Test(arguments: [("timesheet-20x40", "typing-60hz"), ("ledger-100000x30", "typing-60hz")])
    func bundledTypingTracesMatchTheFullPath(dataset: String, trace: String) throws {
        let replay = try Repository.replay(dataset, trace)
        let outcome = try replay.spec.visit(CachedTyping(replay: replay))
        #expect(outcome.first == nil, "\(dataset)/\(trace): frame \(outcome.first ?? -1): \(outcome.detail)")
        #expect(outcome.followed > 0, "\(dataset)/\(trace): no keystroke moved a loaded element")
        #expect(outcome.builds == 1, "\(dataset)/\(trace): the cache was built \(outcome.builds) times")
    }

    /// A small grid of rows of 12 and 40 (two rows of 12 start in one of the cache's bands),
    /// merged cells spanning rows and columns, a frozen row and column; seeded keystrokes
    /// (growing, shrinking, clearing, in merged cells and beside them, on and off screen)
    /// between seeded scrolls, small and far.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func seededKeystrokesMatchTheFullPath(seed: UInt64) throws {
        let configuration = SpanGrid.Configuration(
            columns: (0..<12).map { _ in SpanGrid.ColumnWidth(.fixed(50)) },
            rows: [
                SpanGrid.RowRun(count: 1, height: 30), SpanGrid.RowRun(count: 20, height: 12), SpanGrid.RowRun(count: 20, height: 40),
                SpanGrid.RowRun(count: 19, height: 12),
            ],
            merges: [
                GridPlacement(row: 3, column: 2, rowSpan: 3, columnSpan: 2), GridPlacement(row: 5, column: 5, rowSpan: 4, columnSpan: 1),
                GridPlacement(row: 22, column: 1, rowSpan: 2, columnSpan: 3), GridPlacement(row: 40, column: 3, rowSpan: 5, columnSpan: 1),
                GridPlacement(row: 50, column: 4, rowSpan: 1, columnSpan: 3),
            ],
            frozenRows: 1, frozenColumns: 1)
        var grid = SpanGrid(configuration)
        let size = Size(width: 300, height: 200)
        try grid.prepare(data: try configuration.dataShape(), container: size)
        var random = SeededRandom(seed: seed)
        var operations: [(frame: Int, operation: SpanGrid.Operation)] = []
        var offsets: [Point] = []
        var y = 0.0, x = 0.0
        for frame in 0..<300 {
            switch random.integer(0...9) {
            case 0: y = Double(random.integer(0...1200))  // a far jump
            case 1, 2: x = Double(random.integer(0...300))
            default: y = max(0, y + Double(random.integer(-12...12)))
            }
            offsets.append(Point(x: x, y: y))
            for _ in 0..<random.integer(0...2) {
                let heights: [Double] = [0, 0, 8, 18, 25, 40, 64, 90, 130]
                operations.append((frame, .setContentHeight(row: random.integer(0...59), column: random.integer(0...11), height: heights[random.integer(0...8)])))
            }
        }
        let outcome = try Self.compare(grid, data: grid.cells, size: size, offsets: offsets, operations: operations)
        #expect(outcome.first == nil, "seed \(seed): frame \(outcome.first ?? -1): \(outcome.detail)")
        #expect(outcome.followed > 0)
        #expect(outcome.builds == 1, "seed \(seed): the cache was built \(outcome.builds) times")
    }
}

/// Replays a bundled typing trace's keystrokes through ``CachedKeystrokeViewportTests/compare(_:data:size:offsets:operations:)``.
struct CachedTyping: LayoutVisitor {
    let replay: Replay

    func visit<Layout: GridLayout & Sendable>(_ layout: Layout) throws -> (first: Int?, detail: String, followed: Int, builds: Int) {
        guard let grid = layout as? SpanGrid else { throw GridError.invalidParameter("layout", "\(Layout.self)", expected: "a span grid") }
        var operations: [(frame: Int, operation: SpanGrid.Operation)] = []
        for event in replay.trace.events {
            guard case .layoutEdit(let operation) = event.change, let typed = operation.value as? SpanGrid.Operation else { continue }
            operations.append((event.frame, typed))
        }
        #expect(!operations.isEmpty)
        let offsets = replay.trace.offsets.isEmpty ? [.zero] : replay.trace.offsets
        return try CachedKeystrokeViewportTests.compare(grid, data: replay.spec.data, size: replay.trace.viewport, offsets: offsets, operations: operations)
    }
}
