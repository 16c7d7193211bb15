import GridCore
import GridLayouts
import Testing

/// Estimated sizes measured one by one (issue 28): the waterfall's lanes and the columnar
/// layout's columns, `stable` and `rebalance`, against frames worked by hand. Each
/// measurement is told as the data change a viewport tells, `DataEdit.setItemSizes`,
/// through `prepare(data:container:invalidation:)`.
@Suite struct MeasuredSizesTests {
    static let container = Size(width: 320, height: 480)

    /// `data` with the item at `path` measured at `height` (a heights-form size), told to
    /// `layout` as a measurement.
    static func measure<L: GridLayout>(_ layout: inout L, _ data: inout DataShape, _ path: ItemPath, height: Double) throws {
        let edit = DataEdit.setItemSizes([SizedItem(path: path, size: Size(width: 1, height: height))])
        data = try edit.applied(to: data)
        try layout.prepare(data: data, container: container, invalidation: .edited(edit))
    }

    static func frames(_ layout: some GridLayout, section: Int = 0, count: Int) -> [Rect?] {
        (0..<count).map { layout.attributes(at: ItemPath(section: section, item: $0))?.frame }
    }

    // MARK: Waterfall

    /// W 320, k 2, g 10, v 10, insets 10: w = floor((320 − 20 − 10)/2) = 145, columns at
    /// x = 10 and 165, both starting at H = 10. Four items estimated 50 tall, true heights
    /// [100, 20, 30, 40].
    static func waterfall(_ lanes: Waterfall.Configuration.Lanes) -> Waterfall {
        var configuration = Waterfall.Configuration.standard
        configuration.itemSizing = .heights
        configuration.estimated = .itemHeight(50)
        configuration.lanes = lanes
        return Waterfall(configuration)
    }

    static func estimatedWaterfallData() throws -> DataShape {
        try DataShape(itemCounts: [4], itemSizes: Array(repeating: Size(width: 1, height: 50), count: 4))
    }

