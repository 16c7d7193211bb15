import GridCore
import GridLayouts
import Testing

/// The columnar grouped layout against frames worked by hand from the formulas,
/// then against the formulas written out plainly (``ShortestColumnReference``) over
/// seeded random shapes.
@Suite struct ColumnarGroupedTests {
    func prepared(_ configuration: ColumnarGrouped.Configuration, _ data: DataShape, width: Double) throws -> ColumnarGrouped {
        var layout = ColumnarGrouped(configuration)
        try layout.prepare(data: data, container: Size(width: width, height: 480))
        return layout
    }

    func cell(_ layout: ColumnarGrouped, _ section: Int, _ item: Int) -> LayoutAttributes? {
        layout.attributes(at: ItemPath(section: section, item: item))
    }

    /// W 320, k 2, g 10, s 5, h 44: w = floor((320 − 30)/2) = 145, x = 10 and 165.
    /// Section 0 (2 items) ties at 0 and takes column 0: top 5, items at 5 and 49, H₀ = 93.
    /// Section 1 (1 item) takes column 1: top 5, H₁ = 49. Section 2 (3 items) takes column 1
    /// again (49 < 93): top 54, items at 54, 98, 142, H₁ = 186. Content 186 + 5 = 191.
    @Test func twoColumnsByHand() throws {
        let layout = try prepared(.standard, try DataShape(itemCounts: [2, 1, 3]), width: 320)
        #expect(layout.columnWidth == 145)
        #expect(layout.contentSize == Size(width: 320, height: 191))
        let expected: [(Int, Int, Rect, GroupPosition)] = [
            (0, 0, Rect(x: 10, y: 5, width: 145, height: 44), .top),
            (0, 1, Rect(x: 10, y: 49, width: 145, height: 44), .bottom),
            (1, 0, Rect(x: 165, y: 5, width: 145, height: 44), .single),
            (2, 0, Rect(x: 165, y: 54, width: 145, height: 44), .top),
            (2, 1, Rect(x: 165, y: 98, width: 145, height: 44), .middle),
            (2, 2, Rect(x: 165, y: 142, width: 145, height: 44), .bottom),
        ]
        for (section, item, frame, position) in expected {
            let attributes = try #require(cell(layout, section, item))
            #expect(attributes.frame == frame, "[\(section), \(item)]")
            #expect(attributes.groupPosition == position, "[\(section), \(item)]")
        }
        #expect(layout.column(ofSection: 2) == 1)
        // No headers or footers declared or placed when their heights are 0.
        #expect(layout.supplementary(.sectionHeader, section: 0) == nil)
        #expect(layout.supplementary(.sectionFooter, section: 0) == nil)
        #expect(layout.traits.supplementaries.isEmpty)
        // A rect over column 1 between 60 and 100 meets items [2, 0] (54..<98) and [2, 1] (98..<142).
        let found = layout.elements(in: Rect(x: 200, y: 60, width: 10, height: 40)).map(\.path).sorted()
        #expect(found == [ItemPath(section: 2, item: 0), ItemPath(section: 2, item: 1)])
    }

