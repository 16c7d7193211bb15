import Foundation
@testable import GridGate
import GridCore
import GridHarness
import Testing

/// The history and its trend, from a dozen synthetic run files whose steps and creep are
/// worked by hand.
@Suite struct GateTrendTests {
    /// Instruction counts of three workloads over runs 1…12 (allocations stay 5 throughout):
    ///
    /// - `a/step`: 1,000 until run 6, then 1,100 from run 7 (`c07`): one step of +10 %,
    ///   beyond the +2 % threshold, so not a creep.
    /// - `b/creep`: 2,000 until run 4; 2,030 at run 5 (+1.5 %), 2,060 at run 8 (+30/2,030),
    ///   2,090 at run 11 (+30/2,060): each step within +2 %, but the window of the last 10
    ///   runs starts at run 3 (2,000), and 2,090 is +4.5 % of it: a creep.
    /// - `c/old`: 3,000 at run 1; 3,045 at run 2 (+1.5 %), 3,090 at run 4 (+45/3,045), then
    ///   flat: +3 % since run 1, but only +45/3,045 = +1.48 % since run 3, the window's
    ///   oldest: no creep with the default window; a creep with a window of 12.
    static let series: [String: [Int]] = [
        "a/step": Array(repeating: 1000, count: 6) + Array(repeating: 1100, count: 6),
        "b/creep": [2000, 2000, 2000, 2000, 2030, 2030, 2030, 2060, 2060, 2060, 2090, 2090],
        "c/old": [3000, 3045, 3045, 3090] + Array(repeating: 3090, count: 8),
    ]

    static func commit(_ run: Int) -> String { String(format: "c%02d", run) }

    static func run(_ number: Int) -> GateHistoryRun {
        GateHistoryRun(
            commit: commit(number), date: String(format: "2026-11-%02dT10:00:00.000Z", number), mode: .instructions,
            environment: GateBaselineTests.environment, plan: "plan.json",
            workloads: series.keys.sorted().map { id in
                GateHistoryRun.Workload(id: id, thresholds: .defaults, figures: GateFigures(instructions: series[id]![number - 1], allocations: 5))
            })
    }

