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

    /// What a sink kept: everything a cache reads from it, and the cell slots it wrote.
    struct Kept: Equatable {
        var count: Int
        var stop: ElementSink.Stop?
        var frames: [Rect]
        var ids: [ElementID]
        var bandStarts: [Int32]
        var others: [Int32]
        var tall: [[Int]]
        var bandWidths: [Double]
        var slots: [Int32]
    }

    /// Runs `body` with a sink over fresh arrays of `capacity` and a cell slot table for
    /// sections of `counts` items, then hands back all it kept, `finish()` included.
    func keep(
        capacity: Int, counts: [Int], bandExtent: Double = 10, bandCount: Int = 5, sortsAcross: Bool = true,
        _ body: (inout ElementSink) -> Void
    ) -> Kept {
        var frames = [Rect](repeating: .zero, count: capacity)
        var ids = [ElementID](repeating: ElementID(rawValue: 0), count: capacity)
        var starts: [Int] = []
        var total = 0
        for count in counts {
            starts.append(total)
            total += count
        }
        var slots = [Int32](repeating: -1, count: total + 1)
        // One more of each than the table reads, so that no buffer is empty.
        let startsStorage = starts + [total], countsStorage = counts + [0]
        var result: ElementSink?
        frames.withUnsafeMutableBufferPointer { frames in
            ids.withUnsafeMutableBufferPointer { ids in
                slots.withUnsafeMutableBufferPointer { slots in
                    startsStorage.withUnsafeBufferPointer { starts in
                        countsStorage.withUnsafeBufferPointer { countsPointer in
                            let table = CellSlotTable(
                                slots: slots.baseAddress!, sectionStarts: starts.baseAddress!, itemCounts: countsPointer.baseAddress!,
                                sectionCount: counts.count)
                            var sink = ElementSink(
                                frames: frames.baseAddress!, ids: ids.baseAddress!, capacity: capacity,
                                geometry: BandGeometry(bandExtent: bandExtent, bandCount: bandCount), alongX: false, sortsAcross: sortsAcross,
                                table: table)
                            body(&sink)
                            sink.finish()
                            result = sink
                        }
                    }
                }
            }
        }
        let sink = result!
        // Nothing is written past the table.
        #expect(slots[total] == -1)
        return Kept(
            count: sink.count, stop: sink.stop, frames: Array(frames.prefix(sink.count)), ids: Array(ids.prefix(sink.count)),
            bandStarts: sink.bandStarts, others: sink.others, tall: sink.tall.map { [Int($0.position), $0.first, $0.last] },
            bandWidths: sink.bandWidths, slots: Array(slots.prefix(total)))
    }

    @Test func theCachesBookkeepingIsDoneAsElementsComeWorkedByHand() {
        // Bands of 10, 5 of them. Sections of 2 and 1 items: cell (0, 0) has slot 0, (0, 1)
        // slot 1, (1, 0) slot 2.
        let kept = keep(capacity: 8, counts: [2, 1]) { sink in
            // Band 0, out of x order: sorted when the band ends into header (x 0), cell
            // (0, 1) (x 4), cell (0, 0) (x 6).
            sink.append(.cell, ItemPath(section: 0, item: 0), Rect(x: 6, y: 0, width: 3, height: 5))
            sink.append(.sectionHeader, ItemPath(section: 0, item: 0), Rect(x: 0, y: 1, width: 2, height: 5))
            sink.append(.cell, ItemPath(section: 0, item: 1), Rect(x: 4, y: 2, width: 7, height: 5))
            // Band 1: a cell reaching y 45, band 4, three past its first: tall.
            sink.append(.cell, ItemPath(section: 1, item: 0), Rect(x: 0, y: 10, width: 1, height: 35))
            // Band 2: a cell the data does not hold (section 2), and a footer ending exactly
            // at 40, whose last band is 3 (its far edge is excluded): not tall, one band on.
            sink.append(.cell, ItemPath(section: 2, item: 0), Rect(x: 0, y: 20, width: 4, height: 5))
            sink.append(.sectionFooter, ItemPath(section: 1, item: 0), Rect(x: 5, y: 20, width: 9, height: 20))
        }
        #expect(kept.stop == nil && kept.count == 6)
        #expect(kept.ids.map(\.kind) == [.sectionHeader, .cell, .cell, .cell, .cell, .sectionFooter])
        #expect(kept.slots == [2, 1, 3])
        #expect(kept.others == [0, 5])
        #expect(kept.tall == [[3, 1, 4]])
        #expect(kept.bandWidths == [7, 1, 9, 0, 0])
        #expect(kept.bandStarts == [0, 3, 4, 6, 6, 6])
    }

    @Test func aRowOfCellsByHand() {
        // Sections of 3 and 2 items. A header row (items along), then a row of section 0's
        // cells with a zero-width one left out, then a transposed row (sections along).
        let xs: [Double] = [0, 10, 20], widths: [Double] = [10, 0, 10]
        let kept = keep(capacity: 8, counts: [3, 2], bandExtent: 10, bandCount: 4) { sink in
            xs.withUnsafeBufferPointer { xs in
                widths.withUnsafeBufferPointer { widths in
                    sink.appendRow(.columnHeader, from: ItemPath(section: 0, item: 0), along: .items, y: 0, height: 5, xs: xs, widths: widths)
                    sink.appendRow(.cell, from: ItemPath(section: 0, item: 0), along: .items, y: 10, height: 5, xs: xs, widths: widths)
                    sink.appendRow(.cell, from: ItemPath(section: 0, item: 1), along: .sections, y: 20, height: 5, xs: xs, widths: widths)
                }
            }
        }
        #expect(kept.stop == nil && kept.count == 6)
        #expect(kept.frames == [
            Rect(x: 0, y: 0, width: 10, height: 5), Rect(x: 20, y: 0, width: 10, height: 5),
            Rect(x: 0, y: 10, width: 10, height: 5), Rect(x: 20, y: 10, width: 10, height: 5),
            // (0, 1) and (2, 1): section 2 is not in the data, so it has no slot.
            Rect(x: 0, y: 20, width: 10, height: 5), Rect(x: 20, y: 20, width: 10, height: 5),
        ])
        #expect(kept.ids == [
            ElementID(kind: .columnHeader, path: ItemPath(section: 0, item: 0)), ElementID(kind: .columnHeader, path: ItemPath(section: 0, item: 2)),
            ElementID(kind: .cell, path: ItemPath(section: 0, item: 0)), ElementID(kind: .cell, path: ItemPath(section: 0, item: 2)),
            ElementID(kind: .cell, path: ItemPath(section: 0, item: 1)), ElementID(kind: .cell, path: ItemPath(section: 2, item: 1)),
        ])
        // Slots: (0, 0) → 2, (0, 1) → 4, (0, 2) → 3, (1, 0) and (1, 1) never written.
        #expect(kept.slots == [2, 4, 3, -1, -1])
        #expect(kept.others == [0, 1])
        #expect(kept.bandStarts == [0, 2, 4, 6, 6])
        #expect(kept.bandWidths == [10, 10, 10, 0])
    }

    /// A row keeps exactly what appending its elements one by one keeps, whatever comes:
    /// rows out of x order or sharing an x, zero widths, rows taller than two bands, rows
    /// that do not fit, paths at and past ElementID's limits, bands going back. Checked on
    /// seeded random sequences of rows and single elements, both kinds of step, with and
    /// without the sort across.
    @Test func aRowKeepsWhatAppendingItsElementsOneByOneKeeps() {
        var random = SeededRandom(seed: 0x5EED_2026)
        var shortcuts = 0
        for round in 0..<400 {
            let capacity = random.integer(4...40)
            let counts = (0..<random.integer(0...4)).map { _ in random.integer(0...6) }
            let sortsAcross = random.integer(0...3) > 0
            struct Row {
                var kind: ElementKind, first: ItemPath, step: ElementSink.RowStep, y: Double, height: Double, xs: [Double], widths: [Double]
            }
            var rows: [Row] = []
            var y = 0.0
            for _ in 0..<random.integer(1...8) {
                let count = random.integer(0...6)
                var x = random.uniform(-5...5)
                var xs: [Double] = [], widths: [Double] = []
                for _ in 0..<count {
                    xs.append(x)
                    widths.append(random.integer(0...5) == 0 ? 0 : random.uniform(1...9).rounded())
                    // Mostly rising; sometimes the same x, sometimes back.
                    switch random.integer(0...9) {
                    case 0: x -= 3
                    case 1: break
                    default: x += (widths.last ?? 0) + 1
                    }
                }
                let far = random.integer(0...19) == 0
                let first: ItemPath =
                    far
                    ? ItemPath(section: random.integer(0...1) == 0 ? (1 << 28) - 2 : -1, item: random.integer(0...1) == 0 ? (1 << 32) - 3 : 0)
                    : ItemPath(section: random.integer(0...4), item: random.integer(0...5))
                // Mostly down the content; sometimes back up a band, sometimes in the same one.
                switch random.integer(0...9) {
                case 0: y = max(0, y - 10)
                case 1: break
                default: y += random.uniform(0...12).rounded()
                }
                let height = random.integer(0...9) == 0 ? random.uniform(20...40) : random.uniform(0...10).rounded()
                let kinds: [ElementKind] = [.cell, .cell, .cell, .columnHeader, .sectionHeader]
                rows.append(Row(
                    kind: kinds[random.integer(0...kinds.count - 1)], first: first,
                    step: random.integer(0...2) == 0 ? .sections : .items, y: y, height: height, xs: xs, widths: widths))
            }
            let byRows = keep(capacity: capacity, counts: counts, bandCount: 6, sortsAcross: sortsAcross) { sink in
                for row in rows {
                    row.xs.withUnsafeBufferPointer { xs in
                        row.widths.withUnsafeBufferPointer { widths in
                            sink.appendRow(row.kind, from: row.first, along: row.step, y: row.y, height: row.height, xs: xs, widths: widths)
                        }
                    }
                }
            }
            let oneByOne = keep(capacity: capacity, counts: counts, bandCount: 6, sortsAcross: sortsAcross) { sink in
                for row in rows {
                    var path = row.first
                    for (x, width) in zip(row.xs, row.widths) {
                        sink.append(row.kind, path, Rect(x: x, y: row.y, width: width, height: row.height))
                        if row.step == .items { path.item += 1 } else { path.section += 1 }
                    }
                }
            }
            #expect(byRows == oneByOne, "round \(round)")
            if byRows.count > 0 && byRows.stop == nil { shortcuts += 1 }
        }
        // The rounds exercise rows that are written, not only ones that stop at once.
        #expect(shortcuts > 100)
    }
}

