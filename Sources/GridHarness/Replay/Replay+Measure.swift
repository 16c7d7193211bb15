import GridCore
import GridStrategies
import GridViewport
import Histogram

/// One strategy's measurement over a replay, in stages, so that the passes of several
/// strategies can be interleaved: prepared and warmed up one after another, then one pass
/// of each in turn, round after round, then each summed up in a ``RunRecord``.
protocol PassMeasurement: AnyObject {
    /// The passes this measurement wants, decided by its warm-up pass.
    var passesWanted: Int { get }
    /// The passes measured so far.
    var passesDone: Int { get }
    /// The warm-up pass: memory peak, fixture check, and the number of passes wanted.
    func warmUp() throws
    /// One measured pass.
    func measurePass() throws
    /// The record of everything measured.
    func record() -> RunRecord
}

/// Starts the measurement of one strategy over a replay: prepare cost and retained memory
/// now; the passes when asked.
struct MeasureVisitor: LayoutVisitor {
    let replay: Replay
    let options: ReplayOptions
    let expected: [LoadedSetDigest]

    func visit<Layout: GridLayout & Sendable>(_ base: Layout) throws -> any PassMeasurement {
        try options.strategy.wrap(base, threshold: options.threshold, visitor: Strategy(measure: self))
    }

    /// Measures the layout at its strategy's concrete type.
    private struct Strategy: StrategyVisitor {
        let measure: MeasureVisitor

        func visit<L: GridLayout>(_ layout: L, kind: StrategyKind) throws -> any PassMeasurement {
            guard layout is any StrategyChoosing else {
                return try StrategyMeasurement(measure, layout, label: kind.rawValue)
            }
            return try StrategyMeasurement(measure, layout, label: kind.rawValue, adaptiveThreshold: measure.options.threshold) {
                ($0 as? any StrategyChoosing)?.choice.rawValue ?? kind.rawValue
            }
        }
    }

    /// Measures `layout` as `label` on its own: prepare, warm-up, then its passes.
    func measureAlone<L: GridLayout>(_ layout: L, label: String) throws -> RunRecord {
        let measurement = try StrategyMeasurement(self, layout, label: label)
        try measurement.warmUp()
        while measurement.passesDone < measurement.passesWanted { try measurement.measurePass() }
        return measurement.record()
    }

    /// Percentiles kept for the distribution chart.
    static let distributionPercentiles: [Double] = [0, 10, 25, 50, 75, 90, 95, 98, 99, 99.5, 99.9, 99.95, 99.99, 100]
}

/// The measurement of `unprepared`, whatever layout it is, as the record's `strategy`
/// `label`. `adaptiveThreshold` goes into the record as it is; `choice` reads what a
/// prepared layout chose (the adaptive strategy's pick), for the record's `adaptiveChoice`.
private final class StrategyMeasurement<L: GridLayout>: PassMeasurement {
    let measure: MeasureVisitor
    let label: String
    let adaptiveThreshold: Int?
    let prepareNanos: UInt64
    /// Preparing the prepared strategy again, in place (``RunRecord/rebuildNanos``).
    let rebuildNanos: UInt64
    let retained: Int?
    let chosen: String?
    /// Bytes allocated before this measurement began, when there is a memory probe.
    let baseline: Int?
    /// One viewport for every pass, as a grid view lives on in an app: after the warm-up
    /// its buffers and reuse pools have grown, so frames measure steady state. Between
    /// passes it goes back to the trace's first data and size, untimed; each pass's first
    /// frame is then a jump to the first offset.
    var viewport: Viewport<L>
    /// The layout as given, for a trace that edits the layout itself (a span grid's merges):
    /// such a viewport goes back to the first data with a fresh layout.
    let unprepared: L
    var counts: [Int32]
    var mismatch: Int?
    var peak: Int?
    var allocationsPerFrame: Double?
    private(set) var passesWanted = 0
    private(set) var passesDone = 0
    /// Every measured frame's cost, pass after pass.
    var costs: [UInt64] = []
    var passMedians: [Double] = []
    var passMidmeans: [Double] = []
    /// Per frame of the trace, whether it measured in some pass (each pass starts over from
    /// the estimates, so the same frames measure in every pass).
    var measuringFrames: [Bool]
    /// Allocations per measuring frame in the first measured pass, with a memory probe.
    var measuringAllocationsPerFrame: Double?
    /// The worst of the trace's scrolls to items, over every measured pass (alike: each
    /// starts over).
    var scrollTo: ScrollToItemResult?
    /// With estimated sizes, each frame's largest visible displacement in the first
    /// measured pass (the passes are alike); empty otherwise.
    var displacements: [Double] = []
    /// Per frame of the trace, whether it carries a keystroke (a `cell-content` event), and
    /// whether that changed the content's height; empty when the trace types nothing.
    let keystrokeFrames: [Bool]
    var rowChangeFrames: [Bool]

