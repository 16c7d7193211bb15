import GridViewport

// The figures of a run over a spec with estimated sizes (issue 28), each an optional field
// of `RunRecord`: absent from every run whose sizes are all known from the start.

/// `"visibleDisplacement"`: how far elements on screen before and after a frame moved on
/// screen, net of the scroll (`GridViewport`'s `MeasuringFrame.maxDisplacement`).
public struct VisibleDisplacement: Codable, Hashable, Sendable {
    /// The largest displacement of one element in one frame, in points.
    public var maxPoints: Double
    /// Every element's displacement in every frame, added up, in points.
    public var totalPoints: Double
    /// Frames in which some element moved.
    public var frames: Int

    public init(maxPoints: Double, totalPoints: Double, frames: Int) {
        self.maxPoints = maxPoints
        self.totalPoints = totalPoints
        self.frames = frames
    }
}

/// `"offsetCorrections"`: the frames whose offset the anchor policy corrected.
public struct OffsetCorrections: Codable, Hashable, Sendable {
    /// Frames with a correction.
    public var count: Int
    /// The corrections' sizes added up, in points.
    public var totalPoints: Double

    public init(count: Int, totalPoints: Double) {
        self.count = count
        self.totalPoints = totalPoints
    }
}

/// `"contentSizeDrift"`: the content height at the first frame, all at the estimates, against
/// the content height after the last frame.
public struct ContentSizeDrift: Codable, Hashable, Sendable {
    /// The content height at the first frame, before any measurement, in points.
    public var estimatedHeight: Double
    /// The content height after the last frame, in points.
    public var finalHeight: Double

    public init(estimatedHeight: Double, finalHeight: Double) {
        self.estimatedHeight = estimatedHeight
        self.finalHeight = finalHeight
    }
}

/// `"measurementFrameNanos"`: the cost of the frames that measured something (told the
/// layout a batch of measured sizes, in their scroll or in a `scroll-to-item` event's
/// rounds), timed as every frame is (``RunRecord/frameNanos``), over all measured passes.
/// Percentiles by the same HDR histogram (3 significant digits), so that a p99 may read a
/// little above the recorded max.
public struct MeasurementFrameNanos: Codable, Hashable, Sendable {
    /// The median cost of a measuring frame, in nanoseconds.
    public var p50: Double
    /// The 99th percentile, in nanoseconds.
    public var p99: Double
    /// The costliest measuring frame, in nanoseconds.
    public var max: Double
    /// The frames of a pass that measured (the same in every pass: each starts over from
    /// the estimates).
    public var frames: Int
    /// Heap allocations per measuring frame over the first measured pass (as the run's
    /// `allocationsPerFrame` is counted), or `nil` without a memory probe.
    public var allocationsPerFrame: Double?

    public init(p50: Double, p99: Double, max: Double, frames: Int, allocationsPerFrame: Double? = nil) {
        self.p50 = p50
        self.p99 = p99
        self.max = max
        self.frames = frames
        self.allocationsPerFrame = allocationsPerFrame
    }
}

/// `"scrollToError"`: how far the items of a run's `scroll-to-item` events were from where
/// they were asked to be (`GridViewport`'s `ScrollToItemResult`), the worst over the run's
/// events field by field (the largest of each, which may come from different events).
public struct ScrollToError: Codable, Hashable, Sendable {
    /// The largest error after a scroll's first round (its first landing), in points.
    public var firstPoints: Double
    /// The largest error after a scroll's last round (settled), in points.
    public var settledPoints: Double
    /// The most rounds a scroll took.
    public var rounds: Int

    public init(firstPoints: Double, settledPoints: Double, rounds: Int) {
        self.firstPoints = firstPoints
        self.settledPoints = settledPoints
        self.rounds = rounds
    }
}

extension RunRecord {
    /// Whether the run measured under the default anchoring policy (`first-visible`), or
    /// over sizes all known (no `anchor`): the runs the report's tables of frame costs
    /// show; the others are compared in its "Measured sizes" part alone.
    public var hasDefaultAnchor: Bool {
        anchor == nil || anchor == AnchorPolicy.standard.rawValue
    }
}
