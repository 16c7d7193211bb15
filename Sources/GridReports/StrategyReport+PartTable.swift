import GridHarness

/// The table of a part that lists runs by data set and trace (measured sizes, typing): its
/// columns, data set and trace first, and a row of texts per run. The HTML has a body per
/// data set and trace under a heading row, without those two columns; the Markdown keeps
/// them, one table.
struct PartTable: Sendable {
    /// Each column's header and whether it is numeric; the first two are the data set and
    /// the trace.
    var columns: [(header: String, numeric: Bool)]
    /// One row per run, the texts in the columns' order.
    var row: @Sendable (RunRecord) -> [String]

    /// The HTML table of `runs`, in their order, grouped by data set and trace (the groups
    /// in the order of their first runs); a failed run's row is marked.
    func html(_ runs: [RunRecord]) -> String {
        let h = Escape.html
        let shown = columns.dropFirst(2)
        var out = "<div class=\"scroll\"><table>\n<thead><tr>"
        out += shown.map { "<th\($0.numeric ? " class=\"num\"" : "")>\(h($0.header))</th>" }.joined()
        out += "</tr></thead>\n"
        var groups: [(dataset: String, trace: String)] = []
        for run in runs where !groups.contains(where: { $0 == (run.dataset, run.trace) }) { groups.append((run.dataset, run.trace)) }
        for (dataset, trace) in groups {
            let group = runs.filter { $0.dataset == dataset && $0.trace == trace }
            let frames = group.first.map { " · \($0.refreshHz) Hz · \(Format.count($0.frames)) frames" } ?? ""
            out += "<tbody>\n<tr class=\"group\"><th colspan=\"\(shown.count)\">\(h(dataset)) · \(h(trace))<span class=\"dim\">\(h(frames))</span></th></tr>\n"
            for run in group {
                out += run.fixture == .fail ? "<tr class=\"failed\">" : "<tr>"
                for (text, column) in zip(row(run).dropFirst(2), shown) {
                    out += column.numeric ? "<td class=\"num\">\(h(text))</td>" : "<td>\(h(text))</td>"
                }
                out += "</tr>\n"
            }
            out += "</tbody>\n"
        }
        return out + "</table></div>\n"
    }

    /// The Markdown table of `runs`, every column, a row per run in their order.
    func markdown(_ runs: [RunRecord]) -> String {
        let md = Escape.markdown
        var out = "| " + columns.map { md($0.header) }.joined(separator: " | ") + " |\n"
        out += "|" + columns.map { $0.numeric ? " ---: |" : " --- |" }.joined() + "\n"
        for run in runs { out += "| " + row(run).map(md).joined(separator: " | ") + " |\n" }
        return out + "\n"
    }
}
