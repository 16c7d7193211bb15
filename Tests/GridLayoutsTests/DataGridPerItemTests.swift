import GridCore
import GridLayouts
import GridTestSupport
import Testing

/// Per-item and header queries: answers for paths that exist, `nil` (never a trap) for
/// paths, kinds and IDs that do not; and a grid of 20,000,000 cells that prepares in O(1)
/// memory and answers by arithmetic.
@Suite("DataGrid per-item queries")
struct DataGridPerItemTests {
    static let extremes = [Int.min, -(1 << 32), -1, Int.max, 1 << 28, 1 << 32]

    @Test(arguments: [false, true])
    func cellsOutOfRangeAreNil(transposed: Bool) throws {
        var config = DataGrid.Configuration.salesExample
        config.transposed = transposed
        config.fields = 5
        // Ragged: record 1 has 2 fields, record 2 none; F = 5 is wider than every record.
        let grid = try preparedDataGrid(config, try DataShape(itemCounts: [4, 2, 0, 4]))
        let missing = [(-1, 0), (0, -1), (-1, -1), (0, 4), (0, 5), (1, 2), (2, 0), (3, 4), (4, 0), (5, 5)]
            + Self.extremes.flatMap { [($0, 0), (0, $0), ($0, $0)] }
        for (record, field) in missing {
            let path = ItemPath(section: record, item: field)
            #expect(grid.attributes(at: path) == nil, "\(path)")
            #expect(grid.gridPlacement(of: path) == nil, "\(path)")
        }
        for (record, field) in [(0, 0), (0, 3), (1, 1), (3, 3)] {
            let path = ItemPath(section: record, item: field)
            #expect(grid.attributes(at: path)?.path == path, "\(path)")
            #expect(grid.attributes(for: ElementID(kind: .cell, path: path))?.path == path, "\(path)")
        }
    }

    @Test(arguments: [false, true])
    func supplementariesOutOfRangeAreNil(transposed: Bool) throws {
        var config = DataGrid.Configuration.salesExample
        config.transposed = transposed
        // 3 records × 2 fields: transposed 2 rows, 3 columns; else 3 rows, 2 columns.
        let grid = try preparedDataGrid(config, try DataShape(sections: 3, itemsPerSection: 2))
        let rows = transposed ? 2 : 3, columns = transposed ? 3 : 2
        // The kinds a data grid never places.
        for kind in [ElementKind.sectionHeader, .sectionFooter, .cell] {
            for section in -1...3 {
                #expect(grid.supplementary(kind, at: ItemPath(section: section, item: 0)) == nil, "\(kind) \(section)")
            }
        }
        // Column headers: (0, c) for c < columns, nothing else.
        for path in [(1, 0), (0, columns), (0, -1), (-1, 0), (rows, 0)] + Self.extremes.map({ (0, $0) }) + Self.extremes.map({ ($0, 0) }) {
            #expect(grid.supplementary(.columnHeader, at: ItemPath(section: path.0, item: path.1)) == nil, "column header \(path)")
        }
        // Row headers: (r, 0) for r < rows.
        for path in [(0, 1), (rows, 0), (-1, 0), (0, -1), (1, 1)] + Self.extremes.map({ ($0, 0) }) + Self.extremes.map({ (0, $0) }) {
            #expect(grid.supplementary(.rowHeader, at: ItemPath(section: path.0, item: path.1)) == nil, "row header \(path)")
        }
        // The corner: (0, 0) only.
        for path in [(0, 1), (1, 0), (1, 1), (-1, 0), (0, -1), (Int.min, Int.min)] {
            #expect(grid.supplementary(.corner, at: ItemPath(section: path.0, item: path.1)) == nil, "corner \(path)")
        }
        #expect(grid.supplementary(.columnHeader, at: ItemPath(section: 0, item: columns - 1)) != nil)
        #expect(grid.supplementary(.rowHeader, at: ItemPath(section: rows - 1, item: 0)) != nil)
        #expect(grid.supplementary(.corner, section: 0) != nil)
        // By ID: an unknown kind's raw value is nil, not a trap.
        #expect(grid.attributes(for: ElementID(kind: .corner, path: ItemPath(section: 0, item: 0)))?.kind == .corner)
        #expect(grid.attributes(for: ElementID(rawValue: 0xF << 32)) == nil)
        #expect(grid.attributes(for: ElementID(kind: .sectionHeader, path: ItemPath(section: 0, item: 0))) == nil)
    }

