import GridCore
import GridLayouts

/// A recorded or generated scroll session: one scroll offset per display frame at a
/// refresh rate, plus the events that happened along the way.
///
/// Events at frame `f` are applied, in order, before the viewport scrolls to frame `f`'s
/// offset, as a grid view handles a rotation or a batch update between two frames.
public struct ScrollTrace: Hashable, Sendable {
    /// The version of the JSON form this code writes and reads.
    public static let schemaVersion = 1

    public var name: String
    /// Display refresh rate, in frames per second: 60 or 120 on today's devices.
    public var refreshHz: Int
    /// The size of the visible area at the start; `resize` events change it.
    public var viewport: Size
    /// The scroll offset of each frame.
    public var offsets: [Point]
    /// Events, ordered by frame.
    public var events: [TraceEvent]

    public init(name: String, refreshHz: Int, viewport: Size, offsets: [Point], events: [TraceEvent] = []) {
        self.name = name
        self.refreshHz = refreshHz
        self.viewport = viewport
        self.offsets = offsets
        self.events = events
    }

    /// The number of frames.
    public var frameCount: Int { offsets.count }

    /// The time one frame may take at this refresh rate, in nanoseconds: 16,666,667 at
    /// 60 Hz, 8,333,333 at 120 Hz.
    public var frameBudgetNanos: Double { 1e9 / Double(refreshHz) }

    /// The trace's length in seconds.
    public var durationSeconds: Double { Double(offsets.count) / Double(refreshHz) }
}
