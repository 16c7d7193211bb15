import GridHarness

/// The layout's line in the summary at the top of the report: the verdict's
/// recommendation, how sure it is, and the one figure that decided it.
extension StrategyReport {
    /// The recommendation in a few words: `on-demand at every measured size`, or the choice
    /// by size (`on-demand at 100 to 1,000,000 tiles, adaptive at 10,000,000 tiles`).
    public var recommendationWords: String {
        workload.recommendationWords
    }

    /// The verdict's confidence as a percentage (`98.4 %`), or `—` when no size had passes
    /// to resample.
    public var confidenceWords: String {
        workload.confidence.map { Format.trimmed($0 * 100, maxDecimals: 1) + " %" } ?? "—"
    }

    /// The figure the recommendation rests on, at the verdict's key size: the first step
    /// that settled the tie there, or, when one strategy scrolled fastest alone, its p50
    /// against the next. The same words as the verdict's.
    public var decidingFigure: String {
        guard let key = keyJudgement else {
            return "no data set has a passing run over \(options.scaleTrace) or \(options.canonicalTrace)"
        }
        let place = "at \(Format.count(key.tiles)) tiles (\(key.dataset)): "
        if let step = key.steps.first { return place + workload.stepText(step) }
        let others = workload.rule.candidates(of: key).filter { $0.strategy != key.chosen.strategy }
        if let next = others.min(by: { $0.p50 < $1.p50 }) {
            return place + "\(key.chosen.label) scrolls fastest over \(key.steadyTrace) (p50 "
                + "\(Format.micros(key.chosen.p50)) µs against \(next.label)'s \(Format.micros(next.p50)) µs)"
        }
        return place + "\(key.chosen.label) is the only candidate"
    }
}
