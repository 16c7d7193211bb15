import GridHarness

/// The report over every layout as one self-contained HTML page: inline CSS and SVG, no
/// script, no network, no external fonts.
///
/// The page reads from the top: a summary with one line per layout, the contents, then
/// each layout's section (verdict, charts, measurements, threshold), the threshold rule
/// stated once, and how the figures were measured. Every heading has an anchor.
extension LayoutReports {
    /// The threshold rules of the reports, each stated once: its anchor on the page and its
    /// statement, in the order the reports first use them; and the anchor of each report's
    /// rule, by report. One rule (the usual case) is at `#rule`.
    var rules: (statements: [(id: String, statement: String, layouts: [String])], anchors: [String]) {
        Self.distinct(reports.map { ($0.options.layout, $0.options.rule.statement) }, anchor: "rule")
    }

    /// The verdict rules of the reports, each stated once, as ``rules`` are; one rule is
    /// at `#verdict-rule`.
    var verdictRules: (statements: [(id: String, statement: String, layouts: [String])], anchors: [String]) {
        Self.distinct(reports.map { ($0.options.layout, $0.options.workloadRule.statement) }, anchor: "verdict-rule")
    }

    /// Distinct statements of `(layout, statement)`, each with an anchor (`anchor`, then
    /// `anchor-2` …) and its layouts; and each entry's anchor.
    private static func distinct(
        _ entries: [(layout: String, statement: String)], anchor: String
    ) -> (statements: [(id: String, statement: String, layouts: [String])], anchors: [String]) {
        var statements: [(id: String, statement: String, layouts: [String])] = []
        var anchors: [String] = []
        for (layout, statement) in entries {
            if let index = statements.firstIndex(where: { $0.statement == statement }) {
                statements[index].layouts.append(layout)
                anchors.append(statements[index].id)
            } else {
                let id = statements.isEmpty ? anchor : "\(anchor)-\(statements.count + 1)"
                statements.append((id, statement, [layout]))
                anchors.append(id)
            }
        }
        return (statements, anchors)
    }