    /// Before the first successful prepare a layout has a zero content size and answers
    /// every query with nothing (GridLayout's contract): not even the corner of a
    /// configuration with both headers, which would lie outside the zero content.
    @Test func aFreshGridAnswersNothing() {
        let grid = DataGrid(.salesExample)
        #expect(grid.contentSize == .zero)
        #expect(grid.records == 0 && grid.fields == 0 && grid.rowCount == 0 && grid.columnCount == 0)
        #expect(grid.elements(in: Rect(x: -1e6, y: -1e6, width: 2e6, height: 2e6)).isEmpty)
        #expect(grid.attributes(at: ItemPath(section: 0, item: 0)) == nil)
        for kind in ElementKind.allCases {
            #expect(grid.supplementary(kind, at: ItemPath(section: 0, item: 0)) == nil, "\(kind)")
            #expect(!grid.traits.places(kind, at: ItemPath(section: 0, item: 0), data: .empty), "\(kind)")
        }
    }

    /// A first prepare that is refused leaves the grid as fresh as before.
    @Test func aRefusedFirstPrepareLeavesNothing() {
        var grid = DataGrid(DataGrid.Configuration(columnWidth: 0, headerHeight: 20, rowHeaderWidth: 20))
        #expect(throws: GridError.self) { try grid.prepare(data: try DataShape(sections: 2, itemsPerSection: 2), container: Size(width: 320, height: 480)) }
        #expect(grid.contentSize == .zero)
        #expect(grid.elements(in: Rect(x: -1e6, y: -1e6, width: 2e6, height: 2e6)).isEmpty)
        #expect(grid.supplementary(.corner, at: ItemPath(section: 0, item: 0)) == nil)
    }

    /// 1,000,000 records × 20 fields with a header row (44) and a header column (100),
    /// columns of 150, rows of 44; nothing is enumerated.
    @Test func aMillionRecordsOfTwentyFields() throws {
        try #require(AllocationCount.isAvailable)
        let data = try DataGrid.data(records: 1_000_000, fields: 20)
        #expect(data.totalItems == 20_000_000)
        var grid = DataGrid(DataGrid.Configuration(rowHeaderWidth: 100))
        let (_, prepareCount) = try AllocationCount.measure { try grid.prepare(data: data, container: Size(width: 320, height: 480)) }
        // O(1) memory: prepare keeps nothing per record or cell (debug builds allocate and
        // free while iterating; nothing stays).
        #expect(prepareCount.netBytes <= 1_024, "\(prepareCount)")

        // (100 + 20·150, 44 + 1,000,000·44) = (3100, 44,000,044)
        #expect(grid.contentSize == Size(width: 3100, height: 44_000_044))
        // The last cell: row 999,999, column 19: (100 + 19·150, 44 + 999,999·44) = (2950, 44,000,000).
        #expect(grid.attributes(at: ItemPath(section: 999_999, item: 19))?.frame == Rect(x: 2950, y: 44_000_000, width: 150, height: 44))
        #expect(grid.attributes(at: ItemPath(section: 500_000, item: 7))?.frame == Rect(x: 1150, y: 22_000_044, width: 150, height: 44))
        #expect(grid.attributes(at: ItemPath(section: 1_000_000, item: 0)) == nil)
        #expect(grid.attributes(at: ItemPath(section: 0, item: 20)) == nil)
        #expect(grid.supplementary(.rowHeader, at: ItemPath(section: 999_999, item: 0))?.frame == Rect(x: 0, y: 44_000_000, width: 100, height: 44))
        #expect(grid.supplementary(.rowHeader, at: ItemPath(section: 1_000_000, item: 0)) == nil)
        #expect(grid.supplementary(.columnHeader, at: ItemPath(section: 0, item: 19))?.frame == Rect(x: 2950, y: 0, width: 150, height: 44))
        #expect(grid.gridPlacement(of: ItemPath(section: 999_999, item: 19)) == GridPlacement(row: 999_999, column: 19))

        // A screen in the middle, x 1000…1320, y 22,000,000…22,000,480: rows r with
        // 88 + 44r > 22,000,000 and 44 + 44r < 22,000,480, r = 499,999…500,009 (11); columns
        // c with 250 + 150c > 1000 and 100 + 150c < 1320, c = 6…8 (3). 33 cells, no headers.
        var buffer: [LayoutAttributes] = []
        buffer.reserveCapacity(256)
        let screen = Rect(x: 1000, y: 22_000_000, width: 320, height: 480)
        let (_, queryCount) = AllocationCount.measure { grid.elements(in: screen, into: &buffer) }
        #expect(queryCount.allocations == 0, "\(queryCount)")
        var expected: [ElementID] = []
        for record in 499_999...500_009 {
            for field in 6...8 { expected.append(ElementID(kind: .cell, path: ItemPath(section: record, item: field))) }
        }
        #expect(buffer.map(\.id) == expected)
        // Brute force over a window around it: the same elements, the same frames.
        var window: [LayoutAttributes] = []
        for record in 499_980...500_030 {
            if let header = grid.supplementary(.rowHeader, at: ItemPath(section: record, item: 0)), header.frame.intersects(screen) {
                window.append(header)
            }
            for field in 0..<20 {
                if let cell = grid.attributes(at: ItemPath(section: record, item: field)), cell.frame.intersects(screen) { window.append(cell) }
            }
        }
        #expect(window.count == buffer.count && zip(window, buffer).allSatisfy { $0.isIdentical(to: $1) })
    }

