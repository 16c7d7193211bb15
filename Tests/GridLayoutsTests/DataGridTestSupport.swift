import GridCore
import GridLayouts
import Testing

/// A data grid prepared with `configuration` for `data` in `container`.
func preparedDataGrid(
    _ configuration: DataGrid.Configuration = .standard, _ data: DataShape,
    container: Size = Size(width: 320, height: 480)
) throws -> DataGrid {
    var grid = DataGrid(configuration)
    try grid.prepare(data: data, container: container)
    return grid
}

/// A named data grid to query: its parameters and data.
struct DataGridCase: CustomStringConvertible, Sendable {
    var name: String
    var configuration: DataGrid.Configuration
    var data: DataShape
    var description: String { name }

    func prepared() throws -> DataGrid { try preparedDataGrid(configuration, data) }

    /// The prepared grid and every element it places, found without its rect query.
    func preparedWithElements(sourceLocation: SourceLocation = #_sourceLocation) throws -> (DataGrid, [LayoutAttributes]) {
        let grid = try prepared()
        return (grid, everyDataGridElement(grid, data, sourceLocation: sourceLocation))
    }
}

/// Every element the grid places, found without its rect query: each cell of `data` by
/// `attributes(at:)`, each column header, row header and the corner by
/// `supplementary(_:at:)` over every display column and row, in ``ElementID`` order.
/// Records an issue for a path of the data that has no cell.
func everyDataGridElement(
    _ grid: DataGrid, _ data: DataShape, sourceLocation: SourceLocation = #_sourceLocation
) -> [LayoutAttributes] {
    var all: [LayoutAttributes] = []
    for record in 0..<data.sectionCount {
        for field in 0..<data.itemCounts[record] {
            let path = ItemPath(section: record, item: field)
            guard let cell = grid.attributes(at: path) else {
                Issue.record("no attributes for the existing cell \(path)", sourceLocation: sourceLocation)
                continue
            }
            all.append(cell)
        }
    }
    for column in 0..<grid.columnCount {
        if let header = grid.supplementary(.columnHeader, at: ItemPath(section: 0, item: column)) { all.append(header) }
    }
    for row in 0..<grid.rowCount {
        if let header = grid.supplementary(.rowHeader, at: ItemPath(section: row, item: 0)) { all.append(header) }
    }
    if let corner = grid.supplementary(.corner, at: ItemPath(section: 0, item: 0)) { all.append(corner) }
    all.sort { $0.id < $1.id }
    return all
}

/// Checks `grid.elements(in: rect)` as answered, unsorted: strictly increasing
/// ``ElementID``s (so in order and each once), and exactly the elements of `all` (sorted by
/// ID) whose frames meet `rect` by ``Rect/intersects(_:)``, every frame bit for bit.
/// Records one issue naming `context` when it fails.
@discardableResult
func checkDataGridQuery(
    _ grid: DataGrid, all: [LayoutAttributes], rect: Rect, _ context: @autoclosure () -> String,
    sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
    var got: [LayoutAttributes] = []
    grid.elements(in: rect, into: &got)
    var index = 1
    while index < got.count {
        guard got[index - 1].id < got[index].id else {
            Issue.record(
                "\(context()): elements(in: \(rect)) out of ElementID order or repeated: \(got[index - 1]) then \(got[index])",
                sourceLocation: sourceLocation)
            return false
        }
        index += 1
    }
    // Index loops: in a debug build for-in over an array allocates per element.
    var expected: [LayoutAttributes] = []
    index = 0
    while index < all.count {
        if all[index].frame.intersects(rect) { expected.append(all[index]) }
        index += 1
    }
    var same = got.count == expected.count
    index = 0
    while same && index < got.count {
        same = got[index].isIdentical(to: expected[index])
        index += 1
    }
    if same { return true }
    let gotIDs = Set(got.map(\.id)), expectedIDs = Set(expected.map(\.id))
    Issue.record(
        """
        \(context()): elements(in: \(rect)) gave \(got.count), brute force \(expected.count); \
        missing \(expected.filter { !gotIDs.contains($0.id) }.prefix(4)), \
        extra \(got.filter { !expectedIDs.contains($0.id) }.prefix(4)), \
        different \(zip(got, expected).filter { !$0.isIdentical(to: $1) }.prefix(2).map { "\($0) vs \($1)" })
        """, sourceLocation: sourceLocation)
    return false
}

/// The distinct edges of the frames in `all` along one axis (`minX`/`maxX` or
/// `minY`/`maxY`), ascending: every column or row boundary, the header's included.
func frameEdges(_ all: [LayoutAttributes], along axis: Axis) -> [Double] {
    var edges: [Double] = []
    edges.reserveCapacity(2 * all.count)
    var index = 0
    while index < all.count {
        let frame = all[index].frame
        if axis == .horizontal {
            edges.append(frame.minX)
            edges.append(frame.maxX)
        } else {
            edges.append(frame.minY)
            edges.append(frame.maxY)
        }
        index += 1
    }
    edges.sort()
    var distinct: [Double] = []
    for edge in edges where distinct.last != edge { distinct.append(edge) }
    return distinct
}

/// Whether any two cells of `all` overlap: a sweep along x after sorting by `minX`.
/// Returns the first overlapping pair.
func firstOverlappingCells(_ all: [LayoutAttributes]) -> (LayoutAttributes, LayoutAttributes)? {
    let cells = all.filter { $0.kind == .cell }.sorted { $0.frame.minX < $1.frame.minX }
    var index = 0
    while index < cells.count {
        var next = index + 1
        while next < cells.count && cells[next].frame.minX < cells[index].frame.maxX {
            if cells[index].frame.intersects(cells[next].frame) { return (cells[index], cells[next]) }
            next += 1
        }
        index += 1
    }
    return nil
}

/// Runs `body` expecting a ``GridError``, and returns it; records an issue when nothing
/// or something else is thrown.
func gridError(
    _ context: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) -> GridError? {
    do {
        try body()
        Issue.record("\(context()): expected a GridError, nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as GridError {
        return error
    } catch {
        Issue.record("\(context()): expected a GridError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}
