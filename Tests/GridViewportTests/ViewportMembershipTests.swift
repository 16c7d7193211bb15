import GridCore
import GridLayouts
import GridViewport
import Testing

/// The loaded set of every frame equals a brute-force computation, and every frame's
/// report (entered, left, created, digest) equals one computed independently.
@Suite struct ViewportMembershipTests {
    static let cases: [TileGridCase] = [
        .chGridView,
        TileGridCase(name: "CHGridView, pinning off", itemCounts: Array(repeating: 31, count: 96), pins: false),
        TileGridCase(name: "CHGridView, scrolled 150 pt sideways", itemCounts: Array(repeating: 31, count: 24), x: 150),
        TileGridCase(name: "empty sections between", itemCounts: [0, 1, 0, 5, 0, 0, 3, 0, 9, 0]),
        TileGridCase(name: "one item", itemCounts: [1]),
        TileGridCase(name: "no sections", itemCounts: []),
        TileGridCase(name: "only empty sections", itemCounts: [0, 0, 0, 0]),
        TileGridCase(
            name: "titles off",
            configuration: .init(sectionTitleHeight: 0), itemCounts: [3, 0, 7, 31, 2, 40, 1]),
        TileGridCase(
            name: "titles off, pinning forced on (nothing to pin)",
            configuration: .init(sectionTitleHeight: 0), itemCounts: [3, 0, 7, 31], pins: true),
        TileGridCase(name: "no margin", itemCounts: Array(repeating: 31, count: 10), margin: .points(0)),
        TileGridCase(name: "margin of 1000 pt", itemCounts: [5, 40, 2, 90, 0, 13], margin: .points(1000)),
        TileGridCase(
            name: "one long section (header far above its tiles)", itemCounts: [2, 400, 3], margin: .lines(1.5)),
        TileGridCase(
            name: "3 per line, no padding, tall titles",
            configuration: .init(tilesPerLine: 3, rowHeight: 50, padding: .zero, sectionTitleHeight: 60),
            itemCounts: [4, 0, 9, 1, 2, 7, 0, 0, 5], size: Size(width: 300, height: 200)),
        TileGridCase(
            name: "uneven sections, centred item sizes",
            configuration: .init(centersItems: true),
            itemCounts: [17, 3, 60, 1, 0, 44, 29, 8, 31, 12], itemSizesSeed: 7),
    ]

    @Test(arguments: cases)
    func loadedSetMatchesBruteForce(testCase: TileGridCase) throws {
        let reference = try TileGridReference(testCase)
        // Sanity of the reference itself: the whole content holds every item, plus one
        // header per section when titles are on.
        let titles = testCase.configuration.sectionTitleHeight > 0 ? testCase.itemCounts.count : 0
        #expect(Set(reference.all.map(\.id)).count == testCase.itemCounts.reduce(0, +) + titles)

        var viewport = try testCase.viewport()
        #expect(viewport.loadedElements.isEmpty, "nothing loads before the first frame")
        var checker = FrameChecker()
        for y in reference.offsets() {
            let offset = Point(x: testCase.x, y: y)
            let report = viewport.scroll(to: offset)
            #expect(viewport.offset == offset)
            #expect(viewport.loadedRect == reference.loadedRect(at: offset))
            guard checker.check(viewport, report, expected: reference.expected(at: offset), "\(testCase.name) at y = \(y)")
            else { break }
        }
    }

    /// Counted by hand for CHGridView's data set. Section `i` spans
    /// `[658·i, 658·(i+1))`: a title of 22, 8 rows of 79 (31 tiles, 4 per line), padding 4.
    /// Row `r` of section `i` has tiles at `y = 658·i + 22 + 79·r + 4`, 75 tall. The margin
    /// is 4 rows, 316 pt.
    @Test func loadedCountsByHand() throws {
        var viewport = try TileGridCase.chGridView.viewport()

        // y0 = 0: loaded rect [−316, 796). Section 0: header and all 31 tiles. Section 1
        // (top 658): its header at 658, rows at 684 and 763 (< 796): 8 tiles. 41 in all.
        var report = viewport.scroll(to: Point(x: 0, y: 0))
        #expect(report.entered == 41)
        #expect(report.created == 41)
        #expect(report.left == 0)
        #expect(viewport.loadedRect == Rect(x: 0, y: -316, width: 320, height: 480 + 632))

        // y0 = 1000: loaded rect [684, 1796). Section 1 (658…1316): header pinned at 1000,
        // all 8 rows (the first, 684…759, touches the top). Section 2 (1316…1974): header at
        // 1316, rows at 1342 + 79·r for r = 0…5 (1737 < 1796): 24 tiles. Section 0's header
        // is pushed up to 658 − 22 = 636 and its last row ends at 654: both outside.
        // 2 + 31 + 24 = 57.
        report = viewport.scroll(to: Point(x: 0, y: 1000))
        #expect(report.digest.count == 57)
        // Left: section 0 (header, 31 tiles). Entered: section 1's last 23 tiles and
        // section 2's header and 24 tiles.
        #expect(report.left == 32)
        #expect(report.entered == 48)
        // 32 tiles went back to their pools (1 header, 31 cells) before 48 entered
        // (1 header, 47 cells): 16 new cell tiles.
        #expect(report.created == 16)
        #expect(viewport.tilesCreated == 57)
        #expect(viewport.pooledTileCount(ReuseIdentifier(kind: .cell)) == 0)
        #expect(viewport.pooledTileCount(ReuseIdentifier(kind: .sectionHeader)) == 0)
        let ids = viewport.loadedElements.map(\.id)
        #expect(ids.first == ElementID(kind: .sectionHeader, path: ItemPath(section: 1, item: 0)))
        #expect(ids.last == ElementID(kind: .cell, path: ItemPath(section: 2, item: 23)))
    }

