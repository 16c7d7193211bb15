import GridCore
@testable import GridLayouts
import Testing

/// A keystroke laid out in place (issue 29): the row's sorted content heights and the row
/// track kept slot by slot in a Fenwick tree. Hand-worked figures first, then long seeded
/// sequences against a grid prepared afresh after every keystroke, bit for bit.
@Suite struct SpanGridTypingFastPathTests {
    static func prepared(_ configuration: SpanGrid.Configuration, _ container: Size = Size(width: 600, height: 400)) throws -> SpanGrid {
        var grid = SpanGrid(configuration)
        try grid.prepare(data: try configuration.dataShape(), container: container)
        return grid
    }

    static func heights(_ grid: SpanGrid) -> [Double?] { (0..<grid.rowCount).map { grid.laidOutHeight(ofRow: $0) } }

    /// Three rows of 20 (the last capped at 60), two columns of 50.
    ///
    /// - (1, 0) ← 50: row 1 grows to 50; row 2 starts at 20 + 50 = 70.
    /// - (1, 1) ← 70: row 1 is 70 (the tallest of 50 and 70).
    /// - (1, 1) ← 10: the tallest shrinks; row 1 is the next, 50.
    /// - (1, 0) ← 0: row 1 keeps only 10, below its configured 20: 20.
    /// - (2, 0) ← 100: capped at 60; content 20 + 20 + 60 = 100.
    /// - (2, 1) ← 30: row 2 stays 60: no frame changes.
    @Test func handWorkedKeystrokes() throws {
        let configuration = SpanGrid.Configuration(
            columns: [SpanGrid.ColumnWidth(.fixed(50)), SpanGrid.ColumnWidth(.fixed(50))],
            rows: [SpanGrid.RowRun(count: 2, height: 20), SpanGrid.RowRun(count: 1, height: 20, maxHeight: 60)])
        var grid = try Self.prepared(configuration)
        try grid.apply(.setContentHeight(row: 1, column: 0, height: 50))
        #expect(Self.heights(grid) == [20, 50, 20])
        #expect(grid.attributes(at: ItemPath(section: 2, item: 1))?.frame == Rect(x: 50, y: 70, width: 50, height: 20))
        #expect(grid.rowTrack.isSlotBySlot, "the keystroke was laid out in place")
        try grid.apply(.setContentHeight(row: 1, column: 1, height: 70))
        #expect(Self.heights(grid) == [20, 70, 20])
        try grid.apply(.setContentHeight(row: 1, column: 1, height: 10))
        #expect(Self.heights(grid) == [20, 50, 20])
        try grid.apply(.setContentHeight(row: 1, column: 0, height: 0))
        #expect(Self.heights(grid) == [20, 20, 20])
        try grid.apply(.setContentHeight(row: 2, column: 0, height: 100))
        #expect(Self.heights(grid) == [20, 20, 60])
        #expect(grid.contentSize == Size(width: 100, height: 100))
        let all = Rect(x: 0, y: 0, width: 100, height: 100)
        let before = grid.elements(in: all)
        try grid.apply(.setContentHeight(row: 2, column: 1, height: 30))
        #expect(grid.elements(in: all) == before)
        #expect(grid.contentSize == Size(width: 100, height: 100))
        #expect(grid.configuration.contentHeights.map(\.height) == [10, 100, 30])
        #expect(grid.rowTrack.isSlotBySlot)
    }

