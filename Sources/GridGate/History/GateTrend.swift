import Foundation

/// A history read as trends: one series per workload and metric, across runs oldest first,
/// with its steps and, where there is one, its creep.
///
/// Counts are exact, so a **step** is any change of an instruction, allocation or byte
/// count between consecutive runs. Wall-clock medians are noisy: a clock step is a change
/// the Mann–Whitney U test finds significant (p < ``GateThresholds/clockSignificance``)
/// between the two runs' samples, which the history keeps.
///
/// A **creep** is what a gate against the previous run never sees: every step in the window
/// (the last `window` runs of the series) is within the threshold, but the newest figure is
/// beyond it against the window's oldest.
public struct GateTrend: Sendable {
    /// One point: a run's figure.
    public struct Point: Hashable, Sendable {
        /// The run's position in the history, from 1 (oldest).
        public var run: Int
        public var commit: String
        public var date: String
        public var value: Double
    }

    /// A change between consecutive runs.
    public struct Step: Hashable, Sendable {
        /// The run that changed (its position, from 1) and its commit.
        public var run: Int
        public var commit: String
        public var before: Double
        public var now: Double
        /// `(now − before) / before`; infinite from 0.
        public var change: Double
        /// Clock steps: the test's two-sided p-value.
        public var pValue: Double?
    }

    /// A rise within the threshold run by run but beyond it across the window.
    public struct Creep: Hashable, Sendable {
        /// The window's oldest point and the newest.
        public var from: Point
        public var to: Point
        public var change: Double
        public var threshold: Double
    }

    /// One workload's metric across the history.
    public struct Series: Hashable, Sendable {
        public var workload: String
        public var metric: GateMetric
        public var points: [Point]
        /// The threshold drawn and used for creeps: the baseline's when one is given, else
        /// the newest run's.
        public var threshold: Double
        /// The baseline's figure, when a baseline is given and has one.
        public var baseline: Double?
        public var steps: [Step]
        public var creep: Creep?
    }

    /// Every series, by workload then metric.
    public var series: [GateTrend.Series]
    /// The runs, oldest first.
    public var runs: [GateHistoryRun]
    /// The creep window, in runs.
    public var window: Int

    /// The default creep window: the last 10 runs.
    public static let defaultWindow = 10

    /// The trends of `runs` (oldest first), against `baseline` when given.
    public init(runs: [GateHistoryRun], baseline: GateBaseline? = nil, window: Int = GateTrend.defaultWindow) {
        self.runs = runs
        self.window = max(window, 2)
        var ids: [String] = []
        for run in runs { for workload in run.workloads where !ids.contains(workload.id) { ids.append(workload.id) } }
        var series: [GateTrend.Series] = []
        for id in ids.sorted() {
            for metric in GateMetric.allCases {
                var points: [Point] = []
                var samples: [[UInt64]?] = []
                var threshold: Double?
                for (index, run) in runs.enumerated() {
                    guard let workload = run.workloads.first(where: { $0.id == id }), let value = workload.figures[metric] else { continue }
                    points.append(Point(run: index + 1, commit: run.commit, date: run.date, value: value))
                    samples.append(workload.figures.clockNanos)
                    threshold = workload.thresholds[metric]
                }
                guard !points.isEmpty else { continue }
                let recorded = baseline?.workload(id)
                let limit = recorded?.thresholds[metric] ?? threshold ?? GateThresholds.defaults[metric]
                let steps = Self.steps(points, samples: samples, metric: metric)
                series.append(Series(
                    workload: id, metric: metric, points: points, threshold: limit, baseline: recorded?.figures[metric],
                    steps: steps, creep: Self.creep(points, steps: steps, threshold: limit, window: self.window)))
            }
        }
        self.series = series
    }

    static func change(_ before: Double, _ now: Double) -> Double {
        before == now ? 0 : (before == 0 ? .infinity : (now - before) / before)
    }

    /// Counts: every change. Clock: a significant change of the samples.
    static func steps(_ points: [Point], samples: [[UInt64]?], metric: GateMetric) -> [Step] {
        var steps: [Step] = []
        for index in points.indices.dropFirst() {
            let before = points[index - 1], now = points[index]
            if metric == .clock {
                guard let a = samples[index - 1], let b = samples[index],
                      let p = MannWhitney.test(a.map(Double.init), b.map(Double.init))?.p, p < GateThresholds.clockSignificance
                else { continue }
                steps.append(Step(run: now.run, commit: now.commit, before: before.value, now: now.value, change: change(before.value, now.value), pValue: p))
            } else if before.value != now.value {
                steps.append(Step(run: now.run, commit: now.commit, before: before.value, now: now.value, change: change(before.value, now.value)))
            }
        }
        return steps
    }

    /// The creep of the last `window` points, or `nil`.
    static func creep(_ points: [Point], steps: [Step], threshold: Double, window: Int) -> Creep? {
        let recent = points.suffix(window)
        guard let oldest = recent.first, let newest = recent.last, recent.count >= 2 else { return nil }
        let total = change(oldest.value, newest.value)
        guard total > threshold else { return nil }
        let inWindow = steps.filter { $0.run > oldest.run && $0.run <= newest.run }
        guard inWindow.allSatisfy({ $0.change <= threshold }) else { return nil }
        return Creep(from: oldest, to: newest, change: total, threshold: threshold)
    }

    /// The series with a creep.
    public var creeps: [GateTrend.Series] { series.filter { $0.creep != nil } }
}
