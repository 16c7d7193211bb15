import GridCore
@testable import GridLayouts
import Testing

/// What a keystroke laid out in place says it did to the rows (issue 29): a `SectionShift`
/// that a cache could follow instead of caching 3,000,000 cells again. Checked against the
/// grid's own frames before and after the keystroke, element by element, and against shifts
/// worked by hand.
@Suite struct SpanGridKeystrokeShiftTests {
    typealias Operation = SpanGrid.Operation

    /// Five rows of 20, three columns of 50; the merged cell (rows 1…3, column 0) has no content.
    static func fiveRows() throws -> SpanGrid {
        try preparedSpanGrid(SpanGrid.Configuration(
            columns: fixedColumns([50, 50, 50]), rows: [SpanGrid.RowRun(count: 5, height: 20)], merges: [merge(1, 0, 3, 1)]))
    }

    /// By hand: starts 0, 20, 40, 60, 80, 100.
    /// - (4, 1) ← 35: row 4 grows by 15; no merged cell crosses it: row 4 laid again, from
    ///   80 to 80 + 35 = 115, nothing after it to move (5 rows).
    /// - (2, 2) ← 50: row 2 grows by 30; the merged cell over rows 1…3 crosses it: rows 1…3
    ///   laid again, from 20 to 20 + 20 + 50 + 20 = 110; row 4 moves by 30.
    /// - (2, 1) ← 40: row 2 stays 50 (its tallest): every row kept.
    /// - (0, 0) ← 10: below row 0's 20: every row kept.
    /// - (2, 2) ← 0: row 2 is 40 (the 40 typed in column 1): shrinks by 10, rows 1…3 from 20 to 100.
    @Test func handWorkedShifts() throws {
        var grid = try Self.fiveRows()
        var shift = try grid.apply(.setContentHeight(row: 4, column: 1, height: 35)).shift
        #expect(shift == SectionShift(firstChanged: 4, movedFrom: 5, movedTo: 5, offset: 15, changedSpan: 80...115))
        shift = try grid.apply(.setContentHeight(row: 2, column: 2, height: 50)).shift
        #expect(shift == SectionShift(firstChanged: 1, movedFrom: 4, movedTo: 4, offset: 30, changedSpan: 20...110))
        shift = try grid.apply(.setContentHeight(row: 2, column: 1, height: 40)).shift
        #expect(shift == SectionShift(firstChanged: 5, movedFrom: 5, movedTo: 5, offset: 0, changedSpan: 145...145))
        shift = try grid.apply(.setContentHeight(row: 0, column: 0, height: 10)).shift
        #expect(shift == SectionShift(firstChanged: 5, movedFrom: 5, movedTo: 5, offset: 0, changedSpan: 145...145))
        shift = try grid.apply(.setContentHeight(row: 2, column: 2, height: 0)).shift
        #expect(shift == SectionShift(firstChanged: 1, movedFrom: 4, movedTo: 4, offset: -10, changedSpan: 20...100))
        #expect(grid.contentSize.height == 135)
    }

    /// A chain of overlapping merged cells spanning rows (rows 0…1 in column 0, 1…3 in
    /// column 1, 3…4 in column 2), none with content, in eight rows of 10: a keystroke in
    /// row 0 lays again the least run whose edges no merged cell crosses, rows 0…4; merged
    /// cells that only meet (rows 5…6, then 7) do not widen it.
    @Test func chainedMergedCellsWidenTheRun() throws {
        var grid = try preparedSpanGrid(SpanGrid.Configuration(
            columns: fixedColumns([50, 50, 50]), rows: [SpanGrid.RowRun(count: 8, height: 10)],
            merges: [merge(0, 0, 2, 1), merge(1, 1, 3, 1), merge(3, 2, 2, 1), merge(5, 0, 2, 1)]))
        var shift = try grid.apply(.setContentHeight(row: 0, column: 2, height: 14)).shift
        // Rows 0…4, from 0 to 5·10 + 4 = 54; rows 5…7 move by 4.
        #expect(shift == SectionShift(firstChanged: 0, movedFrom: 5, movedTo: 5, offset: 4, changedSpan: 0...54))
        // Row 7 alone (the merged cell over rows 5…6 ends where it starts): from 14 + 6·10 = 74
        // to 74 + 12 = 86.
        shift = try grid.apply(.setContentHeight(row: 7, column: 1, height: 12)).shift
        #expect(shift == SectionShift(firstChanged: 7, movedFrom: 8, movedTo: 8, offset: 2, changedSpan: 74...86))
    }

    /// Content in the merged cell over rows 1…3 (named by a slot it covers): 200 exceeds its
    /// rows' 60 by 140, row 3 grows to 160, in place: rows 1…3 laid again, from 20 to
    /// 20 + 20 + 20 + 160 = 220, row 4 moved by 140.
    @Test func contentInAMergedCellSpanningRows() throws {
        var grid = try Self.fiveRows()
        let shift = try grid.apply(.setContentHeight(row: 2, column: 0, height: 200)).shift
        #expect(shift == SectionShift(firstChanged: 1, movedFrom: 4, movedTo: 4, offset: 140, changedSpan: 20...220))
        #expect(grid.contentSize.height == 240)
    }

