import GridCore
import GridLayouts
import GridStrategies
import GridTestSupport
import Testing

/// The cached strategy told of a span grid's keystrokes (issue 29): the keystroke is made on
/// the grid in place and the cache follows the rows it moved (`LayoutEdit.shift`) in pieces
/// instead of caching every cell again. Checked against a grid prepared afresh with the same
/// configuration (content heights included) after every keystroke: every element, rect
/// queries near and far, per-cell queries; and the cache's build count, which must not move
/// for a keystroke the grid laid out in place.
@Suite struct CachedSpanGridKeystrokeTests {
    static let container = Size(width: 500, height: 400)

    static func prepared(_ configuration: SpanGrid.Configuration) throws -> SpanGrid {
        var grid = SpanGrid(configuration)
        try grid.prepare(data: try configuration.dataShape(), container: container)
        return grid
    }

    static func cached(_ grid: SpanGrid) throws -> CachedLayout<SpanGrid> {
        var cached = CachedLayout(grid)
        try cached.prepare(data: grid.cells, container: container)
        return cached
    }

    /// A rect query's answer in `ElementID` order (a cache answers band by band).
    static func sorted(_ elements: [LayoutAttributes]) -> [LayoutAttributes] {
        elements.sorted { $0.path < $1.path }
    }

    /// Everything `cached` answers, against `fresh`, a grid prepared afresh: the whole grid,
    /// `rects`, every cell by path (and paths that are not cells), the content size and the
    /// number of elements held.
    static func expectAsFresh(_ cached: CachedLayout<SpanGrid>, _ fresh: SpanGrid, rects: [Rect], _ context: String) {
        let size = fresh.contentSize
        #expect(cached.contentSize == size, "\(context)")
        let all = fresh.elements(in: Rect(x: 0, y: 0, width: size.width, height: size.height))
        #expect(sorted(cached.elements(in: Rect(x: -1e6, y: -1e6, width: 1e7, height: 1e7))) == all, "everything: \(context)")
        #expect(cached.cachedElementCount == all.count, "\(context)")
        for rect in rects {
            #expect(sorted(cached.elements(in: rect)) == fresh.elements(in: rect), "\(rect): \(context)")
        }
        for element in all {
            #expect(cached.attributes(at: element.path) == element, "\(element.path): \(context)")
        }
        for section in [-1, 0, fresh.rowCount - 1, fresh.rowCount] {
            let path = ItemPath(section: section, item: fresh.columnCount + 1)
            #expect(cached.attributes(at: path) == nil, "\(path): \(context)")
        }
    }

    /// Rects over the grid: random ones of every size, thin ones at row starts, one narrower
    /// than a column deep in the bands, and some far away (below, right of, above the
    /// content, and huge).
    static func rects(_ random: inout SeededRandom, _ grid: SpanGrid) -> [Rect] {
        let size = grid.contentSize
        var rects: [Rect] = []
        for _ in 0..<6 {
            let x = random.uniform(-50...size.width), y = random.uniform(-50...size.height)
            rects.append(Rect(x: x, y: y, width: random.uniform(1...400), height: random.uniform(1...300)))
        }
        for _ in 0..<3 {
            let row = random.integer(0...(grid.rowCount - 1))
            let y = grid.attributes(at: ItemPath(section: row, item: 0))?.frame.minY ?? 0
            rects.append(Rect(x: 0, y: y, width: size.width, height: 0.5))
            rects.append(Rect(x: random.uniform(0...size.width), y: y - 0.25, width: 3, height: 0.5))
        }
        rects.append(Rect(x: size.width / 2, y: 0, width: 1, height: size.height))
        rects.append(Rect(x: 0, y: size.height + 10, width: size.width, height: 1e5))
        rects.append(Rect(x: size.width + 10, y: 0, width: 1e5, height: size.height))
        rects.append(Rect(x: -1e5, y: -1e5, width: 1e5 - 1, height: 1e5 - 1))
        rects.append(Rect(x: -1e9, y: size.height - 5, width: 2e9, height: 1e9))
        return rects
    }

