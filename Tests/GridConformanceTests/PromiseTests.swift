import GridConformance
import GridCore
import GridLayouts
import GridStrategies
import Testing

/// What a told update says it did (`SectionShiftReporting`), checked against what moved.
@Suite struct ShiftReportingTests {
    /// The quick shapes, the standard changes told and untold, and a few short sequences.
    static var options: ConformanceOptions {
        var options = ConformanceOptions.quick
        options.editSequences = 3
        options.editSequenceLength = 12
        return options
    }

    @Test func theTileGridsWordIsWhatItsUpdateDid() {
        let report = GridConformance.check("ShiftReportingTileGrid", options: Self.options) { ShiftReportingTileGrid() }
        #expect(report.isPassing, "\(report)")
        let promise = report.promises.first { $0.kind == .sectionShiftReporting }
        #expect(promise?.made == true)
        // Every told update (the told twins of the data changes, the container changes and the
        // sequences' steps) is told through prepareReportingShift as well; edits in whole
        // points report a shift.
        #expect((promise?.checks ?? 0) > 0 && (promise?.compared ?? 0) > 0, "\(report.promises)")
        #expect(report.description.contains("SectionShiftReporting (law 6): \(promise?.checks ?? -1) told updates checked"))
    }

    @Test func anOffsetOfZeroWhileTheSectionsMovedIsALaw6Violation() {
        let report = GridConformance.check("ShiftReportingTileGrid(reportsNoOffset)", options: Self.options) {
            ShiftReportingTileGrid(bug: .reportsNoOffset)
        }
        // Every answer is the grid's: only the word is wrong.
        #expect(report.violatedLaws == [.freshness], "\(report)")
        #expect(report.violations.allSatisfy { $0.code == .shiftMisreported }, "\(report)")
    }

    /// One told insertion, worked out by hand: `[5, 3, 4]` in CHGridView's grid (4 tiles a
    /// line, rows of 79, padding 4, titles of 22), 3 items inserted into section 1, which
    /// grows from 1 row to 2: section 2 moves down by one row, 79 points.
    @Test func theViolationNamesTheFirstElementWhereWordAndDeedDiffer() throws {
        var options = ConformanceOptions(
            dataShapes: [try DataShape(itemCounts: [5, 3, 4])], containers: [Size(width: 320, height: 480)], changes: [.insertItems],
            widthSweep: [])
        options.editSequences = 0
        options.shrinks = false
        let report = GridConformance.check("Misreporting", options: options) { ShiftReportingTileGrid(bug: .reportsNoOffset) }
        let violation = try #require(report.violations.first { $0.code == .shiftMisreported }, "\(report)")
        // top_0 = 0; top_1 = 22 + 2·79 + 4 = 184; top_2 = 184 + 22 + 79 + 4 = 289 before the
        // insertion, 184 + 22 + 2·79 + 4 = 368 after it.
        let header = ElementID(kind: .sectionHeader, path: ItemPath(section: 2, item: 0))
        #expect(violation.law == .freshness)
        #expect(violation.subject == .element(header))
        #expect(violation.expected == .attributes(LayoutAttributes(kind: .sectionHeader, path: ItemPath(section: 2, item: 0), frame: Rect(x: 0, y: 289, width: 320, height: 22))))
        #expect(violation.actual == .attributes(LayoutAttributes(kind: .sectionHeader, path: ItemPath(section: 2, item: 0), frame: Rect(x: 0, y: 368, width: 320, height: 22))))
        #expect(violation.problem.contains("SectionShift(firstChanged: 1, movedFrom: 2, movedTo: 2, offset: 0.0, changedSpan: 184.0...368.0)"), "\(violation)")
    }

    /// Why the word matters: the cached strategy keeps its arrays on it, and over the
    /// misreporting grid answers wrong, while over the right one it passes.
    @Test func theCachedStrategyOverAMisreportingLayoutAnswersWrong() {
        var options = ConformanceOptions.quick
        options.editSequences = 0
        let right = GridConformance.check(options: options) { CachedLayout(ShiftReportingTileGrid()) }
        #expect(right.isPassing, "\(right)")
        let wrong = GridConformance.check(options: options) { CachedLayout(ShiftReportingTileGrid(bug: .reportsNoOffset)) }
        #expect(wrong.violatedLaws.contains(.freshness), "\(wrong)")
        // The strategy itself makes no promise of a shift: what it answers is what is wrong.
        #expect(!wrong.violations.contains { $0.code == .shiftMisreported }, "\(wrong)")
    }
}

