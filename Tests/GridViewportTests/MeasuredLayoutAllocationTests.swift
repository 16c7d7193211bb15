import GridCore
import GridLayouts
import GridStrategies
import GridTestSupport
import GridViewport
import Testing

/// Measuring frames over the reference layouts that follow a measurement in place (the
/// waterfall and the columnar grouped layout) allocate nothing once buffers have grown:
/// the layout writes each batch into its own copy of the sizes, so the viewport's copy
/// is never shared and never copied, and the re-lay keeps its column heights on the stack.
/// Counted as `MeasuringAllocationTests` counts, on demand (the layout's own answers).
@Suite struct MeasuredLayoutAllocationTests {
    static let counts = [1500, 0, 2500, 17, 4000]

    /// A pass as a replay goes: from the estimates, down from the top, a jump far down and
    /// back up through unmeasured cells, then jumps.
    static let pass: [Point] = {
        var offsets: [Point] = []
        for step in 0..<40 { offsets.append(Point(x: 0, y: Double(step) * 37)) }
        for step in 0..<40 { offsets.append(Point(x: 0, y: 300_000 - Double(step) * 37)) }
        for jump in 0..<10 { offsets.append(Point(x: 0, y: 100_000 + Double(jump) * 13_001)) }
        return offsets
    }()

    func countAllocations<Layout: GridLayout>(
        _ layout: Layout, estimate: Size, truth: Size, counts: [Int] = Self.counts
    ) throws -> (AllocationCount, measured: Int) {
        let total = counts.reduce(0, +)
        // Made anew for every pass, so that the viewport holds the only copy of its sizes.
        func estimated() throws -> DataShape {
            try DataShape(itemCounts: counts, itemSizes: Array(repeating: estimate, count: total))
        }
        let trueSizes = try DataShape(itemCounts: counts, itemSizes: Array(repeating: truth, count: total))
        var viewport = try Viewport(layout: OnDemandLayout(layout), data: try estimated(), size: Size(width: 320, height: 480), margin: .points(200))
        for _ in 0..<2 {
            try viewport.setData(try estimated())
            try viewport.startMeasuring(trueSizes: trueSizes)
            for offset in Self.pass { viewport.scrollMeasuring(to: offset) }
        }
        try viewport.setData(try estimated())
        try viewport.startMeasuring(trueSizes: trueSizes)
        // The first measuring frame after a reload finds the layout's sizes shared with the
        // viewport's and copies them once (see `takeMeasurement`); the pass is counted after.
        viewport.scrollMeasuring(to: Self.pass[0])
        let before = try #require(viewport.measurementSummary)
        let counted = Self.pass
        let (_, allocations) = AllocationCount.measure {
            var index = 1
            while index < counted.count {
                _ = viewport.scrollMeasuring(to: counted[index])
                index += 1
            }
        }
        let after = try #require(viewport.measurementSummary)
        return (allocations, after.measurementFrames - before.measurementFrames)
    }

    @Test(arguments: [ColumnChoice.stable, .rebalance])
    func waterfallMeasuringFramesAllocateNothing(lanes: ColumnChoice) throws {
        try #require(AllocationCount.isAvailable)
        let layout = Waterfall(.init(columns: 2, headerHeight: 20, footerHeight: 12, itemSizing: .heights, estimated: .itemHeight(200), lanes: lanes))
        let (allocations, measured) = try countAllocations(layout, estimate: Size(width: 1, height: 200), truth: Size(width: 1, height: 150))
        #expect(measured >= 14)
        #expect(allocations.allocations == 0, "\(lanes): \(allocations)")
    }

    @Test(arguments: [(1, ColumnChoice.stable), (3, .stable), (3, .rebalance)])
    func columnarMeasuringFramesAllocateNothing(columns: Int, placement: ColumnChoice) throws {
        try #require(AllocationCount.isAvailable)
        let layout = ColumnarGrouped(.init(columns: columns, headerHeight: 22, estimated: .itemHeight(120), placement: placement))
        let (allocations, measured) = try countAllocations(layout, estimate: Size(width: 1, height: 120), truth: Size(width: 1, height: 90))
        #expect(measured >= 14)
        #expect(allocations.allocations == 0, "\(columns) columns, \(placement): \(allocations)")
    }

