import GridCore
import GridStrategies

/// What a strategy comparison report reads from a results document, and the parameters
/// of the threshold rule.
public struct ReportOptions: Hashable, Sendable {
    /// The layout whose runs the report compares.
    public var layout: String
    /// The data set of the distribution, timeline and main table: CHGridView's own 96 × 31.
    public var canonicalDataset: String
    /// The trace of the distribution and timeline charts and of the verdict.
    public var canonicalTrace: String
    /// The trace the scale series (`scale-100` … `scale-10000000`) is replayed with.
    public var scaleTrace: String
    /// The trace of edits while scrolling replayed over the scale series, shown in a table
    /// of its own (edit frames up to 10,000,000 tiles); `nil` for none.
    public var scaleEditsTrace: String?
    /// The threshold the seed proposes: CHGridView's "if < 400 tiles, for instance".
    public var seedThreshold: Int
    /// How the recommended threshold is chosen.
    public var rule: ThresholdRule
    /// How the verdict chooses a strategy at each size, weighing every trace.
    public var workloadRule = WorkloadRule()
    /// The order strategies are listed in; strategies not named here follow in the order
    /// they first appear in the results.
    public var strategyOrder: [String]
    /// Put before every chart's file name, so that the sections of several layouts in one
    /// report keep their charts apart (`data-grid-` gives `charts/data-grid-memory.svg`).
    public var chartPrefix: String = ""
    /// Whether the report says that runs of other layouts are left out of it (not when it
    /// is one section of a report over every layout).
    public var notesOtherLayouts = true
    /// The recommendation of each run when the whole plan was run several times
    /// (`gridbench report --repeat N`), this report's own run last; `nil` for one run.
    public var repeatedOutcomes: [ThresholdRule.Outcome]?

    public init(
        layout: String = "tile-grid",
        canonicalDataset: String = "photos-2976",
        canonicalTrace: String = "fling-120hz",
        scaleTrace: String = "tour-120hz",
        scaleEditsTrace: String? = nil,
        seedThreshold: Int = 400,
        rule: ThresholdRule = ThresholdRule(),
        strategyOrder: [String] = StrategyKind.allCases.map(\.rawValue)
    ) {
        self.layout = layout
        self.canonicalDataset = canonicalDataset
        self.canonicalTrace = canonicalTrace
        self.scaleTrace = scaleTrace
        self.scaleEditsTrace = scaleEditsTrace
        self.seedThreshold = seedThreshold
        self.rule = rule
        self.strategyOrder = strategyOrder
    }

    /// The layout the seed's cache-and-scan was written for: CHGridView's tile grid.
    public static let seedLayout = "tile-grid"

    /// What the `scan` strategy is for this layout, as the verdict names it: the seed's own
    /// way on the tile grid (CHGridView's), and that way carried over to any other layout,
    /// which the seed never had.
    public var scanBaseline: String {
        layout == Self.seedLayout
            ? "the seed's cache-and-scan (CHGridView's way)"
            : "cache-and-scan, the seed's way applied to this layout"
    }

    /// Throws a `GridError` naming the first option out of range.
    public func validate() throws(GridError) {
        for (field, value) in [("layout", layout), ("canonicalDataset", canonicalDataset), ("canonicalTrace", canonicalTrace), ("scaleTrace", scaleTrace)]
        where value.isEmpty {
            throw .invalidParameter(field, "\"\"", expected: "a non-empty name")
        }
        guard seedThreshold >= 1 else {
            throw .invalidParameter("seedThreshold", seedThreshold, expected: "an integer ≥ 1")
        }
        do {
            try rule.validate()
        } catch {
            throw error.prefixingField(with: "rule.")
        }
        do {
            try workloadRule.validate()
        } catch {
            throw error.prefixingField(with: "workloadRule.")
        }
    }
}