    /// W 200, k 3, g 5, s 4, t 10, f 6, per-item heights: w = floor((200 − 20)/3) = 60,
    /// x = 5, 70, 135. Section 0 [30] → column 0: header 4, item 14, footer 44, H₀ = 50.
    /// Section 1, empty → column 1 (tie with 2, lowest wins): header 4, footer 14, H₁ = 20.
    /// Section 2 [20, 25] → column 2: header 4, items 14 and 34, footer 59, H₂ = 65.
    /// Section 3 [50] → column 1 (20 is the least): header 24, item 34, footer 84, H₁ = 90.
    /// Content 90 + 4 = 94.
    @Test func headersFootersAndAnEmptySectionByHand() throws {
        let configuration = ColumnarGrouped.Configuration(columns: 3, columnSpacing: 5, sectionSpacing: 4, headerHeight: 10, footerHeight: 6)
        let data = try DataShape(itemCounts: [1, 0, 2, 1], itemSizes: [30, 20, 25, 50].map { Size(width: 1, height: $0) })
        let layout = try prepared(configuration, data, width: 200)
        #expect(layout.contentSize == Size(width: 200, height: 94))
        let headers = [Rect(x: 5, y: 4, width: 60, height: 10), Rect(x: 70, y: 4, width: 60, height: 10),
                       Rect(x: 135, y: 4, width: 60, height: 10), Rect(x: 70, y: 24, width: 60, height: 10)]
        let footers = [Rect(x: 5, y: 44, width: 60, height: 6), Rect(x: 70, y: 14, width: 60, height: 6),
                       Rect(x: 135, y: 59, width: 60, height: 6), Rect(x: 70, y: 84, width: 60, height: 6)]
        for section in 0..<4 {
            #expect(layout.supplementary(.sectionHeader, section: section)?.frame == headers[section], "header \(section)")
            #expect(layout.supplementary(.sectionFooter, section: section)?.frame == footers[section], "footer \(section)")
        }
        #expect(cell(layout, 0, 0)?.frame == Rect(x: 5, y: 14, width: 60, height: 30))
        #expect(cell(layout, 0, 0)?.groupPosition == .single)
        #expect(cell(layout, 1, 0) == nil)
        #expect(cell(layout, 2, 0)?.frame == Rect(x: 135, y: 14, width: 60, height: 20))
        #expect(cell(layout, 2, 1)?.frame == Rect(x: 135, y: 34, width: 60, height: 25))
        #expect(cell(layout, 2, 1)?.groupPosition == .bottom)
        #expect(cell(layout, 3, 0)?.frame == Rect(x: 70, y: 34, width: 60, height: 50))
        #expect(layout.traits.supplementaryKinds == ElementKinds([.sectionHeader, .sectionFooter]))
        #expect(!layout.traits.pinsSectionHeaders)
        #expect(layout.traits.lineHeight == 31.25)  // (30 + 20 + 25 + 50) / 4
        // The whole content: 4 headers, 4 footers, 4 cells.
        #expect(layout.elements(in: layout.contentBounds).count == 12)
    }

    /// One column is a grouped table: sections stacked, each `s` below the last.
    /// W 100, g 0, s 0, h 10: w = 100; sections [2, 2] at 0, 10 and 20, 30; content 40.
    @Test func oneColumnStacksSections() throws {
        let configuration = ColumnarGrouped.Configuration(columns: 1, columnSpacing: 0, sectionSpacing: 0, itemHeight: 10)
        let layout = try prepared(configuration, try DataShape(itemCounts: [2, 2]), width: 100)
        #expect(layout.contentSize == Size(width: 100, height: 40))
        #expect(cell(layout, 1, 0)?.frame == Rect(x: 0, y: 20, width: 100, height: 10))
        #expect(cell(layout, 1, 1)?.frame == Rect(x: 0, y: 30, width: 100, height: 10))
    }

    /// W 11, k 3, g 2: w = floor((11 − 8)/3) = 1, columns at 2, 5 and 8; one point
    /// narrower and the width comes out 0 and is refused.
    @Test func aColumnWidthOfExactlyOne() throws {
        let configuration = ColumnarGrouped.Configuration(columns: 3, columnSpacing: 2, sectionSpacing: 0, itemHeight: 7)
        let layout = try prepared(configuration, try DataShape(itemCounts: [1, 1, 1, 1]), width: 11)
        #expect(layout.columnWidth == 1)
        #expect(cell(layout, 0, 0)?.frame == Rect(x: 2, y: 0, width: 1, height: 7))
        #expect(cell(layout, 1, 0)?.frame == Rect(x: 5, y: 0, width: 1, height: 7))
        #expect(cell(layout, 2, 0)?.frame == Rect(x: 8, y: 0, width: 1, height: 7))
        // Three columns tie at 7: the fourth section goes to column 0.
        #expect(cell(layout, 3, 0)?.frame == Rect(x: 2, y: 7, width: 1, height: 7))
        #expect(throws: GridError.self) { try prepared(configuration, try DataShape(itemCounts: [1]), width: 10) }
    }