    /// The page. Every string taken from the results is escaped.
    /// - Complexity: O(r · (t + s)) for r runs over t traces and s strategies.
    public func html() -> String {
        let h = Escape.html
        let layouts = reports.map(\.options.layout)
        let rules = self.rules
        let verdictRules = self.verdictRules
        let runCount = reports.reduce(0) { $0 + $1.runs.count }

        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>GridBench strategy comparison — \(h(layouts.joined(separator: ", ")))</title>
            <style>
            \(ReportPage.css)
            </style>
            </head>
            <body>
            <main>

            """
        out += "<header id=\"top\"><h1>GridBench strategy comparison</h1>\n"
        out += "<p class=\"sub\">Which layout strategy to choose, and from what size: \(runCount) run\(runCount == 1 ? "" : "s") "
            + "over \(layouts.count) layout\(layouts.count == 1 ? "" : "s") (\(h(layouts.joined(separator: ", ")))), every strategy "
            + "replayed over the same scroll traces and checked frame by frame against the reference.</p></header>\n"

        out += alertsSection()
        out += summarySection(ruleAnchor: verdictRules.anchors.first ?? "verdict-rule")
        out += contents(rules: rules.statements, verdictRules: verdictRules.statements)
        for (report, anchors) in zip(reports, zip(rules.anchors, verdictRules.anchors)) {
            out += report.htmlSection(ruleAnchor: anchors.0, verdictRuleAnchor: anchors.1)
        }

        out += "<section class=\"rules\">\n"
        for rule in verdictRules.statements {
            let title = verdictRules.statements.count == 1 ? "The verdict rule" : "The verdict rule of " + rule.layouts.joined(separator: ", ")
            out += ReportPage.heading(2, id: rule.id, h(title))
            out += "<p class=\"rule\">\(h(rule.statement))</p>\n"
        }
        for rule in rules.statements {
            let title = rules.statements.count == 1 ? "The threshold rule" : "The threshold rule of " + rule.layouts.joined(separator: ", ")
            out += ReportPage.heading(2, id: rule.id, h(title))
            out += "<p class=\"rule\">\(h(rule.statement))</p>\n"
        }
        out += "</section>\n"

        out += "<footer>\n" + ReportPage.heading(2, id: "environment", "How these were measured")
        if let document = reports.first?.document {
            out += "<p>Results schema version \(document.schemaVersion), written by \(h(document.tool)).</p>\n"
            if !document.environment.isEmpty {
                out += "<dl>\n"
                for (key, value) in document.environment.sorted(by: { $0.key < $1.key }) {
                    out += "<dt>\(h(key))</dt><dd>\(h(value))</dd>\n"
                }
                out += "</dl>\n"
            }
        }
        out += "</footer>\n</main>\n</body>\n</html>\n"
        return out
    }

    /// The alerts, each linked to its run's row; or a line saying there are none.
    private func alertsSection() -> String {
        let h = Escape.html
        let alerts = self.alerts
        guard !alerts.isEmpty else {
            return "<section class=\"ok\">\n" + ReportPage.heading(2, id: "alerts", "Alerts: none")
                + "<p>Every run's p99 and worst frame are within the frame budget (1/refresh rate), and every fixture check passed.</p>\n"
                + "</section>\n"
        }
        // Rows exist for the runs of the reported layouts.
        let rows = Set(reports.flatMap(\.runs).map(StrategyReport.rowAnchor))
        var out = "<section class=\"alert\">\n" + ReportPage.heading(2, id: "alerts", "Alerts (\(alerts.count))")
        out += "<p>Runs with a frame over the frame budget (1/refresh rate) at p99 or at their worst, or a failed fixture check; "
            + "each links to its row in the measurements.</p>\n<ul>\n"
        for alert in alerts {
            let anchor = StrategyReport.rowAnchor(of: alert.run)
            let name = rows.contains(anchor) ? "<a href=\"#\(anchor)\">\(h(alert.identity))</a>" : h(alert.identity)
            let badge = alert.reasons.contains { if case .fixtureFailed = $0 { true } else { false } }
                ? "<span class=\"badge fail\">FIXTURE FAIL</span> " : "<span class=\"badge over\">OVER BUDGET</span> "
            out += "<li>\(badge)\(name): \(h(alert.problem))</li>\n"
        }
        return out + "</ul>\n</section>\n"
    }

    /// One line per layout: the recommendation, its confidence and the figure that decided.
    private func summarySection(ruleAnchor: String) -> String {
        let h = Escape.html
        var out = "<section class=\"summary\">\n" + ReportPage.heading(2, id: "summary", "Summary")
        out += "<div class=\"scroll\"><table class=\"summary\">\n<thead><tr><th>layout</th><th>recommendation</th>"
            + "<th class=\"num\">confidence</th><th>the figure that decided it</th></tr></thead>\n<tbody>\n"
        for report in reports {
            out += "<tr><td class=\"nowrap\"><a href=\"#\(report.sectionAnchor)\">\(h(report.options.layout))</a></td>"
                + "<td><b>\(h(report.recommendationWords))</b></td><td class=\"num nowrap\">\(h(report.confidenceWords))</td>"
                + "<td>\(h(report.decidingFigure))</td></tr>\n"
        }
        out += "</tbody></table></div>\n"
        out += "<p class=\"note\">Each recommendation weighs every trace of the layout's data sets by <a href=\"#\(ruleAnchor)\">the "
            + "verdict rule</a>: frames over the frame budget first, then the steady scroll, then edits, moves, rotations and jumps, prepare "
            + "and memory; confidence is the share of bootstrap replicates of the steady-scroll passes that give the same choice at every size.</p>\n"
        return out + "</section>\n"
    }

    /// The table of contents: the summary, each layout and its parts, the rule, the
    /// environment.
    private func contents(
        rules: [(id: String, statement: String, layouts: [String])], verdictRules: [(id: String, statement: String, layouts: [String])]
    ) -> String {
        let h = Escape.html
        var out = "<nav class=\"toc\">\n" + ReportPage.heading(2, id: "contents", "Contents") + "<ol>\n"
        let alerts = self.alerts.count
        out += "<li><a href=\"#alerts\">" + (alerts == 0 ? "Alerts: none" : "Alerts (\(alerts))") + "</a></li>\n"
        out += "<li><a href=\"#summary\">Summary</a></li>\n"
        for report in reports {
            let parts = report.htmlParts.map { "<a href=\"#\($0.id)\">\(h($0.short))</a>" }.joined(separator: " · ")
            out += "<li><a href=\"#\(report.sectionAnchor)\"><b>\(h(report.options.layout))</b></a> "
                + "<span class=\"parts\">\(parts)</span></li>\n"
        }
        for rule in verdictRules {
            out += "<li><a href=\"#\(rule.id)\">" + (verdictRules.count == 1 ? "The verdict rule" : "The verdict rule of " + h(rule.layouts.joined(separator: ", ")))
                + "</a></li>\n"
        }
        for rule in rules {
            out += "<li><a href=\"#\(rule.id)\">" + (rules.count == 1 ? "The threshold rule" : "The threshold rule of " + h(rule.layouts.joined(separator: ", ")))
                + "</a></li>\n"
        }
        out += "<li><a href=\"#environment\">How these were measured</a></li>\n"
        return out + "</ol></nav>\n"
    }
}