    /// A height that is no whole number of 2⁻¹⁰ cannot be summed exactly in any order: the
    /// keystroke falls back to laying the grid out again, whose sums are the fresh grid's.
    @Test func inexactHeightsFallBack() throws {
        let configuration = SpanGrid.Configuration(
            columns: [SpanGrid.ColumnWidth(.fixed(50))], rows: [SpanGrid.RowRun(count: 5, height: 20)])
        var grid = try Self.prepared(configuration)
        try grid.apply(.setContentHeight(row: 1, column: 0, height: 30.1))
        #expect(!grid.rowTrack.isSlotBySlot)
        // Row 1 ends at 20 + 30.1 rounded, 50.1; row 2's frame ends exactly where row 3 starts,
        // 50.1 + 20 rounded, so its height is that less 50.1: 20 up to rounding, as a fresh grid's.
        #expect(grid.laidOutHeight(ofRow: 1) == (20 + 30.1) - 20)
        #expect(grid.laidOutHeight(ofRow: 2) == ((20 + 30.1) + 20) - (20 + 30.1))
        #expect(Self.heights(grid) == Self.heights(try Self.prepared(grid.configuration)))
        // Run by run, as a fresh grid sums: the run of 20 and 30.1 from 0, then two rows of 20.
        #expect(grid.attributes(at: ItemPath(section: 4, item: 0))?.frame.minY == (20 + 30.1) + 2 * 20)
        #expect(grid.elements(in: Rect(x: 0, y: 0, width: 50, height: 200)) == (try Self.prepared(grid.configuration)).elements(in: Rect(x: 0, y: 0, width: 50, height: 200)))
        try grid.apply(.setContentHeight(row: 1, column: 0, height: 0))
        try grid.apply(.setContentHeight(row: 2, column: 0, height: 40))
        #expect(grid.rowTrack.isSlotBySlot, "exact again: in place again")
        #expect(Self.heights(grid) == [20, 20, 40, 20, 20])
    }

    /// Rows of 20, two columns; a merged cell over rows 1…3 of column 1. Without content it
    /// grows nothing: typing 50 in (2, 0) is in place, row 2 is 50. With content 130 it reads
    /// its rows (20 + 50 + 20 = 90) and grows its last row, 3, by 40 to 60, in place (the rows
    /// it crosses worked again by the rule). (2, 0) ← 30: rows 20, 30, 20 sum 70; row 3 grows
    /// by 60 to 80, in place.
    @Test func mergedCellsSpanningRowsStayInPlace() throws {
        let configuration = SpanGrid.Configuration(
            columns: [SpanGrid.ColumnWidth(.fixed(50)), SpanGrid.ColumnWidth(.fixed(50))],
            rows: [SpanGrid.RowRun(count: 5, height: 20)], merges: [GridPlacement(row: 1, column: 1, rowSpan: 3, columnSpan: 1)])
        var grid = try Self.prepared(configuration)
        try grid.apply(.setContentHeight(row: 2, column: 0, height: 50))
        #expect(grid.rowTrack.isSlotBySlot)
        #expect(Self.heights(grid) == [20, 20, 50, 20, 20])
        try grid.apply(.setContentHeight(row: 3, column: 1, height: 130))  // the merged cell, named by a slot it covers
        #expect(grid.rowTrack.isSlotBySlot)
        #expect(Self.heights(grid) == [20, 20, 50, 60, 20])
        try grid.apply(.setContentHeight(row: 2, column: 0, height: 30))
        #expect(grid.rowTrack.isSlotBySlot)
        #expect(Self.heights(grid) == [20, 20, 30, 80, 20])
        // Inexact, laid out again: the rows' multisets are kept but the typed row's block,
        // made again at the next keystroke in it from the content list.
        try grid.apply(.setContentHeight(row: 2, column: 0, height: 30.1))
        #expect(!grid.rowTrack.isSlotBySlot && grid.typing.isMade && grid.typing.blocks[0].isEmpty)
        try grid.apply(.setContentHeight(row: 2, column: 0, height: 30))
        #expect(Self.heights(grid) == [20, 20, 30, 80, 20])
        try grid.apply(.setContentHeight(row: 0, column: 0, height: 25))  // a row it does not cross: in place
        #expect(grid.rowTrack.isSlotBySlot)
        // Row 2 holds its 30 (not the 50 before it); the merged cell's 130, spanning rows, is in no row's.
        #expect(grid.typing.blocks[0] == [[25], [], [30], [], []])
        #expect(Self.heights(grid) == [25, 20, 30, 80, 20])
        let fresh = try Self.prepared(grid.configuration)
        #expect(grid.elements(in: Rect(x: 0, y: 0, width: 100, height: 500)) == fresh.elements(in: Rect(x: 0, y: 0, width: 100, height: 500)))
    }

