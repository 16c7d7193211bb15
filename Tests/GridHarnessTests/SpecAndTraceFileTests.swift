import Foundation
import GridCore
import GridHarness
import Testing

@Suite struct SpecFileTests {
    func spec(_ json: String) throws(InputError) -> LayoutSpec {
        try LayoutSpec.decode(Data(json.utf8), path: "spec.json")
    }

    @Test func readsTheIssueExample() throws {
        let s = try spec("""
            {"layout": "tile-grid", "container": {"width": 320, "height": 480}, "sections": {"count": 96, "items": 31},
             "tilesPerLine": 4, "rowHeight": 79, "padding": {"width": 4, "height": 4}, "sectionTitleHeight": 22}
            """)
        #expect(s.tiles == 2976)
        #expect(s.data.sectionCount == 96)
        #expect(s.name == "spec")
        #expect(s.preparedLayoutContentHeight == 96 * 658)
    }

    @Test func totalFormSplitsIntoSections() throws {
        let s = try spec(#"{"layout": "tile-grid", "container": {"width": 320, "height": 480}, "sections": {"total": 100, "itemsPerSection": 31}}"#)
        #expect(s.data.itemCounts == [31, 31, 31, 7])
    }

    @Test(arguments: [
        (#"{"layout": "mosaic", "container": {"width": 320, "height": 480}, "sections": [1]}"#, "layout", "\"mosaic\""),
        (#"{"layout": "tile-grid", "container": {"width": 320, "height": 480}, "sections": [3, -1]}"#, "sections[1]", "-1"),
        (#"{"layout": "tile-grid", "container": {"width": 320, "height": 480}, "sections": [1], "tilesPerLine": 0}"#, "tilesPerLine", "0"),
        (#"{"layout": "tile-grid", "container": {"width": -5, "height": 480}, "sections": [1]}"#, "container.width", "-5.0"),
        (#"{"layout": "tile-grid", "container": {"width": 320, "height": 480}, "sections": [2], "itemSizes": [[1, 2], [3, "NaN"]]}"#, "itemSizes[1].height", "nan"),
        (#"{"layout": "tile-grid", "container": {"width": 320}, "sections": [1]}"#, "container.height", "missing"),
    ])
    func refusesBadSpecsNamingTheField(json: String, field: String, value: String) {
        #expect {
            try spec(json)
        } throws: { error in
            guard let error = error as? InputError else { return false }
            return error.file == "spec.json" && error.field == field && error.value == value
        }
    }

    @Test func truncatedFileIsAnInputError() {
        #expect(throws: InputError.self) { try spec(#"{"layout": "tile-grid", "contai"#) }
    }

    @Test func roundTrips() throws {
        let s = try spec(#"{"layout": "tile-grid", "container": {"width": 320, "height": 480}, "sections": [2, 0, 1], "itemSizes": [[10, 20], [30, 40], [50, 60]], "centersItems": true}"#)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gridbench-spec-\(UInt64.random(in: 0...UInt64.max)).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try s.write(to: url)
        var again = try LayoutSpec.load(from: url)
        again.name = s.name
        #expect(again == s)
    }
}

@Suite struct TraceFileTests {
    func trace(_ json: String) throws(InputError) -> ScrollTrace {
        try ScrollTrace.decode(Data(json.utf8), path: "trace.json")
    }

    @Test func readsEventsInOrder() throws {
        let t = try trace("""
            {"schemaVersion": 1, "refreshHz": 120, "viewport": {"width": 320, "height": 480}, "offsets": [0, 10, 20, 30],
             "events": [{"frame": 1, "type": "resize", "width": 480, "height": 320},
                        {"frame": 2, "type": "insert-items", "section": 0, "item": 0, "count": 2},
                        {"frame": 3, "type": "reload"}]}
            """)
        #expect(t.frameCount == 4)
        #expect(t.events.map(\.change) == [.resize(Size(width: 480, height: 320)), .insertItems(section: 0, item: 0, count: 2, sizes: nil), .reload])
        #expect(abs(t.frameBudgetNanos - 8_333_333.33) < 1)
    }

    @Test(arguments: [
        (#"{"schemaVersion": 1, "refreshHz": 60, "viewport": {"width": 320, "height": 480}, "offsets": [0, "NaN"]}"#, "offsets[1]", "nan"),
        (#"{"schemaVersion": 1, "refreshHz": 60, "viewport": {"width": 0, "height": 480}, "offsets": [0]}"#, "viewport.width", "0.0"),
        (#"{"schemaVersion": 2, "refreshHz": 60, "viewport": {"width": 320, "height": 480}, "offsets": [0]}"#, "schemaVersion", "2"),
        (#"{"schemaVersion": 1, "refreshHz": 0, "viewport": {"width": 320, "height": 480}, "offsets": [0]}"#, "refreshHz", "0"),
        (#"{"schemaVersion": 1, "refreshHz": 60, "viewport": {"width": 320, "height": 480}, "offsets": [0], "events": [{"frame": 0, "type": "spin"}]}"#, "events[0].type", "\"spin\""),
        (#"{"schemaVersion": 1, "refreshHz": 60, "viewport": {"width": 320, "height": 480}, "offsets": [0], "events": [{"frame": 5, "type": "reload"}]}"#, "events[0].frame", "5"),
        (#"{"schemaVersion": 1, "refreshHz": 60, "viewport": {"width": 320, "height": 480}, "offsets": [0], "events": [{"frame": 0, "type": "delete-items", "section": 1}]}"#, "events[0].count", "missing"),
    ])
    func refusesBadTracesNamingTheField(json: String, field: String, value: String) {
        #expect {
            try trace(json)
        } throws: { error in
            guard let error = error as? InputError else { return false }
            return error.file == "trace.json" && error.field == field && error.value == value
        }
    }

    @Test func readsAndWritesMoves() throws {
        let t = try trace("""
            {"schemaVersion": 1, "refreshHz": 60, "viewport": {"width": 320, "height": 480}, "offsets": [0, 10, 20],
             "events": [{"frame": 2, "type": "move-item", "from": [3, 5], "to": [0, 0]}]}
            """)
        #expect(t.events == [TraceEvent(frame: 2, .moveItem(from: ItemPath(section: 3, item: 5), to: ItemPath(section: 0, item: 0)))])
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("moves-\(UInt64.random(in: 0 ... .max)).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try t.write(to: url)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains("move-item"), "\(text)")
        #expect(try ScrollTrace.load(from: url) == t)
    }

    @Test(arguments: [
        (#"{"frame": 0, "type": "move-item", "from": [0], "to": [0, 0]}"#, "events[0].from", "[0]"),
        (#"{"frame": 0, "type": "move-item", "from": [0, 1], "to": [0, 0, 0]}"#, "events[0].to", "[0, 0, 0]"),
        (#"{"frame": 0, "type": "move-item", "from": [0, 1]}"#, "events[0].to", "missing"),
    ])
    func refusesMalformedMoves(event: String, field: String, value: String) {
        let json = #"{"schemaVersion": 1, "refreshHz": 60, "viewport": {"width": 320, "height": 480}, "offsets": [0], "events": ["# + event + "]}"
        #expect {
            try trace(json)
        } throws: { error in
            guard let error = error as? InputError else { return false }
            return error.field == field && error.value == value
        }
    }

    @Test func editNamingAMissingSectionIsAGridError() throws {
        let data = try DataShape(sections: 3, itemsPerSection: 4)
        #expect(throws: GridError.self) { try TraceEvent.Change.deleteSections(section: 3, count: 1).applied(to: data) }
        #expect(try TraceEvent.Change.deleteItems(section: 2, item: 1, count: 2).applied(to: data)?.itemCounts == [4, 4, 2])
    }
}

extension LayoutSpec {
    var preparedLayoutContentHeight: Double { (try? preparedLayout().contentSize.height) ?? -1 }
}
