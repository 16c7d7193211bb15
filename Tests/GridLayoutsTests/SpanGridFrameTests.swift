import GridCore
import GridLayouts
import Testing

/// Frames worked by hand from the formula: `x_c` the sum of the widths before column `c`,
/// `y_r` that of the heights before row `r`; a cell anchored at `(r, c)` spanning `(rs, cs)`
/// is `(x_c, y_r, Σ widths c…c+cs−1, Σ heights r…r+rs−1)`.
@Suite struct SpanGridFrameTests {
    /// Container 400 wide. Widths: fixed 100 raised to its min 120; fixed 100 cut to its max
    /// 80; half the width (200) cut to its max 150 although it is above its min 50 (Proton
    /// stops at min and would give 200); the width less 300 (100) above its min 60; a tenth
    /// (40) raised to its min 50. x: 0, 120, 200, 350, 450; content 500 wide.
    static let columns = [
        Column(.fixed(100), min: 120), Column(.fixed(100), max: 80), Column(.fractional(0.5), min: 50, max: 150),
        Column(.viewport(padding: 300), min: 60), Column(.fractional(0.1), min: 50),
    ]
    /// Heights 30, 20, 20, 50: y 0, 30, 50, 70; content 120 high.
    static let rows = [Rows(count: 1, height: 30), Rows(count: 2, height: 20), Rows(count: 1, height: 50)]

    @Test func widthsHonourMinAndMaxFractionsAndViewport() throws {
        let grid = try preparedSpanGrid(SpanGrid.Configuration(columns: Self.columns, rows: Self.rows))
        #expect(grid.contentSize == Size(width: 500, height: 120))
        let xs: [Double] = [0, 120, 200, 350, 450], ws: [Double] = [120, 80, 150, 100, 50]
        let ys: [Double] = [0, 30, 50, 70], hs: [Double] = [30, 20, 20, 50]
        #expect(grid.cells.itemCounts == [5, 5, 5, 5])
        for row in 0..<4 {
            for column in 0..<5 {
                let path = ItemPath(section: row, item: column)
                #expect(grid.attributes(at: path)?.frame == Rect(x: xs[column], y: ys[row], width: ws[column], height: hs[row]), "\(path)")
                #expect(grid.gridPlacement(of: path) == GridPlacement(row: row, column: column))
            }
        }
    }

    /// Proton's `GridColumnConfiguration` returns as soon as it has applied `min`; a width
    /// above its min is then never cut to its max. Here every column would come out wider.
    @Test(arguments: [
        (Column(.fractional(0.5), min: 50, max: 150), 150.0),  // Proton: 200
        (Column(.fixed(300), min: 10, max: 250), 250),  // Proton: 300
        (Column(.viewport(padding: 100), min: 100, max: 120), 120),  // Proton: 300
        (Column(.fixed(20), min: 40, max: 60), 40),  // min alone: both agree
    ] as [(Column, Double)])
    func aColumnAboveItsMinIsStillCutToItsMax(column: Column, width: Double) throws {
        #expect(column.resolved(containerWidth: 400) == width)
        let grid = try preparedSpanGrid(SpanGrid.Configuration(columns: [column, Column(.fixed(10))], rows: rowsOf([10])))
        #expect(grid.attributes(at: ItemPath(section: 0, item: 0))?.frame.width == width)
        #expect(grid.attributes(at: ItemPath(section: 0, item: 1))?.frame.minX == width)
    }

    /// Widths resolve against the container: a rotation changes fractional and viewport
    /// columns, not fixed ones.
    @Test func fractionalAndViewportColumnsFollowTheContainer() throws {
        let configuration = SpanGrid.Configuration(
            columns: [Column(.fixed(64)), Column(.fractional(0.25)), Column(.viewport(padding: 96))], rows: rowsOf([10]))
        var grid = try preparedSpanGrid(configuration, container: Size(width: 320, height: 480))
        // 64, 80, 224
        #expect(grid.contentSize.width == 368)
        #expect(grid.attributes(at: ItemPath(section: 0, item: 2))?.frame == Rect(x: 144, y: 0, width: 224, height: 10))
        try grid.prepare(data: grid.cells, container: Size(width: 480, height: 320))
        // 64, 120, 384
        #expect(grid.contentSize.width == 568)
        #expect(grid.attributes(at: ItemPath(section: 0, item: 2))?.frame == Rect(x: 184, y: 0, width: 384, height: 10))
    }

