import GridCore
import GridLayouts

/// A two-dimensional grid of equal cells for testing horizontal and two-axis scrolling:
/// section `s` is row `s`, item `i` is column `i`, the cell at `(s, i)` has frame
/// `(i·w, s·h, w, h)`. Declares no line height and no headers.
struct UniformGrid: GridLayout {
    var cell: Size
    var axes: ScrollAxes
    private var data = DataShape.empty
    private var columns = 0
    private(set) var contentSize = Size.zero

    init(cell: Size, axes: ScrollAxes) {
        self.cell = cell
        self.axes = axes
    }

    mutating func prepare(data: DataShape, container: Size) throws {
        try GridError.requirePositive(cell.width, "cell.width")
        try GridError.requirePositive(cell.height, "cell.height")
        self.data = data
        columns = data.itemCounts.max() ?? 0
        contentSize = Size(width: Double(columns) * cell.width, height: Double(data.sectionCount) * cell.height)
    }

    func frame(row: Int, column: Int) -> Rect {
        Rect(x: Double(column) * cell.width, y: Double(row) * cell.height, width: cell.width, height: cell.height)
    }

    func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        guard rect.intersects(contentBounds) else { return }
        let rowCount = Double(data.sectionCount), columnCount = Double(columns)
        let firstRow = Int(min(max((rect.minY / cell.height).rounded(.down) - 1, 0), rowCount))
        let rowEnd = Int(min(max((rect.maxY / cell.height).rounded(.up) + 1, 0), rowCount))
        let firstColumn = Int(min(max((rect.minX / cell.width).rounded(.down) - 1, 0), columnCount))
        let columnEnd = Int(min(max((rect.maxX / cell.width).rounded(.up) + 1, 0), columnCount))
        // `while` rather than `for … in`: in debug builds an unspecialised iterator
        // allocates, and the allocation tests run this code.
        var row = firstRow
        while row < rowEnd {
            let end = min(columnEnd, data.itemCounts[row])
            var column = firstColumn
            while column < end {
                let frame = frame(row: row, column: column)
                if frame.intersects(rect) { buffer.append(.cell(ItemPath(section: row, item: column), frame: frame)) }
                column += 1
            }
            row += 1
        }
    }

    func attributes(at path: ItemPath) -> LayoutAttributes? {
        data.contains(path) ? .cell(path, frame: frame(row: path.section, column: path.item)) : nil
    }

    func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? { nil }

    var traits: LayoutTraits { LayoutTraits(cellsDoNotOverlap: true, scrollAxes: axes) }
}

/// Another layout's answers, reordered, to prove that the viewport does not rely on a
/// layout answering in ID order. Reorders in place with a generator seeded by the rect,
/// so it allocates nothing and answers deterministically.
struct ReorderedLayout<Base: GridLayout>: GridLayout {
    enum Order: Sendable {
        /// A random permutation.
        case shuffled
        /// Last to first.
        case reversed
        /// In order except for one swapped pair: nearly sorted.
        case oneSwap
    }

    var base: Base
    var order: Order

    mutating func prepare(data: DataShape, container: Size) throws { try base.prepare(data: data, container: container) }
    var contentSize: Size { base.contentSize }
    func attributes(at path: ItemPath) -> LayoutAttributes? { base.attributes(at: path) }
    func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? { base.supplementary(kind, at: path) }
    var traits: LayoutTraits { base.traits }

    func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        let start = buffer.count
        base.elements(in: rect, into: &buffer)
        let count = buffer.count - start
        guard count > 1 else { return }
        switch order {
        case .shuffled:
            var random = SeededRandom(seed: rect.minY.bitPattern ^ (rect.minX.bitPattern &* 31))
            var i = count - 1
            while i > 0 {
                swap(&buffer, start + i, start + random.integer(0...i))
                i -= 1
            }
        case .reversed:
            var low = start, high = buffer.count - 1
            while low < high {
                swap(&buffer, low, high)
                low += 1
                high -= 1
            }
        case .oneSwap:
            swap(&buffer, start + count / 3, start + 2 * count / 3)
        }
    }
}

/// Swaps two elements. `Array.swapAt` is not used because in a debug build its
/// unspecialised generic code allocates, and the allocation tests run this code.
private func swap(_ buffer: inout [LayoutAttributes], _ i: Int, _ j: Int) {
    let element = buffer[i]
    buffer[i] = buffer[j]
    buffer[j] = element
}

/// A layout that breaks law 1 by answering every element twice.
struct DuplicatingLayout<Base: GridLayout>: GridLayout {
    var base: Base

    mutating func prepare(data: DataShape, container: Size) throws { try base.prepare(data: data, container: container) }
    var contentSize: Size { base.contentSize }
    func attributes(at path: ItemPath) -> LayoutAttributes? { base.attributes(at: path) }
    func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? { base.supplementary(kind, at: path) }
    var traits: LayoutTraits { base.traits }

    func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        base.elements(in: rect, into: &buffer)
        base.elements(in: rect, into: &buffer)
    }
}

/// A tile grid that refuses data with more than `maxItems` items, and every prepare once
/// `preparesLeft` successful ones have been made, to test that a viewport survives a
/// failing prepare in `setData`, `reloadData` and `resize`.
struct RefusingLayout: GridLayout {
    struct Refusal: Error, Equatable {}

    var base = TileGrid()
    var maxItems: Int
    var preparesLeft = Int.max

    mutating func prepare(data: DataShape, container: Size) throws {
        guard preparesLeft > 0, data.totalItems <= maxItems else { throw Refusal() }
        try base.prepare(data: data, container: container)
        preparesLeft -= 1
    }

    var contentSize: Size { base.contentSize }
    func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) { base.elements(in: rect, into: &buffer) }
    func attributes(at path: ItemPath) -> LayoutAttributes? { base.attributes(at: path) }
    func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? { base.supplementary(kind, at: path) }
    var traits: LayoutTraits { base.traits }
}

/// Another layout with different traits, to test how a viewport reads them.
struct RetraitedLayout<Base: GridLayout>: GridLayout {
    var base: Base
    var traits: LayoutTraits

    mutating func prepare(data: DataShape, container: Size) throws { try base.prepare(data: data, container: container) }
    var contentSize: Size { base.contentSize }
    func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) { base.elements(in: rect, into: &buffer) }
    func attributes(at path: ItemPath) -> LayoutAttributes? { base.attributes(at: path) }
    func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? { base.supplementary(kind, at: path) }
}
