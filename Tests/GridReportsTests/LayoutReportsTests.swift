import Foundation
import GridHarness
import GridReports
import Testing

/// The report over several layouts: every layout's charts in the Markdown and on the page.
@Suite struct LayoutReportsTests {
    /// The synthetic document's runs once per layout of `layouts`, the first as it is.
    static func document(layouts: [String], failing: Bool = true) -> ResultsDocument {
        let base = Synthetic.document(failing: failing)
        var runs: [RunRecord] = []
        for layout in layouts {
            runs += base.runs.map { run in
                var run = run
                run.layout = layout
                return run
            }
        }
        return ResultsDocument(environment: base.environment, runs: runs)
    }

    static let layouts = ["tile-grid", "data-grid", "span-grid"]

    static func reports() throws -> LayoutReports {
        try LayoutReports(
            document: document(layouts: layouts), primary: ReportOptions(),
            sections: layouts.dropFirst().map { ReportOptions(layout: $0) })
    }

    @Test func thePageEmbedsEveryChartTheMarkdownLinks() throws {
        let reports = try Self.reports()
        let linked = ReportPages.markdownCharts(reports.markdown())
        let embedded = ReportPages.htmlCharts(reports.html())
        // Worked out by hand: five charts a layout; the first layout's unprefixed, the
        // others' prefixed with the layout's name.
        #expect(linked == [
            "tile-grid": ["charts/distribution.svg", "charts/scale-p50.svg", "charts/scale-p99.svg", "charts/memory.svg", "charts/timeline.svg"],
            "data-grid": ["distribution", "scale-p50", "scale-p99", "memory", "timeline"].map { "charts/data-grid-\($0).svg" },
            "span-grid": ["distribution", "scale-p50", "scale-p99", "memory", "timeline"].map { "charts/span-grid-\($0).svg" },
        ])
        for layout in Self.layouts {
            let missing = (linked[layout] ?? []).filter { !(embedded[layout] ?? []).contains($0) }
            #expect(
                embedded[layout] == linked[layout],
                "\(layout): the Markdown links \(linked[layout]?.count ?? 0) charts, the page embeds \(embedded[layout]?.count ?? 0); missing \(missing)")
        }
        #expect(Set(embedded.keys) == Set(Self.layouts))
    }
}