    @Test func noSectionsMeansNoContent() throws {
        let layout = try prepared(.standard, .empty, width: 320)
        #expect(layout.contentSize == Size(width: 320, height: 0))
        #expect(layout.elements(in: Rect(x: -10, y: -10, width: 400, height: 400)).isEmpty)
    }

    /// A long section crosses many checkpoints: every item's `y` is the running sum.
    @Test func longSectionsAcrossCheckpoints() throws {
        let heights = (0..<200).map { Double(10 + ($0 * 37) % 50) + 0.25 }
        let data = try DataShape(itemCounts: [3, 200, 0, 70], itemSizes: (heights + heights.prefix(73)).map { Size(width: 1, height: $0) })
        let configuration = ColumnarGrouped.Configuration(columns: 2, headerHeight: 28, footerHeight: 16)
        let layout = try prepared(configuration, data, width: 768)
        let reference = ShortestColumnReference.columnar(configuration, data, width: 768)
        var random = SeededRandom(seed: 5)
        let rects = shortestColumnProbes(reference.elements, content: reference.content, random: &random, count: 200)
        expectMatchesReference(layout, reference.elements, content: reference.content, data: data, rects: rects, "long sections")
        // Item 150 of section 1: the sum of the 150 heights before it, below the header.
        let top = try #require(layout.supplementary(.sectionHeader, section: 1)).frame.minY
        var y = top + 28
        for height in heights.prefix(150) { y += height }
        #expect(cell(layout, 1, 150)?.frame.minY == y)
    }

    /// Seeded random shapes: uneven sections (empty ones among them), 1 to 5 columns, with
    /// and without headers, footers and per-item heights, one item 100× taller than the
    /// rest in some.
    @Test(arguments: 0..<30)
    func randomShapesMatchTheFormulas(seed: UInt64) throws {
        var random = SeededRandom(seed: 7000 + seed)
        let counts = (0..<random.integer(0...40)).map { _ in random.integer(0...45) }
        let total = counts.reduce(0, +)
        let perItem = random.uniform(0...1) < 0.6
        var heights = (0..<total).map { _ in Double(random.integer(20...120)) }
        if perItem && total > 0 && seed % 3 == 0 { heights[random.integer(0...(total - 1))] = 100 * 120 }
        let data = try DataShape(itemCounts: counts, itemSizes: perItem ? heights.map { Size(width: 1, height: $0) } : nil)
        let configuration = ColumnarGrouped.Configuration(
            columns: random.integer(1...5), columnSpacing: Double(random.integer(0...12)), sectionSpacing: Double(random.integer(0...8)),
            itemHeight: Double(random.integer(10...80)), headerHeight: random.uniform(0...1) < 0.5 ? 0 : 28,
            footerHeight: random.uniform(0...1) < 0.5 ? 0 : 16)
        let width = Double(random.integer(300...1100))
        let layout = try prepared(configuration, data, width: width)
        let reference = ShortestColumnReference.columnar(configuration, data, width: width)
        let rects = shortestColumnProbes(reference.elements, content: reference.content, random: &random, count: 120)
        expectMatchesReference(layout, reference.elements, content: reference.content, data: data, rects: rects, "seed \(seed): \(counts), \(configuration), width \(width)")
        // Answers come in ElementID order, merged across columns: a viewport need not sort.
        for rect in rects {
            let ids = layout.elements(in: rect).map(\.id)
            #expect(zip(ids, ids.dropFirst()).allSatisfy { $0 < $1 }, "not in ID order in \(rect); seed \(seed)")
        }
    }

    @Test func prepareAgainAnswersAsNew() throws {
        var layout = ColumnarGrouped(.standard)
        try layout.prepare(data: try DataShape(itemCounts: [40, 1, 3]), container: Size(width: 320, height: 480))
        let data = try DataShape(itemCounts: [2, 5])
        try layout.prepare(data: data, container: Size(width: 500, height: 480))
        let fresh = try prepared(.standard, data, width: 500)
        #expect(listing(elementsByPath(layout, data)) == listing(elementsByPath(fresh, data)))
        #expect(layout.contentSize == fresh.contentSize)
    }
}
