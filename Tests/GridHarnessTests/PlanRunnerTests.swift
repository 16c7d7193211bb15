import Foundation
import GridCore
import GridHarness
import GridStrategies
import Testing

/// The whole-plan runner, restricted to the small data set of the scale series.
@Suite struct PlanRunnerTests {
    @Test func runsTheBundledPlanRestrictedToScale100() throws {
        let plan = try Repository.plan()
        let runner = try PlanRunner(plan: plan, margin: .chGridView, datasets: ["scale-100"], strategies: [.onDemand])
        #expect(runner.jobs.count == 1)
        #expect(runner.jobs.map(\.replay.trace.name) == ["tour-120hz"])
        var progress: [Int] = []
        var finished: [Int] = []
        let records = try runner.run(
            options: { ReplayOptions(strategy: $0, minimumPasses: 1, maximumPasses: 1, targetSeconds: 0) },
            progress: { index, _ in progress.append(index) },
            finished: { index, _ in finished.append(index) })
        #expect(progress == [0] && finished == [0])
        #expect(records.count == 1)
        #expect(records.allSatisfy { $0.fixture == .pass && $0.passes == 1 && $0.dataset == "scale-100" && $0.strategy == "on-demand" })
    }

    /// Without a strategy filter, every strategy of the plan, in the plan's order.
    @Test func jobsFollowThePlan() throws {
        let plan = try Repository.plan()
        let runner = try PlanRunner(plan: plan, margin: .chGridView, datasets: ["scale-100", "scale-1000"])
        #expect(runner.jobs.map(\.strategy) == plan.strategies + plan.strategies)
        #expect(runner.jobs.map(\.replay.spec.name) == Array(repeating: "scale-100", count: 4) + Array(repeating: "scale-1000", count: 4))
    }

    /// The plan, scale-100's spec and trace, but no fixtures.
    static func planWithoutFixtures(in directory: TemporaryDirectory) throws -> BenchmarkPlan {
        let manager = FileManager.default
        for path in ["plan.json", "specs/scale-100.json", "traces/scale-100/tour-120hz.json"] {
            let target = directory.file(path)
            try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try manager.copyItem(at: Repository.datasets.appendingPathComponent(path), to: target)
        }
        return try BenchmarkPlan.load(from: directory.file("plan.json"))
    }

    @Test func missingFixtureSaysHowToRecordIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let plan = try Self.planWithoutFixtures(in: directory)
        let fixture = plan.fixtureURL(dataset: "scale-100", trace: "tour-120hz")
        let error = expectInputError(file: fixture.path, field: "(file)", value: "missing") {
            try PlanRunner(plan: plan, margin: .chGridView, datasets: ["scale-100"])
        }
        #expect(error?.expected.contains("gridbench fixtures record") == true)
    }

    @Test func missingSpecSaysHowToGenerateIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let plan = try Self.planWithoutFixtures(in: directory)
        let error = expectInputError(file: plan.specURL("scale-1000").path, field: "(file)", value: "missing") {
            try PlanRunner(plan: plan, margin: .chGridView, datasets: ["scale-1000"])
        }
        #expect(error?.expected.contains("gridbench datasets generate") == true)
    }

    @Test func unknownDatasetFilter() throws {
        let plan = try Repository.plan()
        let error = expectInputError(file: Repository.planURL.path, field: "runs", value: "no data set \"scale-7\"") {
            try PlanRunner(plan: plan, margin: .chGridView, datasets: ["scale-7"])
        }
        #expect(error?.expected.contains("scale-100") == true)
    }
}
