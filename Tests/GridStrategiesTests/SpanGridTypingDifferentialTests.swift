import GridCore
import GridLayouts
import GridStrategies
import Testing

/// Typing in a span grid (issue 29), strategy against strategy: seeded sequences of content
/// heights typed, mixed with merges, splits and rows and columns inserted and deleted, applied
/// to the grid under every strategy. After each step every strategy answers what a grid
/// prepared afresh with the same configuration (content heights included) answers, frame
/// for frame, and the rows are as tall as a brute-force reading of the rule says.
@Suite struct SpanGridTypingDifferentialTests {
    typealias Operation = SpanGrid.Operation

    /// Row heights by the rule of issue 29, worked row by row over every row and merged cell:
    /// configured height, raised by content heights of cells lying in one row (clipped at the
    /// row's max); then merged cells spanning rows by (row span, anchor row, anchor column),
    /// each growing its last row by what its content exceeds its rows' sum, up to the max.
    static func referenceHeights(_ configuration: SpanGrid.Configuration) -> [Double] {
        var heights: [Double] = [], maxima: [Double] = []
        for run in configuration.rows {
            for _ in 0..<run.count {
                heights.append(run.height)
                maxima.append(run.maxHeight ?? .infinity)
            }
        }
        var spanning: [(GridPlacement, Double)] = []
        for content in configuration.contentHeights {
            let cell = configuration.merges.first { $0.covers(row: content.row, column: content.column) }
                ?? GridPlacement(row: content.row, column: content.column)
            #expect(cell.row == content.row && cell.column == content.column, "content named by its anchor")
            if cell.rowSpan == 1 {
                heights[cell.row] = max(heights[cell.row], min(content.height, maxima[cell.row]))
            } else {
                spanning.append((cell, content.height))
            }
        }
        spanning.sort { a, b in
            if a.0.rowSpan != b.0.rowSpan { return a.0.rowSpan < b.0.rowSpan }
            if a.0.row != b.0.row { return a.0.row < b.0.row }
            return a.0.column < b.0.column
        }
        for (cell, height) in spanning {
            var sum = 0.0
            for row in cell.row..<(cell.row + cell.rowSpan) { sum += heights[row] }
            if height > sum {
                let last = cell.row + cell.rowSpan - 1
                heights[last] = min(heights[last] + (height - sum), maxima[last])
            }
        }
        return heights
    }

    /// A rect query's answer in ElementID order (a cache answers band by band).
    static func sorted(_ elements: [LayoutAttributes]) -> [LayoutAttributes] {
        elements.sorted { $0.path < $1.path }
    }

    /// The whole grid's elements and content size of the edited grid and of every strategy
    /// over it, against a fresh grid's (the strategies' answers sorted, band by band as they
    /// come); returns the fresh grid's elements.
    @discardableResult
    static func expectWholeGridAsFresh(
        _ fresh: SpanGrid, _ edited: SpanGrid, _ cached: CachedLayout<SpanGrid>, _ scan: ScanLayout<SpanGrid>,
        _ onDemand: OnDemandLayout<SpanGrid>, _ adaptive: AdaptiveLayout<SpanGrid>, _ context: String
    ) -> [LayoutAttributes] {
        let all = Rect(x: 0, y: 0, width: fresh.contentSize.width, height: fresh.contentSize.height)
        let expected = fresh.elements(in: all)
        #expect(edited.elements(in: all) == expected, "\(context)")
        #expect(Self.sorted(cached.elements(in: all)) == expected, "cached: \(context)")
        #expect(Self.sorted(scan.elements(in: all)) == expected, "scan: \(context)")
        #expect(Self.sorted(onDemand.elements(in: all)) == expected, "on demand: \(context)")
        #expect(Self.sorted(adaptive.elements(in: all)) == expected, "adaptive: \(context)")
        for size in [edited.contentSize, cached.contentSize, scan.contentSize, onDemand.contentSize, adaptive.contentSize] {
            #expect(size == fresh.contentSize, "\(context)")
        }
        return expected
    }

    static func prepared(_ configuration: SpanGrid.Configuration, _ container: Size) throws -> SpanGrid {
        var grid = SpanGrid(configuration)
        try grid.prepare(data: try configuration.dataShape(), container: container)
        return grid
    }

