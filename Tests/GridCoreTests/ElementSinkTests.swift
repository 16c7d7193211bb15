import GridCore
import Testing

/// The band geometry and the sink a ``ScrollOrderedEnumeration`` writes into, worked by hand.
@Suite struct ElementSinkTests {
    @Test func bandsByHand() {
        // Bands of 10 along the axis, 5 of them: [0, 10) is band 0, …, [40, ∞) band 4.
        let geometry = BandGeometry(bandExtent: 10, bandCount: 5)
        #expect(geometry.bandCount == 5 && geometry.lastBand == 4 && geometry.inverseExtent == 0.1)
        #expect(geometry.band(of: -1) == 0)
        #expect(geometry.band(of: 0) == 0)
        #expect(geometry.band(of: 9.99) == 0)
        #expect(geometry.band(of: 10) == 1)
        #expect(geometry.band(of: 45) == 4)
        #expect(geometry.band(of: 1_000) == 4)
        #expect(geometry.band(of: .nan) == 0)
        #expect(geometry.band(of: .infinity) == 4)
        #expect(BandGeometry(bandExtent: 1, bandCount: 0).bandCount == 1)
    }

    /// Runs `body` with a sink over fresh arrays of `capacity`, then hands back what it wrote.
    func withSink(
        capacity: Int, sortsAcross: Bool = true, _ body: (inout ElementSink) -> Void
    ) -> (sink: ElementSink, frames: [Rect], ids: [ElementID]) {
        var frames = [Rect](repeating: .zero, count: capacity)
        var ids = [ElementID](repeating: ElementID(rawValue: 0), count: capacity)
        var result: ElementSink?
        frames.withUnsafeMutableBufferPointer { frames in
            ids.withUnsafeMutableBufferPointer { ids in
                var sink = ElementSink(
                    frames: frames.baseAddress!, ids: ids.baseAddress!, capacity: capacity,
                    geometry: BandGeometry(bandExtent: 10, bandCount: 5), alongX: false, sortsAcross: sortsAcross)
                body(&sink)
                result = sink
            }
        }
        let sink = result!
        return (sink, Array(frames.prefix(sink.count)), Array(ids.prefix(sink.count)))
    }