    /// The twelve runs written as files whose names do not sort by date, a corrupt file
    /// and a foreign one; read back.
    static func history() throws -> (GateHistory.Loaded, Workspace) {
        let workspace = try Workspace()
        for number in 1 ... 12 {
            try JSONFiles.write(run(number), to: workspace.url.appendingPathComponent("run-\(13 - number)-\(UUID().uuidString).json"))
        }
        try workspace.write(#"{"schemaVersion": 1, "tool": "gridbench gate history", "commit": "#, to: "run-truncated.json")
        try workspace.write(#"{"schemaVersion": 1, "layout": "tile-grid"}"#, to: "spec.json")
        try workspace.write("half-written", to: ".run-x.json.gridbench-1.tmp")
        return (try GateHistory.load(from: workspace.url), workspace)
    }

    @Test func corruptAndForeignFilesAreSkippedAndNamed() throws {
        let (loaded, workspace) = try Self.history()
        defer { workspace.remove() }
        #expect(loaded.runs.map(\.commit) == (1 ... 12).map(Self.commit))
        #expect(loaded.skipped.count == 2, "\(loaded.skipped)")
        #expect(loaded.skipped.contains { $0.contains("run-truncated.json") })
        #expect(loaded.skipped.contains { $0.contains("spec.json") })
        #expect(!loaded.skipped.contains { $0.contains(".tmp") })
    }

    @Test func oneStepAndOneCreep() throws {
        let (loaded, workspace) = try Self.history()
        defer { workspace.remove() }
        let trend = GateTrend(runs: loaded.runs)
        #expect(trend.series.map { "\($0.workload) \($0.metric.rawValue)" } == [
            "a/step instructions", "a/step allocations", "b/creep instructions", "b/creep allocations",
            "c/old instructions", "c/old allocations",
        ])
        func steps(_ id: String) -> [GateTrend.Step] {
            trend.series.first { $0.workload == id && $0.metric == .instructions }?.steps ?? []
        }
        #expect(steps("a/step") == [GateTrend.Step(run: 7, commit: "c07", before: 1000, now: 1100, change: 0.1)])
        #expect(steps("b/creep") == [
            GateTrend.Step(run: 5, commit: "c05", before: 2000, now: 2030, change: 0.015),
            GateTrend.Step(run: 8, commit: "c08", before: 2030, now: 2060, change: 30.0 / 2030),
            GateTrend.Step(run: 11, commit: "c11", before: 2060, now: 2090, change: 30.0 / 2060),
        ])
        #expect(steps("c/old") == [
            GateTrend.Step(run: 2, commit: "c02", before: 3000, now: 3045, change: 0.015),
            GateTrend.Step(run: 4, commit: "c04", before: 3045, now: 3090, change: 45.0 / 3045),
        ])
        #expect(trend.series.filter { $0.metric == .allocations }.allSatisfy { $0.steps.isEmpty && $0.creep == nil })

        #expect(trend.creeps.map(\.workload) == ["b/creep"])
        let creep = try #require(trend.creeps.first?.creep)
        #expect(creep.from.run == 3 && creep.from.commit == "c03" && creep.from.value == 2000)
        #expect(creep.to.run == 12 && creep.to.commit == "c12" && creep.to.value == 2090)
        #expect(creep.change == 0.045 && creep.threshold == 0.02)

        // The whole history as the window: c/old's +3 % since run 1 is a creep too.
        #expect(GateTrend(runs: loaded.runs, window: 12).creeps.map(\.workload) == ["b/creep", "c/old"])

        let markdown = trend.markdown()
        #expect(markdown.hasPrefix("### Performance trend: 12 runs, 6 series, 6 steps, 1 creep\n"))
        #expect(markdown.contains("- step at run 7 (`c07`): 1,000 → 1,100 (+10 %)"))
        #expect(markdown.contains("- b/creep instructions: **creep**: 2,000 at `c03` (run 3) → 2,090 at `c12` (run 12): +4.5 %"))
        #expect(markdown.components(separatedBy: "**creep**").count - 1 == 2)  // the summary and its series
        #expect(markdown.contains("![a/step instructions](charts/a-step.instructions.svg)"))
    }

    /// The page needs nothing but itself: no scripts, stylesheets, images or fonts fetched.
    @Test func pageIsSelfContained() throws {
        let (loaded, workspace) = try Self.history()
        defer { workspace.remove() }
        let trend = GateTrend(runs: loaded.runs, baseline: GateBaselineTests.baseline())
        let html = trend.html()
        #expect(html.components(separatedBy: "<svg").count - 1 == 6)
        for external in ["src=", "href=", "@import", "url("] { #expect(!html.contains(external), "\(external)") }
        #expect(html.contains("<span class=\"creep\">creep</span>"))
        let out = workspace.url.appendingPathComponent("trend")
        try trend.write(to: out)
        for name in ["trend.html", "trend.md", "charts/b-creep.instructions.svg"] {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(name).path), "\(name)")
        }
    }

    /// Runs are counted: an axis over one, two or twelve runs is labelled only at runs that
    /// exist, each label its run's number (1, 2 for two runs; never 1.5 written as "2", nor
    /// a run 0).
    @Test(arguments: [1, 2, 12])
    func runAxisIsLabelledAtWholeRuns(runs: Int) throws {
        let trend = GateTrend(runs: (1 ... runs).map(Self.run))
        let series = try #require(trend.series.first)
        let ticks = trend.chart(series).x.ticks
        #expect(!ticks.isEmpty)
        for tick in ticks {
            #expect(tick.value == tick.value.rounded() && tick.label == String(Int(tick.value)), "\(tick)")
            #expect(tick.value >= 1 && tick.value <= Double(runs), "\(tick)")
        }
    }

    @Test func clockStepsNeedASignificantTest() throws {
        func run(_ number: Int, _ nanos: [UInt64]) -> GateHistoryRun {
            GateHistoryRun(
                commit: Self.commit(number), date: String(format: "2026-11-%02dT10:00:00.000Z", number), mode: .clock,
                environment: GateBaselineTests.environment, plan: "plan.json",
                workloads: [GateHistoryRun.Workload(id: "w", thresholds: .defaults, figures: GateFigures(allocations: 0, clockNanos: nanos))])
        }
        // Runs 1 and 2 overlap (no step); run 3 lies wholly above run 2 (U = 0 of 8 × 8).
        let runs = [run(1, [100, 102, 104, 106, 108, 110, 112, 114]), run(2, [101, 103, 105, 107, 109, 111, 113, 115]),
                    run(3, [200, 202, 204, 206, 208, 210, 212, 214])]
        let clock = try #require(GateTrend(runs: runs).series.first { $0.metric == .clock })
        #expect(clock.steps.map(\.run) == [3])
        #expect(clock.steps.first?.pValue.map { $0 < 0.01 } == true)
    }
}
