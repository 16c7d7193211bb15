import GridHarness
import GridReports

/// One-line accounts of runs, for progress on the terminal and in logs.
enum ProgressLine {
    /// `photos-2976 · fling-120hz · cached: p50 0.84 µs, p99 2.1 µs, fixture pass`.
    static func finished(_ record: RunRecord) -> String {
        var line = "\(record.dataset) · \(record.trace) · \(record.strategy)"
        if let choice = record.adaptiveChoice { line += " (\(choice))" }
        line += ": p50 \(Format.duration(record.frameNanos.p50)), p99 \(Format.duration(record.frameNanos.p99)), max \(Format.duration(record.frameNanos.max))"
        line += ", prepare \(Format.duration(Double(record.prepareNanos)))"
        if let retained = record.retainedBytes { line += ", retains \(Format.bytes(Double(retained)))" }
        line += ", fixture \(record.fixture.rawValue)"
        if let frame = record.firstMismatchFrame { line += " (first mismatch at frame \(frame))" }
        return line
    }
}
