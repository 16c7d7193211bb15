import Foundation
import GridHarness
import GridReports

/// One-line accounts of runs, for progress on the terminal and in logs.
package enum ProgressLine {
    /// `photos-2976 · fling-120hz · cached: p50 0.84 µs, p99 2.1 µs, fixture pass`.
    package static func finished(_ record: RunRecord) -> String {
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

extension ProgressLine {
    /// A progress line for one long piece of work (a dump of millions of elements), on
    /// standard error and never on standard output, redrawn in place as `report`'s
    /// `[3/40] …` line is.
    ///
    /// As there, it is drawn only when standard error is a terminal (a log gets no stream of
    /// redrawn lines), and only once the work has run ``delay`` seconds, so that quick
    /// commands print nothing; the line is cleared when the work ends.
    package final class Meter {
        /// Seconds before the first line: 2, or `GRIDBENCH_PROGRESS_AFTER` (0 in the tests
        /// that run a command on a terminal to see the line).
        static var delay: Double {
            ProcessInfo.processInfo.environment["GRIDBENCH_PROGRESS_AFTER"].flatMap(Double.init).map { max(0, $0) } ?? 2
        }

        private let prefix: String
        private let enabled: Bool
        private let started = FrameClock.now()
        private let delayNanos: UInt64
        private var lastDrawn: UInt64?
        private var drawn = false

        /// A meter whose lines start with `prefix` (`gridbench dump: `).
        package init(_ prefix: String, terminal: Bool = Console.errorIsTerminal) {
            self.prefix = prefix
            enabled = terminal
            delayNanos = UInt64(Self.delay * 1e9)
        }

        /// Shows `text` (made only when it is drawn), at most four times a second unless
        /// `newStep` (the first line of a new step of the work is always drawn).
        package func update(_ text: @autoclosure () -> String, newStep: Bool = false) {
            guard enabled else { return }
            let now = FrameClock.now()
            guard now &- started >= delayNanos else { return }
            if !newStep, let lastDrawn, now &- lastDrawn < 250_000_000 { return }
            lastDrawn = now
            drawn = true
            Console.standardError("\r\u{1B}[K" + prefix + text())
        }

        /// Clears the line, if one was drawn.
        package func finish() {
            if drawn { Console.standardError("\r\u{1B}[K") }
            drawn = false
        }
    }
}
