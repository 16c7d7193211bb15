import GridCore
import GridHarness
import GridLayouts
import GridStrategies
import GridViewport
import Testing

/// The fixture check is what makes a fast but wrong strategy lose: every real strategy
/// passes it, and a layout that is wrong in a single frame fails it at exactly that frame.
@Suite struct FixtureCheckTests {
    /// One measured pass and no more: these tests are about verdicts, not figures.
    static func quick(_ strategy: StrategyKind = .onDemand, threshold: Int = 400) -> ReplayOptions {
        ReplayOptions(strategy: strategy, threshold: threshold, minimumPasses: 1, maximumPasses: 1, targetSeconds: 0)
    }

    @Test(arguments: StrategyKind.allCases)
    func everyStrategyPasses(strategy: StrategyKind) throws {
        let replay = try Repository.replay("scale-100", "tour-120hz")
        let fixture = try Repository.fixture("scale-100", "tour-120hz")
        let record = try replay.run(Self.quick(strategy), expected: fixture.frames)
        #expect(record.fixture == .pass)
        #expect(record.firstMismatchFrame == nil)
        #expect(record.strategy == strategy.rawValue)
        #expect(record.dataset == "scale-100" && record.trace == "tour-120hz" && record.layout == "tile-grid")
    }

    /// The adaptive strategy passes on both sides of its switch, and says which it took.
    @Test(arguments: [(0, "on-demand"), (400, "cached"), (100, "on-demand"), (101, "cached")])
    func adaptivePassesEitherWay(threshold: Int, choice: String) throws {
        let replay = try Repository.replay("scale-100", "tour-120hz")
        let record = try replay.run(Self.quick(.adaptive, threshold: threshold), expected: Repository.fixture("scale-100", "tour-120hz").frames)
        #expect(record.fixture == .pass)
        #expect(record.adaptiveChoice == choice)
        #expect(record.adaptiveThreshold == threshold)
    }

    /// Any layout goes through the same check: the reference itself and a strategy over it
    /// pass, under the label they are given.
    @Test func anyCorrectLayoutPasses() throws {
        let replay = try Repository.replay("scale-100", "tour-120hz")
        let expected = try Repository.fixture("scale-100", "tour-120hz").frames
        let plain = try replay.run(layout: TileGrid(), label: "tile-grid-itself", options: Self.quick(), expected: expected)
        #expect(plain.fixture == .pass && plain.strategy == "tile-grid-itself")
        #expect(plain.adaptiveChoice == nil && plain.adaptiveThreshold == nil)
        let cached = try replay.run(layout: CachedLayout(TileGrid()), label: "my-cache", options: Self.quick(), expected: expected)
        #expect(cached.fixture == .pass && cached.frames == replay.trace.frameCount)
        #expect(throws: GridError.self) { try replay.run(layout: TileGrid(), label: "", options: Self.quick(), expected: expected) }
        #expect(throws: GridError.self) { try replay.run(layout: TileGrid(), label: "x", options: Self.quick(), expected: Array(expected.dropLast())) }
    }

    // MARK: - Wrong layouts

    /// The loaded set's digest after every frame of `replay`, through a viewport over
    /// `layout`, with the trace's events applied as a grid view applies them. Written here
    /// rather than taken from the harness, so that the harness's own replay is checked.
    static func digests<L: GridLayout>(of layout: L, over replay: Replay) throws -> [LoadedSetDigest] {
        let trace = replay.trace
        var data = replay.spec.data
        var viewport = try Viewport(layout: layout, data: data, size: trace.viewport, margin: .chGridView)
        var events = trace.events[...]
        var digests: [LoadedSetDigest] = []
        for (frame, offset) in trace.offsets.enumerated() {
            while let event = events.first, event.frame == frame {
                switch event.change {
                case .resize(let size): try viewport.resize(to: size)
                case .reload: try viewport.reloadData()
                default:
                    data = try #require(try event.change.applied(to: data))
                    try viewport.setData(data)
                }
                events = events.dropFirst()
            }
            digests.append(viewport.scroll(to: offset).digest)
        }
        return digests
    }

    static func firstDifference(_ a: [LoadedSetDigest], _ b: [LoadedSetDigest]) -> Int? {
        zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset
    }

