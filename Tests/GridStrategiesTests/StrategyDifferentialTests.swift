import GridCore
import GridLayouts
import GridStrategies
import Testing

/// Every strategy must answer exactly what every other answers: the same elements for
/// every rect, the same attributes for every path, bit for bit.
@Suite struct StrategyDifferentialTests {
    /// Sections of 0, 1, 2, 3, 5 and 10 items, 1 to 4 sections: every combination, with
    /// titles on and off and a few line widths.
    @Test func exhaustiveSmallCases() throws {
        let sizes = [0, 1, 2, 3, 5, 10]
        var combinations: [[Int]] = []
        func extend(_ prefix: [Int]) {
            if !prefix.isEmpty { combinations.append(prefix) }
            if prefix.count < 4 { for size in sizes { extend(prefix + [size]) } }
        }
        extend([])
        #expect(combinations.count == 6 + 36 + 216 + 1296)
        var random = SeededRandom(seed: 11)
        for (index, counts) in combinations.enumerated() {
            let perLine = [1, 3, 4][index % 3]
            let title = index % 2 == 0 ? 22.0 : 0
            let grid = TileGrid(.init(tilesPerLine: perLine, rowHeight: 79, padding: Size(width: 4, height: 4), sectionTitleHeight: title))
            let data = try DataShape(itemCounts: counts)
            let container = Size(width: 321, height: 480)
            let layouts = try #require(try prepared(grid, data, container))
            let reference = layouts[0].1
            let rects = probeRects(content: reference.contentSize, edges: edges(of: reference), random: &random, count: 6)
            expectAllAgree(layouts, data: data, rects: rects, "counts \(counts), \(perLine) per line, title \(title)")
        }
    }

    /// Seeded random grids: uneven sections, odd widths, any padding, centred items with
    /// content sizes larger and smaller than their tiles.
    @Test(arguments: 0..<40)
    func randomGrids(seed: UInt64) throws {
        var random = SeededRandom(seed: 1000 + seed)
        let sections = random.integer(1...40)
        let counts = (0..<sections).map { _ in random.integer(0...60) }
        let total = counts.reduce(0, +)
        let centred = random.uniform(0...1) < 0.5
        let sizes: [Size]? = centred
            ? (0..<total).map { _ in Size(width: random.uniform(10...200).rounded(), height: random.uniform(10...200).rounded()) }
            : nil
        let data = try DataShape(itemCounts: counts, itemSizes: sizes)
        let configuration = TileGrid.Configuration(
            tilesPerLine: random.integer(1...6),
            rowHeight: random.uniform(20...160).rounded(),
            padding: Size(width: random.integer(0...10).double, height: random.integer(0...10).double),
            sectionTitleHeight: random.uniform(0...1) < 0.3 ? 0 : random.uniform(10...40).rounded(),
            sectionFooterHeight: random.uniform(0...1) < 0.5 ? 0 : random.uniform(5...30).rounded(),
            centersItems: centred)
        let width = random.uniform(200...1100)
        let context = "seed \(seed): \(counts.count) sections \(counts), \(configuration), width \(width)"
        for container in [Size(width: width, height: 480), Size(width: 480, height: width)] {
            guard let layouts = try prepared(TileGrid(configuration), data, container) else {
                Issue.record("the grid refused \(container); \(context)")
                continue
            }
            let reference = layouts[0].1
            let rects = probeRects(content: reference.contentSize, edges: edges(of: reference), random: &random, count: 150)
            expectAllAgree(layouts, data: data, rects: rects, context + ", container \(container)")
        }
    }

    /// Frames no grid makes: tall elements across many bands, zero-area ones, overlaps,
    /// along either axis, with and without a declared line height. The base's rect query is
    /// the brute-force filter itself.
    @Test(arguments: [ScrollAxes.vertical, .horizontal], [nil, 3.0, 40.0, 10_000.0])
    func freeformFrames(axes: ScrollAxes, lineHeight: Double?) throws {
        for seed in UInt64(0)..<6 {
            let base = FreeformLayout(seed: seed, axes: axes, lineHeight: lineHeight)
            let data = try DataShape(itemCounts: [0, 7, 40, 3, 25, 1, 60])
            let layouts = try #require(try prepared(base, data, Size(width: 300, height: 500)))
            var random = SeededRandom(seed: seed)
            let rects = probeRects(content: layouts[0].1.contentSize, edges: edges(of: layouts[0].1), random: &random, count: 300)
            expectAllAgree(layouts, data: data, rects: rects, "freeform seed \(seed), axes \(axes.rawValue), line \(String(describing: lineHeight))")
        }
    }

    /// Law 6 for the caching strategies: after a prepare with new data or a new container,
    /// the answers are a fresh layout's, never the old cache's.
    @Test func cachesAreRebuiltOnEveryPrepare() throws {
        let grid = TileGrid()
        let first = try DataShape(sections: 96, itemsPerSection: 31)
        let edits = [
            try first.insertingItems(3, intoSection: 0, at: 0),
            try first.deletingItems(0..<31, fromSection: 50),
            try first.insertingSections([5, 0, 9], at: 10),
            try first.deletingSections(0..<95),
            DataShape.empty,
        ]
        var random = SeededRandom(seed: 5)
        for (name, var layout) in try strategies(grid) {
            try layout.prepare(data: first, container: Size(width: 320, height: 480))
            for (step, (data, container)) in (edits.map { ($0, Size(width: 320, height: 480)) } + [(first, Size(width: 480, height: 320))]).enumerated() {
                try layout.prepare(data: data, container: container)
                var fresh = OnDemandLayout(grid)
                try fresh.prepare(data: data, container: container)
                let rects = probeRects(content: fresh.contentSize, edges: [], random: &random, count: 40)
                expectAllAgree([("fresh", fresh), (name, layout)], data: data, rects: rects, "\(name), step \(step)")
            }
        }
    }

    /// A prepare that fails leaves the strategy answering as before.
    @Test func failedPrepareKeepsThePreviousState() throws {
        let data = try DataShape(sections: 3, itemsPerSection: 7)
        for (name, var layout) in try strategies(TileGrid()) {
            try layout.prepare(data: data, container: Size(width: 320, height: 480))
            let before = Answer(layout, Rect(x: 0, y: 0, width: 320, height: 2000))
            #expect(throws: GridError.self, "\(name)") {
                try layout.prepare(data: data, container: Size(width: 23, height: 480))
            }
            #expect(Answer(layout, Rect(x: 0, y: 0, width: 320, height: 2000)) == before, "\(name)")
            #expect(layout.contentSize == Size(width: 320, height: 3 * (22 + 2 * 79 + 4)), "\(name)")
        }
    }
}

extension Int {
    var double: Double { Double(self) }
}
