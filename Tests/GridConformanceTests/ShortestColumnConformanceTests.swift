import GridConformance
import GridCore
import GridLayouts
import GridStrategies
import Testing

/// The columnar grouped layout and the waterfall obey every law, law 9 included, with and
/// without headers and footers, through every strategy; the agreement and determinism laws compare the
/// columnar cells' group positions like their frames.
@Suite struct ShortestColumnConformanceTests {
    @Test(arguments: [
        ColumnarGrouped.Configuration.standard,
        ColumnarGrouped.Configuration(columns: 3, columnSpacing: 10, sectionSpacing: 5, headerHeight: 28, footerHeight: 16),
    ])
    func columnarGroupedObeysEveryLawOnTheStandardSet(configuration: ColumnarGrouped.Configuration) {
        let report = GridConformance.check { ColumnarGrouped(configuration) }
        #expect(report.isPassing, "\(report)")
        #expect(report.lawsChecked == ConformanceLaw.allCases)
        if configuration.headerHeight > 0 {
            // Every section places a frame: law 9 is declared, and checked, everywhere.
            #expect(report.checked.tightnessChecks == report.checked.configurations)
        } else {
            // Not where an empty section places no frame (see ColumnarGrouped.tightness):
            // 6 of the 28 standard shapes hold one ([0], [0, 0, 0], [0, 3, 0, 0, 5, 1, 0] and
            // its skewed copy, [7, 0, 12, 1], [1, 0, 0, 2, 0, 0, 1]).
            #expect(report.checked.tightnessChecks > 0)
            #expect(report.checked.tightnessChecks < report.checked.configurations)
        }
        // 28 standard shapes (16 uniform, 12 skewed) in 5 containers, each made twice.
        #expect(report.checked.determinismComparisons == 28 * 5)
        #expect(report.skipped.isEmpty)
    }

    @Test(arguments: [
        ColumnarGrouped.Configuration(columns: 1, columnSpacing: 0, sectionSpacing: 0, itemHeight: 10),
        // Not binary fractions: rounding must still keep frames apart and inside.
        ColumnarGrouped.Configuration(columns: 4, columnSpacing: 3.3, sectionSpacing: 0.7, itemHeight: 17.1, headerHeight: 9.9, footerHeight: 0.3),
    ])
    func columnarGroupedOtherModes(configuration: ColumnarGrouped.Configuration) {
        let report = GridConformance.check(options: .quick) { ColumnarGrouped(configuration) }
        #expect(report.isPassing, "\(report)")
        #expect(report.lawsChecked.contains(.tightness))
    }

    @Test(arguments: [
        Waterfall.Configuration.standard,
        Waterfall.Configuration(columns: 3, headerHeight: 30, footerHeight: 12),
    ])
    func waterfallObeysEveryLawOnTheStandardSet(configuration: Waterfall.Configuration) {
        let report = GridConformance.check { Waterfall(configuration) }
        #expect(report.isPassing, "\(report)")
        // Law 9 is declared for every data shape (see Waterfall.tightness).
        #expect(report.lawsChecked == ConformanceLaw.allCases)
        #expect(report.checked.tightnessChecks == report.checked.configurations)
        // 28 standard shapes (16 uniform, 12 skewed) in 5 containers, each made twice.
        #expect(report.checked.determinismComparisons == 28 * 5)
        #expect(report.skipped.isEmpty)
    }

    @Test(arguments: [
        Waterfall.Configuration(columns: 1, columnSpacing: 0, itemSpacing: 0, insets: Waterfall.Insets(all: 0), itemHeight: 10),
        Waterfall.Configuration(
            columns: 4, columnSpacing: 3.3, itemSpacing: 0.1, insets: Waterfall.Insets(top: 0.7, left: 1.1, bottom: 0.3, right: 2.2),
            headerHeight: 9.9, footerHeight: 0.3, itemHeight: 17.1, itemSizing: .heights),
    ])
    func waterfallOtherModes(configuration: Waterfall.Configuration) {
        let report = GridConformance.check(options: .quick) { Waterfall(configuration) }
        #expect(report.isPassing, "\(report)")
        #expect(report.checked.tightnessChecks == report.checked.configurations)
    }

    @Test(arguments: StrategyKind.allCases)
    func everyStrategyObeysEveryLaw(kind: StrategyKind) throws {
        let columnar = AnyGridLayout(try kind.wrap(ColumnarGrouped(.init(columns: 3, headerHeight: 28, footerHeight: 16)), threshold: 8))
        let columnarReport = GridConformance.check(options: .quick) { columnar }
        #expect(columnarReport.isPassing, "columnar-grouped, \(kind.rawValue): \(columnarReport)")
        let waterfall = AnyGridLayout(try kind.wrap(Waterfall(.init(columns: 3, headerHeight: 30, footerHeight: 12)), threshold: 8))
        let waterfallReport = GridConformance.check(options: .quick) { waterfall }
        #expect(waterfallReport.isPassing, "waterfall, \(kind.rawValue): \(waterfallReport)")
    }

    /// A columnar layout whose per-item answer gets the group position wrong is caught by
    /// the agreement law: positions are compared like frames.
    @Test func aWrongPositionBreaksAgreement() {
        let report = GridConformance.check(options: .quick) { WrongPosition() }
        #expect(!report.isPassing)
        #expect(report.violatedLaws.contains(.agreement), "\(report)")
    }

    /// Answers rect queries as the columnar grouped layout does, but calls every cell
    /// `single` when asked for it by path.
    struct WrongPosition: GridLayout {
        var base = ColumnarGrouped()
        mutating func prepare(data: DataShape, container: Size) throws { try base.prepare(data: data, container: container) }
        var contentSize: Size { base.contentSize }
        var traits: LayoutTraits { base.traits }
        func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) { base.elements(in: rect, into: &buffer) }
        func attributes(at path: ItemPath) -> LayoutAttributes? {
            guard var answer = base.attributes(at: path) else { return nil }
            answer.groupPosition = .single
            return answer
        }
        func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? { base.supplementary(kind, at: path) }
    }
}
