import GridCore
import GridHarness

/// The strategy comparison report: which strategy to choose and when, from one results
/// document of `gridbench report`.
///
/// Everything here is a pure function of the document and the options: ``markdown()``,
/// ``html()`` and ``charts()`` return text, and only ``write(to:)`` touches the disk. The
/// report reads the runs of one layout (``ReportOptions/layout``) and splits them into
/// the canonical data set (every trace), the scale series (the scale trace, every tile
/// count) and the rest. Runs whose fixture check failed are shown, flagged, and kept out
/// of the recommendation and the verdict.
public struct StrategyReport: Sendable {
    public let document: ResultsDocument
    public let options: ReportOptions
    /// The threshold rule's answer over the scale series: where adaptive should switch,
    /// judged by the steady scroll.
    public let recommendation: ThresholdRule.Recommendation
    /// The verdict's rule applied to every data set and trace of the layout.
    public let workload: WorkloadRule.Verdict

    /// Prepares the report, refusing with a `GridError` naming the field: options out of
    /// range, a results document of another schema version, and run figures no
    /// measurement can produce (`runs[3].frameNanos.p99 = nan`). A caller reading a file
    /// wraps it in an `InputError` naming the file.
    public init(document: ResultsDocument, options: ReportOptions = ReportOptions()) throws(GridError) {
        try options.validate()
        guard document.schemaVersion == ResultsDocument.currentSchemaVersion else {
            throw .invalidParameter(
                "schemaVersion", document.schemaVersion, expected: "\(ResultsDocument.currentSchemaVersion), the version this report reads")
        }
        try document.validateRuns()
        self.document = document
        self.options = options
        let scale = document.runs.filter { $0.layout == options.layout && $0.trace == options.scaleTrace && $0.hasDefaultAnchor }
        self.recommendation = options.rule.recommend(scale)
        let own = document.runs.filter { $0.layout == options.layout && $0.hasDefaultAnchor }
        self.workload = options.workloadRule.judge(
            own, steadyTraces: [options.scaleTrace, options.canonicalTrace],
            order: Self.uniqued(options.strategyOrder.filter(Set(own.map(\.strategy)).contains) + own.map(\.strategy)))
    }

    /// The runs of the report's layout, in document order: those under the default
    /// anchoring policy (every run over sizes all known, and the measured runs anchored
    /// `first-visible`). Runs under another policy are compared in the "Measured sizes"
    /// part alone (`measuredRuns`), so that each table has one row per data set, trace
    /// and strategy.
    public var runs: [RunRecord] { document.runs.filter { $0.layout == options.layout && $0.hasDefaultAnchor } }

    /// The canonical data set's runs, every trace, canonical trace first.
    public var canonicalRuns: [RunRecord] {
        ordered(runs.filter { $0.dataset == options.canonicalDataset })
    }

    /// The scale series: the scale trace's runs, smallest tile count first.
    public var scaleRuns: [RunRecord] {
        let order = strategies
        return runs.filter { $0.trace == options.scaleTrace }.sorted {
            ($0.tiles, $0.dataset, order.firstIndex(of: $0.strategy) ?? 0) < ($1.tiles, $1.dataset, order.firstIndex(of: $1.strategy) ?? 0)
        }
    }

    /// The scale series with edits: the runs of ``ReportOptions/scaleEditsTrace``,
    /// smallest tile count first; empty without one.
    public var scaleEditRuns: [RunRecord] {
        guard let trace = options.scaleEditsTrace else { return [] }
        let order = strategies
        return runs.filter { $0.trace == trace }.sorted {
            ($0.tiles, $0.dataset, order.firstIndex(of: $0.strategy) ?? 0) < ($1.tiles, $1.dataset, order.firstIndex(of: $1.strategy) ?? 0)
        }
    }

    /// What the scale series with edits shows, above its table.
    static let scaleEditsNote = "The same sizes over a slow drag with items inserted, deleted and moved and sections inserted and deleted near the view, about two edits a second: edit frames are about 1.7 % of the frames, so p99 and max are edit frames, p50 a scrolling one. The layout is told what changed (prepare(data:container:invalidation:)); the cached strategy caches again only the sections the tile grid laid again and moves the others (SectionShiftReporting); the seed's scan, kept as the seed wrote it, gathers every element again on every edit."

    /// Runs neither of the canonical data set nor of the scale series (with or without edits).
    public var otherRuns: [RunRecord] {
        let rest = runs.filter {
            $0.dataset != options.canonicalDataset && $0.trace != options.scaleTrace && $0.trace != options.scaleEditsTrace
        }
        let datasets = uniqued(rest.map(\.dataset))
        return datasets.flatMap { dataset in ordered(rest.filter { $0.dataset == dataset }) }
    }

    /// A sentence on the runs of other layouts, which this report leaves out, or `nil`
    /// when there are none.
    var otherLayoutsNote: String? {
        guard options.notesOtherLayouts else { return nil }
        let others = document.runs.filter { $0.layout != options.layout }
        guard !others.isEmpty else { return nil }
        let names = uniqued(others.map(\.layout)).joined(separator: ", ")
        return "\(others.count) run\(others.count == 1 ? "" : "s") of other layouts (\(names)) \(others.count == 1 ? "is" : "are") not in this report."
    }

