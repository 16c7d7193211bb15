import GridConformance
import GridCore
import GridLayouts
import Testing

/// The data grid, the first two-axis layout, obeys every law in both modes, with and
/// without its header row and column; two-axis bugs are caught under their law and shrink
/// to a few records × fields.
@Suite struct DataGridConformanceTests {
    @Test(arguments: [
        DataGrid.Configuration.standard,
        DataGrid.Configuration(transposed: true, rowHeaderWidth: 100),
    ])
    func obeysEveryLawOnTheStandardSet(configuration: DataGrid.Configuration) {
        let report = GridConformance.check { DataGrid(configuration) }
        #expect(report.isPassing, "\(report)")
        #expect(report.lawsChecked == ConformanceLaw.undeclaredLocality)
        // 16 shapes (ragged ones among them) in 5 containers; every one accepted.
        #expect(report.checked.determinismComparisons == ConformanceOptions.standardDataShapes.count * ConformanceOptions.standardContainers.count)
        #expect(report.checked.configurations == report.checked.determinismComparisons + report.checked.freshnessComparisons)
        #expect(report.skipped.isEmpty)
        // Every cell of every configuration has its display row and column checked.
        #expect(report.checked.cellsPlaced > 0)
    }

    @Test(arguments: [
        DataGrid.Configuration(headerHeight: 0),
        DataGrid.Configuration(headerHeight: 0, rowHeaderWidth: 60),
        DataGrid.Configuration(transposed: true, headerHeight: 0),
        DataGrid.Configuration.salesExample,
        // Sizes that are not binary fractions: cells end an ulp short of the next one's start.
        DataGrid.Configuration(transposed: true, columnWidth: 33.3, rowHeight: 17.1, headerHeight: 20.2, rowHeaderWidth: 0.1),
        // Declared fields: a record may hold fewer (ragged); wider records are refused.
        DataGrid.Configuration(rowHeaderWidth: 50, fields: 12),
    ])
    func otherModesObeyEveryLaw(configuration: DataGrid.Configuration) throws {
        var options = ConformanceOptions.quick  // ragged records among them
        options.dataShapes += [try DataShape(sections: 3, itemsPerSection: 4), try DataShape(sections: 10, itemsPerSection: 12)]
        let report = GridConformance.check(options: options) { DataGrid(configuration) }
        #expect(report.isPassing, "\(report)")
        #expect(report.lawsChecked == ConformanceLaw.undeclaredLocality)
    }

    static let expectations: [(BrokenDataGrid.Bug, Bool, Set<ConformanceLaw>, ConformanceViolation.Code)] = [
        (.dropsLastColumn, false, [.completeness], .missingFromContentQuery),
        (.dropsLastColumn, true, [.completeness], .missingFromContentQuery),
        (.rowHeaderOffByOne, false, [.validity], .pathOutsideData),
        (.rowHeaderOffByOne, true, [.validity], .pathOutsideData),
        (.undeclaredCorner, false, [.validity], .pathOutsideData),
        (.transposedCellsUntransposed, true, [.agreement, .containment], .disagreesWithItemQuery),
        (.floorAtColumnBoundary, false, [.completeness], .unexpectedElements),
        (.floorAtColumnBoundary, true, [.completeness], .unexpectedElements),
        (.dropsPartlyCoveredCellInOneRow, false, [.completeness, .additivity], .missingElements),
    ]

    /// The uniform standard shapes in one container (a data grid's frames do not depend on
    /// it), and a short width sweep: shrinking re-checks every configuration a violation
    /// started in.
    static let options = ConformanceOptions(
        dataShapes: ConformanceOptions.uniformShapes, containers: [Size(width: 320, height: 480)], widthSweep: [321, 600])

    @Test(arguments: expectations)
    func twoAxisBugsAreCaughtAndShrinkToAFewRecordsAndFields(
        bug: BrokenDataGrid.Bug, transposed: Bool, laws: Set<ConformanceLaw>, code: ConformanceViolation.Code
    ) {
        let configuration = DataGrid.Configuration(transposed: transposed, rowHeaderWidth: 60)
        let report = GridConformance.check("BrokenDataGrid(\(bug))", options: Self.options) { BrokenDataGrid(bug, configuration) }
        #expect(!report.isPassing)
        #expect(Set(report.violatedLaws) == laws, "\(report)")
        #expect(report.violations.contains { $0.code == code }, "\(report)")
        // Each kind's first, printed in full, shrinks to a few records and fields; its repeats
        // in other cases (a line each) are shrunk as far as their own case goes.
        for violation in report.violations where violation.repeatOf == nil {
            let data = violation.configuration.previous?.data ?? violation.configuration.data
            #expect(data.sectionCount <= 2, "records: \(violation)")
            #expect((data.itemCounts.max() ?? 0) <= 2, "fields: \(violation)")
        }
    }

    /// A bug only rects at cells' corners show: the probes that cross both axes' boundaries
    /// find it, and so do the few crossings probed for a layout that claims to scroll only
    /// vertically (in a container wider than its content). No random rects, so that only the
    /// planned probes count.
    @Test func crossingProbesFindWhatOneAxisProbesMiss() throws {
        let options = ConformanceOptions(
            dataShapes: [try DataShape(sections: 3, itemsPerSection: 4)], containers: [Size(width: 1024, height: 768)], changes: [],
            randomRects: 0)
        let configuration = DataGrid.Configuration(rowHeaderWidth: 60)  // 60 + 4·150 = 660 wide
        let oneAxis = GridConformance.check(options: options) {
            BrokenDataGrid(.dropsPartlyCoveredCellInOneRow, configuration, scrollAxes: .vertical)
        }
        #expect(oneAxis.violatedLaws.contains(.completeness), "\(oneAxis)")
        let twoAxes = GridConformance.check(options: options) { BrokenDataGrid(.dropsPartlyCoveredCellInOneRow, configuration) }
        #expect(twoAxes.violatedLaws.contains(.completeness), "\(twoAxes)")
        let violation = try #require(twoAxes.violations.first { $0.code == .missingElements })
        guard case .rect(let rect, _) = violation.subject else {
            Issue.record("expected a rect: \(violation)")
            return
        }
        // Less than a row high and ending inside a column.
        #expect(rect.height < 44 && (rect.maxX - 60).truncatingRemainder(dividingBy: 150) != 0, "\(violation)")
        // The checked counts show the extra probes.
        #expect(twoAxes.checked.rectQueries > oneAxis.checked.rectQueries)
    }
}
