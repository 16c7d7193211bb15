import Foundation
import GridCore
import GridHarness
import GridStrategies
import GridViewport

/// What one run of a workload measured, as the child process reports it to the gate.
///
/// Instructions are not here: callgrind counts them outside the process.
public struct WorkloadSample: Codable, Hashable, Sendable {
    /// Calls to malloc and its family in the measured region; `nil` without a meter.
    public var allocations: Int?
    /// Bytes those calls were given.
    public var allocatedBytes: Int?
    /// Prepare workloads: bytes still held once the measured prepare has returned, with the
    /// prepared layout alive.
    public var retainedBytes: Int?
    /// With `--clock`: the wall-clock nanoseconds of each repetition of the region.
    public var nanos: [UInt64]?
}

/// How a child measures.
public enum MeasureMode: Sendable, Hashable {
    /// The region once, for callgrind (and the allocator's counts).
    case instructions
    /// The region `samples` times on the monotonic clock, each after the workload's reset;
    /// the allocator's counts come from the first.
    case clock(samples: Int)
}

/// Runs one workload in this process: the set-up, a warm-up, then the measured region.
///
/// Each kind of work has three steps: `setUp` (once), the measured `body`, and `reset`,
/// which brings the state back to where `body` starts. The warm-up is `body` and `reset`
/// once, so that buffers and reuse pools have grown, lazily made type metadata exists and
/// symbols are bound before anything is counted.
public struct WorkloadRunner: LayoutVisitor, StrategyVisitor {
    let workload: GateWorkload
    let spec: LayoutSpec
    let trace: ScrollTrace?
    let states: TraceStates?
    let mode: MeasureMode
    let meter: (any AllocationMeter)?

    /// The spec's layout, at its concrete type: wrapped in the workload's strategy.
    public func visit<Base: GridLayout & Sendable>(_ base: Base) throws -> WorkloadSample {
        try workload.strategy.wrap(base, visitor: self)
    }

    /// The layout wrapped in its strategy, at the strategy's concrete type: run.
    public func visit<Layout: GridLayout>(_ layout: Layout, kind: StrategyKind) throws -> WorkloadSample {
        switch workload.kind {
        case .prepare:
            return try measure(PrepareWork(template: layout, data: spec.data, container: spec.container))
        case .scroll, .edit, .rotation, .keystroke, .rowGrowth:
            guard let trace, let states, let window = workload.window else {
                throw GridError.invalidParameter("workload.window", "none", expected: "a trace window for a \(workload.kind.rawValue) workload")
            }
            let makeViewport = { try Viewport(layout: layout, data: states.before.data, size: states.before.size) }
            let viewport = try makeViewport()
            if workload.kind == .scroll {
                return try measure(ScrollWork(viewport: viewport, offsets: Array(trace.offsets[window.start - 1 ..< window.start + window.count])))
            }
            return try measure(EventFrameWork(
                viewport: viewport, before: states.before, events: states.events,
                from: trace.offsets[window.start - 1], to: trace.offsets[window.start], makeViewport: makeViewport))
        }
    }

    /// Set-up, warm-up, then the region once (instructions) or `samples` times (clock).
    private func measure(_ work: MeasuredWork) throws -> WorkloadSample {
        meter?.beginWorkload()
        try work.setUp()
        try work.runBody()
        try work.reset()
        var sample = WorkloadSample()
        let repetitions: Int
        switch mode {
        case .instructions: repetitions = 1
        case .clock(let samples): repetitions = max(samples, 1); sample.nanos = []
        }
        for repetition in 0 ..< repetitions {
            if repetition > 0 { try work.reset() }
            let before = meter?.read()
            let start = FrameClock.now()
            MeasuredRegion.run(work)
            let end = FrameClock.now()
            let after = meter?.read()
            if let failure = work.failure { throw failure }
            if case .clock = mode { sample.nanos?.append(end &- start) }
            if repetition == 0, let before, let after {
                sample.allocations = after.allocations - before.allocations
                sample.allocatedBytes = after.allocatedBytes - before.allocatedBytes
                if work.retains {
                    sample.retainedBytes = (after.allocatedBytes - after.freedBytes) - (before.allocatedBytes - before.freedBytes)
                }
            }
        }
        return sample
    }
}