extension LayoutReportsTests {
    func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test func thePageNamesGridBenchAndSummarisesEachLayoutOnOneLine() throws {
        let reports = try Self.reports()
        let html = reports.html()
        #expect(html.contains("<title>GridBench strategy comparison — tile-grid, data-grid, span-grid</title>"))
        #expect(html.contains("<h1>GridBench strategy comparison</h1>"))
        // The synthetic document, worked out by hand (see StrategyReportTests'
        // verdictComesFirstInTwoSentences): scan's 560 ns is alone fastest at 100 tiles;
        // cached at every other size; at photos-2976, the key size, cached and adaptive
        // (→ cached) tie on everything and report order settles it. Without passes there is
        // nothing to resample: no confidence.
        for layout in Self.layouts {
            #expect(html.contains(
                "<tr><td class=\"nowrap\"><a href=\"#layout-\(layout)\">\(layout)</a></td>"
                    + "<td><b>scan at 100 tiles, cached at 1,000 to 10,000,000 tiles</b></td><td class=\"num nowrap\">—</td>"
                    + "<td>at 2,976 tiles (photos-2976): nothing tells cached and adaptive (→ cached) apart, and cached comes first "
                    + "in report order</td></tr>"), "\(layout)")
        }
        #expect(occurrences(of: "<td class=\"nowrap\"><a href=\"#layout-", in: html) == Self.layouts.count)
        let markdown = reports.markdown()
        #expect(markdown.hasPrefix("# GridBench strategy comparison\n\n| layout | recommendation | confidence | the figure that decided it |\n"))
        #expect(markdown.contains(
            "| data-grid | **scan at 100 tiles, cached at 1,000 to 10,000,000 tiles** | — | at 2,976 tiles (photos-2976): nothing tells "
                + "cached and adaptive (→ cached) apart, and cached comes first in report order |"))
    }

    @Test func theRuleIsStatedOnceAndLinkedFromEveryLayout() throws {
        let reports = try Self.reports()
        let statement = ThresholdRule().statement
        #expect(statement.split(separator: " ").count > 150)  // the long paragraph the page used to repeat
        let html = reports.html()
        #expect(occurrences(of: Escape.html(statement), in: html) == 1)
        #expect(html.contains("<h2 id=\"rule\">The threshold rule <a class=\"anchor\" href=\"#rule\""))
        // Linked from each layout's threshold part and the contents (and from its own
        // heading); the summary's note links the verdict rule, which is stated once too and
        // linked from each layout's verdict, the summary, the contents and its heading.
        #expect(occurrences(of: "href=\"#rule\"", in: html) == Self.layouts.count + 2)
        #expect(occurrences(of: Escape.html(WorkloadRule().statement), in: html) == 1)
        #expect(occurrences(of: "href=\"#verdict-rule\"", in: html) == Self.layouts.count + 3)
        #expect(occurrences(of: "Judged by [the verdict rule](#the-verdict-rule)", in: reports.markdown()) == Self.layouts.count)
        let markdown = reports.markdown()
        #expect(occurrences(of: Escape.markdown(statement), in: markdown) == 1)
        #expect(occurrences(of: "Judged by [the threshold rule](#the-threshold-rule)", in: markdown) == Self.layouts.count)

        // A layout judged by another rule gets its own statement, stated once too.
        var strict = ReportOptions(layout: "span-grid")
        strict.rule.tolerance = 0.05
        let mixed = try LayoutReports(
            document: Self.document(layouts: Self.layouts), primary: ReportOptions(), sections: [ReportOptions(layout: "data-grid"), strict])
        let page = mixed.html()
        #expect(occurrences(of: Escape.html(statement), in: page) == 1)
        #expect(occurrences(of: Escape.html(strict.rule.statement), in: page) == 1)
        #expect(page.contains("<h2 id=\"rule\">The threshold rule of tile-grid, data-grid <a"))
        #expect(page.contains("<h2 id=\"rule-2\">The threshold rule of span-grid <a"))
        #expect(mixed.markdown().contains("Judged by [the threshold rule](#the-threshold-rule-of-span-grid)"))
    }

    @Test func everyHeadingHasAnAnchorAndEveryLinkLeadsSomewhere() throws {
        let html = try Self.reports().html()
        let ids = ReportPages.matches(#"\sid="([^"]+)""#, in: html)
        #expect(Set(ids).count == ids.count, "ids used twice: \(Dictionary(grouping: ids, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted())")
        let links = Set(ReportPages.matches(##"href="#([^"]+)""##, in: html))
        #expect(links.subtracting(ids).isEmpty, "links to nothing: \(links.subtracting(ids).sorted())")
        for level in 2...4 {
            let headings = occurrences(of: "<h\(level)", in: html)
            let anchored = ReportPages.matches("<h\(level) id=\"([^\"]+)\">", in: html)
            #expect(headings > 0 && anchored.count == headings, "h\(level): \(anchored.count) of \(headings) anchored")
            for id in anchored { #expect(links.contains(id), "h\(level) #\(id) does not link to itself") }
        }
        // The contents lead to every layout and to each part of it.
        let contents = try #require(html.components(separatedBy: "<nav class=\"toc\">").dropFirst().first?.components(separatedBy: "</nav>").first)
        for layout in Self.layouts {
            for part in ["", "-verdict", "-distribution", "-scale", "-memory", "-timeline", "-measurements", "-threshold"] {
                #expect(contents.contains("href=\"#layout-\(layout)\(part)\""), "contents: \(layout)\(part)")
            }
        }
    }

    @Test func everyTableScrollsInsideItsOwnBox() throws {
        let html = try Self.reports().html()
        let tables = occurrences(of: "<table", in: html)
        #expect(tables > 0)
        #expect(occurrences(of: "<div class=\"scroll\"><table", in: html) == tables)
        #expect(html.contains(".scroll { overflow-x: auto;"))
    }

    @Test func scanIsNamedForWhatItIsInEachLayout() throws {
        // Without the failed fixture check, scan is judged at photos-2976: its p50 is 24 ×
        // 1 µs, far from the fastest, and named for what it is.
        let reports = try LayoutReports(
            document: Self.document(layouts: Self.layouts, failing: false), primary: ReportOptions(),
            sections: Self.layouts.dropFirst().map { ReportOptions(layout: $0) })
        let verdicts = reports.reports.map { $0.verdict[1] }
        #expect(verdicts.count == 3)
        #expect(verdicts[0].contains("against p50 24.0 µs for scan, the seed's cache-and-scan (CHGridView's way);"))
        for verdict in verdicts.dropFirst() {
            #expect(verdict.contains("against p50 24.0 µs for scan, cache-and-scan, the seed's way applied to this layout;"))
            #expect(!verdict.contains("CHGridView"))
        }
    }

    @Test func strategiesAreDrawnDistinctlyAndWidestFirst() throws {
        let order = ["cached", "scan", "on-demand", "adaptive", "mine", "yours"]
        let lines = order.map { StrategyStyle.line(of: $0, in: order) }
        #expect(Set(lines.map(\.dash)).count == order.count, "\(lines.map(\.dash))")
        #expect(Set(lines.map(\.shape)).count == order.count, "\(lines.map(\.shape))")
        // Where cached, on demand and adaptive coincide, the narrower lines lie on the wider.
        let widths = ["cached", "on-demand", "adaptive"].map { StrategyStyle.line(of: $0, in: order).width }
        #expect(widths == widths.sorted(by: >) && Set(widths).count == 3)

        let report = try StrategyReport(document: Synthetic.document())
        let svg = try #require(report.charts().first { $0.kind == .scaleP50 }).chart.svg(standalone: true)
        let polylines = svg.components(separatedBy: "<polyline").dropFirst()
        let drawn = polylines.compactMap { line -> (color: String, width: Double)? in
            guard let color = ReportPages.matches(#"stroke="([^"]+)""#, in: line).first,
                let width = ReportPages.matches(#"stroke-width="([^"]+)""#, in: line).first.flatMap(Double.init) else { return nil }
            return (color, width)
        }
        #expect(drawn.count == 4)
        #expect(drawn.map(\.width) == drawn.map(\.width).sorted(by: >))
        #expect(drawn.first?.color == StrategyStyle.color(of: "cached", in: order))
        // Each dashed strategy's pattern is in its line and its legend entry.
        #expect(occurrences(of: "stroke-dasharray=\"8 5\"", in: svg) == 2)
        #expect(occurrences(of: "stroke-dasharray=\"2 3\"", in: svg) == 2)
    }
}

/// Reading the charts out of the report's two forms, independently of how they are written.
enum ReportPages {
    /// The chart files each layout's part of the Markdown links, in order, by layout (each
    /// part starts with `# Strategy comparison: <layout>`).
    static func markdownCharts(_ markdown: String) -> [String: [String]] {
        var charts: [String: [String]] = [:]
        var layout: String?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("# Strategy comparison: ") {
                let name = String(line.dropFirst("# Strategy comparison: ".count))
                charts[name] = []
                layout = name
            }
            guard let layout else { continue }
            for match in matches(#"\]\((charts/[^)]+\.svg)\)"#, in: String(line)) {
                charts[layout, default: []].append(match)
            }
        }
        return charts
    }

    /// The charts each layout's section of the page embeds, in order, by layout: the
    /// `data-chart` of every figure that holds an inline `<svg>`.
    static func htmlCharts(_ html: String) -> [String: [String]] {
        var charts: [String: [String]] = [:]
        let starts = ranges(#"<section class="layout"[^>]*data-layout="([^"]+)""#, in: html)
        for (index, start) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1].range.lowerBound : html.endIndex
            let section = String(html[start.range.lowerBound..<end])
            charts[start.capture] = charts[start.capture] ?? []
            for figure in section.components(separatedBy: "<figure").dropFirst() {
                let body = figure.components(separatedBy: "</figure>").first ?? ""
                guard body.contains("<svg"), body.contains("</svg>"), let name = matches(#"data-chart="([^"]+)""#, in: body).first else { continue }
                charts[start.capture, default: []].append(name)
            }
        }
        return charts
    }

    /// The first capture group of every match of `pattern` in `text`.
    static func matches(_ pattern: String, in text: String) -> [String] {
        ranges(pattern, in: text).map(\.capture)
    }

    static func ranges(_ pattern: String, in text: String) -> [(range: Range<String.Index>, capture: String)] {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            guard let whole = Range(match.range, in: text), let group = Range(match.range(at: 1), in: text) else { return nil }
            return (whole, String(text[group]))
        }
    }
}

/// Alerts: runs with a frame over the frame budget, or a failed fixture check.
@Suite struct RunAlertTests {
    @Test func aFrameOverTheBudgetAtP99OrWorstIsAnAlert() throws {
        // 120 Hz: the budget is 1e9 / 120 = 8,333,333 ns. p99 9 ms is 108 % of it, max 10 ms 120 %.
        let both = try #require(RunAlert(Synthetic.run("cached", p50: 1_000, p99: 9_000_000, max: 10_000_000)))
        #expect(both.reasons == [.p99OverBudget(nanos: 9_000_000), .maxOverBudget(nanos: 10_000_000)])
        #expect(both.line == "tile-grid · photos-2976 / fling-120hz / cached: p99 9.00 ms (108 %), max 10.0 ms (120 %) of the 120 Hz frame budget (8.33 ms)")
        // Only the worst frame over: 12.5 ms is 150 %.
        let worst = try #require(RunAlert(Synthetic.run("on-demand", p99: 2_000, max: 12_500_000)))
        #expect(worst.reasons == [.maxOverBudget(nanos: 12_500_000)])
        #expect(worst.problem == "max 12.5 ms (150 %) of the 120 Hz frame budget (8.33 ms)")
        // At the budget is not over it; at 60 Hz the budget is twice as long.
        #expect(RunAlert(Synthetic.run("cached", p99: 2_000, max: 1e9 / 120)) == nil)
        #expect(RunAlert(Synthetic.run("cached", trace: "drag-60hz", refreshHz: 60, p99: 2_000, max: 10_000_000)) == nil)
        // A failed fixture check, however fast.
        let failed = try #require(RunAlert(Synthetic.run("scan", p99: 2_000, fixture: .fail, mismatch: 17)))
        #expect(failed.reasons == [.fixtureFailed(firstMismatchFrame: 17)])
        #expect(failed.problem == "fixture check failed from frame 17")
        let adaptive = try #require(RunAlert(Synthetic.run("adaptive", p99: 2_000, max: 9_000_000, adaptiveChoice: "cached")))
        #expect(adaptive.identity == "tile-grid · photos-2976 / fling-120hz / adaptive (→ cached)")
    }

    @Test func alertsHeadThePageAndLinkToTheirRows() throws {
        var document = Synthetic.document()
        // One run over the budget: cached at 10,000,000 tiles, worst frame 20 ms (240 % of 8.33 ms).
        let slow = try #require(document.runs.firstIndex { $0.dataset == "scale-10000000" && $0.strategy == "cached" })
        document.runs[slow].frameNanos.max = 20_000_000
        let reports = LayoutReports([try StrategyReport(document: document)])
        // The synthetic document's scan grows 2 ns a tile at p99 from 500 ns: over 8.33 ms from
        // 4,166,417 tiles, so at 10,000,000 (20.0 ms p99); its failing run; and the slow one.
        #expect(reports.alerts.map(\.identity) == [
            "tile-grid · photos-2976 / slow-drag-60hz / scan",
            "tile-grid · scale-10000000 / tour-120hz / cached",
            "tile-grid · scale-10000000 / tour-120hz / scan",
        ])
        let html = reports.html()
        let alerts = try #require(html.components(separatedBy: "<h2 id=\"alerts\">").dropFirst().first?.components(separatedBy: "</section>").first)
        #expect(alerts.hasPrefix("Alerts (3)"))
        #expect(alerts.contains(
            "<a href=\"#run-tile-grid--scale-10000000--tour-120hz--cached\">tile-grid · scale-10000000 / tour-120hz / cached</a>: "
                + "max 20.0 ms (240 %) of the 120 Hz frame budget (8.33 ms)</li>"))
        // Every alert's link leads to exactly one row, and that row is the run's.
        for anchor in ReportPages.matches(##"href="#(run-[^"]+)""##, in: alerts) {
            #expect(html.components(separatedBy: "<tr id=\"\(anchor)\"").count == 2, "\(anchor)")
        }
        #expect(html.contains("<tr id=\"run-tile-grid--scale-10000000--tour-120hz--cached\" class=\"over\">"))
        #expect(html.contains("<td class=\"num overbudget\" title=\"over the 120 Hz frame budget\">20000</td>"))
        #expect(reports.alertLines.first == "Alerts: 3 runs with a frame over the frame budget (1/refresh rate) or a failed fixture check:")
        #expect(reports.markdown().contains("- **tile-grid · scale-10000000 / tour-120hz / cached**: max 20.0 ms (240 %) of the 120 Hz frame budget (8.33 ms)\n"))

        // A run in two tables (its data set canonical and in the scale series) has one anchor,
        // on its first row.
        let twice = LayoutReports([try StrategyReport(document: document, options: ReportOptions(canonicalDataset: "scale-10000000"))])
        let page = twice.html()
        #expect(page.components(separatedBy: "id=\"run-tile-grid--scale-10000000--tour-120hz--cached\"").count == 2)
        // Alerts are of runs, not rows: the same three.
        #expect(twice.alerts.count == 3)
    }

    @Test func aCleanDocumentSaysSo() throws {
        let reports = LayoutReports([try StrategyReport(document: Synthetic.document(failing: false), options: ReportOptions())])
        // Scan's p99 still crosses the budget at 10,000,000 tiles.
        #expect(reports.alerts.count == 1)
        var quiet = Synthetic.document(failing: false)
        quiet.runs.removeAll { $0.frameNanos.max > 1e9 / Double($0.refreshHz) }
        let none = LayoutReports([try StrategyReport(document: quiet)])
        #expect(none.alerts.isEmpty)
        #expect(none.alertLines == ["No alerts: every run's p99 and worst frame are within the frame budget, and every fixture check passed."])
        #expect(none.html().contains("<h2 id=\"alerts\">Alerts: none <a"))
    }
}
