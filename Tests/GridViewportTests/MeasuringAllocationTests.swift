import GridCore
import GridTestSupport
import GridViewport
import Testing

/// A measuring viewport's own work allocates nothing once its buffers have grown: the bit
/// per item is allocated when measuring starts, the batch and the screen it follows grow to
/// their largest and stay, and the data's sizes are written in place. Counted over a layout
/// that follows a measurement in place and keeps no copy of the data (``SelfSizingList``),
/// so that every allocation counted would be the viewport's: frames that measure (jumps into
/// unmeasured regions, scrolls into them) and frames that do not.
@Suite struct MeasuringAllocationTests {
    static let count = 8000

    /// Jumps to `y`, scrolls down 40 frames of 37 points, jumps 8,000 points further and
    /// scrolls up 40 frames: every jump lands among unmeasured cells, every scroll up
    /// measures the cells above.
    static func region(at y: Double) -> [Point] {
        var offsets: [Point] = []
        for step in 0..<40 { offsets.append(Point(x: 0, y: y + Double(step) * 37)) }
        for step in 0..<40 { offsets.append(Point(x: 0, y: y + 8000 - Double(step) * 37)) }
        return offsets
    }

    @Test(arguments: AnchorPolicy.allCases)
    func measuringFramesAllocateNothing(anchor: AnchorPolicy) throws {
        try #require(AllocationCount.isAvailable)
        // Made anew for every pass, so that the viewport holds the only copy of its sizes
        // (one held here too would be copied by the pass's first write).
        func estimated() throws -> DataShape {
            try DataShape(itemCounts: [Self.count], itemSizes: Array(repeating: Size(width: 1, height: 44), count: Self.count))
        }
        let truth = try DataShape(itemCounts: [Self.count], itemSizes: Array(repeating: Size(width: 1, height: 60), count: Self.count))
        var viewport = try Viewport(layout: SelfSizingList(), data: try estimated(), size: Size(width: 320, height: 480), margin: .points(200))
        // A pass: two regions and ten jumps into fresh cells, from the estimates with nothing
        // measured, as a replay's pass goes. Two passes grow every buffer (the loaded set's
        // two buffers take turns, so a pass of an odd number of scrolls leaves them the other
        // way round for the next); the third is counted.
        var pass = Self.region(at: 0) + Self.region(at: 20_000)
        for jump in 0..<10 { pass.append(Point(x: 0, y: 150_000 + Double(jump) * 3_001)) }
        for _ in 0..<2 {
            try viewport.setData(try estimated())
            try viewport.startMeasuring(trueSizes: truth, anchor: anchor)
            for offset in pass { viewport.scrollMeasuring(to: offset) }
        }
        try viewport.setData(try estimated())
        try viewport.startMeasuring(trueSizes: truth, anchor: anchor)
        let counted = pass
        let before = try #require(viewport.measurementSummary)
        var entered = 0
        let (_, allocations) = AllocationCount.measure {
            var index = 0
            while index < counted.count {
                entered &+= viewport.scrollMeasuring(to: counted[index]).entered
                index += 1
            }
        }
        let after = try #require(viewport.measurementSummary)
        // The counted frames did measure: every jump's batch, and the scrolls'.
        #expect(after.measurementFrames - before.measurementFrames >= 14)
        #expect(after.itemsMeasured > before.itemsMeasured)
        #expect(entered > 0)
        #expect(allocations.allocations == 0, "\(anchor.rawValue): \(allocations)")
    }

    /// Scrolls to items far apart, at every position, with trace frames between them (which
    /// then follow by differences): once the buffers have grown, the rounds allocate nothing.
    @Test(arguments: AnchorPolicy.allCases)
    func scrollsToItemsAllocateNothing(anchor: AnchorPolicy) throws {
        try #require(AllocationCount.isAvailable)
        func estimated() throws -> DataShape {
            try DataShape(itemCounts: [Self.count], itemSizes: Array(repeating: Size(width: 1, height: 44), count: Self.count))
        }
        let truth = try DataShape(itemCounts: [Self.count], itemSizes: Array(repeating: Size(width: 1, height: 60), count: Self.count))
        var viewport = try Viewport(layout: SelfSizingList(), data: try estimated(), size: Size(width: 320, height: 480), margin: .points(200))
        let targets: [(Int, ScrollPosition)] = [(500, .top), (3000, .center), (7999, .bottom), (100, .center), (6000, .top), (4000, .bottom)]
        func pass() -> (rounds: Int, frames: Int) {
            var rounds = 0, entered = 0
            viewport.scrollMeasuring(to: .zero)
            var index = 0
            while index < targets.count {
                let (item, position) = targets[index]
                rounds &+= (try? viewport.scrollMeasuring(toItem: ItemPath(section: 0, item: item), position: position))?.rounds ?? 0
                var step = 1
                while step <= 5 {
                    entered &+= viewport.scrollMeasuring(to: Point(x: 0, y: Double(step * 37))).entered
                    step += 1
                }
                index += 1
            }
            return (rounds, entered)
        }
        for _ in 0..<2 {
            try viewport.setData(try estimated())
            try viewport.startMeasuring(trueSizes: truth, anchor: anchor)
            _ = pass()
        }
        try viewport.setData(try estimated())
        try viewport.startMeasuring(trueSizes: truth, anchor: anchor)
        let (counted, allocations) = AllocationCount.measure { pass() }
        // Every scroll made at least one round, and the frames after them loaded cells.
        #expect(counted.rounds >= targets.count)
        #expect(counted.frames > 0)
        #expect(allocations.allocations == 0, "\(anchor.rawValue): \(allocations)")
    }
}
