import Foundation
import GridHarness

/// Writing the report: the only part that touches the disk.
extension StrategyReport {
    /// Writes `strategy-comparison.md`, `strategy-comparison.html` and `charts/*.svg` into
    /// `directory` (created if missing), each atomically, and returns the files written.
    ///
    /// The charts go first and the Markdown that references them last, so a reader never
    /// finds a report pointing at a chart that is not there yet.
    public func write(to directory: URL) throws -> [URL] {
        try LayoutReports([self]).write(to: directory)
    }
}
