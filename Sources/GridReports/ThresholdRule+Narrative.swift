/// The rule and its answer in words, with the figures that decided. Plain text: callers
/// escape it for the format they write.
extension ThresholdRule {
    /// The rule with its parameters, as the report prints it.
    public var statement: String {
        "The recommended threshold is the smallest measured tile count from which caching stops paying for good "
            + "(the size after the last one at which it still paid). Caching stops paying at a size when "
            + "on demand's \(statistic.rawValue) frame cost is at most \(Format.trimmed(1 + tolerance, maxDecimals: 4)) × cached's "
            + "(tolerance \(Format.trimmed(tolerance * 100, maxDecimals: 2)) %), "
            + "or cached's prepare cost exceeds \(Format.duration(prepareBudgetNanos)) "
            + "(a cache is rebuilt in one frame on every rotation or edit), "
            + "or cached's retained memory exceeds \(Format.bytes(memoryBudgetBytes)). "
            + "Below it, cache; at and above it, compute on demand. Only runs that passed their fixture check count."
    }

    /// A short name for `condition`, as in "decided by …".
    public func name(of condition: Condition) -> String {
        switch condition {
        case .onDemandAsFast: "on demand's \(statistic.rawValue) at most \(Format.trimmed(1 + tolerance, maxDecimals: 4)) × cached's"
        case .prepareOverBudget: "cached's prepare over its \(Format.duration(prepareBudgetNanos)) budget"
        case .memoryOverBudget: "cached's memory over its \(Format.bytes(memoryBudgetBytes)) budget"
        }
    }

    /// `condition` checked at `evaluation`, with the figures on both sides of the comparison:
    /// `on demand's p50 1.20 µs > 1.05 × cached's p50 1.00 µs = 1.05 µs`.
    public func check(_ condition: Condition, at evaluation: Evaluation) -> String {
        let holds = evaluation.conditions.contains(condition)
        switch condition {
        case .onDemandAsFast:
            let cached = statistic.value(of: evaluation.cached.frameNanos)
            let name = statistic.rawValue
            return "on demand's \(name) \(Format.duration(statistic.value(of: evaluation.onDemand.frameNanos))) \(holds ? "≤" : ">") "
                + "\(Format.trimmed(1 + tolerance, maxDecimals: 4)) × cached's \(name) \(Format.duration(cached)) "
                + "= \(Format.duration((1 + tolerance) * cached))"
        case .prepareOverBudget:
            return "cached's prepare \(Format.duration(Double(evaluation.cached.prepareNanos))) \(holds ? ">" : "≤") "
                + "budget \(Format.duration(prepareBudgetNanos))"
        case .memoryOverBudget:
            guard let retained = evaluation.cached.retainedBytes else {
                return "cached's retained memory not measured (no memory probe)"
            }
            return "cached's retained memory \(Format.bytes(Double(retained))) \(holds ? ">" : "≤") "
                + "budget \(Format.bytes(memoryBudgetBytes))"
        }
    }

    /// Every condition checked at `evaluation`, joined: what the rule saw at one size.
    public func checks(at evaluation: Evaluation) -> String {
        Condition.allCases.map { check($0, at: evaluation) }.joined(separator: "; ")
    }
}

extension ThresholdRule.Recommendation {
    /// One line: the recommendation next to the seed's threshold.
    public func headline(seedThreshold: Int) -> String {
        let seed = "(seed: \(Format.count(seedThreshold)) tiles)"
        switch outcome {
        case .switchAt(let tiles): return "Recommended threshold: \(Format.count(tiles)) tiles \(seed)"
        case .onDemandAtEverySize: return "Recommended: on demand at every size \(seed)"
        case .cacheAtEverySize: return "Recommended: cache at every measured size \(seed)"
        case .noData: return "No threshold recommended: no usable scale series \(seed)"
        }
    }

    /// Which condition decided and the figures on both sides of the threshold: at the
    /// deciding size and at the size below it.
    public var decision: [String] {
        var lines: [String] = []
        if let deciding {
            let names = deciding.conditions.map { rule.name(of: $0) }.joined(separator: " and ")
            lines.append(
                "Caching stops paying at \(Format.count(deciding.tiles)) tiles (\(deciding.dataset)), decided by \(names): "
                    + rule.checks(at: deciding) + ".")
        }
        if let lastPaying {
            let position = deciding == nil ? "the largest measured size" : "the size below"
            lines.append(
                "At \(Format.count(lastPaying.tiles)) tiles (\(lastPaying.dataset)), \(position), caching still paid: "
                    + rule.checks(at: lastPaying) + ".")
            let interrupted = evaluations.filter { !$0.cachingPays && $0.tiles < lastPaying.tiles }
            if !interrupted.isEmpty {
                let sizes = interrupted.map { "\(Format.count($0.tiles))" }.joined(separator: ", ")
                lines.append(
                    "Caching did not pay at \(sizes) tiles but paid again at larger sizes; the threshold is taken after the last "
                        + "size at which it paid, so that one size cannot move it.")
            }
        }
        for skip in skipped {
            lines.append("Not judged at \(Format.count(skip.tiles)) tiles (\(skip.dataset)): \(skip.reason).")
        }
        return lines
    }

    /// How the recommendation compares with the seed's threshold.
    public func seedComparison(seedThreshold seed: Int) -> String {
        let seedText = "the seed's \(Format.count(seed))"
        switch outcome {
        case .switchAt(let tiles):
            guard let lastPaying else { return "" }
            if lastPaying.tiles < seed, seed <= tiles {
                return "The measurements agree with \(seedText) as closely as the series can tell: caching paid at "
                    + "\(Format.count(lastPaying.tiles)) tiles and no longer at \(Format.count(tiles))."
            }
            if seed <= lastPaying.tiles {
                return "The measurements do not support \(seedText): it switches too early, since caching still paid at "
                    + "\(Format.count(lastPaying.tiles)) tiles."
            }
            return "The measurements do not support \(seedText): it switches too late, since caching had stopped paying at "
                + "\(Format.count(tiles)) tiles."
        case .onDemandAtEverySize:
            let smallest = evaluations.first?.tiles ?? 0
            let caveat = smallest > seed ? " (the series does not go below \(Format.count(smallest)) tiles)" : ""
            return "On demand at every size: caching did not pay even at \(Format.count(smallest)) tiles, the smallest measured size, "
                + "so the measurements do not support \(seedText)\(caveat)."
        case .cacheAtEverySize:
            let largest = evaluations.last?.tiles ?? 0
            return "Caching paid at every measured size up to \(Format.count(largest)) tiles, so the measurements do not support "
                + "switching at \(seedText): keep the cache (the series does not go above \(Format.count(largest)) tiles)."
        case .noData:
            return "No tile count of the scale series has a passing cached and on-demand run, so the measurements "
                + "neither support nor refute \(seedText)."
        }
    }
}
