import GridHarness

/// The layout's line in the summary at the top of the report: the recommendation, how sure
/// it is, and the one figure that decided it.
extension StrategyReport {
    /// The recommendation in a few words: `on demand at every size`, `cache below 10,000
    /// tiles, on demand at and above`.
    public var recommendationWords: String {
        let rule = options.rule
        switch recommendation.outcome {
        case .switchAt(let tiles):
            return "\(rule.cachedStrategy) below \(Format.count(tiles)) tiles, \(rule.onDemandStrategy) at and above"
        case .onDemandAtEverySize:
            return "\(rule.onDemandStrategy) at every size"
        case .cacheAtEverySize:
            return "\(rule.cachedStrategy) at every measured size (up to \(Format.count(recommendation.evaluations.last?.tiles ?? 0)) tiles)"
        case .noData:
            return "none: no usable scale series"
        }
    }

    /// The recommendation's confidence as a percentage (`98.4 %`), or `—` when no size had
    /// passes to resample.
    public var confidenceWords: String {
        recommendation.confidence.map { Format.trimmed($0 * 100, maxDecimals: 1) + " %" } ?? "—"
    }

    /// The figure the recommendation rests on, with the size it was measured at: the first
    /// condition that held at the deciding size (the threshold's, or the smallest when
    /// caching never paid), or, when caching always paid, the speed comparison at the
    /// largest size. The same words as the decision lines under the threshold table.
    public var decidingFigure: String {
        let rule = options.rule
        let recommendation = recommendation
        if let deciding = recommendation.deciding, let condition = deciding.conditions.first {
            return "at \(Format.count(deciding.tiles)) tiles: " + rule.check(condition, at: deciding)
        }
        if case .cacheAtEverySize = recommendation.outcome, let largest = recommendation.evaluations.last {
            return "at \(Format.count(largest.tiles)) tiles: " + rule.speedCheck(at: largest)
        }
        return "no tile count of \(options.scaleTrace) has a passing \(rule.cachedStrategy) and \(rule.onDemandStrategy) run"
    }
}
