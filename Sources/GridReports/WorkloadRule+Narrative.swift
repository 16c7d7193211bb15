import GridHarness

/// The workload rule and its answer in words. Every figure is formatted as the tables
/// format it (frame costs as the µs columns, prepare and memory as theirs), so that a
/// reader finds each one in a row. Plain text: callers escape it.
extension WorkloadRule {
    /// The rule with its parameters, as the report prints it.
    public var statement: String {
        let percent = Format.trimmed(tolerance * 100, maxDecimals: 2)
        let factor = Format.trimmed(eventFactor, maxDecimals: 2)
        return [
            "The verdict weighs, at each measured size (data set), every trace it was replayed with, by the figures the tables show.",
            "First, a strategy that failed a fixture check there is out, and so is one with any run whose p99 or worst frame exceeds "
                + "the frame budget (one frame at the trace's refresh rate), unless every strategy has one: then those with the fewest "
                + "runs over budget stay, and of them those whose heaviest such frame is within \(percent) % of the lightest.",
            "Second, of the rest, the fastest steady scroll by the p50 of the size's steady trace (the scale series' trace, else the "
                + "canonical one), together with every strategy whose p50 is within \(percent) % of it: these scroll equally fast.",
            "Third, a tie is settled by what the user pays outside the steady scroll: the worst p99 over the size's other traces "
                + "(edits, moves, rotations, jumps), where a strategy is dropped when its figure is more than \(factor) × the lowest "
                + "(tails vary far more between runs than medians); then the prepare cost, and then the retained memory, each dropping "
                + "a strategy more than \(percent) % over the lowest; then the first in report order (a lower p50 within \(percent) % is noise, "
                + "and would flip between runs).",
            "The chosen strategy is always one of the equally fast ones, which the verdict names.",
        ].joined(separator: " ")
    }
}

extension WorkloadRule.Verdict {
    /// `on-demand at every measured size`, or the choice by size:
    /// `on-demand at 100 to 1,000,000 tiles, adaptive at 10,000,000 tiles`.
    public var recommendationWords: String {
        let stretches = self.stretches
        guard let first = stretches.first else { return "none: no data set with a passing run over its steady trace" }
        if stretches.count == 1 { return "\(first.label) at every measured size" }
        return stretches.map { "\($0.label) at \(Self.sizes($0.judgements))" }.joined(separator: ", ")
    }

    /// The verdict's first sentence: what to choose at which sizes.
    public var choiceSentence: String {
        let stretches = self.stretches
        let weighing = ", weighing every trace of every data set, not only the steady scroll."
        guard let first = stretches.first else {
            return "No strategy can be chosen: no data set has a passing run over its steady-scroll trace."
        }
        if stretches.count == 1 {
            return "Choose \(first.label) at every measured size (\(Self.sizes(first.judgements)))" + weighing
        }
        let parts = stretches.map { "\($0.label) at \(Self.sizes($0.judgements))" }
        return "Choose " + Self.list(parts) + weighing
    }

    /// `1,796 tiles`, `100 to 1,000,000 tiles`.
    static func sizes(_ judgements: [WorkloadRule.Judgement]) -> String {
        guard let first = judgements.first, let last = judgements.last else { return "no size" }
        if first.tiles == last.tiles { return "\(Format.count(first.tiles)) tiles" }
        return "\(Format.count(first.tiles)) to \(Format.count(last.tiles)) tiles"
    }

    /// `a`, `a and b`, `a, b and c`.
    static func list(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }

    /// The sentence on one size: which strategies scroll equally fast over its steady trace
    /// (the chosen one among them), and what settled the tie. `scan` is compared when it is
    /// not among them, as `scanNote` names it.
    public func sizeSentence(_ judgement: WorkloadRule.Judgement, scanNote: String?) -> String {
        let percent = Format.trimmed(rule.tolerance * 100, maxDecimals: 2)
        var sentence = "On \(judgement.dataset) (\(Format.count(judgement.tiles)) tiles) over \(judgement.steadyTrace), "
        if !judgement.excluded.isEmpty {
            sentence += judgement.everyOverBudget
                ? "where every strategy has a frame over the frame budget and these have the fewest and lightest, "
                : "of the strategies with no frame over the frame budget, "
        }
        let group = judgement.fastest
        let p50s = group.map(\.p50)
        if group.count == 1, let only = group.first {
            let others = judgement.figures.filter { f in f.strategy != only.strategy && !judgement.excluded.contains { $0.strategy == f.strategy } }
            if let next = others.min(by: { $0.p50 < $1.p50 }) {
                sentence += "\(only.label) scrolls fastest (p50 \(Self.micros(only.p50)), more than \(percent) % under "
                    + "\(next.label)'s \(Self.micros(next.p50)))"
            } else {
                sentence += "\(only.label) is the only candidate (p50 \(Self.micros(only.p50)))"
            }
        } else {
            let low = Self.micros(p50s.min() ?? 0), high = Self.micros(p50s.max() ?? 0)
            sentence += Self.list(group.map(\.label)) + " scroll equally fast (p50 " + (low == high ? low : "\(low)–\(high)")
                + ", within \(percent) %)"
        }
        if let scanNote, let scan = judgement.figures.first(where: { $0.strategy == "scan" }),
           !group.contains(where: { $0.strategy == "scan" }), !judgement.excluded.contains(where: { $0.strategy == "scan" }) {
            sentence += ", against p50 \(Self.micros(scan.p50)) for scan, \(scanNote)"
        }
        let steps = judgement.steps.map(stepText)
        if steps.isEmpty {
            return sentence + ": \(judgement.chosen.label) is chosen."
        }
        return sentence + "; " + steps.joined(separator: "; ") + ": \(judgement.chosen.label) is chosen."
    }

