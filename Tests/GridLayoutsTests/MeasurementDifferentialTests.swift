import GridCore
import GridLayouts
import Testing

/// A measurement told to the waterfall and the columnar grouped layout
/// (`prepare(data:container:invalidation: .edited(.setItemSizes(…)))`), which they follow by
/// re-laying only from the first measured item on, against the second method: a fresh layout
/// prepared with the same data. Seeded sequences of measurement batches, as a viewport
/// sends them (runs of neighbouring items, scattered items, a path measured twice), in both
/// column rules, 1 to 5 columns (and 40), with and without headers and footers; after every batch
/// every answer is compared bit for bit: the content size, the declared line height, every
/// cell, every header and footer, and the elements in a sweep of rects down the content and
/// in random ones.
@Suite struct MeasurementDifferentialTests {
    static let container = Size(width: 331, height: 480)
    /// Sections of 0, 1, 2, 3, 5, 10 items, two larger than several checkpoints (B = 32), and
    /// one of exactly two checkpoints.
    static let counts = [0, 1, 2, 3, 5, 10, 77, 0, 64, 131]

    /// What a batch's heights are made of: whole points, binary fractions (exact sums), or
    /// thirds (sums that are not exact, which the layouts follow by preparing again).
    enum Heights: CaseIterable, Sendable { case whole, halves, thirds }

    static func height(_ random: inout SeededRandom, _ heights: Heights) -> Double {
        let whole = Double(random.integer(1...300))
        return switch heights {
        case .whole: whole
        case .halves: whole + 0.5 * Double(random.integer(0...1))
        case .thirds: whole + 1.0 / 3.0
        }
    }

    /// A batch as a viewport sends one: the items entering a region (a run of neighbours in
    /// one section, sometimes running into the next sections), a few scattered ones, or a
    /// run with one path given twice (its last size counts).
    static func batch(_ random: inout SeededRandom, _ data: DataShape, _ heights: Heights, size: (Double) -> Size) -> [SizedItem] {
        var items: [SizedItem] = []
        let total = data.totalItems
        switch random.integer(0...2) {
        case 0:
            var flat = random.integer(0...(total - 1))
            for _ in 0..<random.integer(1...12) where flat < total {
                items.append(SizedItem(path: path(flat, data), size: size(height(&random, heights))))
                flat += 1
            }
        case 1:
            for _ in 0..<random.integer(1...4) {
                items.append(SizedItem(path: path(random.integer(0...(total - 1)), data), size: size(height(&random, heights))))
            }
        default:
            let flat = random.integer(0...(total - 1))
            items.append(SizedItem(path: path(flat, data), size: size(height(&random, heights))))
            if flat + 1 < total { items.append(SizedItem(path: path(flat + 1, data), size: size(height(&random, heights)))) }
            items.append(SizedItem(path: path(flat, data), size: size(height(&random, heights))))
        }
        return items
    }

    static func path(_ flat: Int, _ data: DataShape) -> ItemPath {
        var section = 0
        while data.sectionStarts[section] + data.itemCounts[section] <= flat { section += 1 }
        return ItemPath(section: section, item: flat - data.sectionStarts[section])
    }

