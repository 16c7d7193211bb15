import Foundation
import GridCore
import GridHarness

/// The data and viewport size along a trace, as its events change them: what a workload
/// that starts in the middle of a trace sets its viewport up with, worked out by the one
/// event pipeline the replay uses (``GridHarness/EventPipeline``), layout operations too.
///
/// The data after each edit is computed here, before anything is measured: updating the
/// app's own model is not layout work (the replay does the same).
struct TraceStates {
    typealias State = EventPipeline.State

    /// The state before the events of `window.start`, and what each of those events does.
    var before: State
    var events: [EventPipeline.Effect]

    /// - Parameters:
    ///   - layout: the spec's layout, unprepared: layout operations edit it, and every
    ///     state is prepared on it, as the replay checks a trace.
    ///   - description: the layout and data set in messages.
    /// - Throws: `InputError` naming the trace file and the event
    ///   (`events[3].section`) when an edit names sections or items the data does not have,
    ///   or the layout takes no such event.
    init(trace: ScrollTrace, data: DataShape, layout: any GridLayout, describedAs description: String, window: TraceWindow) throws(InputError) {
        let (effects, _) = try EventPipeline.effects(
            of: trace, over: data, layout: layout, through: window.start, describedAs: description, tracePath: window.url.path)
        var state = State(data: data, size: trace.viewport)
        var events: [EventPipeline.Effect] = []
        // Events come in frame order; those of the start frame apply one after another.
        for (event, effect) in zip(trace.events, effects) {
            if event.frame == window.start {
                events.append(effect)
            } else {
                if let changed = effect.data { state.data = changed }
                if case .resize(let size) = effect.change { state.size = size }
            }
        }
        self.events = events
        self.before = state
    }
}