    @Test func writesInOrderAndRecordsWhereBandsStart() {
        let (sink, frames, ids) = withSink(capacity: 4) { sink in
            sink.append(.cell, ItemPath(section: 0, item: 0), Rect(x: 0, y: 0, width: 5, height: 5))  // band 0
            sink.append(.cell, ItemPath(section: 0, item: 1), Rect(x: 5, y: 0, width: 5, height: 5))  // band 0, right of it
            sink.append(.cell, ItemPath(section: 0, item: 2), Rect(x: 9, y: 1, width: 0, height: 5))  // no width: left out
            sink.append(.sectionHeader, ItemPath(section: 1, item: 0), Rect(x: 0, y: 25, width: 10, height: 3))  // band 2
            sink.finish()
        }
        #expect(sink.stop == nil && !sink.isStopped)
        #expect(sink.count == 3)
        #expect(frames == [Rect(x: 0, y: 0, width: 5, height: 5), Rect(x: 5, y: 0, width: 5, height: 5), Rect(x: 0, y: 25, width: 10, height: 3)])
        #expect(ids == [
            ElementID(kind: .cell, path: ItemPath(section: 0, item: 0)), ElementID(kind: .cell, path: ItemPath(section: 0, item: 1)),
            ElementID(kind: .sectionHeader, path: ItemPath(section: 1, item: 0)),
        ])
        // Band 0 holds positions 0..<2, band 1 none, band 2 position 2, bands 3 and 4 none.
        #expect(sink.bandStarts == [0, 2, 2, 3, 3, 3])
    }

    @Test func aBandBeforeTheLastStops() {
        let (sink, _, ids) = withSink(capacity: 4) { sink in
            sink.append(.cell, ItemPath(section: 0, item: 0), Rect(x: 0, y: 12, width: 5, height: 5))  // band 1
            sink.append(.cell, ItemPath(section: 0, item: 1), Rect(x: 0, y: 3, width: 5, height: 5))  // band 0: out of order
            sink.append(.cell, ItemPath(section: 0, item: 2), Rect(x: 0, y: 30, width: 5, height: 5))  // ignored
        }
        #expect(sink.stop == .outOfOrder && sink.isStopped)
        #expect(ids.count == 1)
    }

    @Test func withinABandTwoAxisContentIsSortedByXThenID() {
        // Sorted across: a band whose elements come out of x-then-ID order is sorted when it
        // ends. Band 0 gets x 5, 0, 5 (ID 2 before 1 at x 5), 0 again with a lower ID.
        let (sink, frames, ids) = withSink(capacity: 6) { sink in
            sink.append(.cell, ItemPath(section: 0, item: 2), Rect(x: 5, y: 0, width: 5, height: 5))
            sink.append(.cell, ItemPath(section: 0, item: 3), Rect(x: 0, y: 2, width: 5, height: 5))
            sink.append(.cell, ItemPath(section: 0, item: 1), Rect(x: 5, y: 4, width: 5, height: 5))
            sink.append(.sectionHeader, ItemPath(section: 0, item: 0), Rect(x: 0, y: 6, width: 5, height: 5))
            sink.append(.cell, ItemPath(section: 1, item: 0), Rect(x: 3, y: 10, width: 5, height: 5))  // band 1
            sink.finish()
        }
        #expect(sink.stop == nil && sink.count == 5)
        // x 0: the header (kind 0) before cell (0, 3); x 5: cell (0, 1) before (0, 2).
        #expect(ids == [
            ElementID(kind: .sectionHeader, path: ItemPath(section: 0, item: 0)), ElementID(kind: .cell, path: ItemPath(section: 0, item: 3)),
            ElementID(kind: .cell, path: ItemPath(section: 0, item: 1)), ElementID(kind: .cell, path: ItemPath(section: 0, item: 2)),
            ElementID(kind: .cell, path: ItemPath(section: 1, item: 0)),
        ])
        #expect(frames.map(\.minY) == [6, 2, 4, 0, 10])
        #expect(sink.bandStarts == [0, 4, 5, 5, 5, 5])
        // Scrolling one way only, the order within a band is left as it came.
        let oneAxis = withSink(capacity: 4, sortsAcross: false) { sink in
            sink.append(.cell, ItemPath(section: 0, item: 1), Rect(x: 5, y: 0, width: 5, height: 5))
            sink.append(.cell, ItemPath(section: 0, item: 0), Rect(x: 0, y: 2, width: 5, height: 5))
            sink.finish()
        }
        #expect(oneAxis.sink.stop == nil && oneAxis.ids.map(\.item) == [1, 0])
    }

    @Test func fullAndPathsOutOfRangeStop() {
        let full = withSink(capacity: 1) { sink in
            sink.append(.cell, ItemPath(section: 0, item: 0), Rect(x: 0, y: 0, width: 5, height: 5))
            sink.append(.cell, ItemPath(section: 0, item: 1), Rect(x: 5, y: 0, width: 5, height: 5))
        }
        #expect(full.sink.stop == .full && full.sink.count == 1)
        let negative = withSink(capacity: 2) { sink in
            sink.append(.cell, ItemPath(section: -1, item: 0), Rect(x: 0, y: 0, width: 5, height: 5))
        }
        #expect(negative.sink.stop == .pathOutOfRange(ItemPath(section: -1, item: 0)) && negative.sink.count == 0)
        // 2²⁸ sections is one more than an ID holds; 2³² − 1 items is the most it holds.
        let tooFar = withSink(capacity: 2) { sink in
            sink.append(.cell, ItemPath(section: 0, item: (1 << 32) - 1), Rect(x: 0, y: 0, width: 5, height: 5))
            sink.append(.cell, ItemPath(section: 1 << 28, item: 0), Rect(x: 5, y: 0, width: 5, height: 5))
        }
        #expect(tooFar.sink.stop == .pathOutOfRange(ItemPath(section: 1 << 28, item: 0)) && tooFar.sink.count == 1)
    }
}
