import Foundation
import GridHarness
import GridReports

extension GateTrend {
    /// The figure of `metric` as the trend shows it (totals, not per frame).
    static func label(_ metric: GateMetric) -> String { metric.label(perFrame: false) }

    /// A commit as charts label it: its first 8 characters.
    static func short(_ commit: String) -> String { String(commit.prefix(8)) }

    /// The chart of one series: runs along x, the figure up y; the baseline and its
    /// threshold as guides, each step marked with its commit, a creep marked at its newest
    /// point.
    public func chart(_ series: GateTrend.Series) -> LineChart {
        let label = Self.label(series.metric)
        let values = series.points.map(\.value)
        var covered = values
        if let baseline = series.baseline { covered += [baseline, baseline * (1 + series.threshold)] }
        var low = covered.min() ?? 0, high = covered.max() ?? 1
        if low == high { (low, high) = low == 0 ? (0, 1) : (low * 0.99, high * 1.01) }
        let y = ChartAxis.linear(title: label, from: low, to: high) { GateFormat.value($0, metric: series.metric) }
        var x = ChartAxis.linear(title: "run (oldest first)", from: 1, to: Double(max(runs.count, 2))) { Format.trimmed($0, maxDecimals: 0) }
        // Runs are counted from 1: a tick between two runs (1.5 when there are two) would be
        // labelled as one of them, and one outside them (run 0) names no run.
        x.ticks = x.ticks.filter { $0.value == $0.value.rounded() && $0.value >= 1 && $0.value <= Double(max(runs.count, 1)) }
        let points = series.points.map { point in
            LineChart.Point(
                x: Double(point.run), y: point.value,
                tooltip: "run \(point.run), \(Self.short(point.commit)), \(point.date): \(GateFormat.value(point.value, metric: series.metric))")
        }
        var guides: [LineChart.Guide] = []
        if let baseline = series.baseline {
            guides.append(LineChart.Guide(value: baseline, label: "baseline"))
            guides.append(LineChart.Guide(value: baseline * (1 + series.threshold), label: "threshold \(GateFormat.limit(series.threshold))"))
        }
        var markers = series.steps.map { step in
            LineChart.Marker(
                x: Double(step.run), y: step.now, label: Self.short(step.commit),
                tooltip: "step at \(step.commit): \(GateFormat.value(step.before, metric: series.metric)) → "
                    + "\(GateFormat.value(step.now, metric: series.metric)) (\(GateFormat.change(step.change)))")
        }
        if let creep = series.creep {
            markers.append(LineChart.Marker(
                x: Double(creep.to.run), y: creep.to.value, label: "creep \(GateFormat.change(creep.change))",
                tooltip: "creep: \(GateFormat.change(creep.change)) since \(creep.from.commit), beyond \(GateFormat.limit(creep.threshold))"))
        }
        return LineChart(
            title: "\(series.workload): \(label)", x: x, y: y,
            series: [LineChart.Series(name: label, color: "#0072b2", points: points)], markers: markers, guides: guides)
    }

    /// One line per step, for the Markdown and the HTML.
    func describe(_ step: Step, metric: GateMetric) -> String {
        "run \(step.run) (`\(Self.short(step.commit))`): \(GateFormat.value(step.before, metric: metric)) → \(GateFormat.value(step.now, metric: metric)) "
            + "(\(GateFormat.change(step.change))\(step.pValue.map { ", p = " + Format.significant($0, digits: 2, maxDecimals: 4) } ?? ""))"
    }

    func describe(_ creep: Creep, metric: GateMetric) -> String {
        "**creep**: \(GateFormat.value(creep.from.value, metric: metric)) at `\(Self.short(creep.from.commit))` (run \(creep.from.run)) → "
            + "\(GateFormat.value(creep.to.value, metric: metric)) at `\(Self.short(creep.to.commit))` (run \(creep.to.run)): "
            + "\(GateFormat.change(creep.change)), beyond \(GateFormat.limit(creep.threshold)) across the last \(window) runs, though within it run by run"
    }

