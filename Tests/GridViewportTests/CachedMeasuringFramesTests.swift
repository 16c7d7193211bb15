import GridCore
import GridLayouts
@testable import GridStrategies
import GridTestSupport
import GridViewport
import Testing

/// The cached strategy's measuring frames, through the viewport as a replay measures, over
/// the layouts whose measurements it follows in pieces: the one-column feed (cut at items),
/// the tile grid with labels (cut at rows, several tiles a row) and the data grid with
/// measured rows (whole records, on content that scrolls both ways). Three passes, each
/// from the estimates after a reload: the cache is built only by the reloads, never by a
/// measurement, and its answers are a fresh layout's.
///
/// Allocations are counted and printed (where they can be counted: not under a sanitizer),
/// not yet asserted: the patches' elements and tables
/// now live in arrays shared by every patch and kept across rebuilds (release replays: feed
/// 4 → 0.02 a measuring frame, photos-labels 25 → 2), but a debug build still allocates in
/// proportion to a patch's size, and the data grid more (see the CHANGELOG, Unreleased).
@Suite struct CachedMeasuringFramesTests {
    static let container = Size(width: 320, height: 480)

    /// From the estimates: down from the top, a jump far down and back up through
    /// unmeasured cells, then jumps, all within `height` points.
    static func pass(height: Double) -> [Point] {
        var offsets: [Point] = []
        for step in 0..<40 { offsets.append(Point(x: 0, y: Double(step) * 37)) }
        for step in 0..<40 { offsets.append(Point(x: 0, y: height * 0.8 - Double(step) * 37)) }
        for jump in 0..<10 { offsets.append(Point(x: 0, y: height * 0.1 + Double(jump) * height * 0.07)) }
        return offsets
    }

    /// Counts the third pass's allocations (after the first frame, which copies the sizes
    /// the reload shared once), and checks that the cache was not built by a measurement.
    func count<Base: GridLayout & SectionShiftReporting>(
        _ base: Base, counts: [Int], estimate: Double, truth: (Int) -> Double, _ name: String
    ) throws {
        let total = counts.reduce(0, +)
        func estimated() throws -> DataShape {
            try DataShape(itemCounts: counts, itemSizes: Array(repeating: Size(width: 1, height: estimate), count: total))
        }
        let trueSizes = try DataShape(itemCounts: counts, itemSizes: (0..<total).map { Size(width: 1, height: truth($0)) })
        var viewport = try Viewport(layout: CachedLayout(base), data: try estimated(), size: Self.container, margin: .points(200))
        let pass = Self.pass(height: viewport.layout.contentSize.height)
        for _ in 0..<2 {
            try viewport.setData(try estimated())
            try viewport.startMeasuring(trueSizes: trueSizes)
            for offset in pass { viewport.scrollMeasuring(to: offset) }
        }
        try viewport.setData(try estimated())
        try viewport.startMeasuring(trueSizes: trueSizes)
        viewport.scrollMeasuring(to: pass[0])
        let builds = viewport.layout.buildCount
        let before = try #require(viewport.measurementSummary)
        let (_, allocations) = AllocationCount.measure {
            var index = 1
            while index < pass.count {
                _ = viewport.scrollMeasuring(to: pass[index])
                index += 1
            }
        }
        let measured = try #require(viewport.measurementSummary).measurementFrames - before.measurementFrames
        #expect(measured >= 14, "\(name)")
        #expect(viewport.layout.buildCount == builds, "\(name): built again \(viewport.layout.buildCount - builds) times")
        #expect(viewport.layout.answersFromPieces, "\(name)")
        print("cached \(name): \(measured) measuring frames of \(pass.count - 1): \(allocations)")
        // Every answer is a fresh layout's, prepared with the sizes as measured so far.
        var fresh = base
        try fresh.prepare(data: viewport.data, container: Self.container)
        let all = Rect(x: -1, y: -1, width: fresh.contentSize.width + 2, height: fresh.contentSize.height + 2)
        #expect(viewport.layout.elements(in: all).sorted { $0.id < $1.id } == fresh.elements(in: all).sorted { $0.id < $1.id }, "\(name)")
        #expect(viewport.layout.contentSize == fresh.contentSize, "\(name)")
    }

    @Test func feedMeasuringFramesKeepTheirCache() throws {
        try count(ColumnarGrouped(.init(columns: 1, headerHeight: 22, estimated: .itemHeight(120))),
                  counts: [1500, 0, 2500, 17, 4000], estimate: 120, truth: { Double(60 + ($0 * 37) % 200) }, "feed")
    }

    @Test func tileGridMeasuringFramesKeepTheirCache() throws {
        let tiles = TileGrid(.init(tilesPerLine: 4, rowHeight: 99, padding: Size(width: 4, height: 4), sectionTitleHeight: 22,
                                   itemSizing: .heights, estimated: .itemHeight(95)))
        try count(tiles, counts: Array(repeating: 31, count: 60), estimate: 95, truth: { Double(80 + ($0 * 37) % 60) }, "tile grid")
    }

    @Test func dataGridMeasuringFramesKeepTheirCache() throws {
        let records = DataGrid(.init(columnWidth: 150, rowHeight: 44, headerHeight: 44, rowHeaderWidth: 100, fields: 12,
                                     itemSizing: .heights, estimated: .itemHeight(44)))
        try count(records, counts: Array(repeating: 12, count: 1000), estimate: 44, truth: { Double(26 + ($0 * 7) % 5 * 9) }, "data grid")
    }
}
