import GridHarness

/// The report as Markdown: verdict, threshold, tables, then the charts (SVG files beside it).
extension StrategyReport {
    /// The file name the Markdown report is written under.
    public static let markdownFileName = "strategy-comparison.md"

    /// The report as GitHub-flavoured Markdown, the threshold rule stated in it. Charts are
    /// referenced as `charts/<name>.svg`, relative to the report.
    /// - Complexity: O(r · (t + s)) for r runs over t traces and s strategies.
    public func markdown() -> String {
        markdown(ruleLink: nil)
    }

    /// The report as Markdown; with `ruleLink`, the threshold rule is not stated but linked
    /// there (a report over several layouts states it once).
    func markdown(ruleLink: (threshold: String, verdict: String)?) -> String {
        let md = Escape.markdown
        var out = "# Strategy comparison: \(md(options.layout))\n\n"
        if let note = otherLayoutsNote { out += md(note) + "\n\n" }
        out += "> **Verdict.** " + verdict.map(md).joined(separator: " ") + "\n\n"
        if let ruleLink {
            out += "Judged by [the verdict rule](\(ruleLink.verdict)), stated once at the end of this report.\n\n"
        } else {
            out += md(options.workloadRule.statement) + "\n\n"
        }
        if let confidence = workload.confidence {
            out += md("Confidence: \(Format.trimmed(confidence * 100, maxDecimals: 1)) % of \(Format.count(WorkloadRule.confidenceReplicates)) "
                + "bootstrap replicates of the steady-scroll passes give the same choice at every size.") + "\n\n"
        }
        out += md(verdictTableNote) + "\n\n" + verdictTableMarkdown() + "\n"
        let failed = failedRuns
        if !failed.isEmpty {
            out += "> **⚠ Fixture check failed (\(failed.count) run\(failed.count == 1 ? "" : "s")).** These loaded other tiles than the "
                + "reference in some frame; they are flagged **FAIL** below and kept out of the recommendation:\n"
            for run in failed {
                out += "> - \(md(identity(run)))" + (run.firstMismatchFrame.map { ", first mismatch at frame \($0)" } ?? "") + "\n"
            }
            out += "\n"
        }

        out += "## Adaptive's threshold (steady scroll)\n\n"
        out += md(Self.thresholdNote) + "\n\n"
        out += "**\(md(recommendation.headline(seedThreshold: options.seedThreshold)))**"
        if let deciding = recommendation.deciding, recommendation.threshold != nil {
            out += ", decided by " + md(deciding.conditions.map { options.rule.name(of: $0) }.joined(separator: " and "))
        }
        out += ". \(md(recommendation.seedComparison(seedThreshold: options.seedThreshold)))\n\n"

        if let ruleLink {
            out += "Judged by [the threshold rule](\(ruleLink.threshold)), stated once at the end of this report.\n\n"
        } else {
            out += md(options.rule.statement) + "\n\n"
        }
        for line in decisionLines { out += "- \(md(line))\n" }
        if !decisionLines.isEmpty { out += "\n" }
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

        if let trace = options.scaleEditsTrace, !scaleEditRuns.isEmpty {
            out += "## Scale series with edits (\(md(trace)))\n\n"
            out += md(Self.scaleEditsNote) + "\n\n"
            out += table(RunColumn.scale, scaleEditRuns) + "\n"
        }

        if !otherRuns.isEmpty {
            out += "## Other data sets\n\n" + table(RunColumn.other, otherRuns) + "\n"
        }

        out += measuredSizesMarkdown
        out += typingMarkdown
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

    /// What the threshold part is, against the verdict.
    static let thresholdNote = "Where adaptive should switch from cached to on demand, judged over the scale series by the steady scroll, the rebuild and the memory only; the verdict above weighs every trace, and is what to choose."

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
        let md = Escape.markdown
        var out = "| tiles | data set | \(md(rule.cachedStrategy)) median | \(md(rule.onDemandStrategy)) median | ratio (95 % interval) | "
            + "frames | \(md(rule.cachedStrategy)) prepare | \(md(rule.cachedStrategy)) retained | caching pays? |\n"
        out += "| ---: | --- | ---: | ---: | ---: | --- | ---: | ---: | --- |\n"
        for evaluation in recommendation.evaluations {
            let row = thresholdRow(evaluation)
            let marker = evaluation.tiles == recommendation.threshold ? " **← threshold**" : ""
            out += "| \(Format.count(evaluation.tiles)) | \(md(evaluation.dataset)) | \(row.cached) | \(row.onDemand) | \(row.ratio) | "
                + "\(md(row.speed)) | \(Format.duration(Double(evaluation.cached.prepareNanos))) | "
                + "\(evaluation.cached.retainedBytes.map { Format.bytes(Double($0)) } ?? "—") | \(md(row.pays))\(marker) |\n"
        }
        return out
    }
}

extension StrategyReport {
    /// One size of the threshold table, as text: the two medians, the ratio with its
    /// interval, the speed judgement (with its tie-break) and whether caching pays.
    func thresholdRow(_ evaluation: ThresholdRule.Evaluation) -> (cached: String, onDemand: String, ratio: String, speed: String, pays: String) {
        let rule = options.rule
        let comparison = evaluation.comparison
        let ratio = Format.trimmed(comparison.ratio, maxDecimals: 3)
            + (comparison.interval.map { " (\(Format.trimmed($0.low, maxDecimals: 3))–\(Format.trimmed($0.high, maxDecimals: 3)))" } ?? "")
        var speed: String
        switch comparison.speed {
        case .cachedFaster: speed = "\(rule.cachedStrategy) faster"
        case .onDemandFaster: speed = "\(rule.onDemandStrategy) faster"
        case .equivalent: speed = "equivalent"
        }
        if let tie = evaluation.tieBreak { speed += "; " + rule.tieBreakText(tie) }
        let pays = evaluation.cachingPays ? "yes" : "no: " + evaluation.conditions.map { rule.name(of: $0) }.joined(separator: ", ")
        return (Format.duration(evaluation.cached.medianNanos), Format.duration(evaluation.onDemand.medianNanos), ratio, speed, pays)
    }

    /// How often each recommendation came out when the whole plan was run several times
    /// (`gridbench report --repeat N`), or `nil` for a single run.
    public var reproducibilitySentence: String? {
        guard let outcomes = options.repeatedOutcomes, outcomes.count > 1 else { return nil }
        var order: [ThresholdRule.Outcome] = []
        var counts: [ThresholdRule.Outcome: Int] = [:]
        for outcome in outcomes {
            if counts[outcome] == nil { order.append(outcome) }
            counts[outcome, default: 0] += 1
        }
        let parts = order.map { outcome -> String in
            let words: String
            switch outcome {
            case .switchAt(let tiles): words = "threshold \(Format.count(tiles)) tiles"
            case .onDemandAtEverySize: words = "on demand at every size"
            case .cacheAtEverySize: words = "cache at every measured size"
            case .noData: words = "no recommendation"
            }
            return "\(words) \(counts[outcome] ?? 0) of \(outcomes.count)"
        }
        return "Reproducibility: the whole plan was run \(outcomes.count) times; the recommendation came out "
            + parts.joined(separator: ", ") + "."
    }

    /// The recommendation's explanation: what decided, the confidence, and the
    /// reproducibility over repeated runs.
    public var decisionLines: [String] {
        recommendation.decision + (reproducibilitySentence.map { [$0] } ?? [])
    }
}