    var replay: Replay { measure.replay }
    var options: ReplayOptions { measure.options }

    init(_ measure: MeasureVisitor, _ unprepared: L, label: String, adaptiveThreshold: Int? = nil, choice: ((L) -> String)? = nil) throws {
        self.measure = measure
        self.unprepared = unprepared
        self.label = label
        self.adaptiveThreshold = adaptiveThreshold
        let spec = measure.replay.spec, trace = measure.replay.trace
        let probe = measure.options.memoryProbe

        // Prepare: retained memory from the first, cost as the median of a few. The
        // prepared instances are gone before the viewport makes its own.
        let baseline = probe?.allocatedBytes()
        self.baseline = baseline
        (prepareNanos, rebuildNanos, retained, chosen) = try { () throws -> (UInt64, UInt64, Int?, String?) in
            var layout = unprepared
            var start = FrameClock.now()
            try layout.prepare(data: spec.data, container: trace.viewport)
            var costs = [FrameClock.now() &- start]
            let retained = baseline.flatMap { baseline in probe.map { $0.allocatedBytes() - baseline } }
            var spent = costs[0]
            while costs.count < 9 && spent < 50_000_000 {
                var again = unprepared
                start = FrameClock.now()
                try again.prepare(data: spec.data, container: trace.viewport)
                let cost = FrameClock.now() &- start
                costs.append(cost)
                spent += cost
            }
            costs.sort()
            // Warm: the first layout, which holds its storage, prepared again in place.
            var rebuilds: [UInt64] = []
            spent = 0
            while rebuilds.count < 9 && (rebuilds.isEmpty || spent < 50_000_000) {
                start = FrameClock.now()
                try layout.prepare(data: spec.data, container: trace.viewport, invalidation: .everything)
                let cost = FrameClock.now() &- start
                rebuilds.append(cost)
                spent += cost
            }
            rebuilds.sort()
            return (costs[costs.count / 2], rebuilds[rebuilds.count / 2], retained, choice?(layout))
        }()
        viewport = try Viewport(layout: unprepared, data: spec.data, size: trace.viewport, margin: measure.options.margin)
        try measure.replay.startMeasuring(&viewport, anchor: measure.options.anchor)
        counts = [Int32](repeating: 0, count: trace.frameCount)
        measuringFrames = [Bool](repeating: false, count: trace.frameCount)
        var keystrokes = [Bool](repeating: false, count: trace.frameCount)
        for event in trace.events where event.change.isKeystroke && keystrokes.indices.contains(event.frame) {
            keystrokes[event.frame] = true
        }
        keystrokeFrames = keystrokes.contains(true) ? keystrokes : []
        rowChangeFrames = keystrokes.contains(true) ? [Bool](repeating: false, count: trace.frameCount) : []
    }

    func check(_ frame: Int, _ report: FrameReport) {
        counts[frame] = Int32(truncatingIfNeeded: report.digest.count)
        if mismatch == nil && report.digest != measure.expected[frame] { mismatch = frame }
    }

    func rewind() throws {
        let trace = replay.trace, data = replay.spec.data
        if replay.editsLayout {
            // The layout's own structure changed: only a new viewport over the layout as
            // given starts the trace again (its tiles are made anew in the first frame).
            viewport = try Viewport(layout: unprepared, data: data, size: trace.viewport, margin: options.margin)
            try replay.startMeasuring(&viewport, anchor: options.anchor)
            return
        }
        if viewport.size != trace.viewport { try viewport.resize(to: trace.viewport) }
        // A measuring viewport keeps the counts it measures (edits follow them): measuring
        // stops before the data goes back to the first counts, and starts again below.
        if replay.editsData { viewport.stopMeasuring() }
        if viewport.data != data { try viewport.setData(data) }
        // Measuring starts over: every item unmeasured again, at its estimate.
        try replay.startMeasuring(&viewport, anchor: options.anchor)
    }