    /// Edits other than keystrokes, and keystrokes laid out again (a height of no whole
    /// number of 2⁻¹⁰), report no shift.
    @Test func otherEditsReportNone() throws {
        var grid = try Self.fiveRows()
        #expect(try grid.apply(.insertRow(at: 2, height: 20)).shift == nil)
        #expect(try grid.apply(.setContentHeight(row: 1, column: 0, height: 200.1)).shift == nil)
        #expect(try grid.apply(.merge(cells: [SpanGrid.Slot(row: 0, column: 1), SpanGrid.Slot(row: 0, column: 2)])).shift == nil)
    }

    /// Seeded keystrokes mixed with structural edits over grids with merged cells: every
    /// shift reported fits the rows, is exact, and says of every cell before and after the
    /// keystroke what the two grids' frames say (kept: the same frame; moved: its `y` plus
    /// the offset; laid again: within the span, before and after), and its offset is the
    /// change in the content's height.
    @Test(arguments: 0..<4)
    func shiftsAgreeWithTheFramesBeforeAndAfter(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(2_929_000 + seed))
        let columns = random.integer(3...6)
        let runs = (0..<random.integer(1...3)).map { _ in
            let height = Double(random.integer(10...30))
            return SpanGrid.RowRun(count: random.integer(5...15), height: height, maxHeight: random.integer(0...2) == 0 ? height + 40 : nil)
        }
        let rowCount = runs.reduce(0) { $0 + $1.count }
        var merges = [merge(1, 0, 1, 2), merge(3, 1, 3, 2)]
        if rowCount > 9 { merges.append(merge(5, 0, 4, 1)) }
        var grid = try preparedSpanGrid(SpanGrid.Configuration(columns: fixedColumns((0..<columns).map { _ in Double(random.integer(20...60)) }), rows: runs, merges: merges))
        var reported = 0, moving = 0, widened = 0
        for step in 0..<300 {
            let operation: Operation
            // Half the keystrokes among the merged cells' rows.
            let row = random.integer(0...1) == 0 ? random.integer(0...(grid.rowCount - 1)) : random.integer(2...9), column = random.integer(0...(grid.columnCount - 1))
            switch random.integer(0...59) {
            case 0: operation = .split(row: row, column: column)
            case 1: operation = .merge(cells: [SpanGrid.Slot(row: row, column: column), SpanGrid.Slot(row: min(grid.rowCount - 1, row + 2), column: column)])
            case 2: operation = .insertRow(at: row, height: 16)
            default:
                let height = [0, 8, 20, 35, 50, 75][random.integer(0...5)] + Double(random.integer(0...3)) * 0.25
                operation = .setContentHeight(row: row, column: column, height: height)
            }
            let before = grid
            guard let edit = try? grid.apply(operation) else { continue }
            let context = "seed \(seed) step \(step): \(operation)"
            guard let shift = edit.shift else { continue }
            reported += 1
            guard case .setContentHeight = operation else {
                Issue.record("a shift for an edit other than a keystroke: \(context)")
                continue
            }
            if shift.offset != 0 { moving += 1 }
            if shift.movedFrom - shift.firstChanged > 1 { widened += 1 }
            #expect(shift.fits(oldSections: before.cells.sectionCount, newSections: grid.cells.sectionCount), "\(context)")
            #expect(shift.renumbering == 0, "\(context)")
            #expect(SectionShift.isExact(shift.offset) && SectionShift.isExact(shift.changedSpan.lowerBound)
                && SectionShift.isExact(shift.changedSpan.upperBound), "\(context)")
            #expect(shift.offset == grid.contentSize.height - before.contentSize.height, "\(context)")
            let all = Rect(x: 0, y: 0, width: 1e6, height: 1e6)
            let old = before.elements(in: all), new = grid.elements(in: all)
            #expect(old.map(\.path) == new.map(\.path), "a keystroke keeps every cell: \(context)")
            guard old.count == new.count else { continue }
            for (a, b) in zip(old, new) {
                #expect(shift.part(of: a, before: true) == shift.part(of: b, before: false), "\(a.path): \(context)")
                switch shift.part(of: a, before: true) {
                case .kept:
                    #expect(a == b, "kept \(a.path): \(context)")
                    #expect(a.frame.maxY <= shift.changedSpan.lowerBound, "kept \(a.path) ends above the span: \(context)")
                case .moved:
                    var moved = a
                    moved.frame.origin.y += shift.offset
                    #expect(moved == b, "moved \(a.path): \(context)")
                    #expect(b.frame.minY >= shift.changedSpan.upperBound, "moved \(a.path) starts below the span: \(context)")
                case .laidAgain:
                    #expect(b.frame.minY >= shift.changedSpan.lowerBound && b.frame.maxY <= shift.changedSpan.upperBound, "laid again \(b.path): \(context)")
                    #expect(a.frame.minY >= shift.changedSpan.lowerBound && a.frame.maxY <= shift.changedSpan.upperBound - shift.offset, "laid again \(a.path), before: \(context)")
                }
            }
        }
        // The sequences report shifts, move rows, and widen runs over merged cells.
        #expect(reported > 100, "\(reported) shifts")
        #expect(moving > 30, "\(moving) moving")
        #expect(widened > 0, "\(widened) widened")
    }
}
