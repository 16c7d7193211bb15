import GridCore
import GridLayouts
import GridStrategies
import GridViewport
import Testing

/// A second method for what a measuring viewport shows: after every frame, its data holds
/// each measured item's true size and every other item's estimate (checked item by item
/// against `isMeasured`), and its loaded set is exactly what a fresh viewport over that data,
/// scrolled straight to the measuring viewport's offset, loads. Over several columns
/// (waterfall in stable and rebalance lanes, columnar grouped in two columns), every anchor
/// policy, a seeded trace of flings, jumps and drags.
@Suite struct MeasuringConsistencyTests {
    static let size = Size(width: 320, height: 480)
    static let count = 600

    static func trace() -> [Point] {
        var random = SeededRandom(seed: 28)
        var offsets: [Point] = []
        var y = 0.0
        for _ in 0..<160 {
            switch random.integer(0...9) {
            case 0: y = Double(random.integer(0...30_000))          // a jump
            case 1...3: y += Double(random.integer(-900...900))      // a fling's frame
            default: y += Double(random.integer(-60...60))           // a drag
            }
            y = max(0, y)
            offsets.append(Point(x: 0, y: y))
        }
        return offsets
    }

    func check<L: GridLayout>(_ layout: L, estimate: Double, _ name: String) throws {
        var random = SeededRandom(seed: 2800)
        let estimated = try DataShape(itemCounts: [Self.count / 2, Self.count / 2], itemSizes: Array(repeating: Size(width: 1, height: estimate), count: Self.count))
        let heights = (0..<Self.count).map { _ in Size(width: 1, height: Double(random.integer(20...140))) }
        let truth = try DataShape(itemCounts: [Self.count / 2, Self.count / 2], itemSizes: heights)
        for anchor in AnchorPolicy.allCases {
            var viewport = try Viewport(layout: layout, data: estimated, size: Self.size)
            try viewport.startMeasuring(trueSizes: truth, anchor: anchor)
            for (frame, offset) in Self.trace().enumerated() {
                viewport.scrollMeasuring(to: offset)
                let context = "\(name), \(anchor.rawValue), frame \(frame)"
                // The data: true sizes where measured, the estimate elsewhere.
                var flat = 0
                for section in 0..<2 {
                    for item in 0..<(Self.count / 2) {
                        let path = ItemPath(section: section, item: item)
                        let want = viewport.isMeasured(path) ? heights[flat] : Size(width: 1, height: estimate)
                        if viewport.data.itemSize(at: path) != want {
                            Issue.record("\(context): item \(path) is \(String(describing: viewport.data.itemSize(at: path))), not \(want)")
                            return
                        }
                        flat += 1
                    }
                }
                // The loaded set: a fresh viewport's at the same offset.
                var fresh = try Viewport(layout: layout, data: viewport.data, size: Self.size)
                fresh.scroll(to: viewport.offset)
                guard fresh.loadedElements.map(\.attributes) == viewport.loadedElements.map(\.attributes) else {
                    Issue.record("\(context): loaded set differs from a fresh viewport's at \(viewport.offset)")
                    return
                }
                // Once corrected, the offset stays within the content's ends.
                if anchor != .keepsOffset, (viewport.measurementSummary?.corrections ?? 0) > 0 {
                    #expect(viewport.offset.y >= 0 && viewport.offset.y <= max(0, viewport.layout.contentSize.height - Self.size.height), "\(context)")
                }
            }
            let summary = try #require(viewport.measurementSummary)
            #expect(summary.itemsMeasured > 0, "\(name), \(anchor.rawValue)")
            #expect(summary.estimatedHeight > 0 && summary.finalHeight > 0, "\(name), \(anchor.rawValue)")
        }
    }

    @Test(arguments: [Waterfall.Configuration.Lanes.stable, .rebalance])
    func waterfall(lanes: Waterfall.Configuration.Lanes) throws {
        var configuration = Waterfall.Configuration(itemSizing: .heights, lanes: lanes)
        configuration.estimated = .itemHeight(60)
        try check(CachedLayout(Waterfall(configuration)), estimate: 60, "waterfall \(lanes), cached")
        try check(OnDemandLayout(Waterfall(configuration)), estimate: 60, "waterfall \(lanes), on demand")
    }

    @Test(arguments: [ColumnarGrouped.Configuration.Placement.stable, .rebalance])
    func columnarGrouped(placement: ColumnarGrouped.Configuration.Placement) throws {
        let configuration = ColumnarGrouped.Configuration(columns: 2, headerHeight: 28, footerHeight: 16, estimated: .itemHeight(44), placement: placement)
        try check(CachedLayout(ColumnarGrouped(configuration)), estimate: 44, "columnar \(placement), cached")
        try check(ScanLayout(ColumnarGrouped(configuration)), estimate: 44, "columnar \(placement), scan")
    }
}
