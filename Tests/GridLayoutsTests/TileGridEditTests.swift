import GridCore
import GridLayouts
import GridTestSupport
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
            let edit = randomDataEdit(data, items: items, &random)
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

    /// What the grid says a told edit did (`prepareReportingShift(data:container:invalidation:)`) is checked
    /// against its elements before and after, element by element: the sections before the
    /// first changed hold the same frames; every section from `movedFrom` on holds, under its
    /// new number, the same elements moved by `offset` and nothing else; the sections laid
    /// again lie within `changedSpan`. The thirds promise nothing (their sums are not exact).
    @Test(arguments: [(exact, true), (TileGrid.Configuration(sectionFooterHeight: 12), true), (thirds, false)])
    func whatAToldEditSaysItDidIsWhatItDid(configuration: TileGrid.Configuration, promises: Bool) throws {
        var random = SeededRandom(seed: 31)
        let size = Size(width: 320, height: 480)
        var data = try DataShape(itemCounts: (0..<16).map { _ in random.integer(0...7) })
        var grid = TileGrid(configuration)
        try grid.prepare(data: data, container: size)
        func sections(_ grid: TileGrid) -> [Int: [LayoutAttributes]] {
            let all = grid.elements(in: Rect(x: -1, y: -1, width: 400, height: grid.contentSize.height + 2))
            return Dictionary(grouping: all, by: \.path.section).mapValues { $0.sorted { $0.id < $1.id } }
        }
        for step in 0..<120 {
            let old = grid, before = sections(old)
            let edit = randomDataEdit(data, items: 7, &random)
            let oldData = data
            data = try edit.applied(to: data)
            let shift = try grid.prepareReportingShift(data: data, container: size, invalidation: .edited(edit))
            #expect((shift != nil) == promises, "step \(step), \(edit)")
            guard let shift else { continue }
            let after = sections(grid)
            for section in 0..<shift.firstChanged {
                #expect(after[section]?.map(\.frame.bits) == before[section]?.map(\.frame.bits), "step \(step), \(edit): section \(section)")
                #expect((after[section] ?? []).allSatisfy { $0.frame.maxY <= shift.changedSpan.lowerBound }, "step \(step), \(edit): section \(section)")
            }
            for section in shift.movedTo..<data.sectionCount {
                let was = section - shift.movedTo + shift.movedFrom
                let moved = before[was]?.map { element -> LayoutAttributes in
                    var element = element
                    element.path.section = section
                    element.frame.origin.y += shift.offset
                    return element
                }
                #expect(after[section]?.map(\.id) == moved?.map(\.id), "step \(step), \(edit): section \(section) was \(was)")
                #expect(after[section]?.map(\.frame.bits) == moved?.map(\.frame.bits), "step \(step), \(edit): section \(section) was \(was)")
                #expect((after[section] ?? []).allSatisfy { $0.frame.minY >= shift.changedSpan.upperBound }, "step \(step), \(edit): section \(section)")
            }
            #expect(data.sectionCount - shift.movedTo == oldData.sectionCount - shift.movedFrom)
            for section in shift.firstChanged..<shift.movedTo {
                for element in after[section] ?? [] {
                    #expect(shift.changedSpan.contains(element.frame.minY) && shift.changedSpan.contains(element.frame.maxY),
                            "step \(step), \(edit): \(element) outside \(shift.changedSpan)")
                }
            }
        }
        // A rotation changes every tile: nothing is promised.
        let rotated = Size(width: 480, height: 320)
        #expect(try grid.prepareReportingShift(data: data, container: rotated, invalidation: .resized(from: size, to: rotated)) == nil)
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
}

private extension Rect {
    /// The four coordinates' bit patterns: equal exactly when the frames are bit for bit.
    var bits: [UInt64] { [minX.bitPattern, minY.bitPattern, width.bitPattern, height.bitPattern] }
}
