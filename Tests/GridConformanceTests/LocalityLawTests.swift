@testable import GridConformance
import GridCore
import GridLayouts
import GridStrategies
import Testing

/// Law 10, locality: what a declaration means, measurements in the suite's changes and
/// sequences, the measuring layouts and their strategies holding it, and the layouts that
/// re-lay everything caught by it.
@Suite struct LocalityLawTests {
    // MARK: What a declaration means

    @Test func linesStartWhereEachDeclarationSays() {
        let path = ItemPath(section: 2, item: 7)
        #expect(MeasurementLocality.item.lineStart(of: path) == path)
        // Rows of 4: items 4…7 are row 1, 8…11 row 2.
        #expect(MeasurementLocality.rows(itemsPerRow: 4).lineStart(of: path) == ItemPath(section: 2, item: 4))
        #expect(MeasurementLocality.rows(itemsPerRow: 4).lineStart(of: ItemPath(section: 2, item: 8)) == ItemPath(section: 2, item: 8))
        #expect(MeasurementLocality.rows(itemsPerRow: 0).lineStart(of: path) == path)  // below 1 counts as 1
        #expect(MeasurementLocality.section.lineStart(of: path) == ItemPath(section: 2, item: 0))
    }

    @Test func whatComesBeforeALineStart() {
        let start = ItemPath(section: 2, item: 4)
        func before(_ kind: ElementKind, _ section: Int, _ item: Int) -> Bool {
            MeasurementLocality.precedes(kind, at: ItemPath(section: section, item: item), lineStart: start)
        }
        #expect(before(.cell, 1, 99) && before(.cell, 2, 3))
        #expect(!before(.cell, 2, 4) && !before(.cell, 2, 5) && !before(.cell, 3, 0))
        // The measured section's header comes before its items; its footer after them.
        #expect(before(.sectionHeader, 0, 0) && before(.sectionHeader, 2, 0) && !before(.sectionHeader, 3, 0))
        #expect(before(.sectionFooter, 1, 0) && !before(.sectionFooter, 2, 0))
        #expect(!before(.columnHeader, 0, 0) && !before(.rowHeader, 0, 0) && !before(.corner, 0, 0))
    }

    // MARK: Measurements among the changes

    /// `[3, 0, 5]` with sizes: the middle non-empty section is 2 (section 1 is empty), 5
    /// items, so items 5/2 = 2 and 4 are measured; counts and every other size kept.
    @Test func theFixedMeasurementMeasuresTheMiddleSectionFromItsMiddleOn() throws {
        let sizes = (0 ..< 8).map { Size(width: 1, height: Double(20 + $0)) }
        let data = try DataShape(itemCounts: [3, 0, 5], itemSizes: sizes)
        let edit = try #require(ConformanceChange.setItemSizes.edit(for: data))
        guard case .setItemSizes(let batch) = edit else {
            Issue.record("expected a measurement, got \(edit)")
            return
        }
        #expect(batch.map(\.path) == [ItemPath(section: 2, item: 2), ItemPath(section: 2, item: 4)])
        let (after, container) = try #require(ConformanceChange.setItemSizes.apply(to: data, container: Size(width: 320, height: 480)))
        #expect(container == Size(width: 320, height: 480))
        #expect(after.itemCounts == [3, 0, 5])
        // Flat indices 3 + 2 = 5 and 3 + 4 = 7 take the batch's sizes; the others keep theirs.
        var expected = sizes
        expected[5] = batch[0].size
        expected[7] = batch[1].size
        #expect(after.itemSizes == expected)
        #expect(ConformanceChange.setItemSizes.invalidation(from: data, container: container) == .edited(edit))
        // Data without sizes has nothing to measure.
        #expect(ConformanceChange.setItemSizes.apply(to: try DataShape(itemCounts: [3, 0, 5]), container: container) == nil)
        #expect(!ConformanceChange.setItemSizes.isBatchUpdate && !ConformanceChange.setItemSizes.changesContainer)
    }

