import GridCore
import GridLayouts
import GridStrategies
import GridViewport
import Testing

/// Items of unknown size prepended while scrolled (issue 28): `Viewport.applyMeasuring`
/// inserts them at the estimate, the measured bits and true sizes follow the items, and
/// the anchor keeps the view still; offsets, corrections and displacements worked by hand.
@Suite struct MeasuringPrependTests {
    /// A one-column feed (columnar grouped, no spacing, no headers) of 40 posts, estimated
    /// and truly 100 tall, on 320 × 480, loading 400 points beyond the screen: post k at
    /// 100·k. Three posts of true heights a = 30, b = 50, c = 70 are prepended (item 0) at
    /// the estimate 100 before frame 1. Frames ask for offsets 400, 400, 250, 80.
    static func replay(_ anchor: AnchorPolicy, layout: some GridLayout) throws -> (offsets: [Double], summary: MeasurementSummary, viewport: [Bool], sizes: [Double]) {
        let estimate = Size(width: 1, height: 100)
        let data = try DataShape(itemCounts: [40], itemSizes: Array(repeating: estimate, count: 40))
        var viewport = try Viewport(layout: layout, data: data, size: Size(width: 320, height: 480), margin: .points(400))
        try viewport.startMeasuring(trueSizes: data, anchor: anchor)
        var offsets: [Double] = []
        viewport.scrollMeasuring(to: Point(x: 0, y: 400))
        offsets.append(viewport.offset.y)
        let edit = DataEdit.insertItems(section: 0, item: 0, count: 3, sizes: Array(repeating: estimate, count: 3))
        try viewport.applyMeasuring(edit, trueSizes: [30, 50, 70].map { Size(width: 1, height: $0) })
        // Right after the edit: the old posts 0…12, loaded and measured in frame 0, are
        // items 3…15 now; the three new ones are not measured.
        let bits = (0..<16).map { viewport.isMeasured(ItemPath(section: 0, item: $0)) }
        for request in [400.0, 250, 80] {
            viewport.scrollMeasuring(to: Point(x: 0, y: request))
            offsets.append(viewport.offset.y)
        }
        let sizes = (0..<4).map { viewport.data.itemSize(at: ItemPath(section: 0, item: $0))?.height ?? -1 }
        return (offsets, viewport.measurementSummary ?? MeasurementSummary(), bits, sizes)
    }

    static func feed() -> ColumnarGrouped {
        ColumnarGrouped(ColumnarGrouped.Configuration(
            columns: 1, columnSpacing: 0, sectionSpacing: 0, estimated: .itemHeight(100)))
    }

    /// `first-visible`:
    /// - frame 0 at 400: posts 0…12 loaded ([0, 1280)) and measured, unchanged (true = 100).
    /// - the prepend: the first fully visible post, old 4 at 400, is item 7 at 700: the
    ///   offset is corrected by +300 to 700.
    /// - frame 1 asks 400, no change from the last asked: stays 700; loaded [300, 1580) =
    ///   items 3…15, all measured; nothing moves (displacement |700 − 400 − 300| = 0).
    /// - frame 2 asks 250 (−150): 550; loaded [150, 1430) holds items 1 and 2 (100…300),
    ///   measured b = 50 and c = 70: items from 3 move up by 80. Anchor: item 6, fully
    ///   visible at 600, now 520: corrected by −80 to 470. Then item 0 (0…100) is loaded
    ///   ([70, 1350)), to be measured next frame.
    /// - frame 3 asks 80 (−170): 300; item 0 measured a = 30: everything after moves up by
    ///   70. Anchor: item 4 at 320 (item 3 at 220…320 is cut), now 250: corrected to 230.
    /// Offsets 400, 700, 470, 230; three corrections, 300 + 80 + 70 = 450 points; no
    /// displacement; content 37·100 + 30 + 50 + 70 + 300 = 4150.
    @Test func firstVisibleKeepsTheViewStill() throws {
        for layout in [AnyGridLayout(Self.feed()), AnyGridLayout(CachedLayout(Self.feed())), AnyGridLayout(OnDemandLayout(Self.feed()))] {
            let (offsets, summary, bits, sizes) = try Self.replay(.firstVisible, layout: layout)
            #expect(offsets == [400, 700, 470, 230])
            #expect(bits == [false, false, false] + Array(repeating: true, count: 13))
            #expect(sizes == [30, 50, 70, 100])
            #expect(summary.corrections == 3)
            #expect(summary.totalCorrection == 450)
            #expect(summary.maxDisplacement == 0)
            #expect(summary.totalDisplacement == 0)
            #expect(summary.displacementFrames == 0)
            #expect(summary.finalHeight == 4150)
            #expect(summary.itemsMeasured == 13 + 3)
            #expect(summary.laneChanges == 0)
        }
    }

    /// `none`: the offsets are as asked, 400, 400, 250, 80. Frame 1 at 400 loads
    /// [0, 1280): items 0, 1, 2 measured at once (30, 50, 70: item 3 at 150, item k ≥ 3 at
    /// 150 + 100·(k − 3)). On screen before (old 4…8 at 400…800, now items 7…11) and after
    /// ([400, 880): items 5…10): items 7, 8, 9, 10, each from 400 + 100·(k − 7) to
    /// 550 + 100·(k − 7): 150 points each, 600 in all, one frame. Nothing moves after.
    @Test func noneLetsTheViewJump() throws {
        let (offsets, summary, bits, sizes) = try Self.replay(.keepsOffset, layout: Self.feed())
        #expect(offsets == [400, 400, 250, 80])
        #expect(bits == [false, false, false] + Array(repeating: true, count: 13))
        #expect(sizes == [30, 50, 70, 100])
        #expect(summary.corrections == 0)
        #expect(summary.maxDisplacement == 150)
        #expect(summary.totalDisplacement == 600)
        #expect(summary.displacementFrames == 1)
        #expect(summary.finalHeight == 4150)
    }

    /// The true sizes must be one per inserted item, and measurements are the viewport's
    /// own: both refused by name, the viewport unchanged.
    @Test func badEditsAreRefused() throws {
        let data = try DataShape(itemCounts: [4], itemSizes: Array(repeating: Size(width: 1, height: 100), count: 4))
        var viewport = try Viewport(layout: Self.feed(), data: data, size: Size(width: 320, height: 480))
        try viewport.startMeasuring(trueSizes: data)
        let insert = DataEdit.insertItems(section: 0, item: 0, count: 2, sizes: Array(repeating: Size(width: 1, height: 100), count: 2))
        #expect(throws: GridError.invalidParameter("trueSizes", 1, expected: "one true size per inserted item: 2")) {
            try viewport.applyMeasuring(insert, trueSizes: [Size(width: 1, height: 3)])
        }
        #expect(throws: GridError.self) {
            try viewport.applyMeasuring(.setItemSizes([SizedItem(path: ItemPath(section: 0, item: 0), size: Size(width: 1, height: 3))]), trueSizes: [])
        }
        #expect(viewport.data == data)
    }
}
