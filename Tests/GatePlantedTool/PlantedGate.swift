import GridCore
import GridGate
import GridGateTool
import GridLayouts
import GridTestLayouts

/// A gate tool for the tests, built the way a third party builds theirs. Its layouts are the
/// test-only `ruler` (with an operation of its own), and `tile-grid-planted`: the
/// reference tile grid with a known amount of work planted in
/// its rect query, so that a test can make a regression of a chosen size and see the gate
/// catch it.
@main
struct PlantedGate: GateTool {
    static let layouts: [any LayoutConfiguration.Type] = [PlantedTileGrid.Configuration.self, Ruler.Configuration.self]
}

/// CHGridView's tile grid, with `extraWork` rounds of arithmetic after every rect query.
struct PlantedTileGrid: GridLayout, Sendable {
    var base = TileGrid(.chGridView)
    var extraWork: Int

    mutating func prepare(data: DataShape, container: Size) throws {
        try base.prepare(data: data, container: container)
    }

    var contentSize: Size { base.contentSize }
    var traits: LayoutTraits { base.traits }

    func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        base.elements(in: rect, into: &buffer)
        // A linear congruential step per round, seeded by the rect so that it cannot be
        // folded away, and kept by a branch whose outcome is never taken in practice.
        var state = rect.minY.bitPattern
        for _ in 0 ..< extraWork { state = state &* 6364136223846793005 &+ 1442695040888963407 }
        if state == 0x5EED { buffer.reserveCapacity(buffer.count + 1) }
    }

    func attributes(at path: ItemPath) -> LayoutAttributes? { base.attributes(at: path) }

    func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? { base.supplementary(kind, at: path) }
}

extension PlantedTileGrid {
    /// `"layout": "tile-grid-planted"`: the spec's data as any layout of sections of items
    /// gives it, and `extraWork`, the rounds of planted work each rect query does (default 0).
    struct Configuration: LayoutConfiguration {
        static let layoutName = "tile-grid-planted"
        static let summary = "CHGridView's tile grid with planted work in its rect query"
        static let specFieldNames = ["sections", "itemSizes", "extraWork"]
        static var reference: Self { Configuration(extraWork: 0) }

        var extraWork: Int

        init(extraWork: Int) { self.extraWork = extraWork }

        private enum Keys: String, CodingKey { case extraWork }

        init(from decoder: any Decoder) throws {
            extraWork = try decoder.container(keyedBy: Keys.self).decodeIfPresent(Int.self, forKey: .extraWork) ?? 0
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(extraWork, forKey: .extraWork)
        }

        func makeLayout() -> PlantedTileGrid { PlantedTileGrid(extraWork: extraWork) }
    }
}
