import GridCore

/// A waterfall (Pinterest-style) layout: items fill `columns` columns of equal width, each
/// placed in the column that is currently shortest, sections one under another, each under
/// an optional header.
///
/// An item's height is its content size (``GridCore/DataShape/itemSizes``) scaled to the
/// column width, or ``itemHeight`` when the data carries no sizes. With container width `W`,
/// `n` columns and spacing `s`, a column is `(W − s·(n+1)) / n` wide; every column of a
/// section starts `s` below the section's header, and a section ends `s` below its longest
/// column.
///
/// - Complexity: prepare O(n) time and memory for n items; rect query O(log S + m), a binary
///   search over the S sections, then a scan of the m items of the sections the rect meets;
///   per-item and header queries O(1).
public struct WaterfallLayout: GridLayout, Sendable {
    /// Columns, `≥ 1`.
    public var columns: Int
    /// Space between and around columns and between items, `≥ 0`.
    public var spacing: Double
    /// The height of each section's header; 0 means no headers.
    public var headerHeight: Double
    /// The height of an item when the data carries no item sizes, `> 0`.
    public var itemHeight: Double

    private var data = DataShape.empty
    /// Every item's frame, in path order.
    private var frames: [Rect] = []
    /// Every section's header frame (zero height when there are no headers).
    private var headers: [Rect] = []
    /// `sectionBottoms[i]` is where section `i` ends: every frame of the section lies above it.
    private var sectionBottoms: [Double] = []
    public private(set) var contentSize = Size.zero

    public init(columns: Int = 2, spacing: Double = 8, headerHeight: Double = 30, itemHeight: Double = 120) {
        self.columns = columns
        self.spacing = spacing
        self.headerHeight = headerHeight
        self.itemHeight = itemHeight
    }

    /// - Throws: ``GridCore/GridError`` for a parameter out of range or a container too
    ///   narrow for columns of positive width. On a throw the layout keeps its state.
    public mutating func prepare(data: DataShape, container: Size) throws(GridError) {
        guard columns >= 1 else { throw .invalidParameter("columns", columns, expected: "an integer ≥ 1") }
        try GridError.requireNonNegative(spacing, "spacing")
        try GridError.requireNonNegative(headerHeight, "headerHeight")
        try GridError.requirePositive(itemHeight, "itemHeight")
        try GridError.requireNonNegative(container.width, "container.width")
        let width = (container.width - spacing * Double(columns + 1)) / Double(columns)
        guard width > 0 else {
            throw .invalidParameter("container.width", container.width, expected: "room for \(columns) columns with spacing \(spacing)")
        }
        var frames: [Rect] = []
        frames.reserveCapacity(data.totalItems)
        var headers: [Rect] = []
        var sectionBottoms: [Double] = []
        var top = 0.0
        for (section, count) in data.itemCounts.enumerated() {
            headers.append(Rect(x: 0, y: top, width: container.width, height: headerHeight))
            var bottoms = Array(repeating: top + headerHeight + spacing, count: columns)
            for item in 0 ..< count {
                // The shortest column; the leftmost of equals.
                var column = 0
                for c in 1 ..< columns where bottoms[c] < bottoms[column] { column = c }
                let height = data.itemSize(at: ItemPath(section: section, item: item))
                    .map { $0.height * (width / $0.width) } ?? itemHeight
                frames.append(Rect(x: spacing + Double(column) * (width + spacing), y: bottoms[column], width: width, height: height))
                bottoms[column] += height + spacing
            }
            top = bottoms.max() ?? top
            sectionBottoms.append(top)
        }
        self.data = data
        self.frames = frames
        self.headers = headers
        self.sectionBottoms = sectionBottoms
        self.contentSize = Size(width: container.width, height: top)
    }

    public var traits: LayoutTraits {
        LayoutTraits(cellsDoNotOverlap: true, scrollAxes: .vertical, pinsSectionHeaders: headerHeight > 0)
    }

    public func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        // The first section that ends below the rect's top; sections follow one another down.
        var low = 0, high = sectionBottoms.count
        while low < high {
            let mid = (low + high) / 2
            if sectionBottoms[mid] > rect.minY { high = mid } else { low = mid + 1 }
        }
        var section = low
        while section < headers.count, headers[section].minY < rect.maxY {
            if headers[section].intersects(rect) {
                buffer.append(LayoutAttributes(kind: .sectionHeader, path: ItemPath(section: section, item: 0), frame: headers[section]))
            }
            let start = data.sectionStarts[section]
            for item in 0 ..< data.itemCounts[section] where frames[start + item].intersects(rect) {
                buffer.append(.cell(ItemPath(section: section, item: item), frame: frames[start + item]))
            }
            section += 1
        }
    }

    public func attributes(at path: ItemPath) -> LayoutAttributes? {
        data.flatIndex(of: path).map { .cell(path, frame: frames[$0]) }
    }

    public func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? {
        guard kind == .sectionHeader, headerHeight > 0, path.item == 0, headers.indices.contains(path.section) else { return nil }
        return LayoutAttributes(kind: .sectionHeader, path: path, frame: headers[path.section])
    }
}
