import GridHarness

/// The plain-text table `gridbench report` prints at the end: one row per run, columns
/// aligned (text left, numbers right), µs to three significant digits.
public enum SummaryTable {
    /// The columns, in order. A layout column is added in front when the runs span more
    /// than one layout.
    public static let columns: [RunColumn] = [
        .dataset, .trace, .strategy, .tiles, .p50, .p99, .max, .budgetShareP99, .prepare, .retained, .allocationsPerFrame,
        .floorMultiple, .fixture,
    ]

    /// The table for `runs`, in their order: a header, a rule of dashes, one line per run.
    /// Columns are separated by two spaces; lines carry no trailing spaces.
    /// - Complexity: O(rows × columns).
    public static func render(_ runs: [RunRecord]) -> String {
        var layouts = Set<String>()
        for run in runs { layouts.insert(run.layout) }
        let showLayout = layouts.count > 1

        var headers = columns.map(\.header)
        var numeric = columns.map(\.isNumeric)
        var rows = runs.map { run in columns.map { $0.text(for: run) } }
        if showLayout {
            headers.insert("layout", at: 0)
            numeric.insert(false, at: 0)
            for index in rows.indices { rows[index].insert(runs[index].layout, at: 0) }
        }

        var widths = headers.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            let padded = cells.enumerated().map { index, cell in
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                return numeric[index] ? padding + cell : cell + padding
            }
            var text = padded.joined(separator: "  ")
            while text.hasSuffix(" ") { text.removeLast() }
            return text
        }
        var lines = [line(headers), line(widths.map { String(repeating: "-", count: $0) })]
        lines += rows.map(line)
        return lines.joined(separator: "\n") + "\n"
    }
}
