import GridHarness

/// The rule and its answer in words, with the figures that decided. Plain text: callers
/// escape it for the format they write.
extension ThresholdRule {
    /// The rule with its parameters, as the report prints it.
    public var statement: String {
        let band = "1 ± " + Format.trimmed(tolerance, maxDecimals: 4)
        let above = Format.trimmed(1 + tolerance, maxDecimals: 4), below = Format.trimmed(1 - tolerance, maxDecimals: 4)
        let percent = Format.trimmed(instructionTolerance * 100, maxDecimals: 2)
        let parts: [String] = [
            "The recommended threshold is the smallest measured tile count from which caching stops paying for good "
                + "(the size after the last one at which it still paid).",
            "At each size the strategies' passes are interleaved, and on demand's frame cost is divided by cached's: the median over "
                + "passes of each pass's midmean (the mean of its middle half of frames, which resolves below the clock's tick where a "
                + "pass's median falls on one), with " + Bootstrap.method + " (pairs of passes measured in the same round).",
            "When that interval lies wholly above \(above), cached is faster; wholly below \(below), on demand is; when it overlaps "
                + band + " the two are equivalent, and the tie is settled by what does not depend on noise: instructions per frame "
                + "(counted by valgrind, when they differ by more than \(percent) %), else retained memory, else the prepare cost; the lower wins.",
            "Caching stops paying at a size when it is not faster (on demand faster, or equivalent and the tie not its own), "
                + "or cached's rebuild cost (warm: prepared again over its own storage) exceeds \(Format.duration(prepareBudgetNanos)) (a cache is rebuilt in one frame on every rotation or reload), "
                + "or cached's retained memory exceeds \(Format.bytes(memoryBudgetBytes)).",
            "Below the threshold, cache; at and above it, compute on demand. Only runs that passed their fixture check count.",
        ]
        return parts.joined(separator: " ")
    }

    /// A short name for `condition`, as in "decided by …".
    public func name(of condition: Condition) -> String {
        switch condition {
        case .onDemandAsFast: "the cache not being faster"
        case .prepareOverBudget: "cached's prepare over its \(Format.duration(prepareBudgetNanos)) budget"
        case .memoryOverBudget: "cached's memory over its \(Format.bytes(memoryBudgetBytes)) budget"
        }
    }

    /// The frame costs compared at `evaluation`, in words:
    /// `on demand's median 1.02 × cached's (95 % interval 0.97–1.08): equivalent within ±10 %`.
    public func speedCheck(at evaluation: Evaluation) -> String {
        let comparison = evaluation.comparison
        let ratio = Format.trimmed(comparison.ratio, maxDecimals: 3)
        let midmeans = evaluation.cached.comparesMidmeans && evaluation.onDemand.comparesMidmeans
        let figure = comparison.interval == nil ? statistic.rawValue : (midmeans ? "midmean" : "median")
        let interval = comparison.interval.map {
            " (95 % interval \(Format.trimmed($0.low, maxDecimals: 3))–\(Format.trimmed($0.high, maxDecimals: 3)))"
        } ?? " (no passes recorded, so no interval)"
        let judged: String
        switch comparison.speed {
        case .cachedFaster: judged = "cached faster"
        case .onDemandFaster: judged = "on demand faster"
        case .equivalent: judged = "equivalent within ±\(Format.trimmed(tolerance * 100, maxDecimals: 2)) %"
        }
        var text = "on demand's \(figure) \(ratio) × cached's\(interval): \(judged)"
        if let tie = evaluation.tieBreak { text += ", " + tieBreakText(tie) }
        return text
    }

    /// How a tie was settled, in words.
    public func tieBreakText(_ tie: TieBreak) -> String {
        let winner = tie.favoursCached ? cachedStrategy : onDemandStrategy
        var note = tie.instructionsMissing ? " (instructions not counted)" : ""
        if let instructions = tie.instructions, tie.basis != .instructions {
            note = " (instructions per frame within ±\(Format.trimmed(instructionTolerance * 100, maxDecimals: 2)) %: cached "
                + "\(Format.count(Int(instructions.cached.rounded()))), on demand \(Format.count(Int(instructions.onDemand.rounded()))))"
        }
        switch tie.basis {
        case .instructions:
            return "settled by instructions per frame for \(winner): cached \(Format.count(Int(tie.cached.rounded()))), "
                + "on demand \(Format.count(Int(tie.onDemand.rounded())))"
        case .memory:
            return "settled by retained memory for \(winner)\(note): cached \(Format.bytes(tie.cached)), on demand \(Format.bytes(tie.onDemand))"
        case .prepare:
            return "settled by prepare cost for \(winner)\(note): cached \(Format.duration(tie.cached)), on demand \(Format.duration(tie.onDemand))"
        case .none:
            return "nothing tells them apart\(note), so the cache does not pay"
        }
    }

    /// `condition` checked at `evaluation`, with the figures on both sides of the comparison.
    public func check(_ condition: Condition, at evaluation: Evaluation) -> String {
        let holds = evaluation.conditions.contains(condition)
        switch condition {
        case .onDemandAsFast:
            return speedCheck(at: evaluation)
        case .prepareOverBudget:
            let what = evaluation.cached.rebuildNanos == nil ? "prepare" : "rebuild"
            return "cached's \(what) \(Format.duration(Self.rebuildCost(evaluation.cached))) \(holds ? ">" : "≤") "
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
    /// One line: adaptive's threshold by this rule next to the seed's (the verdict, which
    /// weighs every trace, is ``WorkloadRule``'s).
    public func headline(seedThreshold: Int) -> String {
        let seed = "(seed: \(Format.count(seedThreshold)) tiles)"
        switch outcome {
        case .switchAt(let tiles): return "Adaptive's threshold: \(Format.count(tiles)) tiles \(seed)"
        case .onDemandAtEverySize: return "Adaptive's threshold: none, on demand at every size \(seed)"
        case .cacheAtEverySize: return "Adaptive's threshold: none, cache at every measured size \(seed)"
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
        if let confidence = confidenceSentence { lines.append(confidence) }
        return lines
    }

    /// How sure the recommendation is, in words, or `nil` without passes to resample.
    public var confidenceSentence: String? {
        guard let confidence else { return nil }
        return "Confidence: \(Format.trimmed(confidence * 100, maxDecimals: 1)) % of \(Format.count(ThresholdRule.confidenceReplicates)) "
            + "bootstrap replicates of these measurements (passes resampled in pairs at every size) give the same recommendation."
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
