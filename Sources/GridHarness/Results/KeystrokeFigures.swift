// The figures of a run over a trace that types (`cell-content` events, issue 29), an
// optional field of `RunRecord`: absent from every run whose trace types nothing.

/// `"keystrokes"`: the frames of a pass that carry a keystroke (a `cell-content` event), split
/// by whether it changed the content's height (a row grew or shrank under its tallest cell)
/// or not (the keystroke stayed within its line), with the cost of each kind, timed as every
/// frame is (``RunRecord/frameNanos``) over all measured passes.
public struct KeystrokeFrames: Codable, Hashable, Sendable {
    /// Frames of a pass that carry a keystroke.
    public var frames: Int
    /// Of them, the frames whose keystroke changed the content's height (the same in every
    /// pass: each starts over from the spec's content).
    public var rowChangeFrames: Int
    /// The cost of the keystroke frames that changed no height; `nil` when there are none.
    public var stillNanos: FrameCost?
    /// The cost of the keystroke frames that changed the height; `nil` when there are none.
    public var rowChangeNanos: FrameCost?

    public init(frames: Int, rowChangeFrames: Int, stillNanos: FrameCost?, rowChangeNanos: FrameCost?) {
        self.frames = frames
        self.rowChangeFrames = rowChangeFrames
        self.stillNanos = stillNanos
        self.rowChangeNanos = rowChangeNanos
    }
}

/// `{"p50", "p99", "max"}`: the cost of some kind of frame, in nanoseconds, by an HDR
/// histogram of 3 significant digits (so a p99 may read a little above the recorded max).
public struct FrameCost: Codable, Hashable, Sendable {
    public var p50: Double
    public var p99: Double
    public var max: Double

    public init(p50: Double, p99: Double, max: Double) {
        self.p50 = p50
        self.p99 = p99
        self.max = max
    }
}
