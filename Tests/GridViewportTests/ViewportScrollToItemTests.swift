import GridCore
import GridViewport
import Testing

/// Scrolling to an item (issue 28's `scroll-to-item`) over ``SelfSizingList``: one section
/// of 100 cells, estimated 44 points tall, truly 60; viewport 320 × 200, margin 50 points
/// (the loaded rect at offset `y` is `[y − 50, y + 250)`). Every value is worked by hand.
///
/// At the estimates cell `i` is `[44i, 44i + 44)` and the content 4,400 (offsets up to
/// 4,200). A measured cell grows by 16 and moves every cell after it down by 16.
@Suite struct ViewportScrollToItemTests {
    static let size = Size(width: 320, height: 200)
    static func sized(_ height: Double) throws -> DataShape {
        try DataShape(itemCounts: [100], itemSizes: Array(repeating: Size(width: 1, height: height), count: 100))
    }
    static let item50 = ItemPath(section: 0, item: 50)

    func viewport(measuring anchor: AnchorPolicy?) throws -> Viewport<SelfSizingList> {
        var viewport = try Viewport(layout: SelfSizingList(), data: try Self.sized(44), size: Self.size, margin: .points(50))
        if let anchor { try viewport.startMeasuring(trueSizes: try Self.sized(60), anchor: anchor) }
        return viewport
    }

    /// Not measuring, the layout never changes: item 50's top is 2,200, the view goes there
    /// in one round and the item is at the top, error 0. The offsets asked for afterwards
    /// move the view by their differences from the last one asked before (0): asked 30, it
    /// goes to 2,230.
    @Test func withoutMeasuringItLandsInOneRound() throws {
        var viewport = try viewport(measuring: nil)
        let result = try viewport.scrollMeasuring(toItem: Self.item50, position: .top)
        #expect(result == ScrollToItemResult(rounds: 1, firstError: 0, settledError: 0))
        #expect(viewport.offset.y == 2200)
        #expect(viewport.loadedElements.map(\.attributes.path.item) == Array(48...55))
        #expect(viewport.followsOffsetDifferences)
        viewport.scrollMeasuring(to: Point(x: 0, y: 30))
        #expect(viewport.offset.y == 2230)
        viewport.resetOffsetFollowing()
        viewport.scrollMeasuring(to: Point(x: 0, y: 30))
        #expect(viewport.offset.y == 30)
    }

    /// Not measuring, center and bottom: item 50's middle is 2,222, so the offset is
    /// `2222 − 100 = 2122`; its bottom is 2,244, so `2244 − 200 = 2044`.
    @Test func withoutMeasuringCenterAndBottom() throws {
        var viewport = try viewport(measuring: nil)
        let center = try viewport.scrollMeasuring(toItem: Self.item50, position: .center)
        #expect(center == ScrollToItemResult(rounds: 1, firstError: 0, settledError: 0))
        #expect(viewport.offset.y == 2122)
        let bottom = try viewport.scrollMeasuring(toItem: Self.item50, position: .bottom)
        #expect(bottom == ScrollToItemResult(rounds: 1, firstError: 0, settledError: 0))
        #expect(viewport.offset.y == 2044)
    }

    /// Anchor `none`, top. Round 1 goes to the estimate, 2,200: the rect `[2150, 2450)`
    /// loads cells 48 (`[2112, 2156)`) … 55 (`[2420, 2464)`), which are measured; 48 and 49
    /// grow by 16 each, so item 50's top is 2,232 and nothing corrects the offset: first
    /// error 32. Round 2 goes to 2,232: `[2182, 2482)` meets 49 (`[2172, 2232)`) … 54
    /// (`[2472, 2532)`), all measured: nothing moves, error 0.
    @Test func withoutAnchorTheSecondRoundSettles() throws {
        var viewport = try viewport(measuring: .keepsOffset)
        let result = try viewport.scrollMeasuring(toItem: Self.item50, position: .top)
        #expect(result == ScrollToItemResult(rounds: 2, firstError: 32, settledError: 0))
        #expect(viewport.offset.y == 2232)
        // On screen, the item's top is at the view's top.
        #expect(viewport.layout.attributes(at: Self.item50)?.frame.minY == viewport.offset.y)
        #expect(viewport.measurementSummary?.itemsMeasured == 8)
    }

    /// Anchor `first-visible`, top: round 1 lands as above, but the first fully visible cell
    /// in `[2200, 2400]` is item 50 itself (`[2200, 2244)`), whose top moves to 2,232: the
    /// anchor corrects by 32 and the item is at the top after the first round.
    @Test func firstVisibleAnchorLandsTheTopInOneRound() throws {
        var viewport = try viewport(measuring: .firstVisible)
        let result = try viewport.scrollMeasuring(toItem: Self.item50, position: .top)
        #expect(result == ScrollToItemResult(rounds: 1, firstError: 0, settledError: 0))
        #expect(viewport.offset.y == 2232)
    }

