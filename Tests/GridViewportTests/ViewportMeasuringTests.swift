import GridCore
import GridLayouts
import GridStrategies
import GridViewport
import Testing

/// A measuring viewport (issue 28) over a self-sizing table: `columnar-grouped` in one
/// column, no spacing, headers or footers, 40 cells estimated 44 points tall whose true
/// height is 64. Viewport 320 × 200, margin 50 points: the loaded rect at offset `y` is
/// `[y − 50, y + 250)`. Every value below is worked by hand.
///
/// Cell `i`'s top is the sum of the heights before it (each 64 once measured, 44 before).
/// The trace: 0, then a jump to 1000, then up by 50 twice (950, 900).
///
/// - Frame 0 (y 0): the rect `[−50, 250)` meets cells 0…5 at the estimate (tops `44i`; cell
///   6 at 264 is out): measured, 6 cells. The first fully visible cell is 0, top 0 before
///   and after: no correction. With the true heights (tops `64i`) the second scroll loads
///   cells 0…3 (cell 4 at 256 is out). Content from here: `t(i) = 44i + 120` for `6 ≤ i`.
/// - Frame 1 (y 1000): the rect `[950, 1250)` meets cells 18 (`t = 912`, `[912, 956)`) …
///   25 (`t = 1220`): 8 cells measured. The first fully visible cell in `[1000, 1200]` is 20
///   (`t = 1000`); measured, cells 18 and 19 grow by 20 each, so 20's top is 1040: shift 40.
///   Content: 14 cells of 64 and 26 of 44, `896 + 1144 = 2040`, so offsets up to 1840:
///   `first-visible` corrects by 40 to 1040. Afterwards `t(i) = 64i − 240` for `18 ≤ i ≤ 26`.
///   At 1040, `[990, 1290)` loads 19 (`[976, 1040)`) … 23 (`[1232, 1296)`); at 1000 (`none`)
///   `[950, 1250)` loads 18 … 23. No cell was on screen before and after: no displacement.
/// - Frame 2 (950): `first-visible` carries the correction, `1040 + (950 − 1000) = 990`;
///   `[940, 1240)` loads 18 … 23, all measured: nothing moves. `none` goes to 950: `[900,
///   1200)` meets cells 17 (`t = 44·17 + 120 = 868`, `[868, 912)`, unmeasured) … 22
///   (`[1168, 1232)`); 17 grows by 20, cells 18 on move down by 20. On screen before
///   (`[1000, 1200)`: 19…22) and after (`[950, 1150)`: 18 at 932, 19 at 996, 20 at 1060, 21
///   at 1124): 19, 20, 21 moved 20 each, so max 20, total 60. Loaded: 17 … 22 (`[1188,
///   1252)`).
/// - Frame 3 (900): `first-visible` goes to `990 − 50 = 940`; `[890, 1190)` meets cell 17
///   (`[868, 912)`), unmeasured, and 18 … 22 (`[1168, 1232)`), measured. The first fully visible cell in `[940, 1140]` is 19
///   (`[976, 1040]`; 18 starts at 912); after 17 grows, its top is 996: shift 20, offset 960.
///   On screen before (`[990, 1190)`: 19 at 976, 20, 21, 22) and after (`[960, 1160)`: 18 …
///   21): 19, 20, 21 moved 20 in content, corrected by 20: displacement 0. Loaded: `[910,
///   1210)`, cells 17 (`[868, 932)`) … 22 (`[1188, 1252)`). `none` goes to 900: `[850,
///   1150)` meets cell 16 (`t = 824`), unmeasured, to 21 (`[1124, 1188)`); cells 17 on move
///   down by 20: 17 at 888, 18 at 952, 19 at 1016, 20 at 1080, 21 at 1144. On screen before
///   (`[950, 1150)`: 18 … 21) and after (`[900, 1100)`: 17 … 20): 18, 19, 20 moved 20 each.
///   Loaded: 16 … 21.
///
/// Content heights: all estimated `40 · 44 = 1760`; at the end, `first-visible` has
/// measured 0…5 and 17…25 (15 cells: `960 + 25·44 = 2060`), `none` also 16 (`1024 + 24·44 =
/// 2080`).
@Suite struct ViewportMeasuringTests {
    static let size = Size(width: 320, height: 200)
    static let configuration = ColumnarGrouped.Configuration(
        columns: 1, columnSpacing: 0, sectionSpacing: 0, estimated: .itemHeight(44))
    static let estimated = try! DataShape(itemCounts: [40], itemSizes: Array(repeating: Size(width: 1, height: 44), count: 40))
    static let truth = try! DataShape(itemCounts: [40], itemSizes: Array(repeating: Size(width: 1, height: 64), count: 40))
    static let trace: [Double] = [0, 1000, 950, 900]

