import GridHarness

/// The report as Markdown: verdict, threshold, tables, then the charts (SVG files beside it).
extension StrategyReport {
    /// The file name the Markdown report is written under.
    public static let markdownFileName = "strategy-comparison.md"

    /// The report as GitHub-flavoured Markdown. Charts are referenced as
    /// `charts/<name>.svg`, relative to the report.
    /// - Complexity: O(r · (t + s)) for r runs over t traces and s strategies.
    public func markdown() -> String {
        let md = Escape.markdown
        var out = "# Strategy comparison: \(md(options.layout))\n\n"
        if let note = otherLayoutsNote { out += md(note) + "\n\n" }
        out += "> **Verdict.** " + verdict.map(md).joined(separator: " ") + "\n\n"
        out += "**\(md(recommendation.headline(seedThreshold: options.seedThreshold)))**"
        if let deciding = recommendation.deciding, recommendation.threshold != nil {
            out += ", decided by " + md(deciding.conditions.map { options.rule.name(of: $0) }.joined(separator: " and "))
        }
        out += ". \(md(recommendation.seedComparison(seedThreshold: options.seedThreshold)))\n\n"

        let failed = failedRuns
        if !failed.isEmpty {
            out += "> **⚠ Fixture check failed (\(failed.count) run\(failed.count == 1 ? "" : "s")).** These loaded other tiles than the "
                + "reference in some frame; they are flagged **FAIL** below and kept out of the recommendation:\n"
            for run in failed {
                out += "> - \(md(identity(run)))" + (run.firstMismatchFrame.map { ", first mismatch at frame \($0)" } ?? "") + "\n"
            }
            out += "\n"
        }

        out += "## Recommended threshold\n\n"
        out += md(options.rule.statement) + "\n\n"
        for line in recommendation.decision { out += "- \(md(line))\n" }
        if !recommendation.decision.isEmpty { out += "\n" }
        if !recommendation.evaluations.isEmpty {
            out += thresholdTable() + "\n"
        }

        out += "## \(md(options.canonicalDataset))"
        if let any = canonicalRuns.first { out += " (\(Format.count(any.tiles)) tiles in \(Format.count(any.sections)) sections)" }
        out += "\n\n"
        out += canonicalRuns.isEmpty ? "No runs of this data set.\n\n" : table(RunColumn.canonical, canonicalRuns) + "\n"
        out += legend + "\n\n"

        out += "## Scale series (\(md(options.scaleTrace)))\n\n"
        out += scaleRuns.isEmpty ? "No runs over this trace.\n\n" : table(RunColumn.scale, scaleRuns) + "\n"

        if !otherRuns.isEmpty {
            out += "## Other data sets\n\n" + table(RunColumn.other, otherRuns) + "\n"
        }

        out += "## Charts\n\n"
        for chart in charts() {
            out += "![\(md(chart.chart.title))](\(chart.relativePath))\n\n"
            out += "*\(md(chart.caption))*\n\n"
        }

        out += "## How these were measured\n\n"
        out += "Results schema version \(document.schemaVersion), written by \(md(document.tool)).\n"
        for (key, value) in document.environment.sorted(by: { $0.key < $1.key }) {
            out += "- \(md(key)): \(md(value))\n"
        }
        return out
    }

    /// What the columns mean, under the main table: terms and their explanations.
    var columnNotes: (intro: String, terms: [(term: String, meaning: String)]) {
        (
            "Frame costs are per frame of the viewport's layout work (invalidation on events included), in µs.",
            [
                ("budget at p99", "the p99 cost as a share of the trace's frame budget (16.67 ms at 60 Hz, 8.33 ms at 120 Hz)"),
                ("hitch ms/s", "time over the layout budget per second of trace"),
                ("prepare", "building the strategy over the data set, the median of up to nine builds (one for the largest sets)"),
                ("retained", "bytes kept after prepare (— without a memory probe)"),
                ("× floor", "median cost as a multiple of copying the same attributes from a precomputed array"),
                ("fixture", "whether every frame loaded exactly the reference's tiles"),
            ]
        )
    }

    /// The column notes in Markdown, terms in italics.
    var legend: String {
        let notes = columnNotes
        return Escape.markdown(notes.intro) + " "
            + notes.terms.map { "*\(Escape.markdown($0.term))*: \(Escape.markdown($0.meaning))." }.joined(separator: " ")
    }

    /// A Markdown table of `runs` with `columns`.
    func table(_ columns: [RunColumn], _ runs: [RunRecord]) -> String {
        var out = "| " + columns.map { Escape.markdown($0.header) }.joined(separator: " | ") + " |\n"
        out += "|" + columns.map { $0.isNumeric ? " ---: " : " --- " }.joined(separator: "|") + "|\n"
        for run in runs {
            let cells = columns.map { column -> String in
                let text = Escape.markdown(column.text(for: run))
                return column == .fixture && run.fixture == .fail ? "**\(text)**" : text
            }
            out += "| " + cells.joined(separator: " | ") + " |\n"
        }
        return out
    }

    /// The rule at every judged size of the scale series.
    func thresholdTable() -> String {
        let rule = options.rule
        var out = "| tiles | data set | \(Escape.markdown(rule.cachedStrategy)) p99 | \(Escape.markdown(rule.onDemandStrategy)) p99 | "
            + "\(Escape.markdown(rule.cachedStrategy)) prepare | \(Escape.markdown(rule.cachedStrategy)) retained | caching pays? |\n"
        out += "| ---: | --- | ---: | ---: | ---: | ---: | --- |\n"
        for evaluation in recommendation.evaluations {
            let pays = evaluation.cachingPays ? "yes" : "no: " + evaluation.conditions.map { rule.name(of: $0) }.joined(separator: ", ")
            let marker = evaluation.tiles == recommendation.threshold ? " **← threshold**" : ""
            out += "| \(Format.count(evaluation.tiles)) | \(Escape.markdown(evaluation.dataset)) | "
                + "\(Format.duration(evaluation.cached.frameNanos.p99)) | \(Format.duration(evaluation.onDemand.frameNanos.p99)) | "
                + "\(Format.duration(Double(evaluation.cached.prepareNanos))) | "
                + "\(evaluation.cached.retainedBytes.map { Format.bytes(Double($0)) } ?? "—") | \(Escape.markdown(pays))\(marker) |\n"
        }
        return out
    }
}
