import Foundation
import GridReports

/// How gate figures read in reports.
enum GateFormat {
    /// A signed share: `+3.05 %`, `−1.2 %`, `0 %`, `+∞` (from zero).
    static func change(_ share: Double) -> String {
        guard share.isFinite else { return share > 0 ? "+∞" : "−∞" }
        guard share != 0 else { return "0 %" }
        var text = Format.significant(abs(share) * 100, digits: 3, maxDecimals: 3)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return (share > 0 ? "+" : "−") + text + " %"
    }

    /// A threshold: `+2 %`, `+0`.
    static func limit(_ share: Double) -> String {
        share == 0 ? "+0" : "+" + Format.trimmed(share * 100, maxDecimals: 3) + " %"
    }

    /// A figure of `metric`: counts grouped (`1,234,567`), per-frame figures to three
    /// significant digits, bytes as bytes, time as a duration.
    static func value(_ value: Double, metric: GateMetric) -> String {
        switch metric.definition.unit {
        case .duration: Format.duration(value)
        case .bytes: Format.count(Int(value.rounded())) + " B"
        case .count:
            // Per-frame figures keep a decimal below 1,000, so that a small change shows.
            abs(value) >= 1000 || value == value.rounded() ? Format.count(Int(value.rounded())) : Format.significant(value, digits: 4, maxDecimals: 3)
        }
    }
}

extension GateComparison {
    /// The Markdown for a pull request: a heading with the verdict, one table row per
    /// figure (workload, figure, baseline, now, change, verdict), worst first, and where
    /// the baseline came from.
    public func markdown(baselinePath: String, environment: GateEnvironment, updateCommand: String) -> String {
        var lines: [String] = []
        let heading = passed
            ? (improvements.isEmpty ? "Performance gate: pass" : "Performance gate: pass, \(improvements.count) improved")
            : "Performance gate: \(regressions.count) regression\(regressions.count == 1 ? "" : "s")"
        lines.append("### " + heading)
        lines.append("")
        lines.append("| workload | figure | baseline | now | change | verdict |")
        lines.append("| --- | --- | ---: | ---: | ---: | --- |")
        for row in rows {
            var verdict: String
            switch row.verdict {
            case .regression: verdict = "**regression** (limit \(GateFormat.limit(row.threshold)))"
            case .improvement: verdict = "improved"
            case .within: verdict = "within \(GateFormat.limit(row.threshold))"
            case .unchanged: verdict = "unchanged"
            }
            if let p = row.pValue { verdict += ", p = " + Format.significant(p, digits: 2, maxDecimals: 4) }
            let cells = [
                Escape.markdown(row.workload), row.label, GateFormat.value(row.baseline, metric: row.metric),
                GateFormat.value(row.now, metric: row.metric), GateFormat.change(row.change), verdict,
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        lines.append("")
        for explanation in explanations {
            lines.append("#### Why \(Escape.markdown(explanation.workload)) moved: functions by change in inclusive instructions")
            lines.append("")
            if explanation.functions.isEmpty {
                lines.append("No function of the baseline's top \(FunctionCost.kept) changed its instructions.")
            } else {
                lines.append("| function | baseline | now | change |")
                lines.append("| --- | ---: | ---: | ---: |")
                for function in explanation.functions {
                    let before = function.before.map { GateFormat.value(Double($0), metric: .instructions) } ?? "(not in the top \(FunctionCost.kept))"
                    let change = (function.change > 0 ? "+" : function.change < 0 ? "−" : "") + GateFormat.value(Double(abs(function.change)), metric: .instructions)
                        + (function.before.flatMap { $0 > 0 ? " (\(GateFormat.change(Double(function.change) / Double($0))))" : nil } ?? "")
                    lines.append("| `\(function.name.replacingOccurrences(of: "`", with: "'").replacingOccurrences(of: "|", with: "\\|"))` | \(before) | "
                                 + "\(GateFormat.value(Double(function.now), metric: .instructions)) | \(change) |")
                }
            }
            lines.append("")
        }
        var notes = [summary(updateCommand: updateCommand)]
        notes.append(
            "Baseline `\(baselinePath)`: \(environment.toolchain), \(environment.valgrind ?? "no valgrind"), \(environment.arch), \(environment.build) build.")
        switch mode {
        case .instructions:
            notes.append("Instructions are counted by callgrind in the measured region only; allocations by the allocator. Both are exact: any change is real.")
        case .clock:
            notes.append("Clock mode: wall-clock medians, a change counts only when the Mann–Whitney U test finds it significant (p < \(Format.trimmed(GateThresholds.clockSignificance))). Weaker than instruction counts.")
        }
        if !improvements.isEmpty {
            notes.append("To keep the improvement, update the baseline: `\(updateCommand)`, and commit it.")
        }
        lines += notes
        return lines.joined(separator: "\n") + "\n"
    }

    /// The JSON form of a check (`gate check --json`), schema version 1.
    public struct Document: Codable, Sendable {
        public static let currentSchemaVersion = 1
        public var schemaVersion: Int
        public var tool: String
        public var mode: GateBaseline.Mode
        /// `pass` or `fail`.
        public var verdict: String
        public var summary: String
        public var baseline: String
        public var environment: GateEnvironment
        public var regressions: Int
        public var improvements: Int
        public var rows: [Row]
        public var workloads: [Workload]
        /// Why each regressed workload moved (see ``GateComparison/explanations``); empty
        /// on a pass. Added without a version bump: readers of version 1 may lack it.
        public var explanations: [Explanation]?
        /// A partial result (`check --shard i/n`): which share, of which commit and plan.
        /// Absent from a whole check and from `merge`'s output.
        public var shard: GateShard?

        /// One workload's figures as measured now.
        public struct Workload: Codable, Sendable {
            public var id: String
            public var figures: GateFigures
        }
    }

    /// The JSON document of this check.
    public func document(baselinePath: String, environment: GateEnvironment, updateCommand: String, figures: [(id: String, figures: GateFigures)]) -> Document {
        Document(
            schemaVersion: Document.currentSchemaVersion, tool: "gridbench gate", mode: mode, verdict: passed ? "pass" : "fail",
            summary: summary(updateCommand: updateCommand), baseline: baselinePath, environment: environment,
            regressions: regressions.count, improvements: improvements.count, rows: rows,
            workloads: figures.map { Document.Workload(id: $0.id, figures: $0.figures) }, explanations: explanations, shard: nil)
    }
}

extension GateComparison.Row: CustomStringConvertible {
    /// `tile-grid/photos-2976/cached/scroll instructions/frame 5,144 → 5,301 (+3.05 %, limit +2 %)`.
    public var description: String {
        "\(workload) \(label) \(GateFormat.value(baseline, metric: metric)) → \(GateFormat.value(now, metric: metric)) "
            + "(\(GateFormat.change(change)), limit \(GateFormat.limit(threshold)))"
    }
}
