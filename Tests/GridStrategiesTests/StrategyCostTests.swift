import GridCore
import GridLayouts
import GridStrategies
import GridTestSupport
import Testing

/// What each strategy costs in allocations and memory: counted, not timed.
@Suite struct StrategyCostTests {
    static let chGridView = Size(width: 320, height: 480)

    /// A rect query into a buffer that has grown allocates nothing, for every strategy.
    @Test func rectQueriesDoNotAllocate() throws {
        try #require(AllocationCount.isAvailable)
        let data = try DataShape(sections: 96, itemsPerSection: 31)
        let layouts = try #require(try prepared(TileGrid(), data, Self.chGridView))
        for (name, layout) in layouts {
            var buffer: [LayoutAttributes] = []
            buffer.reserveCapacity(256)
            // The loaded region of each frame of a scroll through the whole grid: the
            // viewport plus 4 rows above and beneath. The first pass warms up (the
            // runtime instantiates generic metadata on first use).
            func scroll() -> Int {
                var total = 0
                var y = -400.0
                while y < layout.contentSize.height {
                    buffer.removeAll(keepingCapacity: true)
                    layout.elements(in: Rect(x: 0, y: y - 316, width: 320, height: 480 + 632), into: &buffer)
                    total += buffer.count
                    y += 13.7
                }
                return total
            }
            let warmUp = scroll()
            let (total, count) = AllocationCount.measure { scroll() }
            #expect(total == warmUp && total > 4_000 * 50, "\(name): \(total) elements")
            #expect(count.allocations == 0, "\(name): \(count)")
        }
    }

    /// The cached strategy keeps at most 56 bytes per element (issue 2's budget), measured
    /// as the bytes its prepare leaves allocated.
    @Test(arguments: [96, 3_226])
    func cachedRetainsAtMost56BytesPerElement(sections: Int) throws {
        try #require(AllocationCount.isAvailable)
        let data = try DataShape(sections: sections, itemsPerSection: 31)
        var layout = CachedLayout(TileGrid())
        let (_, count) = try AllocationCount.measure {
            try layout.prepare(data: data, container: Self.chGridView)
        }
        let elements = layout.cachedElementCount
        #expect(elements == sections * 32)  // 31 tiles and a header per section
        let perElement = Double(count.netBytes) / Double(elements)
        #expect(perElement <= 56, "\(count) for \(elements) elements: \(perElement) bytes each")
        #expect(perElement >= 40, "frames and IDs alone take 40 bytes an element; \(perElement) means the count is wrong")
    }

    /// On demand keeps O(sections): the same memory for 31 and for 31,000 items a section.
    @Test func onDemandMemoryDoesNotGrowWithItems() throws {
        try #require(AllocationCount.isAvailable)
        var bytes: [Int] = []
        for items in [31, 31_000] {
            let data = try DataShape(sections: 96, itemsPerSection: items)
            var layout = OnDemandLayout(TileGrid())
            let (_, count) = try AllocationCount.measure { try layout.prepare(data: data, container: Self.chGridView) }
            bytes.append(count.netBytes)
        }
        // Usable sizes can differ by a few bytes with the heap's state; 1,000 times more
        // items would show as megabytes.
        #expect(abs(bytes[0] - bytes[1]) <= 256, "\(bytes)")
        #expect(bytes[0] < 97 * 8 * 4, "\(bytes[0]) bytes for 97 section tops")
    }

    /// The index stays small: about one band per row, and only elements that cross a band
    /// edge are listed twice.
    @Test func bandsFollowTheLineHeight() throws {
        let data = try DataShape(sections: 96, itemsPerSection: 31)
        var layout = CachedLayout(TileGrid())
        try layout.prepare(data: data, container: Self.chGridView)
        // content height 96 · 658 = 63,168; one band per 79-pt row: ceil(63,168 / 79) = 800.
        #expect(layout.bandCount == 800)
    }
}

@Suite struct AdaptiveTests {
    /// Below the threshold it caches, at and above it computes on demand, and it says so.
    @Test func switchesAtTheThreshold() throws {
        var layout = try AdaptiveLayout(TileGrid())
        #expect(layout.threshold == 400)
        try layout.prepare(data: try DataShape(itemCounts: [399]), container: Size(width: 320, height: 480))
        #expect(layout.choice == .cached)
        try layout.prepare(data: try DataShape(itemCounts: [200, 200]), container: Size(width: 320, height: 480))
        #expect(layout.choice == .onDemand)
        try layout.prepare(data: try DataShape(itemCounts: [3]), container: Size(width: 320, height: 480))
        #expect(layout.choice == .cached)
        let custom = try AdaptiveLayout(TileGrid(), threshold: 0)
        #expect(custom.threshold == 0)
    }

    @Test func negativeThresholdIsRefused() {
        #expect {
            _ = try AdaptiveLayout(TileGrid(), threshold: -1)
        } throws: { error in
            (error as? GridError)?.field == "threshold" && (error as? GridError)?.value == "-1"
        }
    }

    @Test func strategyNamesRoundTrip() throws {
        for kind in StrategyKind.allCases {
            #expect(try StrategyKind(named: kind.rawValue) == kind)
        }
        #expect(StrategyKind.allCases.map(\.rawValue) == ["cached", "scan", "on-demand", "adaptive"])
        #expect {
            _ = try StrategyKind(named: "fastest")
        } throws: { error in
            guard let error = error as? GridError else { return false }
            return error.field == "strategy" && error.value == "fastest" && error.expected.contains("on-demand")
        }
    }

    @Test func wrapBuildsEachStrategy() throws {
        let data = try DataShape(itemCounts: [5])
        for kind in StrategyKind.allCases {
            var layout = try kind.wrap(TileGrid())
            try layout.prepare(data: data, container: Size(width: 320, height: 480))
            #expect(layout.elements(in: layout.contentBounds).count == 6, "\(kind)")
        }
    }
}