    /// Two-axis scrolling: the loaded rect grows along x and y, and the layout declares no
    /// line height, so a margin of 2 lines is 2 × 44 = 88 pt on each side.
    @Test(arguments: [ScrollAxes.both, .horizontal, .vertical])
    func twoDimensionalGridMatchesBruteForce(axes: ScrollAxes) throws {
        var random = SeededRandom(seed: 3)
        let counts = (0..<40).map { _ in random.integer(0...60) }
        let data = try DataShape(itemCounts: counts)
        let cell = Size(width: 50, height: 30)
        let size = Size(width: 320, height: 480)
        var viewport = try Viewport(layout: UniformGrid(cell: cell, axes: axes), data: data, size: size, margin: .lines(2))
        #expect(viewport.marginExtent == 88)

        func expected(at offset: Point) -> [ElementID: Rect] {
            let mx = axes.contains(.horizontal) ? 88.0 : 0, my = axes.contains(.vertical) ? 88.0 : 0
            let loaded = Rect(x: offset.x - mx, y: offset.y - my, width: size.width + 2 * mx, height: size.height + 2 * my)
            var result: [ElementID: Rect] = [:]
            for (row, count) in counts.enumerated() {
                for column in 0..<count {
                    let frame = Rect(x: Double(column) * 50, y: Double(row) * 30, width: 50, height: 30)
                    if overlaps(frame, loaded) { result[ElementID(kind: .cell, path: ItemPath(section: row, item: column))] = frame }
                }
            }
            return result
        }

        var offsets: [Point] = []
        for step in 0...60 { offsets.append(Point(x: -150 + Double(step) * 57, y: -150 + Double(step) * 23)) }
        for _ in 0..<150 { offsets.append(Point(x: random.uniform(-500...3500).rounded(), y: random.uniform(-500...1700).rounded())) }
        var checker = FrameChecker()
        for offset in offsets {
            let report = viewport.scroll(to: offset)
            guard checker.check(viewport, report, expected: expected(at: offset), "\(axes) at \(offset)") else { break }
        }
    }

    /// A layout may answer in any order; the viewport sorts in place and loads the same set.
    @Test(arguments: [
        ReorderedLayout<TileGrid>.Order.shuffled, .reversed, .oneSwap,
    ])
    func answersInAnyOrderLoadTheSameSet(order: ReorderedLayout<TileGrid>.Order) throws {
        let testCase = TileGridCase(name: "reordered", itemCounts: Array(repeating: 31, count: 20))
        let reference = try TileGridReference(testCase)
        var viewport = try Viewport(
            layout: ReorderedLayout(base: TileGrid(), order: order), data: testCase.data(), size: testCase.size)
        var checker = FrameChecker()
        for y in reference.offsets() {
            let offset = Point(x: 0, y: y)
            let report = viewport.scroll(to: offset)
            guard checker.check(viewport, report, expected: reference.expected(at: offset), "\(order) at y = \(y)") else { break }
        }
    }

    /// A layout that answers every element twice (breaking law 1) still loads each once.
    @Test func duplicateAnswersLoadOnce() throws {
        let testCase = TileGridCase(name: "duplicated", itemCounts: [31, 5, 31, 31])
        let reference = try TileGridReference(testCase)
        var viewport = try Viewport(
            layout: DuplicatingLayout(base: TileGrid()), data: testCase.data(), size: testCase.size)
        var checker = FrameChecker()
        for y in reference.offsets() {
            let offset = Point(x: 0, y: y)
            let report = viewport.scroll(to: offset)
            guard checker.check(viewport, report, expected: reference.expected(at: offset), "y = \(y)") else { break }
        }
    }
}
