import GridCore
import GridLayouts
import GridStrategies
import GridTestSupport
import GridViewport
import Testing

/// Incremental frames at the viewport's level: which rects a frame asks for, and that the
/// answers stay those of a full query on random walks, both axes, pinned or not.
@Suite struct IncrementalFrameViewportTests {
    /// Counts the rect queries a layout is asked, and records their rects.
    final class Log: @unchecked Sendable {
        var rects: [Rect] = []
    }

    struct Counting<Base: GridLayout>: GridLayout {
        var base: Base
        let log: Log
        var scans: Bool
        var contentSize: Size { base.contentSize }
        var traits: LayoutTraits {
            var traits = base.traits
            traits.rectQueriesScanEverything = scans
            return traits
        }
        mutating func prepare(data: DataShape, container: Size) throws { try base.prepare(data: data, container: container) }
        func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
            log.rects.append(rect)
            base.elements(in: rect, into: &buffer)
        }
        func attributes(at path: ItemPath) -> LayoutAttributes? { base.attributes(at: path) }
        func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? { base.supplementary(kind, at: path) }
    }

    func grid(scans: Bool, log: Log) throws -> Viewport<Counting<UniformGrid>> {
        try Viewport(
            layout: Counting(base: UniformGrid(cell: Size(width: 50, height: 30), axes: .both), log: log, scans: scans),
            data: DataShape(sections: 200, itemsPerSection: 150), size: Size(width: 320, height: 480))
    }

    /// A diagonal step asks for the band above or beneath and the band beside the old loaded
    /// rect (two strips); a layout whose queries scan everything is asked once, for their
    /// bounding box; the first frame and a jump ask for the whole loaded rect.
    @Test func aDiagonalStepAsksForTwoStripsOrOneBoundingBox() throws {
        for scans in [false, true] {
            let log = Log()
            var viewport = try grid(scans: scans, log: log)
            viewport.scroll(to: Point(x: 1000, y: 1000))
            #expect(log.rects == [viewport.loadedRect])
            let old = viewport.loadedRect
            log.rects = []
            viewport.scroll(to: Point(x: 1010, y: 1020))
            let new = viewport.loadedRect
            // Worked by hand: the new rect is 20 lower and 10 further right, so the strips are
            // y ∈ [old.maxY, new.maxY) across the new width, and x ∈ [old.maxX, new.maxX)
            // over the rows both share. Each reaches on an eighth of the new rect's height
            // (or width) beyond it, the look-ahead, and as far either side across, and is
            // grown by the pad of 1 + 1e-9·(largest coordinate).
            let pad = 1 + 1e-9 * max(abs(new.maxX), abs(new.maxY))
            let aheadY = new.height / 8, aheadX = new.width / 8
            let below = Rect(
                x: new.minX - aheadX - pad, y: old.maxY - pad,
                width: new.width + 2 * aheadX + 2 * pad, height: 20 + aheadY + 2 * pad)
            let beside = Rect(
                x: old.maxX - pad, y: new.minY - aheadY - pad,
                width: 10 + aheadX + 2 * pad, height: old.maxY - new.minY + 2 * aheadY + 2 * pad)
            func close(_ a: Rect, _ b: Rect) -> Bool {
                abs(a.minX - b.minX) < 1e-9 && abs(a.minY - b.minY) < 1e-9 && abs(a.maxX - b.maxX) < 1e-9 && abs(a.maxY - b.maxY) < 1e-9
            }
            if scans {
                // A layout whose queries scan everything is asked for the bounding box of the
                // plain strips: no look-ahead.
                #expect(log.rects.count == 1)
                let box = Rect(x: new.minX - pad, y: new.minY - pad, width: new.width + 2 * pad, height: new.maxY - new.minY + 2 * pad)
                #expect(log.rects.count == 1 && close(log.rects[0], box), "\(log.rects) ≠ \(box)")
            } else {
                #expect(log.rects.count == 2)
                #expect(log.rects.count == 2 && close(log.rects[0], below), "\(log.rects) ≠ \(below)")
                #expect(log.rects.count == 2 && close(log.rects[1], beside), "\(log.rects) ≠ \(beside)")
            }
            // A jump past the old rect: one query for the whole new loaded rect.
            log.rects = []
            viewport.scroll(to: Point(x: 5000, y: 4000))
            #expect(log.rects == [viewport.loadedRect])
            // Standing still: no strip at all.
            log.rects = []
            viewport.scroll(to: Point(x: 5000, y: 4000))
            #expect(log.rects.isEmpty)
        }
    }

    /// A strip's look-ahead shows where the next row begins: the frames after it ask nothing
    /// until the loaded rect reaches that row, and the one that reaches it asks again. Down
    /// and then up, on a grid of 30-point rows.
    @Test func framesAskNothingUntilTheLoadedRectReachesTheNextRow() throws {
        let log = Log()
        var viewport = try grid(scans: false, log: log)
        viewport.scroll(to: Point(x: 0, y: 3000))
        viewport.scroll(to: Point(x: 0, y: 3001))
        // That frame asked below with a look-ahead, which reaches the next row.
        let known = viewport.loadedRect
        #expect((known.maxY / 30).rounded(.up) * 30 < known.maxY + known.height / 8)
        var y = 3001.0
        // 150 points down is five rows.
        #expect(stepAcrossRows(&viewport, log: log, from: &y, by: 0.75) == 5)
        // Turning back up: the first step asks above with a look-ahead, then five rows up.
        y -= 0.75
        viewport.scroll(to: Point(x: 0, y: y))
        #expect(stepAcrossRows(&viewport, log: log, from: &y, by: -0.75) == 5)
        // A layout whose queries scan everything is asked on every frame that moves, as
        // before the look-ahead.
        let scanLog = Log()
        var scanning = try grid(scans: true, log: scanLog)
        scanning.scroll(to: Point(x: 0, y: 3000))
        for step in 1...40 {
            scanLog.rects = []
            scanning.scroll(to: Point(x: 0, y: 3000 + 0.75 * Double(step)))
            #expect(scanLog.rects.count == 1, "step \(step)")
        }
    }

    /// Steps `viewport` 200 times by `step` along y from `y` and returns how many frames
    /// asked. Rows begin every 30 points, so the loaded rect's leading edge (its maxY going
    /// down, its minY going up) reaches a new row when it passes a multiple of 30: that
    /// frame must ask for one strip across that boundary, and every other frame nothing.
    private func stepAcrossRows(
        _ viewport: inout Viewport<Counting<UniformGrid>>, log: Log, from y: inout Double, by step: Double
    ) -> Int {
        func edge(_ rect: Rect) -> Double { step > 0 ? rect.maxY : rect.minY }
        func boundary(beyond edge: Double) -> Double { ((edge / 30).rounded(step > 0 ? .up : .down)) * 30 }
        var next = boundary(beyond: edge(viewport.loadedRect))
        var asked = 0
        for _ in 0..<200 {
            y += step
            log.rects = []
            viewport.scroll(to: Point(x: 0, y: y))
            let reached = edge(viewport.loadedRect)
            if step > 0 ? reached > next : reached < next {
                #expect(log.rects.count == 1 && log.rects[0].minY < next && log.rects[0].maxY > next, "y \(y)")
                asked += 1
                next = boundary(beyond: reached)
            } else {
                #expect(log.rects.isEmpty, "y \(y): \(log.rects)")
            }
        }
        return asked
    }

    /// A diagonal drag keeps what the look-ahead showed while it moves across by less than
    /// the look-ahead: a frame asks only when the loaded rect reaches a new row or column,
    /// or has moved across past what a stretch covers. Half a point a frame each way, over
    /// 50 × 30-point cells, each frame checked against a full query.
    @Test func aDiagonalDragAsksOnlyAtNewRowsAndColumns() throws {
        let log = Log()
        var viewport = try grid(scans: false, log: log)
        var full = try grid(scans: false, log: Log())
        full.scrollsIncrementally = false
        var point = Point(x: 1000, y: 1000)
        viewport.scroll(to: point)
        full.scroll(to: point)
        let start = viewport.loadedRect
        let aheadX = start.width / 8, aheadY = start.height / 8
        var asked = 0
        for frame in 0..<200 {
            point = Point(x: point.x + 0.5, y: point.y + 0.5)
            log.rects = []
            #expect(viewport.scroll(to: point) == full.scroll(to: point), "frame \(frame)")
            #expect(viewport.loadedElements == full.loadedElements, "frame \(frame)")
            if !log.rects.isEmpty { asked += 1 }
        }
        // 100 points each way: rows begin every 30 (below) and columns every 50 (right), and
        // each side's stretch is renewed at the latest when the rect has moved across by its
        // look-ahead; the first frame learns both sides.
        let end = viewport.loadedRect
        let rows = Int((end.maxY / 30).rounded(.down) - (start.maxY / 30).rounded(.down))
        let columns = Int((end.maxX / 50).rounded(.down) - (start.maxX / 50).rounded(.down))
        let renewals = Int((100 / aheadX).rounded(.up) + (100 / aheadY).rounded(.up))
        #expect(asked <= 1 + rows + columns + renewals, "asked \(asked) of 200")
        #expect(asked < 20, "asked \(asked) of 200")
    }

    /// Seeded random walks (small steps in any direction, some jumps, some corrupt
    /// samples) over a two-axis grid, a tile grid with pinned headers, and a waterfall whose
    /// frames are not in ID order by position: after every frame the incremental viewport
    /// holds exactly the full one's set, tiles included.
    @Test(arguments: [0, 1, 2])
    func randomWalksMatchFullQueries(layout: Int) throws {
        var random = SeededRandom(seed: 42 &+ UInt64(layout))
        switch layout {
        case 0:
            try walk(UniformGrid(cell: Size(width: 50, height: 30), axes: .both), DataShape(sections: 200, itemsPerSection: 150), both: true, &random)
        case 1:
            // CHGridView's grid: 22-point section titles, pinned.
            let grid = TileGrid()
            #expect(try Viewport(layout: grid, data: DataShape(sections: 2, itemsPerSection: 3), size: Size(width: 320, height: 480)).pinsSectionHeaders)
            try walk(grid, DataShape(sections: 96, itemsPerSection: 31), both: false, &random)
        default:
            let sizes = (0..<3000).map { Size(width: 100, height: 40 + Double(($0 * 37) % 300)) }
            try walk(Waterfall(), DataShape(itemCounts: [3000], itemSizes: sizes), both: false, &random)
        }
    }

    private func walk<L: GridLayout>(_ layout: L, _ data: DataShape, both: Bool, _ random: inout SeededRandom) throws {
        var full = try Viewport(layout: layout, data: data, size: Size(width: 320, height: 480))
        full.scrollsIncrementally = false
        var incremental = try Viewport(layout: layout, data: data, size: Size(width: 320, height: 480))
        var point = Point(x: 0, y: 0)
        var changing = 0
        for frame in 0..<3000 {
            let roll = random.next() % 100
            if roll < 3 {
                point = Point(x: both ? Double(random.next() % 8000) : 0, y: Double(random.next() % 20000))
            } else if roll < 4 {
                point = Point(x: .nan, y: point.y)
            } else {
                let dy = Double(Int(random.next() % 141) - 70)
                let dx = both ? Double(Int(random.next() % 61) - 30) : 0
                point = Point(x: point.x.isFinite ? point.x + dx : dx, y: point.y + dy)
            }
            let expected = full.scroll(to: point)
            let report = incremental.scroll(to: point)
            if report.entered + report.left > 0 { changing += 1 }
            #expect(report == expected, "frame \(frame)")
            #expect(incremental.loadedElements == full.loadedElements, "frame \(frame)")
            if report != expected || incremental.loadedElements != full.loadedElements { return }
        }
        #expect(changing > 300)
    }
}
