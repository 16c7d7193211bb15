import GridCore
import GridHarness

/// The checks a report makes on the runs it reads, so that a damaged results file is
/// refused by field rather than drawn as a chart with a hole or a NaN in a table.
extension RunRecord {
    /// Throws a ``GridError`` naming the first figure of this run that no measurement can
    /// produce: a negative count, or a time, share or byte count that is negative, NaN,
    /// infinite or subnormal. Fields are named as in the results file, under `prefix` (`runs[3].`).
    /// - Complexity: O(d + t), the lengths of the distribution and the timeline.
    func validate(fieldPrefix prefix: String) throws(GridError) {
        func figure(_ value: Double, _ field: String) throws(GridError) {
            guard value.isFinite, value >= 0 else {
                throw .invalidData(prefix + field, value, expected: "a finite number ≥ 0")
            }
            // A subnormal figure (5e-324) is no measurement, and its powers of ten
            // underflow to 0: a chart's log axis would place it at NaN.
            guard value == 0 || value.isNormal else {
                throw .invalidData(prefix + field, value, expected: "0 or a finite number ≥ 2.2e-308 (a subnormal figure is no measurement)")
            }
        }
        func count(_ value: Int, _ field: String, atLeast minimum: Int = 0) throws(GridError) {
            guard value >= minimum else {
                throw .invalidData(prefix + field, value, expected: "an integer ≥ \(minimum)")
            }
        }
        for (value, field) in [(layout, "layout"), (strategy, "strategy"), (dataset, "dataset"), (trace, "trace")] where value.isEmpty {
            throw .invalidData(prefix + field, "\"\"", expected: "a non-empty name")
        }
        try count(tiles, "tiles")
        try count(sections, "sections")
        try count(refreshHz, "refreshHz", atLeast: 1)
        try count(frames, "frames")
        try count(passes, "passes")
        try count(prepareNanos, "prepareNanos")
        if let rebuildNanos { try count(rebuildNanos, "rebuildNanos") }
        if let retainedBytes { try count(retainedBytes, "retainedBytes") }
        if let peakBytes { try count(peakBytes, "peakBytes") }
        try figure(frameNanos.p50, "frameNanos.p50")
        try figure(frameNanos.p90, "frameNanos.p90")
        try figure(frameNanos.p99, "frameNanos.p99")
        try figure(frameNanos.p999, "frameNanos.p999")
        try figure(frameNanos.max, "frameNanos.max")
        try figure(budgetShareP99, "budgetShareP99")
        try figure(layoutBudgetNanos, "layoutBudgetNanos")
        guard layoutBudgetNanos > 0 else { throw .invalidData(prefix + "layoutBudgetNanos", layoutBudgetNanos, expected: "a finite number > 0") }
        try figure(hitchesPerPass, "hitchesPerPass")
        guard hitchesPerPass <= Double(frames) else {
            throw .invalidData(prefix + "hitchesPerPass", hitchesPerPass, expected: "at most the frames of a pass (\(frames))")
        }
        try figure(hitchMillisPerSecond, "hitchMillisPerSecond")
        try figure(floorNanosP50, "floorNanosP50")
        try figure(floorMultiple, "floorMultiple")
        if let firstMismatchFrame {
            guard firstMismatchFrame >= 0, firstMismatchFrame < max(frames, 1) else {
                throw .invalidData(prefix + "firstMismatchFrame", firstMismatchFrame, expected: "a frame index in 0..<\(frames)")
            }
        }
        for (index, frame) in (eventFrames ?? []).enumerated() where frame < 0 || frame >= max(frames, 1) {
            throw .invalidData(prefix + "eventFrames[\(index)]", frame, expected: "a frame index in 0..<\(frames)")
        }
        if let adaptiveThreshold { try count(adaptiveThreshold, "adaptiveThreshold") }
        try validateMeasuredSizes(fieldPrefix: prefix, figure: figure, count: count)
        if let allocationsPerFrame { try figure(allocationsPerFrame, "allocationsPerFrame") }
        for (index, point) in (distribution ?? []).enumerated() {
            guard point.percentile.isFinite, (0...100).contains(point.percentile) else {
                throw .invalidData(prefix + "distribution[\(index)].percentile", point.percentile, expected: "a percentile from 0 to 100")
            }
            try figure(point.nanos, "distribution[\(index)].nanos")
        }
        for (index, nanos) in (timeline ?? []).enumerated() {
            try figure(nanos, "timeline[\(index)]")
        }
        for (index, nanos) in (passMediansNanos ?? []).enumerated() {
            try figure(nanos, "passMediansNanos[\(index)]")
        }
        for (index, nanos) in (passMidmeansNanos ?? []).enumerated() {
            try figure(nanos, "passMidmeansNanos[\(index)]")
        }
        if let passesPerProcess {
            for (index, passes) in passesPerProcess.enumerated() { try count(passes, "passesPerProcess[\(index)]") }
            let sum = passesPerProcess.reduce(0) { $0 &+ $1 }
            guard sum == passMediansNanos?.count else {
                throw .invalidData(
                    prefix + "passesPerProcess", "\(passesPerProcess) (\(sum) passes)",
                    expected: "counts that add up to the \(passMediansNanos?.count ?? 0) entries of passMediansNanos")
            }
        }
        if let interval = frameNanosP50Interval {
            try figure(interval.low, "frameNanosP50Interval.low")
            try figure(interval.high, "frameNanosP50Interval.high")
            guard interval.low <= interval.high else {
                throw .invalidData(prefix + "frameNanosP50Interval.high", interval.high, expected: "at least low (\(interval.low))")
            }
        }
        if let instructionsPerFrame { try figure(instructionsPerFrame, "instructionsPerFrame") }
    }
}

