import GridCore
import GridLayouts
import GridStrategies
import GridViewport

extension Replay {
    /// Replays every frame once through `viewport` and hands each frame's cost and report
    /// to `body`, which runs after the frame's clock has stopped.
    ///
    /// Callers call `replayFrames(_:_:)`, which ReplaySpecializationPlugin writes at build
    /// time (Replay+Specializations.swift, in the build directory): the same call with one
    /// `@_specialize` for every layout of `LayoutRegistry.builtIn` in every strategy of
    /// `StrategyKind.wrap`. The harness meets layouts through a visitor, so without them it
    /// would measure generic code that looks up type metadata and calls through witness
    /// tables on every frame (about a thousand instructions a frame, more than the frame's
    /// own work), which an app compiled against its concrete layout never pays. Always
    /// inlined, so that each specialisation holds this loop specialised with it, not a call
    /// to its generic version (a release build has no `replayEveryFrame` of its own, and its
    /// specialised frames call the specialised `Viewport.scroll(to:)`). The list is
    /// generated, not written, so that adding a layout touches only its folder and its
    /// registry line; `SpecializationListTests` compares it with the registry at run time.
    @inline(__always)
    func replayEveryFrame<L: GridLayout>(
        _ viewport: inout Viewport<L>, _ body: (_ frame: Int, _ nanos: UInt64, _ report: FrameReport, _ facts: ReplayedFrame) -> Void
    ) throws {
        var nextEvent = 0
        // A spec with estimated sizes measures as it scrolls (the viewport was told to by
        // `startMeasuring`), and a trace that scrolls to items follows its offsets by their
        // differences after one; every other keeps the plain frame, unchanged.
        let measures = viewport.anchorPolicy != nil
        // A trace that types anchors the layout's edits (`startMeasuring` told the viewport
        // to): its offsets are followed by their differences after a correction, and each
        // frame's displacement is counted after the clock stops.
        let anchorsEdits = viewport.editAnchorPolicy != nil
        let follows = measures || scrollsToItems || anchorsEdits
        let events = trace.events
        try trace.offsets.withUnsafeBufferPointer { offsets in
            for frame in 0..<offsets.count {
                // Read before the clock starts and after it stops: whether the frame measured,
                // and for a frame with events, the content's height before them.
                let batchesBefore = measures ? viewport.measurementSummary?.measurementFrames ?? 0 : 0
                let hasEvents = nextEvent < events.count && events[nextEvent].frame == frame
                let heightBefore = hasEvents ? viewport.layout.contentSize.height : 0
                let start = FrameClock.now()
                let scrolled = try applyEvents(of: frame, from: &nextEvent, to: &viewport)
                let report = follows ? viewport.scrollMeasuring(to: offsets[frame]) : viewport.scroll(to: offsets[frame])
                let end = FrameClock.now()
                var facts = ReplayedFrame()
                if measures {
                    facts.measured = (viewport.measurementSummary?.measurementFrames ?? 0) > batchesBefore
                    facts.displacement = viewport.lastMeasuringFrame?.maxDisplacement ?? 0
                } else if anchorsEdits {
                    facts.displacement = viewport.followScreenAfterEdits()
                }
                facts.scrollToItem = scrolled
                if hasEvents { facts.contentHeightChanged = viewport.layout.contentSize.height != heightBefore }
                body(frame, end &- start, report, facts)
            }
        }
    }

    /// Has `viewport`, just made or rewound to the spec's first data, follow the trace's
    /// offsets as given again, and measure the cells it loads from now on and anchor by
    /// `anchor` when the spec's sizes are estimated (``LayoutSpec/measuredData``); when the
    /// trace types into cells (``typesContent``), anchor the layout's edits by `anchor`
    /// instead, counting from nothing.
    ///
    /// - Throws: `GridError` when the viewport's data does not match the true sizes (not
    ///   for a viewport over ``LayoutSpec/data``).
    func startMeasuring<L: GridLayout>(_ viewport: inout Viewport<L>, anchor: AnchorPolicy) throws {
        // The trace starts over: its offsets as given until a scroll to an item.
        viewport.resetOffsetFollowing()
        if typesContent {
            viewport.startAnchoringEdits(anchor)
        } else {
            viewport.stopAnchoringEdits()
        }
        guard let truth = spec.measuredData else { return }
        try viewport.startMeasuring(trueSizes: truth, anchor: anchor)
    }

    /// Applies to `viewport` the events of `frame`, starting at `events[nextEvent]`, and
    /// advances `nextEvent` past them. Returns the worst of the frame's scrolls to items
    /// (`ScrollToItemResult.worst(_:)`), `nil` when it has none.
    @inline(__always) @discardableResult
    func applyEvents<L: GridLayout>(of frame: Int, from nextEvent: inout Int, to viewport: inout Viewport<L>) throws -> ScrollToItemResult? {
        let events = trace.events
        var scrolled: ScrollToItemResult?
        while nextEvent < events.count && events[nextEvent].frame == frame {
            if let result = try EventPipeline.apply(effects[nextEvent], to: &viewport) {
                scrolled = scrolled.map { $0.worst(result) } ?? result
            }
            nextEvent += 1
        }
        return scrolled
    }
}

/// What a replayed frame did besides its `FrameReport`, read after its clock stopped.
struct ReplayedFrame {
    /// Whether the frame told the layout a batch of measured sizes (a spec with estimated
    /// sizes).
    var measured = false
    /// How far the element that moved most on screen moved, net of the scroll, in points
    /// (`MeasuringFrame.maxDisplacement`); 0 without estimated sizes or typing.
    var displacement = 0.0
    /// The worst of the frame's scrolls to items, `nil` when it has none.
    var scrollToItem: ScrollToItemResult?
    /// Whether the frame's events changed the content's height (a keystroke that grew or
    /// shrank its row); `false` for a frame without events.
    var contentHeightChanged = false
}
