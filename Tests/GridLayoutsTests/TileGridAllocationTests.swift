import GridCore
import GridLayouts
import GridTestSupport
import Testing

/// Allocation counts (deterministic, unlike time): the rect query allocates nothing once
/// the buffer has grown, and `prepare` keeps O(sections) memory however many tiles.
@Suite("TileGrid allocations")
struct TileGridAllocationTests {
    /// The malloc interposer is linked into this test executable and counting; without it
    /// every count below would pass vacuously.
    @Test func allocationCounterIsActive() {
        #expect(AllocationCount.isAvailable)
        let (_, count) = AllocationCount.measure { [Int](repeating: 7, count: 100).count }
        #expect(count.allocations >= 1)
        #expect(count.allocatedBytes >= 800)
    }

    @Test func rectQueryIntoABufferWithCapacityAllocatesNothing() throws {
        try #require(AllocationCount.isAvailable)
        let data = try DataShape(sections: 96, itemsPerSection: 31)
        let grid = try preparedGrid(.chGridView, data: data)
        var buffer: [LayoutAttributes] = []
        buffer.reserveCapacity(4096)
        let rects = [
            Rect(x: 0, y: 0, width: 320, height: 480),  // a screen
            Rect(x: 0, y: 30_000, width: 320, height: 480 + 8 * 79),  // a screen plus 4 rows each side
            grid.contentBounds,  // all 3,072 elements
            Rect(x: 100, y: 100, width: 0, height: 0),  // nothing
            Rect(x: .nan, y: 0, width: 1, height: 1),
        ]
        for rect in rects {
            buffer.removeAll(keepingCapacity: true)
            let (_, count) = AllocationCount.measure { grid.elements(in: rect, into: &buffer) }
            #expect(count.allocations == 0, "elements(in: \(rect)) allocated: \(count)")
        }
        // The last full query filled the buffer: it really did the work.
        buffer.removeAll(keepingCapacity: true)
        grid.elements(in: grid.contentBounds, into: &buffer)
        #expect(buffer.count == 96 * 31 + 96)
    }

    @Test func perItemQueriesAllocateNothing() throws {
        try #require(AllocationCount.isAvailable)
        var centred = TileGrid.Configuration.chGridView
        centred.centersItems = true
        let data = try DataShape(itemCounts: [10, 3], itemSizes: (0..<13).map { Size(width: Double(10 * $0 + 1), height: 50) })
        let grid = try preparedGrid(centred, data: data)
        var found = 0
        let (_, count) = AllocationCount.measure {
            for item in -1...11 {
                if grid.attributes(at: ItemPath(section: 0, item: item)) != nil { found += 1 }
            }
            for section in -1...2 {
                if grid.supplementary(.sectionHeader, section: section) != nil { found += 1 }
            }
        }
        #expect(count.allocations == 0, "\(count)")
        #expect(found == 10 + 2)
    }

    /// 322,581 sections of 31 tiles is 10,000,011 tiles. `prepare` keeps one Double per
    /// section (the section tops), so what it leaves allocated must be a small multiple of
    /// sections × 8 bytes, and the same as for 322,581 sections of one tile each.
    @Test func prepareAtTenMillionTilesKeepsMemoryPerSection() throws {
        try #require(AllocationCount.isAvailable)
        let sections = 322_581
        let big = try DataShape(sections: sections, itemsPerSection: 31)
        let small = try DataShape(sections: sections, itemsPerSection: 1)
        #expect(big.totalItems == 10_000_011)

        var grid = TileGrid()
        let (_, bigCount) = try AllocationCount.measure { try grid.prepare(data: big, container: Size(width: 320, height: 480)) }
        var other = TileGrid()
        let (_, smallCount) = try AllocationCount.measure { try other.prepare(data: small, container: Size(width: 320, height: 480)) }

        // What prepare leaves allocated: the section tops, (sections + 1) · 8 bytes, and at
        // most as much again; far below one byte per tile (10,000,011 bytes). It allocates the
        // tops in one go; what it leaves may be a few bytes less when a small block from
        // before is freed on the way (a CI run freed 56 bytes), hence the same 4 KiB margin
        // as below: not keeping the tops would leave about nothing.
        let tops = (sections + 1) * 8
        let bound = 2 * sections * 8
        #expect(bigCount.allocatedBytes >= tops, "\(bigCount)")
        #expect(bigCount.netBytes >= tops - 4_096 && bigCount.netBytes < bound, "\(bigCount); bound \(bound)")
        // Independent of the item count: 31 tiles per section cost what 1 does, in what is
        // kept and in what is allocated on the way. (Debug builds allocate transiently while
        // iterating an array with for-in, once per section, freed at once; release builds
        // do not. Neither depends on the items.)
        // Byte counts are malloc_usable_size, which can exceed the request by a few bytes
        // depending on which free chunk glibc hands out; a per-item cost would show as
        // megabytes (a byte per tile is 10 MB here), so a 64 KiB margin keeps the test sharp
        // (4 KiB was exceeded once by what was allocated on the way: 4,400 bytes, with the
        // whole suite running beside it).
        #expect(abs(bigCount.netBytes - smallCount.netBytes) <= 65_536, "\(bigCount) vs \(smallCount)")
        #expect(abs(bigCount.allocatedBytes - smallCount.allocatedBytes) <= 65_536, "\(bigCount) vs \(smallCount)")
        #expect(bigCount.allocations == smallCount.allocations, "\(bigCount) vs \(smallCount)")

        // It is really laid out: 322,581 · 658 = 212,258,298 high; the last tile, item 30 of
        // section 322,580, at y = 322,580 · 658 + 579 = 212,257,640 + 579 = 212,258,219.
        #expect(grid.contentSize == Size(width: 320, height: 212_258_298))
        let last = ItemPath(section: sections - 1, item: 30)
        #expect(grid.attributes(at: last)?.frame == Rect(x: 162, y: 212_258_219, width: 75, height: 75))
        #expect(grid.attributes(at: ItemPath(section: sections, item: 0)) == nil)

        // A screen deep in the content, without allocating, against the brute force over the
        // sections it can reach. Section 200,000 starts at 200,000 · 658 = 131,600,000.
        var buffer: [LayoutAttributes] = []
        buffer.reserveCapacity(256)
        let screen = Rect(x: 0, y: 131_600_000 - 200, width: 320, height: 480)
        let (_, queryCount) = AllocationCount.measure { grid.elements(in: screen, into: &buffer) }
        #expect(queryCount.allocations == 0, "\(queryCount)")
        var expected: [ElementID] = []
        for section in 199_998...200_001 {
            if let header = grid.supplementary(.sectionHeader, section: section), header.frame.intersects(screen) {
                expected.append(header.id)
            }
            for item in 0..<31 {
                if let cell = grid.attributes(at: ItemPath(section: section, item: item)), cell.frame.intersects(screen) {
                    expected.append(cell.id)
                }
            }
        }
        #expect(buffer.map(\.id).sorted() == expected.sorted())
        // By hand, y from 131,599,800 to 131,600,280: section 199,999 starts at 131,599,342,
        // its rows at 131,599,368 + 79·r; rows 5 (…763–838), 6 and 7 reach into the screen,
        // row 4 (…684–759) does not: items 20…30, 11 tiles. Section 200,000: its header
        // (…000–022) and rows r with 26 + 79·r < 280, r = 0…3: 16 tiles. 28 in all.
        #expect(buffer.count == 28)
        #expect(Set(buffer.map(\.path.section)) == [199_999, 200_000])
    }
}