/// One kind of measured work: a class, so that the measured region reaches it through one
/// pointer, with neither a closure context nor a dynamic cast (either would allocate or cost
/// work of its own); subclasses override every step.
class MeasuredWork {
    /// The error the body met: the measured region's function does not throw, so the body
    /// keeps its error here.
    var failure: (any Error)?
    /// Whether the bytes the body leaves held are a figure (prepare).
    var retains: Bool { false }

    func setUp() throws {}
    /// The measured work.
    func body() {}
    func reset() throws {}

    /// The body outside the region (the warm-up), throwing its failure.
    final func runBody() throws {
        body()
        if let failure { throw failure }
    }
}

/// `prepare(data:container:)` of a new layout. The prepared layout stays alive after the
/// region, so the bytes it holds are its retained memory.
private final class PrepareWork<Layout: GridLayout>: MeasuredWork {
    let template: Layout
    let data: DataShape
    let container: Size
    var layout: Layout?
    override var retains: Bool { true }

    init(template: Layout, data: DataShape, container: Size) {
        self.template = template
        self.data = data
        self.container = container
    }

    override func setUp() { layout = template }

    override func body() {
        do {
            try layout?.prepare(data: data, container: container)
        } catch {
            failure = error
        }
    }

    /// A fresh copy of the unprepared layout, made outside the region, so that the region
    /// neither copies nor frees a prepared one.
    override func reset() {
        layout = nil
        layout = template
    }
}

/// Consecutive frames of a trace: `offsets[0]` is where the viewport is set up, the rest
/// are the frames measured.
private final class ScrollWork<Layout: GridLayout>: MeasuredWork {
    var viewport: Viewport<Layout>
    let offsets: [Point]

    init(viewport: Viewport<Layout>, offsets: [Point]) {
        self.viewport = viewport
        self.offsets = offsets
    }

    override func setUp() { reset() }

    override func body() {
        offsets.withUnsafeBufferPointer { offsets in
            for index in 1 ..< offsets.count { viewport.scroll(to: offsets[index]) }
        }
    }

    override func reset() { viewport.scroll(to: offsets[0]) }
}

/// One frame carrying events, as the replay runs it: each event (the layout's invalidation
/// for new data or a new container), then the scroll to the frame's offset.
private final class EventFrameWork<Layout: GridLayout>: MeasuredWork {
    var viewport: Viewport<Layout>
    let before: TraceStates.State
    let events: [EventPipeline.Effect]
    let from: Point
    let to: Point
    /// A new viewport in the state before the frame, when one of its events is a layout
    /// operation: the operation edits the layout itself (a span grid's rows and columns),
    /// which setting the data and size back cannot undo.
    let makeViewport: (() throws -> Viewport<Layout>)?

    init(
        viewport: Viewport<Layout>, before: TraceStates.State, events: [EventPipeline.Effect], from: Point, to: Point,
        makeViewport: @escaping () throws -> Viewport<Layout>
    ) {
        self.viewport = viewport
        self.before = before
        self.events = events
        self.from = from
        self.to = to
        let editsTheLayout = events.contains { if case .layoutEdit = $0.change { true } else { false } }
        self.makeViewport = editsTheLayout ? makeViewport : nil
    }

    override func setUp() { viewport.scroll(to: from) }

    override func body() {
        do {
            for event in events { try EventPipeline.apply(event, to: &viewport) }
        } catch {
            failure = error
        }
        viewport.scroll(to: to)
    }

    override func reset() throws {
        if let makeViewport {
            viewport = try makeViewport()
        } else {
            if viewport.size != before.size { try viewport.resize(to: before.size) }
            if viewport.data != before.data { try viewport.setData(before.data) }
        }
        viewport.scroll(to: from)
    }
}
