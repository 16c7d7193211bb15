import GridCore
import GridLayouts

/// A layout for the tests only, added the way the documentation tells a third party to add
/// one: this folder and one registry entry (`LayoutRegistry.register([Ruler.Configuration.self])`,
/// or a gate tool's `layouts`). Nothing else in GridBench knows it, so that a test that
/// replays, gates, dumps and conforms it proves the one registry serves them all.
///
/// Every item of every section is one row of the full width, `rowHeight` tall, one under
/// another: item `i` of a section whose first row is `r` has frame
/// `(0, (r + i)·rowHeight, W, rowHeight)`. Its one operation, `set-row-height`, a trace
/// event `{"type": "set-row-height", "height": h}`, gives every row a new height.
///
/// - Complexity: prepare O(S) for S sections; rect query O(log S + m) for m rows met.
public struct Ruler: GridLayout, EditableLayout, Sendable {
    /// The height of every row, `> 0`.
    public var rowHeight: Double

    private var data = DataShape.empty
    private var width = 0.0
    /// `firstRows[s]`: the row section `s` starts on; one more entry, the row count.
    private var firstRows: [Int] = [0]
    public private(set) var contentSize = Size.zero

    public init(rowHeight: Double) {
        self.rowHeight = rowHeight
    }

    public mutating func prepare(data: DataShape, container: Size) throws {
        try GridError.requirePositive(rowHeight, "rowHeight")
        try GridError.requireNonNegative(container.width, "container.width")
        var firstRows = [0]
        firstRows.reserveCapacity(data.itemCounts.count + 1)
        for count in data.itemCounts { firstRows.append(firstRows[firstRows.count - 1] + count) }
        self.data = data
        self.firstRows = firstRows
        width = container.width
        contentSize = Size(width: container.width, height: Double(firstRows[firstRows.count - 1]) * rowHeight)
    }

    public var traits: LayoutTraits {
        LayoutTraits(cellsDoNotOverlap: true, scrollAxes: .vertical, supplementaries: [], tightness: ContentTightness(axes: .vertical))
    }

    private func frame(row: Int) -> Rect {
        Rect(x: 0, y: Double(row) * rowHeight, width: width, height: rowHeight)
    }

    public func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        guard rect.intersects(contentBounds) else { return }
        let rows = firstRows[firstRows.count - 1]
        let first = max(0, Int((rect.minY / rowHeight).rounded(.down)) - 1)
        let end = min(rows, Int((rect.maxY / rowHeight).rounded(.up)) + 1)
        guard first < end else { return }
        // The section holding row `first`: the last whose first row is ≤ it.
        var low = 0, high = data.itemCounts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if firstRows[middle] <= first { low = middle } else { high = middle - 1 }
        }
        var section = low
        var row = first
        while row < end, section < data.itemCounts.count {
            if row >= firstRows[section + 1] { section += 1; continue }
            let frame = frame(row: row)
            if frame.intersects(rect) { buffer.append(.cell(ItemPath(section: section, item: row - firstRows[section]), frame: frame)) }
            row += 1
        }
    }

    public func attributes(at path: ItemPath) -> LayoutAttributes? {
        guard data.flatIndex(of: path) != nil else { return nil }
        return .cell(path, frame: frame(row: firstRows[path.section] + path.item))
    }

    public func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? { nil }

    /// What the ruler's one operation does.
    public enum Operation: Hashable, Sendable, CustomStringConvertible {
        /// Every row becomes `height` tall.
        case setRowHeight(Double)

        public var description: String {
            switch self {
            case .setRowHeight(let height): "set-row-height \(height)"
            }
        }
    }

    public mutating func apply(_ operation: Operation) throws -> LayoutEdit {
        switch operation {
        case .setRowHeight(let height):
            try GridError.requirePositive(height, "height")
            let data = self.data
            let container = Size(width: width, height: 0)
            rowHeight = height
            try prepare(data: data, container: container)
            return LayoutEdit(data: data, rename: { $0 })
        }
    }
}

extension Ruler {
    /// The ruler's registry entry: `"layout": "ruler"`, its one parameter `rowHeight`
    /// (default 44), and its data from `sections` and `itemSizes` as every layout of
    /// sections of items reads them.
    public struct Configuration: LayoutConfiguration {
        public static let layoutName = "ruler"
        public static let summary = "a test-only list: every item a full-width row, all rows one height"
        public static let specFieldNames = ["sections", "itemSizes", "rowHeight"]
        public static var reference: Self { Configuration(rowHeight: 44) }

        public var rowHeight: Double

        public init(rowHeight: Double) { self.rowHeight = rowHeight }

        private enum Keys: String, CodingKey { case rowHeight }

        public init(from decoder: any Decoder) throws {
            rowHeight = try decoder.container(keyedBy: Keys.self).decodeIfPresent(Double.self, forKey: .rowHeight) ?? 44
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(rowHeight, forKey: .rowHeight)
        }

        public func validate() throws(GridError) { try GridError.requirePositive(rowHeight, "rowHeight") }

        public func makeLayout() -> Ruler { Ruler(rowHeight: rowHeight) }

        public static let operationCodec: LayoutOperationCodec? = LayoutOperationCodec(
            Operation.self, typeNames: ["set-row-height"],
            name: { _ in "set-row-height" },
            decode: { _, decoder in
                enum Fields: String, CodingKey { case height }
                return .setRowHeight(try decoder.container(keyedBy: Fields.self).decode(Double.self, forKey: .height))
            },
            encode: { operation, encoder in
                enum Fields: String, CodingKey { case height }
                var c = encoder.container(keyedBy: Fields.self)
                switch operation { case .setRowHeight(let height): try c.encode(height, forKey: .height) }
            },
            digest: { operation, add in
                switch operation { case .setRowHeight(let height): add(height.bitPattern) }
            })
    }
}
