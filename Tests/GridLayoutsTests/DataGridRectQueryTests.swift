import GridCore
import GridLayouts
import Testing

/// The rect query (law 1: exactly the elements whose frames meet the rect, each once)
/// against a brute-force filter of every element the per-item and supplementary queries
/// give, answered in ``ElementID`` order; plus containment (4), non-overlap (8) and
/// additivity (7) on the same grids.
@Suite("DataGrid rect queries")
struct DataGridRectQueryTests {
    static let cases: [DataGridCase] = {
        var cases: [DataGridCase] = []
        func add(_ name: String, _ configuration: DataGrid.Configuration, _ data: () throws -> DataShape) {
            if let data = try? data() { cases.append(DataGridCase(name: name, configuration: configuration, data: data)) }
        }
        add("defaults, 12 × 5", .standard) { try DataShape(sections: 12, itemsPerSection: 5) }
        add("sales-10x4", .salesExample) { try DataGrid.data(records: 10, fields: 4) }
        var sales = DataGrid.Configuration.salesExample
        sales.transposed = false
        add("sales-10x4 not transposed", sales) { try DataGrid.data(records: 10, fields: 4) }
        for transposed in [false, true] {
            let mode = transposed ? "transposed" : "not transposed"
            let ragged = DataGrid.Configuration(transposed: transposed, columnWidth: 40, rowHeight: 25, headerHeight: 20, rowHeaderWidth: 30)
            add("ragged, \(mode)", ragged) { try DataShape(itemCounts: [5, 0, 3, 5, 1, 2, 0, 4]) }
            var wide = ragged
            wide.fields = 8
            add("fields 8 beyond every record, \(mode)", wide) { try DataShape(itemCounts: [3, 5, 0, 2]) }
            let thirds = DataGrid.Configuration(transposed: transposed, columnWidth: 238.0 / 3.0, rowHeight: 0.1, headerHeight: 22.1, rowHeaderWidth: 0.3)
            add("cw 79⅓, rh 0.1, hh 22.1, hw 0.3, \(mode)", thirds) { try DataShape(sections: 40, itemsPerSection: 7) }
            let tenths = DataGrid.Configuration(transposed: transposed, columnWidth: 0.1, rowHeight: 1.0 / 3.0, headerHeight: 0.3, rowHeaderWidth: 0.7)
            add("cw 0.1, rh ⅓, hh 0.3, hw 0.7, \(mode)", tenths) { try DataShape(itemCounts: [9, 2, 9, 0, 9, 9, 1, 9, 9, 9, 9]) }
        }
        add("no headers, 6 × 6", DataGrid.Configuration(columnWidth: 33, rowHeight: 17, headerHeight: 0)) {
            try DataShape(sections: 6, itemsPerSection: 6)
        }
        add("no records, fields 6", DataGrid.Configuration(rowHeaderWidth: 25, fields: 6)) { .empty }
        add("9 records of no fields, transposed", DataGrid.Configuration(transposed: true, headerHeight: 10, rowHeaderWidth: 25)) {
            try DataShape(sections: 9, itemsPerSection: 0)
        }
        return cases
    }()

    @Test func casesAreThere() {
        #expect(Self.cases.count == 14)
    }

    /// Every element is found by the per-item and supplementary queries, and the full
    /// enumeration obeys containment and has no two overlapping elements at all (cells,
    /// headers and the corner tile the content without overlap).
    @Test(arguments: cases)
    func enumerationIsCompleteContainedAndDisjoint(_ c: DataGridCase) throws {
        let (grid, all) = try c.preparedWithElements()
        let hh = c.configuration.headerHeight, hw = c.configuration.rowHeaderWidth
        let headers = (hh > 0 ? grid.columnCount : 0) + (hw > 0 ? grid.rowCount : 0) + (hh > 0 && hw > 0 ? 1 : 0)
        #expect(all.count == c.data.totalItems + headers)
        let bounds = grid.contentBounds
        for element in all {
            #expect(element.frame.isFinite && element.frame.width > 0 && element.frame.height > 0, "\(c): \(element)")
            #expect(bounds.contains(element.frame), "\(c): \(element) outside \(bounds)")
        }
        var pairs = 0
        for i in all.indices {
            for j in all.indices where j > i && all[i].frame.intersects(all[j].frame) {
                Issue.record("\(c): \(all[i]) and \(all[j]) overlap")
                pairs += 1
            }
            if pairs > 3 { return }
        }
    }

