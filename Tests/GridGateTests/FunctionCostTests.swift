import Foundation
@testable import GridGate
import GridCore
import GridHarness
import Testing

/// The per-function counts the baseline keeps and the explanation a regression gets.
@Suite struct FunctionCostTests {
    /// A callgrind out file written by hand, with compressed names and positions: `main`
    /// (own 5) calls `work` (own 20 + 40) for 100, which calls `leaf` for 30 + 10; `leaf`
    /// (own 30 + 10) calls itself once for 10, counted in its own lines already.
    static let profile = """
        version: 1
        creator: callgrind-3.19.0
        positions: line
        events: Ir
        summary: 105

        ob=(1) /tmp/tool
        fl=(1) a.swift
        fn=(1) main
        10 5
        cfn=(2) work
        calls=1 20
        +1 100

        fn=(2)
        20 20
        cfn=(3) leaf
        calls=1 30
        +1 30
        * 40
        cfn=(3)
        calls=1 30
        -1 10

        fn=(3)
        30 30
        +2 10
        cfn=(3)
        calls=1 30
        * 10

        totals: 105
        """

    @Test func inclusiveAndOwnCountsByHand() {
        let functions = CallgrindProfile.functions(inText: Self.profile)
        #expect(functions == [
            FunctionCost(symbol: "main", inclusive: 105, exclusive: 5),
            FunctionCost(symbol: "work", inclusive: 100, exclusive: 60),
            FunctionCost(symbol: "leaf", inclusive: 40, exclusive: 40),
        ])
        // The root's inclusive count is the region's total, as the gate's own parser reads it.
        #expect(functions.first?.inclusive == Callgrind.counts(inText: Self.profile)?.total)
        // From the region down: `main`, which calls it, is not one of the region's functions.
        #expect(CallgrindProfile.functions(inText: Self.profile, root: "work").map(\.symbol) == ["work", "leaf"])
    }

    /// Work planted in one function grows it and each caller by the same count: the
    /// function whose own instructions grew comes first, then its callers deepest first.
    @Test func theFunctionThatChangedComesFirst() {
        let before = [
            FunctionCost(symbol: "region", inclusive: 1000, exclusive: 0), FunctionCost(symbol: "scroll", inclusive: 900, exclusive: 100),
            FunctionCost(symbol: "planted", inclusive: 300, exclusive: 300), FunctionCost(symbol: "base", inclusive: 200, exclusive: 200),
        ]
        let now = [
            FunctionCost(symbol: "region", inclusive: 1100, exclusive: 0), FunctionCost(symbol: "scroll", inclusive: 1000, exclusive: 100),
            FunctionCost(symbol: "planted", inclusive: 400, exclusive: 400), FunctionCost(symbol: "base", inclusive: 200, exclusive: 200),
            FunctionCost(symbol: "fresh", inclusive: 50, exclusive: 50),
        ]
        let changes = FunctionChange.explain(before: before, now: now) { symbols in ["planted": "Planted.elements(in:into:)"].filter { symbols.contains($0.key) } }
        #expect(changes == [
            FunctionChange(symbol: "planted", name: "Planted.elements(in:into:)", before: 300, now: 400, change: 100, exclusiveChange: 100),
            FunctionChange(symbol: "scroll", name: "scroll", before: 900, now: 1000, change: 100, exclusiveChange: 0),
            FunctionChange(symbol: "region", name: "region", before: 1000, now: 1100, change: 100, exclusiveChange: 0),
            FunctionChange(symbol: "fresh", name: "fresh", before: nil, now: 50, change: 50, exclusiveChange: nil),
        ])
    }

    /// A baseline recorded before functions were kept still loads, without them.
    @Test func baselinesWithoutFunctionsStillLoad() throws {
        let text = try GateBaselineTests.encoded(GateBaselineTests.baseline())
        #expect(!text.contains("\"functions\""))
        let loaded = try GateBaselineTests.load(text)
        #expect(loaded.workloads.allSatisfy { $0.functions == nil })

        var kept = GateBaselineTests.baseline()
        kept.workloads[0].functions = [FunctionCost(symbol: "main", inclusive: 10, exclusive: 11)]
        #expect(throws: InputError.self) { try GateBaselineTests.load(try GateBaselineTests.encoded(kept)) }
        kept.workloads[0].functions = [FunctionCost(symbol: "main", inclusive: 10, exclusive: 4)]
        #expect(try GateBaselineTests.load(try GateBaselineTests.encoded(kept)) == kept)
    }
}
