import GridConformance
import GridConformanceTesting
import GridConformanceXCTest
import GridCore
import GridLayouts
import Testing
import XCTest

/// The Swift Testing adapter: one call in a test.
@Suite struct SwiftTestingAdapterTests {
    @Test func tileGridPassesThroughTheAdapter() {
        let report = expectConformance(options: .quick) { TileGrid() }
        #expect(report.isPassing)
    }

    /// Every issue the adapter records for this layout names law 8 (or counts the violations
    /// beyond the cap); `withKnownIssue` fails the test if none is recorded.
    @Test func aBrokenLayoutRecordsAnIssuePerViolation() {
        withKnownIssue {
            let report = expectConformance(options: .quick, makeLayout: BrokenTileGrid.factory(.overlappingCells))
            #expect(report.violatedLaws == [.nonOverlap])
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("law 8 (non-overlap)") || $0.rawValue.contains("more conformance violations of") }
        }
    }

    @Test func nothingCheckedIsAnIssue() {
        withKnownIssue {
            expectConformance(options: .quick) { TileGrid(TileGrid.Configuration(tilesPerLine: 1000)) }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("checked NOTHING") }
        }
    }
}

/// The XCTest adapter: one call in a test method.
final class XCTestAdapterTests: XCTestCase {
    func testTileGridPassesThroughTheAdapter() {
        let report = XCTAssertConformance(options: .quick) { TileGrid() }
        XCTAssertTrue(report.isPassing)
    }

    #if os(Linux)
    /// A broken layout fails the test once per violation, each naming the law, at the
    /// caller's file and line. The failures are captured by running the assertion inside a
    /// nested test case that records them instead of failing (swift-corelibs-xctest API).
    func testABrokenLayoutFailsOncePerViolation() {
        var report: ConformanceReport?
        let nested = FailureRecorder(name: "nested") { _ in
            report = XCTAssertConformance(options: .quick, makeLayout: BrokenTileGrid.factory(.answersBeyondData))
        }
        nested.run()
        XCTAssertEqual(report?.violatedLaws, [.validity])
        XCTAssertEqual(nested.failures.count, report.map { $0.violations.count + ($0.omittedViolations > 0 ? 1 : 0) })
        XCTAssertFalse(nested.failures.isEmpty)
        XCTAssertTrue(nested.failures.allSatisfy { $0.description.contains("law 3 (validity)") })
        XCTAssertTrue(nested.failures.allSatisfy { $0.file.hasSuffix("AdapterTests.swift") && $0.line > 0 })
    }

    /// Isolated, a layout that traps fails the test with the trap (one section of 7 items is
    /// the smallest that holds an item 6, and the first call that traps there asks for it),
    /// and the test process lives on to say so.
    func testAnIsolatedTrapFailsTheTest() throws {
        var report: ConformanceReport?
        let options = ConformanceOptions(
            dataShapes: [try DataShape(itemCounts: [2, 9])], containers: [Size(width: 320, height: 480)],
            changes: [], randomRects: 4, widthSweep: []).isolated()
        let nested = FailureRecorder(name: "nested") { _ in
            report = XCTAssertConformance(options: options) { TrappingTileGrid(.sixColumnTable) }
        }
        nested.run()
        XCTAssertEqual(nested.failures.count, 1)
        XCTAssertTrue(nested.failures.first?.description.contains("[trapped]") ?? false)
        XCTAssertTrue(nested.failures.first?.description.contains("during attributes(at: [0, 6])") ?? false)
        XCTAssertEqual(report?.violations.first?.configuration.data.itemCounts, [7])
    }
    #endif
}

#if os(Linux)
/// A test case that keeps its failures instead of reporting them.
private final class FailureRecorder: XCTestCase, @unchecked Sendable {
    struct Failure {
        var description: String
        var file: String
        var line: Int
    }

    private(set) var failures: [Failure] = []

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        failures.append(Failure(description: description, file: filePath, line: lineNumber))
    }
}
#endif