    @Test(arguments: cases)
    func seededRandomRects(_ c: DataGridCase) throws {
        let (grid, all) = try c.preparedWithElements()
        let w = grid.contentSize.width, h = grid.contentSize.height
        let seed: UInt64 = 0xDA7A_6001
        var random = SeededRandom(seed: seed)
        for index in 0..<1200 {
            let x = random.uniform(-0.2 * w - 5...(1.2 * w + 5)), y = random.uniform(-0.2 * h - 5...(1.2 * h + 5))
            let width = random.integer(0...9) == 0 ? 0 : random.uniform(0...max(w, 1))
            let height = random.integer(0...9) == 0 ? 0 : random.uniform(0...max(h, 1))
            if !checkDataGridQuery(grid, all: all, rect: Rect(x: x, y: y, width: width, height: height), "\(c), seed \(seed), rect #\(index)") {
                return
            }
        }
    }

    /// Strips across the whole content (header row and column included) that start or end
    /// exactly on every row and column boundary, and one ulp either side of it.
    @Test(arguments: cases)
    func stripsOnEveryBoundary(_ c: DataGridCase) throws {
        let (grid, all) = try c.preparedWithElements()
        let w = grid.contentSize.width, h = grid.contentSize.height
        var failures = 0
        for axis in Axis.allCases {
            for edge in frameEdges(all, along: axis) {
                for at in [edge.nextDown, edge, edge.nextUp] {
                    // Along x: from `at` rightwards, and from well left of it to exactly `at`.
                    let thin = max(at * 0x1p-20, 1e-9)
                    let spans = [(at, thin), (at, 7.25), (at - 7.25, at - (at - 7.25)), (at - thin, thin), (-1, at + 1)]
                    for (start, length) in spans {
                        let rect = axis == .horizontal
                            ? Rect(x: start, y: -1, width: length, height: h + 2)
                            : Rect(x: -1, y: start, width: w + 2, height: length)
                        if !checkDataGridQuery(grid, all: all, rect: rect, "\(c), \(axis) edge \(edge)") { failures += 1 }
                    }
                    let line = axis == .horizontal ? Rect(x: at, y: 0, width: 0, height: h) : Rect(x: 0, y: at, width: w, height: 0)
                    #expect(grid.elements(in: line).isEmpty, "\(c): zero-area line \(line)")
                }
                if failures > 3 { return }
            }
        }
    }

    /// Small squares on every crossing of a row and a column boundary, exactly on it and one
    /// ulp either side on each axis: the header row's and column's corners included.
    @Test(arguments: cases)
    func squaresOnEveryCrossing(_ c: DataGridCase) throws {
        let (grid, all) = try c.preparedWithElements()
        var failures = 0
        let xs = frameEdges(all, along: .horizontal), ys = frameEdges(all, along: .vertical)
        for x in xs {
            for y in ys {
                for dx in [x.nextDown, x, x.nextUp] {
                    for dy in [y.nextDown, y, y.nextUp] {
                        let rect = Rect(x: dx, y: dy, width: 0.05, height: 0.05)
                        if !checkDataGridQuery(grid, all: all, rect: rect, "\(c), crossing (\(x), \(y))") { failures += 1 }
                        // The square ending at the crossing.
                        let before = Rect(x: dx - 0.05, y: dy - 0.05, width: 0.05, height: 0.05)
                        if !checkDataGridQuery(grid, all: all, rect: before, "\(c), crossing (\(x), \(y))") { failures += 1 }
                    }
                }
                if failures > 3 { return }
            }
        }
    }

