import Foundation
import GridCore
import Testing

/// The group position is a field of the attributes: free in memory, compared like the
/// frame, and absent from the JSON of layouts that do not set it.
@Suite struct GroupPositionTests {
    /// Kind (1 byte) and position (1 byte) share the word that kind alone padded: the path
    /// (16 bytes) and the frame (32) follow at 8 and 24, 56 bytes in all, as before.
    @Test func theFieldCostsNoMemory() {
        #expect(MemoryLayout<LayoutAttributes>.stride == 56)
        #expect(MemoryLayout<LayoutAttributes>.size == 56)
        #expect(MemoryLayout<GroupPosition>.size == 1)
    }

    /// One item is single; of several, the first is top, the last bottom, the rest middle.
    @Test func positionInAGroup() {
        #expect(GroupPosition(item: 0, of: 1) == .single)
        #expect((0..<2).map { GroupPosition(item: $0, of: 2) } == [.top, .bottom])
        #expect((0..<5).map { GroupPosition(item: $0, of: 5) } == [.top, .middle, .middle, .middle, .bottom])
        #expect(GroupPosition.allCases.map(\.name) == ["none", "single", "top", "middle", "bottom"])
        #expect(GroupPosition(name: "middle") == .middle)
        #expect(GroupPosition(name: "Middle") == nil)
    }

    @Test func identityAndEqualityCompareThePosition() {
        let frame = Rect(x: 1, y: 2, width: 3, height: 4)
        let top = LayoutAttributes.cell(ItemPath(section: 0, item: 0), frame: frame, groupPosition: .top)
        var bottom = top
        bottom.groupPosition = .bottom
        #expect(!top.isIdentical(to: bottom))
        #expect(top != bottom)
        #expect(top.isIdentical(to: top))
        #expect(top.id == bottom.id)  // the same element, answered differently
        #expect(LayoutAttributes.cell(ItemPath(section: 0, item: 0), frame: frame).groupPosition == GroupPosition.none)
        #expect("\(top)".hasSuffix(" top"))
    }

    /// JSON without a position reads as `none`, and `none` writes no position: the
    /// committed goldens of the tile grid and the data grid read and write as before.
    @Test func codingOmitsNone() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let plain = LayoutAttributes.cell(ItemPath(section: 2, item: 3), frame: Rect(x: 1, y: 2, width: 3, height: 4))
        let plainJSON = String(decoding: try encoder.encode(plain), as: UTF8.self)
        #expect(!plainJSON.contains("position"))
        let old = #"{"frame":{"x":1,"y":2,"width":3,"height":4},"item":3,"kind":"cell","section":2}"#
        #expect(try JSONDecoder().decode(LayoutAttributes.self, from: Data(old.utf8)) == plain)

        var middle = plain
        middle.groupPosition = .middle
        let json = String(decoding: try encoder.encode(middle), as: UTF8.self)
        #expect(json.contains(#""position":"middle""#))
        #expect(try JSONDecoder().decode(LayoutAttributes.self, from: Data(json.utf8)) == middle)

        let bad = #"{"frame":{"x":1,"y":2,"width":3,"height":4},"item":3,"kind":"cell","section":2,"position":"centre"}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(LayoutAttributes.self, from: Data(bad.utf8)) }
    }
}
