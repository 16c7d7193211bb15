import GridHarness

/// One chart of the report, with the file name it is written under and its caption.
public struct ReportChart: Hashable, Sendable {
    /// Which of the report's charts this is: what it draws, whatever its file is called.
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        /// The canonical trace's per-frame cost at each percentile.
        case distribution
        /// The scale series' p50 per-frame cost against tile count.
        case scaleP50 = "scale-p50"
        /// The scale series' p99 per-frame cost against tile count.
        case scaleP99 = "scale-p99"
        /// The scale series' retained memory against tile count.
        case memory
        /// The canonical trace's per-frame cost along the trace.
        case timeline
        /// Visible displacement along a measured data set's trace, one line per anchoring
        /// policy (one chart per data set and trace: `displacement-feed-10000-drag-60hz`).
        case displacement
    }

    /// What the chart draws.
    public var kind: Kind
    /// The file name's stem: `distribution` is written as `charts/distribution.svg`, and a
    /// report with a chart prefix (``ReportOptions/chartPrefix``) writes
    /// `charts/data-grid-distribution.svg`.
    public var name: String
    /// The chart itself.
    public var chart: LineChart
    /// What the chart shows and what to read from it, in plain text.
    public var caption: String

    /// A chart of `kind`, written under `name` (the kind's own name unless given).
    public init(kind: Kind, name: String? = nil, chart: LineChart, caption: String) {
        self.kind = kind
        self.name = name ?? kind.rawValue
        self.chart = chart
        self.caption = caption
    }

    /// The chart's path relative to the report: `charts/distribution.svg`.
    public var relativePath: String { "charts/\(name).svg" }
}

/// The report's five charts.
extension StrategyReport {
    /// Frame budgets drawn as guides: 60 Hz and 120 Hz.
    static let frameBudgets: [(hz: Int, nanos: Double)] = [(60, 1e9 / 60), (120, 1e9 / 120)]

    /// The charts, in the order the report shows them: the canonical trace's cost
    /// distribution, p50 and p99 cost against tile count, retained memory against tile
    /// count, and cost along the canonical trace; then, for each measured data set and
    /// trace with a displacement timeline, visible displacement along it per policy.
    /// - Complexity: O(r · (t + s) + p) for r runs over t traces and s strategies with p
    ///   distribution and timeline points.
    public func charts() -> [ReportChart] {
        unprefixedCharts().map { chart in
            var named = chart
            named.name = options.chartPrefix + chart.name
            return named
        }
    }

    private func unprefixedCharts() -> [ReportChart] {
        [
            distributionChart(),
            scaleChart(kind: .scaleP50, percentile: \.p50, percentileName: "p50"),
            scaleChart(kind: .scaleP99, percentile: \.p99, percentileName: "p99"),
            memoryChart(),
            timelineChart(),
        ] + displacementCharts()
    }

    private func color(_ strategy: String) -> String { StrategyStyle.color(of: strategy, in: strategies) }

    private func line(_ strategy: String) -> LineChart.LineStyle { StrategyStyle.line(of: strategy, in: strategies) }

    private func failSuffix(_ run: RunRecord) -> String { run.fixture == .fail ? " · fixture FAIL" : "" }

    private var budgetGuides: [LineChart.Guide] {
        Self.frameBudgets.map { LineChart.Guide(value: $0.nanos, label: "\($0.hz) Hz frame budget \(Format.duration($0.nanos))") }
    }

    /// What a caption says about budget lines the y range leaves out, and about failures.
    private func notes(for chart: LineChart, frameBudgets: Bool = true) -> String {
        var notes = ""
        let drawn = chart.series.flatMap { chart.drawable($0) }
        if frameBudgets, let highest = drawn.map(\.y).max(), chart.visibleGuides.isEmpty {
            let tightest = Self.frameBudgets.map(\.nanos).min() ?? 1
            if highest < tightest {
                notes += " Both frame budgets (8.33 ms at 120 Hz, 16.7 ms at 60 Hz) lie above this chart: its highest point is "
                    + "\(Format.percent(highest / tightest)) of the 120 Hz budget."
            }
        }
        if drawn.contains(where: \.flagged) {
            notes += " Red rings mark runs that failed the fixture check: they loaded other tiles than the reference, so their speed does not count."
        }
        return notes
    }

