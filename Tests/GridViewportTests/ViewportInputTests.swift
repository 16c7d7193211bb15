import GridCore
import GridLayouts
import GridViewport
import Testing

/// Bad sizes and margins are refused with a ``GridError`` naming the field; non-finite
/// offsets never trap.
@Suite struct ViewportInputTests {
    static let data = try! DataShape(sections: 4, itemsPerSection: 31)

    @Test(arguments: [
        (Size(width: 0, height: 480), "size.width"),
        (Size(width: -320, height: 480), "size.width"),
        (Size(width: .nan, height: 480), "size.width"),
        (Size(width: .infinity, height: 480), "size.width"),
        (Size(width: 320, height: 0), "size.height"),
        (Size(width: 320, height: -1), "size.height"),
        (Size(width: 320, height: .nan), "size.height"),
        (Size(width: 320, height: -.infinity), "size.height"),
    ])
    func badSizesAreRefused(size: Size, field: String) {
        #expect {
            try Viewport(layout: TileGrid(), data: Self.data, size: size)
        } throws: { error in
            guard let error = error as? GridError else { return false }
            return error.code == .invalidParameter && error.field == field && error.expected == "a finite number > 0"
        }
    }

    @Test(arguments: [
        (PreloadMargin.points(-1), "margin.points", "-1.0"),
        (.points(.nan), "margin.points", "nan"),
        (.points(.infinity), "margin.points", "inf"),
        (.lines(-4), "margin.lines", "-4.0"),
        (.lines(.nan), "margin.lines", "nan"),
        (.lines(1e308), "margin.lines", "1e+308"),  // × 79 overflows to infinity
    ])
    func badMarginsAreRefused(margin: PreloadMargin, field: String, value: String) {
        #expect {
            try Viewport(layout: TileGrid(), data: Self.data, size: Size(width: 320, height: 480), margin: margin)
        } throws: { error in
            guard let error = error as? GridError else { return false }
            return error.field == field && error.value == value
        }
    }

    @Test func aMarginInLinesNeedsAUsableLineHeight() {
        let broken = RetraitedLayout(base: TileGrid(), traits: LayoutTraits(lineHeight: .nan))
        #expect {
            try Viewport(layout: broken, data: Self.data, size: Size(width: 320, height: 480))
        } throws: { error in
            (error as? GridError)?.field == "layout.traits.lineHeight"
        }
        // A margin in points does not depend on it.
        #expect(throws: Never.self) {
            try Viewport(layout: broken, data: Self.data, size: Size(width: 320, height: 480), margin: .points(10))
        }
    }

    @Test func marginsResolveAgainstTheLayout() throws {
        let size = Size(width: 320, height: 480)
        // 4 rows of 79.
        #expect(try Viewport(layout: TileGrid(), data: Self.data, size: size).marginExtent == 316)
        // No line height declared: 44 pt per line.
        let plain = RetraitedLayout(base: TileGrid(), traits: LayoutTraits())
        #expect(try Viewport(layout: plain, data: Self.data, size: size).marginExtent == 176)
        #expect(try Viewport(layout: TileGrid(), data: Self.data, size: size, margin: .points(12.5)).marginExtent == 12.5)
    }

    @Test func nonFiniteOffsetsKeepThePreviousCoordinate() throws {
        var viewport = try Viewport(layout: TileGrid(), data: Self.data, size: Size(width: 320, height: 480))
        viewport.scroll(to: Point(x: 0, y: 1000))
        let loaded = viewport.loadedElements
        for bad in [Point(x: .nan, y: .nan), Point(x: .infinity, y: -.infinity), Point(x: 0, y: .nan)] {
            let report = viewport.scroll(to: bad)
            #expect(viewport.offset == Point(x: 0, y: 1000))
            #expect(report.entered == 0 && report.left == 0 && report.created == 0)
            #expect(viewport.loadedElements == loaded)
        }
        viewport.scroll(to: Point(x: .nan, y: 1316))
        #expect(viewport.offset == Point(x: 0, y: 1316))
        #expect(viewport.pinnedFrame(ofHeaderInSection: 2)?.minY == 1316)
    }

    @Test func hugeOffsetsLoadNothingAndDoNotTrap() throws {
        var viewport = try Viewport(layout: TileGrid(), data: Self.data, size: Size(width: 320, height: 480))
        for y in [1e308, -1e308, Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude] {
            viewport.scroll(to: Point(x: 0, y: y))
            #expect(viewport.loadedElements.isEmpty, "y = \(y)")
        }
        viewport.scroll(to: Point(x: 1e308, y: 0))
        #expect(viewport.loadedElements.isEmpty)
        viewport.scroll(to: Point(x: 0, y: 0))
        #expect(viewport.loadedElements.count == 41)
    }
}
