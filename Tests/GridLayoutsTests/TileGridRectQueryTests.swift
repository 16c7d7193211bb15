import GridCore
import GridLayouts
import Testing

/// The rect query (law 1) against a brute-force filter of every frame, plus agreement (2),
/// validity (3), containment (4), determinism (5), freshness (6), additivity (7) and
/// non-overlap (8) on the same layouts.
@Suite("TileGrid rect queries")
struct TileGridRectQueryTests {
    /// A named layout to query.
    struct Fixture: CustomStringConvertible, Sendable {
        var name: String
        var configuration: TileGrid.Configuration
        var data: DataShape
        var width: Double
        var description: String { name }
    }

    /// Item sizes that exercise every branch of the centred style: smaller, wider, taller,
    /// larger both ways, exactly a tile, fractional.
    static func itemSizes(_ count: Int, seed: UInt64) -> [Size] {
        var random = SeededRandom(seed: seed)
        let fixed = [
            Size(width: 40, height: 30), Size(width: 150, height: 50), Size(width: 60, height: 300),
            Size(width: 75, height: 75), Size(width: 300, height: 200), Size(width: 0.5, height: 0.25),
        ]
        return (0..<count).map { index in
            index % 3 == 0 ? fixed[(index / 3) % fixed.count]
                : Size(width: random.uniform(0.5...400), height: random.uniform(0.5...400))
        }
    }

    static let fixtures: [Fixture] = {
        var fixtures: [Fixture] = []
        // CHGridView's own: 96 × 31 on 320.
        if let data = try? DataShape(sections: 96, itemsPerSection: 31) {
            fixtures.append(Fixture(name: "CHGridView 96 × 31", configuration: .chGridView, data: data, width: 320))
        }
        // About 3,000 tiles in uneven sections (empty ones included), centred, with sizes.
        var random = SeededRandom(seed: 3000)
        let counts = (0..<120).map { _ in random.integer(0...4) == 0 ? 0 : random.integer(1...49) }
        let total = counts.reduce(0, +)
        var centred = TileGrid.Configuration.chGridView
        centred.centersItems = true
        if let data = try? DataShape(itemCounts: counts, itemSizes: itemSizes(total, seed: 3001)) {
            fixtures.append(Fixture(name: "uneven \(total) tiles, centred", configuration: centred, data: data, width: 321))
        }
        // Fractional everything, titles off, 3 per line.
        let odd = TileGrid.Configuration(
            tilesPerLine: 3, rowHeight: 61.5, padding: Size(width: 2.5, height: 3.25), sectionTitleHeight: 0)
        if let data = try? DataShape(itemCounts: [7, 0, 0, 12, 1, 30, 0, 5]) {
            fixtures.append(Fixture(name: "fractional, titles off", configuration: odd, data: data, width: 257.75))
        }
        // Padding 0: every tile touches its neighbours.
        let flush = TileGrid.Configuration(tilesPerLine: 5, rowHeight: 40, padding: .zero, sectionTitleHeight: 18)
        if let data = try? DataShape(itemCounts: [23, 0, 10, 4]) {
            fixtures.append(Fixture(name: "padding 0", configuration: flush, data: data, width: 200))
        }
        // CHGridView's data at @3x: a row of 79⅓ points (not a binary fraction), no
        // padding, no titles: rows and sections touch, and rounding must not make them overlap.
        let thirds = TileGrid.Configuration(tilesPerLine: 4, rowHeight: 238.0 / 3.0, padding: .zero, sectionTitleHeight: 0)
        if let data = try? DataShape(sections: 96, itemsPerSection: 31) {
            fixtures.append(Fixture(name: "rows of 79⅓, padding 0, titles off", configuration: thirds, data: data, width: 320))
        }
        // Footers: with padding 0 and fractional heights a footer touches the next
        // section's header, and with empty sections footers touch each other.
        let footed = TileGrid.Configuration(
            tilesPerLine: 3, rowHeight: 238.0 / 3.0, padding: Size(width: 2, height: 0),
            sectionTitleHeight: 17.5, sectionFooterHeight: 10.0 / 3.0)
        if let data = try? DataShape(itemCounts: [5, 0, 0, 9, 1, 14]) {
            fixtures.append(Fixture(name: "footers of 3⅓, padding 0", configuration: footed, data: data, width: 250))
        }
        return fixtures
    }()

