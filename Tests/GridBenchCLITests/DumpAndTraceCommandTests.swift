import Foundation
import GridCore
import GridHarness
import Testing

/// One element as `gridbench dump` prints it.
struct DumpedElement: Decodable, Equatable, CustomStringConvertible {
    struct Frame: Decodable, Equatable {
        var x, y, width, height: Double
    }

    var kind: String
    var section: Int
    var item: Int
    var frame: Frame

    init(_ kind: String, _ section: Int, _ item: Int, _ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.kind = kind
        self.section = section
        self.item = item
        frame = Frame(x: x, y: y, width: width, height: height)
    }

    var description: String { "\(kind) \(section).\(item) (\(frame.x), \(frame.y), \(frame.width), \(frame.height))" }
}

@Suite struct DumpCommandTests {
    /// Two sections, of 5 and 3 tiles, in CHGridView's grid.
    static let small = #"{"layout": "tile-grid", "container": {"width": 320, "height": 480}, "sections": [5, 3], "tilesPerLine": 4, "rowHeight": 79, "padding": {"width": 4, "height": 4}, "sectionTitleHeight": 22}"#

    /// docs/architecture.md's formulas with W = 320, n = 4, h = 79, pw = ph = 4, t = 22:
    /// w = floor((320 − 4·5)/4) = 75, tiles 75 × (79 − 4) = 75 × 75, x = 4 + col·79;
    /// section 0: top 0, header (0, 0, 320, 22), row 0 at y = 0 + 22 + 0·79 + 4 = 26,
    /// row 1 at 105; section 1: top = 0 + 22 + 2·79 + 4 = 184, header (0, 184, 320, 22),
    /// row 0 at 184 + 22 + 4 = 210.
    static let header0 = DumpedElement("section-header", 0, 0, 0, 0, 320, 22)
    static let row0 = (0..<4).map { DumpedElement("cell", 0, $0, 4 + Double($0) * 79, 26, 75, 75) }
    static let tile4 = DumpedElement("cell", 0, 4, 4, 105, 75, 75)
    static let header1 = DumpedElement("section-header", 1, 0, 0, 184, 320, 22)
    static let section1 = (0..<3).map { DumpedElement("cell", 1, $0, 4 + Double($0) * 79, 210, 75, 75) }

    @Test func firstRowByHand() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write(Self.small, to: "small.json")
        let result = try GridBench.run(["dump", "--spec", spec, "--rect", "0,0,320,100"])
        #expect(result.status == Exit.success, "\(result)")
        let elements = try JSONDecoder().decode([DumpedElement].self, from: Data(result.stdout.utf8))
        // Row 1 starts at y = 105, outside [0, 100).
        #expect(elements == [Self.header0] + Self.row0)
    }

    @Test func everyElementWithoutARect() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write(Self.small, to: "small.json")
        for strategy in ["on-demand", "cached", "scan", "adaptive"] {
            let result = try GridBench.run(["dump", "--spec", spec, "--strategy", strategy, "--out", scratch.path("all-\(strategy).json")])
            #expect(result.status == Exit.success, "\(result)")
            let elements = try JSONDecoder().decode([DumpedElement].self, from: Data(contentsOf: scratch.file("all-\(strategy).json")))
            #expect(elements == [Self.header0] + Self.row0 + [Self.tile4, Self.header1] + Self.section1, "\(strategy)")
        }
    }

    @Test func badRectOrSpec() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.write(Self.small, to: "small.json")
        let rect = try GridBench.run(["dump", "--spec", spec, "--rect", "0,0,320"])
        #expect(rect.status == Exit.usage, "\(rect)")
        let strategy = try GridBench.run(["dump", "--spec", spec, "--strategy", "fastest"])
        #expect(strategy.status == Exit.badInput, "\(strategy)")
        #expect(strategy.stderr.contains("strategy = fastest"))
    }
}

