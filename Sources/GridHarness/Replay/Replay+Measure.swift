import GridCore
import GridStrategies
import GridViewport
import Histogram

/// Measures one strategy over a replay: prepare, memory, a warm-up pass, measured passes,
/// the floor, and the fixture check of every frame of every pass.
struct MeasureVisitor: LayoutVisitor {
    let replay: Replay
    let options: ReplayOptions
    let expected: [LoadedSetDigest]

    func visit<Layout: GridLayout & Sendable>(_ base: Layout) throws -> RunRecord {
        try options.strategy.wrap(base, threshold: options.threshold, visitor: Strategy(measure: self))
    }

    /// Measures the layout at its strategy's concrete type.
    private struct Strategy: StrategyVisitor {
        let measure: MeasureVisitor

        func visit<L: GridLayout>(_ layout: L, kind: StrategyKind) throws -> RunRecord {
            guard layout is any StrategyChoosing else { return try measure.measure(layout, label: kind.rawValue) }
            return try measure.measure(layout, label: kind.rawValue, adaptiveThreshold: measure.options.threshold) {
                ($0 as? any StrategyChoosing)?.choice.rawValue ?? kind.rawValue
            }
        }
    }

    /// Percentiles kept for the distribution chart.
    static let distributionPercentiles: [Double] = [0, 10, 25, 50, 75, 90, 95, 98, 99, 99.5, 99.9, 99.95, 99.99, 100]

    /// Measures `unprepared`, whatever layout it is, as the record's `strategy` `label`.
    /// `adaptiveThreshold` goes into the record as it is; `choice` reads what a prepared
    /// layout chose (the adaptive strategy's pick), for the record's `adaptiveChoice`.
    func measure<L: GridLayout>(
        _ unprepared: L, label: String, adaptiveThreshold: Int? = nil, choice: ((L) -> String)? = nil
    ) throws -> RunRecord {
        let spec = replay.spec, trace = replay.trace
        let frames = trace.frameCount
        let probe = options.memoryProbe

        // Prepare: retained memory from the first, cost as the median of a few. The
        // prepared instances are gone before the viewport makes its own.
        let baseline = probe?.allocatedBytes()
        let (prepareNanos, retained, chosen) = try { () throws -> (UInt64, Int?, String?) in
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
            return (costs[costs.count / 2], retained, choice?(layout))
        }()

        // One viewport for every pass, as a grid view lives on in an app: after the
        // warm-up its buffers and reuse pools have grown, so frames measure steady state.
        // Between passes it goes back to the trace's first data and size, untimed; each
        // pass's first frame is then a jump to the first offset.
        var viewport = try Viewport(layout: unprepared, data: spec.data, size: trace.viewport, margin: options.margin)
        func rewind() throws {
            if viewport.size != trace.viewport { try viewport.resize(to: trace.viewport) }
            if viewport.data != spec.data { try viewport.setData(spec.data) }
        }
        var counts = [Int32](repeating: 0, count: frames)
        var mismatch: Int?
        func check(_ frame: Int, _ report: FrameReport) {
            counts[frame] = Int32(truncatingIfNeeded: report.digest.count)
            if mismatch == nil && report.digest != expected[frame] { mismatch = frame }
        }

        // Warm-up pass; it also finds the peak of memory during replay, and its length
        // decides how many passes are measured.
        var peak: Int?
        let warmStart = FrameClock.now()
        if let probe, let baseline {
            let before = probe.allocatedBytes()
            if probe.resetPeak() {
                try replay.replayFrames(&viewport) { frame, _, report in check(frame, report) }
                peak = probe.peakBytesSinceReset().map { before - baseline + $0 }
            } else {
                var highest = before
                try replay.replayFrames(&viewport) { frame, _, report in
                    check(frame, report)
                    highest = max(highest, probe.allocatedBytes())
                }
                peak = highest - baseline
            }
        } else {
            try replay.replayFrames(&viewport) { frame, _, report in check(frame, report) }
        }
        let passNanos = max(FrameClock.now() &- warmStart, 1)

        // Measured passes.
        let wanted = Int(min((options.targetSeconds * 1e9 / Double(passNanos)).rounded(.up), 1e6))
        let passes = min(max(wanted, options.minimumPasses), options.maximumPasses)
        // Every measured frame's cost is kept (8 bytes each): refused before, not by running
        // out of memory.
        let (measured, overflow) = frames.multipliedReportingOverflow(by: passes)
        guard !overflow, measured <= Self.maxMeasuredFrames else {
            throw GridError.invalidParameter(
                "minimumPasses", passes,
                expected: "at most \(Self.maxMeasuredFrames / max(frames, 1)) passes of this trace's \(frames) frames (\(Self.maxMeasuredFrames) measured frames in all)")
        }
        var costs = [UInt64](repeating: 0, count: frames * passes)
        var allocationsPerFrame: Double?
        for pass in 0..<passes {
            try rewind()
            let allocationsBefore = pass == 0 ? probe?.allocationCount() : nil
            let offset = pass * frames
            try costs.withUnsafeMutableBufferPointer { costs in
                try replay.replayFrames(&viewport) { frame, nanos, report in
                    costs[offset + frame] = nanos
                    check(frame, report)
                }
            }
            if let allocationsBefore, let probe, frames > 0 {
                allocationsPerFrame = Double(probe.allocationCount() - allocationsBefore) / Double(frames)
            }
        }

        // The floor: copying as many attributes as each frame loaded, from an array.
        let floor = measureFloor(counts: counts, passes: passes, sample: viewport.loadedElements.map(\.attributes))

        let figures = Self.figures(
            costs: costs, passes: passes, frameBudget: trace.frameBudgetNanos, layoutBudgetShare: options.layoutBudgetShare,
            passSeconds: trace.durationSeconds, floor: floor)
        let percentiles = figures.percentiles

        return RunRecord(
            layout: spec.layoutName, strategy: label, adaptiveChoice: chosen,
            dataset: spec.name, tiles: spec.tiles, sections: spec.data.sectionCount, trace: trace.name,
            refreshHz: trace.refreshHz, frames: frames, passes: passes, frameNanos: percentiles,
            budgetShareP99: figures.budgetShareP99, layoutBudgetNanos: figures.layoutBudget,
            hitchesPerPass: figures.hitchesPerPass, hitchMillisPerSecond: figures.hitchMillisPerSecond,
            prepareNanos: Int(prepareNanos), retainedBytes: retained, peakBytes: peak,
            allocationsPerFrame: allocationsPerFrame, floorNanosP50: floor,
            floorMultiple: figures.floorMultiple,
            fixture: mismatch == nil ? .pass : .fail, firstMismatchFrame: mismatch,
            distribution: figures.distribution,
            timeline: Self.timeline(costs: costs, frames: frames, passes: passes, points: options.timelinePoints),
            eventFrames: trace.events.isEmpty ? nil : Array(Set(trace.events.map(\.frame))).sorted(),
            adaptiveThreshold: adaptiveThreshold)
    }

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

    /// The median cost of copying each frame's number of loaded attributes out of a
    /// precomputed array into a buffer: what answering a frame costs at the very least.
    private func measureFloor(counts: [Int32], passes: Int, sample: [LayoutAttributes]) -> Double {
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
