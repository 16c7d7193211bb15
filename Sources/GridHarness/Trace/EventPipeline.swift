import GridCore
import GridLayouts
import GridViewport

/// What a trace event does, written once: to the data (the data after it, and the batch
/// update a viewport follows its items through), to the container (a resize), to a
/// layout's own structure (a span grid's merge), and to a viewport between two frames.
///
/// The replay, the gate's workloads and the trace states they start from, and the trace
/// generator all go through it, so an event means the same in each, and an event a layout
/// cannot take is refused the same way everywhere: when the trace is checked against the
/// data set, naming the trace file, the event and the layout. (The trace's digest,
/// ``ScrollTrace/contentDigest``, hashes the same events.)
public enum EventPipeline {
    /// The data and the container size in force between two events.
    public struct State: Hashable, Sendable {
        public var data: DataShape
        public var size: Size
        /// With estimated sizes (a spec's `"estimated"`), the size every item has in the
        /// data until measured: an insert's `sizes` are then the inserted items' true
        /// sizes, and they enter the data at this estimate. `nil` when every size is known.
        public var estimate: Size?

        public init(data: DataShape, size: Size, estimate: Size? = nil) {
            self.data = data
            self.size = size
            self.estimate = estimate
        }
    }

    /// One event's effect, worked out before the frames that replay it: updating the app's
    /// own model is not the layout's work, so it is not measured.
    public struct Effect: Sendable {
        public var change: TraceEvent.Change
        /// The data after the event, or `nil` when it keeps the data.
        public var data: DataShape?
        /// The batch update the event is, for a viewport to follow items through; `nil` for
        /// resizes, reloads and layout operations (the layout says what those do).
        public var edit: DataEdit?
        /// With estimated sizes (``State/estimate``), for an edit: the true sizes of the
        /// items it inserts, in order (none for a delete or a move), which a measuring
        /// viewport reads when it measures them (`Viewport.applyMeasuring(_:trueSizes:)`);
        /// ``edit`` and ``data`` carry them at the estimate. `nil` otherwise.
        public var trueSizes: [Size]?
    }

    /// The effect of `change` in `state`, which it advances. A layout operation edits
    /// `layout`, prepared for `state`, which then lays out the data it leaves.
    ///
    /// - Throws: `GridError` naming the field (`section`, `count`) when an edit
    ///   names sections or items the data does not have, or naming `layout` when the layout
    ///   takes no operation of that kind; what the layout throws when it refuses one.
    public static func effect(of change: TraceEvent.Change, in state: inout State, layout: inout any GridLayout) throws -> Effect {
        switch change {
        case .resize(let size):
            state.size = size
            return Effect(change: change, data: nil, edit: nil)
        case .reload:
            return Effect(change: change, data: nil, edit: nil)
        case .scrollToItem(let section, let item, _):
            // Refused here, where the data is known, rather than when replayed.
            guard section >= 0, section < state.data.sectionCount else {
                throw GridError(.sectionOutOfRange, field: "section", value: "\(section)", expected: "a section in 0..<\(state.data.sectionCount)")
            }
            let path = ItemPath(section: section, item: item)
            guard state.data.contains(path) else {
                throw GridError(
                    .itemOutOfRange, field: "item", value: "\(item)",
                    expected: "an item in 0..<\(state.data.itemCount(inSection: section)) of section \(section)")
            }
            guard layout.attributes(at: path) != nil else {
                throw GridError(.itemOutOfRange, field: "item", value: "\(item)", expected: "an item the layout places (\(type(of: layout)) places no \(path))")
            }
            return Effect(change: change, data: nil, edit: nil)
        case .layoutEdit(let operation):
            guard let editable = layout as? any EditableLayout, let (edited, edit) = try editing(editable, operation) else {
                throw GridError.invalidParameter(
                    "layout", "\(type(of: layout))", expected: "a layout that takes span grid operations (span-grid)")
            }
            layout = edited
            state.data = edit.data
            return Effect(change: change, data: edit.data, edit: nil)
        default:
            var edit = try change.dataEdit()
            var truth: [Size]?
            if let estimate = state.estimate, let told = edit {
                (edit, truth) = try estimating(told, at: estimate)
            }
            let changed = try edit?.applied(to: state.data)
            if let changed { state.data = changed }
            return Effect(change: change, data: changed, edit: edit, trueSizes: truth)
        }
    }

    /// `edit` over data of estimated sizes: its inserted items at `estimate`, and their
    /// true sizes, the `sizes` it gave.
    ///
    /// - Throws: `GridError` naming `sizes` when an insert does not give one true size per
    ///   inserted item.
    private static func estimating(_ edit: DataEdit, at estimate: Size) throws(GridError) -> (DataEdit, [Size]) {
        func truth(_ sizes: [Size]?, _ count: Int) throws(GridError) -> [Size] {
            guard let sizes, sizes.count == count else {
                throw .invalidParameter(
                    "sizes", sizes.map { "\($0.count) sizes" } ?? "none",
                    expected: "the true sizes of the \(count) inserted items, one [width, height] each: the data set's sizes are estimated, and measured as the items appear")
            }
            return sizes
        }
        switch edit {
        case .insertItems(let section, let item, let count, let sizes):
            let real = try truth(sizes, count)
            return (.insertItems(section: section, item: item, count: count, sizes: Array(repeating: estimate, count: count)), real)
        case .insertSections(let section, let counts, let sizes):
            let total = counts.reduce(0, +)
            let real = try truth(sizes, total)
            return (.insertSections(section: section, counts: counts, sizes: Array(repeating: estimate, count: total)), real)
        default:
            return (edit, [])
        }
    }

