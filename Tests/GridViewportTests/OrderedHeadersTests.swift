import GridCore
import GridLayouts
import GridStrategies
import GridViewport
import Testing

/// Section headers the tile grid declares in order are pinned by binary search over its own
/// answers (`LayoutTraits.sectionHeadersInOrder`): frame by frame, through edits and
/// rotations, the viewport loads exactly what it loads with a table of every header, the
/// way for layouts that declare nothing.
@Suite struct OrderedHeadersTests {
    /// The tile grid, its declaration hidden: pinned headers come from the table.
    struct Undeclared: GridLayout {
        var grid: TileGrid
        var contentSize: Size { grid.contentSize }
        var traits: LayoutTraits {
            var traits = grid.traits
            traits.sectionHeadersInOrder = false
            return traits
        }
        mutating func prepare(data: DataShape, container: Size) throws { try grid.prepare(data: data, container: container) }
        mutating func prepare(data: DataShape, container: Size, invalidation: Invalidation) throws {
            try grid.prepare(data: data, container: container, invalidation: invalidation)
        }
        func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) { grid.elements(in: rect, into: &buffer) }
        func attributes(at path: ItemPath) -> LayoutAttributes? { grid.attributes(at: path) }
        func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? { grid.supplementary(kind, at: path) }
    }

    @Test(arguments: [TileGrid.Configuration.chGridView, TileGrid.Configuration(sectionFooterHeight: 16),
                      TileGrid.Configuration(tilesPerLine: 3, rowHeight: 100.5, padding: Size(width: 0.25, height: 7), sectionTitleHeight: 30.75)])
    func pinsWhatATableOfEveryHeaderPins(configuration: TileGrid.Configuration) throws {
        #expect(TileGrid(configuration).traits.sectionHeadersInOrder)
        var data = try DataShape(itemCounts: [31, 0, 5, 12, 31, 1, 0, 0, 7, 31, 31, 2])
        let size = Size(width: 320, height: 480)
        var ordered = try Viewport(layout: CachedLayout(TileGrid(configuration)), data: data, size: size)
        var table = try Viewport(layout: OnDemandLayout(Undeclared(grid: TileGrid(configuration))), data: data, size: size)
        #expect(ordered.pinsSectionHeaders && table.pinsSectionHeaders)
        var random = SeededRandom(seed: 11)
        var y = -40.0
        for frame in 0 ..< 600 {
            if frame % 40 == 39 {
                // An edit or a rotation, told to both.
                if frame % 120 == 119 {
                    let rotated = Size(width: ordered.size.height, height: ordered.size.width)
                    try ordered.resize(to: rotated)
                    try table.resize(to: rotated)
                } else {
                    let section = random.integer(0 ... data.sectionCount - 1)
                    let edit: DataEdit = frame % 80 == 39
                        ? .insertItems(section: section, item: 0, count: random.integer(1 ... 9), sizes: nil)
                        : .insertSections(section: section, counts: [random.integer(0 ... 20)], sizes: nil)
                    data = try edit.applied(to: data)
                    try ordered.setData(data, edit: edit)
                    try table.setData(data, edit: edit)
                }
            }
            y += random.uniform(-300 ... 500)
            y = min(max(y, -200), ordered.layout.contentSize.height + 100)
            let a = ordered.scroll(to: Point(x: 0, y: y)), b = table.scroll(to: Point(x: 0, y: y))
            #expect(a.digest == b.digest, "frame \(frame) at \(y)")
            let loadedA = ordered.loadedElements.map { ($0.attributes.id, $0.attributes.frame) }
            let loadedB = table.loadedElements.map { ($0.attributes.id, $0.attributes.frame) }
            #expect(loadedA.map(\.0) == loadedB.map(\.0) && loadedA.map(\.1) == loadedB.map(\.1), "frame \(frame) at \(y)")
            for section in [-1, 0, 3, data.sectionCount - 1, data.sectionCount] {
                #expect(ordered.pinnedFrame(ofHeaderInSection: section) == table.pinnedFrame(ofHeaderInSection: section), "frame \(frame), section \(section)")
            }
            if a.digest != b.digest { return }
        }
    }
}
