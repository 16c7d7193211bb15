import GridConformance
import GridCore
import Testing

/// Runs the conformance suite on layouts made by `makeLayout` and records a Swift Testing
/// issue for every violation, printed in full, and one when nothing could be checked.
///
/// ```swift
/// @Test func obeysTheGridLayoutLaws() {
///     expectConformance { MyLayout(columns: 3) }
/// }
/// ```
///
/// A layout that may trap (`fatalError`, an index out of range…) would end the test process
/// with it; isolated, each case runs in a child process and a trap is an issue like any
/// other violation, naming the case, the call and the signal (see `ConformanceIsolation`):
///
/// ```swift
/// expectConformance(options: .quick.isolated()) { MyLayout(columns: 3) }
/// ```
///
/// - Returns: the report, for a test that wants to look further.
@discardableResult
public func expectConformance<L: GridLayout>(
    _ name: String? = nil,
    options: ConformanceOptions = ConformanceOptions(),
    sourceLocation: SourceLocation = #_sourceLocation,
    makeLayout: () -> L
) -> ConformanceReport {
    let report = GridConformance.check(name, options: options, makeLayout: makeLayout)
    recordIssues(for: report, sourceLocation: sourceLocation)
    return report
}

/// Records a Swift Testing issue for every violation in `report` (and for the omitted
/// ones, together), and one when the report checked nothing.
public func recordIssues(for report: ConformanceReport, sourceLocation: SourceLocation = #_sourceLocation) {
    if report.nothingChecked {
        Issue.record(Comment(rawValue: report.description), sourceLocation: sourceLocation)
        return
    }
    for violation in report.violations {
        Issue.record(Comment(rawValue: violation.description), sourceLocation: sourceLocation)
    }
    if report.omittedViolations > 0 {
        Issue.record(
            Comment(rawValue: "\(report.omittedViolations) more conformance violations of \(report.layout) not shown (ConformanceOptions.maxViolations)"),
            sourceLocation: sourceLocation)
    }
}