    /// The quick options' sequences: two of their three shapes carry sizes, and some steps
    /// measure them, each step's data the data before with the batch's sizes written in (a
    /// path given twice taking its last), worked out here item by item.
    @Test func editSequencesMeasureDataThatCarriesSizesAndOnlyThat() throws {
        let options = ConformanceOptions.quick
        let suite = LayoutSuite(name: "Waterfall", options: options, makeLayout: { Waterfall() })
        var measurements = 0, otherEdits = 0
        for index in 0 ..< options.editSequences {
            for step in suite.sequenceSteps(index) {
                let previous = try #require(step.previous)
                guard case .edited(let edit)? = previous.invalidation?.data else { continue }
                guard case .setItemSizes(let batch) = edit else {
                    otherEdits += 1
                    continue
                }
                measurements += 1
                let before = try #require(previous.data.itemSizes, "a measurement of data without sizes: \(step)")
                #expect(!batch.isEmpty && batch.count <= 6)
                #expect(step.data.itemCounts == previous.data.itemCounts)
                var expected = before
                var start = 0
                for (section, count) in previous.data.itemCounts.enumerated() {
                    for item in 0 ..< count {
                        if let last = batch.last(where: { $0.path == ItemPath(section: section, item: item) }) {
                            expected[start + item] = last.size
                        }
                    }
                    start += count
                }
                #expect(step.data.itemSizes == expected)
            }
        }
        #expect(measurements > 0)
        #expect(otherEdits > measurements)
    }

    // MARK: Worked by hand

    /// Two columns 100 wide, 10 apart (`floor((210 − 10) / 2)`), no insets, no spacing
    /// between items, five items estimated 50 tall, placed in the shortest lane. Lanes:
    /// 0, 1, 0, 1, 0; both columns end at 150 and 100.
    static let twoLanes = Waterfall.Configuration(
        columns: 2, columnSpacing: 10, itemSpacing: 0, insets: Waterfall.Insets(all: 0), itemSizing: .heights,
        estimated: .itemHeight(50), lanes: .rebalance)
    static let fiveEstimated = Array(repeating: Size(width: 1, height: 50), count: 5)
    static let container = Size(width: 210, height: 480)

    static func measuring(_ item: Int, to height: Double) -> DataEdit {
        .setItemSizes([SizedItem(path: ItemPath(section: 0, item: item), size: Size(width: 1, height: height))])
    }

    func frame(_ layout: some GridLayout, _ item: Int) -> Rect? { layout.attributes(at: ItemPath(section: 0, item: item))?.frame }

    /// Item 2 measured 120 tall: lane 0 ends at 50 + 120 = 170, so item 3 goes to lane 1 at
    /// 50 and item 4 to lane 1 at 100, where it was in lane 0: a later item changes lanes,
    /// the items before the measured one keep their frames.
    @Test func aMeasurementMovesLaterItemsToOtherLanesAndNothingBefore() throws {
        var layout = Waterfall(Self.twoLanes)
        let data = try DataShape(itemCounts: [5], itemSizes: Self.fiveEstimated)
        try layout.prepare(data: data, container: Self.container)
        #expect(frame(layout, 4) == Rect(x: 0, y: 100, width: 100, height: 50))
        let edit = Self.measuring(2, to: 120)
        let locality = try #require(Locality(layout, invalidation: .edited(edit), oldContainer: Self.container, newContainer: Self.container))
        #expect(locality.lineStart == ItemPath(section: 0, item: 2))
        #expect(locality.before.count == 2)  // items 0 and 1 (no headers)
        try layout.prepare(data: try edit.applied(to: data), container: Self.container, invalidation: .edited(edit))
        #expect(frame(layout, 0) == Rect(x: 0, y: 0, width: 100, height: 50))
        #expect(frame(layout, 1) == Rect(x: 110, y: 0, width: 100, height: 50))
        #expect(frame(layout, 2) == Rect(x: 0, y: 50, width: 100, height: 120))
        #expect(frame(layout, 3) == Rect(x: 110, y: 50, width: 100, height: 50))
        #expect(frame(layout, 4) == Rect(x: 110, y: 100, width: 100, height: 50))
        #expect(layout.contentSize.height == 170)
        #expect(locality.findings(after: layout.elements(in: ProbePlan.huge)).isEmpty)
    }