@Suite struct TraceCommandTests {
    @Test func generateIsDeterministicAndMatchesTheLibrary() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.copyDataset("specs/scale-1000.json")
        let arguments = ["trace", "generate", "--spec", spec.path, "--kind", "drag", "--seed", "3", "--hz", "60", "--seconds", "2"]
        let first = try GridBench.run(arguments + ["--out", scratch.path("a.json")])
        let second = try GridBench.run(arguments + ["--out", scratch.path("b.json")])
        #expect(first.status == Exit.success, "\(first)")
        #expect(second.status == Exit.success, "\(second)")
        let a = try Data(contentsOf: scratch.file("a.json")), b = try Data(contentsOf: scratch.file("b.json"))
        #expect(a == b)
        let trace = try ScrollTrace.load(from: scratch.file("a.json"))
        #expect(trace.refreshHz == 60 && trace.name == "drag-60hz")
        #expect(trace.frameCount >= 120 && trace.frameCount < 120 + 60 + 2)
        // The same trace the library generates.
        let library = try TraceGenerator(spec: LayoutSpec.load(from: spec)).generate(.init(kind: .drag, seed: 3, refreshHz: 60, seconds: 2))
        #expect(trace == library)
        // Another seed, another trace.
        let other = try GridBench.run(["trace", "generate", "--spec", spec.path, "--kind", "drag", "--seed", "4", "--hz", "60", "--seconds", "2", "--out", scratch.path("c.json")])
        #expect(other.status == Exit.success)
        #expect(try Data(contentsOf: scratch.file("c.json")) != a)
    }

    @Test func generateRefusesAnUnknownKind() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.copyDataset("specs/scale-100.json")
        let result = try GridBench.run(["trace", "generate", "--spec", spec.path, "--kind", "spin", "--out", scratch.path("spin.json")])
        #expect(result.status == Exit.badInput, "\(result)")
        #expect(result.stderr.contains("--kind = spin: expected one of fling, fast-fling, drag"), "\(result)")
        #expect(!scratch.exists("spin.json"))
        let hz = try GridBench.run(["trace", "generate", "--spec", spec.path, "--kind", "drag", "--hz", "0", "--out", scratch.path("hz.json")])
        #expect(hz.status == Exit.badInput, "\(hz)")
        #expect(hz.stderr.contains("\(spec.path): --hz = 0: expected frames per second in 1...1000"), "\(hz)")
    }

    /// A typing session types into a span grid's cells: over a tile grid the command exits 2
    /// naming the spec, the field and the value, and writes nothing.
    @Test func typingRefusesALayoutThatIsNotASpanGrid() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let spec = try scratch.copyDataset("specs/scale-100.json")
        let result = try GridBench.run(["trace", "generate", "--spec", spec.path, "--kind", "typing", "--out", scratch.path("typing.json")])
        #expect(result.status == Exit.badInput, "\(result)")
        #expect(result.stderr.contains("\(spec.path): layout = tile-grid: expected a span grid"), "\(result)")
        #expect(!scratch.exists("typing.json"))
    }

    /// Rows at 0, 100 and 200 ms: the offset climbs 6 pt per ms to 600, then rests. At
    /// 60 Hz, frames fall every 16⅔ ms from 0 to 200: 13 frames; frame 3, at 50 ms, is at 300.
    @Test func importResamplesACSVFile() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let csv = try scratch.write("timestamp_ms,offset\n0,0\n100,600\n\n200,600\n", to: "app-log.csv")
        let result = try GridBench.run(["trace", "import", "--csv", csv, "--hz", "60", "--out", scratch.path("imported.json")])
        #expect(result.status == Exit.success, "\(result)")
        let trace = try ScrollTrace.load(from: scratch.file("imported.json"))
        #expect(trace.name == "app-log")
        #expect(trace.refreshHz == 60 && trace.viewport == Size(width: 320, height: 480))
        #expect(trace.frameCount == 13)
        let ys = trace.offsets.map(\.y)
        for (k, y) in ys.enumerated() {
            let t = Double(k) * 1000 / 60
            #expect(abs(y - min(6 * t, 600)) < 1e-9, "frame \(k)")
        }
        #expect(abs(ys[3] - 300) < 1e-9)
        #expect(trace.events.isEmpty)
    }

    @Test func importWithAViewportAndAName() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let csv = try scratch.write("0,10\n50,20\n", to: "log.csv")
        let result = try GridBench.run(["trace", "import", "--csv", csv, "--hz", "100", "--viewport", "480x320", "--name", "mine", "--out", scratch.path("t.json")])
        #expect(result.status == Exit.success, "\(result)")
        let trace = try ScrollTrace.load(from: scratch.file("t.json"))
        #expect(trace.name == "mine" && trace.viewport == Size(width: 480, height: 320))
        let ys = trace.offsets.map(\.y)
        #expect(ys.count == 6)
        for (k, y) in ys.enumerated() { #expect(abs(y - (10 + 2 * Double(k))) < 1e-9, "frame \(k)") }
    }

    @Test(arguments: [
        ("0,0\n10,5\n20,abc\n", "line 3.offset = abc"),
        ("0,0\n\n10,5\r\n\r\n20,abc\n", "line 5.offset = abc"),
        ("timestamp_ms,offset\n0,0\n10,5,7\n", "line 3 = 3 fields"),
        ("0,0\n10,5\n10,6\n", "line 3.timestamp_ms = 10"),
        ("0,0\nsoon,5\n", "line 2.timestamp_ms = soon"),
        ("timestamp_ms,offset\n", "(document) = no rows"),
    ])
    func importRefusesABadRowNamingTheLine(csv: String, message: String) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = try scratch.write(csv, to: "LOG.csv")
        let result = try GridBench.run(["trace", "import", "--csv", path, "--hz", "60", "--out", scratch.path("out.json")])
        #expect(result.status == Exit.badInput, "\(result)")
        #expect(result.stderr.contains("\(path): \(message)"), "\(result)")
        #expect(!scratch.exists("out.json"))
    }

    @Test func importOfAMissingFile() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let result = try GridBench.run(["trace", "import", "--csv", scratch.path("none.csv"), "--out", scratch.path("out.json")])
        #expect(result.status == Exit.badInput, "\(result)")
        #expect(result.stderr.contains("\(scratch.path("none.csv")): (file) = missing: expected a readable file"), "\(result)")
    }
}
