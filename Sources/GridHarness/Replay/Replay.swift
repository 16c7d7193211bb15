import Foundation
import GridCore
import GridLayouts
import GridStrategies
import GridViewport

/// One data set and one trace, checked against each other and ready to be replayed with
/// any strategy.
///
/// A replay drives a headless `Viewport` frame by frame: the events of a
/// frame first (a resize re-prepares the layout for the new container, an edit
/// re-prepares it for the new data, a reload re-prepares it and reloads every tile),
/// then the scroll to the frame's offset (query, diff, reuse). The cost of that work is
/// the frame's cost. The data after each edit is computed before replaying, because
/// updating the app's own model is not the layout's work.
public struct Replay: Sendable {
    public let spec: LayoutSpec
    public let trace: ScrollTrace
    /// What each event does (``EventPipeline``): the data after it, and the batch update a
    /// viewport follows items through.
    let effects: [EventPipeline.Effect]
    /// Whether some event scrolls to an item: the frames then follow the trace's offsets by
    /// their differences once one has (`Viewport.scrollMeasuring(to:)`).
    let scrollsToItems: Bool

    /// Checks that `trace` can be replayed over `spec`: every edit names sections and
    /// items that exist when it happens, the layout takes every operation and accepts every
    /// viewport size, and a layout that scrolls along one axis only is not scrolled along
    /// the other (a horizontal offset over a vertical tile grid would slide the view off its
    /// content: meaningless, so refused).
    ///
    /// Over a spec with estimated sizes, the events taken are `resize`, `reload`,
    /// `scroll-to-item` and the edits that insert or delete items or sections
    /// (`insert-items`, `insert-sections`, `delete-items`, `delete-sections`, `move-item`):
    /// an insert's `sizes` are then the true sizes of the items it inserts, which enter at
    /// the estimate and are measured as they appear (`EventPipeline.State.estimate`).
    ///
    /// - Throws: `InputError` naming `tracePath` and the event (`events[4].section`,
    ///   `events[4].type`) or offset (`offsetsX[12]`).
    public init(spec: LayoutSpec, trace: ScrollTrace, tracePath: String) throws(InputError) {
        self.spec = spec
        self.trace = trace
        let estimate = spec.measuredData == nil ? nil : spec.parameters.sizeEstimate?.dataSize
        let (effects, layout) = try EventPipeline.effects(
            of: trace, over: spec.data, layout: spec.makeLayout(), estimate: estimate,
            describedAs: "\(spec.layoutName) of data set \(spec.name)", tracePath: tracePath)
        let axes = layout.traits.scrollAxes
        for (axis, name, field) in [(ScrollAxes.horizontal, "horizontally", "offsetsX"), (.vertical, "vertically", "offsets")]
        where !axes.contains(axis) {
            if let frame = trace.offsets.firstIndex(where: { (axis == .horizontal ? $0.x : $0.y) != 0 }) {
                let value = axis == .horizontal ? trace.offsets[frame].x : trace.offsets[frame].y
                throw InputError(
                    file: tracePath, field: "\(field)[\(frame)]", value: "\(value)",
                    expected: "0: the \(spec.layoutName) of data set \(spec.name) does not scroll \(name)")
            }
        }
        if spec.measuredData != nil {
            for (index, event) in trace.events.enumerated() {
                switch event.change {
                case .resize, .reload, .scrollToItem, .insertItems, .insertSections, .deleteItems, .deleteSections, .moveItem: continue
                default:
                    throw InputError(
                        file: tracePath, field: "events[\(index)].type", value: "\"\(event.change.typeName)\"",
                        expected: "resize, reload, scroll-to-item or an insert, delete or move of items or sections: data set \(spec.name) has estimated sizes, and a viewport measuring them does not follow a layout's own edits")
                }
            }
        }
        self.effects = effects
        scrollsToItems = trace.events.contains { if case .scrollToItem = $0.change { true } else { false } }
    }

    /// Whether some event edits the layout's own structure (a span grid's merge, a row
    /// inserted).
    var editsLayout: Bool {
        trace.events.contains { if case .layoutEdit = $0.change { true } else { false } }
    }

    /// Whether some event changes the data's counts (an insert, a delete, a move).
    var editsData: Bool { effects.contains { $0.edit != nil } }

    /// Whether some event types into a cell (`cell-content`, a span grid's keystroke): the
    /// viewport then anchors the layout's edits by the run's policy
    /// (`Viewport.startAnchoringEdits(_:)`) and counts their visible displacement.
    public var typesContent: Bool { trace.events.contains { $0.change.isKeystroke } }

