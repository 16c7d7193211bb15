import GridCore

/// Runs measured in several processes, made one.
///
/// `gridbench report --processes N` measures the whole plan in N child processes, one after
/// another, each with its share of the passes, so that the spread between processes
/// (where a process's memory and code landed, what the host was doing while it ran) shows
/// in the figures and their intervals instead of deciding them unseen. The parts of one
/// run (the same data set, trace and strategy) become one record:
///
/// - the pass medians (and midmeans), in process order, with ``RunRecord/passesPerProcess``
///   saying whose they are; the interval of their median by the two-stage bootstrap
///   (``Bootstrap/medianInterval(groups:seed:)``);
/// - each percentile, the p99's share of the budget, the prepare cost, retained and peak
///   memory and the floor: the median over the processes (the worst frame: the worst);
/// - hitches: the mean per pass over every pass; allocations per frame: the most any
///   process saw; the fixture verdict: failed if any process failed, at the earliest frame;
/// - the distribution and timeline: those of the process whose compared frame cost
///   (``RunRecord/comparedNanos``: midmean, else median) is the median of the processes'.
extension RunRecord {
    /// The record of one run whose parts were measured in separate processes, in order.
    ///
    /// - Throws: `GridError` when `parts` is empty or its records are not of one
    ///   run (layout, data set, trace, strategy and frames differ).
    public static func merging(_ parts: [RunRecord]) throws(GridError) -> RunRecord {
        guard let first = parts.first else {
            throw .invalidParameter("parts", 0, expected: "the records of at least one process")
        }
        for (index, part) in parts.enumerated()
        where part.layout != first.layout || part.dataset != first.dataset || part.trace != first.trace
            || part.strategy != first.strategy || part.frames != first.frames {
            throw .invalidParameter(
                "parts[\(index)]", "\(part.dataset) · \(part.trace) · \(part.strategy)",
                expected: "\(first.dataset) · \(first.trace) · \(first.strategy), as the first part")
        }
        guard parts.count > 1 else { return first }

        func median(_ values: [Double]) -> Double { Bootstrap.median(values) }
        func medianInt(_ values: [Int?]) -> Int? {
            let known = values.compactMap { $0 }
            return known.isEmpty ? nil : Int(median(known.map(Double.init)).rounded())
        }
        var merged = first
        merged.passes = parts.reduce(0) { $0 + $1.passes }
        merged.frameNanos = Percentiles(
            p50: median(parts.map(\.frameNanos.p50)), p90: median(parts.map(\.frameNanos.p90)),
            p99: median(parts.map(\.frameNanos.p99)), p999: median(parts.map(\.frameNanos.p999)),
            max: parts.map(\.frameNanos.max).max() ?? first.frameNanos.max)
        merged.budgetShareP99 = median(parts.map(\.budgetShareP99))
        let passes = Double(max(merged.passes, 1))
        merged.hitchesPerPass = parts.reduce(0) { $0 + $1.hitchesPerPass * Double($1.passes) } / passes
        merged.hitchMillisPerSecond = parts.reduce(0) { $0 + $1.hitchMillisPerSecond * Double($1.passes) } / passes
        merged.prepareNanos = medianInt(parts.map(\.prepareNanos)) ?? first.prepareNanos
        merged.rebuildNanos = medianInt(parts.compactMap(\.rebuildNanos))
        merged.retainedBytes = medianInt(parts.map(\.retainedBytes))
        merged.peakBytes = medianInt(parts.map(\.peakBytes))
        merged.allocationsPerFrame = parts.compactMap(\.allocationsPerFrame).max()
        merged.floorNanosP50 = median(parts.map(\.floorNanosP50))
        merged.floorMultiple = merged.floorNanosP50 > 0 ? merged.frameNanos.p50 / merged.floorNanosP50 : 0
        merged.fixture = parts.contains { $0.fixture == .fail } ? .fail : .pass
        merged.firstMismatchFrame = parts.compactMap(\.firstMismatchFrame).min()
        merged.instructionsPerFrame = nil

        // The process whose compared frame cost (midmean, else median) is the median of the
        // processes': its charts stand for all.
        let byMedian = parts.indices.sorted { parts[$0].comparedNanos < parts[$1].comparedNanos }
        let middle = parts[byMedian[(byMedian.count - 1) / 2]]
        merged.distribution = middle.distribution
        merged.timeline = middle.timeline

        merged.passMidmeansNanos = parts.allSatisfy { $0.passMidmeansNanos != nil && $0.passMidmeansNanos?.count == $0.passMediansNanos?.count }
            ? parts.flatMap { $0.passMidmeansNanos ?? [] } : nil
        if parts.allSatisfy({ $0.passMediansNanos != nil }) {
            let groups = parts.flatMap { $0.passMediansByProcess ?? [] }
            merged.passMediansNanos = groups.flatMap { $0 }
            merged.passesPerProcess = groups.map(\.count)
            merged.frameNanosP50Interval = Bootstrap.medianInterval(groups: groups)
        } else {
            merged.passMediansNanos = nil
            merged.passesPerProcess = nil
            merged.frameNanosP50Interval = nil
        }
        return merged
    }
}

extension ResultsDocument {
    /// One document from the documents of the same plan measured in separate processes, in
    /// order: each run's parts merged (``RunRecord/merging(_:)``), in the first document's
    /// order of runs; the environment is the first's, with `processes` set to their number.
    /// A later document may hold only some of the first's runs (the data sets that needed
    /// more than one process); a run it lacks keeps the parts the others measured.
    ///
    /// - Throws: `GridError` when `documents` is empty, or a later document holds
    ///   a run the first does not (or more of one than the first).
    public static func merging(_ documents: [ResultsDocument]) throws(GridError) -> ResultsDocument {
        guard let first = documents.first else {
            throw .invalidParameter("documents", 0, expected: "the results of at least one process")
        }
        func key(_ run: RunRecord) -> String { "\(run.dataset)\u{1F}\(run.trace)\u{1F}\(run.strategy)" }
        // Each run of the first document, by key, in order (a key twice: its occurrences).
        var positions: [String: [Int]] = [:]
        for (index, run) in first.runs.enumerated() { positions[key(run), default: []].append(index) }
        var parts = first.runs.map { [$0] }
        for (number, document) in documents.enumerated().dropFirst() {
            var seen: [String: Int] = [:]
            for (index, run) in document.runs.enumerated() {
                let k = key(run)
                let occurrence = seen[k, default: 0]
                seen[k] = occurrence + 1
                guard let candidates = positions[k], occurrence < candidates.count else {
                    throw .invalidParameter(
                        "documents[\(number)].runs[\(index)]", "\(run.dataset) · \(run.trace) · \(run.strategy)",
                        expected: "one of the first process's runs")
                }
                parts[candidates[occurrence]].append(run)
            }
        }
        var runs: [RunRecord] = []
        runs.reserveCapacity(parts.count)
        for part in parts { runs.append(try RunRecord.merging(part)) }
        var environment = first.environment
        environment["processes"] = String(documents.count)
        var merged = ResultsDocument(environment: environment, runs: runs)
        merged.schemaVersion = first.schemaVersion
        return merged
    }
}