    /// Long seeded sequences of keystrokes, mostly in the same few cells (grow, shrink the
    /// tallest, clear), over rows capped by `maxHeight`, with merged cells across columns (in
    /// place) and across rows (laid out again), some sequences with inexact heights: after
    /// every keystroke the grid answers what a fresh grid of its configuration answers.
    @Test(arguments: 0..<6)
    func longSequencesMatchAFreshGrid(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(2_990 + seed))
        let inexact = seed % 3 == 2
        let columns = random.integer(3...8)
        let runs = (0..<random.integer(1...4)).map { _ in
            let height = Double(random.integer(10...40))
            return SpanGrid.RowRun(count: random.integer(5...40), height: height, maxHeight: random.integer(0...2) == 0 ? height + 50 : nil)
        }
        let rows = runs.reduce(0) { $0 + $1.count }
        var merges: [GridPlacement] = [GridPlacement(row: 1, column: 0, rowSpan: 1, columnSpan: 2)]
        if rows > 6 { merges.append(GridPlacement(row: 3, column: 1, rowSpan: 3, columnSpan: 2)) }
        var grid = try Self.prepared(SpanGrid.Configuration(
            columns: (0..<columns).map { _ in SpanGrid.ColumnWidth(.fixed(Double(random.integer(20...90)))) }, rows: runs, merges: merges))
        let hot = (0..<6).map { _ in (random.integer(0...(rows - 1)), random.integer(0...(columns - 1))) }
        var inPlace = 0, moved = 0
        for step in 0..<400 {
            let (row, column) = random.integer(0...3) == 0 ? (random.integer(0...(rows - 1)), random.integer(0...(columns - 1))) : hot[random.integer(0...5)]
            var height = [0, 5, 15, 30, 45, 60, 90, 200][random.integer(0...7)] + Double(random.integer(0...4)) * 0.25
            if inexact && random.integer(0...4) == 0 { height += 0.1 }
            let old = grid.heightsSnapshot
            try grid.apply(.setContentHeight(row: row, column: column, height: height))
            let context = "seed \(seed) step \(step): (\(row), \(column)) ← \(height)"
            let fresh = try Self.prepared(grid.configuration)
            #expect(Self.heights(grid) == Self.heights(fresh), "\(context)")
            #expect(grid.contentSize == fresh.contentSize, "\(context)")
            let all = Rect(x: 0, y: 0, width: fresh.contentSize.width, height: fresh.contentSize.height)
            #expect(grid.elements(in: all) == fresh.elements(in: all), "\(context)")
            let y = Double(random.integer(0...Int(fresh.contentSize.height)))
            let band = Rect(x: 0, y: y, width: 200, height: Double(random.integer(1...120)))
            #expect(grid.elements(in: band) == fresh.elements(in: band), "\(band): \(context)")
            // Query edges falling exactly on row boundaries and just short of them.
            let r = random.integer(0...(rows - 1))
            let top = fresh.attributes(at: ItemPath(section: r, item: 0))?.frame.minY ?? 0
            for edge in [top, top.nextDown, top.nextUp] where edge > 0 {
                let strip = Rect(x: 0, y: edge, width: 10, height: 1)
                #expect(grid.elements(in: strip) == fresh.elements(in: strip), "strip at \(edge): \(context)")
            }
            if grid.rowTrack.isSlotBySlot { inPlace += 1 }
            if grid.heightsSnapshot != old { moved += 1 }
        }
        if inexact {
            #expect(inPlace < 400, "seed \(seed): inexact heights fell back at least once")
        } else {
            #expect(inPlace > 100, "seed \(seed): \(inPlace) keystrokes in place")
        }
        #expect(moved > 50, "seed \(seed): \(moved) keystrokes changed a row")
    }
}

extension SpanGrid {
    fileprivate var heightsSnapshot: [Double?] { (0..<rowCount).map { laidOutHeight(ofRow: $0) } }
}
