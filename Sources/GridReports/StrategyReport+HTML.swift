import GridHarness

/// The report as one self-contained HTML page: inline CSS and SVG, no script, no network,
/// no external fonts.
extension StrategyReport {
    /// The file name the HTML report is written under.
    public static let htmlFileName = "strategy-comparison.html"

    /// The page: this report alone, as ``LayoutReports/html()`` lays out a page. Every
    /// string taken from the results is escaped.
    /// - Complexity: O(r · (t + s)) for r runs over t traces and s strategies.
    public func html() -> String {
        LayoutReports([self]).html()
    }

    /// The anchor of this layout's section on the page (`layout-data-grid`), and the
    /// prefix of its parts' anchors.
    var sectionAnchor: String { "layout-" + ReportPage.slug(options.layout) }

    /// The parts of the layout's section, in order: anchor, heading and the short name the
    /// page's contents give it.
    var htmlParts: [(id: String, title: String, short: String)] {
        let base = sectionAnchor
        var parts = [
            (id: base + "-verdict", title: "Verdict", short: "verdict"),
            (base + "-distribution", "1. Per-frame cost distribution", "distribution"),
            (base + "-scale", "2. Per-frame cost against tile count", "cost by size"),
            (base + "-memory", "3. Retained memory against tile count", "memory"),
            (base + "-timeline", "4. Per-frame cost along the trace", "along the trace"),
            (base + "-measurements", "5. Measurements", "measurements"),
            (base + "-threshold", "6. Adaptive's threshold (steady scroll)", "threshold"),
        ]
        // The verdict is not numbered: the next number is the count of parts so far.
        if !measuredRuns.isEmpty { parts.append((base + "-measured-sizes", "\(parts.count). Measured sizes", "measured sizes")) }
        if !typingRuns.isEmpty { parts.append((base + "-typing", "\(parts.count). Typing", "typing")) }
        return parts
    }

