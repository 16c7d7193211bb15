import GridConformance
import GridCore
import GridLayouts
import GridStrategies
import Testing

/// Every strategy of every reference layout obeys every law: a strategy that caches must
/// answer as the layout does, and drop its cache on every prepare (law 6).
@Suite struct StrategyConformanceTests {
    @Test func cachedTileGridObeysEveryLawOnTheStandardSet() {
        let report = GridConformance.check { CachedLayout(TileGrid(.chGridView)) }
        #expect(report.isPassing, "\(report)")
        #expect(report.lawsChecked == ConformanceLaw.allCases)
        #expect(report.checked.configurations == 65)
    }

    @Test(arguments: StrategyKind.allCases, [TileGrid.Configuration.chGridView, TileGrid.Configuration(centersItems: true)])
    func everyStrategyObeysEveryLaw(kind: StrategyKind, configuration: TileGrid.Configuration) throws {
        // Adaptive at threshold 8 caches the small shapes and computes the larger on demand,
        // and law 6 then also crosses the switch.
        let make = { () -> any GridLayout in
            (try? kind.wrap(TileGrid(configuration), threshold: 8)) ?? OnDemandLayout(TileGrid(configuration))
        }
        let report = GridConformance.check(options: .quick) { AnyLayout(make()) }
        #expect(report.isPassing, "\(kind.rawValue): \(report)")
        #expect(report.lawsChecked == ConformanceLaw.allCases)
        #expect(report.checked.configurations > 0)
    }
}

/// A layout behind an existential, as one concrete type for the suite's generic entry.
struct AnyLayout: GridLayout {
    var base: any GridLayout
    init(_ base: any GridLayout) { self.base = base }
    mutating func prepare(data: DataShape, container: Size) throws { try base.prepare(data: data, container: container) }
    var contentSize: Size { base.contentSize }
    var traits: LayoutTraits { base.traits }
    func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) { base.elements(in: rect, into: &buffer) }
    func attributes(at path: ItemPath) -> LayoutAttributes? { base.attributes(at: path) }
    func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? { base.supplementary(kind, at: path) }
}