    /// Every answer of `told` equals `fresh`'s, bit for bit; `context` names the case.
    static func expectSameAnswers(_ told: some GridLayout, _ fresh: some GridLayout, _ data: DataShape, _ random: inout SeededRandom, _ context: String) {
        func bits(_ r: Rect) -> [UInt64] { [r.minX.bitPattern, r.minY.bitPattern, r.width.bitPattern, r.height.bitPattern] }
        func bits(_ a: LayoutAttributes?) -> [UInt64]? { a.map { bits($0.frame) + [UInt64(truncatingIfNeeded: $0.hashValue)] } }
        #expect(told.contentSize.width.bitPattern == fresh.contentSize.width.bitPattern, "\(context): content width")
        #expect(told.contentSize.height.bitPattern == fresh.contentSize.height.bitPattern,
                "\(context): content height \(told.contentSize.height) against \(fresh.contentSize.height)")
        #expect(told.traits.lineHeight?.bitPattern == fresh.traits.lineHeight?.bitPattern, "\(context): line height")
        for section in 0..<data.sectionCount {
            for item in 0..<data.itemCounts[section] {
                let path = ItemPath(section: section, item: item)
                let a = told.attributes(at: path), b = fresh.attributes(at: path)
                if a != b || bits(a) != bits(b) {
                    Issue.record("\(context): cell \(path) is \(String(describing: a?.frame)), fresh \(String(describing: b?.frame))")
                    return
                }
            }
            for kind in [ElementKind.sectionHeader, .sectionFooter] {
                let a = told.supplementary(kind, section: section), b = fresh.supplementary(kind, section: section)
                #expect(a == b && bits(a) == bits(b), "\(context): \(kind) of section \(section)")
            }
        }
        var rects: [Rect] = []
        let height = fresh.contentSize.height, width = fresh.contentSize.width
        var y = -50.0
        while y < height + 50 {
            rects.append(Rect(x: 0, y: y, width: width, height: 480))
            y += 397
        }
        for _ in 0..<12 {
            let x = random.uniform(-20...width), top = random.uniform(-20...max(0, height))
            rects.append(Rect(x: x, y: top, width: random.uniform(1...width), height: random.uniform(1...900)))
        }
        var a: [LayoutAttributes] = [], b: [LayoutAttributes] = []
        for rect in rects {
            a.removeAll(keepingCapacity: true)
            b.removeAll(keepingCapacity: true)
            told.elements(in: rect, into: &a)
            fresh.elements(in: rect, into: &b)
            if a != b || a.map(bits) != b.map(bits) {
                Issue.record("\(context): elements in \(rect): \(a.count) against \(b.count) fresh")
                return
            }
        }
    }

    // MARK: Waterfall

    static let waterfalls: [Waterfall.Configuration] = {
        var list: [Waterfall.Configuration] = []
        for lanes in [ColumnChoice.stable, .rebalance] {
            for (columns, header, footer) in [(1, 0.0, 0.0), (2, 0.0, 0.0), (3, 24.0, 0.0), (5, 24.0, 16.0), (2, 0.0, 16.0)] {
                list.append(Waterfall.Configuration(
                    columns: columns, columnSpacing: 10, itemSpacing: 10, insets: Waterfall.Insets(all: 10),
                    headerHeight: header, footerHeight: footer, itemSizing: .heights,
                    estimated: .itemHeight(120), lanes: lanes))
            }
        }
        // Scaled photos (whole heights, whatever the sizes) and a spacing that is no binary
        // fraction (sums not exact: the layout prepares again).
        list.append(Waterfall.Configuration(columns: 3, headerHeight: 20, footerHeight: 8, itemSizing: .scaled, estimated: .itemSize(Size(width: 4, height: 3))))
        list.append(Waterfall.Configuration(columns: 2, itemSpacing: 0.1, headerHeight: 20, itemSizing: .heights, estimated: .itemHeight(120), lanes: .rebalance))
        // More columns than a checkpoint's 32 items fill: at the first checkpoint of a
        // section some columns hold no item yet.
        list.append(Waterfall.Configuration(
            columns: 40, columnSpacing: 0, itemSpacing: 2, insets: Waterfall.Insets(all: 0), headerHeight: 10,
            itemSizing: .heights, estimated: .itemHeight(120), lanes: .stable))
        return list
    }()

    @Test(arguments: Array(waterfalls.indices), Heights.allCases)
    func waterfallMeasurementsAnswerAsAFreshLayout(configurationIndex: Int, heights: Heights) throws {
        let configuration = Self.waterfalls[configurationIndex]
        let scaled = configuration.itemSizing == .scaled
        let estimate = scaled ? Size(width: 4, height: 3) : Size(width: 1, height: 120)
        var data = try DataShape(itemCounts: Self.counts, itemSizes: Array(repeating: estimate, count: Self.counts.reduce(0, +)))
        var told = Waterfall(configuration)
        try told.prepare(data: data, container: Self.container)
        var random = SeededRandom(seed: UInt64(1000 + configurationIndex * 10 + Heights.allCases.firstIndex(of: heights)!))
        for step in 0..<40 {
            let batch = Self.batch(&random, data, heights) { h in scaled ? Size(width: 100, height: h) : Size(width: 1, height: h) }
            let edit = DataEdit.setItemSizes(batch)
            data = try edit.applied(to: data)
            try told.prepare(data: data, container: Self.container, invalidation: .edited(edit))
            var fresh = Waterfall(configuration)
            try fresh.prepare(data: data, container: Self.container)
            Self.expectSameAnswers(told, fresh, data, &random, "waterfall \(configurationIndex) \(heights) step \(step) (\(edit))")
        }
    }

    /// What a told measurement reports (`SectionShift`): sections before the first measured
    /// one keep every frame, sections after the last measured one move by the offset.
    @Test(arguments: [ColumnChoice.stable, .rebalance])
    func waterfallShiftIsWhatTheMeasurementDid(lanes: ColumnChoice) throws {
        let configuration = Waterfall.Configuration(columns: 3, headerHeight: 24, footerHeight: 16, itemSizing: .heights, estimated: .itemHeight(120), lanes: lanes)
        var data = try DataShape(itemCounts: Self.counts, itemSizes: Array(repeating: Size(width: 1, height: 120), count: Self.counts.reduce(0, +)))
        var layout = Waterfall(configuration)
        try layout.prepare(data: data, container: Self.container)
        let before = layout
        // Items 40 and 41 of section 6 (77 items) measured 300 and 7 tall.
        let edit = DataEdit.setItemSizes([
            SizedItem(path: ItemPath(section: 6, item: 40), size: Size(width: 1, height: 300)),
            SizedItem(path: ItemPath(section: 6, item: 41), size: Size(width: 1, height: 7)),
        ])
        data = try edit.applied(to: data)
        let shift = try #require(try layout.prepareReportingShift(data: data, container: Self.container, invalidation: .edited(edit)))
        #expect(shift.firstChanged == 6 && shift.movedFrom == 7 && shift.movedTo == 7)
        #expect(shift.offset == layout.sectionTop(7)! - before.sectionTop(7)!)
        for section in 0..<6 {
            for item in 0..<data.itemCounts[section] {
                let path = ItemPath(section: section, item: item)
                #expect(layout.attributes(at: path) == before.attributes(at: path))
            }
        }
        for section in 7..<data.sectionCount {
            for item in 0..<data.itemCounts[section] {
                let path = ItemPath(section: section, item: item)
                var moved = try #require(before.attributes(at: path))
                moved.frame.origin.y += shift.offset
                #expect(layout.attributes(at: path) == moved)
            }
        }
    }

    // MARK: Columnar grouped

    static let columnars: [ColumnarGrouped.Configuration] = {
        var list: [ColumnarGrouped.Configuration] = []
        for placement in [ColumnChoice.stable, .rebalance] {
            for (columns, header, footer) in [(1, 0.0, 0.0), (2, 22.0, 0.0), (3, 22.0, 14.0), (4, 0.0, 14.0)] {
                list.append(ColumnarGrouped.Configuration(
                    columns: columns, columnSpacing: 10, sectionSpacing: 5, headerHeight: header, footerHeight: footer,
                    estimated: .itemHeight(120), placement: placement))
            }
        }
        // A section spacing that is no binary fraction: sums not exact, prepared again.
        list.append(ColumnarGrouped.Configuration(columns: 2, sectionSpacing: 0.3, headerHeight: 22, estimated: .itemHeight(120), placement: .rebalance))
        return list
    }()

    @Test(arguments: Array(columnars.indices), Heights.allCases)
    func columnarMeasurementsAnswerAsAFreshLayout(configurationIndex: Int, heights: Heights) throws {
        let configuration = Self.columnars[configurationIndex]
        var data = try DataShape(itemCounts: Self.counts, itemSizes: Array(repeating: Size(width: 1, height: 120), count: Self.counts.reduce(0, +)))
        var told = ColumnarGrouped(configuration)
        try told.prepare(data: data, container: Self.container)
        var random = SeededRandom(seed: UInt64(2000 + configurationIndex * 10 + Heights.allCases.firstIndex(of: heights)!))
        for step in 0..<40 {
            let batch = Self.batch(&random, data, heights) { Size(width: 1, height: $0) }
            let edit = DataEdit.setItemSizes(batch)
            data = try edit.applied(to: data)
            try told.prepare(data: data, container: Self.container, invalidation: .edited(edit))
            var fresh = ColumnarGrouped(configuration)
            try fresh.prepare(data: data, container: Self.container)
            Self.expectSameAnswers(told, fresh, data, &random, "columnar \(configurationIndex) \(heights) step \(step) (\(edit))")
            for section in 0..<data.sectionCount {
                #expect(told.column(ofSection: section) == fresh.column(ofSection: section), "columnar \(configurationIndex) step \(step): column of \(section)")
            }
        }
    }

    /// In one column what a measurement did is one `SectionShift`: sections after the last
    /// measured one move by how far its end moved. Section 6's items 3 and 70 measured 200
    /// and 20 (estimates 120): its end moves by 80 − 100 = −20.
    @Test func columnarFeedShiftIsWhatTheMeasurementDid() throws {
        let configuration = ColumnarGrouped.Configuration(columns: 1, sectionSpacing: 5, headerHeight: 22, footerHeight: 14, estimated: .itemHeight(120))
        var data = try DataShape(itemCounts: Self.counts, itemSizes: Array(repeating: Size(width: 1, height: 120), count: Self.counts.reduce(0, +)))
        var layout = ColumnarGrouped(configuration)
        try layout.prepare(data: data, container: Self.container)
        let before = layout
        let edit = DataEdit.setItemSizes([
            SizedItem(path: ItemPath(section: 6, item: 70), size: Size(width: 1, height: 20)),
            SizedItem(path: ItemPath(section: 6, item: 3), size: Size(width: 1, height: 200)),
        ])
        data = try edit.applied(to: data)
        let shift = try #require(try layout.prepareReportingShift(data: data, container: Self.container, invalidation: .edited(edit)))
        #expect(shift == SectionShift(
            firstChanged: 6, movedFrom: 7, movedTo: 7, offset: -20,
            changedSpan: before.supplementary(.sectionHeader, section: 6)!.frame.minY...layout.supplementary(.sectionFooter, section: 6)!.frame.maxY))
        #expect(layout.contentSize.height == before.contentSize.height - 20)
        for section in 7..<data.sectionCount {
            var moved = try #require(before.supplementary(.sectionHeader, section: section))
            moved.frame.origin.y -= 20
            #expect(layout.supplementary(.sectionHeader, section: section) == moved)
        }
        // In two columns each column moves by its own: nothing is reported.
        var two = ColumnarGrouped(ColumnarGrouped.Configuration(columns: 2, estimated: .itemHeight(120)))
        var twoData = try DataShape(itemCounts: Self.counts, itemSizes: Array(repeating: Size(width: 1, height: 120), count: Self.counts.reduce(0, +)))
        try two.prepare(data: twoData, container: Self.container)
        twoData = try edit.applied(to: twoData)
        #expect(try two.prepareReportingShift(data: twoData, container: Self.container, invalidation: .edited(edit)) == nil)
    }
}
