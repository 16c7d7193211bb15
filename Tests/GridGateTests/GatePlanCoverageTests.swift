import Foundation
@testable import GridGate
import GridHarness
import GridLayouts
import Testing

/// The committed gate plan gates every layout GridBench has, so that a regression in any of
/// them fails CI (issue 30: the columnar, waterfall and span grid were once ungated).
@Suite struct GatePlanCoverageTests {
    /// The layout of each data set of the report's plan, read once: its specs hold up to
    /// millions of elements, and every case of the test below asks about every data set.
    static let layoutNames: Result<[String: String], any Error> = Result {
        let plan = try BenchmarkPlan.load(from: Repository.datasets.appendingPathComponent("plan.json"))
        var names: [String: String] = [:]
        for run in plan.runs where names[run.dataset] == nil {
            names[run.dataset] = try LayoutSpec.load(from: plan.specURL(run.dataset)).layoutName
        }
        return names
    }

    /// The layout of `dataset`, a data set of `plan`.
    static func layoutName(of dataset: String, in plan: BenchmarkPlan) throws -> String? {
        try layoutNames.get()[dataset]
    }

    /// Whether a layout takes edits: its own operations (a span grid's merges, through its
    /// configuration's operation codec), or data edits in the report's plan
    /// (`datasets/plan.json`: a data set of the layout replays an edits, moves, grid-edits or
    /// record-edits trace), so the edit path the report measures is the one the gate guards.
    static func takesEdits(_ layout: String) throws -> Bool {
        if try LayoutRegistry.configuration(named: layout).operationCodec != nil { return true }
        let plan = try BenchmarkPlan.load(from: Repository.datasets.appendingPathComponent("plan.json"))
        let editKinds: Set<TraceGenerator.Kind> = [.edits, .moves, .gridEdits, .recordEdits]
        for run in plan.runs where try layoutName(of: run.dataset, in: plan) == layout {
            if run.traces.contains(where: { plan.recipe(named: $0).map { editKinds.contains($0.kind) } ?? false }) { return true }
        }
        return false
    }

    /// Whether a data set of the layout replays a typing trace in the report's plan.
    static func types(_ layout: String) throws -> Bool {
        let plan = try BenchmarkPlan.load(from: Repository.datasets.appendingPathComponent("plan.json"))
        for run in plan.runs where try layoutName(of: run.dataset, in: plan) == layout {
            if run.traces.contains(where: { plan.recipe(named: $0)?.kind == .typing }) { return true }
        }
        return false
    }

    /// Every layout of the registry has a prepare, a scroll and a rotation workload in the
    /// committed plan, an edit workload when it takes edits, and the two typing workloads
    /// (a keystroke within its line, one that grows its row) when it is typed in.
    @Test(arguments: LayoutRegistry.builtIn.map { $0.layoutName })
    func everyLayoutIsGated(layout: String) throws {
        let plan = try GatePlan.load(from: Repository.datasets.appendingPathComponent("gate-plan.json"))
        let kinds = Set(plan.workloads.filter { $0.layout == layout }.map(\.kind))
        var wanted: [GateWorkload.Kind] = [.prepare, .scroll, .rotation]
        if try Self.takesEdits(layout) { wanted.append(.edit) }
        if try Self.types(layout) { wanted += [.keystroke, .rowGrowth] }
        let missing = wanted.filter { !kinds.contains($0) }.map(\.rawValue)
        #expect(missing.isEmpty, "\(layout) has no \(missing.joined(separator: ", ")) workload in datasets/gate-plan.json: a regression in it would pass the gate")
    }

    /// The rule above, on what is known: the span grid takes operations, and the tile grid,
    /// columnar, waterfall and data grid (`record-edits-60hz`) data edits in the report.
    @Test func whichLayoutsTakeEdits() throws {
        #expect(try Self.takesEdits("span-grid"))
        #expect(try Self.takesEdits("tile-grid"))
        #expect(try Self.takesEdits("columnar-grouped"))
        #expect(try Self.takesEdits("waterfall"))
        #expect(try Self.takesEdits("data-grid"))
    }

    /// The committed typing workloads do what their names say, as the gate measures them (the
    /// frame's events told to a grid that has seen no earlier keystroke): the keystroke's
    /// content (48) fits row 0 (48 tall, the spec's first row), so the content height stays
    /// as it was; the row growth's (68) makes row 0, and so the content, 68 − 48 = 20 taller.
    @Test func theTypingWorkloadsKeepAndGrowTheirRow() throws {
        let plan = try GatePlan.load(from: Repository.datasets.appendingPathComponent("gate-plan.json"))
        let typing = plan.workloads.filter { $0.kind == .keystroke || $0.kind == .rowGrowth }
        #expect(Set(typing.map(\.layout)) == ["span-grid"])
        #expect(typing.count == 8)
        for workload in typing where workload.strategy == .onDemand {
            let window = try #require(workload.window)
            let spec = try #require(plan.specs[workload.specURL])
            var trace = try #require(plan.traces[window.url])
            trace.events = trace.events.filter { $0.frame == window.start }
            #expect(trace.events.map(\.change.typeName) == ["cell-content"])
            func height(through frame: Int) throws -> Double {
                try EventPipeline.effects(
                    of: trace, over: spec.data, layout: spec.makeLayout(), through: frame, describedAs: "span grid", tracePath: window.path
                ).layout.contentSize.height
            }
            let before = try height(through: window.start - 1), after = try height(through: window.start)
            #expect(after - before == (workload.kind == .rowGrowth ? 20 : 0), "\(workload.id)")
        }
    }
}
