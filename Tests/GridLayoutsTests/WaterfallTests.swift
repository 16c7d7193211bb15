import GridCore
import GridLayouts
import Testing

/// The waterfall against frames worked by hand from the formulas, then against the
/// formulas written out plainly (``ShortestColumnReference``) over seeded random shapes.
@Suite struct WaterfallTests {
    func prepared(_ configuration: Waterfall.Configuration, _ data: DataShape, width: Double) throws -> Waterfall {
        var layout = Waterfall(configuration)
        try layout.prepare(data: data, container: Size(width: width, height: 480))
        return layout
    }

    func frame(_ layout: Waterfall, _ section: Int, _ item: Int) -> Rect? {
        layout.attributes(at: ItemPath(section: section, item: item))?.frame
    }

    /// W 320, k 2, g 10, v 10, insets 10, heights as given [100, 50, 30, 80, 20]:
    /// w = floor((320 − 20 − 10)/2) = 145, x = 10 and 165, H = [10, 10].
    /// Item 0 ties and takes column 0 at 10 (H₀ = 120); item 1 column 1 at 10 (H₁ = 70);
    /// item 2 column 1 at 70 (H₁ = 110); item 3 column 1 at 110 (H₁ = 200); item 4 column 0
    /// at 120 (H₀ = 150). y = 200 − 10 + 10 = 200.
    @Test func twoColumnsByHand() throws {
        var configuration = Waterfall.Configuration.standard
        configuration.itemSizing = .heights
        let data = try DataShape(itemCounts: [5], itemSizes: [100, 50, 30, 80, 20].map { Size(width: 1, height: $0) })
        let layout = try prepared(configuration, data, width: 320)
        #expect(layout.columnWidth == 145)
        #expect(layout.contentSize == Size(width: 320, height: 200))
        #expect(frame(layout, 0, 0) == Rect(x: 10, y: 10, width: 145, height: 100))
        #expect(frame(layout, 0, 1) == Rect(x: 165, y: 10, width: 145, height: 50))
        #expect(frame(layout, 0, 2) == Rect(x: 165, y: 70, width: 145, height: 30))
        #expect(frame(layout, 0, 3) == Rect(x: 165, y: 110, width: 145, height: 80))
        #expect(frame(layout, 0, 4) == Rect(x: 10, y: 120, width: 145, height: 20))
        // Cells of a waterfall carry no group position.
        #expect(layout.attributes(at: ItemPath(section: 0, item: 0))?.groupPosition == GroupPosition.none)
        // Frames are not sorted by y across columns: a rect at 105..<115 meets item 0
        // (10..<110, column 0) and item 3 (110..<190, column 1), but not item 2 (70..<100).
        let found = layout.elements(in: Rect(x: 0, y: 105, width: 320, height: 10)).map(\.path.item).sorted()
        #expect(found == [0, 3])
    }

    /// Sizes are scaled to the column keeping their aspect ratio: with w = 145,
    /// 1200 × 800 → floor(800·145/1200) = floor(96.67) = 96; 300 × 900 → 435; a panorama
    /// 10000 × 1 → floor(0.0145) = 0, raised to 1.
    @Test func photoSizesScaleToTheColumn() throws {
        let data = try DataShape(itemCounts: [3], itemSizes: [Size(width: 1200, height: 800), Size(width: 300, height: 900), Size(width: 10000, height: 1)])
        let layout = try prepared(.standard, data, width: 320)
        #expect(frame(layout, 0, 0) == Rect(x: 10, y: 10, width: 145, height: 96))
        #expect(frame(layout, 0, 1) == Rect(x: 165, y: 10, width: 145, height: 435))
        // Column 0 is at 10 + 96 + 10 = 116 < 455: the panorama goes there.
        #expect(frame(layout, 0, 2) == Rect(x: 10, y: 116, width: 145, height: 1))
        // y = max(127, 455) − 10 + 10.
        #expect(layout.contentSize.height == 455)
    }

    /// W 90, k 3, g 0, v 2, insets top 5 left 0 bottom 7 right 0, t 20, f 8, items of 40:
    /// w = 30. Section 0 (empty): header 0, y = 20 + 5 + 7 = 32, footer 32, y = 40.
    /// Section 1 (2 items): header 40, y = 60, H = 65; items at (0, 65) and (30, 65);
    /// y = 107 − 2 + 7 = 112, footer 112, content 120.
    @Test func headersFootersAndAnEmptySectionByHand() throws {
        let configuration = Waterfall.Configuration(
            columns: 3, columnSpacing: 0, itemSpacing: 2, insets: Waterfall.Insets(top: 5, left: 0, bottom: 7, right: 0),
            headerHeight: 20, footerHeight: 8, itemHeight: 40)
        let layout = try prepared(configuration, try DataShape(itemCounts: [0, 2]), width: 90)
        #expect(layout.contentSize == Size(width: 90, height: 120))
        #expect(layout.supplementary(.sectionHeader, section: 0)?.frame == Rect(x: 0, y: 0, width: 90, height: 20))
        #expect(layout.supplementary(.sectionFooter, section: 0)?.frame == Rect(x: 0, y: 32, width: 90, height: 8))
        #expect(layout.supplementary(.sectionHeader, section: 1)?.frame == Rect(x: 0, y: 40, width: 90, height: 20))
        #expect(layout.supplementary(.sectionFooter, section: 1)?.frame == Rect(x: 0, y: 112, width: 90, height: 8))
        #expect(frame(layout, 1, 0) == Rect(x: 0, y: 65, width: 30, height: 40))
        #expect(frame(layout, 1, 1) == Rect(x: 30, y: 65, width: 30, height: 40))
        #expect(layout.traits.supplementaryKinds == ElementKinds([.sectionHeader, .sectionFooter]))
        #expect(!layout.traits.pinsSectionHeaders)
        #expect(layout.traits.lineHeight == 42)
        #expect(layout.elements(in: layout.contentBounds).count == 6)
    }

