import GridCore
import GridLayouts

// Law 10's mutants: layouts that re-lay every element from scratch at every prepare, as the
// reference does, then move some by a rule that looks at every item's size, so that a
// measurement far down the content moves elements before it. Each is a function of the data
// (a fresh layout answers the same, law 6 holds) and obeys every other law: only law 10 can
// tell. Each takes `bug: false` to answer exactly what its reference answers.

/// Every element a layout places, looked up by ID and found by scanning: what the mutants
/// below answer from.
struct ElementTable {
    private(set) var all: [LayoutAttributes] = []
    private var byID: [ElementID: LayoutAttributes] = [:]

    init() {}

    init(_ elements: [LayoutAttributes]) {
        all = elements
        for element in elements { byID[element.id] = element }
    }

    /// Every cell of `data`, and every section's header and footer, as `layout` answers them.
    static func everything<L: GridLayout>(of layout: L, data: DataShape) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        for section in 0 ..< data.sectionCount {
            let header = ItemPath(section: section, item: 0)
            if let answer = layout.supplementary(.sectionHeader, at: header) { result.append(answer) }
            for item in 0 ..< data.itemCounts[section] {
                if let answer = layout.attributes(at: ItemPath(section: section, item: item)) { result.append(answer) }
            }
            if let answer = layout.supplementary(.sectionFooter, at: header) { result.append(answer) }
        }
        return result
    }

    /// O(n): a scan.
    func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        guard !rect.isEmpty, !(rect.minX.isNaN || rect.minY.isNaN || rect.maxX.isNaN || rect.maxY.isNaN) else { return }
        for element in all where element.frame.intersects(rect) { buffer.append(element) }
    }

    func cell(_ path: ItemPath) -> LayoutAttributes? { byID[ElementID(kind: .cell, path: path)] }

    func supplementary(_ kind: ElementKind, _ path: ItemPath) -> LayoutAttributes? {
        kind == .cell ? nil : byID[ElementID(kind: kind, path: path)]
    }
}

/// A waterfall whose lanes are renumbered after every lay-out, tallest first, section by
/// section: the items of the tallest lane are drawn in the leftmost column. Every item is
/// laid again at every prepare (the default for a told measurement), and a measurement that
/// makes a later item's lane the tallest moves every earlier item of that lane, and of the
/// lane it trades places with, to another column: masonry items jumping between lanes as
/// they are measured, what TanStack/virtual#1080 reports (its lane cache cleared by
/// `measure()`, every lane chosen again) and #1114 and #1115 trade against estimates.
struct LaneSortedWaterfall: GridLayout {
    var base: Waterfall
    /// `false`: the lanes as the reference numbers them.
    var bug: Bool
    private var table = ElementTable()

    init(_ configuration: Waterfall.Configuration, bug: Bool = true) {
        base = Waterfall(configuration)
        self.bug = bug
    }

    var contentSize: Size { base.contentSize }
    /// The reference's, locality included: the promise this mutant breaks.
    var traits: LayoutTraits { base.traits }

    mutating func prepare(data: DataShape, container: Size) throws {
        try base.prepare(data: data, container: container)
        var elements = ElementTable.everything(of: base, data: data)
        if bug {
            let configuration = base.configuration, k = configuration.columns
            let step = base.columnWidth + configuration.columnSpacing
            // The reference's own x_j, so that a lane's items land exactly on another's x.
            func x(_ j: Int) -> Double { configuration.insets.left + Double(j) * step }
            func lane(_ frame: Rect) -> Int { Int(((frame.minX - configuration.insets.left) / step).rounded()) }
            for section in 0 ..< data.sectionCount {
                let cells = elements.indices.filter { elements[$0].kind == .cell && elements[$0].path.section == section }
                var bottoms = [Double](repeating: -.infinity, count: k)
                for index in cells {
                    let j = lane(elements[index].frame)
                    bottoms[j] = max(bottoms[j], elements[index].frame.maxY)
                }
                let tallestFirst = (0 ..< k).sorted { bottoms[$0] > bottoms[$1] || (bottoms[$0] == bottoms[$1] && $0 < $1) }
                var column = [Int](repeating: 0, count: k)
                for (rank, j) in tallestFirst.enumerated() { column[j] = rank }
                for index in cells { elements[index].frame.origin.x = x(column[lane(elements[index].frame)]) }
            }
        }
        table = ElementTable(elements)
    }

