import GridCore
import GridHarness
import GridLayouts
import GridStrategies
import Testing

/// The replay's frame loop is specialised for every layout of the registry in every
/// strategy, by a list ReplaySpecializationPlugin generates at build time from the text of
/// LayoutRegistry.swift and StrategyKind.swift. A list that dropped a layout would replay it
/// through the generic loop, several times slower, and nothing else would say so; one that
/// invented a type would not build, or would specialise for nothing.
@Suite struct SpecializationListTests {
    /// The concrete type a strategy makes of a layout: `CachedLayout<TileGrid>`.
    struct WrappedName: StrategyVisitor {
        func visit<Layout: GridLayout>(_ layout: Layout, kind: StrategyKind) throws -> String { String(describing: Layout.self) }
    }

    static func wrappedNames<C: LayoutConfiguration>(_ configuration: C.Type) throws -> [String] {
        try StrategyKind.allCases.map { try $0.wrap(C.reference.makeLayout(), visitor: WrappedName()) }
    }

    @Test func theGeneratedListIsEveryRegistryLayoutInEveryStrategy() throws {
        var wanted: [String] = []
        for configuration in LayoutRegistry.builtIn { wanted += try Self.wrappedNames(configuration) }
        #expect(wanted.count == LayoutRegistry.builtIn.count * StrategyKind.allCases.count)
        #expect(wanted.contains("CachedLayout<TileGrid>") && wanted.contains("AdaptiveLayout<SpanGrid>"))
        let generated = replaySpecializedTypes
        let missing = wanted.filter { !generated.contains($0) }
        let invented = generated.filter { !wanted.contains($0) }
        #expect(missing.isEmpty, "the registry and the strategies make these, and the generated replayFrames is not specialised for them: \(missing)")
        #expect(invented.isEmpty, "the generated replayFrames is specialised for these, which no registry layout in any strategy makes: \(invented)")
        #expect(generated.count == Set(generated).count, "a type specialised twice: \(generated)")
    }
}