    /// A grid whose rows are of uneven heights (runs of 9 to 60), so that the cache's bands,
    /// one average row high, now and then hold two or three short rows sorted by x; up to two
    /// frozen rows and a frozen column; merged cells across columns and across rows, outside
    /// the frozen bands.
    static func randomConfiguration(_ random: inout SeededRandom) -> SpanGrid.Configuration {
        let columns = random.integer(3...14)
        var runs: [SpanGrid.RowRun] = []
        for _ in 0..<random.integer(2...6) {
            let height = Double([9, 12, 20, 28, 45, 60][random.integer(0...5)])
            runs.append(SpanGrid.RowRun(count: random.integer(1...8), height: height, maxHeight: random.integer(0...4) == 0 ? height + 50 : nil))
        }
        let rows = runs.reduce(0) { $0 + $1.count }
        let frozenRows = min(random.integer(0...2), rows - 1), frozenColumns = random.integer(0...1)
        var taken = Array(repeating: Array(repeating: false, count: columns), count: rows)
        var merges: [GridPlacement] = []
        for _ in 0..<random.integer(0...8) {
            guard rows - frozenRows >= 1, columns - frozenColumns >= 1 else { break }
            let row = random.integer(frozenRows...(rows - 1)), column = random.integer(frozenColumns...(columns - 1))
            let rowSpan = random.integer(1...min(4, rows - row)), columnSpan = random.integer(1...min(3, columns - column))
            guard rowSpan * columnSpan > 1 else { continue }
            let slots = (row..<(row + rowSpan)).flatMap { r in (column..<(column + columnSpan)).map { (r, $0) } }
            guard !slots.contains(where: { taken[$0.0][$0.1] }) else { continue }
            for (r, c) in slots { taken[r][c] = true }
            merges.append(GridPlacement(row: row, column: column, rowSpan: rowSpan, columnSpan: columnSpan))
        }
        return SpanGrid.Configuration(
            columns: (0..<columns).map { _ in SpanGrid.ColumnWidth(.fixed(Double(random.integer(20...80)))) }, rows: runs,
            merges: merges, frozenRows: frozenRows, frozenColumns: frozenColumns)
    }