    /// Item 3 measured 120 tall: lane 1 ends at 50 + 120 = 170, lane 0 at 150. The lane
    /// sorter draws the taller lane 1 leftmost, so items 0, 1 and 2, all before item 3, jump
    /// columns; the reference keeps them.
    @Test func theLaneSorterMovesItemsBeforeTheMeasuredOne() throws {
        let data = try DataShape(itemCounts: [5], itemSizes: Self.fiveEstimated)
        var mutant = LaneSortedWaterfall(Self.twoLanes)
        try mutant.prepare(data: data, container: Self.container)
        // Before: lane 0 (150) is already the taller, so the sorter changes nothing.
        #expect(frame(mutant, 0) == Rect(x: 0, y: 0, width: 100, height: 50))
        let edit = Self.measuring(3, to: 120)
        let locality = try #require(Locality(mutant, invalidation: .edited(edit), oldContainer: Self.container, newContainer: Self.container))
        try mutant.prepare(data: try edit.applied(to: data), container: Self.container, invalidation: .edited(edit))
        #expect(frame(mutant, 0) == Rect(x: 110, y: 0, width: 100, height: 50))
        #expect(frame(mutant, 1) == Rect(x: 0, y: 0, width: 100, height: 50))
        #expect(frame(mutant, 3) == Rect(x: 0, y: 50, width: 100, height: 120))
        let findings = locality.findings(after: mutant.elements(in: ProbePlan.huge))
        #expect(findings.map(\.id.path.item) == [0, 1, 2])
        #expect(findings.first?.before?.frame == Rect(x: 0, y: 0, width: 100, height: 50))
        #expect(findings.first?.after?.frame == Rect(x: 110, y: 0, width: 100, height: 50))

        var reference = Waterfall(Self.twoLanes)
        try reference.prepare(data: data, container: Self.container)
        try reference.prepare(data: try edit.applied(to: data), container: Self.container, invalidation: .edited(edit))
        #expect(frame(reference, 0) == Rect(x: 0, y: 0, width: 100, height: 50))
        #expect(frame(reference, 3) == Rect(x: 110, y: 50, width: 100, height: 120))
    }

