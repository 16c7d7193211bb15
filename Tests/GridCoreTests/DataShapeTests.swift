import GridCore
import GridTestSupport
import Testing

@Suite("DataShape")
struct DataShapeTests {
    // MARK: Validation

    @Test func negativeCountsAreRefusedNamingTheSection() {
        expectGridError(.invalidData, field: "itemCounts[2]") { try DataShape(itemCounts: [3, 0, -1, 4]) }
        expectGridError(.invalidData, field: "itemCounts[0]") { try DataShape(itemCounts: [Int.min]) }
        expectGridError(.invalidData, field: "sections") { try DataShape(sections: -1, itemsPerSection: 3) }
        expectGridError(.invalidData, field: "itemsPerSection") { try DataShape(sections: 2, itemsPerSection: -3) }
    }

    @Test func tooMuchDataIsRefused() {
        // 2³¹ − 1 items in all is the limit; one more is refused at the section that crosses it.
        expectGridError(.invalidData, field: "itemCounts[1]") { try DataShape(itemCounts: [Int(Int32.max), 1]) }
        expectGridError(.invalidData, field: "itemCounts[0]") { try DataShape(itemCounts: [Int.max]) }
        expectGridError(.invalidData, field: "itemCounts[2]") { try DataShape(itemCounts: [1, 2, Int.max, Int.max]) }
        // 2²⁸ sections is the limit (refused before any array is made).
        expectGridError(.invalidData, field: "sections") {
            try DataShape(sections: ElementID.maxSection + 2, itemsPerSection: 0)
        }
        #expect(throws: Never.self) { try DataShape(itemCounts: [Int(Int32.max) - 1, 1]) }
    }

    @Test func itemSizesAreValidatedNamingTheItem() {
        let ok = Size(width: 10, height: 20)
        expectGridError(.invalidData, field: "itemSizes.count") {
            try DataShape(itemCounts: [2, 1], itemSizes: [ok, ok])  // 2 sizes for 3 items
        }
        expectGridError(.invalidData, field: "itemSizes.count") {
            try DataShape(itemCounts: [1], itemSizes: [ok, ok])  // 2 sizes for 1 item
        }
        let bad: [(Size, String)] = [
            (Size(width: 0, height: 20), "width"),
            (Size(width: -1, height: 20), "width"),
            (Size(width: .nan, height: 20), "width"),
            (Size(width: .infinity, height: 20), "width"),
            (Size(width: 10, height: 0), "height"),
            (Size(width: 10, height: -0.5), "height"),
            (Size(width: 10, height: .nan), "height"),
            (Size(width: 10, height: -.infinity), "height"),
        ]
        for (size, side) in bad {
            expectGridError(.invalidData, field: "itemSizes[2].\(side)", "\(size)") {
                try DataShape(itemCounts: [2, 0, 2], itemSizes: [ok, ok, size, ok])
            }
        }
        #expect(throws: Never.self) { try DataShape(itemCounts: [0, 0], itemSizes: []) }
    }

    @Test func countsAndStarts() throws {
        let shape = try DataShape(itemCounts: [3, 0, 2])
        #expect(shape.sectionCount == 3)
        #expect(shape.totalItems == 5)
        #expect(Array(shape.sectionStarts) == [0, 3, 3, 5])
        #expect(shape.itemCount(inSection: 0) == 3)
        #expect(shape.itemCount(inSection: 1) == 0)
        #expect(shape.itemCount(inSection: -1) == 0)
        #expect(shape.itemCount(inSection: 3) == 0)
        #expect(DataShape.empty.sectionCount == 0 && DataShape.empty.totalItems == 0)
        #expect(try DataShape(itemCounts: []) == DataShape.empty)
        #expect(try DataShape(sections: 3, itemsPerSection: 2) == DataShape(itemCounts: [2, 2, 2]))
    }

