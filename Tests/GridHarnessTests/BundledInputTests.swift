import Foundation
import GridCore
import GridHarness
import GridViewport
import Testing

/// The committed inputs are exactly what the code generates, so anyone can reproduce them
/// and nobody edited them by hand; the committed fixtures are the reference's answers.
@Suite struct BundledInputTests {
    static let datasets = ["photos-2976", "mixed-3000"] + BundledDatasets.scaleTiles.map { "scale-\($0)" }
        + ["sales-10x4", "records-1000x12", "records-1000000x20"] + BundledDatasets.recordCounts.map { "records-\($0)x10" }
        + ["grouped-96"] + BundledDatasets.columnarItems.map { "columnar-\($0)" }
        + BundledDatasets.pinsCounts.map { "pins-\($0)" }
        + ["timesheet-20x40"] + BundledDatasets.ledgerRows.map { "ledger-\($0)x30" }
        + ["feed-10000", "pins-captions-3000", "pins-captions-1000000", "photos-labels-2976", "records-measured-1000x12"]

    @Test func everySpecFileIsABundledDataset() throws {
        let directory = Repository.datasets.appendingPathComponent("specs")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(files == Self.datasets.map { $0 + ".json" }.sorted())
        #expect(try BundledDatasets.all().map(\.name) == Self.datasets)
        // scale-10000000 has a second entry: its edits trace, without the seed's scan.
        var planned: [String] = []
        for dataset in try Repository.plan().runs.map(\.dataset) where !planned.contains(dataset) { planned.append(dataset) }
        #expect(planned == Self.datasets)
    }

    /// Every bundled data set, generated once for the cases below (generating them all
    /// takes seconds in a debug build: millions of elements).
    static let generated: Result<[String: LayoutSpec], any Error> = Result {
        Dictionary(uniqueKeysWithValues: try BundledDatasets.all().map { ($0.name, $0) })
    }

    @Test(arguments: datasets)
    func committedSpecEqualsTheGeneratedOne(name: String) throws {
        let committed = try LayoutSpec.load(from: Repository.datasets.appendingPathComponent("specs/\(name).json"))
        let generated = try #require(try Self.generated.get()[name])
        #expect(committed == generated)
    }

    /// Every trace of the data set is what the plan's recipe generates over the bundled spec.
    @Test(arguments: datasets)
    func committedTracesEqualTheGeneratedOnes(dataset: String) throws {
        let plan = try Repository.plan()
        let spec = try #require(try Self.generated.get()[dataset])
        let entry = try #require(plan.runs.first { $0.dataset == dataset })
        #expect(!entry.traces.isEmpty)
        for name in entry.traces {
            let recipe = try #require(plan.recipe(named: name))
            let committed = try ScrollTrace.load(from: plan.traceURL(dataset: dataset, trace: name))
            let generated = try TraceGenerator(spec: spec).generate(recipe.options)
            #expect(committed.name == name)
            #expect(committed == generated, "\(dataset)/\(name) differs from its recipe's trace: regenerate with `gridbench datasets generate`")
        }
    }
}

@Suite struct BundledFixtureTests {
    /// Every fixture names its pair, was recorded for the committed trace with
    /// CHGridView's margin, and has one digest per frame.
    @Test(arguments: BundledInputTests.datasets)
    func everyFixtureApplies(dataset: String) throws {
        let plan = try Repository.plan()
        #expect(plan.runs.contains { $0.dataset == dataset })
        for (_, trace, anchor) in plan.fixtureCases.filter({ $0.dataset == dataset }) {
            let url = plan.fixtureURL(dataset: dataset, trace: trace, anchor: anchor)
            let fixture = try ReplayFixture.load(from: url)
            let loaded = try ScrollTrace.load(from: plan.traceURL(dataset: dataset, trace: trace))
            try fixture.checkApplies(to: loaded, margin: .chGridView, anchor: anchor, path: url.path)
            let layout = try LayoutSpec.load(from: plan.specURL(dataset)).layoutName
            #expect(fixture.dataset == dataset && fixture.trace == trace && fixture.layout == layout)
            let expected = dataset.hasPrefix("records-") || dataset.hasPrefix("sales-") ? "data-grid"
                : dataset.hasPrefix("grouped-") || dataset.hasPrefix("columnar-") || dataset.hasPrefix("feed-") ? "columnar-grouped" : dataset.hasPrefix("pins-") ? "waterfall"
                : dataset.hasPrefix("timesheet-") || dataset.hasPrefix("ledger-") ? "span-grid" : "tile-grid"
            #expect(layout == expected)
            #expect(fixture.frames.count == loaded.frameCount)
        }
    }

    /// A fresh reference replay reproduces the committed digests, frame for frame.
    @Test(arguments: [
        ("photos-2976", "drag-60hz"), ("scale-100", "tour-120hz"), ("mixed-3000", "rotation-120hz"),
        ("grouped-96", "moves-120hz"), ("pins-3000", "edits-120hz"),
    ])
    func freshReferenceEqualsTheFixture(dataset: String, trace: String) throws {
        let replay = try Repository.replay(dataset, trace)
        let fixture = try Repository.fixture(dataset, trace)
        let digests = try replay.referenceDigests()
        #expect(digests.count == fixture.frames.count)
        let first = zip(digests, fixture.frames).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(first == nil, "frame \(first ?? -1) differs")
        // The digests are not trivially equal: the loaded set changes along the trace.
        #expect(Set(digests).count > 10)
        #expect(digests.allSatisfy { $0.count > 0 })
    }

    /// A fixture recorded before one offset of its trace was nudged is refused by name.
    @Test func fixtureOfAChangedTraceIsRefused() throws {
        let replay = try Repository.replay("scale-100", "tour-120hz")
        let fixture = try Repository.fixture("scale-100", "tour-120hz")
        var trace = replay.trace
        trace.offsets[200].y += 0.001
        #expect(trace.contentDigest != replay.trace.contentDigest)
        let error = expectInputError(file: "tour.json", field: "traceDigest") {
            try fixture.checkApplies(to: trace, margin: .chGridView, path: "tour.json")
        }
        #expect(error?.value == String(fixture.traceDigest, radix: 16).leftPadded(to: 16))
        #expect(error?.expected.contains("gridbench fixtures record") == true)
        // An event moved by a frame changes the digest too.
        trace = replay.trace
        trace.events[0].frame += 1
        #expect(throws: InputError.self) { try fixture.checkApplies(to: trace, margin: .chGridView, path: "tour.json") }
    }
}

extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
