import GridCore
import GridLayouts
import Testing

/// A tile grid prepared with `configuration`, `data` and a container `width` wide.
func preparedGrid(
    _ configuration: TileGrid.Configuration = .chGridView, data: DataShape, width: Double = 320, height: Double = 480
) throws -> TileGrid {
    var grid = TileGrid(configuration)
    try grid.prepare(data: data, container: Size(width: width, height: height))
    return grid
}

/// Every element the grid places, found without its rect query: each cell of `data` by
/// `attributes(at:)` and each section header and footer by `supplementary`, in
/// ``ElementID`` order.
/// Records an issue if a path of the data has no cell.
func enumeratedElements(_ grid: TileGrid, _ data: DataShape, sourceLocation: SourceLocation = #_sourceLocation) -> [LayoutAttributes] {
    var all: [LayoutAttributes] = []
    all.reserveCapacity(data.totalItems + data.sectionCount)
    for section in 0..<data.sectionCount {
        if let header = grid.supplementary(.sectionHeader, section: section) {
            all.append(header)
        }
        for item in 0..<data.itemCounts[section] {
            guard let cell = grid.attributes(at: ItemPath(section: section, item: item)) else {
                Issue.record("no attributes for existing item [\(section), \(item)]", sourceLocation: sourceLocation)
                continue
            }
            all.append(cell)
        }
        if let footer = grid.supplementary(.sectionFooter, section: section) {
            all.append(footer)
        }
    }
    return all
}

/// Checks `grid.elements(in: rect)` against the brute-force answer: the elements of `all`
/// whose frames intersect `rect` (``Rect/intersects(_:)``), each exactly once, every frame
/// bit for bit. Records one issue naming `context` and the differences when they differ.
@discardableResult
func checkRectQuery(
    _ grid: TileGrid, all: [LayoutAttributes], rect: Rect, _ context: @autoclosure () -> String,
    sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
    var got: [LayoutAttributes] = []
    grid.elements(in: rect, into: &got)
    got.sort { $0.id < $1.id }
    // Index loops rather than for-in or filter: in a debug build, iterating an array with
    // for-in allocates per element, which made these checks many times slower.
    var expected: [LayoutAttributes] = []
    var index = 0
    while index < all.count {
        if all[index].frame.intersects(rect) { expected.append(all[index]) }
        index += 1
    }
    if got.count == expected.count {
        var same = true
        index = 0
        while same && index < got.count {
            same = got[index].isIdentical(to: expected[index])
            index += 1
        }
        if same { return true }
    }
    var duplicates: [ElementID] = []
    for index in got.indices.dropFirst() where got[index].id == got[index - 1].id {
        duplicates.append(got[index].id)
    }
    let gotIDs = Set(got.map(\.id)), expectedIDs = Set(expected.map(\.id))
    let missing = expected.filter { !gotIDs.contains($0.id) }.prefix(5)
    let extra = got.filter { !expectedIDs.contains($0.id) }.prefix(5)
    let differing = zip(got, expected).filter { $0.id == $1.id && !$0.isIdentical(to: $1) }.prefix(5)
    Issue.record(
        """
        \(context()): elements(in: \(rect)) gave \(got.count), brute force \(expected.count); \
        missing \(Array(missing)), extra \(Array(extra)), duplicated \(duplicates.prefix(5)), \
        different frames \(differing.map { "\($0.0) vs \($0.1)" })
        """, sourceLocation: sourceLocation)
    return false
}

/// Laws 3, 4 and 8 on a full enumeration: finite frames of non-negative size, all inside
/// `(0, 0, contentSize)`, and no two cells intersecting. Records issues naming `context`.
func checkFrameLaws(
    _ grid: TileGrid, all: [LayoutAttributes], _ context: @autoclosure () -> String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let bounds = grid.contentBounds
    var reported = 0
    for element in all where reported < 3 {
        let f = element.frame
        if !f.isFinite || !(f.width >= 0) || !(f.height >= 0) {
            Issue.record("\(context()): \(element) is not finite and non-negative", sourceLocation: sourceLocation)
            reported += 1
        }
        if !bounds.contains(f) {
            Issue.record("\(context()): \(element) lies outside the content \(bounds)", sourceLocation: sourceLocation)
            reported += 1
        }
    }
    // Non-overlap by a sweep down the page: after sorting by minY, a cell can only meet the
    // cells that start above its maxY.
    let cells = all.filter { $0.kind == .cell }.sorted { $0.frame.minY < $1.frame.minY }
    for (index, cell) in cells.enumerated() {
        var next = index + 1
        while next < cells.count && cells[next].frame.minY < cell.frame.maxY {
            if cell.frame.intersects(cells[next].frame) {
                Issue.record("\(context()): cells \(cell) and \(cells[next]) overlap", sourceLocation: sourceLocation)
                return
            }
            next += 1
        }
    }
}

/// The distinct values of `minY` and `maxY` over `all`: every row and section boundary.
func horizontalBoundaries(_ all: [LayoutAttributes]) -> [Double] {
    distinct(all, { $0.minY }, { $0.maxY })
}

/// The distinct values of `minX` and `maxX` over `all`: every column boundary.
func verticalBoundaries(_ all: [LayoutAttributes]) -> [Double] {
    distinct(all, { $0.minX }, { $0.maxX })
}

private func distinct(_ all: [LayoutAttributes], _ low: (Rect) -> Double, _ high: (Rect) -> Double) -> [Double] {
    var values: [Double] = []
    values.reserveCapacity(2 * all.count)
    var index = 0
    while index < all.count {
        values.append(low(all[index].frame))
        values.append(high(all[index].frame))
        index += 1
    }
    values.sort()
    var result: [Double] = []
    index = 0
    while index < values.count {
        if result.last != values[index] { result.append(values[index]) }
        index += 1
    }
    return result
}

/// A random rect around the content (`margin` beyond each edge), sometimes of zero width
/// or height, from `random`.
func randomRect(_ random: inout SeededRandom, content: Size, margin: Double = 60) -> Rect {
    let x = random.uniform(-margin...(content.width + margin))
    let y = random.uniform(-margin...(content.height + margin))
    let width = random.integer(0...9) == 0 ? 0 : random.uniform(0...(content.width * 0.75))
    let heightLimit = min(content.height, 1000)
    let height = random.integer(0...9) == 0 ? 0 : random.uniform(0...max(heightLimit, 1))
    return Rect(x: x, y: y, width: width, height: height)
}
