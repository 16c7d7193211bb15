import Foundation
import GridCore
@testable import GridHarness
import GridStrategies
import GridViewport
import Testing

/// A plan entry of a data set of estimated sizes may name the anchoring policies its traces
/// are replayed under (`runs[].anchors`): one run per policy, each against its own fixture
/// (`<trace>--anchor-<policy>.json`), the default's file unchanged.
@Suite struct AnchorPlanTests {
    /// A plan of one data set `a` and one trace `t`, its entry's `anchors` given as JSON.
    static func plan(anchors: String) -> String {
        #"{"schemaVersion": 1, "canonical": {"dataset": "a", "trace": "t"}, "scale": {"trace": "t", "datasets": ["a"]}, "#
            + #""traces": [{"name": "t", "kind": "fling", "seed": 1}], "runs": [{"dataset": "a", "traces": ["t"], "anchors": \#(anchors)}], "#
            + #""strategies": ["cached"]}"#
    }

    @Test func theBundledMeasuredDataSetsNameEveryPolicy() throws {
        let plan = try Repository.plan()
        for dataset in ["feed-10000", "pins-captions-3000"] {
            let entry = try #require(plan.runs.first { $0.dataset == dataset })
            #expect(entry.anchors == [.firstVisible, .keepsOffset, .lastVisible])
        }
        // Data sets of known sizes name none: their one fixture serves.
        #expect(plan.runs.first { $0.dataset == "photos-2976" }?.anchors == nil)
        #expect(plan.runs.first { $0.dataset == "photos-2976" }?.anchorPolicies == [.firstVisible])
    }

