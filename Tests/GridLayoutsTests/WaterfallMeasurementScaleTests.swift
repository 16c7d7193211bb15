import GridCore
@testable import GridLayouts
import GridTestSupport
import Testing

/// A told measurement on a waterfall of thousands of items: the column heights at the
/// checkpoints after the measured items are moved by range (per-column Fenwick trees,
/// `Waterfall.CheckpointHeights`) rather than one by one. Checked against the second
/// method, a fresh waterfall prepared with the data as measured so far, over seeded
/// sequences of batches as a viewport sends them (runs down from the top, a jump to the end
/// and back up, scattered items, items measured again, shrinking and growing, some at the
/// estimate), in both lane rules; and the work a measurement leaves behind, read from the
/// layout's own arrays: a few checkpoints rewritten and O(k·log C) tree nodes, whatever
/// the count; no allocation once warm.
@Suite struct WaterfallMeasurementScaleTests {
    static let container = Size(width: 331, height: 480)
    /// 4,207 items: two large sections, an empty one, a short one (fewer items than a
    /// checkpoint) and one of a few checkpoints.
    static let counts = [2400, 0, 1500, 7, 300]
    static let estimate = 120.0

    static let configurations: [Waterfall.Configuration] = {
        var list: [Waterfall.Configuration] = []
        for lanes in [ColumnChoice.stable, .rebalance] {
            for (columns, header, footer) in [(2, 0.0, 0.0), (3, 24.0, 16.0), (4, 0.0, 16.0)] {
                list.append(Waterfall.Configuration(
                    columns: columns, columnSpacing: 10, itemSpacing: 10, insets: Waterfall.Insets(all: 10),
                    headerHeight: header, footerHeight: footer, itemSizing: .heights,
                    estimated: .itemHeight(estimate), lanes: lanes))
            }
        }
        list.append(Waterfall.Configuration(columns: 1, headerHeight: 20, itemSizing: .heights, estimated: .itemHeight(estimate)))
        return list
    }()

    /// A height as measured: whole or half points, often near the estimate, sometimes the
    /// estimate itself.
    static func height(_ random: inout SeededRandom) -> Double {
        switch random.integer(0...5) {
        case 0: estimate
        case 1: Double(random.integer(1...40))
        default: Double(random.integer(60...400)) + 0.5 * Double(random.integer(0...1))
        }
    }

    /// A viewport's batch near `cursor` (a flat index it moves on), or somewhere else.
    static func batch(_ random: inout SeededRandom, cursor: inout Int, total: Int) -> [SizedItem] {
        var items: [SizedItem] = []
        let data = try! DataShape(itemCounts: counts)
        switch random.integer(0...9) {
        case 0...5:
            // The next run down (or up) the content, as a fling measures it.
            let run = random.integer(1...12)
            let down = random.integer(0...4) > 0
            for step in 0..<run {
                let flat = down ? cursor + step : cursor - step
                guard flat >= 0 && flat < total else { break }
                items.append(SizedItem(path: MeasurementDifferentialTests.path(flat, data), size: Size(width: 1, height: height(&random))))
            }
            cursor = max(0, min(total - 1, down ? cursor + run : cursor - run))
        case 6:
            // A jump: to the end, or anywhere.
            cursor = random.integer(0...1) == 0 ? total - random.integer(1...20) : random.integer(0...(total - 1))
            items.append(SizedItem(path: MeasurementDifferentialTests.path(cursor, data), size: Size(width: 1, height: height(&random))))
        case 7:
            for _ in 0..<random.integer(1...4) {
                items.append(SizedItem(path: MeasurementDifferentialTests.path(random.integer(0...(total - 1)), data), size: Size(width: 1, height: height(&random))))
            }
        default:
            // One path twice in the batch: its last size counts.
            let path = MeasurementDifferentialTests.path(cursor, data)
            items.append(SizedItem(path: path, size: Size(width: 1, height: height(&random))))
            items.append(SizedItem(path: path, size: Size(width: 1, height: height(&random))))
        }
        return items
    }

    @Test(arguments: Array(configurations.indices))
    func measurementsOnThousandsOfItemsAnswerAsAFreshWaterfall(configurationIndex: Int) throws {
        let configuration = Self.configurations[configurationIndex]
        let total = Self.counts.reduce(0, +)
        var data = try DataShape(itemCounts: Self.counts, itemSizes: Array(repeating: Size(width: 1, height: Self.estimate), count: total))
        var told = Waterfall(configuration)
        try told.prepare(data: data, container: Self.container)
        var random = SeededRandom(seed: UInt64(28_000 + configurationIndex))
        var cursor = 0
        for step in 0..<36 {
            let edit = DataEdit.setItemSizes(Self.batch(&random, cursor: &cursor, total: total))
            data = try edit.applied(to: data)
            try told.prepare(data: data, container: Self.container, invalidation: .edited(edit))
            var fresh = Waterfall(configuration)
            try fresh.prepare(data: data, container: Self.container)
            MeasurementDifferentialTests.expectSameAnswers(told, fresh, data, &random, "configuration \(configurationIndex) step \(step) (\(edit))")
        }
        // The measurements were followed in place (moves in the trees), not by preparing again.
        #expect(told.checkpoints.mass > 0 || configuration.lanes == .rebalance && configuration.columns > 1)
    }

