import Foundation
import GridCore
@testable import GridHarness
import GridLayouts
import GridStrategies
import GridViewport
import Testing

/// The data grid's edit trace (`records-1000x12/record-edits-60hz`, issue 30): records
/// inserted, deleted and moved near the view while it drags diagonally. Its events are read
/// back by hand (records as an array of field counts, rows of 44 under a header of 44), and
/// every strategy's replay is checked, frame by frame, against a grid laid out afresh over
/// the data as edited so far.
@Suite struct RecordEditsTraceTests {
    static let dataset = "records-1000x12", traceName = "record-edits-60hz"

    /// What a frame's events did to the records, read without the data model's editing code.
    enum Edit: Equatable {
        case insert(at: Int, counts: [Int])
        case delete(at: Int, count: Int)
        case move(from: Int, to: Int, fields: Int)
    }

    /// The trace's edits, one a frame, in order: a frame's `delete-sections` of one record
    /// followed by an `insert-sections` of one record is a move; any other pair is refused.
    static func edits(of trace: ScrollTrace) -> [(frame: Int, edit: Edit)] {
        var byFrame: [Int: [TraceEvent.Change]] = [:]
        for event in trace.events { byFrame[event.frame, default: []].append(event.change) }
        return byFrame.keys.sorted().map { frame in
            let changes = byFrame[frame] ?? []
            switch (changes.count, changes.first, changes.last) {
            case (1, .insertSections(let at, let counts, nil)?, _): return (frame, .insert(at: at, counts: counts))
            case (1, .deleteSections(let at, let count)?, _): return (frame, .delete(at: at, count: count))
            case (2, .deleteSections(let from, 1)?, .insertSections(let to, let counts, nil)?) where counts.count == 1:
                return (frame, .move(from: from, to: to, fields: counts[0]))
            default:
                Issue.record("frame \(frame): events \(changes.map(\.typeName)) are no record edit")
                return (frame, .delete(at: -1, count: 0))
            }
        }
    }

    /// The records of 44 points whose rows meet the 480-point-tall view at `y` (the header
    /// row is 44 tall): rows `r` with `44 + 44r < y + 480` and `88 + 44r > y`.
    static func visibleRecords(at y: Double, records: Int) -> ClosedRange<Int> {
        let first = max(0, Int(((y - 88) / 44).rounded(.down)) + 1)
        let last = min(records - 1, Int(((y + 436) / 44).rounded(.up)) - 1)
        return first...last
    }

    @Test func itInsertsDeletesAndMovesRecordsNearTheViewWhileScrolling() throws {
        let replay = try Repository.replay(Self.dataset, Self.traceName)
        let trace = replay.trace
        #expect(trace.refreshHz == 60 && trace.viewport == Size(width: 320, height: 480))
        #expect(trace.frameCount >= 20 * 60)
        var counts = Array(replay.spec.data.itemCounts)
        #expect(counts == Array(repeating: 12, count: 1000))
        var inserts = 0, deletes = 0, moves = 0, movesFromAfar = 0
        for (frame, edit) in Self.edits(of: trace) {
            #expect(frame >= 1 && frame < trace.frameCount)
            // Events apply before `frame`'s scroll: the view is where the frame before left it.
            let view = Self.visibleRecords(at: trace.offsets[frame - 1].y, records: counts.count)
            let near = (view.lowerBound - 1)...(view.upperBound + 1)
            switch edit {
            case .insert(let at, let new):
                #expect(near.contains(at) && (1...3).contains(new.count), "frame \(frame): \(edit), view \(view)")
                #expect(new.allSatisfy { $0 == 12 }, "frame \(frame): every record holds the grid's 12 fields")
                counts.insert(contentsOf: new, at: at)
                inserts += 1
            case .delete(let at, let count):
                #expect((1...3).contains(count) && at >= 0 && at + count <= counts.count, "frame \(frame): \(edit)")
                #expect((at..<(at + count)).overlaps(view), "frame \(frame): \(edit) deletes no record in view \(view)")
                counts.removeSubrange(at..<(at + count))
                deletes += 1
            case .move(let from, let to, let fields):
                #expect(from != to && counts.indices.contains(from) && (0...(counts.count - 1)).contains(to), "frame \(frame): \(edit)")
                #expect(near.contains(to), "frame \(frame): \(edit) lands out of view \(view)")
                #expect(fields == counts[from], "frame \(frame): the record inserted is the one deleted")
                if !near.contains(from) { movesFromAfar += 1 }
                counts.insert(counts.remove(at: from), at: to)
                moves += 1
            }
        }
        #expect(inserts >= 8 && deletes >= 8 && moves >= 8, "inserts \(inserts), deletes \(deletes), moves \(moves)")
        #expect(movesFromAfar >= 1, "no record moved into view from off screen")
        // It scrolls: down and across, far beyond a screen either way.
        let ys = trace.offsets.map(\.y), xs = trace.offsets.map(\.x)
        #expect((ys.max() ?? 0) - (ys.min() ?? 0) > 1000)
        #expect((xs.max() ?? 0) - (xs.min() ?? 0) > 320)
    }

