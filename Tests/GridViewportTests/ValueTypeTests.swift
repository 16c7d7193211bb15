import Foundation
import GridCore
import GridViewport
import Testing

@Suite struct ReusePolicyTests {
    @Test func defaultPolicyGivesEachKindItsOwnPool() {
        let policy = ReusePolicy()
        for kind in ElementKind.allCases {
            #expect(policy[kind] == ReuseIdentifier(rawValue: kind.rawValue))
            #expect(policy[kind] == ReuseIdentifier(kind: kind))
        }
        #expect(Set(ElementKind.allCases.map { policy[$0] }).count == ElementKind.allCases.count)
    }

    @Test func settingOneKindLeavesTheOthers() {
        var policy = ReusePolicy()
        policy[.sectionFooter] = ReuseIdentifier(rawValue: 200)
        policy[.rowHeader] = ReuseIdentifier(rawValue: 255)
        #expect(policy[.sectionFooter].rawValue == 200)
        #expect(policy[.rowHeader].rawValue == 255)
        for kind in [ElementKind.sectionHeader, .cell, .columnHeader] {
            #expect(policy[kind] == ReuseIdentifier(kind: kind))
        }
        #expect(policy != ReusePolicy())
        policy[.sectionFooter] = ReuseIdentifier(kind: .sectionFooter)
        policy[.rowHeader] = ReuseIdentifier(kind: .rowHeader)
        #expect(policy == ReusePolicy())
    }

    @Test func sharingPutsEveryKindInOnePool() {
        let policy = ReusePolicy.sharing(ReuseIdentifier(rawValue: 42))
        for kind in ElementKind.allCases { #expect(policy[kind].rawValue == 42) }
    }
}

@Suite struct PreloadMarginTests {
    @Test func extents() throws {
        #expect(try PreloadMargin.chGridView.extent(lineHeight: 79) == 316)
        #expect(try PreloadMargin.lines(4).extent(lineHeight: nil) == 176)  // 4 × 44
        #expect(try PreloadMargin.lines(0.5).extent(lineHeight: 30) == 15)
        #expect(try PreloadMargin.points(12).extent(lineHeight: 79) == 12)
        #expect(try PreloadMargin.points(12).extent(lineHeight: .nan) == 12)  // points ignore lines
        #expect(try PreloadMargin.points(0).extent(lineHeight: nil) == 0)
    }

    @Test(arguments: [0.0, -3, .nan, .infinity])
    func linesNeedAUsableLineHeight(lineHeight: Double) {
        #expect(throws: GridError.self) { try PreloadMargin.lines(2).extent(lineHeight: lineHeight) }
        do {
            _ = try PreloadMargin.lines(2).extent(lineHeight: lineHeight)
        } catch {
            #expect(error.field == "layout.traits.lineHeight")
        }
    }
}

@Suite struct LoadedSetDigestTests {
    static let ids = (0..<50).map { ElementID(kind: $0 % 10 == 0 ? .sectionHeader : .cell, path: ItemPath(section: $0 / 10, item: $0 % 10)) }

    /// The contract: count, and the wrapping sum of SplitMix64's finaliser over the raw IDs.
    @Test func definition() {
        var hash: UInt64 = 0
        for id in Self.ids {
            var z = id.rawValue
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            hash = hash &+ (z ^ (z >> 31))
        }
        let digest = LoadedSetDigest(ids: Self.ids)
        #expect(digest.count == 50)
        #expect(digest.hash == hash)
        #expect(LoadedSetDigest(ids: Self.ids.reversed()) == digest)
        #expect(LoadedSetDigest(ids: []) == .empty)
        #expect(LoadedSetDigest.empty.hash == 0 && LoadedSetDigest.empty.count == 0)
    }

    @Test func insertAndRemoveAreInverse() {
        var digest = LoadedSetDigest(ids: Self.ids[..<30])
        for id in Self.ids[30...] { digest.insert(id) }
        #expect(digest == LoadedSetDigest(ids: Self.ids))
        for id in Self.ids[..<30] { digest.remove(id) }
        #expect(digest == LoadedSetDigest(ids: Self.ids[30...]))
    }

    @Test func descriptionAndCoding() throws {
        #expect(LoadedSetDigest(count: 3, hash: 0xAB).description == "3 elements, hash 0x00000000000000ab")
        #expect(LoadedSetDigest(count: 60, hash: .max).description == "60 elements, hash 0xffffffffffffffff")
        let digest = LoadedSetDigest(ids: Self.ids)
        let json = try JSONEncoder().encode(digest)
        #expect(try JSONDecoder().decode(LoadedSetDigest.self, from: json) == digest)
    }
}

@Suite struct LoadedElementLayoutTests {
    /// An incremental frame moves runs of loaded elements as raw bytes, which is right only
    /// for a trivially copyable type; and the stride stays 64 (56 for the attributes, 4 for
    /// the tile, 1 for the pinned mark, padding).
    @Test func loadedElementsAreBitwiseCopyableAndSixtyFourBytes() {
        #expect(_isPOD(LoadedElement.self))
        #expect(MemoryLayout<LoadedElement>.stride == 64)
    }

    /// Whether the viewport shows an element pinned is its own business: two loaded
    /// elements with the same attributes and tile are equal.
    @Test func equalityIsAttributesAndTile() {
        let attributes = LayoutAttributes.cell(ItemPath(section: 1, item: 2), frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let a = LoadedElement(attributes: attributes, tile: 3)
        #expect(a == LoadedElement(attributes: attributes, tile: 3))
        #expect(a != LoadedElement(attributes: attributes, tile: 4))
        #expect(Set([a, LoadedElement(attributes: attributes, tile: 3)]).count == 1)
    }
}
