import Foundation
import GridCore
@testable import GridHarness
import GridStrategies
import GridViewport
import Testing

/// Incremental frames change only the work: over every bundled trace, a viewport that asks
/// the layout for the strips that entered holds, after every frame, exactly the loaded set
/// of one that queries the whole loaded rect: the same elements, frames, tiles and reports.
@Suite struct IncrementalFrameTests {
    /// Every bundled data set with every one of its traces.
    static let pairs: [(String, String)] = {
        guard let plan = try? Repository.plan() else { return [] }
        return plan.runs.flatMap { run in run.traces.map { (run.dataset, $0) } }
    }()

    @Test func everyBundledTraceIsCovered() throws {
        // A broken plan must not make the differential test vacuous: every data set, and as
        // many pairs as there are committed replay fixtures.
        #expect(Set(Self.pairs.map(\.0)).count == BundledInputTests.datasets.count)
        let fixtures = try FileManager.default.subpathsOfDirectory(atPath: Repository.datasets.appendingPathComponent("fixtures/replay").path)
            .filter { $0.hasSuffix(".json") }
        // One fixture per pair and anchoring policy it is replayed under.
        #expect(try Repository.plan().fixtureCases.count == fixtures.count)
        #expect(Self.pairs.count <= fixtures.count)
    }

    @Test(arguments: pairs)
    func incrementalFramesEqualFullOnes(dataset: String, trace: String) throws {
        let replay = try Repository.replay(dataset, trace)
        let differences = try replay.spec.visit(Differential(replay: replay, cached: false))
        #expect(differences.frames == replay.trace.frameCount)
        #expect(differences.first == nil, "\(dataset)/\(trace): frame \(differences.first ?? -1) differs: \(differences.detail)")
        // The trace exercises the incremental path: some frames load or unload elements
        // while the old and new loaded rects overlap.
        #expect(differences.changingFrames > 0)
    }

    /// The cached strategy answers strips from its spatial index, not by arithmetic.
    @Test(arguments: [
        ("photos-2976", "fling-120hz"), ("mixed-3000", "rotation-120hz"), ("records-1000x12", "diagonal-drag-60hz"),
        ("grouped-96", "moves-120hz"), ("pins-3000", "edits-120hz"), ("timesheet-20x40", "grid-edits-60hz"),
        ("records-1000x12", "record-edits-60hz"),
    ])
    func cachedStrategyToo(dataset: String, trace: String) throws {
        let replay = try Repository.replay(dataset, trace)
        let differences = try replay.spec.visit(Differential(replay: replay, cached: true))
        #expect(differences.first == nil, "\(dataset)/\(trace): frame \(differences.first ?? -1) differs: \(differences.detail)")
    }
}

/// Replays a trace twice, incrementally and in full, and finds the first frame whose loaded
/// set or report differs.
private struct Differential: LayoutVisitor {
    struct Outcome {
        var frames = 0
        var first: Int?
        var detail = ""
        var changingFrames = 0
    }

    let replay: Replay
    let cached: Bool

    func visit<Layout: GridLayout & Sendable>(_ layout: Layout) throws -> Outcome {
        cached ? try compare(CachedLayout(layout)) : try compare(OnDemandLayout(layout))
    }

    private func compare<L: GridLayout>(_ layout: L) throws -> Outcome {
        var full = try Viewport(layout: layout, data: replay.spec.data, size: replay.trace.viewport)
        full.scrollsIncrementally = false
        var incremental = try Viewport(layout: layout, data: replay.spec.data, size: replay.trace.viewport)
        #expect(incremental.scrollsIncrementally)
        var outcome = Outcome()
        var fullEvent = 0, incrementalEvent = 0
        for (frame, offset) in replay.trace.offsets.enumerated() {
            try replay.applyEvents(of: frame, from: &fullEvent, to: &full)
            try replay.applyEvents(of: frame, from: &incrementalEvent, to: &incremental)
            let expected = full.scroll(to: offset)
            let report = incremental.scroll(to: offset)
            outcome.frames += 1
            if report.entered + report.left > 0 { outcome.changingFrames += 1 }
            guard outcome.first == nil else { continue }
            if report != expected {
                outcome.first = frame
                outcome.detail = "report \(report) against \(expected)"
            } else if incremental.loadedElements != full.loadedElements {
                outcome.first = frame
                let a = incremental.loadedElements, b = full.loadedElements
                let index = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
                outcome.detail = "\(a.count) elements against \(b.count); first difference at \(index): "
                    + "\(index < a.count ? "\(a[index])" : "none") against \(index < b.count ? "\(b[index])" : "none")"
            }
        }
        return outcome
    }
}
