import Foundation
import GridCore
@testable import GridHarness
import GridLayouts
import GridStrategies
import Testing

/// The bundled typing traces, read as plain JSON beside their specs and checked against what
/// a typist at about 8 keystrokes a second does to a span grid, with the geometry worked
/// from the spec's own numbers here rather than asked of the layout.
@Suite struct TypingTraceTests {
    static let datasets = ["timesheet-20x40", "ledger-100000x30"]

    /// What the tests need of a spec, read from its JSON: column widths resolved by the
    /// spec's rule (base clamped to min and max), configured row heights, merges, frozen bands.
    struct Grid {
        var columnStarts: [Double] = [0]
        var rowHeights: [Double] = []
        var merges: [(row: Int, column: Int, rowSpan: Int, columnSpan: Int)] = []
        var frozenRows = 0, frozenColumns = 0
        var viewport = (width: 0.0, height: 0.0)

        init(_ dataset: String) throws {
            let url = Repository.datasets.appendingPathComponent("specs/\(dataset).json")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            let container = try #require(json["container"] as? [String: Double])
            viewport = (try #require(container["width"]), try #require(container["height"]))
            for column in try #require(json["columns"] as? [[String: Any]]) {
                var width: Double
                if let fixed = column["fixed"] as? Double {
                    width = fixed
                } else if let fraction = column["fractional"] as? Double {
                    width = fraction * viewport.width
                } else {
                    let padding = try #require((column["viewport"] as? [String: Double])?["padding"])
                    width = viewport.width - padding
                }
                if let low = column["min"] as? Double { width = max(width, low) }
                if let high = column["max"] as? Double { width = min(width, high) }
                columnStarts.append(columnStarts[columnStarts.count - 1] + width)
            }
            for run in try #require(json["rows"] as? [Any]) {
                if let height = run as? Double {
                    rowHeights.append(height)
                } else {
                    let object = try #require(run as? [String: Double])
                    rowHeights += Array(repeating: try #require(object["height"]), count: Int(try #require(object["count"])))
                }
            }
            for merge in json["merges"] as? [[String: Int]] ?? [] {
                merges.append((merge["row"] ?? -1, merge["column"] ?? -1, merge["rowSpan"] ?? 1, merge["columnSpan"] ?? 1))
            }
            frozenRows = json["frozenRows"] as? Int ?? 0
            frozenColumns = json["frozenColumns"] as? Int ?? 0
        }

        var rowCount: Int { rowHeights.count }
        var columnCount: Int { columnStarts.count - 1 }

        /// The merge covering a slot, if any.
        func merge(covering row: Int, _ column: Int) -> (row: Int, column: Int, rowSpan: Int, columnSpan: Int)? {
            merges.first { row >= $0.row && row < $0.row + $0.rowSpan && column >= $0.column && column < $0.column + $0.columnSpan }
        }

        /// The columns `[first, last]` a slot's cell covers.
        func columns(of row: Int, _ column: Int) -> ClosedRange<Int> {
            guard let m = merge(covering: row, column) else { return column...column }
            return m.column...(m.column + m.columnSpan - 1)
        }

        /// The top of `row` at the configured heights: content only grows rows, so the laid
        /// out top is at least this.
        func configuredTop(of row: Int) -> Double { rowHeights[..<row].reduce(0, +) }
    }

    /// A trace as its JSON gives it: offsets per frame and the cell-content events.
    struct Trace {
        var hz = 0
        var ys: [Double] = []
        var xs: [Double] = []
        var keys: [(frame: Int, row: Int, column: Int, height: Double)] = []
        var otherEvents = 0

        init(_ dataset: String) throws {
            let url = Repository.datasets.appendingPathComponent("traces/\(dataset)/typing-60hz.json")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            hz = try #require(json["refreshHz"] as? Int)
            ys = try #require(json["offsets"] as? [Double])
            xs = json["offsetsX"] as? [Double] ?? Array(repeating: 0, count: ys.count)
            for event in try #require(json["events"] as? [[String: Any]]) {
                guard event["type"] as? String == "cell-content" else { otherEvents += 1; continue }
                keys.append((
                    try #require(event["frame"] as? Int), try #require(event["row"] as? Int),
                    try #require(event["column"] as? Int), try #require(event["height"] as? Double)))
            }
        }

        /// Runs of consecutive events in one cell: a typing session, or a paste of one event.
        var sessions: [[(frame: Int, row: Int, column: Int, height: Double)]] {
            var result: [[(frame: Int, row: Int, column: Int, height: Double)]] = []
            for key in keys {
                if let last = result.last?.last, last.row == key.row, last.column == key.column {
                    result[result.count - 1].append(key)
                } else {
                    result.append([key])
                }
            }
            return result
        }
    }