    /// k 1 with insets 10 in a container 21 wide: w = floor((21 − 20)/1) = 1; items stack.
    @Test func oneColumnOfWidthExactlyOne() throws {
        let configuration = Waterfall.Configuration(columns: 1, itemHeight: 5)
        let layout = try prepared(configuration, try DataShape(itemCounts: [2]), width: 21)
        #expect(layout.columnWidth == 1)
        #expect(frame(layout, 0, 0) == Rect(x: 10, y: 10, width: 1, height: 5))
        #expect(frame(layout, 0, 1) == Rect(x: 10, y: 25, width: 1, height: 5))
        #expect(layout.contentSize.height == 40)  // H = 10 + 15 + 15 = 40; y = 40 − 10 + 10
        #expect(throws: GridError.self) { try prepared(configuration, try DataShape(itemCounts: [2]), width: 20.5) }
    }

    /// Ties go to the lowest column: four equal items fill columns 0, 1, 2, then 0.
    @Test func tiesGoToTheLowestColumn() throws {
        let configuration = Waterfall.Configuration(columns: 3, columnSpacing: 4, itemSpacing: 0, insets: Waterfall.Insets(all: 0), itemHeight: 10)
        let layout = try prepared(configuration, try DataShape(itemCounts: [4]), width: 68)  // w = 20
        #expect((0..<4).compactMap { frame(layout, 0, $0)?.minX } == [0, 24, 48, 0])
        #expect(frame(layout, 0, 3)?.minY == 10)
    }

    /// Long sections cross many checkpoints, sections of 0 and 1 item among them.
    @Test func longSectionsAcrossCheckpoints() throws {
        let counts = [300, 0, 1, 97]
        var random = SeededRandom(seed: 9)
        let sizes = (0..<398).map { _ in Size(width: Double(random.integer(300...1200)), height: Double(random.integer(300...1200))) }
        let data = try DataShape(itemCounts: counts, itemSizes: sizes)
        let configuration = Waterfall.Configuration(columns: 3, headerHeight: 30, footerHeight: 12)
        let layout = try prepared(configuration, data, width: 500)
        let reference = ShortestColumnReference.waterfall(configuration, data, width: 500)
        let rects = shortestColumnProbes(reference.elements, content: reference.content, random: &random, count: 200)
        expectMatchesReference(layout, reference.elements, content: reference.content, data: data, rects: rects, "long sections")
    }

    /// Seeded random shapes: 1 to 5 columns, any spacing and insets, photo sizes, heights
    /// or one height for all, one item 100× taller than the rest in some.
    @Test(arguments: 0..<30)
    func randomShapesMatchTheFormulas(seed: UInt64) throws {
        var random = SeededRandom(seed: 8000 + seed)
        let counts = (0..<random.integer(0...6)).map { _ in random.integer(0...150) }
        let total = counts.reduce(0, +)
        let mode = random.integer(0...2)
        var sizes: [Size]? = mode == 2 ? nil : (0..<total).map { _ in Size(width: Double(random.integer(100...900)), height: Double(random.integer(100...900))) }
        if var all = sizes, total > 0, seed % 3 == 0 {
            let tall = random.integer(0...(total - 1))
            all[tall] = mode == 0 ? Size(width: 10, height: 100 * 900) : Size(width: 1, height: 100 * 900)
            sizes = all
        }
        let data = try DataShape(itemCounts: counts, itemSizes: sizes)
        let configuration = Waterfall.Configuration(
            columns: random.integer(1...5), columnSpacing: Double(random.integer(0...12)), itemSpacing: Double(random.integer(0...12)),
            insets: Waterfall.Insets(top: Double(random.integer(0...20)), left: Double(random.integer(0...20)), bottom: Double(random.integer(0...20)), right: Double(random.integer(0...20))),
            headerHeight: random.uniform(0...1) < 0.5 ? 0 : 30, footerHeight: random.uniform(0...1) < 0.5 ? 0 : 12,
            itemHeight: Double(random.integer(10...200)), itemSizing: mode == 1 ? .heights : .scaled)
        let width = Double(random.integer(300...1100))
        let layout = try prepared(configuration, data, width: width)
        let reference = ShortestColumnReference.waterfall(configuration, data, width: width)
        let rects = shortestColumnProbes(reference.elements, content: reference.content, random: &random, count: 120)
        expectMatchesReference(layout, reference.elements, content: reference.content, data: data, rects: rects, "seed \(seed): \(counts), \(configuration), width \(width)")
    }

    @Test func prepareAgainAnswersAsNew() throws {
        var layout = Waterfall(.standard)
        try layout.prepare(data: try DataShape(itemCounts: [400, 3]), container: Size(width: 320, height: 480))
        let data = try DataShape(itemCounts: [2, 70])
        try layout.prepare(data: data, container: Size(width: 500, height: 480))
        let fresh = try prepared(.standard, data, width: 500)
        #expect(listing(elementsByPath(layout, data)) == listing(elementsByPath(fresh, data)))
        #expect(layout.contentSize == fresh.contentSize)
    }
}