    /// docs/architecture.md's tile grid with CHGridView's parameters (n = 4, h = 79, ph = 4, t = 22):
    /// the vertical extent of tile `item` of `section`.
    static func tileSpan(section: Int, item: Int, counts: [Int]) -> (minY: Double, maxY: Double) {
        var top = 0.0
        for i in 0..<section { top += 22 + Double((counts[i] + 3) / 4) * 79 + 4 }
        let y = top + 22 + Double(item / 4) * 79 + 4
        return (y, y + 75)
    }

    /// One item drawn 30 pt low fails at the first frame where an edge of the loaded rect
    /// lies between its true and its wrong frame: worked out here from the trace alone.
    @Test func oneItemOffFailsAtTheFirstFrameItChangesTheLoadedSet() throws {
        let replay = try Repository.replay("photos-2976", "drag-60hz")
        let fixture = try Repository.fixture("photos-2976", "drag-60hz")
        // Section 1, row 2: below the first frame's loaded rect, which ends at 480 + 316.
        let victim = ItemPath(section: 1, item: 8)
        let shift = 30.0
        let broken = OneItemOff(victim: victim, shift: shift)

        // Brute force: the loaded rect is [y0 − 4·79, y0 + H + 4·79); the item is loaded
        // when its frame meets it. The drag has no events, so H stays 480.
        #expect(replay.trace.events.isEmpty)
        let span = Self.tileSpan(section: 1, item: 8, counts: Array(replay.spec.data.itemCounts))
        #expect(span.minY == 842)
        func meets(_ minY: Double, _ maxY: Double, _ y0: Double) -> Bool { minY < y0 + 480 + 316 && y0 - 316 < maxY }
        let expected = try #require(replay.trace.offsets.firstIndex { offset in
            meets(span.minY, span.maxY, offset.y) != meets(span.minY + shift, span.maxY + shift, offset.y)
        })
        #expect(expected > 0, "the bug must not show in the first frame, or the test proves little")

        // A second way: digests of a viewport over the broken layout against the fixture.
        let brokenDigests = try Self.digests(of: broken, over: replay)
        #expect(Self.firstDifference(brokenDigests, fixture.frames) == expected)
        #expect(Self.firstDifference(try Self.digests(of: TileGrid(), over: replay), fixture.frames) == nil)

        let record = try replay.run(layout: broken, label: "one-item-off", options: Self.quick(), expected: fixture.frames)
        #expect(record.fixture == .fail)
        #expect(record.firstMismatchFrame == expected)
        #expect(record.strategy == "one-item-off")
    }

    /// A query that drops its last row of cells fails, at the frame a viewport over it
    /// first loads another set than the reference.
    @Test func lastRowDroppedFails() throws {
        let replay = try Repository.replay("scale-100", "tour-120hz")
        let fixture = try Repository.fixture("scale-100", "tour-120hz")
        let expected = try #require(Self.firstDifference(try Self.digests(of: LastRowDropped(), over: replay), fixture.frames))
        let record = try replay.run(layout: LastRowDropped(), label: "last-row-dropped", options: Self.quick(), expected: fixture.frames)
        #expect(record.fixture == .fail)
        #expect(record.firstMismatchFrame == expected)
    }

    /// A fixture with one frame altered fails a correct strategy at exactly that frame,
    /// whether the hash or only the count is off.
    @Test(arguments: [0, 91, 300, 621])
    func tamperedFixtureFailsAtThatFrame(frame: Int) throws {
        let replay = try Repository.replay("scale-100", "tour-120hz")
        let frames = try Repository.fixture("scale-100", "tour-120hz").frames
        #expect(frames.count == 622)
        var hashOff = frames
        hashOff[frame].hash ^= 1 << 17
        let record = try replay.run(Self.quick(.cached), expected: hashOff)
        #expect(record.fixture == .fail)
        #expect(record.firstMismatchFrame == frame)
        var countOff = frames
        countOff[frame].count += 1
        let again = try replay.run(Self.quick(.scan), expected: countOff)
        #expect(again.fixture == .fail && again.firstMismatchFrame == frame)
    }
}