    /// Seeded typing sessions: keystrokes that change no row (below the row's height, the
    /// same height again), that grow and shrink rows, in merged cells spanning rows and
    /// columns, in frozen rows and columns; in odd seeds now and then a height of no whole
    /// number of 2⁻¹⁰, which the grid lays out again and the cache rebuilds for. After every
    /// keystroke the cache answers as a fresh grid, and it was built again exactly when the
    /// grid reported no shift.
    @Test(arguments: 0..<6)
    func followsSeededKeystrokesAsAFreshGrid(batch: Int) throws {
        var followedGrowths = 0, unchanged = 0, rebuilt = 0, inSpanning = 0, inFrozen = 0, sharedBands = 0
        for sequence in 0..<8 {
            let seed = UInt64(2_900 + batch * 100 + sequence)
            var random = SeededRandom(seed: seed)
            let configuration = Self.randomConfiguration(&random)
            var reference = try Self.prepared(configuration)
            var cached = try Self.cached(reference)
            #expect(cached.buildCount == 1)
            var history: [String] = []
            for _ in 0..<40 {
                let row = random.integer(0...(reference.rowCount - 1)), column = random.integer(0...(reference.columnCount - 1))
                let rowHeight = reference.laidOutHeight(ofRow: row) ?? 0
                var height: Double
                switch random.integer(0...9) {
                case 0, 1: height = Double(random.integer(0...Int(rowHeight)))  // below the row: no row changes
                case 2: height = 0
                default: height = [15, 30, 48, 70, 100, 160, 250][random.integer(0...6)] + Double(random.integer(0...3)) * 0.25
                }
                if batch % 2 == 1 && random.integer(0...7) == 0 { height += 0.1 }
                let operation = SpanGrid.Operation.setContentHeight(row: row, column: column, height: height)
                history.append("(\(row), \(column)) ← \(height)")
                let context = "seed \(seed), \(configuration.rows.map { "\($0.count)×\($0.height)" }): " + history.suffix(6).joined(separator: "; ")
                let builds = cached.buildCount
                let shift = try reference.apply(operation).shift
                let edit = try cached.apply(operation)
                #expect(edit.shift == shift, "\(context)")
                #expect(cached.base.configuration == reference.configuration, "\(context)")
                if shift == nil {
                    rebuilt += 1
                    #expect(cached.buildCount == builds + 1, "\(context)")
                } else {
                    #expect(cached.buildCount == builds, "built again for a keystroke laid out in place: \(context)")
                    if edit.changesNoFrame(sectionCount: reference.rowCount) { unchanged += 1 } else { followedGrowths += 1 }
                }
                if let placement = reference.path(coveringRow: row, column: column).flatMap(reference.gridPlacement(of:)), placement.rowSpan > 1 {
                    inSpanning += 1
                }
                if row < configuration.frozenRows || column < configuration.frozenColumns { inFrozen += 1 }
                if cached.piecesShareBands { sharedBands += 1 }
                let fresh = try Self.prepared(reference.configuration)
                Self.expectAsFresh(cached, fresh, rects: Self.rects(&random, fresh), context)
                // A cache built afresh over the fresh grid answers the same (bands of its own).
                let freshCache = try Self.cached(fresh)
                let somewhere = Rect(x: random.uniform(0...300), y: random.uniform(0...fresh.contentSize.height), width: 200, height: 150)
                #expect(Self.sorted(cached.elements(in: somewhere)) == Self.sorted(freshCache.elements(in: somewhere)), "\(context)")
            }
        }
        // The sessions do what they are meant to: follow growths, keep unchanged frames, type
        // in merged cells spanning rows and in frozen bands, cut bands that hold several rows,
        // and (odd batches) fall back.
        #expect(followedGrowths > 60 && unchanged > 30 && inSpanning > 5 && inFrozen > 20 && sharedBands > 10,
                "\(followedGrowths) followed, \(unchanged) unchanged, \(inSpanning) in merged cells, \(inFrozen) frozen, \(sharedBands) shared bands")
        if batch % 2 == 1 { #expect(rebuilt > 0) } else { #expect(rebuilt == 0) }
    }

