import GridHarness

extension ThresholdRule {
    /// The data sets whose recommendation no frame-cost noise can change: those where a
    /// passing run of the caching strategy prepared in more than `margin` times the prepare
    /// budget, or retained more than `margin` times the memory budget. Caching cannot pay
    /// there however the frame costs compare, and a margin of 2 leaves the prepare cost and
    /// memory, which vary far less than that between processes, no way back under.
    ///
    /// `gridbench report --processes` measures these in its first process only: their runs
    /// are the slowest of the plan (a cache of millions of elements rebuilt on every
    /// rotation), and more processes would only make the report longer.
    /// - Complexity: O(r) for r runs.
    public func datasetsDecidedByBudgets(_ runs: [RunRecord], margin: Double = 2) -> Set<String> {
        var decided: Set<String> = []
        for run in runs where run.strategy == cachedStrategy && run.fixture == .pass {
            let overPrepare = Self.rebuildCost(run) > margin * prepareBudgetNanos
            let overMemory = run.retainedBytes.map { Double($0) > margin * memoryBudgetBytes } ?? false
            if overPrepare || overMemory { decided.insert(run.dataset) }
        }
        return decided
    }
}