    /// One tie-break step in words, with the figures on both sides.
    public func stepText(_ step: WorkloadRule.Step) -> String {
        let percent = Format.trimmed(rule.tolerance * 100, maxDecimals: 2)
        let dropped = Self.list(step.dropped.map(\.label))
        let named = step.dropped.count > 1
        func who(_ figure: WorkloadRule.Figures) -> String { named ? figure.label + "'s " : "" }
        switch step.basis {
        case .eventFrames:
            guard let best = step.kept.min(by: { ($0.eventP99 ?? 0) < ($1.eventP99 ?? 0) }) else { return "" }
            let figures = step.dropped.map { "\(who($0))p99 \(Self.micros($0.eventP99 ?? 0)) over \($0.worstEvent?.trace ?? "")" }
            return "heavier frames outside the steady scroll drop \(dropped) (\(Self.list(figures)), more than "
                + "\(Format.trimmed(rule.eventFactor, maxDecimals: 2)) × \(best.label)'s \(Self.micros(best.eventP99 ?? 0)) "
                + "over \(best.worstEvent?.trace ?? ""))"
        case .prepare:
            guard let best = step.kept.min(by: { $0.prepare < $1.prepare }) else { return "" }
            let figures = step.dropped.map { "\(who($0))\(Format.duration($0.prepare))" }
            return "a slower prepare drops \(dropped) (\(Self.list(figures)), more than \(percent) % over \(best.label)'s "
                + "\(Format.duration(best.prepare)))"
        case .memory:
            guard let best = step.kept.min(by: { ($0.retained ?? 0) < ($1.retained ?? 0) }) else { return "" }
            let figures = step.dropped.map { "\(who($0))\(Format.bytes($0.retained ?? 0))" }
            return "more retained memory drops \(dropped) (\(Self.list(figures)), more than \(percent) % over \(best.label)'s "
                + "\(Format.bytes(best.retained ?? 0)))"
        case .order:
            guard let best = step.kept.first else { return "" }
            return "nothing tells \(Self.list((step.kept + step.dropped).map(\.label))) apart, and \(best.label) comes first in report order"
        }
    }

    /// The sentences on frames over budget and failed fixture checks: at each size, which
    /// strategy is out, which frames and why.
    public var exclusionSentences: [String] {
        var sentences: [String] = []
        for judgement in judgements {
            let place = "At \(Format.count(judgement.tiles)) tiles (\(judgement.dataset))"
            if !judgement.failed.isEmpty {
                sentences.append("\(place), \(Self.list(judgement.failed)) failed a fixture check and cannot be recommended.")
            }
            guard !judgement.excluded.isEmpty else { continue }
            if judgement.everyOverBudget {
                let all = judgement.figures.map { "\($0.label) \(Self.overruns($0))" }
                let stayed = judgement.figures.filter { f in !judgement.excluded.contains { $0.strategy == f.strategy } }
                sentences.append(
                    "\(place), every strategy has a frame over the frame budget: " + all.joined(separator: "; ")
                        + "; \(Self.budgetNote(judgement.figures)); so "
                        + "\(Self.list(stayed.map(\.label))), with the fewest and lightest, stay\(stayed.count == 1 ? "s" : "") in "
                        + "and \(Self.list(judgement.excluded.map(\.label))) \(judgement.excluded.count == 1 ? "is" : "are") out.")
            } else {
                for figure in judgement.excluded {
                    sentences.append("\(place), \(figure.label) cannot be recommended: \(Self.overruns(figure)); \(Self.budgetNote([figure])).")
                }
            }
        }
        for skip in skipped {
            sentences.append("Not judged at \(Format.count(skip.tiles)) tiles (\(skip.dataset)): \(skip.reason).")
        }
        return sentences
    }

    /// A strategy's frames over budget, each with its share of its frame budget:
    /// `tour-120hz max 59326 µs (712 %)`.
    static func overruns(_ figure: WorkloadRule.Figures) -> String {
        let parts = figure.overBudget.map { alert -> String in
            let run = alert.run
            let budget = RunAlert.frameBudgetNanos(of: run)
            var frames: [String] = [], shares: [String] = []
            for (name, value) in [("p99", run.frameNanos.p99), ("max", run.frameNanos.max)] where value > budget {
                frames.append("\(name) \(micros(value))")
                shares.append(Format.percent(value / budget))
            }
            return "\(run.trace) " + frames.joined(separator: " and ") + " (" + shares.joined(separator: " and ") + ")"
        }
        return parts.isEmpty ? "no frame over the frame budget" : list(parts)
    }

    /// What the percentages of `figures`' overruns are of: `percentages of the frame budget,
    /// 8.33 ms at 120 Hz, 16.7 ms at 60 Hz`.
    static func budgetNote(_ figures: [WorkloadRule.Figures]) -> String {
        var rates: [Int] = []
        for alert in figures.flatMap(\.overBudget) where !rates.contains(alert.run.refreshHz) { rates.append(alert.run.refreshHz) }
        let budgets = rates.sorted(by: >).map { "\(Format.duration(1e9 / Double(max($0, 1)))) at \($0) Hz" }
        return "percentages of the frame budget, " + budgets.joined(separator: ", ")
    }

    /// A frame cost as the tables' µs columns print it, with its unit: `0.330 µs`, `59300 µs`.
    static func micros(_ nanos: Double) -> String {
        Format.micros(nanos) + " µs"
    }
}