    // MARK: Merged cells

    /// Columns 10, 20, 30, 40 (x 0, 10, 30, 60; 100 wide); rows 1, 2, 4, 8 (y 0, 1, 3, 7;
    /// 15 high): each sum of widths and heights is distinct, so a wrong span shows.
    static let squares = SpanGrid.Configuration(columns: fixedColumns([10, 20, 30, 40]), rows: rowsOf([1, 2, 4, 8]))
    static let squaresMerged = SpanGrid.Configuration(
        columns: fixedColumns([10, 20, 30, 40]), rows: rowsOf([1, 2, 4, 8]), merges: [merge(1, 1, 2, 2)])
    static let xs: [Double] = [0, 10, 30, 60, 100]
    static let ys: [Double] = [0, 1, 3, 7, 15]

    /// The frame of the formula for slots rows `r..<r+rs`, columns `c..<c+cs` of `squares`.
    static func square(_ r: Int, _ c: Int, _ rs: Int = 1, _ cs: Int = 1, xs: [Double] = xs, ys: [Double] = ys) -> Rect {
        Rect(x: xs[c], y: ys[r], width: xs[c + cs] - xs[c], height: ys[r + rs] - ys[r])
    }

    @Test func aMergedCellCoversItsSlotsAndTakesOneItemInItsAnchorRow() throws {
        var configuration = Self.squares
        // Named by every slot: the four single cells of the square.
        try configuration.apply(.merge(cells: [(1, 1), (1, 2), (2, 1), (2, 2)].map { SpanGrid.Slot(row: $0.0, column: $0.1) }))
        #expect(configuration.merges == [merge(1, 1, 2, 2)])
        let grid = try preparedSpanGrid(configuration)
        // Row 1: column 0, the merged cell, column 3; row 2: columns 0 and 3.
        #expect(grid.cells.itemCounts == [4, 3, 2, 4])
        let expected: [(ItemPath, GridPlacement, Rect)] = [
            (ItemPath(section: 1, item: 0), merge(1, 0, 1, 1), Self.square(1, 0)),
            (ItemPath(section: 1, item: 1), merge(1, 1, 2, 2), Rect(x: 10, y: 1, width: 50, height: 6)),
            (ItemPath(section: 1, item: 2), merge(1, 3, 1, 1), Self.square(1, 3)),
            (ItemPath(section: 2, item: 0), merge(2, 0, 1, 1), Self.square(2, 0)),
            (ItemPath(section: 2, item: 1), merge(2, 3, 1, 1), Self.square(2, 3)),
            (ItemPath(section: 3, item: 2), merge(3, 2, 1, 1), Self.square(3, 2)),
        ]
        for (path, placement, frame) in expected {
            #expect(grid.gridPlacement(of: path) == placement, "\(path)")
            #expect(grid.attributes(at: path)?.frame == frame, "\(path)")
        }
        #expect(grid.attributes(at: ItemPath(section: 2, item: 2)) == nil)
        #expect(grid.path(coveringRow: 2, column: 2) == ItemPath(section: 1, item: 1))
        // A rect inside the merged cell's second row finds it, and only it.
        #expect(grid.elements(in: Rect(x: 31, y: 4, width: 2, height: 1)).map(\.path) == [ItemPath(section: 1, item: 1)])
        // A rect over row 2 only: column 0, the merged cell from above, column 3, in ID order.
        #expect(grid.elements(in: Rect(x: 0, y: 3, width: 100, height: 4)).map(\.path) == [
            ItemPath(section: 1, item: 1), ItemPath(section: 2, item: 0), ItemPath(section: 2, item: 1),
        ])
    }

    // MARK: After each edit

    /// The merged cell (1, 1) spanning 2 × 2, then one edit; the expected merged cells and
    /// the frames of the formula on the edited widths and heights.
    static let edits: [(SpanGrid.Operation, [GridPlacement], [Double], [Double])] = [
        // A row inserted inside the merged cell (anchored above 2, reaching below): it grows.
        (.insertRow(at: 2, height: 16), [merge(1, 1, 3, 2)], xs, [0, 1, 3, 19, 23, 31]),
        // A row inserted at the anchor: the cell moves down.
        (.insertRow(at: 1, height: 16), [merge(2, 1, 2, 2)], xs, [0, 1, 17, 19, 23, 31]),
        // A row inserted right below it: nothing crosses the boundary.
        (.insertRow(at: 3, height: 16), [merge(1, 1, 2, 2)], xs, [0, 1, 3, 7, 23, 31]),
        // The anchor row deleted: the row below takes its place as the anchor.
        (.deleteRow(at: 1), [merge(1, 1, 1, 2)], xs, [0, 1, 5, 13]),
        (.deleteRow(at: 2), [merge(1, 1, 1, 2)], xs, [0, 1, 3, 11]),
        (.deleteRow(at: 0), [merge(0, 1, 2, 2)], xs, [0, 2, 6, 14]),
        (.insertColumn(at: 2, width: Column(.fixed(5))), [merge(1, 1, 2, 3)], [0, 10, 30, 35, 65, 105], ys),
        (.insertColumn(at: 1, width: Column(.fixed(5))), [merge(1, 2, 2, 2)], [0, 10, 15, 35, 65, 105], ys),
        (.deleteColumn(at: 1), [merge(1, 1, 2, 1)], [0, 10, 40, 80], ys),
        (.deleteColumn(at: 3), [merge(1, 1, 2, 2)], [0, 10, 30, 60], ys),
        (.split(row: 2, column: 2), [], xs, ys),
        (.merge(cells: (0..<4).map { SpanGrid.Slot(row: 3, column: $0) }), [merge(1, 1, 2, 2), merge(3, 0, 1, 4)], xs, ys),
        // The merged cell named by any of its slots, with the two cells above it.
        (.merge(cells: [SpanGrid.Slot(row: 0, column: 1), SpanGrid.Slot(row: 0, column: 2), SpanGrid.Slot(row: 2, column: 2)]), [merge(0, 1, 3, 2)], xs, ys),
    ]

    @Test(arguments: 0..<edits.count)
    func framesAfterEachEdit(index: Int) throws {
        let (operation, merges, xs, ys) = Self.edits[index]
        let configuration = Self.squaresMerged
        var grid = try preparedSpanGrid(configuration)
        try grid.apply(operation)
        #expect(grid.prepared.merges == merges, "\(operation)")
        #expect(grid.contentSize == Size(width: xs[xs.count - 1], height: ys[ys.count - 1]))
        // Every slot: covered by the merged cell holding it, or a single cell; frames by formula.
        var expected: [GridPlacement: Rect] = [:]
        for row in 0..<(ys.count - 1) {
            for column in 0..<(xs.count - 1) {
                let cell = merges.first { $0.covers(row: row, column: column) } ?? merge(row, column, 1, 1)
                expected[cell] = Self.square(cell.row, cell.column, cell.rowSpan, cell.columnSpan, xs: xs, ys: ys)
            }
        }
        #expect(everySpanGridCell(grid) == expected, "\(operation)")
        let whole = grid.elements(in: grid.contentBounds)
        #expect(whole.count == expected.count)
        #expect(whole.map(\.id) == whole.map(\.id).sorted(), "answers in ID order")
        // The edited grid equals a fresh one prepared from the edited configuration.
        let fresh = try preparedSpanGrid(grid.prepared)
        #expect(fresh.elements(in: fresh.contentBounds) == whole)
    }

    // MARK: Proton's defects and other refusals

    /// Proton deletes a row under a merged cell straddling it by re-appending `max + 1` to
    /// the cell's rows: a 3-row merged cell in a 3-row grid, row 1 deleted, spans 3 rows of
    /// a 2-row grid. Here it spans the 2 rows left, inside the content.
    @Test func deletingARowUnderAStraddlingMergeShrinksIt() throws {
        var configuration = SpanGrid.Configuration(columns: fixedColumns([10, 10]), rows: rowsOf([10, 10, 10]), merges: [merge(0, 0, 3, 1)])
        try configuration.apply(.deleteRow(at: 1))
        #expect(configuration.merges == [merge(0, 0, 2, 1)])
        let grid = try preparedSpanGrid(configuration)
        #expect(grid.contentSize == Size(width: 20, height: 20))
        #expect(grid.gridPlacement(of: ItemPath(section: 0, item: 0)) == merge(0, 0, 2, 1))
        #expect(grid.attributes(at: ItemPath(section: 0, item: 0))?.frame == Rect(x: 0, y: 0, width: 10, height: 20))
        // Deleted again, one slot is left: a single cell.
        try configuration.apply(.deleteRow(at: 0))
        #expect(configuration.merges.isEmpty)
        #expect(try configuration.dataShape().itemCounts == [2])
    }

    /// Proton checks only that every row × column of the selection is covered: merging (0, 0)
    /// with (0, 2) "succeeds" over (0, 1). Refused here, and nothing changes.
    @Test func mergingCellsWithAHoleIsRefused() throws {
        let configuration = SpanGrid.Configuration(columns: fixedColumns([10, 10, 10]), rows: rowsOf([10]))
        var edited = configuration
        #expect(throws: GridError.self) { try edited.apply(.merge(cells: [SpanGrid.Slot(row: 0, column: 0), SpanGrid.Slot(row: 0, column: 2)])) }
        #expect(edited == configuration)
        do {
            try edited.apply(.merge(cells: [SpanGrid.Slot(row: 0, column: 0), SpanGrid.Slot(row: 0, column: 2)]))
        } catch {
            #expect(error.expected.contains("2 of the 3 slots"), "\(error)")
        }
        // With (0, 1) named too, it merges.
        try edited.apply(.merge(cells: [0, 1, 2].map { SpanGrid.Slot(row: 0, column: $0) }))
        #expect(edited.merges == [merge(0, 0, 1, 3)])
    }

    /// A merged cell sticking partly out of the selection's rectangle, or a merge across the
    /// frozen boundary, a split of a single cell, the last row or column: refused, the
    /// layout unchanged.
    @Test(arguments: [
        // Named cells (0,1) and (1,1): the 2 × 2 cell at (1,1) sticks out to column 2.
        // (Its bounding rectangle, rows 0…2 × columns 1…2, holds (0,2), not named.)
        SpanGrid.Operation.merge(cells: [SpanGrid.Slot(row: 0, column: 1), SpanGrid.Slot(row: 1, column: 1)]),
        .merge(cells: [SpanGrid.Slot(row: 0, column: 0), SpanGrid.Slot(row: 0, column: 0)]),  // one cell
        .merge(cells: [SpanGrid.Slot(row: 3, column: 0), SpanGrid.Slot(row: 4, column: 0)]),  // row 4 does not exist
        .split(row: 0, column: 0),
        .insertRow(at: 5, height: 10), .insertRow(at: 0, height: 0), .deleteRow(at: 4), .deleteColumn(at: -1),
        .insertColumn(at: 0, width: Column(.fixed(10), min: 20, max: 10)),
    ])
    func refusedEditsLeaveTheGridAsItWas(operation: SpanGrid.Operation) throws {
        let configuration = Self.squaresMerged
        var grid = try preparedSpanGrid(configuration)
        let before = grid.elements(in: grid.contentBounds)
        #expect(throws: GridError.self) { try grid.apply(operation) }
        #expect(grid.prepared == configuration)
        #expect(grid.elements(in: grid.contentBounds) == before)
    }

    @Test func frozenRowsAndColumnsRefuseMergesAcrossAndGrowWithInsertions() throws {
        var configuration = SpanGrid.Configuration(columns: fixedColumns([10, 10, 10]), rows: rowsOf([10, 10, 10]), frozenRows: 1, frozenColumns: 1)
        #expect(throws: GridError.self) { try configuration.apply(.merge(cells: [SpanGrid.Slot(row: 0, column: 1), SpanGrid.Slot(row: 1, column: 1)])) }
        #expect(throws: GridError.self) { try configuration.apply(.merge(cells: [SpanGrid.Slot(row: 1, column: 0), SpanGrid.Slot(row: 1, column: 1)])) }
        try configuration.apply(.merge(cells: [SpanGrid.Slot(row: 0, column: 1), SpanGrid.Slot(row: 0, column: 2)]))
        try configuration.apply(.insertRow(at: 0, height: 5))
        #expect(configuration.frozenRows == 2)
        try configuration.apply(.insertRow(at: 2, height: 5))  // at the boundary: below the band
        #expect(configuration.frozenRows == 2)
        try configuration.apply(.deleteColumn(at: 0))
        #expect(configuration.frozenColumns == 0)
        #expect(configuration.merges == [merge(1, 0, 1, 2)])
        let grid = try preparedSpanGrid(configuration)
        #expect(grid.traits.pinning == [PinRule(.cell, along: .vertical, .band(start: 0, end: 15))])
    }
}
