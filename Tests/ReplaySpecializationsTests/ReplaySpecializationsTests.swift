import Foundation
import ReplaySpecializations
import Testing

/// The parser behind the replay's generated specialisation list: it reads GridBench's own
/// two files as they are, and fails with the file, the line and what it expected on text it
/// cannot follow, never with an empty list.
@Suite struct ReplaySpecializationsTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources").standardizedFileURL

    static func source(_ path: String) throws -> String {
        try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func readsTheRegistryAndTheStrategiesAsTheyAre() throws {
        let layouts = try ReplaySpecializations.layouts(
            registry: Self.source("GridLayouts/Registry/LayoutRegistry.swift"), file: "LayoutRegistry.swift")
        let wrappers = try ReplaySpecializations.wrappers(
            strategyKind: Self.source("GridStrategies/StrategyKind.swift"), file: "StrategyKind.swift")
        #expect(layouts.first == "TileGrid" && layouts.contains("SpanGrid"))
        #expect(wrappers == ["CachedLayout", "ScanLayout", "OnDemandLayout", "AdaptiveLayout"])
        let source = ReplaySpecializations.source(layouts: layouts, wrappers: wrappers)
        #expect(source.contains("    @_specialize(exported: false, kind: full, where L == AdaptiveLayout<TileGrid>)\n"))
        #expect(source.contains("    \"OnDemandLayout<SpanGrid>\",\n"))
    }

    /// The error `body` throws, `nil` when it throws none.
    static func failure(_ body: () throws -> Void) -> ReplaySpecializations.ParseError? {
        do { try body() } catch { return error as? ReplaySpecializations.ParseError }
        return nil
    }

    static let registry = """
        public enum LayoutRegistry {
            public static let builtIn: [any LayoutConfiguration.Type] = [
                TileGrid.Configuration.self,  // the first
                // a comment line

                Ruler.Configuration.self,
            ]
        }
        """

    @Test func readsEntriesPastCommentsAndBlankLines() throws {
        #expect(try ReplaySpecializations.layouts(registry: Self.registry, file: "R.swift") == ["TileGrid", "Ruler"])
    }

    @Test(arguments: [
        ("Ruler.Configuration.self,", "Ruler.self,", 6),
        ("Ruler.Configuration.self,", "RulerConfiguration.self,", 6),
        ("Ruler.Configuration.self,", "Ruler.Configuration.self, Other.Configuration.self,", 6),
        ("static let builtIn", "static let shipped", nil),
        ("    ]\n", "", 7),
    ])
    func aRegistryItCannotFollowFailsNamingTheFileAndLine(replacing: String, with: String, line: Int?) {
        let text = Self.registry.replacingOccurrences(of: replacing, with: with)
        let error = Self.failure { _ = try ReplaySpecializations.layouts(registry: text, file: "Sources/R.swift") }
        #expect(error?.file == "Sources/R.swift" && error?.line == line, "\(String(describing: error))")
        #expect(error?.description.hasPrefix("Sources/R.swift:\(line.map { "\($0):" } ?? "") error: ") == true)
        #expect(error?.description.contains("expected") == true || error?.description.contains("no `static let builtIn`") == true)
    }

    @Test func anEmptyRegistryFails() {
        let text = "static let builtIn: [any LayoutConfiguration.Type] = [\n]\n"
        #expect(throws: ReplaySpecializations.ParseError(file: "R.swift", line: 2, message: "`builtIn` is empty; expected at least one `Layout.Configuration.self`")) {
            try ReplaySpecializations.layouts(registry: text, file: "R.swift")
        }
    }

    static let strategyKind = """
        extension StrategyKind {
            public func wrap<Base: GridLayout, V: StrategyVisitor>(
                _ base: Base, threshold: Int = 1, visitor: V
            ) throws -> V.Result {
                switch self {
                case .cached: try visitor.visit(CachedLayout(base), kind: self)
                case .adaptive: try visitor.visit(try AdaptiveLayout(base, threshold: threshold), kind: self)
                }
            }
        }
        """

    @Test func readsTheWrappersOfTheSwitch() throws {
        #expect(try ReplaySpecializations.wrappers(strategyKind: Self.strategyKind, file: "S.swift") == ["CachedLayout", "AdaptiveLayout"])
    }

    @Test func aStrategyCaseItCannotFollowFailsNamingTheFileAndLine() {
        let text = Self.strategyKind.replacingOccurrences(of: "visitor.visit(CachedLayout(base)", with: "visitor.visit(base")
        let error = Self.failure { _ = try ReplaySpecializations.wrappers(strategyKind: text, file: "S.swift") }
        #expect(error?.description.hasPrefix("S.swift:6: error: expected a case of") == true, "\(String(describing: error))")
        let noSwitch = Self.strategyKind.replacingOccurrences(of: "switch self {", with: "if true {")
        #expect(throws: ReplaySpecializations.ParseError.self) { try ReplaySpecializations.wrappers(strategyKind: noSwitch, file: "S.swift") }
        let noWrap = Self.strategyKind.replacingOccurrences(of: "func wrap<", with: "func wrapped<")
        #expect(throws: ReplaySpecializations.ParseError.self) { try ReplaySpecializations.wrappers(strategyKind: noWrap, file: "S.swift") }
    }

    @Test func everyLayoutInEveryWrapperLayoutsOutermost() {
        #expect(ReplaySpecializations.specializedTypes(layouts: ["A", "B"], wrappers: ["X", "Y"]) == ["X<A>", "Y<A>", "X<B>", "Y<B>"])
    }
}