    /// Every strategy, replayed through the harness's event pipeline, loads after every
    /// frame exactly what a viewport over a freshly made grid loads at that offset, over the
    /// records as read by hand from the events so far: the same elements at the same frames.
    @Test(arguments: StrategyKind.allCases)
    func everyStrategyAgreesWithAFreshGridEveryFrame(strategy: StrategyKind) throws {
        let replay = try Repository.replay(Self.dataset, Self.traceName)
        let configuration = try #require(replay.spec.parameters as? DataGrid.Configuration)
        let mismatch = try strategy.wrap(DataGrid(configuration), threshold: 400, visitor: AgainstFresh(replay: replay, configuration: configuration))
        #expect(mismatch == nil, "\(strategy.rawValue): \(mismatch ?? "")")
    }

    /// The committed fixture verifies: every strategy's loaded sets equal it frame by frame.
    @Test(arguments: StrategyKind.allCases)
    func everyStrategyMatchesTheFixture(strategy: StrategyKind) throws {
        let replay = try Repository.replay(Self.dataset, Self.traceName)
        let fixture = try Repository.fixture(Self.dataset, Self.traceName)
        let options = ReplayOptions(strategy: strategy, threshold: 400, minimumPasses: 1, maximumPasses: 1, targetSeconds: 0)
        let record = try replay.run(options, expected: fixture.frames)
        #expect(record.fixture == .pass, "first mismatch at \(record.firstMismatchFrame.map(String.init) ?? "-")")
    }

    /// The kind is deterministic over the data grid and refuses no record set: a grid of 2
    /// records still gets inserts, deletes and moves, and never loses its last record.
    @Test func aSmallGridKeepsARecord() throws {
        let spec = try LayoutSpec(
            name: "two", parameters: DataGrid.Configuration(fields: 3), container: Size(width: 320, height: 480),
            data: DataShape(sections: 2, itemsPerSection: 3))
        let options = TraceGenerator.Options(kind: .recordEdits, seed: 3, seconds: 10)
        let trace = try TraceGenerator(spec: spec).generate(options)
        #expect(trace == (try TraceGenerator(spec: spec).generate(options)))
        var records = 2
        for event in trace.events {
            switch event.change {
            case .insertSections(_, let counts, _): records += counts.count
            case .deleteSections(_, let count): records -= count
            default: Issue.record("\(event.change.typeName)")
            }
            #expect(records >= 1)
        }
        #expect(trace.events.count >= 10)
    }
}

/// Replays the trace through `layout` and a fresh grid per frame; the first difference.
private struct AgainstFresh: StrategyVisitor {
    let replay: Replay
    let configuration: DataGrid.Configuration

    func visit<Layout: GridLayout>(_ layout: Layout, kind: StrategyKind) throws -> String? {
        let trace = replay.trace
        var viewport = try Viewport(layout: layout, data: replay.spec.data, size: trace.viewport)
        var counts = Array(replay.spec.data.itemCounts)
        var nextEvent = 0, readEvent = 0
        for (frame, offset) in trace.offsets.enumerated() {
            try replay.applyEvents(of: frame, from: &nextEvent, to: &viewport)
            while readEvent < trace.events.count && trace.events[readEvent].frame == frame {
                switch trace.events[readEvent].change {
                case .insertSections(let at, let new, _): counts.insert(contentsOf: new, at: at)
                case .deleteSections(let at, let count): counts.removeSubrange(at..<(at + count))
                default: return "frame \(frame): unexpected \(trace.events[readEvent].change.typeName)"
                }
                readEvent += 1
            }
            _ = viewport.scroll(to: offset)
            var fresh = try Viewport(layout: DataGrid(configuration), data: DataShape(itemCounts: counts), size: trace.viewport)
            _ = fresh.scroll(to: offset)
            let got = viewport.loadedElements.map(\.attributes), expected = fresh.loadedElements.map(\.attributes)
            if got != expected {
                let extra = Set(got).subtracting(expected).prefix(3), missing = Set(expected).subtracting(got).prefix(3)
                return "frame \(frame) at \(offset): \(got.count) loaded, \(expected.count) expected; extra \(Array(extra)), missing \(Array(missing))"
            }
            if viewport.layout.contentSize != fresh.layout.contentSize {
                return "frame \(frame): content \(viewport.layout.contentSize), fresh \(fresh.layout.contentSize)"
            }
        }
        return nil
    }
}