    /// The warm-up pass; it also finds the peak of memory during replay, and its length
    /// decides how many passes are measured. It must run before any other measurement
    /// allocates, so that the memory since ``baseline`` is this one's alone.
    func warmUp() throws {
        let probe = options.memoryProbe
        let warmStart = FrameClock.now()
        if let probe, let baseline {
            let before = probe.allocatedBytes()
            if probe.resetPeak() {
                try replay.replayFrames(&viewport) { frame, _, report, _ in check(frame, report) }
                peak = probe.peakBytesSinceReset().map { before - baseline + $0 }
            } else {
                var highest = before
                try replay.replayFrames(&viewport) { frame, _, report, _ in
                    check(frame, report)
                    highest = max(highest, probe.allocatedBytes())
                }
                peak = highest - baseline
            }
        } else {
            try replay.replayFrames(&viewport) { frame, _, report, _ in check(frame, report) }
        }
        let passNanos = max(FrameClock.now() &- warmStart, 1)
        let wanted = Int(min((options.targetSeconds * 1e9 / Double(passNanos)).rounded(.up), 1e6))
        let passes = min(max(wanted, options.minimumPasses), options.maximumPasses)
        // Every measured frame's cost is kept (8 bytes each): refused before, not by running
        // out of memory.
        let frames = replay.trace.frameCount
        let (measured, overflow) = frames.multipliedReportingOverflow(by: passes)
        guard !overflow, measured <= MeasureVisitor.maxMeasuredFrames else {
            throw GridError.invalidParameter(
                "minimumPasses", passes,
                expected: "at most \(MeasureVisitor.maxMeasuredFrames / max(frames, 1)) passes of this trace's \(frames) frames "
                    + "(\(MeasureVisitor.maxMeasuredFrames) measured frames in all)")
        }
        passesWanted = passes
        costs.reserveCapacity(measured)
    }

    func measurePass() throws {
        try rewind()
        let probe = options.memoryProbe
        let frames = replay.trace.frameCount
        let allocationsBefore = passesDone == 0 ? probe?.allocationCount() : nil
        let offset = costs.count
        costs.append(contentsOf: repeatElement(0, count: frames))
        // With estimated sizes, the first measured pass also counts each frame's allocations
        // (the probe read between frames, after the clock stopped), for the measuring ones.
        let framewise = allocationsBefore != nil && viewport.anchorPolicy != nil ? probe : nil
        var lastCount = framewise?.allocationCount() ?? 0
        var measuringAllocations = 0, measuringCounted = 0
        let followsDisplacement = passesDone == 0 && (viewport.anchorPolicy != nil || viewport.editAnchorPolicy != nil)
        if followsDisplacement { displacements = [Double](repeating: 0, count: frames) }
        try costs.withUnsafeMutableBufferPointer { costs in
            try replay.replayFrames(&viewport) { frame, nanos, report, facts in
                costs[offset + frame] = nanos
                check(frame, report)
                if facts.measured { measuringFrames[frame] = true }
                if followsDisplacement { displacements[frame] = facts.displacement }
                if facts.contentHeightChanged && !rowChangeFrames.isEmpty { rowChangeFrames[frame] = true }
                if let scrolled = facts.scrollToItem { scrollTo = scrollTo.map { $0.worst(scrolled) } ?? scrolled }
                if let framewise {
                    let count = framewise.allocationCount()
                    if facts.measured {
                        measuringAllocations += count - lastCount
                        measuringCounted += 1
                    }
                    lastCount = count
                }
            }
        }
        if let allocationsBefore, let probe, frames > 0 {
            allocationsPerFrame = Double(probe.allocationCount() - allocationsBefore) / Double(frames)
        }
        if framewise != nil && measuringCounted > 0 {
            measuringAllocationsPerFrame = Double(measuringAllocations) / Double(measuringCounted)
        }
        if frames > 0 {
            var sorted = costs[offset...].map { Double(max($0, 1)) }
            sorted.sort()
            passMedians.append(Bootstrap.median(sorted))
            passMidmeans.append(Bootstrap.midmean(ofSorted: sorted))
        }
        passesDone += 1
    }

