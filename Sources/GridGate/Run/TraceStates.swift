import Foundation
import GridCore
import GridHarness

/// The data and viewport size along a trace, as its events change them: what a workload
/// that starts in the middle of a trace sets its viewport up with.
///
/// The data after each edit is computed here, before anything is measured: updating the
/// app's own model is not layout work (the replay does the same).
struct TraceStates {
    /// The data and size in force before a frame's events.
    struct State {
        var data: DataShape
        var size: Size
    }

    /// The state before the events of `window.start`, and what each of those events does:
    /// the data after an edit, `nil` for events that keep the data.
    var before: State
    var events: [(change: TraceEvent.Change, data: DataShape?)]

    /// - Throws: `InputError` naming the trace file and the event
    ///   (`events[3].section`) when an edit names sections or items the data does not have.
    init(trace: ScrollTrace, data: DataShape, window: TraceWindow) throws(InputError) {
        var state = State(data: data, size: trace.viewport)
        var current = state
        var events: [(change: TraceEvent.Change, data: DataShape?)] = []
        // Events come in frame order; those of the start frame apply one after another.
        for (index, event) in trace.events.enumerated() where event.frame <= window.start {
            let changed: DataShape?
            do {
                changed = try event.change.applied(to: current.data)
            } catch {
                throw InputError(file: window.url.path, error, fieldPrefix: "events[\(index)].")
            }
            if let changed { current.data = changed }
            if case .resize(let size) = event.change { current.size = size }
            if event.frame == window.start {
                events.append((event.change, changed))
            } else {
                state = current
            }
        }
        self.events = events
        self.before = state
    }
}
