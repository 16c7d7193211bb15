import Foundation
import GridCore
import GridLayouts
import GridStrategies
import Testing

/// The replay's frame loop is specialised for every layout of the registry in every
/// strategy (`@_specialize` in Replay+FrameLoop.swift): a layout added to the registry without its
/// four lines would replay through the generic loop, several times slower, and nothing else
/// would say so.
@Suite struct SpecializationListTests {
    /// The concrete type a strategy makes of a layout: `CachedLayout<TileGrid>`.
    struct WrappedName: StrategyVisitor {
        func visit<Layout: GridLayout>(_ layout: Layout, kind: StrategyKind) throws -> String { String(describing: Layout.self) }
    }

    static func wrappedNames<C: LayoutConfiguration>(_ configuration: C.Type) throws -> [String] {
        try StrategyKind.allCases.map { try $0.wrap(C.reference.makeLayout(), visitor: WrappedName()) }
    }

    @Test func everyRegistryLayoutInEveryStrategyIsSpecialised() throws {
        let replay = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/GridHarness/Replay/Replay+FrameLoop.swift").standardizedFileURL
        let source = try String(contentsOf: replay, encoding: .utf8)
        let listed = Set(source.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "@_specialize(exported: false, kind: full, where L == ") else { return nil }
            return String(line[range.upperBound...].dropLast())
        })
        var wanted: [String] = []
        for configuration in LayoutRegistry.builtIn { wanted += try Self.wrappedNames(configuration) }
        #expect(wanted.count == LayoutRegistry.builtIn.count * StrategyKind.allCases.count)
        #expect(wanted.contains("CachedLayout<TileGrid>") && wanted.contains("AdaptiveLayout<SpanGrid>"))
        let missing = wanted.filter { !listed.contains($0) }
        #expect(missing.isEmpty, "add to replayFrames in Replay+FrameLoop.swift: \(missing.map { "@_specialize(exported: false, kind: full, where L == \($0))" })")
        #expect(listed.subtracting(wanted).isEmpty, "specialised but in no registry entry: \(listed.subtracting(wanted).sorted())")
    }
}
