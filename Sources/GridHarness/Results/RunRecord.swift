/// The measurements of one run: one layout, data set, trace and strategy.
///
/// The JSON form is versioned by ``ResultsDocument/schemaVersion``; docs/formats.md's
/// "Results schema" documents every field. Times are nanoseconds, memory bytes.
public struct RunRecord: Codable, Hashable, Sendable {
    /// The layout's name (`tile-grid`).
    public var layout: String
    /// The strategy's name (`cached`, `scan`, `on-demand`, `adaptive`).
    public var strategy: String
    /// For `adaptive`, the strategy it chose for this data set.
    public var adaptiveChoice: String?
    /// The data set's name (`photos-2976`).
    public var dataset: String
    /// Tiles (cells) in the data set.
    public var tiles: Int
    public var sections: Int
    /// The trace's name.
    public var trace: String
    public var refreshHz: Int
    /// Frames per pass.
    public var frames: Int
    /// Measured passes (after one warm-up pass).
    public var passes: Int
    /// Per-frame cost over all measured passes: the viewport's work for one frame,
    /// invalidation on events included.
    public var frameNanos: Percentiles
    /// p99 frame cost as a share of the frame budget (16.67 ms at 60 Hz, 8.33 ms at 120 Hz).
    public var budgetShareP99: Double
    /// The layout budget frames were held to, in nanoseconds.
    public var layoutBudgetNanos: Double
    /// Frames whose cost exceeded the layout budget, per pass on average.
    public var hitchesPerPass: Double
    /// Time over the layout budget, in milliseconds per second of trace.
    public var hitchMillisPerSecond: Double
    /// The cost of preparing the strategy over the data set: the median of up to nine
    /// prepares, fewer once they add up to 50 ms (one cold prepare for the largest sets).
    public var prepareNanos: Int
    /// The cost of preparing the strategy again, in place, once it has been prepared: the
    /// same data and container, told everything changed (a reload; a rotation costs the
    /// cached strategy the same rebuild). Warm, where ``prepareNanos`` is cold: a strategy
    /// that keeps its storage (the cached one's arrays) writes over it. The median of up to
    /// nine, fewer once they add up to 50 ms. `nil` in results written before it was measured.
    public var rebuildNanos: Int?
    /// Bytes the strategy retains once prepared (jemalloc), or `nil` without a memory probe.
    public var retainedBytes: Int?
    /// The highest bytes allocated during replay above the level before the strategy was
    /// made, or `nil` without a memory probe.
    public var peakBytes: Int?
    /// Heap allocations per frame over the measured passes, or `nil` without a memory
    /// probe.
    public var allocationsPerFrame: Double?
    /// The floor's median cost: copying the same attributes from a precomputed array.
    public var floorNanosP50: Double
    /// The strategy's median frame cost as a multiple of the floor's.
    public var floorMultiple: Double
    /// `pass` when the loaded set of every frame equals the reference's; `fail` otherwise.
    public var fixture: FixtureVerdict
    /// The first frame whose loaded set differed from the reference's, when it failed.
    public var firstMismatchFrame: Int?
    /// Per-frame cost distribution: percentile → nanoseconds, for charts.
    public var distribution: [PercentilePoint]?
    /// Per-frame cost along the trace (median over passes), downsampled, for charts:
    /// sample `i` of `n` covers frames `i·frames/n ..< (i+1)·frames/n` and shows the
    /// costliest of them.
    public var timeline: [Double]?
    /// The frames at which the trace has events (resize, edits, reload), for charts.
    public var eventFrames: [Int]?
    /// For `adaptive`, the threshold it switched at, in tiles.
    public var adaptiveThreshold: Int?
    /// The median frame cost of each measured pass, in pass order. Optional: results
    /// written before it existed lack it. The report compares strategies by the median of
    /// these, with a paired bootstrap over passes (``Bootstrap``).
    public var passMediansNanos: [Double]?
    /// The 95 % interval of the median of ``passMediansNanos`` (``Bootstrap/medianInterval(_:seed:)``),
    /// when there were at least 2 passes. Optional.
    public var frameNanosP50Interval: ConfidenceInterval?
    /// Instructions executed per frame of the run's trace, counted by valgrind (callgrind)
    /// when the report needed them to settle a tie. Optional: absent when not counted or
    /// valgrind was missing.
    public var instructionsPerFrame: Double?
    /// When the run was measured in several processes (`gridbench report --processes`):
    /// how many of ``passMediansNanos`` each process measured, in order (the first
    /// `passesPerProcess[0]` are the first process's, and so on). Optional: absent when one
    /// process measured every pass.
    public var passesPerProcess: [Int]?
    /// The mean of the middle half of each measured pass's frame costs (its interquartile
    /// mean, ``Bootstrap/midmean(ofSorted:)``), in pass order. Optional: results written
    /// before it existed lack it. When present, the report compares strategies by the median
    /// of these rather than of ``passMediansNanos``: a pass's median falls on a tick of the
    /// clock, and at 200 ns a frame one tick is 5 %.
    public var passMidmeansNanos: [Double]?
    /// With estimated sizes: the anchor policy the run's viewport followed (`none`,
    /// `first-visible`, `last-visible`). Optional: absent when every size is known.
    public var anchor: String?
    /// With estimated sizes: how far visible elements moved on screen net of the scroll.
    public var visibleDisplacement: VisibleDisplacement?
    /// With estimated sizes: the offset corrections anchoring made.
    public var offsetCorrections: OffsetCorrections?
    /// With estimated sizes: the content height at the estimates against the final one.
    public var contentSizeDrift: ContentSizeDrift?
    /// With estimated sizes: the cost of the frames that measured something (and their
    /// allocations, with a memory probe). Optional: absent when every size is known.
    public var measurementFrameNanos: MeasurementFrameNanos?
    /// With `scroll-to-item` events: the worst error at the first landing and settled, and
    /// the most rounds. Optional: absent when the trace scrolls to no item.
    public var scrollToError: ScrollToError?
    /// With estimated sizes: visible displacement along the trace, in points: the frames of
    /// the first measured pass cut into at most ``ReplayOptions/timelinePoints`` buckets of
    /// consecutive frames, each the largest displacement of its frames (as ``timeline``
    /// keeps the costliest), so that a jump is never averaged away. Optional: absent when
    /// every size is known.
    public var displacementTimeline: [Double]?
    /// With a trace that types (`cell-content` events): its keystroke frames, those that
    /// changed a row's height apart, with their costs. Optional: absent when it types
    /// nothing.
    public var keystrokes: KeystrokeFrames?
    /// With estimated sizes, over a layout that counts them (`GridLayout.laneChanges`: the
    /// waterfall, the columnar grouped layout): how many times an item (waterfall) or a
    /// section (columnar grouped) changed column because of a measurement, over one pass
    /// (the last; every pass starts over from the estimates and counts the same). 0 in
    /// `stable` lanes or placement. Optional: absent when every size is known, and for a
    /// layout or strategy that does not count them (a third party's, the scan strategy).
    public var laneChanges: Int?