    func record() -> RunRecord {
        let spec = replay.spec, trace = replay.trace
        let frames = trace.frameCount, passes = passesDone
        // The floor: copying as many attributes as each frame loaded, from an array.
        let floor = measure.measureFloor(counts: counts, passes: passes, sample: viewport.loadedElements.map(\.attributes))
        let figures = MeasureVisitor.figures(
            costs: costs, passes: passes, frameBudget: trace.frameBudgetNanos, layoutBudgetShare: options.layoutBudgetShare,
            passSeconds: trace.durationSeconds, floor: floor)
        return RunRecord(
            layout: spec.layoutName, strategy: label, adaptiveChoice: chosen,
            dataset: spec.name, tiles: spec.tiles, sections: spec.data.sectionCount, trace: trace.name,
            refreshHz: trace.refreshHz, frames: frames, passes: passes, frameNanos: figures.percentiles,
            budgetShareP99: figures.budgetShareP99, layoutBudgetNanos: figures.layoutBudget,
            hitchesPerPass: figures.hitchesPerPass, hitchMillisPerSecond: figures.hitchMillisPerSecond,
            prepareNanos: Int(prepareNanos), retainedBytes: retained, peakBytes: peak,
            allocationsPerFrame: allocationsPerFrame, floorNanosP50: floor,
            floorMultiple: figures.floorMultiple,
            fixture: mismatch == nil ? .pass : .fail, firstMismatchFrame: mismatch,
            distribution: figures.distribution,
            timeline: MeasureVisitor.timeline(costs: costs, frames: frames, passes: passes, points: options.timelinePoints),
            eventFrames: trace.events.isEmpty ? nil : Array(Set(trace.events.map(\.frame))).sorted(),
            adaptiveThreshold: adaptiveThreshold,
            passMediansNanos: passMedians.isEmpty ? nil : passMedians,
            frameNanosP50Interval: Bootstrap.medianInterval(passMedians),
            passMidmeansNanos: passMidmeans.isEmpty ? nil : passMidmeans, rebuildNanos: Int(rebuildNanos))
            .withMeasuredSizes(
                viewport.measurementSummary, anchor: options.anchor,
                frameNanos: MeasureVisitor.measurementFrameNanos(
                    costs: costs, frames: frames, passes: passes, measuring: measuringFrames,
                    allocationsPerFrame: measuringAllocationsPerFrame))
            .withEditAnchoring(viewport.editAnchoringSummary, anchor: options.anchor)
            .withScrollToError(scrollTo)
            .withDisplacementTimeline(displacements, points: options.timelinePoints)
            .withKeystrokes(MeasureVisitor.keystrokeFrames(
                costs: costs, frames: frames, passes: passes, keystrokes: keystrokeFrames, rowChanges: rowChangeFrames))
    }
}

extension MeasureVisitor {
    /// The most frames one run measures, over all its passes: 50,000,000, whose costs take
    /// 400 MB.
    static let maxMeasuredFrames = 50_000_000

    /// What a run's frame costs come to.
    struct Figures {
        var percentiles: Percentiles
        var distribution: [PercentilePoint]
        var budgetShareP99: Double
        var layoutBudget: Double
        var hitchesPerPass: Double
        var hitchMillisPerSecond: Double
        var floorMultiple: Double
    }

    /// The figures of `costs` (every frame of every pass, in nanoseconds): percentiles by
    /// an HDR histogram of 3 significant digits, p99 as a share of `frameBudget`, the
    /// frames over `layoutBudgetShare` of it per pass, the time over it per second of trace
    /// (`passSeconds` a pass), and the median as a multiple of `floor`.
    static func figures(
        costs: [UInt64], passes: Int, frameBudget: Double, layoutBudgetShare: Double, passSeconds: Double, floor: Double
    ) -> Figures {
        var histogram = Histogram<UInt64>(highestTrackableValue: 3_600_000_000_000, numberOfSignificantValueDigits: .three)
        for cost in costs { _ = histogram.record(max(cost, 1)) }
        func at(_ percentile: Double) -> Double { Double(histogram.valueAtPercentile(percentile)) }
        let percentiles = Percentiles(p50: at(50), p90: at(90), p99: at(99), p999: at(99.9), max: Double(histogram.maxRecorded))
        let layoutBudget = frameBudget * layoutBudgetShare
        var hitches = 0
        var overBudget = 0.0
        for cost in costs where Double(cost) > layoutBudget {
            hitches += 1
            overBudget += Double(cost) - layoutBudget
        }
        let seconds = passSeconds * Double(passes)
        return Figures(
            percentiles: percentiles,
            distribution: distributionPercentiles.map { PercentilePoint(percentile: $0, nanos: at($0)) },
            budgetShareP99: percentiles.p99 / frameBudget, layoutBudget: layoutBudget,
            hitchesPerPass: passes > 0 ? Double(hitches) / Double(passes) : 0,
            hitchMillisPerSecond: seconds > 0 ? overBudget / 1e6 / seconds : 0,
            floorMultiple: floor > 0 ? percentiles.p50 / floor : 0)
    }
}

