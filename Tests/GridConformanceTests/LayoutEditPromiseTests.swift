import GridConformance
import GridCore
import GridLayouts
import GridStrategies
import Testing

private typealias Slot = SpanGrid.Slot

/// The span grid, wrapped so that what its edits say (`LayoutEdit`) can be broken one promise
/// at a time, each as a library shipped it (in our own words; the threads are cited).
struct EditedSpanGrid: SpanGridWrapper, EditableLayout {
    enum Bug: String, Sendable, CustomStringConvertible {
        /// `data` is the data before the edit: the counts a view reads after the update are
        /// the old ones, as in a collection view whose model is read at the wrong time and
        /// whose "number of items after the update" does not add up
        /// (spotify/HubFramework#59, mikaoj/BSImagePicker#113).
        case staleData
        /// A deleted row's cells are renamed to the row that takes its place, which the cells
        /// of the next row are renamed to as well: one index path given to two elements of
        /// before, as deleting the same index path twice in one batch update did to
        /// UICollectionView's state (Instagram/IGListKit#657).
        case deletedRowRenamedOntoNext
        /// The block move says the rows below an inserted row keep their IDs (offset 0) while
        /// `rename` moves them down: the word a viewport reads without asking per cell is the
        /// old position, as merged cells that stayed put when a row was inserted above them
        /// (handsontable/handsontable#1983).
        case blockMoveNotShifted
        /// A merge the grid refuses (it overlaps a merged cell) first splits the merged cells
        /// under its slots: refused, but not without changing the grid, as merging over
        /// an already merged range left cells confused (handsontable/handsontable#4138).
        case refusedMergeSplitsFirst

        var description: String { rawValue }
    }

    var bug: Bug?
    var grid: SpanGrid

    init(bug: Bug? = nil, _ configuration: SpanGrid.Configuration = .example) {
        self.bug = bug
        grid = SpanGrid(configuration)
    }

    mutating func apply(_ operation: SpanGrid.Operation) throws -> LayoutEdit {
        let before = grid.cells
        if bug == .refusedMergeSplitsFirst, case .merge(let slots) = operation, !slots.isEmpty {
            var probe = grid
            do {
                try probe.apply(operation)
            } catch {
                // Unmerges what lies under the request, then finds the request invalid.
                for row in slots.map(\.row).min()! ... slots.map(\.row).max()! {
                    for column in slots.map(\.column).min()! ... slots.map(\.column).max()! {
                        _ = try? grid.apply(.split(row: row, column: column))
                    }
                }
                throw error
            }
        }
        let edit = try grid.apply(operation)
        switch bug {
        case .staleData?:
            return LayoutEdit(data: before, sectionMove: edit.sectionMove, rename: edit.rename)
        case .deletedRowRenamedOntoNext?:
            guard case .deleteRow(let row) = operation else { return edit }
            let rename = edit.rename
            return LayoutEdit(data: edit.data, sectionMove: nil) { id in
                id.kind == .cell && id.section == row ? id : rename(id)
            }
        case .blockMoveNotShifted?:
            guard case .insertRow = operation, var move = edit.sectionMove, move.offset != 0 else { return edit }
            move.offset = 0
            return LayoutEdit(data: edit.data, sectionMove: move, rename: edit.rename)
        case .refusedMergeSplitsFirst?, nil:
            return edit
        }
    }
}

/// What an `EditableLayout` says of its edits (`LayoutEdit`) is checked against what they
/// did (law 6), for the reference span grid under every strategy and for four grids that
/// each break one promise.
@Suite struct LayoutEditPromiseTests {
    static func options() throws -> ConformanceOptions {
        var options = ConformanceOptions(dataShapes: [try SpanGrid.Configuration.example.dataShape()], changes: [.rotate])
        options.containers = [Size(width: 320, height: 480), Size(width: 768, height: 1024)]
        return options
    }

    /// The example grid (12 rows: a 36-point header row, then 11 of 44; 4 columns; merged
    /// cells at row 0, columns 1…2 and at rows 2…4, columns 2…3), edited in turn: a row
    /// inserted inside the tall merged cell (it grows to rows 2…5), the header's merge split, a
    /// new merge over rows 6…7 and columns 1…2, row 1 deleted (the tall cell is now rows 1…4,
    /// columns 2…3), a column inserted at 1 and column 0 deleted (the tall cell is back at
    /// columns 2…3); then three the grid refuses: row 99 of 12, a merge of rows 1…2 and
    /// columns 1…2 (it would take half the tall cell) and a split of the single cell (8, 0);
    /// then content typed into the single cell (2, 1), and a negative content height, refused.
    /// (Accepted and refused as `gridbench dump` with these operations in a spec says.)
    static let operations: [SpanGrid.Operation] = [
        .insertRow(at: 3, height: 20),
        .split(row: 0, column: 1),
        .merge(cells: [Slot(row: 6, column: 1), Slot(row: 6, column: 2), Slot(row: 7, column: 1), Slot(row: 7, column: 2)]),
        .deleteRow(at: 1),
        .insertColumn(at: 1, width: SpanGrid.ColumnWidth(.fixed(40))),
        .deleteColumn(at: 0),
        .deleteRow(at: 99),
        .merge(cells: [Slot(row: 1, column: 1), Slot(row: 1, column: 2), Slot(row: 2, column: 1), Slot(row: 2, column: 2)]),
        .split(row: 8, column: 0),
        // Typing (issue 29): content that grows row 2 under the kept cells, then a negative
        // height, refused.
        .setContentHeight(row: 2, column: 1, height: 120),
        .setContentHeight(row: 0, column: 0, height: -1),
    ]

