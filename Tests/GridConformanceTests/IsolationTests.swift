import Foundation
@testable import GridConformance
import GridConformanceTesting
import GridCore
import GridLayouts
import Testing

/// The tile grid with one planted trap or hang, everything else right.
struct TrappingTileGrid: GridLayout {
    enum Bug: Sendable {
        /// `attributes(at:)` reads a per-column table of 6 entries at the item's index, for
        /// every item the data holds: item 6 and beyond are out of range. (Paths beyond the
        /// data are answered `nil` first.)
        case sixColumnTable
        /// `prepare` calls `fatalError` in a container narrower than 100 points when the data
        /// holds 3 items or more.
        case narrowContainer
        /// `elements(in:)` never returns when the data holds exactly 5 items: it spins,
        /// yielding the processor on every turn.
        case hangsOnFive
        /// `prepare` ends the process with status 3 when the data holds exactly 2 items.
        case exitsOnTwo
    }

    var base = TileGrid()
    let bug: Bug
    private var data = DataShape.empty
    private let table = [Double](repeating: 1, count: 6)

    init(_ bug: Bug) { self.bug = bug }

    static let narrowMessage = "container narrower than 100 points with 3 or more items"

    mutating func prepare(data: DataShape, container: Size) throws {
        if bug == .narrowContainer && container.width < 100 && data.totalItems >= 3 {
            fatalError(Self.narrowMessage)
        }
        if bug == .exitsOnTwo && data.totalItems == 2 { exit(3) }
        try base.prepare(data: data, container: container)
        self.data = data
    }

    var contentSize: Size { base.contentSize }
    var traits: LayoutTraits { base.traits }

    func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        if bug == .hangsOnFive && data.totalItems == 5 {
            // A call in the loop, not arithmetic alone: a loop with no side effect may be
            // deleted by the optimizer (in a release build it was, and the "hang" returned
            // at once), but one that calls into the C library must run as written.
            while true { sched_yield() }
        }
        base.elements(in: rect, into: &buffer)
    }

    func attributes(at path: ItemPath) -> LayoutAttributes? {
        guard let answer = base.attributes(at: path) else { return nil }
        if bug == .sixColumnTable && table[path.item] < 0 { return nil }  // traps for item ≥ 6
        return answer
    }

    func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? {
        base.supplementary(kind, at: path)
    }
}

/// Isolation: a case runs in a child process, so that a trap or a hang is a violation.
@Suite struct IsolationTests {
    /// The signal `fatalError` and a failed bounds check raise: `ud2` on x86-64, `brk` on arm64.
    static let trapSignal: String = {
        #if arch(x86_64)
        "SIGILL"
        #else
        "SIGTRAP"
        #endif
    }()

    static func options(_ counts: [Int], containers: [Size] = [Size(width: 320, height: 480)]) throws -> ConformanceOptions {
        ConformanceOptions(
            dataShapes: [try DataShape(itemCounts: counts)], containers: containers, changes: [], randomRects: 4,
            widthSweep: [], isolation: ConformanceIsolation(timeout: 30))
    }

    /// Item 6 first exists in a section of 7 items: the smallest trapping shape is one
    /// section of 7 (one item fewer has no item 6; no section at all, or fewer items in
    /// it, neither). From [4, 0, 9, 2] the shrinker gets there: [9, 2], [9], [8], [7].
    @Test func anIndexOutOfRangeIsATrapShrunkToTheSmallestCase() throws {
        let report = GridConformance.check("TrappingTileGrid", options: try Self.options([4, 0, 9, 2])) { TrappingTileGrid(.sixColumnTable) }
        #expect(report.violations.count == 1, "\(report)")
        let violation = try #require(report.violations.first)
        #expect(violation.law == .validity)
        #expect(violation.code == .trapped)
        #expect(violation.configuration.data.itemCounts == [7])
        #expect(violation.configuration.container == Size(width: 320, height: 480))
        // The first trapping call: the whole-content rect asks every item in order, and
        // (0, 6) is the first item 6.
        #expect(violation.subject == .element(ElementID(kind: .cell, path: ItemPath(section: 0, item: 6))))
        #expect(violation.shrunkFrom?.configuration.data.itemCounts == [4, 0, 9, 2])
        // In [4, 0, 9, 2] the first item 6 is in section 2.
        #expect(violation.shrunkFrom?.subject == .element(ElementID(kind: .cell, path: ItemPath(section: 2, item: 6))))
        #expect(violation.problem.contains("killed by \(Self.trapSignal)"), "\(violation)")
        #expect(violation.problem.contains("during attributes(at: [0, 6])"), "\(violation)")
        // The runtime's message is printed by a debug build only: an optimized build checks
        // the bounds all the same but traps without a word (the signal and the call above
        // are what every build reports).
        #if DEBUG
        #expect(violation.problem.contains("Index out of range"), "\(violation)")
        #endif
        #expect(violation.description.contains("[trapped]"))
        #expect(!report.isPassing)
    }

