import Foundation
import GridConformance
import GridCore
import GridHarness
import GridLayouts
import GridStrategies
import GridTestLayouts
import Testing

/// A layout GridBench does not ship (the test-only `ruler`, with an operation of its own)
/// added the documented way, one registry entry, and nothing else: its spec is read, its
/// frames dumped, its operation read and written in traces, its trace replayed by every
/// strategy, and its conformance checked. The gate and the command line over it are tested
/// through `gridbench-gate-planted`, a gate tool of the same kind (GridBenchCLITests).
@Suite struct ThirdPartyLayoutTests {
    static let layouts: [any LayoutConfiguration.Type] = [Ruler.Configuration.self]

    static func spec(rowHeight: Double = 30) -> Data {
        Data(#"{"schemaVersion": 1, "name": "ruler-40", "layout": "ruler", "container": {"width": 100, "height": 90}, "sections": [25, 15], "rowHeight": \#(rowHeight)}"#.utf8)
    }

    /// 30 frames 20 points apart; at frame 10 every row becomes 20 tall.
    static func trace(withOperation: Bool = true) -> Data {
        let offsets = (0 ..< 30).map { String(Double($0) * 20) }.joined(separator: ", ")
        let events = withOperation ? #"{"frame": 10, "type": "set-row-height", "height": 20}"# : ""
        return Data(#"{"schemaVersion": 1, "name": "down", "refreshHz": 60, "viewport": {"width": 100, "height": 90}, "offsets": [\#(offsets)], "events": [\#(events)]}"#.utf8)
    }

    @Test func specAndDumpGoThroughTheRegistryEntry() throws {
        try LayoutRegistry.withLayouts(Self.layouts) {
            let spec = try LayoutSpec.decode(Self.spec(), path: "ruler.json")
            #expect(spec.layoutName == "ruler")
            #expect((spec.parameters as? Ruler.Configuration)?.rowHeight == 30)
            // Item i of section s sits in row firstRow(s) + i: section 1 starts on row 25.
            let frames = try spec.dump().map(\.attributes)
            #expect(frames.count == 40)
            let last = try #require(frames.last)
            #expect(last.path == ItemPath(section: 1, item: 14))
            #expect(last.frame == Rect(x: 0, y: 39 * 30, width: 100, height: 30))
            let first = try #require(frames.first { $0.path == ItemPath(section: 1, item: 0) })
            #expect(first.frame == Rect(x: 0, y: 25 * 30, width: 100, height: 30), "\(first)")
            // Written and read again, the spec is the same spec, its parameter with it.
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("ruler-spec-\(getpid()).json")
            defer { try? FileManager.default.removeItem(at: url) }
            try spec.write(to: url)
            #expect(try LayoutSpec.load(from: url) == spec)
            #expect(try String(contentsOf: url, encoding: .utf8).contains("\"rowHeight\""))
        }
        // Outside the scope the layout is unknown again, and the message lists GridBench's.
        let error = try #require(throws: InputError.self) { try LayoutSpec.decode(Self.spec(), path: "ruler.json") }
        #expect(error.field == "layout" && error.value == "\"ruler\"" && error.expected.contains("tile-grid"))
    }

    @Test func itsOperationIsATraceEvent() throws {
        try LayoutRegistry.withLayouts(Self.layouts) {
            #expect(TraceEvent.Change.typeNames.contains("set-row-height"))
            let trace = try ScrollTrace.decode(Self.trace(), path: "down.json")
            let event = try #require(trace.events.first)
            guard case .layoutEdit(let operation) = event.change else {
                Issue.record("expected a layout edit, got \(event.change)")
                return
            }
            #expect(operation.name == "set-row-height")
            #expect(operation.value as? Ruler.Operation == .setRowHeight(20))
            // Written and read again, the trace is the same trace.
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("ruler-trace-\(getpid()).json")
            defer { try? FileManager.default.removeItem(at: url) }
            try trace.write(to: url)
            #expect(try ScrollTrace.load(from: url) == trace)
        }
        #expect(!TraceEvent.Change.typeNames.contains("set-row-height"))
        let error = try #require(throws: InputError.self) { try ScrollTrace.decode(Self.trace(), path: "down.json") }
        #expect(error.field == "events[0].type", "\(error)")
    }

    /// Every strategy replays the trace to the reference's loaded sets; and after the
    /// operation, each frame's loaded set is what a ruler made with 20-point rows loads at
    /// that offset (a second way to the same answer).
    @Test func everyStrategyReplaysTheOperation() throws {
        try LayoutRegistry.withLayouts(Self.layouts) {
            let spec = try LayoutSpec.decode(Self.spec(), path: "ruler.json")
            let replay = try Replay(spec: spec, trace: try ScrollTrace.decode(Self.trace(), path: "down.json"), tracePath: "down.json")
            let reference = try replay.referenceDigests()
            let shorter = try LayoutSpec.decode(Self.spec(rowHeight: 20), path: "ruler.json")
            let plain = try Replay(spec: shorter, trace: try ScrollTrace.decode(Self.trace(withOperation: false), path: "down.json"), tracePath: "down.json")
            let expected = try plain.referenceDigests()
            #expect(reference.count == 30)
            #expect(Array(reference[10...]) == Array(expected[10...]))
            #expect(reference[9] != expected[9], "before the operation the rows are 30 tall")
            for strategy in StrategyKind.allCases {
                let record = try replay.run(ReplayOptions(strategy: strategy, minimumPasses: 1, maximumPasses: 1, targetSeconds: 0), expected: reference)
                #expect(record.fixture == .pass, "\(strategy): \(record.fixture)")
            }
        }
    }

    @Test func itConforms() throws {
        try GridConformance.verify("ruler", options: .quick) { Ruler(rowHeight: 44) }
    }

    /// A name a spec cannot give, and an operation another layout already takes, are
    /// refused when the entry is added, naming the field.
    @Test func theRegistryRefusesEntriesThatWouldClash() throws {
        struct BadName: LayoutConfiguration {
            static let layoutName = "my grid"
            static let summary = ""
            static let specFieldNames: [String] = []
            static var reference: Self { BadName() }
            func makeLayout() -> Ruler { Ruler(rowHeight: 1) }
        }
        struct Merges: LayoutConfiguration {
            static let layoutName = "merges"
            static let summary = ""
            static let specFieldNames: [String] = []
            static var reference: Self { Merges() }
            static var operationCodec: LayoutOperationCodec? {
                LayoutOperationCodec(
                    Ruler.Operation.self, typeNames: ["merge"], name: { _ in "merge" },
                    decode: { _, _ in .setRowHeight(1) }, encode: { _, _ in }, digest: { _, _ in })
            }
            func makeLayout() -> Ruler { Ruler(rowHeight: 1) }
        }
        let name = try #require(throws: GridError.self) { try LayoutRegistry.withLayouts([BadName.self]) {} }
        #expect(name.field == "layoutName" && name.value == "\"my grid\"")
        let twice = try #require(throws: GridError.self) { try LayoutRegistry.withLayouts([Ruler.Configuration.self, Ruler.Configuration.self]) {} }
        #expect(twice.field == "layoutName" && twice.expected.contains("once"))
        let clash = try #require(throws: GridError.self) { try LayoutRegistry.withLayouts([Merges.self]) {} }
        #expect(clash.field == "operationCodec" && clash.expected.contains("merges and span-grid"), "\(clash)")
    }
}
