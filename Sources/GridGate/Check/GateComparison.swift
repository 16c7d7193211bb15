import Foundation

/// A check's verdicts: every figure of every workload, now against the baseline.
public struct GateComparison: Sendable {
    /// What happened to one figure.
    public enum Verdict: String, Codable, Hashable, Sendable {
        /// Beyond its threshold, upwards: the check fails.
        case regression
        /// Beyond its threshold, downwards: the check passes; the baseline can be updated.
        case improvement
        /// Changed, but within its threshold (or, in clock mode, not significantly).
        case within
        /// Exactly the baseline's figure.
        case unchanged
    }

    /// One figure of one workload.
    public struct Row: Codable, Hashable, Sendable {
        public var workload: String
        public var metric: GateMetric
        /// How reports name the figure (`instructions/frame` for a scroll).
        public var label: String
        /// The figures as shown: per frame for a scroll's instructions and allocations.
        public var baseline: Double
        public var now: Double
        /// `(now − baseline) / baseline`; infinite when the baseline is 0 and now is not.
        public var change: Double
        public var threshold: Double
        public var verdict: Verdict
        /// Clock mode: the Mann–Whitney U test's two-sided p-value.
        public var pValue: Double?
    }

    /// Every row, worst first: regressions by how far they went, then every other row by
    /// its change, largest first (improvements last).
    public var rows: [Row]
    public var mode: GateBaseline.Mode
    /// The workloads compared.
    public var workloadCount: Int
    /// Why each regressed workload moved: the functions whose instructions changed most.
    /// Empty when nothing regressed or the baseline keeps no functions.
    public var explanations: [Explanation] = []

    /// One regressed workload's functions, largest change first.
    public struct Explanation: Codable, Hashable, Sendable {
        public var workload: String
        public var functions: [FunctionChange]
    }

    public var regressions: [Row] { rows.filter { $0.verdict == .regression } }
    public var improvements: [Row] { rows.filter { $0.verdict == .improvement } }
    public var passed: Bool { regressions.isEmpty }

    /// Compares `now` with the baseline's figures, workload by workload, with each
    /// workload's thresholds from the baseline.
    public init(baseline: GateBaseline, now: [(workload: GateWorkload, figures: GateFigures)]) {
        self.init(baseline: baseline, measured: now.map { ($0.workload.id, $0.workload.kind, $0.workload.frames, $0.figures) })
    }

    /// Compares `figures`, by workload ID, with the baseline's, each workload's kind and
    /// frames as the baseline records them (`merge`, which has no plan).
    public init(baseline: GateBaseline, figures: [(id: String, figures: GateFigures)]) {
        self.init(baseline: baseline, measured: figures.compactMap { measured in
            baseline.workload(measured.id).map { (measured.id, $0.kind, $0.frames, measured.figures) }
        })
    }

    private init(baseline: GateBaseline, measured now: [(id: String, kind: GateWorkload.Kind, frames: Int, figures: GateFigures)]) {
        mode = baseline.mode
        workloadCount = now.count
        var rows: [Row] = []
        for workload in now {
            let figures = workload.figures
            guard let recorded = baseline.workload(workload.id) else { continue }
            let perFrame = workload.kind == .scroll && workload.frames > 1
            for metric in GateMetric.allCases {
                guard let old = recorded.figures[metric], let new = figures[metric] else { continue }
                let threshold = recorded.thresholds[metric]
                let change = old == new ? 0 : (old == 0 ? Double.infinity : (new - old) / old)
                var verdict: Verdict = old == new ? .unchanged : .within
                var pValue: Double?
                var significant = true
                if !metric.isCount, let a = recorded.figures.clockNanos, let b = figures.clockNanos {
                    pValue = MannWhitney.test(a.map(Double.init), b.map(Double.init))?.p
                    significant = (pValue ?? 1) < GateThresholds.clockSignificance
                }
                if significant && change > threshold { verdict = .regression }
                if significant && change < -threshold { verdict = .improvement }
                let scale = perFrame && metric.perFrameKey != nil ? Double(workload.frames) : 1
                rows.append(Row(
                    workload: workload.id, metric: metric, label: metric.label(perFrame: scale > 1),
                    baseline: old / scale, now: new / scale, change: change, threshold: threshold,
                    verdict: verdict, pValue: pValue))
            }
        }
        self.rows = rows.sorted { a, b in
            if (a.verdict == .regression) != (b.verdict == .regression) { return a.verdict == .regression }
            if a.change != b.change { return a.change > b.change }
            return (a.workload, a.metric) < (b.workload, b.metric)
        }
    }

    /// The one line a check prints on standard output.
    ///
    /// `gate: FAIL, 1 regression: tile-grid/photos-2976/cached/scroll instructions/frame +3.1 % (limit +2 %); 16 workloads`
    public func summary(updateCommand: String) -> String {
        let figures = "\(workloadCount) workload\(workloadCount == 1 ? "" : "s"), \(rows.count) figures"
        if !regressions.isEmpty {
            let listed = regressions.prefix(3).map { "\($0.workload) \($0.label) \(GateFormat.change($0.change)) (limit \(GateFormat.limit($0.threshold)))" }
            let more = regressions.count > 3 ? " and \(regressions.count - 3) more" : ""
            return "gate: FAIL, \(regressions.count) regression\(regressions.count == 1 ? "" : "s"): " + listed.joined(separator: "; ") + more + "; \(figures)"
        }
        if !improvements.isEmpty {
            return "gate: pass, \(figures), \(improvements.count) improved beyond the threshold: update the baseline with `\(updateCommand)`"
        }
        let changed = rows.filter { $0.verdict == .within }.count
        return "gate: pass, \(figures), " + (changed == 0 ? "every figure as in the baseline" : "\(changed) changed within thresholds")
    }
}
