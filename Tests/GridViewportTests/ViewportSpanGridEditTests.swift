import GridCore
import GridLayouts
import GridStrategies
import GridViewport
import Testing

/// Span grid edits applied to a viewport between frames: the cells that survive keep their
/// tiles under their new paths, every strategy loads what on demand loads, and the loaded set
/// after an edit is a fresh viewport's over the edited grid.
@Suite struct ViewportSpanGridEditTests {
    typealias Slot = SpanGrid.Slot
    static let size = Size(width: 320, height: 480)
    /// Columns 100 (frozen) and 7 of 60; rows 30 (frozen) and 60 of 20; a merged cell at
    /// rows 5…7, columns 2…3. 520 × 1,230.
    static let configuration = SpanGrid.Configuration(
        columns: [SpanGrid.ColumnWidth(.fixed(100))] + Array(repeating: SpanGrid.ColumnWidth(.fixed(60)), count: 7),
        rows: [SpanGrid.RowRun(count: 1, height: 30), SpanGrid.RowRun(count: 60, height: 20)],
        merges: [GridPlacement(row: 5, column: 2, rowSpan: 3, columnSpan: 2)], frozenRows: 1, frozenColumns: 1)

    static let edits: [SpanGrid.Operation] = [
        .insertRow(at: 3, height: 40), .merge(cells: [Slot(row: 9, column: 1), Slot(row: 9, column: 2), Slot(row: 10, column: 1), Slot(row: 10, column: 2)]),
        .split(row: 6, column: 3), .deleteRow(at: 5), .insertColumn(at: 2, width: SpanGrid.ColumnWidth(.fixed(44))),
        .deleteColumn(at: 1), .insertRow(at: 0, height: 10), .deleteRow(at: 12),
        .merge(cells: [Slot(row: 2, column: 1), Slot(row: 3, column: 1), Slot(row: 4, column: 1)]), .deleteColumn(at: 0),
    ]

    func viewport<L: GridLayout>(_ layout: L) throws -> Viewport<L> {
        try Viewport(layout: layout, data: Self.configuration.dataShape(), size: Self.size)
    }

    /// Each edit keeps the tile of every loaded cell the grid says survives (its path after
    /// the edit, by `SpanGrid.apply`'s renaming, checked here against the anchors worked out
    /// by hand for the first edit), and creates tiles only for cells new to the loaded set.
    @Test func survivingCellsKeepTheirTiles() throws {
        var viewport = try viewport(SpanGrid(Self.configuration))
        viewport.scroll(to: Point(x: 40, y: 60))
        for operation in Self.edits {
            let before = viewport.loadedElements
            var grid = viewport.layout
            let edit = try grid.apply(operation)
            try viewport.apply(operation)
            #expect(viewport.data == edit.data)
            let report = viewport.scroll(to: Point(x: 40, y: 60))
            let after = Dictionary(uniqueKeysWithValues: viewport.loadedElements.map { ($0.id, $0.tile) })
            var kept = 0
            for element in before {
                guard let id = edit.rename(element.id), let tile = after[id] else { continue }
                #expect(tile == element.tile, "\(operation): \(element.id) → \(id)")
                kept += 1
            }
            #expect(kept > 0, "\(operation)")
            // Tiles are created only when more cells enter than left their pools' tiles behind.
            #expect(report.created <= max(0, report.entered - report.left), "\(operation): \(report)")
        }
    }