    /// `prepare` traps in the 50-point container with 3 items or more: the smallest case
    /// is 3 items in one section, in that container. From [4, 0, 9, 2]: [9, 2] (11 items),
    /// [9], [4], [3]; the 320-point container passes.
    @Test func aFatalErrorInPrepareNamesPrepareAndItsMessage() throws {
        let containers = [Size(width: 320, height: 480), Size(width: 50, height: 90)]
        let report = GridConformance.check(options: try Self.options([4, 0, 9, 2], containers: containers)) { TrappingTileGrid(.narrowContainer) }
        #expect(report.violations.count == 1, "\(report)")
        let violation = try #require(report.violations.first)
        #expect(violation.code == .trapped)
        #expect(violation.configuration.container == Size(width: 50, height: 90))
        #expect(violation.configuration.data.itemCounts == [3])
        #expect(violation.subject == .preparation)
        #expect(violation.problem.contains("killed by \(Self.trapSignal)"), "\(violation)")
        #expect(violation.problem.contains("during prepare(data:container:)"), "\(violation)")
        #expect(violation.problem.contains(TrappingTileGrid.narrowMessage), "\(violation)")
        #expect(report.checked.configurations == 2)
    }

    /// A call that never returns is killed at the time limit and named.
    @Test func aHangIsKilledAtTheTimeLimit() throws {
        var options = try Self.options([5])
        options.shrinks = false
        options.isolation = ConformanceIsolation(timeout: 0.5)
        let clock = ContinuousClock()
        let start = clock.now
        let report = GridConformance.check(options: options) { TrappingTileGrid(.hangsOnFive) }
        #expect(clock.now - start < .seconds(20))
        let violation = try #require(report.violations.first, "\(report)")
        #expect(violation.code == .timedOut)
        guard case .rect = violation.subject else {
            Issue.record("expected the rect query as the subject: \(violation)")
            return
        }
        #expect(violation.problem.contains("within 0.5 s"), "\(violation)")
        #expect(violation.problem.contains("during elements(in: "), "\(violation)")
    }

    /// A child that exits without a signal and without reporting is `exited`, with its status.
    @Test func anExitIsReportedWithItsStatus() throws {
        var options = try Self.options([2])
        options.shrinks = false
        let report = GridConformance.check(options: options) { TrappingTileGrid(.exitsOnTwo) }
        let violation = try #require(report.violations.first, "\(report)")
        #expect(violation.code == .exited)
        #expect(violation.subject == .preparation)
        #expect(violation.problem.contains("exited with status 3 during prepare(data:container:) with 1 section of 2 items in all, container 320.0 × 480.0"), "\(violation)")
    }

