import GridConformance
import GridCore
import GridLayouts
import Testing

/// Law 9 on the shortest-column layouts: the insets they declare, worked out by hand from
/// their frame formulas, and a content one point too tall caught for each.
@Suite struct ShortestColumnTightnessTests {
    /// 320 wide, 2 columns, spacings and insets of 10, items of 100: the column width is
    /// floor((320 − 10 − 10 − 10) / 2) = 145. Section 0 (3 items): column tops at 10; item 0
    /// in column 0 (10 to 110), item 1 in column 1 (10 to 110), item 2 in column 0 again (the
    /// lowest of equal columns; 120 to 220). The section ends 10 below its tallest column's
    /// last item: 230. Two empty sections add 10 + 10 each: 270. The farthest frame ends at
    /// 220, so 50 follows it.
    @Test func theWaterfallsBottomInsetCountsTrailingEmptySections() throws {
        var layout = Waterfall()
        try layout.prepare(data: DataShape(itemCounts: [3, 0, 0]), container: Size(width: 320, height: 480))
        #expect(layout.contentSize.height == 270)
        #expect(layout.attributes(at: ItemPath(section: 0, item: 2))?.frame == Rect(x: 10, y: 120, width: 145, height: 100))
        #expect(layout.traits.tightness == ContentTightness(axes: .vertical, insets: ContentInsets(bottom: 50)))
    }

    /// The same data with headers of 30: everything moves 30 down, section 0 ends at 260;
    /// section 1's header is 260 to 290, then its insets: 310; section 2's header, the last
    /// frame, is 310 to 340, followed by its top and bottom insets, 20: 360.
    /// With footers of 12 a footer always ends the content: nothing follows it.
    @Test func theWaterfallsBottomInsetWithHeadersOrFooters() throws {
        let data = try DataShape(itemCounts: [3, 0, 0]), container = Size(width: 320, height: 480)
        var headed = Waterfall(.init(headerHeight: 30))
        try headed.prepare(data: data, container: container)
        #expect(headed.supplementary(.sectionHeader, at: ItemPath(section: 2, item: 0))?.frame.maxY == 340)
        #expect(headed.contentSize.height == 360)
        #expect(headed.traits.tightness?.insets == ContentInsets(bottom: 20))
        var footed = Waterfall(.init(footerHeight: 12))
        try footed.prepare(data: data, container: container)
        // 230 + 12, then two empty sections of 20 + 12 each.
        #expect(footed.contentSize.height == 306)
        #expect(footed.traits.tightness?.insets == ContentInsets(bottom: 0))
        // No items at all, no headers or footers: 3 sections of 20 and no frame.
        var empty = Waterfall()
        try empty.prepare(data: DataShape(itemCounts: [0, 0, 0]), container: container)
        #expect(empty.contentSize.height == 60)
        #expect(empty.traits.tightness?.insets == ContentInsets(bottom: 60))
    }

    /// 320 wide, 2 columns, spacing 10, sections 5 apart, items of 44. Section 0 (1 item)
    /// goes to column 0: 5 to 49. Section 1 (2 items) to column 1, now the shorter: 5 to 93.
    /// The content is the tallest column plus 5: 98, 5 below the farthest frame.
    @Test func theColumnarLayoutsBottomInsetIsTheSectionSpacing() throws {
        var layout = ColumnarGrouped()
        try layout.prepare(data: DataShape(itemCounts: [1, 2]), container: Size(width: 320, height: 480))
        #expect(layout.contentSize.height == 98)
        #expect(layout.attributes(at: ItemPath(section: 1, item: 1))?.frame.maxY == 93)
        #expect(layout.traits.tightness == ContentTightness(axes: .vertical, insets: ContentInsets(bottom: 5)))
        var none = ColumnarGrouped()
        try none.prepare(data: .empty, container: Size(width: 320, height: 480))
        #expect(none.contentSize.height == 0)
        #expect(none.traits.tightness == ContentTightness(axes: .vertical))
    }

    /// Sections `[1, 0 × 10]`: the item ends at 49 in column 0; the ten empty sections, no
    /// header or footer, go to column 1 at 5 each (each time the shorter) up to 50. The
    /// content is 55, 6 below the farthest frame, where `[1, 0]` leaves 5: the space depends
    /// on the placement, so the layout declares nothing there, and does with a header.
    @Test func theColumnarLayoutDeclaresNothingWhereAFramelessSectionCouldEndAColumn() throws {
        let container = Size(width: 320, height: 480)
        var many = ColumnarGrouped()
        try many.prepare(data: DataShape(itemCounts: [1] + Array(repeating: 0, count: 10)), container: container)
        #expect(many.contentSize.height == 55)
        #expect(many.traits.tightness == nil)
        var one = ColumnarGrouped()
        try one.prepare(data: DataShape(itemCounts: [1, 0]), container: container)
        #expect(one.contentSize.height == 54)
        #expect(one.traits.tightness == nil)
        var headed = ColumnarGrouped(.init(headerHeight: 20))
        try headed.prepare(data: DataShape(itemCounts: [1, 0]), container: container)
        #expect(headed.traits.tightness?.insets == ContentInsets(bottom: 5))
    }

    @Test func aWaterfallContentOnePointTooTallBreaksLaw9Only() {
        for configuration in [Waterfall.Configuration.standard, .init(columns: 3, headerHeight: 30, footerHeight: 12)] {
            let report = GridConformance.check("Waterfall + 1", options: .quick) { OnePointTaller(base: Waterfall(configuration)) }
            #expect(report.violatedLaws == [.tightness], "\(report)")
            #expect(report.violations.allSatisfy { $0.code == .contentTooLarge }, "\(report)")
        }
    }

    @Test func aColumnarContentOnePointTooTallBreaksLaw9Only() {
        for configuration in [ColumnarGrouped.Configuration.standard, .init(columns: 3, headerHeight: 28, footerHeight: 16)] {
            let report = GridConformance.check("ColumnarGrouped + 1", options: .quick) { OnePointTaller(base: ColumnarGrouped(configuration)) }
            #expect(report.violatedLaws == [.tightness], "\(report)")
            #expect(report.violations.allSatisfy { $0.code == .contentTooLarge }, "\(report)")
        }
    }

    /// A layout whose content is one point taller than its base's: every frame still lies
    /// inside it, so only law 9 can tell.
    struct OnePointTaller<Base: GridLayout>: GridLayout {
        var base: Base
        mutating func prepare(data: DataShape, container: Size) throws { try base.prepare(data: data, container: container) }
        var contentSize: Size { Size(width: base.contentSize.width, height: base.contentSize.height + 1) }
        var traits: LayoutTraits { base.traits }
        func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) { base.elements(in: rect, into: &buffer) }
        func attributes(at path: ItemPath) -> LayoutAttributes? { base.attributes(at: path) }
        func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? { base.supplementary(kind, at: path) }
    }
}