    /// A file name for a series' chart: `tile-grid-tiny-cached-scroll.instructions.svg`.
    static func slug(_ series: GateTrend.Series) -> String {
        let id = String(series.workload.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "-" })
        return "\(id).\(series.metric.rawValue).svg"
    }

    /// The one line `trend` prints: runs, series, steps and creeps.
    public var headline: String {
        let steps = series.reduce(0) { $0 + $1.steps.count }
        let clock = runs.contains { $0.mode == .clock } && !series.contains { $0.metric == .clock && !$0.steps.isEmpty }
        return "\(runs.count) run\(runs.count == 1 ? "" : "s"), \(series.count) series, \(steps) step\(steps == 1 ? "" : "s"), "
            + "\(creeps.count) creep\(creeps.count == 1 ? "" : "s")" + (clock ? " (wall clock: no significant step)" : "")
    }

    /// The Markdown for a pull request: the summary, the creeps, then each series with its
    /// chart (an SVG beside it in `charts/`) and its steps.
    public func markdown() -> String {
        var lines = ["### Performance trend: \(headline)", ""]
        if let first = runs.first, let last = runs.last {
            lines.append("From `\(Self.short(first.commit))` (\(first.date)) to `\(Self.short(last.commit))` (\(last.date)); \(last.environment.toolchain), \(last.environment.arch).")
            lines.append("")
        }
        for series in creeps {
            lines.append("- \(Escape.markdown(series.workload)) \(Self.label(series.metric)): " + describe(series.creep!, metric: series.metric))
        }
        if !creeps.isEmpty { lines.append("") }
        for series in self.series {
            lines.append("#### \(Escape.markdown(series.workload)): \(Self.label(series.metric))")
            lines.append("")
            lines.append("![\(Escape.markdown(series.workload)) \(Self.label(series.metric))](charts/\(Self.slug(series)))")
            lines.append("")
            if series.steps.isEmpty {
                lines.append(series.metric == .clock ? "No significant step." : "No step: the same figure in every run.")
            }
            for step in series.steps { lines.append("- step at " + describe(step, metric: series.metric)) }
            if let creep = series.creep { lines.append("- " + describe(creep, metric: series.metric)) }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// A self-contained HTML page: inline SVG charts, no external assets.
    public func html() -> String {
        var out = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>GridBench gate trend</title>
            <style>body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;max-width:960px;margin:2em auto;padding:0 1em;color:#111827}
            section{margin:2em 0}.creep{color:#c81e1e;font-weight:600}code{background:#f3f4f6;padding:0 .2em}</style>
            </head><body>
            <h1>Performance trend</h1>
            <p>\(Escape.html(headline))</p>

            """
        func inline(_ text: String) -> String {
            // Backticks mark commits and ** a creep in the shared descriptions.
            var html = Escape.html(text)
            while let open = html.range(of: "`"), let close = html.range(of: "`", range: open.upperBound ..< html.endIndex) {
                html = html.replacingCharacters(in: open.lowerBound ..< close.upperBound, with: "<code>" + html[open.upperBound ..< close.lowerBound] + "</code>")
            }
            return html.replacingOccurrences(of: "**creep**", with: "<span class=\"creep\">creep</span>")
        }
        for series in series {
            out += "<section><h2>\(Escape.html(series.workload)): \(Escape.html(Self.label(series.metric)))</h2>\n"
            out += chart(series).svg(standalone: false) + "\n<ul>\n"
            if series.steps.isEmpty {
                out += "<li>" + (series.metric == .clock ? "No significant step." : "No step: the same figure in every run.") + "</li>\n"
            }
            for step in series.steps { out += "<li>step at \(inline(describe(step, metric: series.metric)))</li>\n" }
            if let creep = series.creep { out += "<li>\(inline(describe(creep, metric: series.metric)))</li>\n" }
            out += "</ul></section>\n"
        }
        return out + "</body></html>\n"
    }

    /// Writes `trend.html`, `trend.md` and `charts/*.svg` into `directory`, each atomically.
    ///
    /// - Throws: `OutputFailure` when a file cannot be written.
    public func write(to directory: URL) throws {
        for series in series {
            try AtomicFile.write(chart(series).svg(standalone: true) + "\n",
                                 to: directory.appendingPathComponent("charts").appendingPathComponent(Self.slug(series)))
        }
        try AtomicFile.write(markdown(), to: directory.appendingPathComponent("trend.md"))
        try AtomicFile.write(html(), to: directory.appendingPathComponent("trend.html"))
    }
}