    @Test func containsAndItemSize() throws {
        let sizes = (0..<4).map { Size(width: Double($0 + 1), height: 10) }
        let shape = try DataShape(itemCounts: [1, 0, 3], itemSizes: sizes)
        #expect(shape.contains(ItemPath(section: 2, item: 2)))
        for missing in [(0, 1), (1, 0), (2, 3), (3, 0), (-1, 0), (0, -1), (Int.min, Int.min)] {
            #expect(!shape.contains(ItemPath(section: missing.0, item: missing.1)))
            #expect(shape.itemSize(at: ItemPath(section: missing.0, item: missing.1)) == nil)
        }
        #expect(shape.itemSize(at: ItemPath(section: 0, item: 0)) == sizes[0])
        #expect(shape.itemSize(at: ItemPath(section: 2, item: 0)) == sizes[1])
        #expect(shape.itemSize(at: ItemPath(section: 2, item: 2)) == sizes[3])
        #expect(try DataShape(itemCounts: [1]).itemSize(at: ItemPath(section: 0, item: 0)) == nil)
    }

    // MARK: Flat indices

    /// `flatIndex(of:)` and `path(atFlatIndex:)` against a counter walked through the
    /// sections, on every shape of up to 4 sections of 0…3 items (empty sections included).
    @Test func flatIndexAndPathAreInversesOnEverySmallShape() throws {
        for counts in allCountSequences(maxSections: 4, counts: [0, 1, 2, 3]) {
            let shape = try DataShape(itemCounts: counts)
            var flat = 0
            for (section, count) in counts.enumerated() {
                for item in 0..<count {
                    let path = ItemPath(section: section, item: item)
                    if shape.flatIndex(of: path) != flat || shape.path(atFlatIndex: flat) != path {
                        Issue.record("\(counts): \(path) ↔ \(flat): flatIndex \(String(describing: shape.flatIndex(of: path))), path \(String(describing: shape.path(atFlatIndex: flat)))")
                    }
                    flat += 1
                }
                #expect(shape.flatIndex(of: ItemPath(section: section, item: count)) == nil, "\(counts)")
                #expect(shape.flatIndex(of: ItemPath(section: section, item: -1)) == nil, "\(counts)")
            }
            #expect(flat == shape.totalItems, "\(counts)")
            #expect(shape.path(atFlatIndex: flat) == nil, "\(counts)")
            #expect(shape.path(atFlatIndex: -1) == nil, "\(counts)")
            #expect(shape.path(atFlatIndex: Int.max) == nil, "\(counts)")
            #expect(shape.flatIndex(of: ItemPath(section: counts.count, item: 0)) == nil, "\(counts)")
            #expect(shape.flatIndex(of: ItemPath(section: -1, item: 0)) == nil, "\(counts)")
        }
    }

    @Test func flatIndexOnALargeShapeWithEmptySections() throws {
        // 1000 sections: section s holds s % 7 items, so every 7th section is empty.
        let counts = (0..<1000).map { $0 % 7 }
        let shape = try DataShape(itemCounts: counts)
        var flat = 0
        for (section, count) in counts.enumerated() {
            for item in 0..<count {
                let path = ItemPath(section: section, item: item)
                if shape.path(atFlatIndex: flat) != path || shape.flatIndex(of: path) != flat {
                    Issue.record("\(path) ↔ \(flat)")
                }
                flat += 1
            }
        }
        #expect(shape.totalItems == flat)
    }

    @Test func description() throws {
        #expect(try DataShape(itemCounts: [1, 2]).description == "2 sections, 3 items")
        let sized = try DataShape(itemCounts: [0, 2], itemSizes: [Size(width: 1, height: 1), Size(width: 2, height: 2)])
        #expect(sized.description == "2 sections, 2 items with sizes")
    }
}

@Suite struct DataShapeSizeLimitTests {
    /// Too many items in all is refused before any array is made: 2²⁸ sections of 100 would
    /// otherwise build a 2 GB array of counts first. The count says it: nothing allocated
    /// beyond the error's own strings.
    @Test func tooManyItemsIsRefusedBeforeBuildingCounts() throws {
        try #require(AllocationCount.isAvailable)
        let (result, count) = AllocationCount.measure { () -> GridError? in
            do throws(GridError) {
                _ = try DataShape(sections: 1 << 28, itemsPerSection: 100)
                return nil
            } catch {
                return error
            }
        }
        #expect(result?.field == "itemsPerSection")
        #expect(result?.code == .invalidData)
        #expect(count.allocatedBytes < 1 << 20, "\(count)")
    }
}
