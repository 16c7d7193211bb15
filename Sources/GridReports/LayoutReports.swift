import Foundation
import GridHarness

/// The strategy comparison over every layout of a results document: one
/// ``StrategyReport`` per layout, each with its own data sets, verdict and threshold, in
/// one Markdown file and one HTML page (the first layout's report as it stands alone, the
/// others as sections after it).
public struct LayoutReports {
    /// The reports, the first layout's first.
    public let reports: [StrategyReport]

    /// The reports of `document` for `primary` and, for each of `sections` with runs in
    /// the document, a report of that layout (its charts' files prefixed with its name).
    ///
    /// - Throws: `GridError` for options out of range.
    public init(document: ResultsDocument, primary: ReportOptions, sections: [ReportOptions]) throws {
        let layouts = Set(document.runs.map(\.layout))
        var reports = [try StrategyReport(document: document, options: Self.section(primary, alone: sections.isEmpty))]
        for options in sections where layouts.contains(options.layout) && options.layout != primary.layout {
            var section = Self.section(options, alone: false)
            if section.chartPrefix.isEmpty { section.chartPrefix = options.layout + "-" }
            reports.append(try StrategyReport(document: document, options: section))
        }
        self.reports = reports
    }

    /// These reports, as given.
    public init(_ reports: [StrategyReport]) {
        self.reports = reports
    }

    private static func section(_ options: ReportOptions, alone: Bool) -> ReportOptions {
        var options = options
        options.notesOtherLayouts = alone
        return options
    }

    /// The sizes whose recommendation waits on a tie-break by instructions: where cached
    /// and on demand are equivalent, neither budget decides, and one of the two runs has
    /// no instruction count yet. Each as the data set, the scale trace and the two
    /// strategies, once.
    public var instructionRequests: [(dataset: String, trace: String, strategies: [String])] {
        var seen = Set<String>()
        var requests: [(dataset: String, trace: String, strategies: [String])] = []
        for report in reports {
            let rule = report.options.rule
            for evaluation in report.recommendation.evaluations where evaluation.comparison.speed == .equivalent {
                let budgets = evaluation.conditions.contains(.prepareOverBudget) || evaluation.conditions.contains(.memoryOverBudget)
                let counted = evaluation.cached.instructionsPerFrame != nil && evaluation.onDemand.instructionsPerFrame != nil
                guard !budgets, !counted, seen.insert(evaluation.dataset + "\u{0}" + report.options.scaleTrace).inserted else { continue }
                requests.append((evaluation.dataset, report.options.scaleTrace, [rule.cachedStrategy, rule.onDemandStrategy]))
            }
        }
        return requests
    }

    /// Every run with a frame over the frame budget (p99 or worst) or a failed fixture
    /// check (``RunAlert``): the reports' layouts in order, each in the document's order,
    /// then runs of layouts without a report.
    public var alerts: [RunAlert] {
        guard let document = reports.first?.document else { return [] }
        let layouts = reports.map(\.options.layout)
        let reported = reports.flatMap { $0.runs + $0.otherAnchorRuns }
        return RunAlert.alerts(in: reported + document.runs.filter { !layouts.contains($0.layout) })
    }

    /// The alerts as the terminal summary prints them: a heading line, then one indented
    /// line per alert; or one line saying there are none.
    public var alertLines: [String] {
        let alerts = self.alerts
        guard !alerts.isEmpty else {
            return ["No alerts: every run's p99 and worst frame are within the frame budget, and every fixture check passed."]
        }
        return ["Alerts: \(alerts.count) run\(alerts.count == 1 ? "" : "s") with a frame over the frame budget (1/refresh rate) "
            + "or a failed fixture check:"] + alerts.map { "  " + $0.line }
    }

    /// Every layout's verdict, each line naming its layout when there are several.
    public var verdict: [String] {
        guard reports.count > 1 else { return reports.first?.verdict ?? [] }
        return reports.flatMap { report in report.verdict.map { "\(report.options.layout): \($0)" } }
    }

    /// The reports in Markdown: a summary with one line per layout, the reports one after
    /// the other, and the threshold rule stated once at the end (each report links to it).
    public func markdown() -> String {
        let md = Escape.markdown
        let rules = self.rules
        // GitHub's anchor for a heading: its words in lower case, joined by hyphens.
        let title = { (rule: (id: String, statement: String, layouts: [String])) -> String in
            rules.statements.count == 1 ? "The threshold rule" : "The threshold rule of " + rule.layouts.joined(separator: ", ")
        }
        let links = Dictionary(uniqueKeysWithValues: rules.statements.map { ($0.id, "#" + ReportPage.slug(title($0))) })

        var out = "# GridBench strategy comparison\n\n"
        out += "| layout | recommendation | confidence | the figure that decided it |\n| --- | --- | ---: | --- |\n"
        for report in reports {
            out += "| \(md(report.options.layout)) | **\(md(report.recommendationWords))** | \(md(report.confidenceWords)) | "
                + "\(md(report.decidingFigure)) |\n"
        }
        let alerts = self.alerts
        if !alerts.isEmpty {
            out += "\n## ⚠ Alerts (\(alerts.count))\n\nRuns with a frame over the frame budget (1/refresh rate) at p99 or at their worst, "
                + "or a failed fixture check:\n\n"
            out += alerts.map { "- **\(md($0.identity))**: \(md($0.problem))\n" }.joined()
        }
        out += "\n---\n\n"
        let verdictRules = self.verdictRules
        let verdictTitle = { (rule: (id: String, statement: String, layouts: [String])) -> String in
            verdictRules.statements.count == 1 ? "The verdict rule" : "The verdict rule of " + rule.layouts.joined(separator: ", ")
        }
        let verdictLinks = Dictionary(uniqueKeysWithValues: verdictRules.statements.map { ($0.id, "#" + ReportPage.slug(verdictTitle($0))) })
        out += zip(reports, zip(rules.anchors, verdictRules.anchors)).map { report, anchors in
            report.markdown(ruleLink: (links[anchors.0] ?? "", verdictLinks[anchors.1] ?? ""))
        }.joined(separator: "\n---\n\n")
        for rule in verdictRules.statements {
            out += "\n---\n\n# \(md(verdictTitle(rule)))\n\n\(md(rule.statement))\n"
        }
        for rule in rules.statements {
            out += "\n---\n\n# \(md(title(rule)))\n\n\(md(rule.statement))\n"
        }
        return out
    }

    /// Every report's charts, then the HTML and Markdown files, added to `set` (by path
    /// relative to its directory).
    public func add(to set: inout AtomicFileSet) {
        for report in reports {
            for chart in report.charts() {
                set.add(chart.relativePath, text: chart.chart.svg(standalone: true) + "\n")
            }
        }
        set.add(StrategyReport.htmlFileName, text: html())
        set.add(StrategyReport.markdownFileName, text: markdown())
    }

    /// Writes every report's charts, the HTML and the Markdown files as one set (see
    /// `AtomicFileSet`: all old or all new), and returns the files written.
    public func write(to directory: URL) throws -> [URL] {
        var set = AtomicFileSet(directory: directory)
        add(to: &set)
        return try set.commit()
    }
}