/// What an enumeration says it lists (`ScrollOrderedEnumeration`), checked against the rect
/// query over the whole content, element for element and in order.
@Suite struct EnumerationTests {
    @Test func aRightEnumerationPassesAndIsCounted() {
        let report = GridConformance.check("EnumeratingTileGrid", options: .quick) { EnumeratingTileGrid() }
        #expect(report.isPassing, "\(report)")
        // Every configuration checked once, and the changed ones after their second prepare.
        #expect(report.checked.enumerations == report.checked.configurations, "\(report.checked)")
        #expect(report.promises.first { $0.kind == .scrollOrderedEnumeration }?.made == true)
    }

    @Test(arguments: [
        (EnumeratingTileGrid.Bug.leavesOutTheLast, ConformanceViolation.Code.enumerationDiffers),
        (.listsSectionStartsTwice, .enumerationDiffers),
        (.headerAfterItsCells, .enumerationOutOfOrder),
    ])
    func aWrongEnumerationIsALaw1Violation(bug: EnumeratingTileGrid.Bug, code: ConformanceViolation.Code) {
        let report = GridConformance.check("EnumeratingTileGrid(\(bug))", options: .quick) { EnumeratingTileGrid(bug: bug) }
        #expect(report.violatedLaws == [.completeness], "\(report)")
        #expect(report.violations.allSatisfy { $0.code == code }, "\(report)")
    }

    /// `[2]` in CHGridView's grid: a header (0, 0, 320, 22) and two tiles in one row at
    /// y = 22 + 4 = 26, x = 4 and 4 + 75 + 4 = 83, 75 × 75. Left out, the last is tile 1.
    @Test func theViolationNamesTheElementLeftOut() throws {
        var options = ConformanceOptions(dataShapes: [try DataShape(itemCounts: [2])], containers: [Size(width: 320, height: 480)], changes: [])
        options.shrinks = false  // shrunk, it is the header of an empty section
        let report = GridConformance.check(options: options) { EnumeratingTileGrid(bug: .leavesOutTheLast) }
        let violation = try #require(report.violations.first, "\(report)")
        #expect(violation.subject == .element(ElementID(kind: .cell, path: ItemPath(section: 0, item: 1))))
        #expect(violation.expected == .attributes(.cell(ItemPath(section: 0, item: 1), frame: Rect(x: 83, y: 26, width: 75, height: 75))))
        #expect(violation.problem.contains("2 elements listed, where the rect query over the whole content returns 3: 1 left out"), "\(violation)")
    }

    /// The reference layouts that enumerate (tile grid, data grid, span grid) have theirs
    /// checked wherever they are.
    @Test func theReferenceEnumerationsAreChecked() {
        let report = GridConformance.check(options: .quick) { TileGrid(.chGridView) }
        #expect(report.isPassing, "\(report)")
        #expect(report.checked.enumerations == report.checked.configurations)
        #expect(report.description.contains("ScrollOrderedEnumeration (law 1): \(report.checked.enumerations) enumerations compared"))
    }
}

/// What a layout declares about itself (`traits`), compared with a fresh layout's after
/// every prepare, told or not (law 6), and between two fresh layouts (law 5).
@Suite struct TraitsAfterAChangeTests {
    @Test func traitsThatFollowTheContainerPass() {
        let report = GridConformance.check("SquareTileGrid", options: .quick) { SquareTileGrid() }
        #expect(report.isPassing, "\(report)")
        // Every configuration a change produced, and every pair made for law 5.
        #expect(report.checked.traitsComparisons == report.checked.freshnessComparisons + report.checked.determinismComparisons)
        #expect(report.description.contains("traits (laws 5, 6): compared with a fresh layout's \(report.checked.traitsComparisons) times"))
    }