    /// The layout's section of the page: verdict, charts, measurements and threshold, with
    /// an anchor on every heading. The rule is stated once on the page, at `ruleAnchor`,
    /// and linked from here.
    /// - Complexity: O(r · (t + s)) for r runs over t traces and s strategies.
    func htmlSection(ruleAnchor: String, verdictRuleAnchor: String) -> String {
        let h = Escape.html
        let charts = charts()
        // Each figure names the file the Markdown links for it, so that a reader of either
        // finds the same chart, and a test can match the two.
        func figure(_ chart: ReportChart) -> String {
            "<figure id=\"chart-\(ReportPage.slug(chart.name))\" data-chart=\"\(h(chart.relativePath))\">\n\(chart.chart.svg(standalone: false))\n"
                + "<figcaption>\(h(chart.caption))</figcaption>\n</figure>\n"
        }
        let parts = htmlParts

        var out = "<section class=\"layout\" data-layout=\"\(h(options.layout))\">\n"
        out += ReportPage.heading(2, id: sectionAnchor, h(options.layout))
        out += "<p class=\"sub\">Canonical data set <b>\(h(options.canonicalDataset))</b> over <b>\(h(options.canonicalTrace))</b>; "
            + "scale series over <b>\(h(options.scaleTrace))</b>; \(runs.count) run\(runs.count == 1 ? "" : "s")."
            + (otherLayoutsNote.map { " " + h($0) } ?? "") + "</p>\n"

        let failed = failedRuns
        if !failed.isEmpty {
            out += "<div class=\"alert\"><p><span class=\"badge fail\">FIXTURE FAIL</span> <b>\(failed.count) "
                + "run\(failed.count == 1 ? "" : "s") loaded other tiles than the reference</b> and \(failed.count == 1 ? "is" : "are") "
                + "kept out of the recommendation, however fast:</p>\n<ul>\n"
            for run in failed {
                out += "<li>\(h(identity(run)))" + (run.firstMismatchFrame.map { ", first mismatch at frame \($0)" } ?? "") + "</li>\n"
            }
            out += "</ul></div>\n"
        }

        out += "<div class=\"verdict\">\n" + ReportPage.heading(3, id: parts[0].id, h(parts[0].title))
        out += verdict.map { "<p>\(h($0))</p>\n" }.joined()
        out += verdictCards()
        out += "<p class=\"note\">Judged by <a href=\"#\(verdictRuleAnchor)\">the verdict rule</a>. \(h(verdictTableNote))</p>\n"
        out += verdictTableHTML()
        out += "</div>\n"

        let figures: [[ReportChart]] = [
            charts.filter { $0.kind == .distribution },
            charts.filter { $0.kind == .scaleP50 || $0.kind == .scaleP99 },
            charts.filter { $0.kind == .memory },
            charts.filter { $0.kind == .timeline },
        ]
        for (part, chartsOfPart) in zip(parts[1...4], figures) {
            out += ReportPage.heading(3, id: part.id, h(part.title)) + chartsOfPart.map(figure).joined()
        }

        let measurements = parts[5].id
        out += ReportPage.heading(3, id: measurements, h(parts[5].title))
        var title = h(options.canonicalDataset)
        if let any = canonicalRuns.first { title += " <span class=\"dim\">\(Format.count(any.tiles)) tiles in \(Format.count(any.sections)) sections</span>" }
        out += ReportPage.heading(4, id: measurements + "-canonical", title)
        out += htmlTable(RunColumn.canonical.filter { $0 != .trace }, canonicalRuns, .canonical, groupedByTrace: true)
        let notes = columnNotes
        out += "<p class=\"note\">\(h(notes.intro)) "
            + notes.terms.map { "<i>\(h($0.term))</i>: \(h($0.meaning))." }.joined(separator: " ") + "</p>\n"
        out += ReportPage.heading(4, id: measurements + "-scale", "Scale series <span class=\"dim\">\(h(options.scaleTrace))</span>")
        out += htmlTable(RunColumn.scale, scaleRuns, .scale, groupedByTrace: false)
        if let trace = options.scaleEditsTrace, !scaleEditRuns.isEmpty {
            out += ReportPage.heading(4, id: measurements + "-scale-edits", "Scale series with edits <span class=\"dim\">\(h(trace))</span>")
            out += "<p class=\"note\">\(h(Self.scaleEditsNote))</p>\n"
            out += htmlTable(RunColumn.scale, scaleEditRuns, .scaleEdits, groupedByTrace: false)
        }
        if !otherRuns.isEmpty {
            out += ReportPage.heading(4, id: measurements + "-other", "Other data sets")
                + htmlTable(RunColumn.other.filter { $0 != .trace }, otherRuns, .other, groupedByTrace: true)
        }

        out += ReportPage.heading(3, id: parts[6].id, h(parts[6].title))
        out += "<p>\(h(Self.thresholdNote)) Judged by <a href=\"#\(ruleAnchor)\">the threshold rule</a>, stated once for every layout below them.</p>\n"
        out += thresholdCards()
        if !decisionLines.isEmpty {
            out += "<ul>\n" + decisionLines.map { "<li>\(h($0))</li>\n" }.joined() + "</ul>\n"
        }
        out += htmlThresholdTable()
        if let part = parts.first(where: { $0.id.hasSuffix("-measured-sizes") }) {
            out += measuredSizesHTML(id: part.id, title: part.title)
            out += charts.filter { $0.kind == .displacement }.map(figure).joined()
        }
        if let part = parts.first(where: { $0.id.hasSuffix("-typing") }) {
            out += typingHTML(id: part.id, title: part.title)
        }
        out += "</section>\n"
        return out
    }

