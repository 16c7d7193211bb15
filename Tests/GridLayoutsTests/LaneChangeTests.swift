import GridCore
import GridLayouts
import GridStrategies
import Testing

/// `GridLayout.laneChanges` (issue 28): how many times an item (waterfall) or a section
/// (columnar grouped) changed column because of a told measurement. Counted by hand on the
/// small cases of `MeasuredSizesTests`, then against a second method: every item's or
/// section's column read from its frame's x before and after each measurement, over seeded
/// random measurements, through every strategy that tells its base.
@Suite struct LaneChangeTests {
    static let container = Size(width: 320, height: 480)

    /// Measures `path` at `height`, told as a viewport tells it.
    static func measure<L: GridLayout>(_ layout: inout L, _ data: inout DataShape, _ items: [(ItemPath, Double)]) throws {
        let edit = DataEdit.setItemSizes(items.map { SizedItem(path: $0.0, size: Size(width: 1, height: $0.1)) })
        data = try edit.applied(to: data)
        try layout.prepare(data: data, container: container, invalidation: .edited(edit))
    }

    static func waterfall(_ lanes: Waterfall.Configuration.Lanes, columns: Int = 2) -> Waterfall {
        var configuration = Waterfall.Configuration(itemSizing: .heights, lanes: lanes)
        configuration.columns = columns
        configuration.estimated = .itemHeight(50)
        return Waterfall(configuration)
    }

    /// Two columns (x = 10 and 165), four items estimated 50: columns 0, 1, 0, 1.
    /// `rebalance`:
    /// - item 0 measured 100: H₀ = 120, H₁ = 70 after item 1; item 2 goes to column 1
    ///   (70 < 120), H₁ = 130; item 3 to column 0 (120 < 130). Items 2 and 3 moved: 2.
    /// - item 1 measured 20: H₁ = 40; item 2 column 1 (40 < 120), H₁ = 100; item 3 column 1
    ///   (100 < 120): item 3 moved from 0 to 1. 3 in all.
    /// - items 2 (30) and 3 (40): H₁ = 40 → 80 (item 2), item 3 still column 1. 3 in all.
    /// `stable`: columns by the estimate (m mod 2), never moved: 0 throughout.
    @Test func waterfallCountsWorkedByHand() throws {
        for (lanes, expected) in [(Waterfall.Configuration.Lanes.rebalance, [2, 3, 3, 3]), (.stable, [0, 0, 0, 0])] {
            var layout = Self.waterfall(lanes)
            var data = try DataShape(itemCounts: [4], itemSizes: Array(repeating: Size(width: 1, height: 50), count: 4))
            try layout.prepare(data: data, container: Self.container)
            #expect(layout.laneChanges == 0)
            var counts: [Int?] = []
            for (item, height) in [(0, 100.0), (1, 20), (2, 30), (3, 40)] {
                try Self.measure(&layout, &data, [(ItemPath(section: 0, item: item), height)])
                counts.append(layout.laneChanges)
            }
            #expect(counts == expected, "\(lanes)")
        }
    }

    /// Sections [1, 2, 1] estimated 44 a cell in two columns: by the estimates columns
    /// 0, 1, 0 (section 2 in column 0: 49 < 93). Item (0, 0) measured 200: in `rebalance`
    /// section 2 goes to column 1 (93 < 205): 1. Then section 1's items at 10 and section
    /// 2's at 44: column 1 stays the shorter, nothing moves: still 1. `stable`: 0.
    @Test func columnarCountsWorkedByHand() throws {
        for (placement, expected) in [(ColumnarGrouped.Configuration.Placement.rebalance, [1, 1, 1, 1]), (.stable, [0, 0, 0, 0])] {
            var layout = ColumnarGrouped(ColumnarGrouped.Configuration(estimated: .itemHeight(44), placement: placement))
            var data = try DataShape(itemCounts: [1, 2, 1], itemSizes: Array(repeating: Size(width: 1, height: 44), count: 4))
            try layout.prepare(data: data, container: Self.container)
            var counts: [Int?] = []
            for (section, item, height) in [(0, 0, 200.0), (1, 0, 10), (1, 1, 10), (2, 0, 44)] {
                try Self.measure(&layout, &data, [(ItemPath(section: section, item: item), height)])
                counts.append(layout.laneChanges)
            }
            #expect(counts == expected, "\(placement)")
        }
    }