    /// In stable lanes a measurement rewrites the checkpoints around the measured item and
    /// moves the rest of its section's by two tree updates per column: on one section of
    /// 200,000 items (6,250 checkpoints) measuring item 100,000 changes at most `k` base
    /// heights per re-laid checkpoint and at most `2·k·⌈log₂(C + 1)⌉` tree nodes, where
    /// moving every later checkpoint would change `k·3,124` base heights.
    @Test func aStableMeasurementTouchesLogarithmicallyManyCheckpointValues() throws {
        let k = 3, count = 200_000
        let configuration = Waterfall.Configuration(columns: k, itemSizing: .heights, estimated: .itemHeight(Self.estimate))
        var data = try DataShape(itemCounts: [count], itemSizes: Array(repeating: Size(width: 1, height: Self.estimate), count: count))
        var layout = Waterfall(configuration)
        try layout.prepare(data: data, container: Self.container)
        // One warm-up measurement elsewhere, so that the trees are in use.
        for (item, height) in [(5, 300.0), (100_000, 47.0)] {
            let before = layout.checkpoints
            let edit = DataEdit.setItemSizes([SizedItem(path: ItemPath(section: 0, item: item), size: Size(width: 1, height: height))])
            data = try edit.applied(to: data)
            try layout.prepare(data: data, container: Self.container, invalidation: .edited(edit))
            let after = layout.checkpoints
            let checkpointCount = count / Waterfall.checkpointInterval
            #expect(after.count == checkpointCount)
            let baseChanged = zip(before.base, after.base).filter { $0.bitPattern != $1.bitPattern }.count
            let treeChanged = zip(before.tree, after.tree).filter { $0.bitPattern != $1.bitPattern }.count
            var log = 0
            while (1 << log) < checkpointCount + 1 { log += 1 }
            // The checkpoint after the measured item's and the last one are re-laid.
            #expect(baseChanged <= 2 * k, "item \(item): \(baseChanged) base heights changed")
            #expect(treeChanged <= 2 * k * log, "item \(item): \(treeChanged) tree nodes changed")
            #expect(treeChanged > 0, "item \(item): the later checkpoints moved through the trees")
            // Every checkpoint after the measured one moved by its column's growth: read back,
            // they are a fresh waterfall's.
            var fresh = Waterfall(configuration)
            try fresh.prepare(data: data, container: Self.container)
            for index in stride(from: 0, to: checkpointCount, by: 97) {
                for j in 0..<k {
                    #expect(after[index, j].bitPattern == fresh.checkpoints[index, j].bitPattern, "checkpoint \(index) column \(j)")
                }
            }
            #expect(layout.contentSize == fresh.contentSize)
        }
    }

