import Foundation
import GridCore
@testable import GridHarness
import GridStrategies
import Testing

/// A run over a typing trace counts its keystroke frames, and those that changed a row's
/// height, as a second method finds them: the trace's `cell-content` frames read off the
/// file, and each keystroke's effect on the content height found by laying the grid out
/// again from the spec with every event up to it.
@Suite struct KeystrokeFigureTests {
    @Test func keystrokeFramesAndRowChangesAreCountedAsABruteForceFindsThem() throws {
        let replay = try Repository.replay("timesheet-20x40", "typing-60hz")
        let fixture = try Repository.fixture("timesheet-20x40", "typing-60hz")
        let typed = Set(replay.trace.events.filter { $0.change.typeName == "cell-content" }.map(\.frame)).sorted()
        #expect(typed.count > 100)
        func height(through frame: Int) throws -> Double {
            try EventPipeline.effects(
                of: replay.trace, over: replay.spec.data, layout: replay.spec.makeLayout(), through: frame,
                describedAs: "span grid", tracePath: "typing-60hz.json"
            ).layout.contentSize.height
        }
        var changed = 0
        for frame in typed where try height(through: frame) != height(through: frame - 1) { changed += 1 }
        #expect(changed > 0 && changed < typed.count)

        for strategy in [StrategyKind.onDemand, .cached] {
            let record = try replay.run(
                ReplayOptions(strategy: strategy, minimumPasses: 1, maximumPasses: 1, targetSeconds: 0), expected: fixture.frames)
            #expect(record.fixture == .pass)
            let keystrokes = try #require(record.keystrokes, "\(strategy)")
            #expect(keystrokes.frames == typed.count, "\(strategy)")
            #expect(keystrokes.rowChangeFrames == changed, "\(strategy)")
            // Both kinds were timed: each has its percentiles.
            #expect(keystrokes.stillNanos != nil && keystrokes.rowChangeNanos != nil)
        }
        // A trace that types nothing records nothing.
        let plain = try Repository.replay("timesheet-20x40", "fling-120hz")
        let record = try plain.run(
            ReplayOptions(strategy: .onDemand, minimumPasses: 1, maximumPasses: 1, targetSeconds: 0),
            expected: try Repository.fixture("timesheet-20x40", "fling-120hz").frames)
        #expect(record.keystrokes == nil)
    }
}
