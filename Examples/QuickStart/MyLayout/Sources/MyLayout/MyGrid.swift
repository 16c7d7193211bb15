import GridCore

/// A grid of `columns` equal cells a row, rows `rowHeight` tall, sections one under another
/// with no headers: the README's example of a third party's layout.
///
/// With container width `W`, a cell is `W / columns` wide; item `i` of a section whose first
/// row is `r` sits in row `r + i / columns`, column `i % columns`.
///
/// - Complexity: prepare O(S) time and memory for S sections; rect query O(S + m) for the m
///   cells of the rows the rect meets; per-item query O(1).
public struct MyGrid: GridLayout, Sendable {
    /// Cells a row, `≥ 1`.
    public var columns: Int
    /// The height of a row, `> 0`.
    public var rowHeight: Double

    private var data = DataShape.empty
    private var cellWidth = 0.0
    /// `firstRows[s]`: the row section `s` starts on.
    private var firstRows: [Int] = []
    public private(set) var contentSize = Size.zero

    public init(columns: Int, rowHeight: Double = 100) {
        self.columns = columns
        self.rowHeight = rowHeight
    }

    /// - Throws: ``GridCore/GridError`` for a parameter out of range; the layout then keeps its state.
    public mutating func prepare(data: DataShape, container: Size) throws {
        guard columns >= 1 else { throw GridError.invalidParameter("columns", columns, expected: "an integer ≥ 1") }
        try GridError.requirePositive(rowHeight, "rowHeight")
        try GridError.requireNonNegative(container.width, "container.width")
        var firstRows: [Int] = []
        firstRows.reserveCapacity(data.itemCounts.count)
        var rows = 0
        for count in data.itemCounts {
            firstRows.append(rows)
            rows += (count + columns - 1) / columns
        }
        self.data = data
        self.firstRows = firstRows
        cellWidth = container.width / Double(columns)
        contentSize = Size(width: container.width, height: Double(rows) * rowHeight)
    }

    public var traits: LayoutTraits {
        LayoutTraits(
            cellsDoNotOverlap: true, scrollAxes: .vertical, supplementaries: [],
            tightness: ContentTightness(axes: .vertical))
    }

    private func frame(section: Int, item: Int) -> Rect {
        let row = firstRows[section] + item / columns
        return Rect(x: Double(item % columns) * cellWidth, y: Double(row) * rowHeight, width: cellWidth, height: rowHeight)
    }

    public func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        guard rect.intersects(contentBounds) else { return }
        // The rows the rect may meet, one more on each side against rounding; then the exact test.
        let first = Int(max(0, (rect.minY / rowHeight).rounded(.down) - 1))
        let end = Int(min(contentSize.height / rowHeight, (rect.maxY / rowHeight).rounded(.up) + 1))
        for (section, count) in data.itemCounts.enumerated() {
            let start = firstRows[section]
            guard start < end else { break }
            let items = min(count, max(0, first - start) * columns) ..< min(count, (end - start) * columns)
            for item in items where frame(section: section, item: item).intersects(rect) {
                buffer.append(.cell(ItemPath(section: section, item: item), frame: frame(section: section, item: item)))
            }
        }
    }

    public func attributes(at path: ItemPath) -> LayoutAttributes? {
        guard data.flatIndex(of: path) != nil else { return nil }
        return .cell(path, frame: frame(section: path.section, item: path.item))
    }

    public func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? {
        nil
    }
}