    @Test func traitsKeptFromTheFirstPrepareAreALaw6Violation() {
        let report = GridConformance.check("SquareTileGrid(traitsFromFirstPrepare)", options: .quick) {
            SquareTileGrid(bug: .traitsFromFirstPrepare)
        }
        #expect(report.violatedLaws == [.freshness], "\(report)")
        #expect(report.violations.allSatisfy { $0.code == .traitsDiffer && $0.subject == .traits }, "\(report)")
        // Only a new width changes a row: every violation comes from a container change.
        #expect(report.violations.allSatisfy { violation in
            violation.configuration.previous.map { $0.container.width != violation.configuration.container.width } ?? false
        }, "\(report)")
    }

    /// Rotated from 320 × 480 to 480 × 320: tiles of floor((320 − 20) / 4) = 75 become
    /// floor((480 − 20) / 4) = 115, rows of 79 become 119, and the first row's band, from
    /// 22 + 4 = 26, ends at 26 + 115 = 141 rather than 101. The section headers (titled) pin
    /// as ever.
    @Test func theViolationSaysWhichTraitsWentStale() throws {
        var options = ConformanceOptions(
            dataShapes: [try DataShape(itemCounts: [5])], containers: [Size(width: 320, height: 480)], changes: [.rotate], widthSweep: [])
        options.editSequences = 0
        options.shrinks = false
        let report = GridConformance.check(options: options) { SquareTileGrid(bug: .traitsFromFirstPrepare) }
        let violation = try #require(report.violations.first, "\(report)")
        #expect(violation.law == .freshness && violation.code == .traitsDiffer)
        #expect(violation.expected == .text("lineHeight 119.0; pinning section-header along y until the next, cell along y as the band [26.0, 141.0)"), "\(violation)")
        #expect(violation.actual == .text("lineHeight 79.0; pinning section-header along y until the next, cell along y as the band [26.0, 101.0)"), "\(violation)")
    }
}

/// Where a layout places cells in rows and columns, each cell's frame is the union of the
/// frames of the tracks it spans (law 2).
@Suite struct PlacementAgainstFrameTests {
    static func options() throws -> ConformanceOptions {
        ConformanceOptions(dataShapes: [try SpanGrid.Configuration.example.dataShape()], changes: [.rotate])
    }

    @Test func theSpanGridsPlacementsAgreeWithItsFrames() throws {
        let report = GridConformance.check("PlacedSpanGrid", options: try Self.options()) { PlacedSpanGrid() }
        #expect(report.isPassing, "\(report)")
        #expect(report.checked.placementFrames > 0)
        #expect(report.description.contains("grid placement (laws 2, 3): \(report.checked.placementFrames) cells compared with the tracks they span"))
    }

    @Test func aMergedCellPlacedInOneRowIsALaw2Violation() throws {
        let report = GridConformance.check("PlacedSpanGrid(mergedRowsReportedAsOne)", options: try Self.options()) {
            PlacedSpanGrid(bug: .mergedRowsReportedAsOne)
        }
        #expect(report.violatedLaws == [.agreement], "\(report)")
        #expect(report.violations.allSatisfy { $0.code == .placementFrameDisagrees }, "\(report)")
    }

    /// The example grid in a 320-point container: columns of 120, clamp(0.25 · 320, 60, 160)
    /// = 80, clamp(320 − 200, 80, 400) = 120 and 90 points, at x 0, 120, 200, 320; rows of 36,
    /// then 44. The merged cell at row 2, column 2, three rows by two columns, spans
    /// y 36 + 44 = 80 to 80 + 3 · 44 = 212 and x 200 to 410; placed in row 2 alone it should
    /// end at 124.
    @Test func theViolationGivesTheFrameThePlacementMeans() throws {
        var options = try Self.options()
        options.containers = [Size(width: 320, height: 480)]
        options.changes = []
        options.shrinks = false
        let report = GridConformance.check(options: options) { PlacedSpanGrid(bug: .mergedRowsReportedAsOne) }
        let violation = try #require(report.violations.first, "\(report)")
        guard case .element(let id) = violation.subject, case .attributes(let actual?) = violation.actual,
              case .attributes(let expected?) = violation.expected
        else {
            Issue.record("expected a cell and two frames: \(violation)")
            return
        }
        #expect(id.kind == .cell)
        #expect(actual.frame == Rect(x: 200, y: 80, width: 210, height: 132), "\(violation)")
        #expect(expected.frame == Rect(x: 200, y: 80, width: 210, height: 44), "\(violation)")
        #expect(violation.problem.contains("rows 2 cover y 80.0..<124.0"), "\(violation)")
    }
}
