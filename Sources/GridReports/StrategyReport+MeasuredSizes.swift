import GridHarness

/// The "Measured sizes" part of a layout's section: the runs over data sets whose sizes are
/// learnt as cells appear (a spec with `estimated`), strategies × anchoring policies, with
/// what a user sees (how far visible cells moved, how the offset was corrected, where a
/// scroll to an item landed) and what the measuring frames cost; and, per data set, which
/// combination to pick and why. One table model serves the HTML and the Markdown.
extension StrategyReport {
    /// The runs over measured data sets (those that record an `anchor` and type nothing:
    /// a trace that types records its anchoring in the "Typing" part), under every policy,
    /// in document order.
    var measuredRuns: [RunRecord] {
        document.runs.filter { $0.layout == options.layout && $0.anchor != nil && $0.keystrokes == nil }
    }

    /// The measured sizes table's columns, each with its header and whether it is numeric.
    static let measuredSizesColumns: [(header: String, numeric: Bool)] = [
        ("data set", false), ("trace", false), ("strategy", false), ("anchor", false), ("fixture", false),
        ("measuring frames", true), ("p50", true), ("p99", true), ("max", true), ("allocs/frame", true),
        ("frames displaced", true), ("max displacement", true), ("total displacement", true),
        ("corrections", true), ("corrected by", true), ("content height, estimated → final", true),
        ("lane changes", true), ("scroll-to error, first → settled (rounds)", true),
    ]

    /// The table: ``measuredSizesColumns`` and a ``measuredSizesRow(_:)`` per run.
    static let measuredSizesTable = PartTable(columns: measuredSizesColumns, row: measuredSizesRow)

    /// One row of the table per measured run: the cells' texts, in the columns' order.
    static func measuredSizesRow(_ run: RunRecord) -> [String] {
        let cost = run.measurementFrameNanos
        let displacement = run.visibleDisplacement
        let corrections = run.offsetCorrections
        func points(_ value: Double?) -> String { value.map { Format.trimmed($0) + " pt" } ?? "—" }
        return [
            run.dataset, run.trace, run.strategy, run.anchor ?? "—", run.fixture == .pass ? "pass" : "FAIL",
            cost.map { Format.count($0.frames) } ?? "—",
            cost.map { Format.duration($0.p50) } ?? "—",
            cost.map { Format.duration($0.p99) } ?? "—",
            cost.map { Format.duration($0.max) } ?? "—",
            cost?.allocationsPerFrame.map { Format.trimmed($0) } ?? "—",
            displacement.map { Format.count($0.frames) } ?? "—",
            points(displacement?.maxPoints),
            points(displacement?.totalPoints),
            corrections.map { Format.count($0.count) } ?? "—",
            points(corrections?.totalPoints),
            run.contentSizeDrift.map { Format.trimmed($0.estimatedHeight) + " → " + Format.trimmed($0.finalHeight) + " pt" } ?? "—",
            run.laneChanges.map(Format.count) ?? "—",
            run.scrollToError.map { Format.trimmed($0.firstPoints) + " → " + Format.trimmed($0.settledPoints) + " pt (\($0.rounds))" } ?? "—",
        ]
    }

    /// What the measured sizes part says before its table: what the figures are.
    static let measuredSizesNote =
        "Data sets whose cell sizes are estimated until a cell is about to be shown: each frame measures the cells it loads for the first time, "
        + "tells the layout their true sizes as one batch, and corrects the offset by the run's anchoring policy "
        + "(none: the offset is kept; first-visible: the first fully visible cell keeps its place on screen; last-visible: the last one does). "
        + "Measuring frames: those that told the layout a batch, with their cost (p50, p99, max) and heap allocations. "
        + "Displacement: how far cells on screen before and after a frame moved on screen, net of the scroll — what a user sees jump. "
        + "Corrections: the frames whose offset the policy moved, and by how much in all. "
        + "Lane changes: items or sections a measurement moved to another column (rebalancing layouts; — where the layout or strategy does not count them). "
        + "Scroll-to error: how far an item asked for was from where it was asked to be, at the first landing and once settled."