    /// Mostly keystrokes; now and then a merge of a small rectangle, a split, or a row or
    /// column inserted or deleted (some refused).
    static func randomOperation(_ random: inout SeededRandom, rows: Int, columns: Int) -> Operation {
        let row = random.integer(0...(rows - 1)), column = random.integer(0...(columns - 1))
        switch random.integer(0...19) {
        case 0...11:
            let height = [0, 10, 25, 40, 55, 80, 130, 300][random.integer(0...7)] + Double(random.integer(0...3)) * 0.25
            return .setContentHeight(row: row, column: column, height: height)
        case 12, 13:
            let bottom = min(rows - 1, row + random.integer(0...3)), right = min(columns - 1, column + random.integer(0...2))
            return .merge(cells: [SpanGrid.Slot(row: row, column: column), SpanGrid.Slot(row: bottom, column: right)])
        case 14, 15: return .split(row: row, column: column)
        case 16: return .insertRow(at: random.integer(0...rows), height: Double(random.integer(10...40)))
        case 17: return .deleteRow(at: row)
        case 18: return .insertColumn(at: random.integer(0...columns), width: SpanGrid.ColumnWidth(.fixed(Double(random.integer(20...90)))))
        default: return .deleteColumn(at: column)
        }
    }

    /// A keystroke in the cell covering `(row, column)`, anchored in row `a`: no cell lying
    /// wholly above row `a` moves or changes size, and when no row's height changed, no
    /// frame changed at all.
    static func expectLocality(_ before: SpanGrid, _ after: SpanGrid, typedAt row: Int, _ column: Int, _ context: String) {
        let all = Rect(x: 0, y: 0, width: 1e9, height: 1e9)
        let old = before.elements(in: all), new = after.elements(in: all)
        #expect(old.map(\.path) == new.map(\.path), "a keystroke keeps the cells: \(context)")
        guard old.count == new.count else { return }
        let anchorRow = after.path(coveringRow: row, column: column).flatMap { after.gridPlacement(of: $0) }?.row ?? row
        let sameRows = (0..<before.rowCount).allSatisfy { before.laidOutHeight(ofRow: $0) == after.laidOutHeight(ofRow: $0) }
        for (a, b) in zip(old, new) {
            guard let placement = before.gridPlacement(of: a.path) else { continue }
            if sameRows || placement.row + placement.rowSpan <= anchorRow {
                #expect(a.frame == b.frame, "\(a.path) moved (\(sameRows ? "no row changed" : "above row \(anchorRow)")): \(context)")
            }
        }
    }

    @Test(arguments: 0..<4)
    func everyStrategyTypesAsAFreshGrid(batch: Int) throws {
        let container = Size(width: 500, height: 400)
        var keystrokes = 0, grownRows = 0, structural = 0
        for sequence in 0..<10 {
            let seed = UInt64(29_000 + batch * 100 + sequence)
            var random = SeededRandom(seed: seed)
            let columnCount = random.integer(2...7)
            let runs = (0..<random.integer(1...3)).map { _ in
                let height = Double(random.integer(10...40))
                return SpanGrid.RowRun(count: random.integer(1...12), height: height, maxHeight: random.integer(0...2) == 0 ? height + 60 : nil)
            }
            let start = SpanGrid.Configuration(
                columns: (0..<columnCount).map { _ in SpanGrid.ColumnWidth(.fixed(Double(random.integer(20...90)))) }, rows: runs)
            let grid = try Self.prepared(start, container)
            let data = grid.cells
            var edited = grid
            var cached = CachedLayout(grid), scan = ScanLayout(grid), onDemand = OnDemandLayout(grid)
            var adaptive = try AdaptiveLayout(grid, threshold: 40)
            try cached.prepare(data: data, container: container)
            try scan.prepare(data: data, container: container)
            try onDemand.prepare(data: data, container: container)
            try adaptive.prepare(data: data, container: container)
            var history: [String] = []
            for _ in 0..<50 {
                let operation = Self.randomOperation(&random, rows: edited.rowCount, columns: edited.columnCount)
                history.append("\(operation)")
                let context = "seed \(seed): " + history.suffix(8).joined(separator: "; ")
                let before = edited
                let accepted = (try? edited.apply(operation)) != nil
                #expect(((try? cached.apply(operation)) != nil) == accepted, "\(context)")
                #expect(((try? scan.apply(operation)) != nil) == accepted, "\(context)")
                #expect(((try? onDemand.apply(operation)) != nil) == accepted, "\(context)")
                #expect(((try? adaptive.apply(operation)) != nil) == accepted, "\(context)")
                if accepted {
                    if case .setContentHeight(let row, let column, _) = operation {
                        keystrokes += 1
                        Self.expectLocality(before, edited, typedAt: row, column, context)
                    } else {
                        structural += 1
                    }
                }
                let configuration = edited.configuration
                let fresh = try Self.prepared(configuration, container)
                let heights = (0..<fresh.rowCount).map { fresh.laidOutHeight(ofRow: $0) }
                #expect(heights == Self.referenceHeights(configuration), "\(context)")
                #expect((0..<edited.rowCount).map { edited.laidOutHeight(ofRow: $0) } == heights, "\(context)")
                grownRows += zip(heights, (0..<fresh.rowCount).map { configuration.height(ofRow: $0) }).filter { $0.0 != $0.1 }.count
                let expected = Self.expectWholeGridAsFresh(fresh, edited, cached, scan, onDemand, adaptive, context)
                // A band across the middle: rect queries, not only the whole grid.
                let y = Double(random.integer(0...Int(fresh.contentSize.height)))
                let band = Rect(x: Double(random.integer(0...100)), y: y, width: 150, height: 90)
                #expect(Self.sorted(cached.elements(in: band)) == fresh.elements(in: band), "cached \(band): \(context)")
                #expect(Self.sorted(onDemand.elements(in: band)) == fresh.elements(in: band), "on demand \(band): \(context)")
                for element in expected {
                    #expect(onDemand.attributes(at: element.path) == element, "\(element.path): \(context)")
                    #expect(cached.attributes(at: element.path) == element, "\(element.path): \(context)")
                }
            }
        }
        // The sequences type, grow rows and edit the grid's structure.
        #expect(keystrokes > 100 && grownRows > 100 && structural > 30, "\(keystrokes) keystrokes, \(grownRows) grown rows, \(structural) edits")
    }
}