    /// Four rows of 10, 10, 40 and 40 in two columns of 50: the average row, 25, makes the
    /// cache's bands, so rows 0…2 (starting at 0, 10 and 20) share band 0, sorted by x (row
    /// 0's, 1's and 2's first cells, then their second ones). Worked by hand: 25 typed in
    /// row 1 grows it by 15: rows start at 0, 10, 35, 75, content 115; row 1 is laid again,
    /// rows 2 and 3 move by 15, row 0 is kept, and the piece before row 1 and the one after
    /// it share band 0 with it.
    @Test func aKeystrokeInABandOfThreeRows() throws {
        let configuration = SpanGrid.Configuration(
            columns: [SpanGrid.ColumnWidth(.fixed(50)), SpanGrid.ColumnWidth(.fixed(50))],
            rows: [SpanGrid.RowRun(count: 2, height: 10), SpanGrid.RowRun(count: 2, height: 40)])
        let grid = try Self.prepared(configuration)
        var cached = try Self.cached(grid)
        let edit = try cached.apply(.setContentHeight(row: 1, column: 0, height: 25))
        #expect(edit.shift == SectionShift(firstChanged: 1, movedFrom: 2, movedTo: 2, offset: 15, changedSpan: 10...35))
        #expect(cached.buildCount == 1 && cached.answersFromPieces && cached.piecesShareBands)
        let frames = (0..<4).map { cached.attributes(at: ItemPath(section: $0, item: 0))?.frame }
        #expect(frames == [
            Rect(x: 0, y: 0, width: 50, height: 10), Rect(x: 0, y: 10, width: 50, height: 25),
            Rect(x: 0, y: 35, width: 50, height: 40), Rect(x: 0, y: 75, width: 50, height: 40),
        ])
        #expect(cached.contentSize == Size(width: 100, height: 115))
        #expect(Self.sorted(cached.elements(in: Rect(x: 0, y: 0, width: 50, height: 20))).map(\.path.section) == [0, 1])
        #expect(Self.sorted(cached.elements(in: Rect(x: 60, y: 30, width: 40, height: 10))).map(\.path) == [
            ItemPath(section: 1, item: 1), ItemPath(section: 2, item: 1),
        ])
        #expect(cached.elements(in: Rect(x: 0, y: 115, width: 100, height: 10)).isEmpty)
        #expect(cached.cachedElementCount == 8)
        // Back to 10: the rows start where they did.
        _ = try cached.apply(.setContentHeight(row: 1, column: 0, height: 0))
        #expect(cached.buildCount == 1)
        Self.expectAsFresh(cached, try Self.prepared(cached.base.configuration), rects: [Rect(x: 0, y: 5, width: 100, height: 20)], "back")
        #expect(cached.attributes(at: ItemPath(section: 3, item: 0))?.frame == Rect(x: 0, y: 60, width: 50, height: 40))
    }

    /// Adaptive, cached below its threshold: a keystroke is made by the cache it holds, in
    /// place, and followed; a structural edit makes it again.
    @Test func adaptiveCachedFollowsKeystrokes() throws {
        let configuration = SpanGrid.Configuration(
            columns: (0..<6).map { _ in SpanGrid.ColumnWidth(.fixed(40)) },
            rows: [SpanGrid.RowRun(count: 1, height: 30), SpanGrid.RowRun(count: 20, height: 12)],
            merges: [GridPlacement(row: 4, column: 1, rowSpan: 3, columnSpan: 2)], frozenRows: 1, frozenColumns: 1)
        let grid = try Self.prepared(configuration)
        var adaptive = try AdaptiveLayout(grid, threshold: 1_000)
        try adaptive.prepare(data: grid.cells, container: Self.container)
        #expect(adaptive.choice == .cached && adaptive.cachedBuildCount == 1)
        var reference = grid
        for (row, column, height) in [(5, 2, 70.0), (0, 3, 50), (0, 0, 10), (9, 4, 33.5), (5, 1, 0), (0, 3, 0)] {
            let operation = SpanGrid.Operation.setContentHeight(row: row, column: column, height: height)
            try reference.apply(operation)
            _ = try adaptive.apply(operation)
            #expect(adaptive.choice == .cached && adaptive.cachedBuildCount == 1, "(\(row), \(column)) ← \(height)")
            let fresh = try Self.prepared(reference.configuration)
            let all = Rect(x: 0, y: 0, width: fresh.contentSize.width, height: fresh.contentSize.height)
            #expect(Self.sorted(adaptive.elements(in: all)) == fresh.elements(in: all))
            #expect(adaptive.contentSize == fresh.contentSize)
        }
        // A structural edit: a cache made again for the edited grid.
        try reference.apply(.insertRow(at: 3, height: 20))
        _ = try adaptive.apply(.insertRow(at: 3, height: 20))
        let fresh = try Self.prepared(reference.configuration)
        let all = Rect(x: 0, y: 0, width: fresh.contentSize.width, height: fresh.contentSize.height)
        #expect(adaptive.choice == .cached && Self.sorted(adaptive.elements(in: all)) == fresh.elements(in: all))
    }
}

/// A keystroke frame on a ledger of 3,000,000 cells, cached: the keystroke followed in
/// pieces, then a screen's rect query into a buffer with room, allocates nothing once the
/// grid's and the pieces' buffers have grown, and never builds the cache again (issue 29).
@Suite struct CachedSpanGridKeystrokeAllocationTests {
    /// Rows 500…: a cell grown, a keystroke that changes no row, growth in a merged cell
    /// spanning rows and in the frozen row and column, shrinking back, in far rows. Worked by
    /// hand, the end state: row 500 is 50 (cells 3: 50, 7: 10), row 0 is 36, row 90,000 28.
    static let script: [(row: Int, column: Int, height: Double)] = [
        (500, 3, 40), (500, 7, 60), (500, 7, 30), (500, 3, 0), (500, 7, 10), (506, 10, 100), (506, 10, 0),
        (0, 5, 60), (12, 0, 70), (90_000, 0, 48.5), (12, 0, 0), (0, 5, 0), (500, 3, 50), (90_000, 0, 0),
    ]

