import GridHarness

/// The report as one self-contained HTML page: inline CSS and SVG, no script, no network,
/// no external fonts.
extension StrategyReport {
    /// The file name the HTML report is written under.
    public static let htmlFileName = "strategy-comparison.html"

    /// The page. Every string taken from the results is escaped.
    /// - Complexity: O(r · (t + s)) for r runs over t traces and s strategies.
    public func html() -> String {
        let h = Escape.html
        let charts = charts()
        // Each figure names the file the Markdown links for it, so that a reader of either
        // finds the same chart, and a test can match the two.
        func figure(_ chart: ReportChart) -> String {
            "<figure id=\"chart-\(h(chart.name))\" data-chart=\"\(h(chart.relativePath))\">\n\(chart.chart.svg(standalone: false))\n"
                + "<figcaption>\(h(chart.caption))</figcaption>\n</figure>\n"
        }

        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>GridBench strategy comparison — \(h(options.layout))</title>
            <style>
            \(Self.css)
            </style>
            </head>
            <body>
            <main>
            <section class="layout" data-layout="\(h(options.layout))">

            """
        out += "<header><h1>Strategy comparison: \(h(options.layout))</h1>\n"
        out += "<p class=\"sub\">Canonical data set <b>\(h(options.canonicalDataset))</b> over <b>\(h(options.canonicalTrace))</b>; "
            + "scale series over <b>\(h(options.scaleTrace))</b>; \(runs.count) run\(runs.count == 1 ? "" : "s")."
            + (otherLayoutsNote.map { " " + h($0) } ?? "") + "</p></header>\n"

        let failed = failedRuns
        if !failed.isEmpty {
            out += "<section class=\"alert\"><p><span class=\"badge fail\">FIXTURE FAIL</span> <b>\(failed.count) "
                + "run\(failed.count == 1 ? "" : "s") loaded other tiles than the reference</b> and \(failed.count == 1 ? "is" : "are") "
                + "kept out of the recommendation, however fast:</p>\n<ul>\n"
            for run in failed {
                out += "<li>\(h(identity(run)))" + (run.firstMismatchFrame.map { ", first mismatch at frame \($0)" } ?? "") + "</li>\n"
            }
            out += "</ul></section>\n"
        }

        out += "<section class=\"verdict\">\n<h2>Verdict</h2>\n"
        out += verdict.map { "<p>\(h($0))</p>\n" }.joined()
        out += thresholdCards()
        out += "</section>\n"

        let sections: [(String, [ReportChart])] = [
            ("1. Per-frame cost distribution", charts.filter { $0.kind == .distribution }),
            ("2. Per-frame cost against tile count", charts.filter { $0.kind == .scaleP50 || $0.kind == .scaleP99 }),
            ("3. Retained memory against tile count", charts.filter { $0.kind == .memory }),
            ("4. Per-frame cost along the trace", charts.filter { $0.kind == .timeline }),
        ]
        for (heading, figures) in sections {
            out += "<section>\n<h2>\(h(heading))</h2>\n" + figures.map(figure).joined() + "</section>\n"
        }

        out += "<section>\n<h2>5. Measurements</h2>\n"
        out += "<h3>\(h(options.canonicalDataset))"
        if let any = canonicalRuns.first { out += " <span class=\"dim\">\(Format.count(any.tiles)) tiles in \(Format.count(any.sections)) sections</span>" }
        out += "</h3>\n"
        out += htmlTable(RunColumn.canonical.filter { $0 != .trace }, canonicalRuns, groupedByTrace: true)
        let notes = columnNotes
        out += "<p class=\"note\">\(h(notes.intro)) "
            + notes.terms.map { "<i>\(h($0.term))</i>: \(h($0.meaning))." }.joined(separator: " ") + "</p>\n"
        out += "<h3>Scale series <span class=\"dim\">\(h(options.scaleTrace))</span></h3>\n"
        out += htmlTable(RunColumn.scale, scaleRuns, groupedByTrace: false)
        if let trace = options.scaleEditsTrace, !scaleEditRuns.isEmpty {
            out += "<h3>Scale series with edits <span class=\"dim\">\(h(trace))</span></h3>\n"
            out += "<p class=\"note\">\(h(Self.scaleEditsNote))</p>\n"
            out += htmlTable(RunColumn.scale, scaleEditRuns, groupedByTrace: false)
        }
        if !otherRuns.isEmpty {
            out += "<h3>Other data sets</h3>\n" + htmlTable(RunColumn.other.filter { $0 != .trace }, otherRuns, groupedByTrace: true)
        }
        out += "</section>\n"

        out += "<section>\n<h2>6. Recommended threshold</h2>\n"
        out += "<p class=\"rule\"><b>The rule.</b> \(h(options.rule.statement))</p>\n"
        if !decisionLines.isEmpty {
            out += "<ul>\n" + decisionLines.map { "<li>\(h($0))</li>\n" }.joined() + "</ul>\n"
        }
        out += "<p>\(h(recommendation.seedComparison(seedThreshold: options.seedThreshold)))</p>\n"
        out += htmlThresholdTable()
        out += "</section>\n"

        out += "</section>\n"
        out += "<footer><p>Results schema version \(document.schemaVersion), written by \(h(document.tool)).</p>\n"
        if !document.environment.isEmpty {
            out += "<dl>\n"
            for (key, value) in document.environment.sorted(by: { $0.key < $1.key }) {
                out += "<dt>\(h(key))</dt><dd>\(h(value))</dd>\n"
            }
            out += "</dl>\n"
        }
        out += "</footer>\n</main>\n</body>\n</html>\n"
        return out
    }

    /// The recommended threshold and the seed's side by side.
    private func thresholdCards() -> String {
        let h = Escape.html
        let recommended: (value: String, note: String)
        switch recommendation.outcome {
        case .switchAt(let tiles):
            let names = recommendation.deciding.map { $0.conditions.map { options.rule.name(of: $0) }.joined(separator: " and ") } ?? ""
            recommended = (Format.count(tiles) + " tiles", "recommended threshold: cache below, on demand at and above; decided by \(names)")
        case .onDemandAtEverySize:
            recommended = ("on demand", "at every measured size: caching never paid")
        case .cacheAtEverySize:
            recommended = ("cache", "at every measured size: caching always paid")
        case .noData:
            recommended = ("none", "no usable scale series")
        }
        return "<div class=\"cards\">\n"
            + "<div class=\"card main\"><div class=\"big\">\(h(recommended.value))</div><div>\(h(recommended.note))</div></div>\n"
            + "<div class=\"card\"><div class=\"big\">\(Format.count(options.seedThreshold)) tiles</div>"
            + "<div>the seed's threshold (CHGridView's README)</div></div>\n"
            + "</div>\n<p class=\"dim\">\(h(recommendation.seedComparison(seedThreshold: options.seedThreshold)))</p>\n"
    }

    /// An HTML table of `runs`; with `groupedByTrace`, one body per trace under a heading row,
    /// and the lowest passing p99 of each trace in bold.
    private func htmlTable(_ columns: [RunColumn], _ runs: [RunRecord], groupedByTrace: Bool) -> String {
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
                out += run.fixture == .fail ? "<tr class=\"failed\">" : "<tr>"
                for column in columns {
                    let text = h(column.text(for: run))
                    switch column {
                    case .fixture:
                        out += run.fixture == .pass ? "<td><span class=\"badge pass\">pass</span></td>" : "<td><span class=\"badge fail\">\(text)</span></td>"
                    case .strategy:
                        out += "<td><span class=\"swatch\" style=\"background:\(h(StrategyStyle.color(of: run.strategy, in: strategies)))\"></span>\(text)</td>"
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

    static let css = """
        :root { color-scheme: light; }
        * { box-sizing: border-box; }
        body { margin: 0; background: #f3f4f6; color: #111827;
          font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", Arial, sans-serif; }
        main { max-width: 1120px; margin: 0 auto; padding: 24px 28px 48px; background: #fff; }
        h1 { font-size: 26px; margin: 0 0 4px; }
        h2 { font-size: 19px; margin: 32px 0 10px; padding-bottom: 4px; border-bottom: 1px solid #e5e7eb; }
        h3 { font-size: 16px; margin: 22px 0 8px; }
        .sub, .dim, .note { color: #4b5563; }
        .dim { font-weight: normal; }
        .note { font-size: 13px; }
        .verdict p { font-size: 16px; margin: 6px 0; }
        .cards { display: flex; gap: 16px; flex-wrap: wrap; margin: 14px 0 6px; }
        .card { flex: 1 1 280px; border: 1px solid #d1d5db; border-radius: 8px; padding: 12px 16px; background: #f9fafb; }
        .card.main { border-color: #0072b2; background: #eff6fc; }
        .card .big { font-size: 26px; font-weight: 700; }
        .alert { border: 2px solid #c81e1e; background: #fdf2f2; border-radius: 8px; padding: 8px 16px; margin: 16px 0; }
        .alert ul { margin: 4px 0 8px; }
        .badge { display: inline-block; padding: 1px 8px; border-radius: 10px; font-size: 12px; font-weight: 700; white-space: nowrap; }
        .badge.pass { background: #def7ec; color: #03543f; }
        .badge.fail { background: #c81e1e; color: #fff; }
        figure { margin: 12px 0 20px; }
        figure svg { display: block; border: 1px solid #e5e7eb; border-radius: 6px; }
        figcaption { font-size: 13px; color: #374151; margin-top: 6px; }
        .scroll { overflow-x: auto; }
        table { border-collapse: collapse; font-size: 12.5px; font-variant-numeric: tabular-nums; margin: 6px 0 8px; }
        th, td { padding: 4px 6px; border-bottom: 1px solid #e5e7eb; text-align: left; white-space: nowrap; }
        thead th { white-space: normal; vertical-align: bottom; }
        td.wrap { white-space: normal; min-width: 220px; }
        thead th { background: #f3f4f6; border-bottom: 2px solid #d1d5db; }
        .num { text-align: right; }
        tr.group th { background: #fafafa; font-weight: 600; padding-top: 8px; }
        tr.failed td { background: #fdf2f2; }
        tr.threshold td { background: #eff6fc; }
        .swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 6px; }
        .rule { background: #f9fafb; border-left: 4px solid #0072b2; padding: 8px 12px; }
        footer { margin-top: 32px; font-size: 12px; color: #4b5563; }
        footer dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; }
        footer dt { font-weight: 600; }
        footer dd { margin: 0; }
        """
}
