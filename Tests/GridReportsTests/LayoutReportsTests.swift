import Foundation
import GridHarness
import GridReports
import Testing

/// The report over several layouts: every layout's charts in the Markdown and on the page.
@Suite struct LayoutReportsTests {
    /// The synthetic document's runs once per layout of `layouts`, the first as it is.
    static func document(layouts: [String]) -> ResultsDocument {
        let base = Synthetic.document()
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
