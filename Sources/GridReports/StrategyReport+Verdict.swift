import GridHarness

/// The figures the verdict weighed, one row per size and strategy, formatted as the
/// measurement tables format them, so that a reader can check each decision.
extension StrategyReport {
    /// The headers of the verdict's table.
    static let verdictHeaders: [(title: String, numeric: Bool)] = [
        ("tiles", true), ("data set", false), ("strategy", false), ("steady p50 µs", true), ("steady trace", false),
        ("worst event p99 µs", true), ("event trace", false), ("prepare", true), ("retained", true), ("runs over budget", true),
        ("verdict", false),
    ]

    /// One row per judged size and strategy: the cells under ``verdictHeaders``, and
    /// whether the row is the size's choice.
    var verdictRows: [(cells: [String], chosen: Bool)] {
        var rows: [(cells: [String], chosen: Bool)] = []
        for judgement in workload.judgements {
            for figure in judgement.figures {
                rows.append((cells(of: figure, in: judgement), figure.strategy == judgement.chosen.strategy))
            }
        }
        return rows
    }

    /// The cells of `figure`'s row at `judgement`. (Each optional is read into a local first:
    /// written as one array literal with `figure.worstEvent?.trace` in it, this getter crashed
    /// Swift 6.3.1's optimizer in a release build with AddressSanitizer, "Found outside of
    /// lifetime use" in CopyPropagation.)
    @inline(never)
    func cells(of figure: WorkloadRule.Figures, in judgement: WorkloadRule.Judgement) -> [String] {
        var eventP99 = "—"
        if let p99 = figure.eventP99 { eventP99 = Format.micros(p99) }
        var eventTrace = "—"
        if let worst = figure.worstEvent { eventTrace = worst.trace }
        var retained = "—"
        if let bytes = figure.retained { retained = Format.bytes(bytes) }
        var cells = [Format.count(judgement.tiles), judgement.dataset, figure.label, Format.micros(figure.p50), judgement.steadyTrace]
        cells += [eventP99, eventTrace, Format.duration(figure.prepare), retained, "\(figure.overBudget.count)"]
        cells.append(outcome(of: figure, in: judgement))
        return cells
    }

    /// What the rule made of `figure` at `judgement`, in a few words.
    func outcome(of figure: WorkloadRule.Figures, in judgement: WorkloadRule.Judgement) -> String {
        if figure.strategy == judgement.chosen.strategy { return "chosen" }
        if judgement.excluded.contains(where: { $0.strategy == figure.strategy }) {
            return judgement.everyOverBudget ? "out: more or heavier frames over budget than the rest" : "out: frame over budget"
        }
        if !judgement.fastest.contains(where: { $0.strategy == figure.strategy }) {
            return "slower steady scroll (beyond \(Format.trimmed(workload.rule.tolerance * 100, maxDecimals: 2)) %)"
        }
        guard let step = judgement.steps.first(where: { $0.dropped.contains { $0.strategy == figure.strategy } }) else { return "" }
        switch step.basis {
        case .eventFrames: return "as fast; heavier event frames (over \(Format.trimmed(workload.rule.eventFactor, maxDecimals: 2)) ×)"
        case .prepare: return "as fast; slower prepare"
        case .memory: return "as fast; more memory"
        case .order: return "as fast; later in report order"
        }
    }

    /// The verdict's table in Markdown, the chosen rows in bold.
    func verdictTableMarkdown() -> String {
        let md = Escape.markdown
        var out = "| " + Self.verdictHeaders.map { md($0.title) }.joined(separator: " | ") + " |\n"
        out += "|" + Self.verdictHeaders.map { $0.numeric ? " ---: " : " --- " }.joined(separator: "|") + "|\n"
        for row in verdictRows {
            out += "| " + row.cells.map { row.chosen && !$0.isEmpty ? "**\(md($0))**" : md($0) }.joined(separator: " | ") + " |\n"
        }
        return out
    }

    /// The verdict's table in HTML, the chosen rows marked.
    func verdictTableHTML() -> String {
        let h = Escape.html
        guard !verdictRows.isEmpty else { return "" }
        var out = "<div class=\"scroll\"><table class=\"verdict-figures\">\n<thead><tr>"
        out += Self.verdictHeaders.map { "<th\($0.numeric ? " class=\"num\"" : "")>\(h($0.title))</th>" }.joined() + "</tr></thead>\n<tbody>\n"
        for row in verdictRows {
            out += row.chosen ? "<tr class=\"chosen\">" : "<tr>"
            out += zip(row.cells, Self.verdictHeaders).enumerated().map { index, pair in
                let text = row.chosen ? "<b>\(h(pair.0))</b>" : h(pair.0)
                if pair.1.numeric { return "<td class=\"num\">\(text)</td>" }
                // The last column, the rule's words, wraps rather than widening the table.
                return index == Self.verdictHeaders.count - 1 ? "<td class=\"wrap\">\(text)</td>" : "<td>\(text)</td>"
            }.joined() + "</tr>\n"
        }
        return out + "</tbody></table></div>\n"
    }

    /// What the verdict's table shows, above it.
    var verdictTableNote: String {
        "The figures the verdict weighed, from the rows of the tables below: at each size, every strategy's p50 over the steady "
            + "trace, its worst p99 over the other traces, its prepare and retained memory, and how many of its runs have a frame "
            + "over the frame budget (p99 or max over one frame at the trace's refresh rate)."
    }
}
