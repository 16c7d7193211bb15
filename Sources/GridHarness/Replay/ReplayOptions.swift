import GridCore
import GridStrategies
import GridViewport

/// How a replay is run and measured.
public struct ReplayOptions: Sendable {
    /// The strategy replayed.
    public var strategy: StrategyKind
    /// The adaptive strategy's switch, in tiles.
    public var threshold: Int
    /// The viewport's preload margin.
    public var margin: PreloadMargin
    /// Measured passes: at least ``minimumPasses``, then more until ``targetSeconds`` of
    /// measured frames, at most ``maximumPasses``.
    public var minimumPasses: Int
    public var maximumPasses: Int
    public var targetSeconds: Double
    /// The share of a frame's budget that layout may take before the frame counts as a
    /// hitch: 0.5 by default (4.17 ms at 120 Hz), leaving the rest of the main thread's
    /// frame to drawing and the app.
    public var layoutBudgetShare: Double
    /// The allocator's statistics, for memory figures; `nil` leaves them out.
    public var memoryProbe: (any MemoryProbe)?
    /// The number of points of the per-frame timeline kept for charts.
    public var timelinePoints: Int
    /// How the viewport anchors its offset as it measures, for a spec with estimated sizes
    /// (`gridbench run --anchor`); `first-visible` by default. Unused when every size is
    /// known from the start.
    public var anchor: AnchorPolicy

    public init(
        strategy: StrategyKind, threshold: Int = 400, margin: PreloadMargin = .chGridView,
        minimumPasses: Int = 2, maximumPasses: Int = 20, targetSeconds: Double = 0.5,
        layoutBudgetShare: Double = 0.5, memoryProbe: (any MemoryProbe)? = nil, timelinePoints: Int = 240,
        anchor: AnchorPolicy = .standard
    ) {
        self.anchor = anchor
        self.strategy = strategy
        self.threshold = threshold
        self.margin = margin
        self.minimumPasses = minimumPasses
        self.maximumPasses = maximumPasses
        self.targetSeconds = targetSeconds
        self.layoutBudgetShare = layoutBudgetShare
        self.memoryProbe = memoryProbe
        self.timelinePoints = timelinePoints
    }

    /// Checks every option.
    ///
    /// - Throws: `GridError` naming the option.
    public func validate() throws(GridError) {
        guard threshold >= 0 else { throw .invalidParameter("threshold", threshold, expected: "a tile count ≥ 0") }
        try margin.validate()
        guard minimumPasses >= 1 else { throw .invalidParameter("minimumPasses", minimumPasses, expected: "an integer ≥ 1") }
        guard maximumPasses >= minimumPasses else {
            throw .invalidParameter("maximumPasses", maximumPasses, expected: "an integer ≥ minimumPasses (\(minimumPasses))")
        }
        guard targetSeconds.isFinite, targetSeconds >= 0 else { throw .invalidParameter("targetSeconds", targetSeconds, expected: "a finite number of seconds ≥ 0") }
        guard layoutBudgetShare.isFinite, layoutBudgetShare > 0 else {
            throw .invalidParameter("layoutBudgetShare", layoutBudgetShare, expected: "a finite share of the frame budget > 0, such as 0.5")
        }
        guard timelinePoints >= 1 else { throw .invalidParameter("timelinePoints", timelinePoints, expected: "an integer ≥ 1") }
    }
}

extension PreloadMargin {
    /// The margin as fixtures and results name it: `4 lines`, `120 points`, and the
    /// horizontal part after a comma when it is not the default two columns
    /// (`4 lines, 3 columns`, `4 lines, 100 points across`). CHGridView's margin is
    /// `4 lines`, as fixtures recorded before two-axis layouts name it.
    public var name: String {
        let v = switch vertical {
        case .lines(let lines): "\(Self.format(lines)) lines"
        case .points(let points): "\(Self.format(points)) points"
        }
        guard horizontal != Self.defaultHorizontal else { return v }
        return switch horizontal {
        case .lines(let lines): v + ", \(Self.format(lines)) columns"
        case .points(let points): v + ", \(Self.format(points)) points across"
        }
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
