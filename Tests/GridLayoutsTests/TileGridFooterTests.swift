import GridCore
import GridLayouts
import Foundation
import Testing

/// Section footers, against the data source's formulas worked by hand: footer of section i
/// at `(0, top_i + t + r_i·h + ph, W, f)`, `top_{i+1} = top_i + t + r_i·h + ph + f`.
@Suite("TileGrid footers")
struct TileGridFooterTests {
    static let footed = TileGrid.Configuration(sectionFooterHeight: 16)

    func footer(_ grid: TileGrid, _ section: Int) -> Rect? {
        grid.supplementary(.sectionFooter, section: section)?.frame
    }

    @Test func framesByHand() throws {
        // CHGridView's parameters (n 4, h 79, padding 4, t 22) with f 16, on 320:
        // w = floor((320 − 20)/4) = 75; counts [5, 0, 4]: rows r = [2, 0, 1].
        let grid = try preparedGrid(Self.footed, data: try DataShape(itemCounts: [5, 0, 4]))
        // top_1 = 0 + 22 + 2·79 + 4 + 16 = 200
        // top_2 = 200 + 22 + 0 + 4 + 16 = 242
        // top_3 = 242 + 22 + 79 + 4 + 16 = 363 = content height
        #expect(grid.sectionTop(1) == 200)
        #expect(grid.sectionTop(2) == 242)
        #expect(grid.contentSize == Size(width: 320, height: 363))
        // footers at top_i + t + r_i·h + ph: 0 + 22 + 158 + 4 = 184; 200 + 22 + 0 + 4 = 226;
        // 242 + 22 + 79 + 4 = 347
        #expect(footer(grid, 0) == Rect(x: 0, y: 184, width: 320, height: 16))
        #expect(footer(grid, 1) == Rect(x: 0, y: 226, width: 320, height: 16))
        #expect(footer(grid, 2) == Rect(x: 0, y: 347, width: 320, height: 16))
        // headers and cells move with the tops: (2, 3) in row 0 at y = 242 + 22 + 4 = 268,
        // x = 4 + 3·79 = 241
        #expect(grid.supplementary(.sectionHeader, section: 2)?.frame == Rect(x: 0, y: 242, width: 320, height: 22))
        #expect(grid.attributes(at: ItemPath(section: 2, item: 3))?.frame == Rect(x: 241, y: 268, width: 75, height: 75))
        // (0, 4) in row 1: y = 22 + 79 + 4 = 105
        #expect(grid.attributes(at: ItemPath(section: 0, item: 4))?.frame == Rect(x: 4, y: 105, width: 75, height: 75))
    }

    @Test func footersWithoutTitles() throws {
        var config = Self.footed
        config.sectionTitleHeight = 0
        config.sectionFooterHeight = 30
        let grid = try preparedGrid(config, data: try DataShape(itemCounts: [1, 8]))
        // r = [1, 2]: top_1 = 0 + 79 + 4 + 30 = 113; top_2 = 113 + 158 + 4 + 30 = 305
        #expect(grid.contentSize.height == 305)
        #expect(footer(grid, 0) == Rect(x: 0, y: 83, width: 320, height: 30))
        #expect(footer(grid, 1) == Rect(x: 0, y: 275, width: 320, height: 30))
        #expect(grid.supplementary(.sectionHeader, section: 0) == nil)
        // the rect query finds a footer and nothing else in [83, 113)
        let strip = grid.elements(in: Rect(x: 0, y: 83, width: 320, height: 30))
        #expect(strip.map(\.id) == [ElementID(kind: .sectionFooter, path: ItemPath(section: 0, item: 0))])
    }

    @Test func zeroFooterHeightIsTheOldGrid() throws {
        let data = try DataShape(itemCounts: [31, 0, 7])
        let old = try preparedGrid(.chGridView, data: data)
        var config = TileGrid.Configuration.chGridView
        config.sectionFooterHeight = 0
        let new = try preparedGrid(config, data: data)
        #expect(new.contentSize == old.contentSize)
        #expect(footer(new, 0) == nil)
        let all = new.elements(in: new.contentBounds)
        #expect(all.allSatisfy { $0.kind != .sectionFooter })
        #expect(all.count == 38 + 3)
    }

    @Test func traitsDeclareFootersPerSection() throws {
        let grid = try preparedGrid(Self.footed, data: try DataShape(itemCounts: [2]))
        #expect(grid.traits.supplementaries.map(\.kind) == [.sectionHeader, .sectionFooter])
        #expect(grid.traits.pinning.map(\.kind) == [.sectionHeader])
        let plain = try preparedGrid(.chGridView, data: try DataShape(itemCounts: [2]))
        #expect(plain.traits.supplementaries.map(\.kind) == [.sectionHeader])
    }

    @Test func outOfRangeFootersAreNil() throws {
        let grid = try preparedGrid(Self.footed, data: try DataShape(itemCounts: [2, 2]))
        #expect(footer(grid, -1) == nil)
        #expect(footer(grid, 2) == nil)
        #expect(grid.supplementary(.sectionFooter, at: ItemPath(section: 0, item: 1)) == nil)
    }

    @Test func aNegativeOrNonFiniteFooterIsRefusedByName() {
        for bad in [-1, Double.nan, Double.infinity] {
            var config = TileGrid.Configuration.chGridView
            config.sectionFooterHeight = bad
            #expect(throws: GridError.self) { try config.validate() }
            do {
                try config.validate()
            } catch {
                #expect("\(error)".contains("sectionFooterHeight"), "\(error)")
            }
        }
    }

    @Test func oldParameterJSONReadsWithoutFootersAndWritesAsBefore() throws {
        let old = #"{"tilesPerLine":4,"rowHeight":79,"padding":{"width":4,"height":4},"sectionTitleHeight":22,"centersItems":false}"#
        let decoded = try JSONDecoder().decode(TileGrid.Configuration.self, from: Data(old.utf8))
        #expect(decoded == .chGridView)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let written = String(decoding: try encoder.encode(decoded), as: UTF8.self)
        #expect(!written.contains("sectionFooterHeight"))
        let footed = String(decoding: try encoder.encode(Self.footed), as: UTF8.self)
        #expect(footed.contains(#""sectionFooterHeight":16"#))
        #expect(try JSONDecoder().decode(TileGrid.Configuration.self, from: Data(footed.utf8)) == Self.footed)
    }
}
