import GridCore
import GridLayouts
import Testing

/// The issue's formulas for the shortest-column layouts, written out the plain way (every
/// frame in one pass, no checkpoints, no search): the second method the layouts' own
/// queries are checked against.
enum ShortestColumnReference {
    /// Every element of a columnar grouped layout, with the content size.
    static func columnar(_ c: ColumnarGrouped.Configuration, _ data: DataShape, width W: Double) -> (elements: [LayoutAttributes], content: Size) {
        let k = c.columns
        let w = ((W - c.columnSpacing * Double(k + 1)) / Double(k)).rounded(.down)
        var heights = Array(repeating: 0.0, count: k)
        var elements: [LayoutAttributes] = []
        for section in 0..<data.sectionCount {
            let j = heights.indices.min { heights[$0] < heights[$1] || (heights[$0] == heights[$1] && $0 < $1) }!
            let x = c.columnSpacing + Double(j) * (w + c.columnSpacing)
            let top = heights[j] + c.sectionSpacing
            if c.headerHeight > 0 {
                elements.append(LayoutAttributes(kind: .sectionHeader, path: ItemPath(section: section, item: 0), frame: Rect(x: x, y: top, width: w, height: c.headerHeight)))
            }
            var y = top + c.headerHeight
            let count = data.itemCounts[section]
            for item in 0..<count {
                let h = data.itemSize(at: ItemPath(section: section, item: item))?.height ?? c.itemHeight
                let position: GroupPosition = count == 1 ? .single : item == 0 ? .top : item == count - 1 ? .bottom : .middle
                elements.append(.cell(ItemPath(section: section, item: item), frame: Rect(x: x, y: y, width: w, height: h), groupPosition: position))
                y += h
            }
            if c.footerHeight > 0 {
                elements.append(LayoutAttributes(kind: .sectionFooter, path: ItemPath(section: section, item: 0), frame: Rect(x: x, y: y, width: w, height: c.footerHeight)))
                y += c.footerHeight
            }
            heights[j] = y
        }
        let height = data.sectionCount == 0 ? 0 : heights.max()! + c.sectionSpacing
        return (elements, Size(width: W, height: height))
    }

    /// Every element of a waterfall, with the content size.
    static func waterfall(_ c: Waterfall.Configuration, _ data: DataShape, width W: Double) -> (elements: [LayoutAttributes], content: Size) {
        let k = c.columns, g = c.columnSpacing, v = c.itemSpacing, insets = c.insets
        let w = ((W - insets.left - insets.right - g * Double(k - 1)) / Double(k)).rounded(.down)
        var elements: [LayoutAttributes] = []
        var y = 0.0
        for section in 0..<data.sectionCount {
            if c.headerHeight > 0 {
                elements.append(LayoutAttributes(kind: .sectionHeader, path: ItemPath(section: section, item: 0), frame: Rect(x: 0, y: y, width: W, height: c.headerHeight)))
            }
            y += c.headerHeight
            var heights = Array(repeating: y + insets.top, count: k)
            let count = data.itemCounts[section]
            for item in 0..<count {
                let j = heights.indices.min { heights[$0] < heights[$1] || (heights[$0] == heights[$1] && $0 < $1) }!
                var h = c.itemHeight
                if let size = data.itemSize(at: ItemPath(section: section, item: item)) {
                    h = c.itemSizing == .heights ? size.height : max(1, (size.height * w / size.width).rounded(.down))
                }
                elements.append(.cell(ItemPath(section: section, item: item), frame: Rect(x: insets.left + Double(j) * (w + g), y: heights[j], width: w, height: h)))
                heights[j] += h + v
            }
            y = count > 0 ? heights.max()! - v + insets.bottom : y + insets.top + insets.bottom
            if c.footerHeight > 0 {
                elements.append(LayoutAttributes(kind: .sectionFooter, path: ItemPath(section: section, item: 0), frame: Rect(x: 0, y: y, width: W, height: c.footerHeight)))
            }
            y += c.footerHeight
        }
        return (elements, Size(width: W, height: y))
    }
}

