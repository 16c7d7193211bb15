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
        var written: [URL] = []
        for chart in charts() {
            let url = directory.appendingPathComponent(chart.relativePath)
            try AtomicFile.write(chart.chart.svg(standalone: true) + "\n", to: url)
            written.append(url)
        }
        let htmlURL = directory.appendingPathComponent(Self.htmlFileName)
        try AtomicFile.write(html(), to: htmlURL)
        written.append(htmlURL)
        let markdownURL = directory.appendingPathComponent(Self.markdownFileName)
        try AtomicFile.write(markdown(), to: markdownURL)
        written.append(markdownURL)
        return written
    }
}
