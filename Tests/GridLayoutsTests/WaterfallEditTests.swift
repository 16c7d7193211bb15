import GridCore
@testable import GridLayouts
import GridTestSupport
import Testing

/// Batch updates told to the waterfall (`prepare(data:container:invalidation: .edited(…))`
/// with inserts, deletes and moves of items and sections), which it follows by re-laying
/// from the checkpoint before the first changed item (`followEdit`), against a second
/// method: a fresh waterfall prepared with the data after the edit. Every answer is compared
/// bit for bit after every edit (`MeasurementDifferentialTests.expectSameAnswers`), and the
/// `SectionShift` each edit reports is checked element by element against the layouts
/// before and after it.
@Suite struct WaterfallEditTests {
    static let container = Size(width: 331, height: 480)
    /// Sections of 0, 1, 2, 3, 5, 10 items, two larger than several checkpoints (B = 32),
    /// one of exactly two.
    static let counts = [0, 1, 2, 3, 5, 10, 77, 0, 64, 131]

    static let configurations: [Waterfall.Configuration] = {
        var list: [Waterfall.Configuration] = []
        for estimated in [false, true] {
            for lanes in [ColumnChoice.stable, .rebalance] where estimated || lanes == .stable {
                for (columns, header, footer) in [(1, 0.0, 0.0), (2, 0.0, 0.0), (3, 24.0, 0.0), (4, 24.0, 16.0), (2, 0.0, 16.0)] {
                    list.append(Waterfall.Configuration(
                        columns: columns, columnSpacing: 10, itemSpacing: 10, insets: Waterfall.Insets(all: 10),
                        headerHeight: header, footerHeight: footer, itemSizing: .heights,
                        estimated: estimated ? .itemHeight(120) : nil, lanes: lanes))
                }
            }
        }
        // Photos scaled to the column, and sums that are not exact (prepared again).
        list.append(Waterfall.Configuration(columns: 3, headerHeight: 20, footerHeight: 8, itemSizing: .scaled))
        list.append(Waterfall.Configuration(columns: 2, itemSpacing: 0.1, headerHeight: 20, itemSizing: .heights))
        return list
    }()

    static func size(_ random: inout SeededRandom, _ configuration: Waterfall.Configuration, halves: Bool) -> Size {
        if configuration.itemSizing == .scaled {
            return Size(width: Double(random.integer(200...4000)), height: Double(random.integer(200...4000)))
        }
        let whole = Double(random.integer(1...300))
        return Size(width: 1, height: halves ? whole + 0.5 * Double(random.integer(0...1)) : whole)
    }

    /// A random edit of `data` that `DataEdit.applied(to:)` accepts: items inserted, deleted
    /// or moved (inside a section and between sections), sections inserted or deleted, and,
    /// for estimated sizes, measurements in between.
    static func edit(_ random: inout SeededRandom, _ data: DataShape, _ configuration: Waterfall.Configuration, halves: Bool) -> DataEdit {
        let sections = data.sectionCount
        let nonEmpty = (0..<sections).filter { data.itemCounts[$0] > 0 }
        func sizes(_ count: Int) -> [Size] { (0..<count).map { _ in size(&random, configuration, halves: halves) } }
        while true {
            if sections == 0 { return .insertSections(section: 0, counts: [3], sizes: sizes(3)) }
            switch random.integer(0...9) {
            case 0, 1, 2:
                let s = random.integer(0...(sections - 1))
                let count = random.integer(1...(random.integer(0...3) == 0 ? 40 : 3))
                return .insertItems(section: s, item: random.integer(0...data.itemCounts[s]), count: count, sizes: sizes(count))
            case 3, 4:
                guard let s = nonEmpty.randomElement(using: &random) else { continue }
                let c = data.itemCounts[s]
                let lower = random.integer(0...(c - 1))
                return .deleteItems(section: s, items: lower..<min(c, lower + random.integer(1...(random.integer(0...3) == 0 ? 40 : 3))))
            case 5, 6:
                guard let s = nonEmpty.randomElement(using: &random) else { continue }
                let from = ItemPath(section: s, item: random.integer(0...(data.itemCounts[s] - 1)))
                let other = random.integer(0...2) == 0 ? random.integer(0...(sections - 1)) : s
                let room = data.itemCounts[other] - (other == s ? 1 : 0)
                return .moveItem(from: from, to: ItemPath(section: other, item: random.integer(0...room)))
            case 7:
                let counts = (0..<random.integer(1...2)).map { _ in random.integer(0...3) == 0 ? 0 : random.integer(1...50) }
                return .insertSections(section: random.integer(0...sections), counts: counts, sizes: sizes(counts.reduce(0, +)))
            case 8:
                guard sections > 3 else { continue }
                let lower = random.integer(0...(sections - 1))
                return .deleteSections(lower..<min(sections, lower + random.integer(1...2)))
            default:
                guard configuration.estimated != nil, let s = nonEmpty.randomElement(using: &random) else { continue }
                let first = random.integer(0...(data.itemCounts[s] - 1))
                let run = first..<min(data.itemCounts[s], first + random.integer(1...6))
                return .setItemSizes(run.map { SizedItem(path: ItemPath(section: s, item: $0), size: size(&random, configuration, halves: halves)) })
            }
        }
    }