/// Every element `layout` places, found without its rect query: each cell by
/// `attributes(at:)`, each header and footer by `supplementary`.
func elementsByPath(_ layout: some GridLayout, _ data: DataShape) -> [LayoutAttributes] {
    var all: [LayoutAttributes] = []
    for section in 0..<data.sectionCount {
        if let header = layout.supplementary(.sectionHeader, section: section) { all.append(header) }
        for item in 0..<data.itemCounts[section] {
            if let cell = layout.attributes(at: ItemPath(section: section, item: item)) { all.append(cell) }
        }
        if let footer = layout.supplementary(.sectionFooter, section: section) { all.append(footer) }
    }
    return all
}

/// `elements` sorted by ID, as comparable text: kind, path, frame and position.
func listing(_ elements: [LayoutAttributes]) -> [String] {
    elements.sorted { $0.id < $1.id }.map { "\($0)" }
}

/// Checks `layout`'s rect query for each of `rects` against the elements of `all` that
/// intersect it, and every per-path answer against `all`, bit for bit, positions too.
func expectMatchesReference(
    _ layout: some GridLayout, _ all: [LayoutAttributes], content: Size, data: DataShape, rects: [Rect], _ context: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(layout.contentSize == content, "content size; \(context)", sourceLocation: sourceLocation)
    let byPath = elementsByPath(layout, data)
    if byPath.count != all.count || !zip(byPath.sorted { $0.id < $1.id }, all.sorted { $0.id < $1.id }).allSatisfy({ $0.isIdentical(to: $1) }) {
        Issue.record("per-path answers differ from the formulas; \(context)\n got \(listing(byPath).prefix(8))\n expected \(listing(all).prefix(8))", sourceLocation: sourceLocation)
        return
    }
    for rect in rects {
        var buffer: [LayoutAttributes] = []
        layout.elements(in: rect, into: &buffer)
        let expected = all.filter { $0.frame.intersects(rect) }
        let got = buffer.sorted { $0.id < $1.id }, want = expected.sorted { $0.id < $1.id }
        if got.count != want.count || !zip(got, want).allSatisfy({ $0.isIdentical(to: $1) }) {
            Issue.record("elements(in: \(rect)): got \(got.count) \(listing(got).prefix(6)), expected \(want.count) \(listing(want).prefix(6)); \(context)", sourceLocation: sourceLocation)
            return
        }
    }
}

/// Rects over a content: the whole, beyond it, empty ones, NaN, a strip at every distinct
/// horizontal edge (up to about 80), and seeded random ones.
func shortestColumnProbes(_ all: [LayoutAttributes], content: Size, random: inout SeededRandom, count: Int) -> [Rect] {
    let w = max(content.width, 1), h = max(content.height, 1)
    var rects = [
        Rect(x: -10, y: -10, width: w + 20, height: h + 20), Rect(x: 0, y: 0, width: w, height: h),
        Rect(x: 0, y: h / 2, width: w, height: 0), Rect(x: 0, y: h, width: w, height: 50), Rect(x: .nan, y: 0, width: 1, height: 1),
    ]
    let edges = Array(Set(all.flatMap { [$0.frame.minY, $0.frame.maxY] })).sorted()
    let step = max(1, edges.count / 80)
    for index in stride(from: 0, to: edges.count, by: step) {
        rects.append(Rect(x: 0, y: edges[index], width: w, height: 1))
        rects.append(Rect(x: 0, y: edges[index] - 1, width: w, height: 1))
    }
    for _ in 0..<count {
        rects.append(Rect(x: random.uniform(-20...w), y: random.uniform(-20...h), width: random.uniform(0...w), height: random.uniform(0...(h / 4 + 60))))
    }
    return rects
}