    /// Zero-area, negative and NaN rects give nothing; huge ones everything; rects outside
    /// the content, touching it or far away, nothing.
    @Test(arguments: cases)
    func specialRects(_ c: DataGridCase) throws {
        let (grid, all) = try c.preparedWithElements()
        let w = grid.contentSize.width, h = grid.contentSize.height
        let nan = Double.nan, inf = Double.infinity, big = Double.greatestFiniteMagnitude

        for rect in [grid.contentBounds, Rect(x: -1e9, y: -1e9, width: 3e9, height: 3e9), Rect(x: 0, y: 0, width: inf, height: inf),
                     Rect(x: -big / 2, y: -big / 2, width: big, height: big), Rect(x: -1e300, y: -1e300, width: 1e308, height: 1e308),
                     Rect(x: -0.0, y: -0.0, width: w, height: h)] {
            checkDataGridQuery(grid, all: all, rect: rect, "\(c), everything")
            #expect(grid.elements(in: rect).count == all.count, "\(c): \(rect)")
        }
        // -∞ + ∞ is NaN: such a rect has no maximum and meets nothing (as brute force says).
        checkDataGridQuery(grid, all: all, rect: Rect(x: -inf, y: -inf, width: inf, height: inf), "\(c), (−∞, ∞)")

        let empty = [
            Rect(x: 0, y: 0, width: 0, height: 0), Rect(x: 1, y: 1, width: 0, height: h), Rect(x: 1, y: 1, width: w, height: 0),
            Rect(x: 1, y: 1, width: -5, height: h), Rect(x: w, y: h, width: -w, height: -h), Rect(x: 0, y: 0, width: w, height: -0.0),
            Rect(x: nan, y: 0, width: w, height: h), Rect(x: 0, y: nan, width: w, height: h),
            Rect(x: 0, y: 0, width: nan, height: h), Rect(x: 0, y: 0, width: w, height: nan),
            Rect(x: nan, y: nan, width: nan, height: nan), Rect(x: 0, y: 0, width: nan, height: inf),
        ]
        for rect in empty {
            #expect(grid.elements(in: rect).isEmpty, "\(c): \(rect)")
        }
        let outside = [
            Rect(x: -100, y: 0, width: 100, height: h), Rect(x: w, y: 0, width: 100, height: h),
            Rect(x: 0, y: -100, width: w, height: 100), Rect(x: 0, y: h, width: w, height: 100),
            Rect(x: -0.5, y: -0.5, width: 0.5, height: h + 1), Rect(x: w.nextUp, y: 0, width: 1, height: h),
            Rect(x: 1e12, y: 1e12, width: 5, height: 5), Rect(x: -1e12, y: 0, width: 5, height: 5),
            Rect(x: inf, y: 0, width: 5, height: 5), Rect(x: 0, y: -inf, width: 5, height: 5),
            Rect(x: 0, y: inf, width: inf, height: inf), Rect(x: -big, y: -big, width: 1, height: 1),
        ]
        for rect in outside {
            #expect(grid.elements(in: rect).isEmpty, "\(c): \(rect)")
            checkDataGridQuery(grid, all: all, rect: rect, "\(c), outside")
        }
    }

    /// Rects across the header row only, the header column only, and the corner: the
    /// headers they meet and the cells beyond them, nothing else.
    @Test(arguments: cases)
    func rectsAcrossTheHeaders(_ c: DataGridCase) throws {
        let (grid, all) = try c.preparedWithElements()
        let w = grid.contentSize.width, h = grid.contentSize.height
        let hh = c.configuration.headerHeight, hw = c.configuration.rowHeaderWidth
        let rects = [
            Rect(x: 0, y: 0, width: w, height: hh), Rect(x: 0, y: 0, width: hw, height: h), Rect(x: 0, y: 0, width: hw, height: hh),
            Rect(x: hw / 2, y: hh / 2, width: w, height: h), Rect(x: hw.nextDown, y: hh.nextDown, width: 1, height: 1),
            Rect(x: hw, y: hh, width: w, height: h), Rect(x: 0, y: hh, width: hw, height: h), Rect(x: hw, y: 0, width: w, height: hh),
            Rect(x: -5, y: hh / 3, width: w + 10, height: hh / 3), Rect(x: hw / 3, y: -5, width: hw / 3, height: h + 10),
        ]
        for rect in rects {
            checkDataGridQuery(grid, all: all, rect: rect, "\(c), across the headers")
        }
        // Only the header row: the rect [0, hh) along y holds column headers and the corner.
        if hh > 0 {
            let kinds = Set(grid.elements(in: Rect(x: -1, y: 0, width: w + 2, height: hh)).map(\.kind))
            #expect(kinds.isSubset(of: [.columnHeader, .corner]), "\(c): \(kinds)")
        }
        if hw > 0 {
            let kinds = Set(grid.elements(in: Rect(x: 0, y: -1, width: hw, height: h + 2)).map(\.kind))
            #expect(kinds.isSubset(of: [.rowHeader, .corner]), "\(c): \(kinds)")
        }
    }

