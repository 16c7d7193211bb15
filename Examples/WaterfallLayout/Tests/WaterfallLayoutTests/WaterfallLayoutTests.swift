import GridConformance
import GridConformanceTesting
import GridCore
import Testing
import WaterfallLayout

/// The conformance suite: every law of GridLayout, in every data shape and container the
/// suite chooses.
@Test(arguments: [1, 2, 3, 5])
func waterfallObeysEveryLaw(columns: Int) {
    expectConformance { WaterfallLayout(columns: columns) }
}

@Test func waterfallWithoutHeadersObeysEveryLaw() {
    expectConformance { WaterfallLayout(columns: 3, spacing: 0, headerHeight: 0) }
}

/// Placement by hand: two columns 146 wide in 316 (8 + 146 + 8 + 146 + 8), headers of 30.
@Test func itemsGoToTheShortestColumn() throws {
    var layout = WaterfallLayout(columns: 2)
    let sizes = [Size(width: 73, height: 146), Size(width: 146, height: 73), Size(width: 10, height: 10), Size(width: 20, height: 10)]
    try layout.prepare(data: try DataShape(itemCounts: [4], itemSizes: sizes), container: Size(width: 316, height: 500))
    // Columns start at y = 30 + 8 = 38. Item 0: 292 high, left. Item 1: 73 high, right (shorter).
    // Item 2: right again (38 + 73 + 8 = 119 < 338): 146 high. Item 3: right is at 273 < 338: 73 high.
    #expect(layout.attributes(at: ItemPath(section: 0, item: 0))?.frame == Rect(x: 8, y: 38, width: 146, height: 292))
    #expect(layout.attributes(at: ItemPath(section: 0, item: 1))?.frame == Rect(x: 162, y: 38, width: 146, height: 73))
    #expect(layout.attributes(at: ItemPath(section: 0, item: 2))?.frame == Rect(x: 162, y: 119, width: 146, height: 146))
    #expect(layout.attributes(at: ItemPath(section: 0, item: 3))?.frame == Rect(x: 162, y: 273, width: 146, height: 73))
    // The section ends below the longest column: max(38 + 292 + 8, 273 + 73 + 8) = 354.
    #expect(layout.contentSize == Size(width: 316, height: 354))
}