    /// Every run of the layout whose fixture check failed.
    public var failedRuns: [RunRecord] { (runs + otherAnchorRuns).filter { $0.fixture == .fail } }

    /// The measured and typing runs under a policy other than the default: in the
    /// "Measured sizes" and "Typing" parts and the alerts, not in the tables of frame costs.
    var otherAnchorRuns: [RunRecord] { document.runs.filter { $0.layout == options.layout && !$0.hasDefaultAnchor } }

    /// The canonical data set's runs over the canonical trace.
    var canonicalTraceRuns: [RunRecord] { canonicalRuns.filter { $0.trace == options.canonicalTrace } }

    /// Strategy names in report order: ``ReportOptions/strategyOrder`` first, then the
    /// rest as they first appear.
    public var strategies: [String] {
        let present = Set(runs.map(\.strategy))
        return Self.uniqued(options.strategyOrder.filter(present.contains) + runs.map(\.strategy))
    }

    /// Trace names of `runs` in report order: the canonical trace first, then as they first appear.
    func traces(of runs: [RunRecord]) -> [String] {
        let names = uniqued(runs.map(\.trace))
        return names.filter { $0 == options.canonicalTrace } + names.filter { $0 != options.canonicalTrace }
    }

    /// `runs` grouped by trace (report order), strategies in report order within each.
    func ordered(_ runs: [RunRecord]) -> [RunRecord] {
        let order = strategies
        return traces(of: runs).flatMap { trace in
            runs.enumerated().filter { $0.element.trace == trace }
                .sorted { (order.firstIndex(of: $0.element.strategy) ?? 0, $0.offset) < (order.firstIndex(of: $1.element.strategy) ?? 0, $1.offset) }
                .map(\.element)
        }
    }

    /// Where cached's and on demand's costs cross over the scale series at the percentile
    /// `percentile` (`\.p50`, `\.p99`), from runs that passed their fixture check.
    /// - Complexity: O(n log n) in the number of runs.
    public func crossovers(at percentile: KeyPath<Percentiles, Double>) -> [Crossover] {
        let passing = scaleRuns.filter { $0.fixture == .pass }
        func curve(_ strategy: String) -> [(x: Double, y: Double)] {
            passing.filter { $0.strategy == strategy }.map { (Double($0.tiles), $0.frameNanos[keyPath: percentile]) }
        }
        return Crossover.crossings(curve(options.rule.cachedStrategy), curve(options.rule.onDemandStrategy))
    }

    /// The crossovers that are known: where the rule found cached faster beyond the noise at
    /// one measured size and on demand faster at the next (or the other way round), placed
    /// where the two medians cross between those sizes. Crossings between sizes where the two
    /// are equivalent are noise, and not shown.
    public var knownCrossovers: [Crossover] {
        let evaluations = recommendation.evaluations
        var result: [Crossover] = []
        var index = 0
        while index + 1 < evaluations.count {
            let below = evaluations[index], above = evaluations[index + 1]
            let decisive: Set<ThresholdRule.Speed> = [.cachedFaster, .onDemandFaster]
            if decisive.contains(below.comparison.speed), decisive.contains(above.comparison.speed),
               below.comparison.speed != above.comparison.speed {
                func point(_ run: RunRecord) -> (x: Double, y: Double) {
                    (Double(run.tiles), run.medianNanos)
                }
                result += Crossover.crossings([point(below.cached), point(above.cached)], [point(below.onDemand), point(above.onDemand)])
            }
            index += 1
        }
        return result
    }

    /// The size the verdict's second sentence is about: the canonical data set's, else the
    /// smallest judged.
    public var keyJudgement: WorkloadRule.Judgement? {
        workload.judgements.first { $0.dataset == options.canonicalDataset } ?? workload.judgements.first
    }

    /// The verdict, in plain text: what to choose at which sizes (``WorkloadRule``); which
    /// strategies scroll equally fast at the key size, the chosen one among them, and what
    /// settled the tie; then, at each size, the strategies out for frames over the budget
    /// or a failed fixture check, with the frames.
    public var verdict: [String] {
        var sentences = [workload.choiceSentence]
        if let key = keyJudgement { sentences.append(workload.sizeSentence(key, scanNote: options.scanBaseline)) }
        return sentences + workload.exclusionSentences
    }

    /// A run's strategy as the report names it: adaptive with its choice, `adaptive (→ cached)`.
    func label(_ run: RunRecord) -> String {
        guard let choice = run.adaptiveChoice else { return run.strategy }
        return "\(run.strategy) (→ \(choice))"
    }

    /// `run` in a few words, for lists of failures: `photos-2976 / fling-120hz / scan`, and
    /// `feed-10000 / end-and-back-120hz / cached, anchor none` under another policy than
    /// the default.
    func identity(_ run: RunRecord) -> String {
        "\(run.dataset) / \(run.trace) / \(label(run))" + (run.hasDefaultAnchor ? "" : ", anchor \(run.anchor ?? "")")
    }

    private func uniqued(_ names: [String]) -> [String] { Self.uniqued(names) }

    /// `names` without repeats, each where it first appears.
    static func uniqued(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }
}
