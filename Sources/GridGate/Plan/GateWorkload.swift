import Foundation
import GridCore
import GridHarness
import GridStrategies

/// One thing the gate measures: a data set's layout through one strategy, doing one kind of
/// work. Its ``id`` (`tile-grid/photos-2976/cached/scroll`) names it in baselines and
/// reports.
public struct GateWorkload: Sendable {
    /// What is measured.
    public enum Kind: String, Codable, CaseIterable, Hashable, Sendable {
        /// `prepare(data:container:)` of a new layout with the spec's data and container.
        case prepare
        /// A steady scroll: consecutive frames of a trace, with no events among them, after
        /// a warm-up over the same frames (so that buffers and reuse pools have grown).
        case scroll
        /// One frame that carries an edit (items or sections inserted or deleted): the
        /// layout's invalidation for the new data, the rect query, the diff and the reuse.
        case edit
        /// One frame that carries a resize (a rotation), likewise.
        case rotation
        /// One frame that carries a `cell-content` event that changes no row's height (a
        /// keystroke within its line: the span grid's content heights, issue 29), likewise.
        case keystroke
        /// One frame that carries a `cell-content` event that grows or shrinks its row
        /// (a keystroke that starts or removes a line), likewise.
        case rowGrowth = "row-growth"
    }

    /// `layout/dataset/strategy/kind`.
    public var id: String
    /// The spec's `layout`.
    public var layout: String
    /// The spec's `name`.
    public var dataset: String
    public var strategy: StrategyKind
    public var kind: Kind
    /// What is measured, in words, including the files and frames: a baseline keeps it, so
    /// that a workload whose definition changed is never compared with its old figures.
    public var definition: String
    /// The thresholds for this workload: the plan's, with its override if it has one.
    public var thresholds: GateThresholds
    /// The frames measured: 1 for edit, rotation, keystroke and row growth, the window's
    /// length for scroll, 0 for prepare.
    public var frames: Int

    /// The index of the plan entry that gives it, and where its inputs are.
    var entry: Int
    var specURL: URL
    var window: TraceWindow?

    static func id(layout: String, dataset: String, strategy: StrategyKind, kind: Kind) -> String {
        "\(layout)/\(dataset)/\(strategy.rawValue)/\(kind.rawValue)"
    }
}

/// The frames of a trace a workload measures.
struct TraceWindow: Hashable, Sendable {
    /// The trace file, as the plan gives it (relative to the plan) and resolved.
    var path: String
    var url: URL
    /// The first frame measured, ≥ 1: the viewport is set up at frame `start − 1`.
    var start: Int
    /// How many consecutive frames are measured.
    var count: Int

    /// `start ..< start + count`.
    var frames: Range<Int> { start ..< start + count }
}