    func distributionChart() -> ReportChart {
        var fallback: [String] = []
        let series = canonicalTraceRuns.map { run -> LineChart.Series in
            var distribution = run.distribution ?? []
            if distribution.isEmpty {
                fallback.append(label(run))
                let p = run.frameNanos
                distribution = [
                    PercentilePoint(percentile: 50, nanos: p.p50), PercentilePoint(percentile: 90, nanos: p.p90),
                    PercentilePoint(percentile: 99, nanos: p.p99), PercentilePoint(percentile: 99.9, nanos: p.p999),
                ]
            }
            let points = distribution.map { point in
                LineChart.Point(
                    x: point.percentile, y: point.nanos,
                    tooltip: "\(label(run)) · p\(Format.trimmed(point.percentile, maxDecimals: 3)) · \(Format.duration(point.nanos))\(failSuffix(run))",
                    flagged: run.fixture == .fail)
            }
            return LineChart.Series(name: label(run), color: color(run.strategy), line: line(run.strategy), points: points)
        }
        let x = ChartAxis.nines(title: "percentile of frames (nines scale)")
        let values = series.flatMap { $0.points.filter { x.contains($0.x) }.map(\.y) }
        let chart = LineChart(
            title: "Per-frame cost distribution — \(options.canonicalDataset), \(options.canonicalTrace)",
            x: x, y: .logDuration(title: "per-frame cost (log scale)", covering: values), series: series,
            guides: budgetGuides, emptyMessage: "No runs of \(options.canonicalDataset) over \(options.canonicalTrace).")
        var caption = "The per-frame cost of each strategy on \(options.canonicalDataset) over \(options.canonicalTrace): at each percentile p, "
            + "the cost that p % of frames stay at or below. The x axis is in nines, so p90, p99, p99.9 and p99.99 are evenly spaced; "
            + "the worst frame is in the table."
        if !fallback.isEmpty {
            caption += " Drawn from p50, p90, p99 and p99.9 alone (no recorded distribution): \(fallback.joined(separator: ", "))."
        }
        return ReportChart(kind: .distribution, chart: chart, caption: caption + notes(for: chart))
    }

    func scaleChart(kind: ReportChart.Kind, percentile: KeyPath<Percentiles, Double>, percentileName: String) -> ReportChart {
        let runs = scaleRuns
        let series = strategies.compactMap { strategy -> LineChart.Series? in
            let mine = runs.filter { $0.strategy == strategy }
            guard !mine.isEmpty else { return nil }
            let points = mine.map { run in
                // The median's interval, on the p50 chart: what the noise leaves open.
                let interval = percentile == \Percentiles.p50 ? run.frameNanosP50Interval.map { $0.low...$0.high } : nil
                let range = interval.map { " (95 % interval \(Format.duration($0.lowerBound))–\(Format.duration($0.upperBound)))" } ?? ""
                return LineChart.Point(
                    x: Double(run.tiles), y: run.frameNanos[keyPath: percentile],
                    tooltip: "\(label(run)) · \(Format.count(run.tiles)) tiles · \(percentileName) "
                        + "\(Format.duration(run.frameNanos[keyPath: percentile]))\(range)\(failSuffix(run))",
                    flagged: run.fixture == .fail, interval: interval)
            }
            return LineChart.Series(name: strategy, color: color(strategy), line: line(strategy), points: points)
        }
        let rule = options.rule
        // Only crossovers the intervals show are marked: none on the p99 chart, whose
        // figures have no interval.
        let crossings = percentile == \Percentiles.p50 ? knownCrossovers : []
        let markers = crossings.map { crossing in
            LineChart.Marker(
                x: crossing.x, y: crossing.y, label: "crossover ≈ \(Format.countTick(roundedTiles(crossing.x))) tiles",
                tooltip: "\(rule.cachedStrategy) and \(rule.onDemandStrategy) cross at ≈ \(Format.count(Int(crossing.x.rounded()))) tiles, "
                    + "\(percentileName) ≈ \(Format.duration(crossing.y))")
        }
        let chart = LineChart(
            title: "Per-frame cost (\(percentileName)) against tile count — \(options.scaleTrace)",
            x: .logCount(title: "tiles (log scale)", covering: runs.map { Double($0.tiles) }),
            y: .logDuration(
                title: "\(percentileName) per-frame cost (log scale)",
                covering: runs.map { $0.frameNanos[keyPath: percentile] }
                    + (percentile == \Percentiles.p50 ? runs.flatMap { run in run.frameNanosP50Interval.map { [$0.low, $0.high] } ?? [] } : [])),
            series: series, markers: markers, guides: budgetGuides,
            emptyMessage: "No runs over the scale trace \(options.scaleTrace).")
        let bands = percentile == \Percentiles.p50 && runs.contains { $0.frameNanosP50Interval != nil }
            ? "Bands and whiskers show each median's 95 % interval (\(Bootstrap.method)). " : ""
        let caption = "The \(percentileName) per-frame cost of each strategy over \(options.scaleTrace), from "
            + "\(Format.count(runs.first?.tiles ?? 0)) to \(Format.count(runs.last?.tiles ?? 0)) tiles, log-log. " + bands
            + crossoverSentence(crossings, percentile: percentile, percentileName: percentileName)
        return ReportChart(kind: kind, chart: chart, caption: caption + notes(for: chart))
    }

