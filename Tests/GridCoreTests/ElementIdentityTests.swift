import Foundation
import GridCore
import Testing

@Suite("ItemPath, ElementKind, ElementID")
struct ElementIdentityTests {
    // MARK: ItemPath

    @Test func itemPathsOrderBySectionThenItem() {
        #expect(ItemPath(section: 0, item: 5) < ItemPath(section: 1, item: 0))
        #expect(ItemPath(section: 1, item: 0) < ItemPath(section: 1, item: 1))
        #expect(!(ItemPath(section: 1, item: 1) < ItemPath(section: 1, item: 1)))
        #expect(ItemPath(section: -1, item: 99) < ItemPath(section: 0, item: -5))

        // Every pair of a small grid compares like the tuple (section, item).
        var paths: [ItemPath] = []
        for s in -1...2 { for i in -1...3 { paths.append(ItemPath(section: s, item: i)) } }
        for a in paths {
            for b in paths {
                let tupleLess = a.section < b.section || (a.section == b.section && a.item < b.item)
                #expect((a < b) == tupleLess, "\(a) < \(b)")
                #expect((a == b) == (a.section == b.section && a.item == b.item))
            }
        }
        // Sorting a shuffled list gives reading order.
        var random = SeededRandom(seed: 7)
        #expect(paths.shuffled(using: &random).sorted() == paths)
    }

    @Test func itemPathDescription() {
        #expect(ItemPath(section: 3, item: 14).description == "[3, 14]")
    }

    // MARK: ElementKind

    @Test func elementKindNamesRoundTrip() throws {
        let expected: [ElementKind: String] = [
            .sectionHeader: "section-header", .cell: "cell", .sectionFooter: "section-footer",
            .columnHeader: "column-header", .rowHeader: "row-header", .corner: "corner",
        ]
        #expect(ElementKind.allCases.count == expected.count)
        for kind in ElementKind.allCases {
            #expect(kind.name == expected[kind])
            #expect(ElementKind(name: kind.name) == kind)
            #expect(kind.description == kind.name)
            #expect(kind.isSupplementary == (kind != .cell))
            // JSON carries the name.
            let json = try JSONEncoder().encode([kind])
            #expect(String(decoding: json, as: UTF8.self) == "[\"\(kind.name)\"]")
            #expect(try JSONDecoder().decode([ElementKind].self, from: json) == [kind])
        }
        #expect(Set(ElementKind.allCases.map(\.name)).count == ElementKind.allCases.count, "names are unique")
        for unknown in ["", "header", "Cell", "section_header", "cell "] {
            #expect(ElementKind(name: unknown) == nil, "\"\(unknown)\" is no kind")
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([ElementKind].self, from: Data("[\"footer\"]".utf8))
        }
    }

    @Test func elementKindRawValuesReadHeaderCellsFooter() {
        #expect(ElementKind.sectionHeader.rawValue < ElementKind.cell.rawValue)
        #expect(ElementKind.cell.rawValue < ElementKind.sectionFooter.rawValue)
    }

    // MARK: ElementID

    static let sections = [0, 1, 2, 1000, ElementID.maxSection - 1, ElementID.maxSection]
    static let items = [0, 1, 2, 65_535, Int(Int32.max), ElementID.maxItem - 1, ElementID.maxItem]

    @Test func elementIDLimits() {
        #expect(ElementID.maxSection == 268_435_455)  // 2²⁸ − 1
        #expect(ElementID.maxItem == 4_294_967_295)  // 2³² − 1
        // DataShape's own limits stay within them.
        #expect(DataShape.maxTotalItems == 2_147_483_647)  // 2³¹ − 1
        #expect(DataShape.maxTotalItems <= ElementID.maxItem)
    }

    @Test func elementIDPackingRoundTrips() {
        for section in Self.sections {
            for item in Self.items {
                for kind in ElementKind.allCases {
                    let path = ItemPath(section: section, item: item)
                    let id = ElementID(kind: kind, path: path)
                    #expect(id.section == section && id.item == item && id.kind == kind && id.path == path,
                            "\(kind)\(path) → \(id)")
                    #expect(ElementID(rawValue: id.rawValue) == id)
                    let attributes = LayoutAttributes(kind: kind, path: path, frame: .zero)
                    #expect(attributes.id == id)
                }
            }
        }
    }

    @Test func elementIDBitLayout() {
        // bits 36…63 section, 32…35 kind, 0…31 item: (5 << 36) | (2 << 32) | 7
        let id = ElementID(kind: .sectionFooter, path: ItemPath(section: 5, item: 7))
        #expect(id.rawValue == 0x0000_0052_0000_0007)
        let top = ElementID(kind: .rowHeader, path: ItemPath(section: ElementID.maxSection, item: ElementID.maxItem))
        #expect(top.rawValue == 0xFFFF_FFF4_FFFF_FFFF)
    }

    @Test func elementIDsOrderBySectionThenKindThenItem() {
        var triples: [(section: Int, kind: ElementKind, item: Int)] = []
        for section in [0, 1, 7, ElementID.maxSection] {
            for kind in ElementKind.allCases {
                for item in [0, 1, 3, Int(Int32.max), ElementID.maxItem] {
                    triples.append((section, kind, item))
                }
            }
        }
        for a in triples {
            for b in triples {
                let expected = (a.section, a.kind.rawValue, a.item) < (b.section, b.kind.rawValue, b.item)
                let ida = ElementID(kind: a.kind, path: ItemPath(section: a.section, item: a.item))
                let idb = ElementID(kind: b.kind, path: ItemPath(section: b.section, item: b.item))
                if (ida < idb) != expected {
                    Issue.record("\(ida) < \(idb) should be \(expected)")
                }
            }
        }
        // A section's header comes before its first cell, which comes before its footer,
        // and all of them before the next section's header.
        let header = ElementID(kind: .sectionHeader, path: ItemPath(section: 3, item: 0))
        let lastCell = ElementID(kind: .cell, path: ItemPath(section: 3, item: 1_000_000))
        let footer = ElementID(kind: .sectionFooter, path: ItemPath(section: 3, item: 0))
        let nextHeader = ElementID(kind: .sectionHeader, path: ItemPath(section: 4, item: 0))
        #expect(header < lastCell && lastCell < footer && footer < nextHeader)
    }

    @Test func elementIDOutsideTheLimitsIsTruncatedAsDocumented() {
        // A section of 2²⁸ wraps to 0, an item of −1 becomes 2³² − 1: DataShape never makes them.
        let wrapped = ElementID(kind: .cell, path: ItemPath(section: ElementID.maxSection + 1, item: -1))
        #expect(wrapped.section == 0)
        #expect(wrapped.item == ElementID.maxItem)
        // A raw value whose kind bits name no kind has no kind, and no attributes.
        let noKind = ElementID(rawValue: 0xF << 32)
        #expect(noKind.kind == nil)
        #expect(noKind.description == "kind?[0, 0]")
    }

    @Test func elementIDDescription() {
        #expect(ElementID(kind: .cell, path: ItemPath(section: 2, item: 9)).description == "cell[2, 9]")
        #expect(ElementID(kind: .sectionHeader, path: ItemPath(section: 2, item: 0)).description == "section-header[2, 0]")
    }
}