    /// Every event a keystroke inside the grid, before a frame of the trace, with a height
    /// finite and ≥ 0; typing sessions at 6.5 to 10 keystrokes a second with no gap under
    /// 0.09 s or over 0.16 s, measured from frame numbers; heights moving by one line of 20
    /// points, a new line after 27 to 33 keystrokes; sessions that grow and shrink.
    @Test(arguments: datasets)
    func keystrokesAtAboutEightASecond(dataset: String) throws {
        let grid = try Grid(dataset), trace = try Trace(dataset)
        #expect(trace.hz == 60)
        #expect(trace.otherEvents == 0)
        #expect(trace.keys.count >= 150, "\(trace.keys.count) keystrokes")
        for key in trace.keys {
            #expect(key.frame >= 0 && key.frame < trace.ys.count)
            #expect(key.row >= 0 && key.row < grid.rowCount && key.column >= 0 && key.column < grid.columnCount, "\(key)")
            #expect(key.height.isFinite && key.height >= 0)
        }
        let typed = trace.sessions.filter { $0.count >= 10 }
        #expect(typed.count >= 4, "\(dataset): \(typed.count) typing sessions")
        for session in typed {
            let seconds = Double(session[session.count - 1].frame - session[0].frame) / Double(trace.hz)
            let rate = Double(session.count - 1) / seconds
            #expect(rate >= 6.5 && rate <= 10, "\(dataset): \(rate) keystrokes a second in \(session[0])")
            var sinceLine = 0, grew = false, shrank = false
            for (a, b) in zip(session, session.dropFirst()) {
                let gap = Double(b.frame - a.frame) / Double(trace.hz)
                #expect(gap >= 0.09 && gap <= 0.16, "\(dataset): a gap of \(gap) s at frame \(b.frame)")
                sinceLine += 1
                guard b.height != a.height else { continue }
                #expect(abs(b.height - a.height) == 20, "\(dataset): \(a.height) → \(b.height) at frame \(b.frame)")
                if b.height > a.height {
                    // Two new lines in a row are a line's keystrokes apart.
                    if grew && !shrank { #expect(sinceLine >= 27 && sinceLine <= 33, "\(dataset): a line after \(sinceLine) keystrokes") }
                    grew = true
                } else {
                    shrank = true
                }
                sinceLine = 0
            }
            #expect(grew && shrank, "\(dataset): the session at frame \(session[0].frame) grows and shrinks")
        }
    }

    /// Sessions in the frozen row, in the frozen column and in a merged cell, with the grid
    /// still in some and scrolling slowly (under 60 points a second) in others.
    @Test(arguments: datasets)
    func sessionsWhereTheyShouldBe(dataset: String) throws {
        let grid = try Grid(dataset), trace = try Trace(dataset)
        let typed = trace.sessions.filter { $0.count >= 10 }
        #expect(typed.contains { $0[0].row < grid.frozenRows && $0[0].column >= grid.frozenColumns })
        #expect(typed.contains { $0[0].column < grid.frozenColumns && $0[0].row >= grid.frozenRows })
        #expect(typed.contains { $0[0].row >= grid.frozenRows && grid.merge(covering: $0[0].row, $0[0].column) != nil })
        func moved(_ session: [(frame: Int, row: Int, column: Int, height: Double)]) -> Double {
            let frames = session[0].frame...session[session.count - 1].frame
            return frames.map { abs(trace.ys[$0] - trace.ys[session[0].frame]) + abs(trace.xs[$0] - trace.xs[session[0].frame]) }.max() ?? 0
        }
        #expect(typed.contains { moved($0) == 0 }, "a session with the grid still")
        #expect(typed.contains { moved($0) > 0 }, "a session while scrolling")
        for session in typed where moved(session) > 0 {
            for frame in session[0].frame..<session[session.count - 1].frame {
                let speed = abs(trace.ys[frame + 1] - trace.ys[frame]) * Double(trace.hz)
                #expect(speed < 60, "\(dataset): \(speed) pt/s at frame \(frame) while typing")
            }
        }
    }

    /// A program's paste into a cell below the view: one event, more than a line at once,
    /// into a row whose top (at the configured heights, which content only makes lower) lies
    /// below the view's bottom edge at that frame.
    @Test(arguments: datasets)
    func aPasteIntoACellOutOfView(dataset: String) throws {
        let grid = try Grid(dataset), trace = try Trace(dataset)
        let pastes = trace.sessions.filter { $0.count == 1 && $0[0].height >= 48 }.map { $0[0] }
        let outOfView = pastes.filter { grid.configuredTop(of: $0.row) >= trace.ys[$0.frame] + grid.viewport.height }
        #expect(!outOfView.isEmpty, "\(dataset): pastes \(pastes)")
    }

    /// Proton's case: a keystroke that shrinks a cell of row R while another cell of R,
    /// taller than it now and the tallest of the row, lies wholly right or left of the view
    /// (right of the frozen column), and the shrinking cell is in view horizontally.
    @Test(arguments: datasets)
    func aCellShrinksWhileItsRowsTallestCellIsOffScreen(dataset: String) throws {
        let grid = try Grid(dataset), trace = try Trace(dataset)
        var content: [[Int]: Double] = [:]
        var found: [String] = []
        for key in trace.keys {
            let previous = content[[key.row, key.column]] ?? 0
            content[[key.row, key.column]] = key.height
            guard key.height < previous else { continue }
            let x0 = trace.xs[key.frame], x1 = x0 + grid.viewport.width
            func inView(_ columns: ClosedRange<Int>) -> Bool {
                grid.columnStarts[columns.lowerBound] < x1 && grid.columnStarts[columns.upperBound + 1] > x0
            }
            guard inView(grid.columns(of: key.row, key.column)) else { continue }
            let others = content.filter { $0.key[0] == key.row && $0.key[1] != key.column }
            guard let tallest = others.max(by: { $0.value < $1.value }), tallest.value > key.height,
                  tallest.key[1] >= grid.frozenColumns, !inView(grid.columns(of: key.row, tallest.key[1]))
            else { continue }
            found.append("frame \(key.frame): (\(key.row), \(key.column)) → \(key.height), (\(key.row), \(tallest.key[1])) = \(tallest.value) off screen")
        }
        #expect(!found.isEmpty, "\(dataset): no cell shrinks while its row's tallest cell is off screen")
    }

    /// The committed traces are the generator's for the plan's recipe, and the same seed
    /// gives the same trace while another seed gives another.
    @Test(arguments: datasets)
    func theCommittedTraceIsTheSeedsTrace(dataset: String) throws {
        let plan = try Repository.plan()
        let recipe = try #require(plan.recipe(named: "typing-60hz"))
        #expect(recipe.kind == .typing && recipe.refreshHz == 60)
        let generator = TraceGenerator(spec: try LayoutSpec.load(from: plan.specURL(dataset)))
        var options = recipe.options
        let fresh = try generator.generate(options)
        #expect(fresh == (try ScrollTrace.load(from: plan.traceURL(dataset: dataset, trace: "typing-60hz"))))
        #expect(fresh == (try generator.generate(options)))
        options.seed += 1
        let other = try generator.generate(options)
        #expect(other.events.map(\.frame) != fresh.events.map(\.frame))
    }

    /// A data set that is not a span grid is refused, naming the field and the value.
    @Test func refusesALayoutThatIsNotASpanGrid() throws {
        let spec = try LayoutSpec.load(from: Repository.datasets.appendingPathComponent("specs/photos-2976.json"))
        do {
            _ = try TraceGenerator(spec: spec).generate(.init(kind: .typing, seed: 1, seconds: 5))
            Issue.record("typing over a tile grid was accepted")
        } catch {
            #expect(error.field == "layout" && error.value == "tile-grid", "\(error)")
        }
    }

    /// Every strategy loads what the reference loaded, frame by frame, over both typing
    /// traces. The ledger without scan (as its plan run) and without cached: 3,000,000 cells
    /// cached again on each of 177 keystrokes take minutes in a debug build (`gridbench run
    /// --dataset ledger-100000x30 --trace typing-60hz --strategy cached` checks it).
    @Test(arguments: [
        ("timesheet-20x40", StrategyKind.cached), ("timesheet-20x40", .scan), ("timesheet-20x40", .onDemand), ("timesheet-20x40", .adaptive),
        ("ledger-100000x30", .onDemand), ("ledger-100000x30", .adaptive),
    ])
    func everyStrategyMatchesTheFixture(dataset: String, strategy: StrategyKind) throws {
        let replay = try Repository.replay(dataset, "typing-60hz")
        let fixture = try Repository.fixture(dataset, "typing-60hz")
        #expect(fixture.frames.count == replay.trace.frameCount)
        let options = ReplayOptions(strategy: strategy, threshold: 400, minimumPasses: 1, maximumPasses: 1, targetSeconds: 0)
        let record = try replay.run(options, expected: fixture.frames)
        #expect(record.fixture == .pass, "\(dataset) \(strategy): first mismatch at \(record.firstMismatchFrame.map(String.init) ?? "-")")
    }
}
