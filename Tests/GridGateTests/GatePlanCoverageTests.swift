import Foundation
@testable import GridGate
import GridHarness
import GridLayouts
import Testing

/// The committed gate plan gates every layout GridBench has, so that a regression in any of
/// them fails CI (issue 30: the columnar, waterfall and span grid were once ungated).
@Suite struct GatePlanCoverageTests {
    /// Whether a layout takes edits: its own operations (a span grid's merges, through its
    /// configuration's operation codec), or data edits in the report's plan
    /// (`datasets/plan.json`: a data set of the layout replays an edits, moves or
    /// grid-edits trace), so the edit path the report measures is the one the gate guards.
    static func takesEdits(_ layout: String) throws -> Bool {
        if try LayoutRegistry.configuration(named: layout).operationCodec != nil { return true }
        let plan = try BenchmarkPlan.load(from: Repository.datasets.appendingPathComponent("plan.json"))
        let editKinds: Set<TraceGenerator.Kind> = [.edits, .moves, .gridEdits]
        for run in plan.runs where try LayoutSpec.load(from: plan.specURL(run.dataset)).layoutName == layout {
            if run.traces.contains(where: { plan.recipe(named: $0).map { editKinds.contains($0.kind) } ?? false }) { return true }
        }
        return false
    }

    /// Every layout of the registry has a prepare, a scroll and a rotation workload in the
    /// committed plan, and an edit workload when it takes edits.
    @Test(arguments: LayoutRegistry.builtIn.map { $0.layoutName })
    func everyLayoutIsGated(layout: String) throws {
        let plan = try GatePlan.load(from: Repository.datasets.appendingPathComponent("gate-plan.json"))
        let kinds = Set(plan.workloads.filter { $0.layout == layout }.map(\.kind))
        var wanted: [GateWorkload.Kind] = [.prepare, .scroll, .rotation]
        if try Self.takesEdits(layout) { wanted.append(.edit) }
        let missing = wanted.filter { !kinds.contains($0) }.map(\.rawValue)
        #expect(missing.isEmpty, "\(layout) has no \(missing.joined(separator: ", ")) workload in datasets/gate-plan.json: a regression in it would pass the gate")
    }

    /// The rule above, on what is known: the span grid takes operations, the tile grid,
    /// columnar and waterfall data edits in the report, and the data grid neither.
    @Test func whichLayoutsTakeEdits() throws {
        #expect(try Self.takesEdits("span-grid"))
        #expect(try Self.takesEdits("tile-grid"))
        #expect(try Self.takesEdits("columnar-grouped"))
        #expect(try Self.takesEdits("waterfall"))
        #expect(try !Self.takesEdits("data-grid"))
    }
}
