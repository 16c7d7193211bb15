import GridCore
import GridLayouts
import GridStrategies
import GridTestSupport
import Testing

/// A keystroke frame on a ledger of 3,000,000 cells (100,000 rows of 30 columns), on demand
/// and adaptive (which stays on demand above its threshold): the keystroke laid out in
/// place, then a screen's rect query into a buffer with room, allocates nothing once the
/// row's and the content list's buffers have grown (issue 29).
@Suite struct SpanGridKeystrokeAllocationTests {
    /// Cells and heights over rows of 24: grow, grow, shrink the tallest, clear, type below
    /// the configured height, and in far rows. Worked by hand, the end state: row 500 is 50
    /// (cells 3: 50, 7: 10), row 12 is 24 (its 20 below the configured 24), row 90,000 is 24.
    static let script: [(row: Int, column: Int, height: Double)] = [
        (500, 3, 40), (500, 7, 60), (500, 7, 30), (500, 3, 0), (500, 7, 10),
        (90_000, 0, 48.5), (12, 29, 20), (500, 3, 50), (90_000, 0, 0),
    ]

    static func ledger() throws -> SpanGrid {
        let configuration = SpanGrid.Configuration(
            columns: (0..<30).map { _ in SpanGrid.ColumnWidth(.fixed(72)) }, rows: [SpanGrid.RowRun(count: 100_000, height: 24)])
        var grid = SpanGrid(configuration)
        try grid.prepare(data: try configuration.dataShape(), container: Size(width: 1024, height: 768))
        return grid
    }

    /// Runs the script on `layout`, each keystroke followed by the query of the screen at row 500.
    static func type<Layout: EditableLayout>(_ layout: inout Layout, into buffer: inout [LayoutAttributes]) -> Int where Layout.Operation == SpanGrid.Operation {
        var failures = 0
        var i = 0
        while i < script.count {  // not `for … in`: the iterator, unspecialised in a debug build, allocates
            let (row, column, height) = script[i]
            i += 1
            if (try? layout.apply(.setContentHeight(row: row, column: column, height: height))) == nil { failures += 1 }
            buffer.removeAll(keepingCapacity: true)
            layout.elements(in: Rect(x: 0, y: 480 * 24, width: 1024, height: 768), into: &buffer)
        }
        return failures
    }

    @Test func keystrokeFramesAllocateNothing() throws {
        try #require(AllocationCount.isAvailable)
        var onDemand = OnDemandLayout(try Self.ledger())
        var adaptive = try AdaptiveLayout(try Self.ledger())
        try onDemand.prepare(data: onDemand.base.cells, container: Size(width: 1024, height: 768))
        try adaptive.prepare(data: adaptive.base.cells, container: Size(width: 1024, height: 768))
        #expect(adaptive.choice == .onDemand)
        var buffer: [LayoutAttributes] = []
        buffer.reserveCapacity(4096)
        // Warm-up: the rows' multisets, the content list and the row track grow.
        #expect(Self.type(&onDemand, into: &buffer) == 0)
        #expect(Self.type(&adaptive, into: &buffer) == 0)
        let (onDemandFailures, onDemandCount) = AllocationCount.measure { Self.type(&onDemand, into: &buffer) }
        #expect(onDemandFailures == 0)
        #expect(onDemandCount.allocations == 0, "on demand: \(onDemandCount)")
        let (adaptiveFailures, adaptiveCount) = AllocationCount.measure { Self.type(&adaptive, into: &buffer) }
        #expect(adaptiveFailures == 0)
        #expect(adaptiveCount.allocations == 0, "adaptive: \(adaptiveCount)")
        #expect(adaptive.choice == .onDemand)
        // The work was done: row 500 is 50 high, the rows below moved by 26.
        for layout in [onDemand.base, adaptive.base] {
            #expect(layout.laidOutHeight(ofRow: 500) == 50)
            #expect(layout.laidOutHeight(ofRow: 12) == 24)
            #expect(layout.laidOutHeight(ofRow: 90_000) == 24)
            #expect(layout.contentSize.height == 100_000 * 24 + 26)
            #expect(layout.attributes(at: ItemPath(section: 501, item: 0))?.frame == Rect(x: 0, y: 501 * 24 + 26, width: 72, height: 24))
        }
        // The screen [11,520, 12,288) after the last keystroke: rows 480…499 (to 12,000), row 500
        // (to 12,050) and rows 501…510 (510 starts at 12,050 + 9·24 = 12,266), 31 rows; columns
        // of 72 starting below 1,024: 0…14, 15. 31·15 = 465.
        #expect(buffer.count == 465)
    }
}