    /// What one frame should come to.
    struct Expected {
        var offset: Double
        var measured: Int
        var correction: Double
        var loaded: ClosedRange<Int>
        var maxDisplacement: Double
        var totalDisplacement: Double
    }

    func replay<L: GridLayout>(_ layout: L, anchor: AnchorPolicy, _ expected: [Expected], _ name: String) throws -> MeasurementSummary? {
        var viewport = try Viewport(layout: layout, data: Self.estimated, size: Self.size, margin: .points(50))
        try viewport.startMeasuring(trueSizes: Self.truth, anchor: anchor)
        for (frame, y) in Self.trace.enumerated() {
            viewport.scrollMeasuring(to: Point(x: 0, y: y))
            let want = expected[frame]
            let got = try #require(viewport.lastMeasuringFrame)
            let context = "\(name), \(anchor.rawValue), frame \(frame)"
            #expect(viewport.offset.y == want.offset, "\(context)")
            #expect(got.measured == want.measured, "\(context)")
            #expect(got.correction == want.correction, "\(context)")
            #expect(viewport.loadedElements.map(\.attributes.path.item) == Array(want.loaded), "\(context)")
            #expect(got.maxDisplacement == want.maxDisplacement, "\(context)")
            #expect(got.totalDisplacement == want.totalDisplacement, "\(context)")
        }
        return viewport.measurementSummary
    }

    func everyStrategy(anchor: AnchorPolicy, _ expected: [Expected], _ check: (MeasurementSummary?) -> Void) throws {
        let base = ColumnarGrouped(Self.configuration)
        check(try replay(base, anchor: anchor, expected, "bare"))
        check(try replay(OnDemandLayout(base), anchor: anchor, expected, "on-demand"))
        check(try replay(CachedLayout(base), anchor: anchor, expected, "cached"))
        check(try replay(ScanLayout(base), anchor: anchor, expected, "scan"))
        check(try replay(try AdaptiveLayout(base), anchor: anchor, expected, "adaptive"))
    }

    @Test func firstVisibleKeepsTheScreenStill() throws {
        let expected = [
            Expected(offset: 0, measured: 6, correction: 0, loaded: 0...3, maxDisplacement: 0, totalDisplacement: 0),
            Expected(offset: 1040, measured: 8, correction: 40, loaded: 19...23, maxDisplacement: 0, totalDisplacement: 0),
            // The correction carried: asked 950, shown at 990.
            Expected(offset: 990, measured: 0, correction: 0, loaded: 18...23, maxDisplacement: 0, totalDisplacement: 0),
            Expected(offset: 960, measured: 1, correction: 20, loaded: 17...22, maxDisplacement: 0, totalDisplacement: 0),
        ]
        try everyStrategy(anchor: .firstVisible, expected) { summary in
            #expect(summary?.measurementFrames == 3)
            #expect(summary?.itemsMeasured == 15)
            #expect(summary?.corrections == 2)
            #expect(summary?.totalCorrection == 60)
            #expect(summary?.maxDisplacement == 0)
            #expect(summary?.totalDisplacement == 0)
            #expect(summary?.displacementFrames == 0)
            #expect(summary?.estimatedHeight == 1760)
            #expect(summary?.finalHeight == 2060)
        }
    }