    /// Per data set, which strategy and anchoring policy to pick and why, in words: the
    /// policy whose runs displaced visible cells the least (the default, first-visible, on a
    /// tie), then among that policy's passing runs the strategy whose measuring frames cost
    /// the least at p99 (over the data set's traces, the worst of each).
    var measuredSizesAdvice: [String] {
        let measured = measuredRuns.filter { $0.fixture == .pass }
        return Self.uniqued(measured.map(\.dataset)).compactMap { dataset -> String? in
            let ofDataset = measured.filter { $0.dataset == dataset }
            let anchors = Self.uniqued(ofDataset.map { $0.anchor ?? "" })
            func worstDisplacement(_ anchor: String) -> Double {
                ofDataset.filter { $0.anchor == anchor }.map { $0.visibleDisplacement?.maxPoints ?? 0 }.max() ?? 0
            }
            let best = anchors.min { a, b in
                let (da, db) = (worstDisplacement(a), worstDisplacement(b))
                return da != db ? da < db : (a == "first-visible" && b != "first-visible")
            }
            guard let anchor = best else { return nil }
            let ofAnchor = ofDataset.filter { $0.anchor == anchor }
            let strategies = Self.uniqued(ofAnchor.map(\.strategy))
            func worstP99(_ strategy: String) -> Double? {
                ofAnchor.filter { $0.strategy == strategy }.compactMap { $0.measurementFrameNanos?.p99 }.max()
            }
            let costs = strategies.compactMap { strategy in worstP99(strategy).map { (strategy, $0) } }.sorted { $0.1 < $1.1 }
            let displaced = worstDisplacement(anchor)
            var words = "\(dataset): pick " + (costs.first.map { "\($0.0) with \(anchor) anchoring" } ?? "\(anchor) anchoring") + ". "
            words += displaced == 0
                ? "No visible cell moved in any frame of its \(ofAnchor.count) run\(ofAnchor.count == 1 ? "" : "s")"
                : "Visible cells moved by up to \(Format.trimmed(displaced)) points, "
                    + (anchors.contains { worstDisplacement($0) > displaced } ? "the least of the policies measured" : "as much as under every other policy measured")
            if let first = costs.first {
                words += "; its measuring frames cost \(Format.duration(first.1)) at p99"
                if costs.count > 1 {
                    words += ", against " + costs.dropFirst().map { "\($0.0) \(Format.duration($0.1))" }.joined(separator: ", ")
                }
            }
            words += "."
            let others = anchors.filter { $0 != anchor }.map { "\($0) \(Format.trimmed(worstDisplacement($0))) points" }
            if !others.isEmpty { words += " Under the other policies visible cells moved by up to: " + others.joined(separator: ", ") + "." }
            return words
        }
    }

    /// The measured data sets' traces on which no policy moved a visible cell in any run
    /// (with their timelines recorded), as `feed-10000 over drag-60hz`: charted by none.
    var stillTraces: [String] {
        let runs = measuredRuns.filter { !($0.displacementTimeline ?? []).isEmpty }
        var still: [String] = []
        for run in runs {
            let name = "\(run.dataset) over \(run.trace)"
            guard !still.contains(name) else { continue }
            let moved = runs.contains { $0.dataset == run.dataset && $0.trace == run.trace && ($0.displacementTimeline ?? []).contains { $0 > 0 } }
            if !moved { still.append(name) }
        }
        return still
    }

    /// The sentence that says which traces no policy moved a visible cell on.
    static func stillSentence(_ traces: [String]) -> String {
        "No anchoring policy moved a visible cell on \(traces.joined(separator: ", ")): the charts below show the traces where one did."
    }

    /// The part in HTML: note, advice and table (``PartTable``); empty when no run
    /// measured sizes.
    func measuredSizesHTML(id: String, title: String) -> String {
        let runs = measuredRuns
        guard !runs.isEmpty else { return "" }
        let h = Escape.html
        var out = ReportPage.heading(3, id: id, h(title))
        out += "<p class=\"note\">\(h(Self.measuredSizesNote))</p>\n"
        out += "<ul>\n" + measuredSizesAdvice.map { "<li>\(h($0))</li>\n" }.joined() + "</ul>\n"
        if !stillTraces.isEmpty {
            out += "<p>\(h(Self.stillSentence(stillTraces)))</p>\n"
        }
        return out + Self.measuredSizesTable.html(runs)
    }

    /// The part in Markdown: heading, note, advice and table; empty when no run measured
    /// sizes.
    var measuredSizesMarkdown: String {
        let runs = measuredRuns
        guard !runs.isEmpty else { return "" }
        let md = Escape.markdown
        var out = "## Measured sizes\n\n" + md(Self.measuredSizesNote) + "\n\n"
        out += measuredSizesAdvice.map { "- \(md($0))\n" }.joined() + "\n"
        if !stillTraces.isEmpty { out += md(Self.stillSentence(stillTraces)) + "\n\n" }
        return out + Self.measuredSizesTable.markdown(runs)
    }