    @Test func fixturesAreThere() {
        #expect(Self.fixtures.count == 6)
    }

    /// Touching rows (padding 0) with row and title heights that are not binary fractions:
    /// each tile's frame must end at or above where the next row, or the next section,
    /// begins, and inside the content (laws 4 and 8 hold bit for bit, not just to rounding).
    @Test func fractionalHeightsKeepTouchingCellsApartAndInside() throws {
        let data = try DataShape(itemCounts: [7, 0, 31, 5, 12, 1, 9, 30, 2, 17])
        var checked = 0
        for numerator in 150..<260 {
            for denominator in [3.0, 7.0, 10.0] {
                for title in [0.0, 1.0 / 3.0, 22.1] {
                    let h = Double(numerator) / denominator
                    let config = TileGrid.Configuration(tilesPerLine: 3, rowHeight: h, padding: .zero, sectionTitleHeight: title)
                    let grid = try preparedGrid(config, data: data, width: 301)
                    let all = enumeratedElements(grid, data)
                    checkFrameLaws(grid, all: all, "h = \(numerator)/\(denominator), t = \(title)")
                    checked += 1
                }
            }
        }
        #expect(checked == 110 * 9)
    }

    @Test(arguments: fixtures)
    func seededRandomRects(_ fixture: Fixture) throws {
        let grid = try preparedGrid(fixture.configuration, data: fixture.data, width: fixture.width)
        let all = enumeratedElements(grid, fixture.data)
        #expect(all.count == fixture.data.totalItems + (fixture.configuration.sectionTitleHeight > 0 ? fixture.data.sectionCount : 0)
            + (fixture.configuration.sectionFooterHeight > 0 ? fixture.data.sectionCount : 0))
        let seed: UInt64 = 0x5EED_0001
        var random = SeededRandom(seed: seed)
        for index in 0..<1500 {
            let rect = randomRect(&random, content: grid.contentSize)
            if !checkRectQuery(grid, all: all, rect: rect, "\(fixture), seed \(seed), rect #\(index)") { return }
        }
    }

    @Test(arguments: fixtures)
    func stripsAlongEveryBoundary(_ fixture: Fixture) throws {
        let grid = try preparedGrid(fixture.configuration, data: fixture.data, width: fixture.width)
        let all = enumeratedElements(grid, fixture.data)
        let width = grid.contentSize.width, height = grid.contentSize.height
        var failures = 0
        for y in horizontalBoundaries(all) {
            // A thin strip ending exactly at the boundary, one starting exactly at it, and a
            // zero-height line on it (which must return nothing).
            for rect in [Rect(x: 0, y: y - 0.25, width: width, height: 0.25),
                         Rect(x: 0, y: y, width: width, height: 0.25)] {
                if !checkRectQuery(grid, all: all, rect: rect, "\(fixture), strip at y = \(y)") { failures += 1 }
            }
            #expect(grid.elements(in: Rect(x: 0, y: y, width: width, height: 0)).isEmpty)
            if failures > 3 { return }
        }
        for x in verticalBoundaries(all) {
            for rect in [Rect(x: x - 0.25, y: 0, width: 0.25, height: height),
                         Rect(x: x, y: 0, width: 0.25, height: height)] {
                if !checkRectQuery(grid, all: all, rect: rect, "\(fixture), strip at x = \(x)") { failures += 1 }
            }
            #expect(grid.elements(in: Rect(x: x, y: 0, width: 0, height: height)).isEmpty)
            if failures > 3 { return }
        }
    }

    @Test(arguments: fixtures)
    func specialRects(_ fixture: Fixture) throws {
        let grid = try preparedGrid(fixture.configuration, data: fixture.data, width: fixture.width)
        let all = enumeratedElements(grid, fixture.data)
        let w = grid.contentSize.width, h = grid.contentSize.height
        let nan = Double.nan, inf = Double.infinity

        // The whole content, and more than it, return everything.
        #expect(grid.elements(in: grid.contentBounds).count == all.count)
        for rect in [grid.contentBounds, Rect(x: -1e9, y: -1e9, width: 3e9, height: 3e9),
                     Rect(x: 0, y: 0, width: inf, height: inf), Rect(x: -1, y: -1, width: w + 2, height: h + 2)] {
            checkRectQuery(grid, all: all, rect: rect, "\(fixture), everything")
            #expect(grid.elements(in: rect).count == all.count, "\(rect)")
        }

        // Zero-area and negative rects return nothing, wherever they are.
        for rect in [Rect(x: 10, y: 30, width: 0, height: 100), Rect(x: 10, y: 30, width: 100, height: 0),
                     Rect(x: 10, y: 30, width: -5, height: 100), Rect(x: 300, y: 300, width: -300, height: -300),
                     Rect(x: 0, y: 0, width: 0, height: 0), Rect(x: 0, y: 0, width: w, height: -h)] {
            #expect(grid.elements(in: rect).isEmpty, "\(fixture): \(rect)")
        }

        // Outside the content, touching it or not: nothing.
        for rect in [Rect(x: 0, y: -100, width: w, height: 100), Rect(x: 0, y: h, width: w, height: 100),
                     Rect(x: w, y: 0, width: 100, height: h), Rect(x: -100, y: 0, width: 100, height: h),
                     Rect(x: -500, y: -500, width: 10, height: 10), Rect(x: 0, y: h + 1e6, width: w, height: 1e6),
                     Rect(x: 0, y: -inf, width: w, height: 1e300), Rect(x: 0, y: inf, width: w, height: 10)] {
            #expect(grid.elements(in: rect).isEmpty, "\(fixture): \(rect)")
            checkRectQuery(grid, all: all, rect: rect, "\(fixture), outside")
        }

        // NaN in any coordinate: nothing (and no trap).
        for rect in [Rect(x: nan, y: 0, width: w, height: h), Rect(x: 0, y: nan, width: w, height: h),
                     Rect(x: 0, y: 0, width: nan, height: h), Rect(x: 0, y: 0, width: w, height: nan),
                     Rect(x: nan, y: nan, width: nan, height: nan),
                     Rect(x: -inf, y: 0, width: inf, height: h)] {  // −∞ + ∞ = NaN at maxX
            #expect(grid.elements(in: rect).isEmpty, "\(fixture): \(rect)")
            checkRectQuery(grid, all: all, rect: rect, "\(fixture), NaN")
        }
    }

    @Test(arguments: fixtures)
    func lawsOnTheFixtures(_ fixture: Fixture) throws {
        let grid = try preparedGrid(fixture.configuration, data: fixture.data, width: fixture.width)
        let all = enumeratedElements(grid, fixture.data)
        checkFrameLaws(grid, all: all, "\(fixture)")

        // Determinism: a second grid answers the same bits.
        let again = try preparedGrid(fixture.configuration, data: fixture.data, width: fixture.width)
        let second = enumeratedElements(again, fixture.data)
        #expect(all.count == second.count && zip(all, second).allSatisfy { $0.isIdentical(to: $1) })

        // Freshness: a grid prepared first for other data and another width, then for this
        // one, answers like a new one.
        var reused = TileGrid(fixture.configuration)
        try reused.prepare(data: try DataShape(itemCounts: [500, 3]), container: Size(width: 1000, height: 10))
        try reused.prepare(data: fixture.data, container: Size(width: fixture.width, height: 480))
        let third = enumeratedElements(reused, fixture.data)
        #expect(all.count == third.count && zip(all, third).allSatisfy { $0.isIdentical(to: $1) })
        #expect(reused.contentSize == grid.contentSize)
        #expect(reused.attributes(at: ItemPath(section: fixture.data.sectionCount, item: 0)) == nil)

        // Additivity: a rect split in two, across or along, gives the union of the halves.
        var random = SeededRandom(seed: 77)
        for index in 0..<300 {
            let rect = randomRect(&random, content: grid.contentSize)
            let cutY = rect.minY + random.uniform(0...1) * rect.height
            let top = Rect(x: rect.minX, y: rect.minY, width: rect.width, height: cutY - rect.minY)
            let bottom = Rect(x: rect.minX, y: cutY, width: rect.width, height: rect.maxY - cutY)
            let whole = Set(grid.elements(in: rect).map(\.id))
            let halves = grid.elements(in: top).map(\.id) + grid.elements(in: bottom).map(\.id)
            // An element that straddles the cut is in both halves; the union counts it once.
            #expect(whole == Set(halves), "\(fixture), seed 77, rect #\(index) \(rect) cut at y = \(cutY)")
        }
    }

    // MARK: Exhaustive small cases

    /// Sections of 0, 1, 2, 3, 5 and 10 items, 1 to 4 sections, in every order; for each
    /// number of tiles per line, titles on and off, centred on and off.
    static let smallShapes: [[Int]] = {
        var result: [[Int]] = []
        var frontier: [[Int]] = [[]]
        for _ in 1...4 {
            frontier = frontier.flatMap { prefix in [0, 1, 2, 3, 5, 10].map { prefix + [$0] } }
            result += frontier
        }
        return result
    }()

    struct SmallCase: CustomStringConvertible, Sendable {
        var tilesPerLine: Int
        var titles: Bool
        var centred: Bool
        var description: String { "\(tilesPerLine) per line, titles \(titles ? "on" : "off"), centred \(centred ? "on" : "off")" }
    }

    static let smallCases: [SmallCase] = (1...5).flatMap { n in
        [false, true].flatMap { titles in [false, true].map { SmallCase(tilesPerLine: n, titles: titles, centred: $0) } }
    }

    @Test(arguments: smallCases)
    func exhaustiveSmallCases(_ small: SmallCase) throws {
        #expect(Self.smallShapes.count == 6 + 36 + 216 + 1296)
        let config = TileGrid.Configuration(
            tilesPerLine: small.tilesPerLine, rowHeight: 30, padding: Size(width: 3, height: 2),
            sectionTitleHeight: small.titles ? 12 : 0, centersItems: small.centred)
        var grid = TileGrid(config)
        var failures = 0
        for counts in Self.smallShapes {
            let total = counts.reduce(0, +)
            let data = try DataShape(itemCounts: counts, itemSizes: small.centred ? Self.itemSizes(total, seed: 1) : nil)
            // One grid re-prepared for every shape: freshness (law 6) comes for free.
            try grid.prepare(data: data, container: Size(width: 160, height: 100))
            let all = enumeratedElements(grid, data)
            let seed = UInt64(truncatingIfNeeded: counts.reduce(17) { $0 &* 31 &+ $1 })
            let context = { "\(small), counts \(counts) (random rects from seed \(seed))" }
            if all.count != total + (small.titles ? counts.count : 0) {
                Issue.record("\(context()): enumerated \(all.count) elements")
            }
            checkFrameLaws(grid, all: all, context())
            let width = grid.contentSize.width, height = grid.contentSize.height
            var rects = [grid.contentBounds, Rect(x: -5, y: -5, width: width + 10, height: height + 10)]
            for y in horizontalBoundaries(all) {
                rects.append(Rect(x: 0, y: y, width: width, height: 0.5))
                rects.append(Rect(x: 0, y: y - 0.5, width: width, height: 0.5))
            }
            // Column boundaries depend only on the tiles per line: check them on one-section shapes.
            if counts.count == 1 {
                for x in verticalBoundaries(all) {
                    rects.append(Rect(x: x - 0.5, y: 0, width: 0.5, height: height))
                    rects.append(Rect(x: x, y: 0, width: 0.5, height: height))
                }
            }
            var random = SeededRandom(seed: seed)
            for _ in 0..<2 { rects.append(randomRect(&random, content: grid.contentSize, margin: 10)) }
            for rect in rects where !checkRectQuery(grid, all: all, rect: rect, context()) {
                failures += 1
            }
            if failures > 5 { return }
        }
    }
}
