import Foundation
import GridCore
import GridHarness
import GridLayouts
import GridStrategies
import GridViewport
import Testing

/// Scroll anchoring while typing (issue 29): a keystroke that grows a row moves everything
/// below it; the viewport, anchoring the layout's edits (`startAnchoringEdits`), corrects
/// its offset by the anchored cell's shift, and counts how far what the screen shows moved.
///
/// The grid, worked by hand: one column 100 wide, 40 rows of 20 (row `r` at `20r`), a
/// viewport 100 × 100 with no margin, at offset 200: rows 10…14 on screen, each whole
/// (row 14 ends at 300, the screen's bottom; row 9 ends at 200, its top, and is not on it).
/// A keystroke of content height 50 in a row grows it by 30 and moves every row below it by
/// 30.
@Suite struct TypingAnchoringTests {
    static let configuration = SpanGrid.Configuration(
        columns: [SpanGrid.ColumnWidth(.fixed(100))], rows: [SpanGrid.RowRun(count: 40, height: 20)])
    static let size = Size(width: 100, height: 100)

    static func typed(_ row: Int) -> SpanGrid.Operation { .setContentHeight(row: row, column: 0, height: 50) }

    static func viewport<L: GridLayout>(_ layout: L, anchor: AnchorPolicy) throws -> Viewport<L> {
        var viewport = try Viewport(layout: layout, data: try configuration.dataShape(), size: size, margin: .points(0))
        viewport.startAnchoringEdits(anchor)
        viewport.scrollMeasuring(to: Point(x: 0, y: 200))
        #expect(viewport.followScreenAfterEdits() == 0, "the first frame has nothing to compare with")
        return viewport
    }

    /// Where row `row`'s cell shows on screen along y.
    static func screenY<L: GridLayout>(_ viewport: Viewport<L>, row: Int) throws -> Double {
        let cell = try #require(viewport.loadedElements.first { $0.attributes.kind == .cell && $0.attributes.path == ItemPath(section: row, item: 0) })
        return cell.attributes.frame.minY - viewport.offset.y
    }

    /// A row above the screen grows (row 3, pasted by a program): `first-visible` follows
    /// row 10, whose top goes from 200 to 230, so the offset goes to 230 and nothing on
    /// screen moves; the trace's next offset (200 again) moves the view by its difference
    /// from the last one asked for (0).
    @Test(arguments: [StrategyKind.onDemand, .cached, .adaptive, .scan])
    func aRowGrowingAboveTheScreenMovesNothingOnIt(strategy: StrategyKind) throws {
        let grid = SpanGrid(Self.configuration)
        switch strategy {
        case .onDemand: try Self.rowAboveGrows(OnDemandLayout(grid))
        case .cached: try Self.rowAboveGrows(CachedLayout(grid))
        case .adaptive: try Self.rowAboveGrows(try AdaptiveLayout(grid))
        case .scan: try Self.rowAboveGrows(ScanLayout(grid))
        }
    }

    static func rowAboveGrows<L: GridLayout>(_ layout: L) throws {
        var viewport = try viewport(layout, anchor: .firstVisible)
        #expect(try viewport.applyIfEditable(typed(3)))
        #expect(viewport.offset.y == 230)
        viewport.scrollMeasuring(to: Point(x: 0, y: 200))
        #expect(viewport.offset.y == 230)
        #expect(viewport.followScreenAfterEdits() == 0)
        let summary = try #require(viewport.editAnchoringSummary)
        #expect(summary.corrections == 1 && summary.totalCorrection == 30)
        #expect(summary.maxDisplacement == 0 && summary.totalDisplacement == 0 && summary.displacementFrames == 0)
        // Row 10 is still at the screen's top.
        #expect(try screenY(viewport, row: 10) == 0)
    }