    /// A measurement told with a new container is a resize, which may move anything: law 10
    /// does not apply; nor to a layout that declares nothing.
    @Test func law10AppliesToMeasurementsAloneOnLayoutsThatDeclareIt() throws {
        let data = try DataShape(itemCounts: [5], itemSizes: Self.fiveEstimated)
        var layout = Waterfall(Self.twoLanes)
        try layout.prepare(data: data, container: Self.container)
        let wider = Size(width: 300, height: 480)
        let both = Invalidation(data: .edited(Self.measuring(2, to: 80)), container: .width)
        #expect(Locality(layout, invalidation: both, oldContainer: Self.container, newContainer: wider) == nil)
        #expect(Locality(layout, invalidation: .edited(.insertItems(section: 0, item: 0, count: 1, sizes: nil)),
                         oldContainer: Self.container, newContainer: Self.container) == nil)
        var grid = TileGrid(TileGrid.Configuration(centersItems: true))
        try grid.prepare(data: data, container: Size(width: 320, height: 480))
        #expect(grid.traits.measurementLocality == nil)
        #expect(Locality(grid, invalidation: .edited(Self.measuring(2, to: 80)), oldContainer: .zero, newContainer: .zero) == nil)
    }

    // MARK: The suite

    static let measuringColumnar: [ColumnarGrouped.Configuration] = [
        .init(columns: 3, headerHeight: 28, footerHeight: 16, estimated: .itemHeight(30), placement: .stable),
        .init(columns: 3, headerHeight: 28, footerHeight: 16, estimated: .itemHeight(30), placement: .rebalance),
    ]
    static let measuringWaterfalls: [Waterfall.Configuration] = [
        .init(columns: 3, headerHeight: 30, footerHeight: 12, itemSizing: .heights, estimated: .itemHeight(50), lanes: .stable),
        .init(columns: 3, itemSizing: .heights, estimated: .itemHeight(50), lanes: .rebalance),
    ]

    /// Through every strategy, both modes of both layouts: law 10 is checked (each measured
    /// shape's fixed measurement, and the sequences' measurements) and holds.
    @Test(arguments: StrategyKind.allCases)
    func everyStrategyOverTheMeasuringLayoutsKeepsLaw10(kind: StrategyKind) throws {
        for configuration in Self.measuringColumnar {
            let layout = AnyGridLayout(try kind.wrap(ColumnarGrouped(configuration), threshold: 8))
            let report = GridConformance.check(options: .quick) { layout }
            #expect(report.isPassing, "columnar \(configuration.placement), \(kind.rawValue): \(report)")
            #expect(report.lawsChecked == ConformanceLaw.allCases, "\(report)")
            #expect(report.checked.localityChecks > 0)
        }
        for configuration in Self.measuringWaterfalls {
            let layout = AnyGridLayout(try kind.wrap(Waterfall(configuration), threshold: 8))
            let report = GridConformance.check(options: .quick) { layout }
            #expect(report.isPassing, "waterfall \(configuration.lanes), \(kind.rawValue): \(report)")
            #expect(report.lawsChecked == ConformanceLaw.allCases, "\(report)")
            #expect(report.checked.localityChecks > 0)
        }
    }

    /// Mutant (a): lanes renumbered tallest first after every lay-out. Only law 10 sees it:
    /// every answer is a function of the data, inside the content, apart and tight.
    @Test func aWaterfallThatReordersItsLanesIsCaughtUnderLaw10Alone() {
        let configuration = Self.measuringWaterfalls[1]
        let report = GridConformance.check("LaneSortedWaterfall", options: .quick) { LaneSortedWaterfall(configuration) }
        #expect(report.violatedLaws == [.locality], "\(report)")
        #expect(report.violations.allSatisfy { $0.code == .movedBeforeMeasured }, "\(report)")
        let right = GridConformance.check("LaneSortedWaterfall(none)", options: .quick) { LaneSortedWaterfall(configuration, bug: false) }
        #expect(right.isPassing, "\(right)")
        #expect(right.lawsChecked == ConformanceLaw.allCases)
    }

    /// Mutant (b): sections dealt to the columns tallest first. Only law 10 sees it.
    @Test func aColumnarLayoutThatBalancesOverEverySectionIsCaughtUnderLaw10Alone() {
        let configuration = Self.measuringColumnar[1]
        let report = GridConformance.check("BalancedColumnar", options: .quick) { BalancedColumnar(configuration) }
        #expect(report.violatedLaws == [.locality], "\(report)")
        #expect(report.violations.allSatisfy { $0.code == .movedBeforeMeasured }, "\(report)")
        let right = GridConformance.check("BalancedColumnar(none)", options: .quick) { BalancedColumnar(configuration, bug: false) }
        #expect(right.isPassing, "\(right)")
        #expect(right.lawsChecked == ConformanceLaw.allCases)
    }

    /// Isolated, each case in a child process, law 10 is found and counted as in process
    /// (the child sends its locality checks back with the other counts).
    @Test func law10IsCheckedAlikeIsolated() {
        let configuration = Self.measuringWaterfalls[1]
        var options = ConformanceOptions.quick
        options.shrinks = false
        let inProcess = GridConformance.check("LaneSortedWaterfall", options: options) { LaneSortedWaterfall(configuration) }
        let isolated = GridConformance.check("LaneSortedWaterfall", options: options.isolated()) { LaneSortedWaterfall(configuration) }
        #expect(isolated.violatedLaws == [.locality], "\(isolated)")
        #expect(isolated.checked.localityChecks == inProcess.checked.localityChecks)
        #expect(isolated.checked.localityChecks > 0)
        let right = GridConformance.check(options: options.isolated()) { Waterfall(configuration) }
        #expect(right.isPassing && right.lawsChecked == ConformanceLaw.allCases, "\(right)")
    }

    /// A layout that does not declare law 10 is not checked under it, and the report says so.
    @Test func aLayoutThatDeclaresNoLocalityPassesAndTheReportSaysLaw10WasNotChecked() {
        let report = GridConformance.check(options: .quick) { TileGrid(TileGrid.Configuration(centersItems: true)) }
        #expect(report.isPassing, "\(report)")
        #expect(report.lawsChecked == ConformanceLaw.undeclaredLocality)
        #expect(report.checked.localityChecks == 0)
        #expect(report.description.contains("law 10 (locality) not checked: the layout does not declare traits.measurementLocality"))
    }
}