    /// The columns of every item (waterfall) or every section's first item (columnar),
    /// read from the frames' x: the second method.
    static func columns(_ layout: some GridLayout, _ data: DataShape, perSection: Bool) -> [Double] {
        var xs: [Double] = []
        for section in 0..<data.sectionCount {
            let count = perSection ? min(1, data.itemCount(inSection: section)) : data.itemCount(inSection: section)
            for item in 0..<count {
                xs.append(layout.attributes(at: ItemPath(section: section, item: item))?.frame.minX ?? -1)
            }
        }
        return xs
    }

    /// Seeded random batches of 1 to 4 measurements (heights 1 to 300, whole points; with
    /// `fraction` 0.3 more, sums that are not exact, which the layouts follow by preparing
    /// again) over
    /// three sections of 1 to 90 items in three columns, crossing checkpoints (every 32
    /// items); after each batch the count grew by exactly the items (sections) whose x
    /// changed. Through the layout itself and the strategies that tell it (cached, on
    /// demand, adaptive either side of its threshold); the scan strategy reports none.
    @Test(arguments: [(UInt64(1), 0.0), (2, 0), (3, 0), (4, 0.3), (5, 0.3)])
    func countsMatchTheColumnsReadFromFrames(seed: UInt64, fraction: Double) throws {
        var random = SeededRandom(seed: seed)
        let counts = (0..<3).map { _ in random.integer(1...90) }
        let total = counts.reduce(0, +)
        let estimated = try DataShape(itemCounts: counts, itemSizes: Array(repeating: Size(width: 1, height: 50), count: total))
        var batches: [[(ItemPath, Double)]] = []
        for _ in 0..<40 where total > 0 {
            batches.append((0..<random.integer(1...4)).map { _ in
                let flat = random.integer(0...(total - 1))
                return (estimated.path(atFlatIndex: flat)!, Double(random.integer(1...300)) + fraction)
            })
        }
        func check<L: GridLayout>(_ made: L, perSection: Bool, _ label: String) throws {
            var layout = made
            var data = estimated
            try layout.prepare(data: data, container: Self.container)
            var expected = 0
            var before = Self.columns(layout, data, perSection: perSection)
            for batch in batches {
                try Self.measure(&layout, &data, batch)
                let after = Self.columns(layout, data, perSection: perSection)
                expected += zip(before, after).filter { $0 != $1 }.count
                before = after
                #expect(layout.laneChanges == expected, "\(label), seed \(seed), counts \(counts)")
            }
        }
        let waterfall = Self.waterfall(.rebalance, columns: 3)
        try check(waterfall, perSection: false, "waterfall")
        try check(CachedLayout(waterfall), perSection: false, "cached waterfall")
        try check(OnDemandLayout(waterfall), perSection: false, "on-demand waterfall")
        try check(try AdaptiveLayout(waterfall, threshold: 1), perSection: false, "adaptive waterfall (on demand)")
        try check(try AdaptiveLayout(waterfall, threshold: 1_000), perSection: false, "adaptive waterfall (cached)")
        var configuration = ColumnarGrouped.Configuration(estimated: .itemHeight(44), placement: .rebalance)
        configuration.columns = 3
        let columnar = ColumnarGrouped(configuration)
        try check(columnar, perSection: true, "columnar")
        try check(CachedLayout(columnar), perSection: true, "cached columnar")
        #expect(ScanLayout(waterfall).laneChanges == nil)
        // A wrapper forwards its base's count.
        #expect(AnyGridLayout(Waterfall()).laneChanges == 0)
    }
}