    /// Rounds a crossover's tile count to two significant digits for a label: 3162 → 3200.
    private func roundedTiles(_ tiles: Double) -> Double {
        guard tiles >= 100 else { return tiles.rounded() }
        let unit = Format.power10(Int(Format.log10Floor(tiles)) - 1)
        return (tiles / unit).rounded() * unit
    }

    func crossoverSentence(_ crossings: [Crossover], percentile: KeyPath<Percentiles, Double>, percentileName: String) -> String {
        let cached = options.rule.cachedStrategy, onDemand = options.rule.onDemandStrategy
        if !crossings.isEmpty {
            let each = crossings.map { crossing in
                let below = crossing.firstIsCheaperBelow ? cached : onDemand
                let above = crossing.firstIsCheaperBelow ? onDemand : cached
                return "at ≈ \(Format.count(Int(crossing.x.rounded()))) tiles (\(percentileName) ≈ \(Format.duration(crossing.y))), "
                    + "\(below) cheaper below and \(above) above"
            }
            return "\(cached) and \(onDemand) cross " + each.joined(separator: "; and ")
                + " (interpolated in log space between the measured sizes on either side)."
        }
        guard percentile == \Percentiles.p50 else {
            return "Crossings of the \(percentileName) curves are not marked: \(percentileName) figures carry no interval, and a "
                + "crossing inside the noise is not a crossover."
        }
        let evaluations = recommendation.evaluations
        guard let first = evaluations.first, let last = evaluations.last else {
            return "No tile count has passing \(cached) and \(onDemand) runs, so no crossover can be marked."
        }
        let range = evaluations.count == 1 ? "at \(Format.count(first.tiles)) tiles, the only size measured for both"
            : "between \(Format.count(first.tiles)) and \(Format.count(last.tiles)) tiles"
        var counts: [ThresholdRule.Speed: Int] = [:]
        for evaluation in evaluations { counts[evaluation.comparison.speed, default: 0] += 1 }
        let parts = [
            (ThresholdRule.Speed.equivalent, "equivalent within the noise"),
            (.cachedFaster, "\(cached) faster"), (.onDemandFaster, "\(onDemand) faster"),
        ].compactMap { speed, words in counts[speed].map { "\(words) at \($0) size\($0 == 1 ? "" : "s")" } }
        return "No crossover is known \(range): " + parts.joined(separator: ", ")
            + " (a crossover is marked only between a size where one is faster beyond the noise and the next where the other is)."
    }

