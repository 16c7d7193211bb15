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
        #expect(runner.jobs.count == 2)
        #expect(runner.jobs.map(\.replay.trace.name) == ["tour-120hz", "scale-edits-120hz"])
        var progress: [Int] = []
        var finished: [Int] = []
        let records = try runner.run(
            options: { ReplayOptions(strategy: $0, minimumPasses: 1, maximumPasses: 1, targetSeconds: 0) },
            progress: { index, _ in progress.append(index) },
            finished: { index, _ in finished.append(index) })
        #expect(progress == [0, 1] && finished == [0, 1])
        #expect(records.count == 2)
        #expect(records.allSatisfy { $0.fixture == .pass && $0.passes == 1 && $0.dataset == "scale-100" && $0.strategy == "on-demand" })
    }

    /// Without a strategy filter, every strategy of the plan, in the plan's order.
    @Test func jobsFollowThePlan() throws {
        let plan = try Repository.plan()
        let runner = try PlanRunner(plan: plan, margin: .chGridView, datasets: ["scale-100", "scale-1000"])
        // Each over the tour and the edits trace.
        #expect(runner.jobs.map(\.strategy) == Array(repeating: plan.strategies, count: 4).flatMap { $0 })
        #expect(runner.jobs.map(\.replay.spec.name) == Array(repeating: "scale-100", count: 8) + Array(repeating: "scale-1000", count: 8))
        #expect(runner.jobs.map(\.replay.trace.name) == Array(
            [Array(repeating: "tour-120hz", count: 4), Array(repeating: "scale-edits-120hz", count: 4)].joined()).repeated(2))
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
        // datasets/plan.json: runs[2] is scale-100, whose traces[0] is tour-120hz.
        let error = expectInputError(file: directory.file("plan.json").path, field: "runs[2].traces[0]", value: "\"tour-120hz\"") {
            try PlanRunner(plan: plan, margin: .chGridView, datasets: ["scale-100"])
        }
        #expect(error?.expected.contains("gridbench fixtures record") == true)
        #expect(error?.expected.contains("no such file \(fixture.path)") == true)
    }

    /// The plan's field that names the missing spec's data set is named (runs[3] is
    /// scale-1000 in datasets/plan.json), with the file it looked for.
    @Test func missingSpecSaysHowToGenerateIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let plan = try Self.planWithoutFixtures(in: directory)
        let error = expectInputError(file: directory.file("plan.json").path, field: "runs[3].dataset", value: "\"scale-1000\"") {
            try PlanRunner(plan: plan, margin: .chGridView, datasets: ["scale-1000"])
        }
        #expect(error?.expected.contains("gridbench datasets generate") == true)
        #expect(error?.expected.contains("no such file \(plan.specURL("scale-1000").path)") == true)
    }

    @Test func unknownDatasetFilter() throws {
        let plan = try Repository.plan()
        let error = expectInputError(file: Repository.planURL.path, field: "runs", value: "no data set \"scale-7\"") {
            try PlanRunner(plan: plan, margin: .chGridView, datasets: ["scale-7"])
        }
        #expect(error?.expected.contains("scale-100") == true)
    }
}

private extension Array {
    /// The array `times` times over.
    func repeated(_ times: Int) -> [Element] { Array(Swift.repeatElement(self, count: times).joined()) }
}
