import GridHarness

/// A run a reader should look at first: a frame over the frame budget at p99 or at its
/// worst, or a fixture check that failed.
///
/// The frame budget is a whole frame at the trace's refresh rate, `1 / refreshHz` (8.33 ms
/// at 120 Hz): a frame that costs more is a frame the user sees dropped, whatever share of
/// it the layout was meant to take.
public struct RunAlert: Hashable, Sendable {
    /// Why a run is listed.
    public enum Reason: Hashable, Sendable {
        /// The run's p99 frame costs more than the frame budget.
        case p99OverBudget(nanos: Double)
        /// The run's worst frame costs more than the frame budget.
        case maxOverBudget(nanos: Double)
        /// Some frame loaded other elements than the reference; the first such frame, when
        /// recorded.
        case fixtureFailed(firstMismatchFrame: Int?)
    }

    /// The run.
    public var run: RunRecord
    /// Why it is listed, in ``Reason`` order: p99, max, fixture.
    public var reasons: [Reason]

    /// The frame budget of `run`: one frame at its refresh rate, in nanoseconds.
    public static func frameBudgetNanos(of run: RunRecord) -> Double {
        1e9 / Double(max(run.refreshHz, 1))
    }

    /// The alert for `run`, or `nil` when its p99 and worst frame are within the frame
    /// budget and its fixture check passed.
    /// - Complexity: O(1).
    public init?(_ run: RunRecord) {
        let budget = Self.frameBudgetNanos(of: run)
        var reasons: [Reason] = []
        if run.frameNanos.p99 > budget { reasons.append(.p99OverBudget(nanos: run.frameNanos.p99)) }
        if run.frameNanos.max > budget { reasons.append(.maxOverBudget(nanos: run.frameNanos.max)) }
        if run.fixture == .fail { reasons.append(.fixtureFailed(firstMismatchFrame: run.firstMismatchFrame)) }
        guard !reasons.isEmpty else { return nil }
        self.run = run
        self.reasons = reasons
    }

    /// The alerts of `runs`, in their order.
    /// - Complexity: O(n) in the number of runs.
    public static func alerts(in runs: [RunRecord]) -> [RunAlert] {
        runs.compactMap(RunAlert.init)
    }

    /// Which run, in a few words: `tile-grid · scale-1000000 / tour-120hz / scan`, with
    /// `, anchor none` for a run under another anchoring policy than the default.
    public var identity: String {
        let strategy = run.adaptiveChoice.map { "\(run.strategy) (→ \($0))" } ?? run.strategy
        return "\(run.layout) · \(run.dataset) / \(run.trace) / \(strategy)" + (run.hasDefaultAnchor ? "" : ", anchor \(run.anchor ?? "")")
    }

    /// What is wrong, with the figures: `max 30.9 ms, 371 % of the 120 Hz frame budget
    /// (8.33 ms)`, or `fixture check failed from frame 17`.
    public var problem: String {
        let budget = Self.frameBudgetNanos(of: run)
        var frames: [String] = []
        var failure: String?
        for reason in reasons {
            switch reason {
            case .p99OverBudget(let nanos): frames.append("p99 \(Format.duration(nanos)) (\(Format.percent(nanos / budget)))")
            case .maxOverBudget(let nanos): frames.append("max \(Format.duration(nanos)) (\(Format.percent(nanos / budget)))")
            case .fixtureFailed(let frame): failure = "fixture check failed" + (frame.map { " from frame \($0)" } ?? "")
            }
        }
        var parts: [String] = []
        if !frames.isEmpty {
            parts.append(frames.joined(separator: ", ") + " of the \(run.refreshHz) Hz frame budget (\(Format.duration(budget)))")
        }
        if let failure { parts.append(failure) }
        return parts.joined(separator: "; ")
    }

    /// The alert on one line, as the terminal summary prints it.
    public var line: String { identity + ": " + problem }
}