    /// Told measurements allocate nothing once the layout's sizes are its own (the first
    /// measurement after a prepare copies them once, when they are still shared with the
    /// caller's): the trees are made by the prepare of an estimated waterfall.
    @Test(arguments: [ColumnChoice.stable, .rebalance])
    func warmMeasurementsAllocateNothing(lanes: ColumnChoice) throws {
        try #require(AllocationCount.isAvailable)
        let configuration = Waterfall.Configuration(columns: 3, headerHeight: 20, footerHeight: 12, itemSizing: .heights, estimated: .itemHeight(Self.estimate), lanes: lanes)
        let total = Self.counts.reduce(0, +)
        var data = try DataShape(itemCounts: Self.counts, itemSizes: Array(repeating: Size(width: 1, height: Self.estimate), count: total))
        var layout = Waterfall(configuration)
        try layout.prepare(data: data, container: Self.container)
        var random = SeededRandom(seed: 2828)
        var cursor = 0
        // Each step's data and edit made beforehand: the caller's copies are not counted.
        var steps: [(DataShape, Invalidation)] = []
        for _ in 0..<60 {
            let edit = DataEdit.setItemSizes(Self.batch(&random, cursor: &cursor, total: total))
            data = try edit.applied(to: data)
            steps.append((data, .edited(edit)))
        }
        for (data, invalidation) in steps.prefix(5) {
            try layout.prepare(data: data, container: Self.container, invalidation: invalidation)
        }
        // `while` rather than `for … in`: an unspecialised iterator allocates in debug builds.
        let (_, allocations) = try AllocationCount.measure {
            var index = 5
            while index < steps.count {
                try layout.prepare(data: steps[index].0, container: Self.container, invalidation: steps[index].1)
                index += 1
            }
        }
        #expect(allocations.allocations == 0, "\(lanes): \(allocations)")
        // Followed in place: the checkpoints were moved through the trees (stable lanes),
        // the layout did not prepare again.
        if lanes == .stable { #expect(layout.checkpoints.mass > 0) }
        var fresh = Waterfall(configuration)
        try fresh.prepare(data: data, container: Self.container)
        #expect(layout.contentSize == fresh.contentSize)
    }
}

/// Lanes follow indices (TheWaterfall.md): prepending one item into a two-column stable
/// waterfall of estimated sizes puts every later item in the other column (worked by hand:
/// columns at x = 10 and 165 for a container 320 wide, item m at column m mod 2, so old item
/// m, now m + 1, moves from x_(m mod 2) to x_((m+1) mod 2)), and `laneChanges`, which counts
/// measurements' lane changes only, stays 0.
@Suite struct WaterfallPrependLaneTests {
    @Test func aPrependOfOneItemSwapsEveryLaterLaneInTwoStableColumns() throws {
        let container = Size(width: 320, height: 480)
        let configuration = Waterfall.Configuration(columns: 2, itemSizing: .heights, estimated: .itemHeight(50))
        let count = 9
        var data = try DataShape(itemCounts: [count], itemSizes: Array(repeating: Size(width: 1, height: 50), count: count))
        var layout = Waterfall(configuration)
        try layout.prepare(data: data, container: container)
        let xs = [10.0, 165.0]
        for m in 0..<count { #expect(layout.attributes(at: ItemPath(section: 0, item: m))?.frame.minX == xs[m % 2]) }
        let edit = DataEdit.insertItems(section: 0, item: 0, count: 1, sizes: [Size(width: 1, height: 50)])
        data = try edit.applied(to: data)
        try layout.prepare(data: data, container: container, invalidation: .edited(edit))
        for m in 0..<count {
            #expect(layout.attributes(at: ItemPath(section: 0, item: m + 1))?.frame.minX == xs[(m + 1) % 2], "old item \(m)")
        }
        #expect(layout.laneChanges == 0)
    }
}

/// `Waterfall.CheckpointHeights` against a brute-force array of heights: random range
/// moves by multiples of 2⁻¹⁰ and writes, read back bit for bit, including moves large
/// enough to fold the trees into the base heights (`massLimit`).
@Suite struct WaterfallCheckpointHeightsTests {
    @Test(arguments: [1, 2, 5])
    func movesAndWritesReadBackAsABruteForceArray(k: Int) {
        var random = SeededRandom(seed: UInt64(77 + k))
        let count = 203
        var truth = (0..<(count * k)).map { Double($0 % 997) * 0.25 }
        var heights = Waterfall.CheckpointHeights(base: truth, columns: k)
        heights.reserveMoves()
        var folds = 0
        for step in 0..<2000 {
            let j = random.integer(0...(k - 1))
            switch random.integer(0...9) {
            case 0:
                let i = random.integer(0...(count - 1))
                let value = Double(random.integer(0...1_000_000)) * 0x1p-10
                heights.set(i, j, value)
                truth[i * k + j] = value
            case 1:
                // A move and its undoing, large enough that the trees fold every few moves
                // (the mass limit is 2⁴²) while the heights stay small.
                let lower = random.integer(0...(count - 1)), upper = random.integer(lower...count)
                let d = (random.integer(0...1) == 0 ? 1.0 : -1.0) * 0x1p40 * Double(random.integer(1...3))
                for move in [d, -d] {
                    let massBefore = heights.mass
                    heights.move(j, lower..<upper, by: move)
                    // Without a fold the mass grows by |d| per point update, exactly.
                    let updates = lower == upper ? 0 : upper < count ? 2 : 1
                    if heights.mass != massBefore + abs(move) * Double(updates) { folds += 1 }
                }
            default:
                let lower = random.integer(0...(count - 1)), upper = random.integer(lower...count)
                let d = Double(random.integer(-5000...5000)) * 0x1p-10
                if random.integer(0...3) == 0 {
                    heights.moveAll(lower..<upper, by: d)
                    for i in lower..<upper { for c in 0..<k { truth[i * k + c] += d } }
                } else {
                    heights.move(j, lower..<upper, by: d)
                    for i in lower..<upper { truth[i * k + j] += d }
                }
            }
            if step % 50 == 0 || step == 1999 {
                for i in 0..<count {
                    for c in 0..<k where heights[i, c].bitPattern != truth[i * k + c].bitPattern {
                        Issue.record("k \(k) step \(step): checkpoint \(i) column \(c) reads \(heights[i, c]), brute force \(truth[i * k + c])")
                        return
                    }
                }
            }
            #expect(heights.mass <= Waterfall.CheckpointHeights.massLimit)
        }
        #expect(folds > 0, "the trees folded")
    }
}
