import GridCore
import GridLayouts
import GridStrategies
import GridTestSupport
import GridViewport
import Testing

/// Scroll frames over the shortest-column layouts allocate nothing, for every strategy:
/// the waterfall's replay keeps its column heights on the stack.
@Suite struct ShortestColumnAllocationTests {
    /// Scrolls through `offsets` once to grow every buffer and pool, then again while
    /// counting allocations.
    func secondPassAllocations<Layout: GridLayout>(_ layout: Layout, data: DataShape, size: Size) throws -> (AllocationCount, Int) {
        var viewport = try Viewport(layout: layout, data: data, size: size)
        let down = stride(from: -200.0, through: viewport.layout.contentSize.height + 600, by: 37).map { Point(x: 0, y: $0) }
        var offsets = down + down.reversed()
        offsets += [Point(x: 0, y: viewport.layout.contentSize.height / 2), Point(x: .nan, y: .infinity), Point(x: 0, y: 1e300)]
        var entered = 0
        for offset in offsets { entered += viewport.scroll(to: offset).entered }
        let (_, count) = AllocationCount.measure {
            var index = 0
            while index < offsets.count {
                entered &+= viewport.scroll(to: offsets[index]).entered
                index += 1
            }
        }
        return (count, entered)
    }

    func check<Base: GridLayout>(_ base: Base, data: DataShape, size: Size, _ name: String) throws {
        let strategies: [(String, (Base) throws -> (AllocationCount, Int))] = [
            ("on-demand", { try secondPassAllocations(OnDemandLayout($0), data: data, size: size) }),
            ("cached", { try secondPassAllocations(CachedLayout($0), data: data, size: size) }),
            ("scan", { try secondPassAllocations(ScanLayout($0), data: data, size: size) }),
            ("adaptive", { try secondPassAllocations(try AdaptiveLayout($0), data: data, size: size) }),
        ]
        for (strategy, run) in strategies {
            let (count, entered) = try run(base)
            #expect(entered > 0, "\(name), \(strategy)")
            #expect(count.allocations == 0, "\(name), \(strategy): \(count)")
        }
    }

    @Test func columnarGroupedScrollsWithoutAllocating() throws {
        try #require(AllocationCount.isAvailable)
        var random = SeededRandom(seed: 96)
        let counts = (0..<96).map { _ in random.integer(1...40) }
        let heights = (0..<counts.reduce(0, +)).map { _ in Size(width: 1, height: Double(random.integer(44...120))) }
        let data = try DataShape(itemCounts: counts, itemSizes: heights)
        let layout = ColumnarGrouped(.init(columns: 3, headerHeight: 28, footerHeight: 16))
        try check(layout, data: data, size: Size(width: 768, height: 1024), "columnar-grouped")
    }

    @Test func waterfallScrollsWithoutAllocating() throws {
        try #require(AllocationCount.isAvailable)
        var random = SeededRandom(seed: 3000)
        let sizes = (0..<3000).map { _ in Size(width: Double(random.integer(300...900)), height: Double(random.integer(300...900))) }
        let data = try DataShape(itemCounts: [3000], itemSizes: sizes)
        try check(Waterfall(), data: data, size: Size(width: 320, height: 480), "waterfall")
    }

    /// Stable lanes of estimated sizes (issue 28), half the items measured: the query's
    /// count of items below the rect lives on the stack too.
    @Test func stableLanesScrollWithoutAllocating() throws {
        try #require(AllocationCount.isAvailable)
        var random = SeededRandom(seed: 2800)
        let sizes = (0..<3000).map { index in
            index % 2 == 0 ? Size(width: 300, height: 200) : Size(width: Double(random.integer(300...900)), height: Double(random.integer(300...900)))
        }
        let data = try DataShape(itemCounts: [3000], itemSizes: sizes)
        let configuration = Waterfall.Configuration(columns: 3, estimated: .itemSize(Size(width: 300, height: 200)), lanes: .stable)
        try check(Waterfall(configuration), data: data, size: Size(width: 320, height: 480), "waterfall, stable lanes")
    }
}
