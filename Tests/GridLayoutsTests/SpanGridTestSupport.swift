import GridCore
import GridLayouts
import Testing

typealias Column = SpanGrid.ColumnWidth
typealias Rows = SpanGrid.RowRun

/// A span grid of `configuration`, prepared with its own cells in `container`.
func preparedSpanGrid(_ configuration: SpanGrid.Configuration, container: Size = Size(width: 400, height: 300)) throws -> SpanGrid {
    var grid = SpanGrid(configuration)
    try grid.prepare(data: try configuration.dataShape(), container: container)
    return grid
}

/// Fixed columns of these widths.
func fixedColumns(_ widths: [Double]) -> [Column] { widths.map { Column(.fixed($0)) } }

/// Rows of these heights, one run each.
func rowsOf(_ heights: [Double]) -> [Rows] { heights.map { Rows(count: 1, height: $0) } }

/// `(row, column, rowSpan, columnSpan)`.
func merge(_ row: Int, _ column: Int, _ rowSpan: Int, _ columnSpan: Int) -> GridPlacement {
    GridPlacement(row: row, column: column, rowSpan: rowSpan, columnSpan: columnSpan)
}

/// Every cell of `grid` as (placement, frame), found by `attributes(at:)` and
/// `gridPlacement(of:)` over every path of its cells, without the rect query.
func everySpanGridCell(_ grid: SpanGrid) -> [GridPlacement: Rect] {
    var cells: [GridPlacement: Rect] = [:]
    let data = grid.cells
    for row in 0..<data.sectionCount {
        for item in 0..<data.itemCounts[row] {
            let path = ItemPath(section: row, item: item)
            guard let placement = grid.gridPlacement(of: path), let attributes = grid.attributes(at: path) else {
                Issue.record("no cell at \(path)")
                continue
            }
            cells[placement] = attributes.frame
        }
    }
    return cells
}
