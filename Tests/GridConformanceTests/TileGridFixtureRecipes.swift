import Foundation
import GridConformance
import GridCore
import GridLayouts

/// The tile grid's canonical configurations, and how a fixture's recipe makes a tile grid.
enum TileGridFixtures {
    /// `datasets/fixtures/layouts/` of this package.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("datasets/fixtures/layouts")

    /// The content sizes of the centred fixture's items: one that fits, one wider and one
    /// taller than a 75 × 75 tile, one exactly its size, then a mix.
    static let centredItemSizes: [Size] = [
        Size(width: 50, height: 30), Size(width: 150, height: 75), Size(width: 30, height: 300), Size(width: 75, height: 75),
        Size(width: 10, height: 10), Size(width: 200, height: 100), Size(width: 64, height: 48), Size(width: 75, height: 80),
        Size(width: 33, height: 21), Size(width: 1, height: 2),
        Size(width: 120, height: 120), Size(width: 74, height: 9), Size(width: 9, height: 74),
    ]

    static func recipes() throws -> [GoldenFixture.Recipe] {
        let chGridView = try JSONValue(encoding: TileGrid.Configuration.chGridView)
        let photos = try DataShape(sections: 96, itemsPerSection: 31)
        return [
            .init(name: "tile-grid-chgridview-320x480", layout: "tile-grid", parameters: chGridView,
                  data: photos, container: Size(width: 320, height: 480)),
            .init(name: "tile-grid-chgridview-480x320", layout: "tile-grid", parameters: chGridView,
                  data: photos, container: Size(width: 480, height: 320)),
            .init(name: "tile-grid-uneven-empty-sections", layout: "tile-grid", parameters: chGridView,
                  data: try DataShape(itemCounts: [0, 5, 0, 0, 1, 9, 0, 4]), container: Size(width: 333, height: 500)),
            .init(name: "tile-grid-centred-item-sizes", layout: "tile-grid",
                  parameters: try JSONValue(encoding: TileGrid.Configuration(centersItems: true)),
                  data: try DataShape(itemCounts: [4, 6, 3], itemSizes: centredItemSizes), container: Size(width: 320, height: 480)),
        ]
    }

    /// The tile grid a recipe describes.
    static func makeLayout(_ recipe: GoldenFixture.Recipe) throws -> any GridLayout {
        TileGrid(try recipe.parameters.decode(TileGrid.Configuration.self))
    }
}
