import GridConformance
import GridCore
import XCTest

/// Runs the conformance suite on layouts made by `makeLayout` and calls `XCTFail` for
/// every violation, printed in full, and once when nothing could be checked.
///
/// ```swift
/// func testObeysTheGridLayoutLaws() {
///     XCTAssertConformance { MyLayout(columns: 3) }
/// }
/// ```
///
/// A layout that may trap (`fatalError`, an index out of range…) would end the test process
/// with it; isolated, each case runs in a child process and a trap is a failure like any
/// other violation, naming the case, the call and the signal (see `ConformanceIsolation`):
///
/// ```swift
/// XCTAssertConformance(options: ConformanceOptions().isolated(timeout: 60)) { MyLayout(columns: 3) }
/// ```
///
/// - Returns: the report, for a test that wants to look further.
@discardableResult
public func XCTAssertConformance<L: GridLayout>(
    _ name: String? = nil,
    options: ConformanceOptions = ConformanceOptions(),
    file: StaticString = #filePath,
    line: UInt = #line,
    makeLayout: () -> L
) -> ConformanceReport {
    let report = GridConformance.check(name, options: options, makeLayout: makeLayout)
    XCTAssertNoViolations(report, file: file, line: line)
    return report
}

/// Calls `XCTFail` for every violation in `report` (and once for the omitted ones), and
/// once when the report checked nothing.
public func XCTAssertNoViolations(_ report: ConformanceReport, file: StaticString = #filePath, line: UInt = #line) {
    if report.nothingChecked {
        XCTFail(report.description, file: file, line: line)
        return
    }
    for violation in report.violations {
        XCTFail(violation.description, file: file, line: line)
    }
    if report.omittedViolations > 0 {
        XCTFail("\(report.omittedViolations) more conformance violations of \(report.layout) not shown (ConformanceOptions.maxViolations)", file: file, line: line)
    }
}