    /// Before any measurement both rules agree: every item 50 tall, items alternate.
    /// Item 0 (tie) column 0 at 10, H₀ = 70; item 1 column 1 at 10, H₁ = 70; item 2 (tie)
    /// column 0 at 70; item 3 column 1 at 70; content 130 − 10 + 10 = 130.
    @Test(arguments: [Waterfall.Configuration.Lanes.stable, .rebalance])
    func waterfallAtTheEstimate(lanes: Waterfall.Configuration.Lanes) throws {
        var layout = Self.waterfall(lanes)
        try layout.prepare(data: try Self.estimatedWaterfallData(), container: Self.container)
        #expect(Self.frames(layout, count: 4) == [
            Rect(x: 10, y: 10, width: 145, height: 50), Rect(x: 165, y: 10, width: 145, height: 50),
            Rect(x: 10, y: 70, width: 145, height: 50), Rect(x: 165, y: 70, width: 145, height: 50),
        ])
        #expect(layout.contentSize.height == 130)
    }

    /// `stable`: item m stays in column m mod 2 whatever is measured; only y and heights
    /// change.
    /// - item 0 measured 100: column 0 holds items 0 (10..<110) and 2 (120..<170), column 1
    ///   items 1 (10..<60) and 3 (70..<120); H = [180, 130], content 180.
    /// - item 1 measured 20: item 1 10..<30, item 3 40..<90; content still 180.
    /// - item 2 measured 30: item 2 120..<150; H₀ = 160, content 160.
    /// - item 3 measured 40: item 3 40..<80; content 160.
    @Test func waterfallStableLanesNeverChange() throws {
        var layout = Self.waterfall(.stable)
        var data = try Self.estimatedWaterfallData()
        try layout.prepare(data: data, container: Self.container)
        func expect(_ ys: [Double], _ heights: [Double], content: Double, sourceLocation: SourceLocation = #_sourceLocation) {
            let expected = (0..<4).map { Rect(x: $0 % 2 == 0 ? 10 : 165, y: ys[$0], width: 145, height: heights[$0]) }
            #expect(Self.frames(layout, count: 4) == expected, sourceLocation: sourceLocation)
            #expect(layout.contentSize.height == content, sourceLocation: sourceLocation)
        }
        try Self.measure(&layout, &data, ItemPath(section: 0, item: 0), height: 100)
        expect([10, 10, 120, 70], [100, 50, 50, 50], content: 180)
        try Self.measure(&layout, &data, ItemPath(section: 0, item: 1), height: 20)
        expect([10, 10, 120, 40], [100, 20, 50, 50], content: 180)
        try Self.measure(&layout, &data, ItemPath(section: 0, item: 2), height: 30)
        expect([10, 10, 120, 40], [100, 20, 30, 50], content: 160)
        try Self.measure(&layout, &data, ItemPath(section: 0, item: 3), height: 40)
        expect([10, 10, 120, 40], [100, 20, 30, 40], content: 160)
    }

    /// `rebalance`: each item goes to the column shortest by the heights known now.
    /// - item 0 measured 100: H₀ = 120 after it; item 1 column 1 at 10 (H₁ = 70); item 2
    ///   now column **1** (70 < 120) at 70, H₁ = 130; item 3 now column **0** (120 < 130)
    ///   at 120, H₀ = 180. Items 2 and 3 changed lanes: the tall item 0 made column 0 the
    ///   longer one. Content 180.
    /// - item 1 measured 20: H₁ = 40 after it; item 2 column 1 at 40 (H₁ = 100); item 3
    ///   column **1** (100 < 120) at 100, H₁ = 160; item 3 changed lane again. Content 160.
    /// - item 2 measured 30: item 2 at 40..<70, H₁ = 80; item 3 column 1 at 80; content 140.
    /// - item 3 measured 40: item 3 at 80..<120, H₁ = 130; content max(120, 130) = 130.
    @Test func waterfallRebalanceMovesItemsBetweenLanes() throws {
        var layout = Self.waterfall(.rebalance)
        var data = try Self.estimatedWaterfallData()
        try layout.prepare(data: data, container: Self.container)
        func expect(_ xs: [Double], _ ys: [Double], _ heights: [Double], content: Double, sourceLocation: SourceLocation = #_sourceLocation) {
            let expected = (0..<4).map { Rect(x: xs[$0], y: ys[$0], width: 145, height: heights[$0]) }
            #expect(Self.frames(layout, count: 4) == expected, sourceLocation: sourceLocation)
            #expect(layout.contentSize.height == content, sourceLocation: sourceLocation)
        }
        try Self.measure(&layout, &data, ItemPath(section: 0, item: 0), height: 100)
        expect([10, 165, 165, 10], [10, 10, 70, 120], [100, 50, 50, 50], content: 180)
        try Self.measure(&layout, &data, ItemPath(section: 0, item: 1), height: 20)
        expect([10, 165, 165, 165], [10, 10, 40, 100], [100, 20, 50, 50], content: 160)
        try Self.measure(&layout, &data, ItemPath(section: 0, item: 2), height: 30)
        expect([10, 165, 165, 165], [10, 10, 40, 80], [100, 20, 30, 50], content: 140)
        try Self.measure(&layout, &data, ItemPath(section: 0, item: 3), height: 40)
        expect([10, 165, 165, 165], [10, 10, 40, 80], [100, 20, 30, 40], content: 130)
        // Every item measured, `rebalance` is the waterfall of the true heights.
        var plain = Waterfall(Waterfall.Configuration(itemSizing: .heights))
        try plain.prepare(data: data, container: Self.container)
        #expect(Self.frames(plain, count: 4) == Self.frames(layout, count: 4))
        #expect(plain.contentSize == layout.contentSize)
    }

    /// Stable lanes make frames that are not in y order within the section (item 3 at
    /// 40 starts above item 2 at 120): the rect query still finds exactly the frames that
    /// meet the rect. With the true heights [100, 20, 30, 40]: 0 at 10..<110 (column 0),
    /// 1 at 10..<30, 2 at 120..<150 (column 0), 3 at 40..<80 (column 1).
    @Test func waterfallStableRectQuery() throws {
        var layout = Self.waterfall(.stable)
        let data = try DataShape(itemCounts: [4], itemSizes: [100, 20, 30, 40].map { Size(width: 1, height: $0) })
        try layout.prepare(data: data, container: Self.container)
        func items(_ y: Double, _ height: Double) -> [Int] {
            layout.elements(in: Rect(x: 0, y: y, width: 320, height: height)).map(\.path.item).sorted()
        }
        #expect(items(0, 35) == [0, 1])
        #expect(items(85, 30) == [0])  // 85..<115: item 2 starts at 120, item 3 ends at 80
        #expect(items(100, 30) == [0, 2])
        // 35..<45: item 2 (column 0) starts below the rect before item 3 (column 1) starts
        // inside it: a query that stopped at the first item below would miss item 3.
        #expect(items(35, 10) == [0, 3])
    }

    // MARK: Columnar grouped

    /// W 320, k 2, g 10, s 5, no headers or footers: w = floor((320 − 30)/2) = 145, columns
    /// at x = 10 and 165. Sections [1, 2, 1] estimated 44 a cell; true heights: section 0
    /// [200], section 1 [10, 10], section 2 [44].
    static func columnar(_ placement: ColumnarGrouped.Configuration.Placement) -> ColumnarGrouped {
        ColumnarGrouped(ColumnarGrouped.Configuration(estimated: .itemHeight(44), placement: placement))
    }

    static func estimatedColumnarData() throws -> DataShape {
        try DataShape(itemCounts: [1, 2, 1], itemSizes: Array(repeating: Size(width: 1, height: 44), count: 4))
    }

    /// The columns by the estimates (what `stable` keeps): section 0 column 0,
    /// E₀ = 5 + 44 = 49; section 1 column 1, E₁ = 5 + 88 = 93; section 2 column 0 (49 < 93).
    ///
    /// Item (0, 0) measured 200 (layout order's first item):
    /// - `rebalance`: section 0 column 0 at 5..<205, H₀ = 205; section 1 column 1, items at
    ///   5 and 49, H₁ = 93; section 2 now column **1** (93 < 205), top 98: it moved.
    /// - `stable`: section 2 stays in column 0, top 205 + 5 = 210.
    ///
    /// Every item measured:
    /// - `rebalance`: section 1's items at 5..<15 and 15..<25, H₁ = 25; section 2 column 1
    ///   at 30..<74; content max(205, 74) + 5 = 210.
    /// - `stable`: section 2 in column 0 at 210..<254; content 254 + 5 = 259.
    @Test func columnarSectionMovesInRebalanceOnly() throws {
        for placement in [ColumnarGrouped.Configuration.Placement.stable, .rebalance] {
            var layout = Self.columnar(placement)
            var data = try Self.estimatedColumnarData()
            try layout.prepare(data: data, container: Self.container)
            // At the estimate both rules agree: section 2 in column 0 at 49 + 5 = 54.
            #expect([0, 1, 2].map { layout.column(ofSection: $0) } == [0, 1, 0], "\(placement)")
            #expect(layout.attributes(at: ItemPath(section: 2, item: 0))?.frame == Rect(x: 10, y: 54, width: 145, height: 44))

            try Self.measure(&layout, &data, ItemPath(section: 0, item: 0), height: 200)
            #expect(layout.attributes(at: ItemPath(section: 0, item: 0))?.frame == Rect(x: 10, y: 5, width: 145, height: 200))
            if placement == .rebalance {
                #expect([0, 1, 2].map { layout.column(ofSection: $0) } == [0, 1, 1])
                #expect(layout.attributes(at: ItemPath(section: 2, item: 0))?.frame == Rect(x: 165, y: 98, width: 145, height: 44))
            } else {
                #expect([0, 1, 2].map { layout.column(ofSection: $0) } == [0, 1, 0])
                #expect(layout.attributes(at: ItemPath(section: 2, item: 0))?.frame == Rect(x: 10, y: 210, width: 145, height: 44))
            }

            try Self.measure(&layout, &data, ItemPath(section: 1, item: 0), height: 10)
            try Self.measure(&layout, &data, ItemPath(section: 1, item: 1), height: 10)
            try Self.measure(&layout, &data, ItemPath(section: 2, item: 0), height: 44)
            #expect(layout.attributes(at: ItemPath(section: 1, item: 1))?.frame == Rect(x: 165, y: 15, width: 145, height: 10))
            if placement == .rebalance {
                #expect(layout.attributes(at: ItemPath(section: 2, item: 0))?.frame == Rect(x: 165, y: 30, width: 145, height: 44))
                #expect(layout.contentSize.height == 210)
            } else {
                #expect(layout.attributes(at: ItemPath(section: 2, item: 0))?.frame == Rect(x: 10, y: 210, width: 145, height: 44))
                #expect(layout.contentSize.height == 259)
            }
        }
    }

    /// Without `estimated` the placement changes nothing: every height is known, and the
    /// layout is today's (the shortest column by the heights).
    @Test func placementWithoutEstimatesIsTodaysLayout() throws {
        let data = try DataShape(itemCounts: [1, 2, 1], itemSizes: [200, 10, 10, 44].map { Size(width: 1, height: $0) })
        var stable = ColumnarGrouped(ColumnarGrouped.Configuration(placement: .stable))
        var rebalance = ColumnarGrouped(ColumnarGrouped.Configuration(placement: .rebalance))
        try stable.prepare(data: data, container: Self.container)
        try rebalance.prepare(data: data, container: Self.container)
        #expect([0, 1, 2].map { stable.column(ofSection: $0) } == [0, 1, 1])
        #expect(stable.contentSize == rebalance.contentSize)
        var waterfall = Waterfall(Waterfall.Configuration(itemSizing: .heights, lanes: .stable))
        try waterfall.prepare(data: try DataShape(itemCounts: [4], itemSizes: [100, 20, 30, 40].map { Size(width: 1, height: $0) }), container: Self.container)
        // The shortest column, as waterfallRebalanceMovesItemsBetweenLanes's last step.
        #expect(Self.frames(waterfall, count: 4).map { $0?.minX } == [10, 165, 165, 165])
    }

    /// A measurement of a path that does not exist, or of a size ≤ 0, is refused naming the
    /// entry; data without sizes has nothing to measure.
    @Test func badMeasurementsAreRefused() throws {
        let data = try Self.estimatedColumnarData()
        #expect(throws: GridError(.itemOutOfRange, field: "items[1]", value: "[1, 2]", expected: "an existing item")) {
            try DataEdit.setItemSizes([
                SizedItem(path: ItemPath(section: 0, item: 0), size: Size(width: 1, height: 10)),
                SizedItem(path: ItemPath(section: 1, item: 2), size: Size(width: 1, height: 10)),
            ]).applied(to: data)
        }
        #expect(throws: GridError.self) {
            try DataEdit.setItemSizes([SizedItem(path: ItemPath(section: 0, item: 0), size: Size(width: 1, height: -3))]).applied(to: data)
        }
        #expect(throws: GridError.self) {
            try DataEdit.setItemSizes([]).applied(to: try DataShape(itemCounts: [3]))
        }
        // A measurement renames nothing.
        let edit = DataEdit.setItemSizes([SizedItem(path: ItemPath(section: 1, item: 1), size: Size(width: 1, height: 9))])
        let cell = ElementID(kind: .cell, path: ItemPath(section: 1, item: 1))
        #expect(edit.id(after: cell) == cell)
        #expect(edit.firstSection == 1)
    }
}