    /// Anchor `first-visible`, center. Round 1: the estimate's middle is 2,222, offset 2,122;
    /// `[2072, 2322)` loads cells 47 (`[2068, 2112)`) … 52, measured. The first fully visible
    /// cell in `[2122, 2322]` is 49 (`[2156, 2200)`; 48 starts at 2,112); measured, 47 and 48
    /// grew, so its top is 2,188: corrected by 32 to 2,154. Item 50 is now `[2248, 2308)`,
    /// middle 2,278, target `2278 − 100 = 2178`: first error 24 (the item itself and the
    /// cells between the anchor and it grew). Round 2 goes to 2,178: `[2128, 2378)` meets 48
    /// (`[2128, 2188)`) … 52 (`[2368, 2428)`), all measured: error 0.
    @Test func centerSettlesInTheSecondRound() throws {
        var viewport = try viewport(measuring: .firstVisible)
        let result = try viewport.scrollMeasuring(toItem: Self.item50, position: .center)
        #expect(result == ScrollToItemResult(rounds: 2, firstError: 24, settledError: 0))
        #expect(viewport.offset.y == 2178)
        let frame = try #require(viewport.layout.attributes(at: Self.item50)?.frame)
        #expect(frame.minY + frame.height / 2 - viewport.offset.y == 100)
    }

    /// Anchor `none`, bottom. Round 1: the estimate's bottom is 2,244, offset 2,044;
    /// `[1994, 2294)` loads cells 45 (`[1980, 2024)`) … 52, measured: 45 … 49 grow by 80
    /// together and item 50 by 16, so its bottom is 2,340 and the target 2,140: first error
    /// 96. Round 2 goes to 2,140: `[2090, 2390)` meets 46 (`[2040, 2100)`) … 51 (`[2340,
    /// 2400)`), all measured: error 0. With one round allowed, the first landing is the
    /// settled one.
    @Test func bottomSettlesInTheSecondRound() throws {
        var viewport = try viewport(measuring: .keepsOffset)
        let twice = try viewport.scrollMeasuring(toItem: Self.item50, position: .bottom)
        #expect(twice == ScrollToItemResult(rounds: 2, firstError: 96, settledError: 0))
        #expect(viewport.offset.y == 2140)
        #expect(viewport.layout.attributes(at: Self.item50)?.frame.maxY == viewport.offset.y + 200)

        var once = try self.viewport(measuring: .keepsOffset)
        let result = try once.scrollMeasuring(toItem: Self.item50, position: .bottom, maxRounds: 1)
        #expect(result == ScrollToItemResult(rounds: 1, firstError: 96, settledError: 96))
        #expect(once.offset.y == 2044)
    }

    /// The last item at the top cannot be: the error is measured against the clamped target.
    /// Not measuring: item 99's top is 4,356, the offsets end at 4,200: the view goes to
    /// 4,200, error 0, the item 156 points down. Measuring (`first-visible`): round 1 goes to
    /// 4,200; `[4150, 4450)` loads cells 94 (`[4136, 4180)`) … 99, measured (content `94·44
    /// + 6·60 = 4496`, offsets up to 4,296). The first fully visible cell in `[4200, 4400]`
    /// is 96 (`[4224, 4268)`; 95 starts at 4,180), whose top moves to 4,256: corrected to
    /// 4,232. Item 99's top is `4136 + 5·60 = 4436`, clamped to 4,296: first error 64.
    /// Round 2 goes to 4,296; `[4246, 4546)` meets 95 (`[4196, 4256)`) … 99, all measured:
    /// error 0, the item `4436 − 4296 = 140` points down.
    @Test func anItemAtTheEndIsClamped() throws {
        let last = ItemPath(section: 0, item: 99)
        var plain = try viewport(measuring: nil)
        let landed = try plain.scrollMeasuring(toItem: last, position: .top)
        #expect(landed == ScrollToItemResult(rounds: 1, firstError: 0, settledError: 0))
        #expect(plain.offset.y == 4200)
        #expect(plain.layout.attributes(at: last)?.frame.minY == 4356)

        var measuring = try viewport(measuring: .firstVisible)
        let settled = try measuring.scrollMeasuring(toItem: last, position: .top)
        #expect(settled == ScrollToItemResult(rounds: 2, firstError: 64, settledError: 0))
        #expect(measuring.offset.y == 4296)
        #expect(measuring.layout.attributes(at: last)?.frame.minY == 4436)
        #expect(measuring.layout.contentSize.height == 4496)
    }

    /// Bad input is refused naming the field, and nothing moves (anchor `none`, so that the
    /// frame before corrects nothing and the view follows offsets as given).
    @Test(arguments: [
        (ItemPath(section: 0, item: 100), 3, "item"),
        (ItemPath(section: 0, item: -1), 3, "item"),
        (ItemPath(section: 1, item: 0), 3, "section"),
        (ItemPath(section: 0, item: 5), 0, "maxRounds"),
    ])
    func badInputIsRefused(path: ItemPath, rounds: Int, field: String) throws {
        var viewport = try viewport(measuring: .keepsOffset)
        viewport.scrollMeasuring(to: Point(x: 0, y: 100))
        let loaded = viewport.loadedElements
        do {
            try viewport.scrollMeasuring(toItem: path, position: .top, maxRounds: rounds)
            Issue.record("\(path) with \(rounds) rounds accepted")
        } catch {
            #expect(error.field == field)
        }
        #expect(viewport.offset.y == 100)
        #expect(viewport.loadedElements == loaded)
        #expect(!viewport.followsOffsetDifferences)
    }
}