extension MeasureVisitor {
    /// The figures of the frames that measured: `costs` holds every frame of every pass
    /// (`frames` a pass, `passes` of them), `measuring[f]` says whether frame `f` measured.
    /// Percentiles by an HDR histogram of 3 significant digits, as ``figures(costs:passes:frameBudget:layoutBudgetShare:passSeconds:floor:)``'s.
    /// `nil` when no frame measured.
    static func measurementFrameNanos(
        costs: [UInt64], frames: Int, passes: Int, measuring: [Bool], allocationsPerFrame: Double?
    ) -> MeasurementFrameNanos? {
        let perPass = measuring.reduce(0) { $0 + ($1 ? 1 : 0) }
        guard perPass > 0, frames > 0, passes > 0, measuring.count == frames, costs.count >= frames else { return nil }
        var histogram = Histogram<UInt64>(highestTrackableValue: 3_600_000_000_000, numberOfSignificantValueDigits: .three)
        var index = 0
        while index < costs.count {
            if measuring[index % frames] { _ = histogram.record(max(costs[index], 1)) }
            index += 1
        }
        return MeasurementFrameNanos(
            p50: Double(histogram.valueAtPercentile(50)), p99: Double(histogram.valueAtPercentile(99)),
            max: Double(histogram.maxRecorded), frames: perPass, allocationsPerFrame: allocationsPerFrame)
    }

    /// The keystroke frames' figures: `keystrokes[f]` says whether frame `f` carries one,
    /// `rowChanges[f]` whether it changed the content's height; the costs of each kind by an
    /// HDR histogram over every pass, as ``measurementFrameNanos(costs:frames:passes:measuring:allocationsPerFrame:)``'s.
    /// `nil` when no frame types.
    static func keystrokeFrames(costs: [UInt64], frames: Int, passes: Int, keystrokes: [Bool], rowChanges: [Bool]) -> KeystrokeFrames? {
        guard frames > 0, passes > 0, keystrokes.count == frames, rowChanges.count == frames, costs.count >= frames,
              keystrokes.contains(true)
        else { return nil }
        var still = Histogram<UInt64>(highestTrackableValue: 3_600_000_000_000, numberOfSignificantValueDigits: .three)
        var changed = still
        var index = 0
        while index < costs.count {
            let frame = index % frames
            if keystrokes[frame] {
                if rowChanges[frame] { _ = changed.record(max(costs[index], 1)) } else { _ = still.record(max(costs[index], 1)) }
            }
            index += 1
        }
        func cost(_ histogram: Histogram<UInt64>) -> FrameCost? {
            guard histogram.totalCount > 0 else { return nil }
            return FrameCost(p50: Double(histogram.valueAtPercentile(50)), p99: Double(histogram.valueAtPercentile(99)), max: Double(histogram.maxRecorded))
        }
        let typed = zip(keystrokes, rowChanges)
        return KeystrokeFrames(
            frames: keystrokes.count { $0 }, rowChangeFrames: typed.count { $0 && $1 },
            stillNanos: cost(still), rowChangeNanos: cost(changed))
    }