extension SpanGridTypingDifferentialTests {
    /// Grids crowded with merged cells that share rows, most cells holding content: the row
    /// heights, grown row by row and then merged cell by merged cell, are the brute-force
    /// reading's (where the order of the merged cells matters, and the caps bite).
    @Test func crowdedMergedCellsGrowTheirRowsByTheRule() throws {
        var random = SeededRandom(seed: 2_929)
        var capped = 0
        for round in 0..<200 {
            let rows = random.integer(2...14), columns = random.integer(1...6)
            var taken = Array(repeating: Array(repeating: false, count: columns), count: rows)
            var merges: [GridPlacement] = []
            for _ in 0..<(rows * columns) {
                let row = random.integer(0...(rows - 1)), column = random.integer(0...(columns - 1))
                let rowSpan = random.integer(1...min(5, rows - row)), columnSpan = random.integer(1...min(2, columns - column))
                guard rowSpan * columnSpan > 1 else { continue }
                let slots = (row..<(row + rowSpan)).flatMap { r in (column..<(column + columnSpan)).map { (r, $0) } }
                guard !slots.contains(where: { taken[$0.0][$0.1] }) else { continue }
                for (r, c) in slots { taken[r][c] = true }
                merges.append(GridPlacement(row: row, column: column, rowSpan: rowSpan, columnSpan: columnSpan))
            }
            let runs = (0..<rows).map { _ in
                let height = Double(random.integer(10...30))
                return SpanGrid.RowRun(count: 1, height: height, maxHeight: random.integer(0...3) == 0 ? height + Double(random.integer(0...40)) : nil)
            }
            var configuration = SpanGrid.Configuration(columns: (0..<columns).map { _ in SpanGrid.ColumnWidth(.fixed(50)) }, rows: runs, merges: merges)
            for _ in 0..<(rows * columns) {
                let height = Double(random.integer(0...160)) + Double(random.integer(0...3)) * 0.125
                try configuration.apply(.setContentHeight(row: random.integer(0...(rows - 1)), column: random.integer(0...(columns - 1)), height: height))
            }
            let grid = try Self.prepared(configuration, Size(width: 400, height: 400))
            let reference = Self.referenceHeights(configuration)
            #expect((0..<rows).map { grid.laidOutHeight(ofRow: $0) } == reference, "round \(round): \(configuration)")
            capped += configuration.rows.indices.filter { configuration.rows[$0].maxHeight == reference[$0] }.count
        }
        #expect(capped > 20, "\(capped) rows at their cap")
    }
}