    /// What `shift` says of the update from `old` to `new` holds for every cell, header and
    /// footer (see `SectionShift`): kept sections keep their frames, moved sections move by
    /// `offset` under their new numbers, and what was laid again lies within `changedSpan`.
    static func expectShiftHolds(_ shift: SectionShift, old: Waterfall, new: Waterfall, oldData: DataShape, newData: DataShape, _ context: String) {
        #expect(shift.fits(oldSections: oldData.sectionCount, newSections: newData.sectionCount), "\(context): \(shift)")
        #expect(SectionShift.isExact(shift.offset), "\(context)")
        func elements(_ layout: Waterfall, _ data: DataShape, _ section: Int) -> [LayoutAttributes] {
            var list = (0..<data.itemCounts[section]).compactMap { layout.attributes(at: ItemPath(section: section, item: $0)) }
            for kind in [ElementKind.sectionHeader, .sectionFooter] {
                if let a = layout.supplementary(kind, section: section) { list.append(a) }
            }
            return list
        }
        for section in 0..<shift.firstChanged {
            #expect(elements(old, oldData, section) == elements(new, newData, section), "\(context): kept section \(section)")
        }
        for section in shift.movedFrom..<oldData.sectionCount {
            let after = section - shift.movedFrom + shift.movedTo
            let moved = elements(old, oldData, section).map { a -> LayoutAttributes in
                var a = a
                a.path.section = after
                a.frame.origin.y += shift.offset
                return a
            }
            if moved != elements(new, newData, after) {
                Issue.record("\(context): section \(section), now \(after), did not move by \(shift.offset)")
                return
            }
        }
        for section in shift.firstChanged..<shift.movedTo {
            for a in elements(new, newData, section) where a.frame.height > 0 {
                #expect(shift.changedSpan.contains(a.frame.minY) && shift.changedSpan.contains(a.frame.maxY),
                        "\(context): \(a) laid again outside \(shift.changedSpan)")
            }
        }
    }

    @Test(arguments: Array(configurations.indices))
    func editsAnswerAsAFreshWaterfall(configurationIndex: Int) throws {
        let configuration = Self.configurations[configurationIndex]
        for halves in [false, true] {
            var random = SeededRandom(seed: UInt64(3000 + configurationIndex * 2 + (halves ? 1 : 0)))
            let total = Self.counts.reduce(0, +)
            var data = try DataShape(itemCounts: Self.counts, itemSizes: (0..<total).map { _ in Self.size(&random, configuration, halves: halves) })
            var told = Waterfall(configuration)
            try told.prepare(data: data, container: Self.container)
            var followed = 0
            for step in 0..<60 {
                let edit = Self.edit(&random, data, configuration, halves: halves)
                let oldData = data, old = told
                data = try edit.applied(to: data)
                let shift = try told.prepareReportingShift(data: data, container: Self.container, invalidation: .edited(edit))
                var fresh = Waterfall(configuration)
                try fresh.prepare(data: data, container: Self.container)
                let context = "configuration \(configurationIndex) halves \(halves) step \(step) (\(edit))"
                MeasurementDifferentialTests.expectSameAnswers(told, fresh, data, &random, context)
                if let shift {
                    followed += 1
                    Self.expectShiftHolds(shift, old: old, new: told, oldData: oldData, newData: data, context)
                }
            }
            // Exact sums are followed (a shift reported for each edit), inexact ones not.
            let exact = configuration.itemSpacing == 10
            #expect(exact ? followed == 60 : followed == 0, "configuration \(configurationIndex): \(followed) of 60 edits followed")
        }
    }

    /// Two columns 145 wide at x = 10 and 165 (container 320, spacings and insets 10), items
    /// 100, 50, 50, 100, 20, 50, 10 tall, placed by hand in the shortest column (ties to the
    /// left), columns starting at 10:
    ///
    ///     item  h    before: column, y            after inserting 30 at 1
    ///     0     100  0, 10     (H = 120, 10)      0, 10   (H = 120, 10)
    ///     new   30                                1, 10   (H = 120, 50)
    ///     1     50   1, 10     (H = 120, 70)      1, 50   (H = 120, 110)
    ///     2     50   1, 70     (H = 120, 130)     1, 110  (H = 120, 170)
    ///     3     100  0, 120    (H = 230, 130)     0, 120  (H = 230, 170)
    ///     4     20   1, 130    (H = 230, 160)     1, 170  (H = 230, 200)
    ///     5     50   1, 160    (H = 230, 220)     1, 200  (H = 230, 260)
    ///     6     10   1, 220    (H = 230, 240)     0, 230  (H = 250, 260)
    ///
    /// Items 1 to 5 keep their lanes, column 1's moved 40 down and column 0's not (a shift per
    /// column, which no single offset describes); item 6 changes lane. Content height
    /// `max H − 10 + 10`: 240 before, 260 after. The section re-lays from checkpoint 0 to its
    /// end (the insert renumbers every later item), and no shift is reported: it is the only
    /// section and does not move as one.
    @Test func anInsertNearTheTopWorkedByHand() throws {
        let container = Size(width: 320, height: 480)
        let heights: [Double] = [100, 50, 50, 100, 20, 50, 10]
        var data = try DataShape(itemCounts: [heights.count], itemSizes: heights.map { Size(width: 1, height: $0) })
        var layout = Waterfall(Waterfall.Configuration(columns: 2, itemSizing: .heights))
        try layout.prepare(data: data, container: container)
        func frames() -> [Rect] { (0..<data.itemCounts[0]).map { layout.attributes(at: ItemPath(section: 0, item: $0))!.frame } }
        func rect(_ column: Int, _ y: Double, _ h: Double) -> Rect { Rect(x: column == 0 ? 10 : 165, y: y, width: 145, height: h) }
        #expect(frames() == [rect(0, 10, 100), rect(1, 10, 50), rect(1, 70, 50), rect(0, 120, 100), rect(1, 130, 20), rect(1, 160, 50), rect(1, 220, 10)])
        #expect(layout.contentSize.height == 240)
        let edit = DataEdit.insertItems(section: 0, item: 1, count: 1, sizes: [Size(width: 1, height: 30)])
        data = try edit.applied(to: data)
        let shift = try layout.prepareReportingShift(data: data, container: container, invalidation: .edited(edit))
        #expect(frames() == [
            rect(0, 10, 100), rect(1, 10, 30), rect(1, 50, 50), rect(1, 110, 50), rect(0, 120, 100), rect(1, 170, 20), rect(1, 200, 50),
            rect(0, 230, 10),
        ])
        #expect(layout.contentSize.height == 260)
        #expect(layout.editRelaidItems == 8)
        // One section, which the edit lays again: a shift whose moved part is empty.
        #expect(shift == SectionShift(firstChanged: 0, movedFrom: 1, movedTo: 1, offset: 20, changedSpan: 0...260))
    }

    /// How far an edit re-lays (`editRelaidItems`): from the checkpoint before its first
    /// changed item; an insert near the end of a long section lays at most B + its count
    /// items, whatever the section's length; a move inside the section stops at the first
    /// checkpoint after the moved items where the columns stand as before up to one shift
    /// (here equal heights: at once).
    @Test(arguments: [ColumnChoice.stable, .rebalance])
    func anEditNearTheEndOfALongSectionLaysFewItems(lanes: ColumnChoice) throws {
        let b = Waterfall.checkpointInterval
        let count = 20_000
        let configuration = Waterfall.Configuration(columns: 3, itemSizing: .heights, estimated: .itemHeight(100), lanes: lanes)
        var data = try DataShape(itemCounts: [count, 5], itemSizes: Array(repeating: Size(width: 1, height: 100), count: count + 5))
        var layout = Waterfall(configuration)
        try layout.prepare(data: data, container: Self.container)
        var random = SeededRandom(seed: 30)
        for edit in [
            DataEdit.insertItems(section: 0, item: count - 3, count: 2, sizes: [Size(width: 1, height: 70), Size(width: 1, height: 250)]),
            .deleteItems(section: 0, items: (count - 10)..<(count - 8)),
            .moveItem(from: ItemPath(section: 0, item: 100), to: ItemPath(section: 0, item: 103)),
        ] {
            data = try edit.applied(to: data)
            try layout.prepare(data: data, container: Self.container, invalidation: .edited(edit))
            #expect(layout.editRelaidItems <= 2 * b + 2, "\(lanes) \(edit): \(layout.editRelaidItems) items laid again")
            var fresh = Waterfall(configuration)
            try fresh.prepare(data: data, container: Self.container)
            MeasurementDifferentialTests.expectSameAnswers(layout, fresh, data, &random, "\(lanes) \(edit)")
        }
    }

    /// Warm item edits (inserts and deletes that keep each section's number of checkpoints,
    /// and moves) allocate nothing in the layout: the caller's data is made beforehand.
    @Test(arguments: [false, true])
    func warmItemEditsAllocateNothing(estimated: Bool) throws {
        try #require(AllocationCount.isAvailable)
        let configuration = Waterfall.Configuration(
            columns: 3, headerHeight: 20, footerHeight: 12, itemSizing: .heights, estimated: estimated ? .itemHeight(100) : nil,
            lanes: .rebalance)
        let counts = [40, 300, 17]
        var data = try DataShape(itemCounts: counts, itemSizes: (0..<counts.reduce(0, +)).map { Size(width: 1, height: Double(50 + $0 % 97)) })
        var layout = Waterfall(configuration)
        try layout.prepare(data: data, container: Self.container)
        var steps: [(DataShape, Invalidation)] = []
        for step in 0..<40 {
            let section = step % 3
            let item = (step * 7) % 10
            let edits: [DataEdit] = [
                .insertItems(section: section, item: item, count: 1, sizes: [Size(width: 1, height: Double(60 + step))]),
                .deleteItems(section: section, items: item..<(item + 1)),
                .moveItem(from: ItemPath(section: section, item: item), to: ItemPath(section: section, item: item + 5)),
            ]
            for edit in edits {
                data = try edit.applied(to: data)
                steps.append((data, .edited(edit)))
            }
        }
        for (data, invalidation) in steps.prefix(6) {
            try layout.prepare(data: data, container: Self.container, invalidation: invalidation)
        }
        let (_, allocations) = try AllocationCount.measure {
            var index = 6
            while index < steps.count {
                try layout.prepare(data: steps[index].0, container: Self.container, invalidation: steps[index].1)
                index += 1
            }
        }
        #expect(allocations.allocations == 0, "\(allocations)")
        var fresh = Waterfall(configuration)
        try fresh.prepare(data: data, container: Self.container)
        var random = SeededRandom(seed: 31)
        MeasurementDifferentialTests.expectSameAnswers(layout, fresh, data, &random, "after the warm edits")
    }
}