    @Test func theSpanGridsEditsSayWhatTheyDid() throws {
        let report = GridConformance.check("SpanGrid", options: try Self.options(), operations: Self.operations) { SpanGrid(.example) }
        #expect(report.isPassing, "\(report)")
        // Seven operations accepted and four refused, in each of the two containers.
        #expect(report.checked.layoutEdits == 14, "\(report.checked)")
        #expect(report.checked.layoutEditsRefused == 8, "\(report.checked)")
        #expect(report.description.contains("EditableLayout (law 6): 14 edits compared with what it did, 8 refusals with the state kept"), "\(report)")
    }

    /// The strategies forward the edit to the grid and rebuild from what it says.
    @Test(arguments: StrategyKind.allCases)
    func everyStrategyOverTheSpanGridPasses(strategy: StrategyKind) throws {
        let report: ConformanceReport
        switch strategy {
        case .cached: report = GridConformance.check(options: try Self.options(), operations: Self.operations) { CachedLayout(SpanGrid(.example)) }
        case .onDemand: report = GridConformance.check(options: try Self.options(), operations: Self.operations) { OnDemandLayout(SpanGrid(.example)) }
        case .scan: report = GridConformance.check(options: try Self.options(), operations: Self.operations) { ScanLayout(SpanGrid(.example)) }
        case .adaptive: report = GridConformance.check(options: try Self.options(), operations: Self.operations) { try! AdaptiveLayout(SpanGrid(.example)) }  // the default threshold is valid
        }
        #expect(report.isPassing, "\(strategy): \(report)")
        #expect(report.checked.layoutEdits == 14)
    }

    @Test func theRightTwinPasses() throws {
        let report = GridConformance.check(options: try Self.options(), operations: Self.operations) { EditedSpanGrid() }
        #expect(report.isPassing, "\(report)")
    }

    /// Each broken promise is caught under law 6 with the code for an edit's word, and no
    /// other law breaks (the answers themselves are right).
    @Test(arguments: [EditedSpanGrid.Bug.staleData, .deletedRowRenamedOntoNext, .blockMoveNotShifted, .refusedMergeSplitsFirst])
    func eachBrokenPromiseIsCaught(bug: EditedSpanGrid.Bug) throws {
        let report = GridConformance.check(options: try Self.options(), operations: Self.operations) { EditedSpanGrid(bug: bug) }
        #expect(report.violatedLaws == [.freshness], "\(bug): \(report)")
        let violation = try #require(report.violations.first)
        #expect(violation.code == .layoutEditMisreported, "\(violation)")
        // Both containers break it.
        #expect(violation.occurrences == 2, "\(violation)")
    }

    /// The first operation, a row inserted at 3, makes 13 rows of the 12: a grid that says
    /// the data is still the old one has a cell in row 12 outside it. Row 12 is the last
    /// row, a single 44-point row of four single cells (the example's rows 5…11 have no
    /// merge): its first cell is (12, 0). Shown on the first operation, so nothing to shrink.
    @Test func staleDataNamesTheFirstCellOutside() throws {
        var options = try Self.options()
        options.containers = [Size(width: 320, height: 480)]
        let report = GridConformance.check(options: options, operations: Self.operations) { EditedSpanGrid(bug: .staleData) }
        let violation = try #require(report.violations.first, "\(report)")
        #expect(violation.subject == .element(ElementID(kind: .cell, path: ItemPath(section: 12, item: 0))), "\(violation)")
        #expect(violation.problem.hasPrefix("applying operations[0] (insert-row at 3"), "\(violation)")
        #expect(violation.problem.contains("12 sections"), "\(violation)")
        #expect(violation.shrunkFrom == nil)
    }

    /// Row 1 is deleted by operations[3]; alone on a fresh grid it breaks the promise too, so
    /// the violation shows it alone. In the example, row 1 holds four single cells and row 2
    /// three (two singles and the merged cell): renamed onto row 1, cell (1, 0) of before and
    /// cell (2, 0) of before both become (1, 0).
    @Test func aRenameOfTwoOntoOneIsShownOnTheOperationAlone() throws {
        var options = try Self.options()
        options.containers = [Size(width: 320, height: 480)]
        let report = GridConformance.check(options: options, operations: Self.operations) { EditedSpanGrid(bug: .deletedRowRenamedOntoNext) }
        let violation = try #require(report.violations.first, "\(report)")
        #expect(violation.problem.hasPrefix("applying operations[3] (delete-row at 1), alone on a freshly prepared layout"), "\(violation)")
        #expect(violation.problem.contains("renamed both cell[1, 0] and cell[2, 0] to cell[1, 0]"), "\(violation)")
        #expect(violation.shrunkFrom != nil)
    }

    /// Without operations the check is the plain suite: no edit promise listed.
    @Test func withoutOperationsNothingIsClaimed() throws {
        let report = GridConformance.check(options: try Self.options(), operations: []) { SpanGrid(.example) }
        #expect(report.isPassing)
        #expect(report.checked.layoutEdits == 0)
        #expect(report.description.contains("EditableLayout (law 6): made, never checked"), "\(report)")
    }
}