    /// The same data transposed: 20 rows and 1,000,000 columns.
    @Test func aMillionRecordsOfTwentyFieldsTransposed() throws {
        let data = try DataGrid.data(records: 1_000_000, fields: 20)
        let grid = try preparedDataGrid(DataGrid.Configuration(transposed: true, rowHeaderWidth: 100), data)
        #expect(grid.rowCount == 20 && grid.columnCount == 1_000_000)
        // (100 + 1,000,000·150, 44 + 20·44) = (150,000,100, 924)
        #expect(grid.contentSize == Size(width: 150_000_100, height: 924))
        // Record 999,999, field 19: row 19, column 999,999: (100 + 999,999·150, 44 + 19·44).
        #expect(grid.attributes(at: ItemPath(section: 999_999, item: 19))?.frame == Rect(x: 149_999_950, y: 880, width: 150, height: 44))
        #expect(grid.supplementary(.columnHeader, at: ItemPath(section: 0, item: 999_999))?.frame == Rect(x: 149_999_950, y: 0, width: 150, height: 44))
        #expect(grid.supplementary(.columnHeader, at: ItemPath(section: 0, item: 1_000_000)) == nil)
        #expect(grid.supplementary(.rowHeader, at: ItemPath(section: 19, item: 0))?.frame == Rect(x: 0, y: 880, width: 100, height: 44))
        #expect(grid.supplementary(.rowHeader, at: ItemPath(section: 20, item: 0)) == nil)

        // At the far right, x 149,999,800…150,000,120, y 800…1280: columns 999,998 and
        // 999,999 (250 + 150c > 149,999,800), rows 17…19 (88 + 44r > 800): 6 cells.
        let end = grid.elements(in: Rect(x: 149_999_800, y: 800, width: 320, height: 480))
        #expect(end.map(\.path) == [17, 18, 19, 17, 18, 19].enumerated().map { ItemPath(section: $0.offset < 3 ? 999_998 : 999_999, item: $0.element) })
        // The first screen: columns 0 and 1 (100…250, 250…400), rows 0…9 (44 + 44r < 480):
        // 20 cells, 2 column headers, 10 row headers, the corner.
        let first = grid.elements(in: Rect(x: 0, y: 0, width: 320, height: 480))
        #expect(first.filter { $0.kind == .cell }.count == 20)
        #expect(first.filter { $0.kind == .columnHeader }.map(\.path.item) == [0, 1])
        #expect(first.filter { $0.kind == .rowHeader }.map(\.path.section) == Array(0...9))
        #expect(first.filter { $0.kind == .corner }.count == 1)
        #expect(first.count == 33)
        #expect(zip(first, first.dropFirst()).allSatisfy { $0.id < $1.id }, "in ElementID order")
    }

    @Test func perItemQueriesAllocateNothing() throws {
        try #require(AllocationCount.isAvailable)
        let grid = try preparedDataGrid(.salesExample, try DataShape(itemCounts: [4, 2, 0, 4]))
        var found = 0
        let (_, count) = AllocationCount.measure {
            for record in -1...4 {
                for field in -1...4 where grid.attributes(at: ItemPath(section: record, item: field)) != nil { found += 1 }
            }
            for i in -1...10 {
                if grid.supplementary(.columnHeader, at: ItemPath(section: 0, item: i)) != nil { found += 1 }
                if grid.supplementary(.rowHeader, at: ItemPath(section: i, item: 0)) != nil { found += 1 }
                if grid.gridPlacement(of: ItemPath(section: i, item: 0)) != nil { found += 1 }
            }
        }
        #expect(count.allocations == 0, "\(count)")
        // 10 cells; 4 column headers (records), 4 row headers (fields); placements of (0, 0), (1, 0), (3, 0).
        #expect(found == 10 + 4 + 4 + 3)
    }
}