    /// Law 7 on exact (integer) splits: the query of a rect is the union of the queries of
    /// its two halves, split along either axis.
    @Test(arguments: cases)
    func additivity(_ c: DataGridCase) throws {
        let grid = try c.prepared()
        var random = SeededRandom(seed: 0xADD)
        let w = grid.contentSize.width.rounded(.up), h = grid.contentSize.height.rounded(.up)
        for index in 0..<300 {
            let x0 = Double(random.integer(-2...Int(w))), y0 = Double(random.integer(-2...Int(h)))
            let x1 = x0 + Double(random.integer(1...Int(w) + 2)), y1 = y0 + Double(random.integer(1...Int(h) + 2))
            let whole = Set(grid.elements(in: Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)).map(\.id))
            let sx = Double(random.integer(Int(x0)...Int(x1))), sy = Double(random.integer(Int(y0)...Int(y1)))
            let left = grid.elements(in: Rect(x: x0, y: y0, width: sx - x0, height: y1 - y0))
            let right = grid.elements(in: Rect(x: sx, y: y0, width: x1 - sx, height: y1 - y0))
            let top = grid.elements(in: Rect(x: x0, y: y0, width: x1 - x0, height: sy - y0))
            let bottom = grid.elements(in: Rect(x: x0, y: sy, width: x1 - x0, height: y1 - sy))
            #expect(Set((left + right).map(\.id)) == whole, "\(c), #\(index): split at x = \(sx)")
            #expect(Set((top + bottom).map(\.id)) == whole, "\(c), #\(index): split at y = \(sy)")
        }
    }

    /// Laws 5 and 6: one grid prepared again and again, through every case in turn, answers
    /// each time exactly what a new grid prepared once answers, bit for bit.
    @Test func preparedAgainAnswersAsNew() throws {
        var reused = DataGrid()
        for c in Self.cases + Self.cases.reversed() {
            reused.configuration = c.configuration
            try reused.prepare(data: c.data, container: Size(width: 320, height: 480))
            let fresh = try c.prepared()
            #expect(reused.contentSize == fresh.contentSize, "\(c)")
            #expect(reused.traits == fresh.traits, "\(c)")
            let a = everyDataGridElement(reused, c.data), b = everyDataGridElement(fresh, c.data)
            #expect(a.count == b.count && zip(a, b).allSatisfy { $0.isIdentical(to: $1) }, "\(c)")
            let q = reused.elements(in: reused.contentBounds), r = fresh.elements(in: fresh.contentBounds)
            #expect(q.count == r.count && zip(q, r).allSatisfy { $0.isIdentical(to: $1) }, "\(c)")
        }
    }

    /// The query appends to the caller's buffer without clearing it.
    @Test func theQueryAppendsToTheBuffer() throws {
        let grid = try preparedDataGrid(.salesExample, try DataShape(sections: 2, itemsPerSection: 2))
        let sentinel = LayoutAttributes(kind: .sectionFooter, path: ItemPath(section: 99, item: 99), frame: .zero)
        var buffer = [sentinel]
        grid.elements(in: grid.contentBounds, into: &buffer)
        #expect(buffer.count == 1 + 4 + 2 + 2 + 1)
        #expect(buffer.first == sentinel)
    }
}
