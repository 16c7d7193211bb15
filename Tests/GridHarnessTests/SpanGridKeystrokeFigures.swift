import Foundation
import GridCore
import GridHarness
import GridLayouts
import GridStrategies
import Testing

/// Keystroke frame costs (issue 29), printed, never asserted (time is noisy on shared
/// machines): run in release with `GRIDBENCH_KEYSTROKE_FIGURES=1 swift test -c release
/// -Xswiftc -enable-testing --filter SpanGridKeystrokeFigures`. A frame is the keystroke
/// (`cell-content`) and the rect query of the screen around the typed row; the keystroke is
/// also timed alone. What is asserted
/// is that the typed grids answer as fresh grids at the end.
@Suite(.serialized) struct SpanGridKeystrokeFigures {
    static var enabled: Bool { ProcessInfo.processInfo.environment["GRIDBENCH_KEYSTROKE_FIGURES"] != nil }

    static func summary(_ name: String, _ nanoseconds: [Int]) -> String {
        guard !nanoseconds.isEmpty else { return "\(name): none" }
        let sorted = nanoseconds.sorted()
        func at(_ q: Double) -> Double { Double(sorted[min(sorted.count - 1, Int((Double(sorted.count) * q).rounded(.down)))]) / 1000 }
        return "\(name): n=\(sorted.count) p50=\(at(0.5)) µs p99=\(at(0.99)) µs max=\(Double(sorted[sorted.count - 1]) / 1000) µs"
    }

    static func report(_ r: (same: [Int], changed: [Int], sameFrames: [Int], changedFrames: [Int], failures: Int)) -> String {
        "\n  keystroke, " + summary("no row changed", r.same) + "\n  keystroke, " + summary("a row changed", r.changed)
            + "\n  keystroke + screen query, " + summary("no row changed", r.sameFrames) + "\n  keystroke + screen query, " + summary("a row changed", r.changedFrames)
    }

    /// Types `count` seeded keystrokes into `layout`; returns the frame costs of keystrokes
    /// that changed no row height and of those that did.
    static func type<Layout: EditableLayout>(
        _ layout: inout Layout, rows: Int, columns: Int, screen: Size, count: Int, seed: UInt64, avoiding: Range<Int> = 0..<0
    ) -> (same: [Int], changed: [Int], sameFrames: [Int], changedFrames: [Int], failures: Int) where Layout.Operation == SpanGrid.Operation {
        var random = SeededRandom(seed: seed)
        var same: [Int] = [], changed: [Int] = [], sameFrames: [Int] = [], changedFrames: [Int] = []
        same.reserveCapacity(count)
        changed.reserveCapacity(count)
        sameFrames.reserveCapacity(count)
        changedFrames.reserveCapacity(count)
        var buffer: [LayoutAttributes] = []
        buffer.reserveCapacity(8192)
        var failures = 0
        let clock = ContinuousClock()
        for _ in 0..<count {
            var row = random.integer(1...(rows - 1))
            while avoiding.contains(row) { row = random.integer(1...(rows - 1)) }
            let column = random.integer(1...(columns - 1))
            let height: Double = [0, 14, 20, 28, 42, 56, 84][random.integer(0...6)]
            let contentBefore = layout.contentSize
            let start = clock.now
            if (try? layout.apply(.setContentHeight(row: row, column: column, height: height))) == nil { failures += 1 }
            let typed = clock.now - start
            let y = max(0, Double(row) * 28 - screen.height / 2)
            buffer.removeAll(keepingCapacity: true)
            layout.elements(in: Rect(x: 0, y: y, width: screen.width, height: screen.height), into: &buffer)
            let elapsed = clock.now - start
            func ns(_ d: Duration) -> Int { Int(d.components.seconds) * 1_000_000_000 + Int(d.components.attoseconds / 1_000_000_000) }
            // A row's height changed exactly when the content's height did (no two changes cancel in one keystroke).
            if layout.contentSize == contentBefore {
                same.append(ns(typed))
                sameFrames.append(ns(elapsed))
            } else {
                changed.append(ns(typed))
                changedFrames.append(ns(elapsed))
            }
        }
        return (same, changed, sameFrames, changedFrames, failures)
    }

    @Test(.enabled(if: enabled)) func ledgerKeystrokes() throws {
        let spec = try BundledDatasets.ledger100000x30()
        let configuration = try #require(spec.parameters as? SpanGrid.Configuration)
        var grid = SpanGrid(configuration)
        try grid.prepare(data: spec.data, container: spec.container)
        var onDemand = OnDemandLayout(grid)
        var adaptive = try AdaptiveLayout(grid)
        try onDemand.prepare(data: spec.data, container: spec.container)
        try adaptive.prepare(data: spec.data, container: spec.container)
        // Rows outside the merged cell spanning rows 40,000…49,999 (keystrokes there lay the grid out again).
        for (name, avoiding) in [("rows outside the spanning cell", 40_000..<50_000), ("any row", 0..<0)] {
            let a = Self.type(&onDemand, rows: 100_000, columns: 29, screen: spec.container, count: 20_000, seed: 29, avoiding: avoiding)
            print("ledger-100000x30 on demand, \(name): " + Self.report(a))
            let b = Self.type(&adaptive, rows: 100_000, columns: 29, screen: spec.container, count: 20_000, seed: 29, avoiding: avoiding)
            print("ledger-100000x30 adaptive, \(name): " + Self.report(b))
            #expect(a.failures == 0 && b.failures == 0)
        }
        var fresh = SpanGrid(onDemand.base.configuration)
        try fresh.prepare(data: spec.data, container: spec.container)
        #expect(fresh.contentSize == onDemand.base.contentSize && fresh.contentSize == adaptive.base.contentSize)
        let screen = Rect(x: 0, y: 1_000_000, width: 1024, height: 2_000)
        #expect(fresh.elements(in: screen) == onDemand.elements(in: screen))
    }

    @Test(.enabled(if: enabled)) func timesheetKeystrokes() throws {
        let spec = try BundledDatasets.timesheet20x40()
        let configuration = try #require(spec.parameters as? SpanGrid.Configuration)
        var grid = SpanGrid(configuration)
        try grid.prepare(data: spec.data, container: spec.container)
        var cached = CachedLayout(grid), onDemand = OnDemandLayout(grid)
        var adaptive = try AdaptiveLayout(grid)
        try cached.prepare(data: spec.data, container: spec.container)
        try onDemand.prepare(data: spec.data, container: spec.container)
        try adaptive.prepare(data: spec.data, container: spec.container)
        let a = Self.type(&cached, rows: 40, columns: 20, screen: spec.container, count: 5_000, seed: 40)
        print("timesheet-20x40 cached: " + Self.report(a))
        let b = Self.type(&onDemand, rows: 40, columns: 20, screen: spec.container, count: 5_000, seed: 40)
        print("timesheet-20x40 on demand: " + Self.report(b))
        let c = Self.type(&adaptive, rows: 40, columns: 20, screen: spec.container, count: 5_000, seed: 40)
        print("timesheet-20x40 adaptive (\(adaptive.choice)): " + Self.report(c))
        #expect(a.failures == 0 && b.failures == 0 && c.failures == 0)
    }
}