    /// The verdict's choice, its confidence and the seed's threshold side by side.
    private func verdictCards() -> String {
        let h = Escape.html
        let stretches = workload.stretches
        let value = stretches.count == 1 ? stretches[0].label : (stretches.isEmpty ? "none" : "by size")
        return "<div class=\"cards\">\n"
            + "<div class=\"card main\"><div class=\"big\">\(h(value))</div><div>\(h(recommendationWords))</div></div>\n"
            + "<div class=\"card\"><div class=\"big\">\(h(confidenceWords))</div><div>confidence</div></div>\n"
            + "</div>\n"
    }

    /// The recommended threshold and the seed's side by side.
    private func thresholdCards() -> String {
        let h = Escape.html
        let recommended: (value: String, note: String)
        switch recommendation.outcome {
        case .switchAt(let tiles):
            let names = recommendation.deciding.map { $0.conditions.map { options.rule.name(of: $0) }.joined(separator: " and ") } ?? ""
            recommended = (Format.count(tiles) + " tiles", "adaptive's threshold: cache below, on demand at and above; decided by \(names)")
        case .onDemandAtEverySize:
            recommended = ("on demand", "adaptive's threshold: on demand at every measured size, caching never paid on the steady scroll")
        case .cacheAtEverySize:
            recommended = ("cache", "adaptive's threshold: cache at every measured size, caching always paid on the steady scroll")
        case .noData:
            recommended = ("none", "no usable scale series")
        }
        return "<div class=\"cards\">\n"
            + "<div class=\"card main\"><div class=\"big\">\(h(recommended.value))</div><div>\(h(recommended.note))</div></div>\n"
            + "<div class=\"card\"><div class=\"big\">\(Format.count(options.seedThreshold)) tiles</div>"
            + "<div>the seed's threshold (CHGridView's README)</div></div>\n"
            + "</div>\n<p class=\"dim\">\(h(recommendation.seedComparison(seedThreshold: options.seedThreshold)))</p>\n"
    }

    /// The tables of the measurements part; a run may be in more than one (a canonical
    /// data set of the scale series is in both).
    enum RunTable {
        case canonical, scale, scaleEdits, other
    }

    /// The table whose row for `run` carries the run's anchor: the first it is in.
    func homeTable(of run: RunRecord) -> RunTable {
        if run.dataset == options.canonicalDataset { return .canonical }
        if run.trace == options.scaleTrace { return .scale }
        if let trace = options.scaleEditsTrace, run.trace == trace { return .scaleEdits }
        return .other
    }

    /// The anchor of `run`'s row on the page: `run-tile-grid--photos-2976--fling-120hz--cached`.
    /// Names are assumed to stay apart as slugs (`ReportPage.slug(_:)`), as the plan's do.
    static func rowAnchor(of run: RunRecord) -> String {
        "run-" + [run.layout, run.dataset, run.trace, run.strategy].map(ReportPage.slug).joined(separator: "--")
    }

