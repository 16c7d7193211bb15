import GridCore
import GridLayouts
import GridStrategies
import GridViewport
import Testing

/// In several columns one offset cannot hold every column still: a measurement above the
/// screen moves only its own column's cells. What each policy implies, worked out from the
/// sizes alone: in a waterfall of `stable` lanes with one estimate, item `m` lies in column
/// `m mod k`, so a frame moves it in the content by the growth of the items measured this
/// frame before it in its column, `Δ(m) = Σ (after − before)` over `j < m`, `j ≡ m (mod k)`,
/// and on screen by `|Δ(m) − c|`, `c` the frame's correction (0 under `none`). No other
/// cell moves, none by more; the cell `first-visible` anchors does not move at all. Checked
/// frame by frame against the viewport's own count, which compares loaded frames instead.
@Suite struct MultiColumnDisplacementTests {
    static let columns = 3
    static let count = 360
    static let size = Size(width: 330, height: 480)
    static let estimate = 100.0

    /// A jump to the middle, then up (measuring the cells above the screen), then down.
    static var trace: [Double] {
        [0, 12_000] + (1...90).map { 12_000 - Double($0) * 37 } + (1...40).map { 8_670 + Double($0) * 61 }
    }

    static func layout() -> Waterfall {
        Waterfall(Waterfall.Configuration(columns: columns, itemSizing: .heights, estimated: .itemHeight(estimate), lanes: .stable))
    }

    /// Every item's frame in a fresh waterfall given `data`, by item.
    static func frames(_ data: DataShape) throws -> [Rect] {
        var layout = layout()
        try layout.prepare(data: data, container: size)
        return try (0..<count).map { try #require(layout.attributes(at: ItemPath(section: 0, item: $0))).frame }
    }

    @Test(arguments: AnchorPolicy.allCases)
    func eachCellMovesByItsColumnsGrowthNetOfTheCorrection(anchor: AnchorPolicy) throws {
        var random = SeededRandom(seed: 2810)
        let heights = (0..<Self.count).map { _ in Size(width: 1, height: Double(random.integer(40...200))) }
        let truth = try DataShape(itemCounts: [Self.count], itemSizes: heights)
        let estimated = try DataShape(itemCounts: [Self.count], itemSizes: Array(repeating: Size(width: 1, height: Self.estimate), count: Self.count))
        var viewport = try Viewport(layout: Self.layout(), data: estimated, size: Self.size)
        try viewport.startMeasuring(trueSizes: truth, anchor: anchor)

        var moved = 0, largest = 0.0
        var before: (data: DataShape, offset: Double)?
        for (index, y) in Self.trace.enumerated() {
            viewport.scrollMeasuring(to: Point(x: 0, y: y))
            let frame = try #require(viewport.lastMeasuringFrame)
            let after = (data: viewport.data, offset: viewport.offset.y)
            defer { before = after }
            guard let before else { continue }
            let old = try Self.frames(before.data), new = try Self.frames(after.data)
            let oldSizes = try #require(before.data.itemSizes), newSizes = try #require(after.data.itemSizes)
            let oldScreen = Rect(x: 0, y: before.offset, width: Self.size.width, height: Self.size.height)
            let newScreen = Rect(x: 0, y: after.offset, width: Self.size.width, height: Self.size.height)
            var expectedMax = 0.0, expectedTotal = 0.0
            var growth = [Double](repeating: 0, count: Self.columns)
            for item in 0..<Self.count {
                let column = item % Self.columns
                #expect(new[item].minX == old[item].minX, "item \(item) changed column")
                // Δ(m): what was measured before it in its column, this frame.
                #expect(new[item].minY - old[item].minY == growth[column], "frame \(index), item \(item)")
                if old[item].intersects(oldScreen) && new[item].intersects(newScreen) {
                    let displacement = abs(growth[column] - frame.correction)
                    expectedMax = max(expectedMax, displacement)
                    expectedTotal += displacement
                }
                growth[column] += newSizes[item].height - oldSizes[item].height
            }
            #expect(frame.maxDisplacement == expectedMax, "\(anchor.rawValue), frame \(index)")
            #expect(abs(frame.totalDisplacement - expectedTotal) < 1e-9, "\(anchor.rawValue), frame \(index)")
            if expectedMax > 0 { moved += 1 }
            largest = max(largest, expectedMax)
        }
        // The trace does make cells above the screen grow under the screen in some frames.
        #expect(moved > 0, "\(anchor.rawValue)")
        #expect(viewport.measurementSummary?.maxDisplacement == largest)
    }
}