    /// The median frame cost the report compares: the median of ``passMediansNanos``, or
    /// the p50 for results without passes.
    public var medianNanos: Double { passMediansNanos.map(Bootstrap.median) ?? frameNanos.p50 }

    /// The frame cost the report compares: the median of ``comparedPassesByProcess`` (the
    /// passes' midmeans when recorded, else their medians), else the p50.
    public var comparedNanos: Double {
        comparedPassesByProcess.map { Bootstrap.median($0.flatMap { $0 }) } ?? frameNanos.p50
    }

    /// ``passMediansNanos`` grouped by the process that measured them (one group when
    /// ``passesPerProcess`` is absent or does not add up to the passes), or `nil` without
    /// pass medians.
    public var passMediansByProcess: [[Double]]? { passMediansNanos.map(grouped) }

    /// The per-pass figures the report compares, grouped by process as
    /// ``passMediansByProcess``: ``passMidmeansNanos`` when recorded (and as many as the
    /// passes), else ``passMediansNanos``; `nil` without either.
    public var comparedPassesByProcess: [[Double]]? {
        if comparesMidmeans, let midmeans = passMidmeansNanos { return grouped(midmeans) }
        return passMediansByProcess
    }

    /// Whether the report compares this run by its passes' midmeans (recorded, one per pass).
    public var comparesMidmeans: Bool {
        guard let midmeans = passMidmeansNanos, !midmeans.isEmpty else { return false }
        return midmeans.count == passMediansNanos?.count ?? midmeans.count
    }

    /// `values`, one per pass, split by ``passesPerProcess``.
    private func grouped(_ values: [Double]) -> [[Double]] {
        guard let counts = passesPerProcess, counts.allSatisfy({ $0 >= 0 }), counts.reduce(0, +) == values.count else { return [values] }
        var groups: [[Double]] = []
        var start = 0
        for count in counts {
            groups.append(Array(values[start..<(start + count)]))
            start += count
        }
        return groups
    }

    public init(
        layout: String, strategy: String, adaptiveChoice: String? = nil, dataset: String, tiles: Int, sections: Int,
        trace: String, refreshHz: Int, frames: Int, passes: Int, frameNanos: Percentiles, budgetShareP99: Double,
        layoutBudgetNanos: Double, hitchesPerPass: Double, hitchMillisPerSecond: Double, prepareNanos: Int,
        retainedBytes: Int?, peakBytes: Int?, allocationsPerFrame: Double?, floorNanosP50: Double, floorMultiple: Double,
        fixture: FixtureVerdict, firstMismatchFrame: Int? = nil, distribution: [PercentilePoint]? = nil, timeline: [Double]? = nil,
        eventFrames: [Int]? = nil, adaptiveThreshold: Int? = nil, passMediansNanos: [Double]? = nil,
        frameNanosP50Interval: ConfidenceInterval? = nil, instructionsPerFrame: Double? = nil, passesPerProcess: [Int]? = nil,
        passMidmeansNanos: [Double]? = nil, rebuildNanos: Int? = nil
    ) {
        self.rebuildNanos = rebuildNanos
        self.layout = layout
        self.strategy = strategy
        self.adaptiveChoice = adaptiveChoice
        self.dataset = dataset
        self.tiles = tiles
        self.sections = sections
        self.trace = trace
        self.refreshHz = refreshHz
        self.frames = frames
        self.passes = passes
        self.frameNanos = frameNanos
        self.budgetShareP99 = budgetShareP99
        self.layoutBudgetNanos = layoutBudgetNanos
        self.hitchesPerPass = hitchesPerPass
        self.hitchMillisPerSecond = hitchMillisPerSecond
        self.prepareNanos = prepareNanos
        self.retainedBytes = retainedBytes
        self.peakBytes = peakBytes
        self.allocationsPerFrame = allocationsPerFrame
        self.floorNanosP50 = floorNanosP50
        self.floorMultiple = floorMultiple
        self.fixture = fixture
        self.firstMismatchFrame = firstMismatchFrame
        self.distribution = distribution
        self.timeline = timeline
        self.eventFrames = eventFrames
        self.adaptiveThreshold = adaptiveThreshold
        self.passMediansNanos = passMediansNanos
        self.frameNanosP50Interval = frameNanosP50Interval
        self.instructionsPerFrame = instructionsPerFrame
        self.passesPerProcess = passesPerProcess
        self.passMidmeansNanos = passMidmeansNanos
    }
}