    /// What a child sends is read back whole, and any shorter or altered message is refused
    /// (`nil`), never a trap: the parent reads it as input.
    @Test func aChildsReportIsReadWholeOrRefused() throws {
        let configuration = ConformanceConfiguration(data: try DataShape(itemCounts: [3, 0, 6]), container: Size(width: 320, height: 480))
        var sink = ViolationSink(laws: Set(ConformanceLaw.allCases), layout: "L", configuration: configuration)
        let cell = LayoutAttributes.cell(ItemPath(section: 2, item: 5), frame: Rect(x: 1, y: -2, width: .nan, height: 4))
        sink.report(.completeness, .missingElements) { (.rect(Rect(x: 0, y: 0, width: 10, height: 20), .strip(edge: .below, at: 105.25)), "left out", .elements([cell]), .elements([])) }
        sink.report(.agreement, .itemQueryReturnedNil) { (.element(cell.id), "nil", .attributes(cell), .attributes(nil)) }
        sink.report(.additivity, .notAdditive) { (.split(whole: Rect(x: 0, y: 0, width: 4, height: 4), first: Rect(x: 0, y: 0, width: 4, height: 2), second: Rect(x: 0, y: 2, width: 4, height: 2)), "split", .size(Size(width: 1, height: 2)), .text("é")) }
        sink.report(.completeness, .missingElements) { (.contentSize, "counted", .text(""), .text("")) }
        var result = CaseResult(skipped: nil, sink: sink)
        result.counts.rectQueries = 17
        result.declaresNonOverlap = true
        let bytes = CaseWire.encode(result)
        let decoded = try #require(CaseWire.decodeResult(bytes, laws: Set(ConformanceLaw.allCases), layout: "L", configuration: configuration))
        #expect(decoded.counts == result.counts)
        #expect(decoded.declaresNonOverlap)
        #expect(decoded.sink.found.map(\.description) == sink.found.map(\.description))
        #expect(decoded.sink.found.first?.occurrences == 2)
        for length in 0 ..< bytes.count {
            #expect(CaseWire.decodeResult(Array(bytes[..<length]), laws: [], layout: "L", configuration: configuration) == nil)
        }
        #expect(CaseWire.decodeResult(bytes + [0], laws: [], layout: "L", configuration: configuration) == nil)
        var random = SeededRandom(seed: 7)
        for _ in 0 ..< 500 {  // single bytes changed: refused or read, never a trap
            var altered = bytes
            altered[Int(random.uniform(0 ... Double(bytes.count - 1)))] = UInt8(truncatingIfNeeded: Int(random.uniform(0 ... 255)))
            _ = CaseWire.decodeResult(altered, laws: [], layout: "L", configuration: configuration)
        }
    }

    /// A layout that does not trap: the same report isolated as in process, to the last count.
    @Test func aLayoutThatDoesNotTrapReportsTheSameIsolated() {
        let plain = GridConformance.check(options: .quick) { TileGrid() }
        let isolated = GridConformance.check(options: .quick.isolated()) { TileGrid() }
        #expect(plain.isPassing)
        #expect(isolated == plain)
    }

    /// Violations found in a child (and shrunk there, rect by rect) come back whole: frames,
    /// subjects, counts and the shrunk rects equal the in-process report's.
    @Test(arguments: [BrokenTileGrid.Bug.containedOnly, .itemAnswerDisagrees, .nanFrame, .overlappingCells])
    func brokenLayoutsReportTheSameIsolated(bug: BrokenTileGrid.Bug) throws {
        let options = ConformanceOptions(
            dataShapes: [try DataShape(itemCounts: [3, 0, 6])], containers: [Size(width: 320, height: 480)],
            changes: [.insertItems, .rotate], randomRects: 6, widthSweep: [])
        let plain = GridConformance.check(options: options, makeLayout: BrokenTileGrid.factory(bug))
        let isolated = GridConformance.check(options: options.isolated(), makeLayout: BrokenTileGrid.factory(bug))
        #expect(!plain.isPassing)
        #expect(isolated.description == plain.description)
        if bug != .nanFrame {  // NaN is not equal to itself: the NaN frames compare only as text
            #expect(isolated == plain)
        }
    }

    /// The Swift Testing adapter records the trap as an issue.
    @Test func theAdapterRecordsATrap() throws {
        let options = try Self.options([7])
        withKnownIssue {
            expectConformance(options: options) { TrappingTileGrid(.sixColumnTable) }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("[trapped]") && $0.rawValue.contains(Self.trapSignal) }
        }
    }
}