    /// `none` keeps the offset at 200: rows 10…13 (on screen before, at 230…310 after) each
    /// move 30 down the screen; row 14 (at 310) leaves it and row 9 (at 210) enters it, and
    /// neither counts. Max 30, total 4 · 30 = 120, one frame.
    @Test func withoutAnchoringTheScreenJumps() throws {
        var viewport = try Self.viewport(OnDemandLayout(SpanGrid(Self.configuration)), anchor: .keepsOffset)
        #expect(try viewport.applyIfEditable(Self.typed(3)))
        viewport.scrollMeasuring(to: Point(x: 0, y: 200))
        #expect(viewport.offset.y == 200)
        #expect(viewport.followScreenAfterEdits() == 30)
        let summary = try #require(viewport.editAnchoringSummary)
        #expect(summary.corrections == 0 && summary.totalCorrection == 0)
        #expect(summary.maxDisplacement == 30 && summary.totalDisplacement == 120 && summary.displacementFrames == 1)
    }

    /// A row on screen grows (row 11): `first-visible` follows row 10, whose top does not
    /// move: no correction. Rows 12 and 13 move 30 down the screen (12 from 240 to 270, 13
    /// from 260 to 290 on the content, still on screen); row 11's top stays; row 14 leaves.
    /// Max 30, total 60.
    @Test func aRowGrowingOnScreenMovesWhatIsBelowIt() throws {
        var viewport = try Self.viewport(CachedLayout(SpanGrid(Self.configuration)), anchor: .firstVisible)
        #expect(try viewport.applyIfEditable(Self.typed(11)))
        #expect(viewport.offset.y == 200)
        viewport.scrollMeasuring(to: Point(x: 0, y: 200))
        #expect(viewport.followScreenAfterEdits() == 30)
        let summary = try #require(viewport.editAnchoringSummary)
        #expect(summary.corrections == 0)
        #expect(summary.maxDisplacement == 30 && summary.totalDisplacement == 60 && summary.displacementFrames == 1)
    }

    /// `last-visible` follows row 14, the last whole row, whose bottom goes from 300 to 330
    /// when row 11 grows: the offset goes to 230 and the bottom stays put. Rows 12…14 keep
    /// their places on screen; row 11's top stays on the content, so it moves 30 up the
    /// screen, and row 10 (at 200…220) leaves it. Max 30, total 30.
    @Test func lastVisibleKeepsTheBottomStill() throws {
        var viewport = try Self.viewport(OnDemandLayout(SpanGrid(Self.configuration)), anchor: .lastVisible)
        #expect(try viewport.applyIfEditable(Self.typed(11)))
        #expect(viewport.offset.y == 230)
        viewport.scrollMeasuring(to: Point(x: 0, y: 200))
        #expect(viewport.offset.y == 230)
        #expect(viewport.followScreenAfterEdits() == 30)
        let summary = try #require(viewport.editAnchoringSummary)
        #expect(summary.corrections == 1 && summary.totalCorrection == 30)
        #expect(summary.maxDisplacement == 30 && summary.totalDisplacement == 30 && summary.displacementFrames == 1)
    }

    /// Corrections carry into the frames after: the trace's offsets move the view by their
    /// differences from the last one asked for, so a trace scrolling down by 10 after the
    /// correction lands at 230 + 10.
    @Test func correctionsCarryIntoLaterFrames() throws {
        var viewport = try Self.viewport(OnDemandLayout(SpanGrid(Self.configuration)), anchor: .firstVisible)
        #expect(try viewport.applyIfEditable(Self.typed(3)))
        viewport.scrollMeasuring(to: Point(x: 0, y: 210))
        #expect(viewport.offset.y == 240)
        #expect(viewport.followsOffsetDifferences)
    }

    /// Not anchoring (the default), a keystroke keeps the offset and nothing is counted.
    @Test func notAnchoringKeepsTheOffset() throws {
        var viewport = try Viewport(
            layout: SpanGrid(Self.configuration), data: try Self.configuration.dataShape(), size: Self.size, margin: .points(0))
        viewport.scroll(to: Point(x: 0, y: 200))
        try viewport.apply(Self.typed(3))
        #expect(viewport.offset.y == 200)
        #expect(viewport.editAnchoringSummary == nil)
        #expect(viewport.followScreenAfterEdits() == 0)
    }

    // MARK: - The harness records the figures