    /// Inserting a row of 40 at row 3 (below the frozen row, in view): rows from 3 move down
    /// 40 points, keeping their paths' items; the merged cell (5, 2) becomes (6, 2).
    @Test func insertingARowRenamesTheRowsBelow() throws {
        var grid = SpanGrid(Self.configuration)
        try grid.prepare(data: Self.configuration.dataShape(), container: Self.size)
        let edit = try grid.apply(.insertRow(at: 3, height: 40))
        #expect(edit.rename(ElementID(kind: .cell, path: ItemPath(section: 2, item: 4))) == ElementID(kind: .cell, path: ItemPath(section: 2, item: 4)))
        #expect(edit.rename(ElementID(kind: .cell, path: ItemPath(section: 5, item: 2))) == ElementID(kind: .cell, path: ItemPath(section: 6, item: 2)))
        #expect(grid.attributes(at: ItemPath(section: 6, item: 2))?.frame == Rect(x: 160, y: 30 + 2 * 20 + 40 + 2 * 20, width: 120, height: 60))
        // Row 6 (now 7) under the merged cell: columns 0, 1, 4…7 → items 0…5, unchanged.
        #expect(edit.rename(ElementID(kind: .cell, path: ItemPath(section: 6, item: 3))) == ElementID(kind: .cell, path: ItemPath(section: 7, item: 3)))
        // The deleted row's single cells are gone; the merged cell anchored there stays.
        let deletion = try grid.apply(.deleteRow(at: 6))
        #expect(deletion.rename(ElementID(kind: .cell, path: ItemPath(section: 6, item: 0))) == nil)  // (6, 0), single, deleted
        #expect(deletion.rename(ElementID(kind: .cell, path: ItemPath(section: 6, item: 2))) == ElementID(kind: .cell, path: ItemPath(section: 6, item: 2)))
        #expect(grid.gridPlacement(of: ItemPath(section: 6, item: 2)) == GridPlacement(row: 6, column: 2, rowSpan: 2, columnSpan: 2))
        #expect(deletion.rename(ElementID(kind: .cell, path: ItemPath(section: 6, item: 1))) == nil)  // (6, 1), single, deleted
    }

    /// Along a drag with every edit between frames, every strategy loads what on demand
    /// loads, and after each edit the set is that of a fresh viewport over the edited grid.
    @Test func strategiesAgreeThroughEdits() throws {
        var reference = try viewport(OnDemandLayout(SpanGrid(Self.configuration)))
        var cached = try viewport(CachedLayout(SpanGrid(Self.configuration)))
        var scan = try viewport(ScanLayout(SpanGrid(Self.configuration)))
        var adaptive = try viewport(try AdaptiveLayout(SpanGrid(Self.configuration), threshold: 300))
        var any = try viewport(AnyGridLayout(OnDemandLayout(SpanGrid(Self.configuration))))
        var frame = 0
        for operation in Self.edits {
            for _ in 0..<12 {
                let offset = Point(x: Double(frame) * 3.1 - 20, y: Double(frame) * 8.3 - 30)
                frame += 1
                let expected = reference.scroll(to: offset).digest
                #expect(cached.scroll(to: offset).digest == expected, "cached at \(offset)")
                #expect(scan.scroll(to: offset).digest == expected, "scan at \(offset)")
                #expect(adaptive.scroll(to: offset).digest == expected, "adaptive at \(offset)")
            }
            try reference.apply(operation)
            try cached.apply(operation)
            try scan.apply(operation)
            #expect(try adaptive.applyIfEditable(operation))
            // A type-erased layout takes no edits: refused, nothing changed.
            #expect(try !any.applyIfEditable(operation))
            var fresh = try Viewport(layout: SpanGrid(reference.layout.base.prepared), data: reference.data, size: Self.size)
            let offset = reference.offset
            #expect(fresh.scroll(to: offset).digest == reference.scroll(to: offset).digest, "\(operation)")
            _ = any.scroll(to: offset)
        }
    }

    /// A refused edit leaves the viewport as it was.
    @Test func aRefusedEditChangesNothing() throws {
        var viewport = try viewport(CachedLayout(SpanGrid(Self.configuration)))
        viewport.scroll(to: Point(x: 0, y: 100))
        let before = viewport.loadedElements, data = viewport.data
        #expect(throws: GridError.self) { try viewport.apply(.split(row: 0, column: 0)) }
        #expect(throws: GridError.self) { try viewport.apply(.merge(cells: [Slot(row: 0, column: 0), Slot(row: 1, column: 0)])) }
        #expect(viewport.loadedElements == before && viewport.data == data)
        #expect(viewport.scroll(to: Point(x: 0, y: 100)).entered == 0)
    }
}