    func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) { table.elements(in: rect, into: &buffer) }
    func attributes(at path: ItemPath) -> LayoutAttributes? { table.cell(path) }
    func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? { table.supplementary(kind, path) }
}

/// A columnar grouped layout that balances its columns over every section, as a
/// multiway-partition "balanced masonry" does: sections dealt tallest first, each to the
/// column holding the least so far, then each column's sections stacked in section order.
/// The columns end more even than the reference's shortest-column rule leaves them, but a
/// section's column now depends on the heights of the sections after it: measuring a later
/// section moves earlier ones to other columns. Needs headers and footers (every section's
/// extent is read off them).
struct BalancedColumnar: GridLayout {
    var base: ColumnarGrouped
    /// `false`: the sections where the reference places them.
    var bug: Bool
    private var table = ElementTable()
    private(set) var contentSize = Size.zero

    init(_ configuration: ColumnarGrouped.Configuration, bug: Bool = true) {
        base = ColumnarGrouped(configuration)
        self.bug = bug
    }

    /// The reference's, locality included: the promise this mutant breaks.
    var traits: LayoutTraits { base.traits }

    mutating func prepare(data: DataShape, container: Size) throws {
        try base.prepare(data: data, container: container)
        var elements = ElementTable.everything(of: base, data: data)
        contentSize = base.contentSize
        let sections = data.sectionCount
        if bug && sections > 0 {
            let configuration = base.configuration, k = configuration.columns
            let s = configuration.sectionSpacing, g = configuration.columnSpacing, w = base.columnWidth
            var tops = [Double](repeating: .infinity, count: sections), bottoms = [Double](repeating: -.infinity, count: sections)
            var xs = [Double](repeating: 0, count: sections)
            for element in elements {
                let section = element.path.section
                tops[section] = min(tops[section], element.frame.minY)
                bottoms[section] = max(bottoms[section], element.frame.maxY)
                xs[section] = element.frame.minX
            }
            let heights = (0 ..< sections).map { bottoms[$0] - tops[$0] }
            let tallestFirst = (0 ..< sections).sorted { heights[$0] > heights[$1] || (heights[$0] == heights[$1] && $0 < $1) }
            var load = [Double](repeating: 0, count: k), column = [Int](repeating: 0, count: sections)
            for section in tallestFirst {
                let j = (0 ..< k).min { load[$0] < load[$1] || (load[$0] == load[$1] && $0 < $1) } ?? 0
                column[section] = j
                load[j] += s + heights[section]
            }
            var columnHeights = [Double](repeating: 0, count: k)
            var dx = [Double](repeating: 0, count: sections), dy = [Double](repeating: 0, count: sections)
            for section in 0 ..< sections {
                let j = column[section], top = columnHeights[j] + s
                dx[section] = g + Double(j) * (w + g) - xs[section]
                dy[section] = top - tops[section]
                columnHeights[j] = top + heights[section]
            }
            for index in elements.indices {
                let section = elements[index].path.section
                elements[index].frame.origin.x += dx[section]
                elements[index].frame.origin.y += dy[section]
            }
            contentSize.height = (columnHeights.max() ?? 0) + s
        }
        table = ElementTable(elements)
    }

    func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) { table.elements(in: rect, into: &buffer) }
    func attributes(at path: ItemPath) -> LayoutAttributes? { table.cell(path) }
    func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? { table.supplementary(kind, path) }
}