    /// Each anchoring policy's colour and stroke in the displacement charts: `none` (the
    /// jumps) red and solid, `first-visible` blue and dashed, `last-visible` green and
    /// dotted; another policy grey.
    static func style(ofPolicy policy: String) -> (color: String, line: LineChart.LineStyle) {
        switch policy {
        case "none": ("#d55e00", LineChart.LineStyle(width: 2.5, dash: [], shape: .circle))
        case "first-visible": ("#0072b2", LineChart.LineStyle(width: 2.5, dash: [8, 5], shape: .square))
        case "last-visible": ("#009e73", LineChart.LineStyle(width: 2, dash: [2, 3], shape: .diamond))
        default: ("#999999", LineChart.LineStyle(width: 2, dash: [4, 2], shape: .triangle))
        }
    }

    /// One chart per measured data set and trace whose runs recorded a displacement
    /// timeline and moved a visible cell under some policy (``stillTraces`` lists the
    /// others): visible displacement along the trace, one line per policy, each drawn from
    /// the policy's first run that passed its fixture (every such strategy shows the same
    /// cells, so moves them alike), else its first run.
    func displacementCharts() -> [ReportChart] {
        let runs = measuredRuns.filter { !($0.displacementTimeline ?? []).isEmpty }
        var pairs: [(dataset: String, trace: String)] = []
        for run in runs where !pairs.contains(where: { $0 == (run.dataset, run.trace) }) { pairs.append((run.dataset, run.trace)) }
        return pairs.compactMap { dataset, trace -> ReportChart? in
            let ofPair = runs.filter { $0.dataset == dataset && $0.trace == trace }
            let policies = Self.uniqued(ofPair.map { $0.anchor ?? "" })
            let chosen = policies.compactMap { policy in
                ofPair.first { $0.anchor == policy && $0.fixture == .pass } ?? ofPair.first { $0.anchor == policy }
            }
            let seconds = { (run: RunRecord) -> Double in run.refreshHz > 0 ? Double(run.frames) / Double(run.refreshHz) : 0 }
            let longest = chosen.map(seconds).max() ?? 1
            let highest = chosen.flatMap { $0.displacementTimeline ?? [] }.max() ?? 0
            // A chart of lines along 0 says nothing the table does not: the part says it in words.
            guard highest > 0 else { return nil }
            let series = chosen.map { run -> LineChart.Series in
                let samples = run.displacementTimeline ?? []
                let step = seconds(run) / Double(max(samples.count, 1))
                let policy = run.anchor ?? ""
                let points = samples.enumerated().map { index, moved in
                    let time = (Double(index) + 0.5) * step
                    return LineChart.Point(
                        x: time, y: moved,
                        tooltip: "\(policy) (\(label(run))) · \(Format.trimmed(time, maxDecimals: 3)) s · \(Format.trimmed(moved)) pt",
                        flagged: run.fixture == .fail)
                }
                let style = Self.style(ofPolicy: policy)
                return LineChart.Series(name: "anchor \(policy)", color: style.color, line: style.line, points: points)
            }
            let chart = LineChart(
                title: "Visible displacement along the trace — \(dataset), \(trace)",
                x: .linear(title: "time along the trace (s)", from: 0, to: longest > 0 ? longest : 1) { Format.trimmed($0, maxDecimals: 3) + " s" },
                y: .linear(title: "largest displacement on screen (points)", from: 0, to: highest > 0 ? highest * 1.1 : 1) { Format.trimmed($0) },
                series: series,
                emptyMessage: "No displacement recorded for \(dataset) over \(trace).")
            let drawnFrom = chosen.map { "\($0.anchor ?? ""): \(label($0))" }.joined(separator: ", ")
            var caption = "How far the cell that moved most on screen moved, net of the scroll, along \(trace) on \(dataset), "
                + "under each anchoring policy (largest per stretch of frames; from the runs \(drawnFrom)). "
                + "A line along 0 is a screen that never jumped."
            if chosen.contains(where: { $0.fixture == .fail }) {
                caption += " Red rings mark runs that failed the fixture check."
            }
            return ReportChart(
                kind: .displacement, name: "displacement-\(ReportPage.slug(dataset))-\(ReportPage.slug(trace))", chart: chart,
                caption: caption)
        }
    }
}