    /// The median cost of copying each frame's number of loaded attributes out of a
    /// precomputed array into a buffer: what answering a frame costs at the very least.
    func measureFloor(counts: [Int32], passes: Int, sample: [LayoutAttributes]) -> Double {
        let largest = Int(counts.max() ?? 0)
        var source = sample
        if source.isEmpty { source = [LayoutAttributes(kind: .cell, path: ItemPath(section: 0, item: 0), frame: .zero)] }
        while source.count < largest { source.append(contentsOf: source.prefix(largest - source.count)) }
        var buffer: [LayoutAttributes] = []
        buffer.reserveCapacity(largest)
        var costs: [UInt64] = []
        costs.reserveCapacity(counts.count * passes)
        source.withUnsafeBufferPointer { source in
            for _ in 0..<passes {
                for count in counts {
                    let start = FrameClock.now()
                    buffer.removeAll(keepingCapacity: true)
                    buffer.append(contentsOf: source[0..<Int(count)])
                    costs.append(FrameClock.now() &- start)
                }
            }
        }
        guard !costs.isEmpty else { return 0 }
        costs.sort()
        return Double(costs[costs.count / 2])
    }

    /// The per-frame median over passes, cut into at most `points` buckets of consecutive
    /// frames, each showing its costliest frame so that a spike is never averaged away.
    static func timeline(costs: [UInt64], frames: Int, passes: Int, points: Int) -> [Double] {
        guard frames > 0, passes > 0 else { return [] }
        var medians = [UInt64](repeating: 0, count: frames)
        var column = [UInt64](repeating: 0, count: passes)
        for frame in 0..<frames {
            for pass in 0..<passes { column[pass] = costs[pass * frames + frame] }
            column.sort()
            medians[frame] = column[(passes - 1) / 2]
        }
        let buckets = min(points, frames)
        return (0..<buckets).map { bucket in
            let lower = bucket * frames / buckets, upper = (bucket + 1) * frames / buckets
            return Double(medians[lower..<upper].max() ?? 0)
        }
    }
}

extension RunRecord {
    /// This record with its keystroke frames' figures, or as it is without them.
    func withKeystrokes(_ keystrokes: KeystrokeFrames?) -> RunRecord {
        guard let keystrokes else { return self }
        var record = self
        record.keystrokes = keystrokes
        return record
    }

    /// This record with `displacements` (one per frame) cut into at most `points` buckets of
    /// consecutive frames, each the largest of its frames; as it is when there are none.
    func withDisplacementTimeline(_ displacements: [Double], points: Int) -> RunRecord {
        guard !displacements.isEmpty, points > 0 else { return self }
        var record = self
        let frames = displacements.count, buckets = min(points, frames)
        record.displacementTimeline = (0..<buckets).map { bucket in
            displacements[(bucket * frames / buckets) ..< ((bucket + 1) * frames / buckets)].max() ?? 0
        }
        return record
    }

    /// This record with the worst of its trace's scrolls to items, or as it is when the
    /// trace scrolls to none.
    func withScrollToError(_ worst: ScrollToItemResult?) -> RunRecord {
        guard let worst else { return self }
        var record = self
        record.scrollToError = ScrollToError(firstPoints: worst.firstError, settledPoints: worst.settledError, rounds: worst.rounds)
        return record
    }

    /// This record with the figures of a viewport that anchored the layout's edits (a
    /// trace that types), its last pass's: the policy, the visible displacement and the
    /// offset corrections; as it is when the viewport did not anchor edits.
    func withEditAnchoring(_ summary: MeasurementSummary?, anchor: AnchorPolicy) -> RunRecord {
        guard let summary else { return self }
        var record = self
        record.anchor = anchor.rawValue
        record.visibleDisplacement = VisibleDisplacement(
            maxPoints: summary.maxDisplacement, totalPoints: summary.totalDisplacement, frames: summary.displacementFrames)
        record.offsetCorrections = OffsetCorrections(count: summary.corrections, totalPoints: summary.totalCorrection)
        return record
    }

    /// This record with the figures of a measuring viewport's last pass (`summary`, the
    /// passes being alike) and its measuring frames' cost (`frameNanos`), or as it is when
    /// the viewport did not measure.
    func withMeasuredSizes(_ summary: MeasurementSummary?, anchor: AnchorPolicy, frameNanos: MeasurementFrameNanos? = nil) -> RunRecord {
        guard let summary else { return self }
        // The anchoring's figures are an edit-anchored run's; measuring adds its own.
        var record = withEditAnchoring(summary, anchor: anchor)
        record.measurementFrameNanos = frameNanos
        record.contentSizeDrift = ContentSizeDrift(estimatedHeight: summary.estimatedHeight, finalHeight: summary.finalHeight)
        record.laneChanges = summary.laneChanges
        return record
    }
}