extension SpanGridTypingDifferentialTests {
    /// Long typing sessions (issue 29, keystrokes in place): mostly the same few cells grown,
    /// shrunk below the row's next tallest and cleared, rows capped by `maxHeight`, merged
    /// cells across columns and across rows, a structural edit now and then (which lays the
    /// grid out again, and the next keystroke makes its per-row state afresh), and in odd
    /// seeds heights of no whole number of 2⁻¹⁰ (the keystroke falls back). Every strategy
    /// answers as a fresh grid after every step.
    @Test(arguments: 0..<4)
    func longTypingSessionsMatchAFreshGrid(seed: Int) throws {
        let container = Size(width: 500, height: 400)
        var random = SeededRandom(seed: UInt64(29_290 + seed))
        let columns = random.integer(3...6)
        let runs = (0..<random.integer(2...3)).map { _ in
            let height = Double(random.integer(12...30))
            return SpanGrid.RowRun(count: random.integer(6...20), height: height, maxHeight: random.integer(0...1) == 0 ? height + 40 : nil)
        }
        let start = SpanGrid.Configuration(
            columns: (0..<columns).map { _ in SpanGrid.ColumnWidth(.fixed(Double(random.integer(20...90)))) }, rows: runs,
            merges: [GridPlacement(row: 2, column: 0, rowSpan: 1, columnSpan: 2), GridPlacement(row: 4, column: 1, rowSpan: 2, columnSpan: 2)])
        let grid = try Self.prepared(start, container)
        var edited = grid
        var cached = CachedLayout(grid), scan = ScanLayout(grid), onDemand = OnDemandLayout(grid)
        var adaptive = try AdaptiveLayout(grid, threshold: 40)
        try cached.prepare(data: grid.cells, container: container)
        try scan.prepare(data: grid.cells, container: container)
        try onDemand.prepare(data: grid.cells, container: container)
        try adaptive.prepare(data: grid.cells, container: container)
        let hot = (0..<5).map { _ in (random.integer(0...(edited.rowCount - 1)), random.integer(0...(columns - 1))) }
        var history: [String] = []
        for _ in 0..<300 {
            let operation: Operation
            if random.integer(0...29) == 0 {
                operation = Self.randomOperation(&random, rows: edited.rowCount, columns: edited.columnCount)
            } else {
                let (row, column) = hot[random.integer(0...4)]
                var height = [0, 8, 20, 35, 50, 75, 120][random.integer(0...6)] + Double(random.integer(0...3)) * 0.5
                if seed % 2 == 1 && random.integer(0...5) == 0 { height += 0.1 }
                operation = .setContentHeight(row: min(row, edited.rowCount - 1), column: min(column, edited.columnCount - 1), height: height)
            }
            history.append("\(operation)")
            let context = "seed \(seed): " + history.suffix(6).joined(separator: "; ")
            let accepted = (try? edited.apply(operation)) != nil
            #expect(((try? cached.apply(operation)) != nil) == accepted, "\(context)")
            #expect(((try? scan.apply(operation)) != nil) == accepted, "\(context)")
            #expect(((try? onDemand.apply(operation)) != nil) == accepted, "\(context)")
            #expect(((try? adaptive.apply(operation)) != nil) == accepted, "\(context)")
            let fresh = try Self.prepared(edited.configuration, container)
            let heights = (0..<fresh.rowCount).map { fresh.laidOutHeight(ofRow: $0) }
            #expect((0..<edited.rowCount).map { edited.laidOutHeight(ofRow: $0) } == heights, "\(context)")
            if seed % 2 == 0 {
                // Exact heights: a row's frame is as tall as the rule says (with 0.1 in them, a
                // frame's height is its end less its start, rounded, as a fresh grid's is).
                #expect(heights == Self.referenceHeights(edited.configuration), "\(context)")
            }
            Self.expectWholeGridAsFresh(fresh, edited, cached, scan, onDemand, adaptive, context)
            let y = Double(random.integer(0...Int(fresh.contentSize.height)))
            let band = Rect(x: 0, y: y, width: 200, height: 60)
            #expect(Self.sorted(onDemand.elements(in: band)) == fresh.elements(in: band), "on demand \(band): \(context)")
            #expect(Self.sorted(adaptive.elements(in: band)) == fresh.elements(in: band), "adaptive \(band): \(context)")
        }
    }
}
