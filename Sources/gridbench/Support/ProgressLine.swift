import Foundation
import GridHarness

/// One-line accounts of runs, for progress on the terminal and in logs.
enum ProgressLine {
    /// `photos-2976 · fling-120hz · cached: p50 0.84 µs, p99 2.1 µs, fixture pass`.
    static func finished(_ record: RunRecord) -> String {
        var line = "\(record.dataset) · \(record.trace) · \(record.strategy)"
        if let choice = record.adaptiveChoice { line += " (\(choice))" }
        line += ": p50 \(micro(record.frameNanos.p50)), p99 \(micro(record.frameNanos.p99)), max \(micro(record.frameNanos.max))"
        line += ", prepare \(micro(Double(record.prepareNanos)))"
        if let retained = record.retainedBytes { line += ", retains \(bytes(retained))" }
        line += ", fixture \(record.fixture.rawValue)"
        if let frame = record.firstMismatchFrame { line += " (first mismatch at frame \(frame))" }
        return line
    }

    static func micro(_ nanos: Double) -> String {
        let us = nanos / 1000
        if us >= 1000 { return String(format: "%.1f ms", us / 1000) }
        if us >= 100 { return String(format: "%.0f µs", us) }
        if us >= 10 { return String(format: "%.1f µs", us) }
        return String(format: "%.2f µs", us)
    }

    static func bytes(_ count: Int) -> String {
        let value = Double(count)
        let kib = 1024.0, mib = kib * 1024, gib = mib * 1024
        if value >= gib { return String(format: "%.1f GiB", value / gib) }
        if value >= mib { return String(format: "%.1f MiB", value / mib) }
        if value >= kib { return String(format: "%.1f KiB", value / kib) }
        return "\(count) B"
    }
}
