import GridHarness

extension WorkloadRule {
    /// Bootstrap replicates judged by ``confidence(of:)``.
    public static let confidenceReplicates = 500

    /// How sure the verdict is: the share of ``confidenceReplicates`` replicates of the
    /// measurements in which every size's choice comes out the same. In each replicate,
    /// every candidate's steady-scroll pass medians are resampled with replacement, and its
    /// p50 is scaled by the resample's median over the measured one; the tie and its
    /// settling (steps 2 and 3) are worked out again. Frames over budget, event frames,
    /// prepare and memory stay as measured. `nil` when no candidate has passes to resample.
    /// - Complexity: O(S · c · R · p log p) for S sizes of c candidates, R replicates and p passes.
    public func confidence(of verdict: Verdict) -> Double? {
        let count = Self.confidenceReplicates
        var any = false
        var generator = SplitMix(seed: 0x7665_7264)
        // Per size, per candidate: the p50 in each replicate.
        var replicated: [[String: [Double]]] = []
        for judgement in verdict.judgements {
            var sizes: [String: [Double]] = [:]
            for figure in candidates(of: judgement) {
                guard let passes = figure.steady.passMediansNanos, passes.count >= 2 else { continue }
                let measured = Bootstrap.median(passes)
                guard measured > 0 else { continue }
                any = true
                sizes[figure.strategy] = (0..<count).map { _ in
                    let sample = passes.indices.map { _ in passes[Int(generator.next() % UInt64(passes.count))] }
                    return figure.p50 * Bootstrap.median(sample) / measured
                }
            }
            replicated.append(sizes)
        }
        guard any else { return nil }
        var agreeing = 0
        for replicate in 0..<count {
            let same = zip(verdict.judgements, replicated).allSatisfy { judgement, p50s in
                let candidates = candidates(of: judgement)
                guard !candidates.isEmpty else { return true }
                let chosen = settle(candidates) { p50s[$0.strategy]?[replicate] ?? $0.p50 }.chosen
                return chosen.strategy == judgement.chosen.strategy
            }
            if same { agreeing += 1 }
        }
        return Double(agreeing) / Double(count)
    }

    /// The strategies left after step 1 at `judgement`, in report order.
    func candidates(of judgement: Judgement) -> [Figures] {
        judgement.figures.filter { figure in !judgement.excluded.contains { $0.strategy == figure.strategy } }
    }
}

/// A small seeded generator (SplitMix64), so that the confidence is the same on every run.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