    /// Whether the anchor policy changes what the replay's frames show: the spec's sizes are
    /// measured (``LayoutSpec/measuredData``), or the trace types (its edits are anchored).
    /// Otherwise the replay loads the same under every policy, and its one fixture applies.
    var isAnchored: Bool { spec.measuredData != nil || typesContent }

    /// The policy that `anchor` replays this trace under: `anchor` where the policy counts
    /// (``isAnchored``), else the standard one, whose fixture applies.
    func effectivePolicy(_ anchor: AnchorPolicy) -> AnchorPolicy { isAnchored ? anchor : .standard }

    /// Reads the spec at `specURL` and the trace at `traceURL` and checks them against
    /// each other.
    ///
    /// - Throws: `InputError` naming the file, the field and the value.
    public static func load(specAt specURL: URL, traceAt traceURL: URL) throws(InputError) -> Replay {
        let spec = try LayoutSpec.load(from: specURL)
        return try Replay(spec: spec, trace: try ScrollTrace.load(from: traceURL), tracePath: traceURL.path)
    }

    /// The reference's digest after every frame: the reference layout, computed on demand,
    /// through a viewport with `margin`; with estimated sizes, measuring as it scrolls and
    /// anchored by `anchor` (the loaded sets depend on the policy).
    ///
    /// - Throws: what the layout or viewport throws (nothing, for a checked replay).
    public func referenceDigests(margin: PreloadMargin = .chGridView, anchor: AnchorPolicy = .standard) throws -> [LoadedSetDigest] {
        try spec.visit(ReferenceVisitor(replay: self, margin: margin, anchor: anchor))
    }

    /// Replays the trace with `options.strategy` and measures it; every frame's loaded set
    /// is checked against `expected`, the reference's digests.
    ///
    /// - Throws: `GridError` for bad options or a reference of the wrong length; what
    ///   the layout throws.
    public func run(_ options: ReplayOptions, expected: [LoadedSetDigest]) throws -> RunRecord {
        try run([options], expected: expected)[0]
    }

    /// Replays the trace with each of `options`' strategies, their measured passes
    /// interleaved, and measures each; every frame's loaded set is checked against
    /// `expected`, the reference's digests. Returns one record per options, in order.
    ///
    /// Each strategy is prepared and warmed up in turn (so that its memory figures are its
    /// own); then the measured passes go round: one pass of each strategy, the order
    /// rotated by one each round, until each has the passes its warm-up asked for. Noise
    /// that comes and goes on a shared machine then falls on every strategy alike, and
    /// pass `i` of one strategy can be compared with pass `i` of another
    /// (``Bootstrap/ratioInterval(_:_:)``).
    ///
    /// - Throws: `GridError` for bad options or a reference of the wrong length; what
    ///   the layout throws.
    public func run(_ options: [ReplayOptions], expected: [LoadedSetDigest]) throws -> [RunRecord] {
        for each in options { try check(each, expected: expected) }
        var measurements: [any PassMeasurement] = []
        for each in options {
            let measurement = try spec.visit(MeasureVisitor(replay: self, options: each, expected: expected))
            try measurement.warmUp()
            measurements.append(measurement)
        }
        var round = 0
        while measurements.contains(where: { $0.passesDone < $0.passesWanted }) {
            for step in 0..<measurements.count {
                let measurement = measurements[(step + round) % measurements.count]
                if measurement.passesDone < measurement.passesWanted { try measurement.measurePass() }
            }
            round += 1
        }
        return measurements.map { $0.record() }
    }

    /// Checks what every run needs: valid options and one expected digest per frame.
    ///
    /// - Throws: ``GridError`` naming the option, or `expected.count`.
    func check(_ options: ReplayOptions, expected: [LoadedSetDigest]) throws(GridError) {
        try options.validate()
        guard expected.count == trace.frameCount else {
            throw GridError.invalidParameter("expected.count", expected.count, expected: "one digest per frame: \(trace.frameCount)")
        }
    }
}

private struct ReferenceVisitor: LayoutVisitor {
    let replay: Replay
    let margin: PreloadMargin
    let anchor: AnchorPolicy

    func visit<Layout: GridLayout & Sendable>(_ layout: Layout) throws -> [LoadedSetDigest] {
        var viewport = try Viewport(layout: OnDemandLayout(layout), data: replay.spec.data, size: replay.trace.viewport, margin: margin)
        try replay.startMeasuring(&viewport, anchor: anchor)
        var digests: [LoadedSetDigest] = []
        digests.reserveCapacity(replay.trace.frameCount)
        try replay.replayFrames(&viewport) { _, _, report, _ in digests.append(report.digest) }
        return digests
    }
}
