import GridCore
import GridHarness
import GridLayouts
import Testing

/// A trace is checked against its data set before anything is replayed: every edit must
/// name sections and items that exist when it happens, and the layout must accept every
/// viewport the trace goes through.
@Suite struct ReplayValidationTests {
    /// Three sections of four items in CHGridView's grid.
    static func spec() throws -> LayoutSpec {
        LayoutSpec(name: "small", parameters: TileGrid.Configuration.chGridView, container: Size(width: 320, height: 480), data: try DataShape(sections: 3, itemsPerSection: 4))
    }

    static func trace(_ events: [TraceEvent], width: Double = 320) -> ScrollTrace {
        ScrollTrace(name: "t", refreshHz: 60, viewport: Size(width: width, height: 480), offsets: Array(repeating: .zero, count: 4), events: events)
    }

    /// A move's message names the event's frame, so that a user can find it in the trace.
    @Test func aBadMoveNamesItsFrame() throws {
        let trace = Self.trace([
            TraceEvent(frame: 1, .moveItem(from: ItemPath(section: 2, item: 3), to: ItemPath(section: 0, item: 0))),
            TraceEvent(frame: 3, .moveItem(from: ItemPath(section: 2, item: 3), to: ItemPath(section: 0, item: 0))),
        ])
        // After the first move, section 2 holds 3 items: (2, 3) is gone.
        let error = expectInputError(file: "moves.json", field: "events[1].from", value: "[2, 3]") {
            try Replay(spec: Self.spec(), trace: trace, tracePath: "moves.json")
        }
        #expect(error?.expected.contains("move-item event at frame 3") == true, "\(String(describing: error))")
    }

    /// Section 2 exists at first, but not after section 2 is deleted a frame earlier.
    @Test func editNamingASectionThatNoLongerExists() throws {
        let trace = Self.trace([
            TraceEvent(frame: 0, .deleteSections(section: 2, count: 1)),
            TraceEvent(frame: 1, .insertItems(section: 2, item: 0, count: 1, sizes: nil)),
        ])
        expectInputError(file: "edits.json", field: "events[1].section", value: "2") {
            try Replay(spec: Self.spec(), trace: trace, tracePath: "edits.json")
        }
        // The same insert before the delete is fine.
        let fine = Self.trace([
            TraceEvent(frame: 0, .insertItems(section: 2, item: 0, count: 1, sizes: nil)),
            TraceEvent(frame: 1, .deleteSections(section: 2, count: 1)),
        ])
        #expect(throws: Never.self) { try Replay(spec: Self.spec(), trace: fine, tracePath: "edits.json") }
    }

    @Test(arguments: [
        (TraceEvent.Change.deleteItems(section: 5, item: 0, count: 1), "events[0].section", "5"),
        (.insertItems(section: -1, item: 0, count: 1, sizes: nil), "events[0].section", "-1"),
        (.deleteItems(section: 1, item: 2, count: 3), "events[0].items", "2..<5"),
        (.insertItems(section: 0, item: 5, count: 1, sizes: nil), "events[0].item", "5"),
        (.insertSections(section: 4, counts: [1], sizes: nil), "events[0].section", "4"),
        (.deleteSections(section: 1, count: 3), "events[0].sections", "1..<4"),
        (.insertItems(section: 0, item: 0, count: 1, sizes: [Size(width: 1, height: 1)]), "events[0].sizes", "1 sizes"),
        (.moveItem(from: ItemPath(section: 0, item: 4), to: ItemPath(section: 1, item: 0)), "events[0].from", "[0, 4]"),
        (.moveItem(from: ItemPath(section: 3, item: 0), to: ItemPath(section: 1, item: 0)), "events[0].from", "[3, 0]"),
        (.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 3, item: 0)), "events[0].to.section", "3"),
        // Section 1 has 4 items: a move into it may land at 0...4; within section 0, at 0...3.
        (.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 5)), "events[0].to.item", "5"),
        (.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 4)), "events[0].to.item", "4"),
    ])
    func editsOutOfRangeNameTheEventsField(change: TraceEvent.Change, field: String, value: String) throws {
        expectInputError(file: "e.json", field: field, value: value) {
            try Replay(spec: Self.spec(), trace: Self.trace([TraceEvent(frame: 0, change)]), tracePath: "e.json")
        }
    }

    /// A rotation to 20 pt: four tiles with padding 4 need more than 20, so the grid cannot
    /// lay out (tile width floor((20 − 20)/4) = 0).
    @Test func resizeTheGridCannotLayOut() throws {
        let trace = Self.trace([TraceEvent(frame: 1, .resize(Size(width: 480, height: 320))), TraceEvent(frame: 2, .resize(Size(width: 20, height: 480)))])
        let error = expectInputError(file: "rotate.json", field: "events[1]", value: "resize") {
            try Replay(spec: Self.spec(), trace: trace, tracePath: "rotate.json")
        }
        #expect(error?.expected.contains("container.width") == true)
        // 21 pt is still too narrow (floor(1/4) = 0); 24 pt gives tiles 1 pt wide.
        #expect(throws: InputError.self) {
            try Replay(spec: Self.spec(), trace: Self.trace([TraceEvent(frame: 0, .resize(Size(width: 21, height: 480)))]), tracePath: "r.json")
        }
        #expect(throws: Never.self) {
            try Replay(spec: Self.spec(), trace: Self.trace([TraceEvent(frame: 0, .resize(Size(width: 24, height: 480)))]), tracePath: "r.json")
        }
    }

    @Test func startingViewportTheGridCannotLayOut() throws {
        expectInputError(file: "narrow.json", field: "viewport") {
            try Replay(spec: Self.spec(), trace: Self.trace([], width: 20), tracePath: "narrow.json")
        }
    }
}