    @Test func noAnchorLetsTheScreenJump() throws {
        let expected = [
            Expected(offset: 0, measured: 6, correction: 0, loaded: 0...3, maxDisplacement: 0, totalDisplacement: 0),
            Expected(offset: 1000, measured: 8, correction: 0, loaded: 18...23, maxDisplacement: 0, totalDisplacement: 0),
            Expected(offset: 950, measured: 1, correction: 0, loaded: 17...22, maxDisplacement: 20, totalDisplacement: 60),
            Expected(offset: 900, measured: 1, correction: 0, loaded: 16...21, maxDisplacement: 20, totalDisplacement: 60),
        ]
        try everyStrategy(anchor: .keepsOffset, expected) { summary in
            #expect(summary?.measurementFrames == 4)
            #expect(summary?.itemsMeasured == 16)
            #expect(summary?.corrections == 0)
            #expect(summary?.totalCorrection == 0)
            #expect(summary?.maxDisplacement == 20)
            #expect(summary?.totalDisplacement == 120)
            #expect(summary?.displacementFrames == 2)
            #expect(summary?.estimatedHeight == 1760)
            #expect(summary?.finalHeight == 2080)
        }
    }

    /// `last-visible` at the top: in `[0, 200]` the last fully visible cell is 3 (`[132,
    /// 176]`); measured (cells 0…5, 64 each), its bottom is `4 · 64 = 256`: shift 80. The
    /// content is `6·64 + 34·44 = 1880`, offsets up to 1680: corrected to 80, the bottom kept.
    /// At 80 the rect `[30, 330)` loads cells 0 (`[0, 64)`) … 5 (`[320, 384)`).
    @Test func lastVisibleKeepsTheBottom() throws {
        var viewport = try Viewport(layout: ColumnarGrouped(Self.configuration), data: Self.estimated, size: Self.size, margin: .points(50))
        try viewport.startMeasuring(trueSizes: Self.truth, anchor: .lastVisible)
        viewport.scrollMeasuring(to: Point(x: 0, y: 0))
        #expect(viewport.lastMeasuringFrame?.correction == 80)
        #expect(viewport.offset.y == 80)
        #expect(viewport.loadedElements.map(\.attributes.path.item) == Array(0...5))
        // Cell 3's bottom, 256, shows where 176 showed at offset 0: 256 − 80 = 176.
        #expect(viewport.loadedElements[3].attributes.frame.maxY - viewport.offset.y == 176)
    }

    /// Measuring is refused without sizes to measure or with true sizes of other counts,
    /// and an edit that changes the counts is refused while measuring, naming the field.
    @Test func badInputIsRefusedNamingTheField() throws {
        var plain = try Viewport(layout: ColumnarGrouped(), data: try DataShape(itemCounts: [3]), size: Self.size)
        #expect(throws: GridError.self) { try plain.startMeasuring(trueSizes: Self.truth) }
        var viewport = try Viewport(layout: ColumnarGrouped(Self.configuration), data: Self.estimated, size: Self.size, margin: .points(50))
        let other = try DataShape(itemCounts: [39], itemSizes: Array(repeating: Size(width: 1, height: 64), count: 39))
        do {
            try viewport.startMeasuring(trueSizes: other)
            Issue.record("other counts accepted")
        } catch {
            #expect(error.field == "trueSizes")
        }
        try viewport.startMeasuring(trueSizes: Self.truth)
        viewport.scrollMeasuring(to: .zero)
        let before = viewport.loadedElements
        do {
            try viewport.setData(other)
            Issue.record("an edit of the counts accepted while measuring")
        } catch let error as GridError {
            #expect(error.field == "data")
        }
        #expect(viewport.loadedElements == before)
        #expect(viewport.data == (try DataEdit.setItemSizes((0..<6).map { SizedItem(path: ItemPath(section: 0, item: $0), size: Size(width: 1, height: 64)) }).applied(to: Self.estimated)))
    }

    /// Not measuring, a measuring frame is a plain frame: same offsets, same loaded sets.
    @Test func withoutMeasuringAFrameIsAPlainFrame() throws {
        var plain = try Viewport(layout: ColumnarGrouped(Self.configuration), data: Self.estimated, size: Self.size, margin: .points(50))
        var other = plain
        for y in Self.trace {
            let a = plain.scroll(to: Point(x: 0, y: y))
            let b = other.scrollMeasuring(to: Point(x: 0, y: y))
            #expect(a == b)
            #expect(plain.offset == other.offset)
        }
        #expect(other.measurementSummary == nil)
    }
}

