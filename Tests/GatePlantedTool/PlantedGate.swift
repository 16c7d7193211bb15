import GridCore
import GridGate
import GridGateTool
import GridLayouts

/// A gate tool for the tests, built the way a third party builds theirs: its one layout,
/// `tile-grid-planted`, is the reference tile grid with a known amount of work planted in
/// its rect query, so that a test can make a regression of a chosen size and see the gate
/// catch it.
@main
struct PlantedGate: GateTool {
    static let layouts = [
        GateLayout("tile-grid-planted") { spec in
            PlantedTileGrid(extraWork: try spec.decode(Parameters.self).extraWork ?? 0)
        },
    ]

    /// The spec's own field: how many rounds of planted work each rect query does.
    struct Parameters: Decodable {
        var extraWork: Int?
    }
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
