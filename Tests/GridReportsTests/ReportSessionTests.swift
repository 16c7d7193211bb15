import Foundation
import GridHarness
import GridReports
import Testing

/// The report's orchestration that runs without child processes: the plan's report
/// options, the tally of repeated runs, the children's shares of the passes, and the
/// tie-break's wiring to a counter.
@Suite struct ReportSessionTests {
    /// The package root: the first directory above this file that holds `Package.swift`.
    static let root: URL = {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) { return directory }
            directory.deleteLastPathComponent()
        }
        return directory
    }()

    // MARK: Plan → report options

    /// The bundled plan: its canonical data set, photos-2976, is a tile grid (its spec names
    /// no other layout), so the first section is the tile grid's, over the plan's canonical
    /// and scale traces; each further layout of the plan's `layouts` gets its own section.
    @Test func theBundledPlansReportOptions() throws {
        let plan = try BenchmarkPlan.load(from: Self.root.appendingPathComponent("datasets/plan.json"))
        let primaryLayout = ReportSession.primaryLayout(of: plan)
        #expect(primaryLayout == "tile-grid")
        let (primary, sections) = ReportSession.reportOptions(plan: plan, primaryLayout: primaryLayout)
        #expect(primary.layout == "tile-grid")
        #expect(primary.canonicalDataset == "photos-2976" && primary.canonicalTrace == "fling-120hz")
        #expect(primary.scaleTrace == "tour-120hz" && primary.scaleEditsTrace == "scale-edits-120hz")
        #expect(primary.strategyOrder == ["cached", "scan", "on-demand", "adaptive"])
        #expect(primary.repeatedOutcomes == nil)
        #expect(sections.map(\.layout) == ["data-grid", "columnar-grouped", "waterfall", "span-grid"])
        #expect(sections.map(\.canonicalDataset) == ["records-1000x12", "grouped-96", "pins-3000", "timesheet-20x40"])
        #expect(sections.map(\.canonicalTrace) == ["diagonal-drag-60hz", "fling-120hz", "fling-120hz", "diagonal-drag-60hz"])
        #expect(sections.map(\.scaleTrace) == ["diagonal-drag-60hz", "tour-120hz", "tour-120hz", "diagonal-drag-60hz"])
        #expect(sections.allSatisfy { $0.scaleEditsTrace == nil && $0.strategyOrder == primary.strategyOrder })
    }

    /// A plan whose canonical data set is a data grid reports the data grid first: the
    /// first layout is the plan's, never a name written in the code.
    @Test func theFirstSectionIsTheLayoutOfThePlansCanonicalDataset() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("report-session-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Self.root.appendingPathComponent("datasets/specs/records-1000x12.json"),
            to: directory.appendingPathComponent("specs/records.json"))
        let planURL = directory.appendingPathComponent("plan.json")
        try Data("""
            {"schemaVersion": 1, "canonical": {"dataset": "records", "trace": "drag"},
             "scale": {"trace": "drag", "datasets": ["records"]},
             "traces": [{"name": "drag", "kind": "diagonal-drag", "seed": 1}],
             "runs": [{"dataset": "records", "traces": ["drag"]}], "strategies": ["on-demand", "cached"]}
            """.utf8).write(to: planURL)
        let plan = try BenchmarkPlan.load(from: planURL)
        let primaryLayout = ReportSession.primaryLayout(of: plan)
        #expect(primaryLayout == "data-grid")
        let (primary, sections) = ReportSession.reportOptions(plan: plan, primaryLayout: primaryLayout)
        #expect(primary.layout == "data-grid" && primary.canonicalDataset == "records" && primary.canonicalTrace == "drag")
        #expect(primary.scaleTrace == "drag" && primary.scaleEditsTrace == nil)
        #expect(primary.strategyOrder == ["on-demand", "cached"])
        #expect(sections.isEmpty)
    }

    // MARK: Repeats

    /// Three runs: the tile grid switched at 400, 1,000 and 400 tiles; the data grid was
    /// reported in the first and third only. Each layout's options carry its own outcomes
    /// in the order of the runs; a layout no run reported has none.
    @Test func repeatedOutcomesAreTalliedPerLayoutInOrder() throws {
        var repeated = RepeatedOutcomes()
        repeated.record(["tile-grid": .switchAt(tiles: 400), "data-grid": .onDemandAtEverySize])
        repeated.record(["tile-grid": .switchAt(tiles: 1_000)])
        repeated.record(["tile-grid": .switchAt(tiles: 400), "data-grid": .cacheAtEverySize])
        #expect(repeated.runs.count == 3)
        #expect(repeated.outcomes(of: "tile-grid") == [.switchAt(tiles: 400), .switchAt(tiles: 1_000), .switchAt(tiles: 400)])
        #expect(repeated.outcomes(of: "data-grid") == [.onDemandAtEverySize, .cacheAtEverySize])
        #expect(repeated.outcomes(of: "waterfall") == [])

        let plan = try BenchmarkPlan.load(from: Self.root.appendingPathComponent("datasets/plan.json"))
        let (primary, sections) = ReportSession.reportOptions(plan: plan, primaryLayout: "tile-grid", repeated: repeated)
        #expect(primary.repeatedOutcomes == [.switchAt(tiles: 400), .switchAt(tiles: 1_000), .switchAt(tiles: 400)])
        #expect(sections.first { $0.layout == "data-grid" }?.repeatedOutcomes == [.onDemandAtEverySize, .cacheAtEverySize])
        #expect(sections.first { $0.layout == "waterfall" }?.repeatedOutcomes == [])
    }

    /// A whole run recorded from its reports: each report's layout with its outcome (the
    /// brief's example switches at 100,000 tiles, as StrategyReportTests works out).
    @Test func aRunIsRecordedFromItsReports() throws {
        let reports = try LayoutReports(document: Synthetic.document(), primary: ReportOptions(), sections: [])
        var repeated = RepeatedOutcomes()
        repeated.record(reports)
        #expect(repeated.runs == [["tile-grid": .switchAt(tiles: 100_000)]])
    }

    // MARK: Child processes

    /// 20 passes at most and 2 at least over 3 processes: 20 = 7 + 7 + 6, 2 = 1 + 1 + 0,
    /// and no child measures fewer than one pass; the half second is divided by 3. Never
    /// more processes than the most passes.
    @Test func theChildrenShareThePassesOut() {
        let shares = (0..<3).map { ReportSession.childPasses($0, of: 3, minimumPasses: 2, maximumPasses: 20, targetSeconds: 0.5) }
        #expect(shares.map(\.maximumPasses) == [7, 7, 6])
        #expect(shares.map(\.minimumPasses) == [1, 1, 1])
        #expect(shares.allSatisfy { $0.targetSeconds == 0.5 / 3 })
        let two = (0..<2).map { ReportSession.childPasses($0, of: 2, minimumPasses: 5, maximumPasses: 5, targetSeconds: 1) }
        #expect(two.map(\.maximumPasses) == [3, 2] && two.map(\.minimumPasses) == [3, 2] && two.allSatisfy { $0.targetSeconds == 0.5 })
        let children = ReportSession.ChildProcesses(requested: 3, executable: nil) { _ in [] }
        #expect(children.processes(maximumPasses: 2) == 2)
        #expect(children.processes(maximumPasses: 20) == 3)
    }

    // MARK: Tie-break

    /// Counts as a test wants them, and remembers what it was asked.
    final class FakeCounter: TieBreakCounter {
        var unavailable: String?
        var settledBy: String { "counted by the fake" }
        var toolName: String { "fake" }
        var perFrame: [String: Double]
        var asked: [[TieBreakRequest]] = []

        init(unavailable: String? = nil, perFrame: [String: Double]) {
            self.unavailable = unavailable
            self.perFrame = perFrame
        }

        func count(_ requests: [TieBreakRequest]) throws -> [TieBreakCount] {
            asked.append(requests)
            return requests.flatMap { request in
                request.strategies.compactMap { strategy in
                    perFrame["\(request.dataset) \(strategy)"].map {
                        TieBreakCount(dataset: request.dataset, trace: request.trace, strategy: strategy, instructionsPerFrame: $0)
                    }
                }
            }
        }
    }

    static func tieDocument() -> ResultsDocument {
        let runs = ["cached", "on-demand", "scan"].flatMap { strategy in
            [100, 1_000].map { tiles in
                Synthetic.run(strategy, dataset: "scale-\(tiles)", tiles: tiles, trace: "tour-120hz", p99: 1_000)
            }
        }
        return ResultsDocument(environment: ["cpu": "test"], runs: runs)
    }

    static func perFrame(_ document: ResultsDocument, _ dataset: String, _ strategy: String) -> Double? {
        document.runs.first { $0.dataset == dataset && $0.strategy == strategy }?.instructionsPerFrame
    }

    /// One tie at 1,000 tiles: the counter is asked once for its two strategies, their
    /// counts go into their runs only (not scan's, not 100 tiles'), and the environment says
    /// how ties were settled. Asked again, for the next repeat, the counts are remembered:
    /// the counter is not asked again. A new tie at 100 tiles asks for that one alone.
    @Test func tiesAreCountedOnceAndWrittenIntoTheirRuns() throws {
        let counter = FakeCounter(perFrame: ["scale-1000 cached": 1_200, "scale-1000 on-demand": 1_500, "scale-100 cached": 900, "scale-100 on-demand": 800])
        var tieBreak = ReportSession.TieBreak(counter: counter)
        var notes: [String] = []
        let tie = [(dataset: "scale-1000", trace: "tour-120hz", strategies: ["cached", "on-demand"])]

        let first = try tieBreak.settle(in: Self.tieDocument(), requests: tie) { notes.append($0) }
        #expect(counter.asked == [[TieBreakRequest(dataset: "scale-1000", trace: "tour-120hz", strategies: ["cached", "on-demand"])]])
        #expect(notes == ["counting instructions to settle 1 tie (fake)"])
        #expect(Self.perFrame(first, "scale-1000", "cached") == 1_200)
        #expect(Self.perFrame(first, "scale-1000", "on-demand") == 1_500)
        #expect(Self.perFrame(first, "scale-1000", "scan") == nil)
        #expect(Self.perFrame(first, "scale-100", "cached") == nil)
        #expect(first.environment == ["cpu": "test", "tieBreak": "counted by the fake"])

        let again = try tieBreak.settle(in: Self.tieDocument(), requests: tie) { notes.append($0) }
        #expect(counter.asked.count == 1 && notes.count == 1)
        #expect(again == first)

        let both = tie + [(dataset: "scale-100", trace: "tour-120hz", strategies: ["cached", "on-demand"])]
        let third = try tieBreak.settle(in: Self.tieDocument(), requests: both) { notes.append($0) }
        #expect(counter.asked.last == [TieBreakRequest(dataset: "scale-100", trace: "tour-120hz", strategies: ["cached", "on-demand"])])
        #expect(notes.last == "counting instructions to settle 1 tie (fake)")
        #expect(Self.perFrame(third, "scale-100", "on-demand") == 800 && Self.perFrame(third, "scale-1000", "cached") == 1_200)
    }

    /// A counter that cannot count is never asked: the runs keep no count and the
    /// environment says why, so ties fall to retained memory.
    @Test func aCounterThatCannotCountIsNeverAsked() throws {
        let counter = FakeCounter(unavailable: "no valgrind here", perFrame: ["scale-1000 cached": 1])
        var tieBreak = ReportSession.TieBreak(counter: counter)
        let tie = [(dataset: "scale-1000", trace: "tour-120hz", strategies: ["cached", "on-demand"])]
        let settled = try tieBreak.settle(in: Self.tieDocument(), requests: tie) { Issue.record("unexpected note \($0)") }
        #expect(counter.asked.isEmpty)
        #expect(settled.runs == Self.tieDocument().runs)
        #expect(settled.environment["tieBreak"] == "no valgrind here")

        var off = ReportSession.TieBreak(counter: UncountedTieBreak(reason: "not counted (--no-instructions)"))
        #expect(try off.settle(in: Self.tieDocument(), requests: tie) { _ in }.environment["tieBreak"] == "not counted (--no-instructions)")
    }
}
