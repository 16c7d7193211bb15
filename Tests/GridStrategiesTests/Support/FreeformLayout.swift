import GridCore

/// A layout whose frames are arbitrary seeded-random rectangles: tall ones that cross many
/// bands, thin ones, overlapping ones, zero-area ones that no rect query may return. Its
/// rect query is the brute-force filter, the definition of law 1, so it is the yardstick
/// the strategies' indexes are measured against on shapes no grid produces.
struct FreeformLayout: GridLayout {
    var seed: UInt64
    var axes: ScrollAxes = .vertical
    var lineHeight: Double? = 40
    /// Section headers get frames too, so that supplementary lookups are exercised.
    var headers = true

    init(seed: UInt64, axes: ScrollAxes = .vertical, lineHeight: Double? = 40) {
        self.seed = seed
        self.axes = axes
        self.lineHeight = lineHeight
    }

    private(set) var contentSize = Size.zero
    private var cells: [ItemPath: Rect] = [:]
    private var headerFrames: [Int: Rect] = [:]
    private var everything: [LayoutAttributes] = []

    var traits: LayoutTraits { LayoutTraits(lineHeight: lineHeight, scrollAxes: axes) }

    mutating func prepare(data: DataShape, container: Size) throws {
        var random = SeededRandom(seed: seed ^ UInt64(data.totalItems))
        let long = max(container.height, 1) * Double(max(data.sectionCount, 1))
        let content = axes == .horizontal
            ? Size(width: long, height: container.height)
            : Size(width: container.width, height: long)
        func frame() -> Rect {
            let roll = random.uniform(0...1)
            let w = roll < 0.05 ? 0 : random.uniform(1...content.width / 2).rounded()
            let h = roll < 0.1 ? random.uniform(1...content.height / 3).rounded()  // tall
                : (roll < 0.15 ? 0 : random.uniform(1...60).rounded())
            let x = random.uniform(0...(content.width - w)).rounded(.down)
            let y = random.uniform(0...(content.height - h)).rounded(.down)
            return Rect(x: x, y: y, width: w, height: h)
        }
        cells = [:]
        headerFrames = [:]
        everything = []
        for section in 0..<data.sectionCount {
            if headers {
                let f = frame()
                headerFrames[section] = f
                everything.append(LayoutAttributes(kind: .sectionHeader, path: ItemPath(section: section, item: 0), frame: f))
            }
            for item in 0..<data.itemCounts[section] {
                let path = ItemPath(section: section, item: item)
                let f = frame()
                cells[path] = f
                everything.append(.cell(path, frame: f))
            }
        }
        contentSize = content
    }

    func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        for element in everything where element.frame.intersects(rect) { buffer.append(element) }
    }

    /// Every element placed, zero-area ones too, in the order they were made.
    var allElements: [LayoutAttributes] { everything }

    func attributes(at path: ItemPath) -> LayoutAttributes? {
        cells[path].map { .cell(path, frame: $0) }
    }

    func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? {
        guard kind == .sectionHeader, path.item == 0, let f = headerFrames[path.section] else { return nil }
        return LayoutAttributes(kind: kind, path: path, frame: f)
    }
}