    private static func editing<L: EditableLayout>(_ layout: L, _ operation: LayoutOperation) throws -> (any GridLayout, LayoutEdit)? {
        guard let operation = operation.value as? L.Operation else { return nil }
        var layout = layout
        let edit = try layout.apply(operation)
        return (layout, edit)
    }

    /// Applies `effect` to `viewport`, between two frames: a resize prepares the layout for
    /// the new container, an edit for the new data, a reload reloads every tile, a layout
    /// operation edits the layout in place, a scroll to an item scrolls there and corrects
    /// (`Viewport.scrollMeasuring(toItem:position:maxRounds:)`).
    ///
    /// - Returns: for a scroll to an item, its rounds and errors; `nil` for other events.
    /// - Throws: what the viewport or the layout throws; `GridError` naming
    ///   `layout` when the viewport's layout takes no such operation (a trace checked with
    ///   ``effects(of:over:layout:estimate:through:describedAs:tracePath:)`` has none).
    @inlinable @inline(__always) @discardableResult
    public static func apply<L: GridLayout>(_ effect: Effect, to viewport: inout Viewport<L>) throws -> ScrollToItemResult? {
        switch effect.change {
        case .resize(let size): try viewport.resize(to: size)
        case .reload: try viewport.reloadData()
        case .scrollToItem(let section, let item, let position):
            return try viewport.scrollMeasuring(toItem: ItemPath(section: section, item: item), position: position)
        case .layoutEdit(let operation):
            guard try viewport.applyIfEditable(operation.value) else {
                throw GridError.invalidParameter("layout", "\(L.self)", expected: "a layout that takes span grid operations (span-grid)")
            }
        default:
            if let truth = effect.trueSizes, let edit = effect.edit, viewport.anchorPolicy != nil {
                // Measuring: the edit goes to the data as measured so far, and the true
                // sizes of what it inserts to what measuring reads.
                try viewport.applyMeasuring(edit, trueSizes: truth)
            } else if let data = effect.data {
                try viewport.setData(data, edit: effect.edit)
            }
        }
        return nil
    }

    /// Every event of `trace`, worked out in order from `data` and the trace's viewport,
    /// with `layout` (unprepared) prepared for the data and container after each, so that a
    /// trace a layout cannot replay is refused before any frame is measured.
    ///
    /// - Parameters:
    ///   - trace: the trace, whose viewport is the first container.
    ///   - data: the data set's data before the first event.
    ///   - layout: the data set's layout, unprepared.
    ///   - estimate: with estimated sizes, every item's size until measured
    ///     (``State/estimate``): inserts then carry their items' true sizes.
    ///   - lastFrame: only the events of frames up to this one (all by default).
    ///   - description: the layout and data set in messages: `span-grid of data set
    ///     ledger-100000x30`.
    ///   - tracePath: the trace's file, in messages.
    /// - Returns: the effects, and the layout as the last event left it (prepared).
    /// - Throws: `InputError` naming `tracePath`, the event (`events[4]`, or
    ///   `events[4].section` for an edit naming what does not exist) and the layout.
    public static func effects(
        of trace: ScrollTrace, over data: DataShape, layout: any GridLayout, estimate: Size? = nil, through lastFrame: Int = .max,
        describedAs description: String, tracePath: String
    ) throws(InputError) -> (effects: [Effect], layout: any GridLayout) {
        var state = State(data: data, size: trace.viewport, estimate: estimate)
        var layout = layout
        func prepare(_ field: String, _ value: String) throws(InputError) {
            do {
                try layout.prepare(data: state.data, container: state.size)
            } catch let error as GridError {
                throw InputError(file: tracePath, field: field, value: value, expected: "something the \(description) can lay out: \(error)")
            } catch {
                throw InputError(file: tracePath, field: field, value: value, expected: "something the \(description) can lay out: \(error)")
            }
        }
        try prepare("viewport", state.size.description)
        var effects: [Effect] = []
        effects.reserveCapacity(trace.events.count)
        for (index, event) in trace.events.enumerated() where event.frame <= lastFrame {
            let field = "events[\(index)]"
            do {
                effects.append(try effect(of: event.change, in: &state, layout: &layout))
            } catch {
                if case .layoutEdit(let operation) = event.change {
                    throw InputError(
                        file: tracePath, field: field, value: "\(operation)",
                        expected: "an edit the \(description) takes at frame \(event.frame): \(error)")
                }
                guard let error = error as? GridError else {
                    throw InputError(file: tracePath, field: field, value: event.change.typeName, expected: "an event the \(description) takes: \(error)")
                }
                var refused = InputError(file: tracePath, error, fieldPrefix: field + ".")
                refused.expected += " (the \(event.change.typeName) event at frame \(event.frame))"
                throw refused
            }
            try prepare(field, event.change.typeName)
        }
        return (effects, layout)
    }
}
