import GridCore
import GridLayouts
import Testing

/// The tile grid told of an edit (`prepare(data:container:invalidation:)`) against the same
/// grid prepared afresh, top for top and bit for bit, over seeded random edits of every kind.
///
/// With parameters in multiples of 2⁻¹⁰ and a content height below 2⁴², the tops after the
/// edited sections are shifted rather than summed again; otherwise they are summed. Both
/// must give exactly what a fresh prepare gives; where the sums are exact, the tops are
/// also checked against exact integer sums worked out here.
@Suite struct TileGridEditTests {
    /// Whole, half, quarter and eighth points: every sum exact, so the shift is taken.
    static let exact = TileGrid.Configuration(
        tilesPerLine: 3, rowHeight: 79.25, padding: Size(width: 4, height: 0.75),
        sectionTitleHeight: 21.5, sectionFooterHeight: 0.125)
    /// Thirds of a point (a 3× screen): no sum is exact, so the tops are summed again.
    static let thirds = TileGrid.Configuration(
        tilesPerLine: 3, rowHeight: 238.0 / 3.0, padding: .zero, sectionTitleHeight: 0, sectionFooterHeight: 10.0 / 3.0)
    /// Multiples of 2⁻¹⁰, but rows so tall that the content passes 2⁵³, where adding a
    /// title's 22.5 points rounds: shifting would not give the sums.
    static let huge = TileGrid.Configuration(
        tilesPerLine: 1, rowHeight: 0x1p50, padding: Size(width: 4, height: 4.25),
        sectionTitleHeight: 22.5, sectionFooterHeight: 1.5)

    @Test(arguments: [(exact, 40, 6), (thirds, 40, 6), (huge, 12, 2)])
    func toldEditsGiveTheTopsOfAFreshPrepare(configuration: TileGrid.Configuration, sections: Int, items: Int) throws {
        var random = SeededRandom(seed: 13)
        let size = Size(width: 320, height: 480)
        var data = try DataShape(itemCounts: (0..<sections).map { _ in random.integer(0...items) })
        var told = TileGrid(configuration)
        try told.prepare(data: data, container: size)
        for step in 0..<400 {
            let edit = Self.randomEdit(data, items: items, &random)
            data = try edit.applied(to: data)
            try told.prepare(data: data, container: size, invalidation: .edited(edit))
            var fresh = TileGrid(configuration)
            try fresh.prepare(data: data, container: size)
            for section in 0...data.sectionCount {
                let toldTop = try #require(told.sectionTop(section)), freshTop = try #require(fresh.sectionTop(section))
                guard toldTop.bitPattern == freshTop.bitPattern else {
                    Issue.record("step \(step), \(edit): top \(section) is \(toldTop), a fresh prepare's \(freshTop)")
                    return
                }
            }
            #expect(told.sectionTop(data.sectionCount + 1) == nil)
            #expect(told.contentSize == fresh.contentSize)
            if configuration == Self.exact {
                #expect(told.sectionTop(data.sectionCount) == Self.exactTop(data.sectionCount, configuration, data))
            }
        }
    }

    /// The tops of the exact configuration from integer sums in units of 2⁻¹⁰ points, an
    /// order-free second method: `top_i = Σ_{j<i} (t + r_j·h + ph + f)`.
    @Test func exactTopsAreTheIntegerSums() throws {
        var random = SeededRandom(seed: 7)
        let data = try DataShape(itemCounts: (0..<50).map { _ in random.integer(0...9) })
        let grid = try preparedGrid(Self.exact, data: data)
        for section in 0...data.sectionCount {
            #expect(grid.sectionTop(section) == Self.exactTop(section, Self.exact, data))
        }
    }

    /// An edit naming sections the data does not have is not followed: the grid prepares
    /// again rather than reading past its tops.
    @Test func anEditOutsideTheDataPreparesAgain() throws {
        let size = Size(width: 320, height: 480)
        let data = try DataShape(itemCounts: [3, 4, 5])
        var grid = TileGrid(Self.exact)
        try grid.prepare(data: data, container: size)
        let wider = try DataShape(itemCounts: [3, 4, 7])
        for edit in [DataEdit.insertItems(section: 9, item: 0, count: 2, sizes: nil),
                     .deleteItems(section: -1, items: 0..<1),
                     .moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 7, item: 0))] {
            try grid.prepare(data: wider, container: size, invalidation: .edited(edit))
            let fresh = try preparedGrid(Self.exact, data: wider)
            for section in 0...3 { #expect(grid.sectionTop(section) == fresh.sectionTop(section), "\(edit)") }
        }
    }

    static func exactTop(_ section: Int, _ config: TileGrid.Configuration, _ data: DataShape) -> Double {
        func units(_ x: Double) -> Int { Int(x * 1024) }
        var sum = 0
        for count in data.itemCounts.prefix(section) {
            let rows = (count + config.tilesPerLine - 1) / config.tilesPerLine
            sum += units(config.sectionTitleHeight) + rows * units(config.rowHeight)
                + units(config.padding.height) + units(config.sectionFooterHeight)
        }
        return Double(sum) / 1024
    }

    /// An edit valid for `data`: items inserted, deleted or moved, sections inserted or
    /// deleted, anywhere, the first and last sections included.
    static func randomEdit(_ data: DataShape, items: Int, _ random: inout SeededRandom) -> DataEdit {
        let sections = data.sectionCount
        let nonEmpty = (0..<sections).filter { data.itemCounts[$0] > 0 }
        switch random.integer(0...4) {
        case 0 where sections > 0:
            let section = random.integer(0...sections - 1)
            return .insertItems(section: section, item: random.integer(0...data.itemCounts[section]), count: random.integer(1...items), sizes: nil)
        case 1 where !nonEmpty.isEmpty:
            let section = nonEmpty[random.integer(0...nonEmpty.count - 1)]
            let start = random.integer(0...data.itemCounts[section] - 1)
            return .deleteItems(section: section, items: start..<random.integer(start + 1...data.itemCounts[section]))
        case 2 where !nonEmpty.isEmpty:
            let from = nonEmpty[random.integer(0...nonEmpty.count - 1)]
            let to = random.integer(0...sections - 1)
            let room = data.itemCounts[to] - (to == from ? 1 : 0)
            return .moveItem(from: ItemPath(section: from, item: random.integer(0...data.itemCounts[from] - 1)),
                             to: ItemPath(section: to, item: random.integer(0...room)))
        case 3 where sections > 4:
            let start = random.integer(0...sections - 1)
            return .deleteSections(start..<min(sections, start + random.integer(1...3)))
        default:
            return .insertSections(section: random.integer(0...sections), counts: (0..<random.integer(1...3)).map { _ in random.integer(0...items) }, sizes: nil)
        }
    }
}