    @Test(arguments: [
        (#"["sideways"]"#, "runs[0].anchors[0]"),
        (#"["none", "none"]"#, "runs[0].anchors[1]"),
        ("[]", "runs[0].anchors"),
    ])
    func aWrongListOfPoliciesIsRefusedNamingTheField(anchors: String, field: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try directory.write(Self.plan(anchors: anchors), to: "plan.json")
        expectInputError(file: url.path, field: field) { try BenchmarkPlan.load(from: url) }
        let good = try directory.write(Self.plan(anchors: #"["last-visible", "none"]"#), to: "good.json")
        let plan = try BenchmarkPlan.load(from: good)
        #expect(plan.runs[0].anchors == [.lastVisible, .keepsOffset])
        #expect(plan.fixtureCases.map(\.anchor) == [.lastVisible, .keepsOffset])
        #expect(plan.fixtureURL(dataset: "a", trace: "t", anchor: .keepsOffset).lastPathComponent == "t--anchor-none.json")
        #expect(plan.fixtureURL(dataset: "a", trace: "t", anchor: .firstVisible).lastPathComponent == "t.json")
    }

    /// Policies on a data set whose sizes are all known change nothing, and are refused
    /// naming the entry.
    @Test func anchorsOnADataSetOfKnownSizesAreRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let manager = FileManager.default
        for path in ["specs/scale-100.json", "traces/scale-100/tour-120hz.json"] {
            let target = directory.file(path)
            try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try manager.copyItem(at: Repository.datasets.appendingPathComponent(path), to: target)
        }
        let text = try String(contentsOf: Repository.planURL, encoding: .utf8)
        let entry = #"{"dataset": "scale-100", "traces": ["tour-120hz", "scale-edits-120hz"]}"#
        #expect(text.contains(entry))
        let changed = text.replacingOccurrences(of: entry, with: #"{"dataset": "scale-100", "traces": ["tour-120hz"], "anchors": ["none"]}"#)
        let url = try directory.write(changed, to: "plan.json")
        let plan = try BenchmarkPlan.load(from: url)
        // datasets/plan.json: runs[2] is scale-100.
        let error = expectInputError(file: url.path, field: "runs[2].anchors") {
            try PlanRunner(plan: plan, margin: .chGridView, datasets: ["scale-100"])
        }
        #expect(error?.expected.contains("estimated") == true)
    }

    /// feed-10000: 4 traces × 3 policies × 4 strategies = 48 jobs, in 12 groups of 4 (one
    /// per trace and policy, measured together against one fixture).
    @Test func jobsRunUnderEachPolicyAgainstItsOwnFixture() throws {
        let runner = try PlanRunner(plan: try Repository.plan(), margin: .chGridView, datasets: ["feed-10000"])
        #expect(runner.jobs.count == 48)
        #expect(runner.groups.count == 12 && runner.groups.allSatisfy { $0.count == 4 })
        let policies: [AnchorPolicy] = [.firstVisible, .keepsOffset, .lastVisible]
        #expect(runner.groups.map { runner.jobs[$0.lowerBound].anchor } == Array(repeatElement(policies, count: 4).joined()))
        for job in runner.jobs {
            #expect(job.fixture.anchor == (job.anchor == .firstVisible ? nil : job.anchor))
        }
    }

    /// Replayed once on demand, each policy's runs pass their fixtures and record their
    /// policy; `none` never corrects; `first-visible` keeps a one-column feed still.
    @Test func eachPolicyPassesItsFixtureAndRecordsIt() throws {
        let runner = try PlanRunner(plan: try Repository.plan(), margin: .chGridView, datasets: ["feed-10000"], strategies: [.onDemand])
        let records = try runner.run(options: { ReplayOptions(strategy: $0, minimumPasses: 1, maximumPasses: 1, targetSeconds: 0) })
        #expect(records.count == 12)
        #expect(records.allSatisfy { $0.fixture == .pass }, "\(records.filter { $0.fixture == .fail }.map { "\($0.trace) \($0.anchor ?? "")" })")
        #expect(records.map(\.anchor) == Array(repeating: ["first-visible", "none", "last-visible"], count: 4).flatMap { $0 })
        for record in records where record.anchor == "none" {
            #expect(record.offsetCorrections == OffsetCorrections(count: 0, totalPoints: 0))
        }
        for record in records where record.anchor == "first-visible" {
            #expect(record.visibleDisplacement?.maxPoints == 0, "\(record.trace)")
        }
        // Scrolling back up through cells measured on the way down moves what `none` shows.
        let upAgain = try #require(records.first { $0.trace == "end-and-back-120hz" && $0.anchor == "none" })
        #expect((upAgain.visibleDisplacement?.maxPoints ?? 0) > 0)
    }

    /// A fixture keeps its policy, written only when not the default, and applies only to
    /// a replay under the same one.
    @Test func aFixtureNamesItsPolicyAndAppliesToItAlone() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let replay = try Repository.replay("feed-10000", "drag-60hz")
        let frames = Array(repeating: LoadedSetDigest(count: 1, hash: 2), count: replay.trace.frameCount)
        for anchor in AnchorPolicy.allCases {
            let fixture = ReplayFixture(
                dataset: "feed-10000", trace: "drag-60hz", layout: "columnar-grouped", traceDigest: replay.trace.contentDigest,
                margin: PreloadMargin.chGridView.name, frames: frames, anchor: anchor)
            let url = directory.file("\(anchor.rawValue).json")
            try fixture.write(to: url)
            let text = try String(contentsOf: url, encoding: .utf8)
            #expect(text.contains(#""anchor""#) == (anchor != .firstVisible))
            let read = try ReplayFixture.load(from: url, for: replay.trace, margin: .chGridView, anchor: anchor)
            #expect((read.anchor ?? .firstVisible) == anchor)
            for other in AnchorPolicy.allCases where other != anchor {
                expectInputError(file: url.path, field: "anchor") {
                    try ReplayFixture.load(from: url, for: replay.trace, margin: .chGridView, anchor: other)
                }
            }
        }
        let text = try String(contentsOf: directory.file("none.json"), encoding: .utf8)
        let wrong = try directory.write(text.replacingOccurrences(of: #""none""#, with: #""sideways""#), to: "wrong.json")
        expectInputError(file: wrong.path, field: "anchor", value: #""sideways""#) { try ReplayFixture.load(from: wrong) }
    }

    /// The plan digest a sharded report checks: without a policy, or under the default,
    /// a run's line is the four fields it always was; another policy adds a fifth.
    @Test func theShardDigestOfAPlanWithoutPoliciesIsUnchanged() throws {
        let separator = "\u{1F}"
        #expect(ResultsShard.line(dataset: "d", trace: "t", strategy: "cached", frames: 12) == ["d", "t", "cached", "12"].joined(separator: separator))
        #expect(ResultsShard.line(dataset: "d", trace: "t", strategy: "cached", frames: 12, anchor: "first-visible")
            == ["d", "t", "cached", "12"].joined(separator: separator))
        #expect(ResultsShard.line(dataset: "d", trace: "t", strategy: "cached", frames: 12, anchor: "none")
            == ["d", "t", "cached", "12", "none"].joined(separator: separator))
        let runner = try PlanRunner(plan: try Repository.plan(), margin: .chGridView, datasets: ["scale-100"])
        let lines = runner.jobs.map { [$0.replay.spec.name, $0.replay.trace.name, $0.strategy.rawValue, String($0.replay.trace.frameCount)].joined(separator: separator) }
        #expect(runner.runsDigest == ResultsShard.digest(lines))
    }
}

/// The displacement timeline keeps each stretch of frames' largest displacement.
@Suite struct DisplacementTimelineTests {
    /// 7 frames in 3 buckets: frames 0–1, 2–3 and 4–6 (⌊b·7/3⌋ to ⌊(b+1)·7/3⌋).
    @Test func eachBucketKeepsItsLargest() {
        let record = RunRecord(
            layout: "columnar-grouped", strategy: "cached", dataset: "feed-10000", tiles: 10_000, sections: 1, trace: "t", refreshHz: 120,
            frames: 7, passes: 1, frameNanos: Percentiles(p50: 1, p90: 1, p99: 1, p999: 1, max: 1), budgetShareP99: 0,
            layoutBudgetNanos: 1, hitchesPerPass: 0, hitchMillisPerSecond: 0, prepareNanos: 0, retainedBytes: nil, peakBytes: nil,
            allocationsPerFrame: nil, floorNanosP50: 1, floorMultiple: 1, fixture: .pass)
        #expect(record.withDisplacementTimeline([0, 1, 5, 2, 0, 0, 3], points: 3).displacementTimeline == [1, 5, 3])
        #expect(record.withDisplacementTimeline([0, 1, 5], points: 240).displacementTimeline == [0, 1, 5])
        #expect(record.withDisplacementTimeline([], points: 240).displacementTimeline == nil)
    }
}
