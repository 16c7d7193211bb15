import GridCore

/// What a measuring viewport's frames did since ``Viewport/startMeasuring(trueSizes:anchor:)``:
/// the figures `results.json` reports per run (`visibleDisplacement`,
/// `offsetCorrections`, `contentSizeDrift`).
public struct MeasurementSummary: Hashable, Sendable {
    /// Frames that told the layout a measurement batch.
    public var measurementFrames = 0
    /// Items measured, over all batches.
    public var itemsMeasured = 0
    /// The largest displacement of one element in one frame, in points (see
    /// ``MeasuringFrame/maxDisplacement``).
    public var maxDisplacement = 0.0
    /// The displacements of every element in every frame, added up, in points.
    public var totalDisplacement = 0.0
    /// Frames in which some element on screen before and after moved.
    public var displacementFrames = 0
    /// Frames whose offset was corrected by anchoring (a correction that clamping cancelled
    /// is none).
    public var corrections = 0
    /// The corrections' sizes added up, in points.
    public var totalCorrection = 0.0
    /// The content height the layout had at the first frame, before any measurement: the
    /// estimate's.
    public var estimatedHeight = 0.0
    /// The content height after the last frame.
    public var finalHeight = 0.0
    /// How many times an element changed lane because of the batches told (the difference
    /// of the layout's `GridLayout.laneChanges` across each successful batch): items of a
    /// waterfall, sections of a grouped column, in rebalanced lanes or placement (0 in
    /// stable ones). `nil` when the layout does not count them.
    public var laneChanges: Int?

    public init() {}

    /// Counts an offset correction of `points` (none when 0).
    mutating func countCorrection(_ points: Double) {
        guard points != 0 else { return }
        corrections += 1
        totalCorrection += abs(points)
    }

    /// Counts a frame whose elements moved on screen by at most `largest` points, by
    /// `total` points added up.
    mutating func countDisplacement(largest: Double, total: Double) {
        maxDisplacement = max(maxDisplacement, largest)
        totalDisplacement += total
        if largest > 0 { displacementFrames += 1 }
    }
}

/// What the last measuring frame (``Viewport/scrollMeasuring(to:)``) did.
public struct MeasuringFrame: Hashable, Sendable {
    /// Items measured this frame and told to the layout as one batch.
    public var measured = 0
    /// How far the offset was corrected along y by anchoring, after clamping to the
    /// content: the frame's final offset less the offset it scrolled to first.
    public var correction = 0.0
    /// The largest displacement of an element on screen before and after the frame: how
    /// far it moved on screen net of the scroll. For an element of displayed origin
    /// `(x₀, y₀)` after the previous frame and `(x₁, y₁)` after this one, whose correction
    /// was `c`: `max(|x₁ − x₀|, |y₁ − y₀ − c|)`. Cells, headers and footers that are not
    /// pinned count; an element counts when its frame meets the visible rect after the
    /// previous frame and after this one. 0 after a resize, a reload or an edit told by
    /// `setData(_:edit:)`, which move elements for reasons of their own; an edit told while
    /// measuring (`Viewport.applyMeasuring(_:trueSizes:)`) is followed: its elements are
    /// renamed through it and its correction netted out, so that what it moved on screen
    /// counts.
    public var maxDisplacement = 0.0
    /// The displacements of every such element, added up.
    public var totalDisplacement = 0.0

    public init() {}
}