    /// The tile grid with labels, its section titles pinned in order: the traits are shared
    /// constants and the ordered titles' search is reset in place, not made anew.
    @Test func tileGridMeasuringFramesAllocateNothing() throws {
        try #require(AllocationCount.isAvailable)
        let layout = TileGrid(.init(tilesPerLine: 4, rowHeight: 99, padding: Size(width: 4, height: 4), sectionTitleHeight: 22,
                                    itemSizing: .heights, estimated: .itemHeight(95)))
        let (allocations, measured) = try countAllocations(layout, estimate: Size(width: 1, height: 95), truth: Size(width: 1, height: 80))
        #expect(measured >= 14)
        #expect(allocations.allocations == 0, "\(allocations)")
    }

    /// The data grid with measured rows, its header row, header column and corner frozen:
    /// the traits' paths and rules are made at prepare, and the bands take the new
    /// content's ends in place.
    @Test func dataGridMeasuringFramesAllocateNothing() throws {
        try #require(AllocationCount.isAvailable)
        let layout = DataGrid(.init(columnWidth: 150, rowHeight: 44, headerHeight: 44, rowHeaderWidth: 100, fields: 12,
                                    itemSizing: .heights, estimated: .itemHeight(44)))
        let (allocations, measured) = try countAllocations(
            layout, estimate: Size(width: 1, height: 44), truth: Size(width: 1, height: 26), counts: Array(repeating: 12, count: 1000))
        #expect(measured >= 14)
        #expect(allocations.allocations == 0, "\(allocations)")
    }
}

/// The cached strategy over a one-column feed, measured through the viewport as a replay
/// measures: every measuring frame is followed in pieces (the cache is built once, at the
/// first prepare, never again), and the answers are a fresh feed's. Its allocations are not
/// yet nothing: each frame's patch (its elements, table and sort) is new (see
/// docs/architecture.md, measured sizes); counted here so that a failure message shows them.
@Suite struct CachedFeedMeasuringTests {
    @Test func cachedFeedMeasuringFramesKeepTheirCache() throws {
        try #require(AllocationCount.isAvailable)
        let counts = MeasuredLayoutAllocationTests.counts, total = counts.reduce(0, +)
        let estimated = try DataShape(itemCounts: counts, itemSizes: Array(repeating: Size(width: 1, height: 120), count: total))
        let trueSizes = try DataShape(itemCounts: counts, itemSizes: (0..<total).map { Size(width: 1, height: Double(60 + ($0 * 37) % 200)) })
        let feed = ColumnarGrouped(.init(columns: 1, headerHeight: 22, estimated: .itemHeight(120)))
        var viewport = try Viewport(layout: CachedLayout(feed), data: estimated, size: Size(width: 320, height: 480), margin: .points(200))
        try viewport.startMeasuring(trueSizes: trueSizes)
        let builds = viewport.layout.buildCount
        viewport.scrollMeasuring(to: MeasuredLayoutAllocationTests.pass[0])
        let before = try #require(viewport.measurementSummary)
        let counted = MeasuredLayoutAllocationTests.pass
        let (_, allocations) = AllocationCount.measure {
            var index = 1
            while index < counted.count {
                _ = viewport.scrollMeasuring(to: counted[index])
                index += 1
            }
        }
        let measured = try #require(viewport.measurementSummary).measurementFrames - before.measurementFrames
        #expect(measured >= 14)
        #expect(viewport.layout.buildCount == builds, "built again \(viewport.layout.buildCount - builds) times")
        #expect(viewport.layout.answersFromPieces)
        print("cached feed: \(measured) measuring frames of \(counted.count - 1): \(allocations)")
        // Every answer is a fresh feed's, prepared with the sizes as measured so far.
        var fresh = feed
        try fresh.prepare(data: viewport.data, container: Size(width: 320, height: 480))
        let all = Rect(x: -1, y: -1, width: 400, height: fresh.contentSize.height + 2)
        #expect(viewport.layout.elements(in: all) == fresh.elements(in: all))
        #expect(viewport.layout.contentSize == fresh.contentSize)
    }
}