extension ResultsDocument {
    /// Throws a ``GridError`` naming the first run figure that cannot be a measurement,
    /// as `runs[3].frameNanos.p99`.
    /// - Complexity: O(total length of all runs).
    func validateRuns() throws(GridError) {
        for (index, run) in runs.enumerated() {
            try run.validate(fieldPrefix: "runs[\(index)].")
        }
    }
}

extension RunRecord {
    /// The figures of a run with estimated sizes (issue 28), when present: a known anchor
    /// policy, points, heights, times and allocations finite and ≥ 0, counts ≥ 0 and at
    /// most the run's frames.
    func validateMeasuredSizes(
        fieldPrefix prefix: String, figure: (Double, String) throws(GridError) -> Void,
        count: (Int, String, Int) throws(GridError) -> Void
    ) throws(GridError) {
        if let anchor, !["none", "first-visible", "last-visible"].contains(anchor) {
            throw .invalidData(prefix + "anchor", "\"\(anchor)\"", expected: "none, first-visible or last-visible")
        }
        func atMostFrames(_ value: Int, _ field: String) throws(GridError) {
            try count(value, field, 0)
            guard value <= max(frames, 1) else {
                throw .invalidData(prefix + field, value, expected: "at most the frames of a pass (\(frames))")
            }
        }
        if let displacement = visibleDisplacement {
            try figure(displacement.maxPoints, "visibleDisplacement.maxPoints")
            try figure(displacement.totalPoints, "visibleDisplacement.totalPoints")
            try atMostFrames(displacement.frames, "visibleDisplacement.frames")
        }
        if let corrections = offsetCorrections {
            try atMostFrames(corrections.count, "offsetCorrections.count")
            try figure(corrections.totalPoints, "offsetCorrections.totalPoints")
        }
        if let drift = contentSizeDrift {
            try figure(drift.estimatedHeight, "contentSizeDrift.estimatedHeight")
            try figure(drift.finalHeight, "contentSizeDrift.finalHeight")
        }
        if let keystrokes {
            try atMostFrames(keystrokes.frames, "keystrokes.frames")
            guard keystrokes.rowChangeFrames >= 0, keystrokes.rowChangeFrames <= keystrokes.frames else {
                throw .invalidData(prefix + "keystrokes.rowChangeFrames", keystrokes.rowChangeFrames, expected: "0 … keystrokes.frames (\(keystrokes.frames))")
            }
            for (name, cost) in [("stillNanos", keystrokes.stillNanos), ("rowChangeNanos", keystrokes.rowChangeNanos)] {
                guard let cost else { continue }
                try figure(cost.p50, "keystrokes.\(name).p50")
                try figure(cost.p99, "keystrokes.\(name).p99")
                try figure(cost.max, "keystrokes.\(name).max")
            }
        }
        if let timeline = displacementTimeline {
            guard timeline.count <= max(frames, 1) else {
                throw .invalidData(prefix + "displacementTimeline", "\(timeline.count) points", expected: "at most one per frame of a pass (\(frames))")
            }
            for (index, points) in timeline.enumerated() { try figure(points, "displacementTimeline[\(index)]") }
        }
        if let measuring = measurementFrameNanos {
            try figure(measuring.p50, "measurementFrameNanos.p50")
            try figure(measuring.p99, "measurementFrameNanos.p99")
            try figure(measuring.max, "measurementFrameNanos.max")
            try atMostFrames(measuring.frames, "measurementFrameNanos.frames")
            if let allocations = measuring.allocationsPerFrame { try figure(allocations, "measurementFrameNanos.allocationsPerFrame") }
        }
        if let laneChanges {
            // Each measuring frame moves at most every item (or section) once.
            try count(laneChanges, "laneChanges", 0)
            let (most, overflow) = max(tiles, 1).multipliedReportingOverflow(by: max(frames, 1))
            guard overflow || laneChanges <= most else {
                throw .invalidData(prefix + "laneChanges", laneChanges, expected: "at most the tiles times the frames of a pass (\(most))")
            }
        }
        if let error = scrollToError {
            try figure(error.firstPoints, "scrollToError.firstPoints")
            try figure(error.settledPoints, "scrollToError.settledPoints")
            try count(error.rounds, "scrollToError.rounds", 0)
        }
    }
}