    /// The same grid through the harness: a trace held at 200 for four frames, row 3 typed
    /// before frame 1's scroll and row 11 before frame 2's. Worked from the cases above:
    /// - `first-visible`: frame 1 corrects by 30 (row 10 followed); frame 2 grows row 11
    ///   below the anchor (row 10, at the top of the view at 230): rows 12 and 13 move 30.
    ///   1 correction of 30; max 30, total 60, 1 frame.
    /// - `none`: frame 1 moves rows 10…13 by 30 (total 120); frame 2 grows row 11 at
    ///   250…270 of the view 200…300: row 12 goes from 270 to 300, off the screen, and
    ///   nothing on it moves. No correction; max 30, total 120, 1 frame.
    /// - `last-visible`: frame 1 follows row 14 (bottom 300 → 330), frame 2 row 14 again
    ///   (310…330 in the view 230…330, bottom 330 → 360): 2 corrections, 60 points; frame 2
    ///   moves row 11 30 up the screen (its top stays, the view moves 30): max 30, total 30.
    @Test(arguments: [
        (AnchorPolicy.firstVisible, OffsetCorrections(count: 1, totalPoints: 30), VisibleDisplacement(maxPoints: 30, totalPoints: 60, frames: 1)),
        (.keepsOffset, OffsetCorrections(count: 0, totalPoints: 0), VisibleDisplacement(maxPoints: 30, totalPoints: 120, frames: 1)),
        (.lastVisible, OffsetCorrections(count: 2, totalPoints: 60), VisibleDisplacement(maxPoints: 30, totalPoints: 30, frames: 1)),
    ])
    func typingRunsRecordTheirAnchoring(anchor: AnchorPolicy, corrections: OffsetCorrections, displacement: VisibleDisplacement) throws {
        let spec = LayoutSpec(
            name: "column-40", parameters: Self.configuration, container: Self.size, data: try Self.configuration.dataShape())
        let trace = ScrollTrace(
            name: "typing", refreshHz: 60, viewport: Self.size, offsets: Array(repeating: Point(x: 0, y: 200), count: 4),
            events: [
                TraceEvent(frame: 1, .layoutEdit(LayoutOperation(Self.typed(3), codec: SpanGrid.operationCodec))),
                TraceEvent(frame: 2, .layoutEdit(LayoutOperation(Self.typed(11), codec: SpanGrid.operationCodec))),
            ])
        let replay = try Replay(spec: spec, trace: trace, tracePath: "typing.json")
        #expect(replay.typesContent)
        let expected = try replay.referenceDigests(margin: .points(0), anchor: anchor)
        for strategy in [StrategyKind.onDemand, .cached] {
            let options = ReplayOptions(strategy: strategy, margin: .points(0), minimumPasses: 2, maximumPasses: 2, targetSeconds: 0, anchor: anchor)
            let record = try replay.run(options, expected: expected)
            #expect(record.fixture == .pass)
            #expect(record.anchor == anchor.rawValue)
            #expect(record.offsetCorrections == corrections, "\(anchor) \(strategy)")
            #expect(record.visibleDisplacement == displacement, "\(anchor) \(strategy)")
            #expect(record.contentSizeDrift == nil, "typing estimates nothing")
            // The timeline holds each frame's largest displacement: frame 1 or 2 moved 30.
            let timeline = try #require(record.displacementTimeline)
            #expect(timeline.max() == 30 && timeline.count == 4)
        }
        // A trace that types nothing records no anchoring.
        let still = try Replay(
            spec: spec, trace: ScrollTrace(name: "still", refreshHz: 60, viewport: Self.size, offsets: [Point(x: 0, y: 200)]),
            tracePath: "still.json")
        #expect(!still.typesContent)
        let options = ReplayOptions(strategy: .onDemand, margin: .points(0), minimumPasses: 1, maximumPasses: 1, targetSeconds: 0)
        let record = try still.run(options, expected: try still.referenceDigests(margin: .points(0)))
        #expect(record.anchor == nil && record.visibleDisplacement == nil && record.offsetCorrections == nil)
    }
}