    /// An HTML table of `runs`; with `groupedByTrace`, one body per trace under a heading row,
    /// and the lowest passing p99 of each trace in bold. Rows of runs whose home is `table`
    /// carry their anchor; rows of runs with a frame over the frame budget are marked.
    private func htmlTable(_ columns: [RunColumn], _ runs: [RunRecord], _ table: RunTable, groupedByTrace: Bool) -> String {
        let h = Escape.html
        guard !runs.isEmpty else { return "<p class=\"dim\">No runs.</p>\n" }
        var out = "<div class=\"scroll\"><table>\n<thead><tr>"
        out += columns.map { "<th\($0.isNumeric ? " class=\"num\"" : "")>\(h($0.header))</th>" }.joined()
        out += "</tr></thead>\n"
        let groups: [(String?, [RunRecord])] =
            groupedByTrace
            ? uniquedTraces(runs).map { trace in (trace, runs.filter { $0.trace == trace }) }
            : [(nil, runs)]
        for (trace, group) in groups {
            out += "<tbody>\n"
            if let trace {
                let hz = group.first.map { " · \($0.refreshHz) Hz · \(Format.count($0.frames)) frames × \($0.passes) passes" } ?? ""
                out += "<tr class=\"group\"><th colspan=\"\(columns.count)\">\(h(trace))<span class=\"dim\">\(h(hz))</span></th></tr>\n"
            }
            let best = group.filter { $0.fixture == .pass }.map(\.frameNanos.p99).min()
            for run in group {
                let id = homeTable(of: run) == table ? " id=\"\(Self.rowAnchor(of: run))\"" : ""
                let budget = RunAlert.frameBudgetNanos(of: run)
                let over = run.frameNanos.max > budget
                out += "<tr\(id)" + (run.fixture == .fail ? " class=\"failed\"" : (over ? " class=\"over\"" : "")) + ">"
                for column in columns {
                    let text = h(column.text(for: run))
                    switch column {
                    case .fixture:
                        out += run.fixture == .pass ? "<td><span class=\"badge pass\">pass</span></td>" : "<td><span class=\"badge fail\">\(text)</span></td>"
                    case .strategy:
                        out += "<td><span class=\"swatch\" style=\"background:\(h(StrategyStyle.color(of: run.strategy, in: strategies)))\"></span>\(text)</td>"
                    case .p99 where run.frameNanos.p99 > budget, .max where run.frameNanos.max > budget:
                        out += "<td class=\"num overbudget\" title=\"over the \(run.refreshHz) Hz frame budget\">\(text)</td>"
                    case .p99 where groupedByTrace && run.fixture == .pass && run.frameNanos.p99 == best:
                        out += "<td class=\"num\"><b>\(text)</b></td>"
                    default:
                        out += column.isNumeric ? "<td class=\"num\">\(text)</td>" : "<td>\(text)</td>"
                    }
                }
                out += "</tr>\n"
            }
            out += "</tbody>\n"
        }
        return out + "</table></div>\n"
    }

    private func uniquedTraces(_ runs: [RunRecord]) -> [String] {
        var seen = Set<String>()
        return runs.map(\.trace).filter { seen.insert($0).inserted }
    }

    private func htmlThresholdTable() -> String {
        let h = Escape.html
        let rule = options.rule
        guard !recommendation.evaluations.isEmpty else { return "" }
        var out = "<div class=\"scroll\"><table>\n<thead><tr><th class=\"num\">tiles</th><th>data set</th>"
            + "<th class=\"num\">\(h(rule.cachedStrategy)) median</th><th class=\"num\">\(h(rule.onDemandStrategy)) median</th>"
            + "<th class=\"num\">ratio (95 % interval)</th><th>frames</th>"
            + "<th class=\"num\">\(h(rule.cachedStrategy)) prepare</th><th class=\"num\">\(h(rule.cachedStrategy)) retained</th>"
            + "<th>caching pays?</th></tr></thead>\n<tbody>\n"
        for evaluation in recommendation.evaluations {
            let isThreshold = evaluation.tiles == recommendation.threshold
            let row = thresholdRow(evaluation)
            out += isThreshold ? "<tr class=\"threshold\">" : "<tr>"
            out += "<td class=\"num\">\(Format.count(evaluation.tiles))</td><td>\(h(evaluation.dataset))</td>"
                + "<td class=\"num\">\(h(row.cached))</td><td class=\"num\">\(h(row.onDemand))</td>"
                + "<td class=\"num\">\(h(row.ratio))</td><td class=\"wrap\">\(h(row.speed))</td>"
                + "<td class=\"num\">\(h(Format.duration(Double(evaluation.cached.prepareNanos))))</td>"
                + "<td class=\"num\">\(h(evaluation.cached.retainedBytes.map { Format.bytes(Double($0)) } ?? "—"))</td>"
                + "<td class=\"wrap\">\(h(row.pays))\(isThreshold ? " <b>← threshold</b>" : "")</td></tr>\n"
        }
        return out + "</tbody></table></div>\n"
    }
}