    static func ledger() throws -> SpanGrid {
        let configuration = SpanGrid.Configuration(
            columns: (0..<30).map { _ in SpanGrid.ColumnWidth(.fixed(72)) },
            rows: [SpanGrid.RowRun(count: 1, height: 36), SpanGrid.RowRun(count: 99_999, height: 28)],
            merges: [
                GridPlacement(row: 61, column: 2, rowSpan: 1, columnSpan: 4), GridPlacement(row: 505, column: 10, rowSpan: 3, columnSpan: 2),
            ],
            frozenRows: 1, frozenColumns: 1)
        var grid = SpanGrid(configuration)
        try grid.prepare(data: try configuration.dataShape(), container: Size(width: 1024, height: 768))
        return grid
    }

    static func type(_ layout: inout CachedLayout<SpanGrid>, into buffer: inout [LayoutAttributes]) -> Int {
        var failures = 0
        var i = 0
        while i < script.count {  // not `for … in`: the iterator, unspecialised in a debug build, allocates
            let (row, column, height) = script[i]
            i += 1
            if (try? layout.apply(.setContentHeight(row: row, column: column, height: height))) == nil { failures += 1 }
            buffer.removeAll(keepingCapacity: true)
            layout.elements(in: Rect(x: 0, y: 36 + 479 * 28, width: 1024, height: 768), into: &buffer)
        }
        return failures
    }

    @Test func cachedKeystrokeFramesAllocateNothing() throws {
        var cached = CachedLayout(try Self.ledger())
        try cached.prepare(data: cached.base.cells, container: Size(width: 1024, height: 768))
        var buffer: [LayoutAttributes] = []
        buffer.reserveCapacity(4096)
        // Warm-up: the rows' multisets, the content list, the row track, the pieces' arrays
        // (grown until what patches laid again leave behind is compacted, past 4,096 elements).
        for _ in 0..<16 { #expect(Self.type(&cached, into: &buffer) == 0) }
        if AllocationCount.isAvailable {
            let (failures, count) = AllocationCount.measure { Self.type(&cached, into: &buffer) }
            #expect(failures == 0)
            #expect(count.allocations == 0, "cached: \(count)")
        } else {
            #expect(Self.type(&cached, into: &buffer) == 0)
        }
        #expect(cached.buildCount == 1, "built again \(cached.buildCount - 1) times")
        #expect(cached.answersFromPieces)
        // The work was done: row 500 is 50 high, the rows below moved by 22.
        let grid = cached.base
        #expect(grid.laidOutHeight(ofRow: 500) == 50 && grid.laidOutHeight(ofRow: 0) == 36 && grid.laidOutHeight(ofRow: 90_000) == 28)
        #expect(cached.contentSize.height == 36 + 99_999 * 28 + 22)
        #expect(cached.attributes(at: ItemPath(section: 501, item: 0))?.frame == Rect(x: 0, y: 36 + 499 * 28 + 50, width: 72, height: 28))
        #expect(cached.attributes(at: ItemPath(section: 500, item: 3))?.frame == Rect(x: 216, y: 36 + 499 * 28, width: 72, height: 50))
        // The screen [13,448, 14,216) after the last keystroke: rows 480…499 (row r at 36 + 28(r − 1),
        // 499 ending at 14,008), row 500 (to 14,058), rows 501…506 (506 starts at 14,058 + 5·28
        // = 14,198), 27 rows; columns 0…14 (15 · 72 = 1,080 > 1,024): 27 · 15 = 405 cells, the
        // merged cell at row 505 covering columns 10…11 of rows 505…507 takes one place for two
        // in row 505 and none in row 506: 405 − 1 − 2 = 402.
        #expect(buffer.count == 402)
        let fresh = grid.elements(in: Rect(x: 0, y: 36 + 479 * 28, width: 1024, height: 768))
        #expect(buffer.sorted { $0.path < $1.path } == fresh)
    }
}