    func memoryChart() -> ReportChart {
        let runs = scaleRuns
        var undrawn: [String] = []
        let series = strategies.compactMap { strategy -> LineChart.Series? in
            let mine = runs.filter { $0.strategy == strategy }
            guard !mine.isEmpty else { return nil }
            let points = mine.compactMap { run -> LineChart.Point? in
                guard let bytes = run.retainedBytes, bytes > 0 else { return nil }
                return LineChart.Point(
                    x: Double(run.tiles), y: Double(bytes),
                    tooltip: "\(label(run)) · \(Format.count(run.tiles)) tiles · retains \(Format.bytes(Double(bytes)))\(failSuffix(run))",
                    flagged: run.fixture == .fail)
            }
            if points.count < mine.count {
                let measured = mine.compactMap(\.retainedBytes)
                let why =
                    if measured.isEmpty { "not measured" }
                    else if measured.count == mine.count, measured.allSatisfy({ $0 == 0 }) { "retains 0 B" }
                    else { "zero or not measured at some sizes" }
                undrawn.append("\(strategy) (\(why))")
            }
            return LineChart.Series(name: strategy, color: color(strategy), line: line(strategy), points: points)
        }
        let budget = options.rule.memoryBudgetBytes
        let values = series.flatMap { $0.points.map(\.y) }
        let chart = LineChart(
            title: "Retained memory against tile count — \(options.scaleTrace)",
            x: .logCount(title: "tiles (log scale)", covering: runs.map { Double($0.tiles) }),
            y: .logBytes(title: "bytes retained after prepare (log scale)", covering: values), series: series,
            guides: [LineChart.Guide(value: budget, label: "memory budget \(Format.bytes(budget)) (threshold rule)")],
            emptyMessage: "No retained-memory figures (runs without a memory probe).")
        var caption = "The bytes each strategy keeps once prepared, as the harness's memory probe (jemalloc) counts them, "
            + "against tile count, log-log. The dashed red line, where it falls in range, is the threshold rule's memory budget."
        if !undrawn.isEmpty {
            caption += " Not drawn where a log axis cannot show it: \(undrawn.joined(separator: ", "))."
        }
        return ReportChart(kind: .memory, chart: chart, caption: caption + notes(for: chart, frameBudgets: false))
    }

    func timelineChart() -> ReportChart {
        let runs = canonicalTraceRuns.filter { !($0.timeline ?? []).isEmpty }
        let seconds = { (run: RunRecord) -> Double in run.refreshHz > 0 ? Double(run.frames) / Double(run.refreshHz) : 0 }
        let longest = runs.map(seconds).max() ?? 1
        let series = runs.map { run -> LineChart.Series in
            let samples = run.timeline ?? []
            let step = seconds(run) / Double(samples.count)
            let points = samples.enumerated().map { index, nanos in
                let time = (Double(index) + 0.5) * step
                return LineChart.Point(
                    x: time, y: nanos,
                    tooltip: "\(label(run)) · \(Format.trimmed(time, maxDecimals: 3)) s · \(Format.duration(nanos))\(failSuffix(run))",
                    flagged: run.fixture == .fail)
            }
            return LineChart.Series(name: label(run), color: color(run.strategy), line: line(run.strategy), points: points)
        }
        let chart = LineChart(
            title: "Per-frame cost along the trace — \(options.canonicalDataset), \(options.canonicalTrace)",
            x: .linear(title: "time along the trace (s)", from: 0, to: longest > 0 ? longest : 1) { Format.trimmed($0, maxDecimals: 3) + " s" },
            y: .logDuration(title: "per-frame cost (log scale)", covering: series.flatMap { $0.points.map(\.y) }),
            series: series, guides: budgetGuides,
            emptyMessage: "No timeline recorded for \(options.canonicalDataset) over \(options.canonicalTrace).")
        var caption = "The cost of each frame along \(options.canonicalTrace) on \(options.canonicalDataset) (median over the measured passes, "
            + "downsampled by the harness; samples are placed evenly over the trace's length). A frame with an event (rotation, edit, reload) "
            + "includes the invalidation it causes, so spikes are expected there."
        let missing = canonicalTraceRuns.filter { ($0.timeline ?? []).isEmpty }.map(label)
        if !missing.isEmpty { caption += " No timeline recorded: \(missing.joined(separator: ", "))." }
        return ReportChart(kind: .timeline, chart: chart, caption: caption + notes(for: chart))
    }
}
