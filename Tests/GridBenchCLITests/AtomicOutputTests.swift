import Foundation
import Testing

/// Nothing half-written: a command that fails on bad input leaves the file named by
/// `--json` or `--out` as it was (absent, or with its previous content), and no stray
/// temporary files beside it.
@Suite struct AtomicOutputTests {
    static let previous = "previous content\n"

    /// Runs `arguments` (with `OUT` replaced by the output's path) twice: once with no
    /// output file, once over an existing one. Both must fail with bad input and leave the
    /// directory as it was.
    static func expectUntouched(_ arguments: [String], setUp: (Scratch) throws -> Void = { _ in }, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for existing in [false, true] {
            let scratch = try Scratch()
            defer { scratch.remove() }
            try setUp(scratch)
            if existing { try scratch.write(previous, to: "OUT") }
            let before = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted()
            let result = try GridBench.run(arguments.map { $0 == "OUT" ? scratch.path("OUT") : $0.replacingOccurrences(of: "SCRATCH/", with: scratch.url.path + "/") }, sourceLocation: sourceLocation)
            #expect(result.status == Exit.badInput, "\(result)", sourceLocation: sourceLocation)
            #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted() == before, sourceLocation: sourceLocation)
            if existing {
                #expect(try scratch.text("OUT") == previous, sourceLocation: sourceLocation)
            } else {
                #expect(!scratch.exists("OUT"), sourceLocation: sourceLocation)
            }
        }
    }

    static func badSpec(_ scratch: Scratch) throws {
        try scratch.write(#"{"layout": "tile-grid", "container": {"width": 320, "height": 480}, "sections": [4], "tilesPerLine": 0}"#, to: "bad.json")
        try scratch.write(#"{"schemaVersion": 1, "refreshHz": 60, "viewport": {"width": 320, "height": 480}, "offsets": [0]}"#, to: "t.json")
    }

    @Test func runJSON() throws {
        try Self.expectUntouched(["run", "--dataset", "scale-100", "--trace", "tour-120hz", "--strategy", "fastest"] + quickMeasure + ["--json", "OUT"])
        try Self.expectUntouched(["run", "--spec", "SCRATCH/bad.json", "--trace", "SCRATCH/t.json"] + quickMeasure + ["--json", "OUT"], setUp: Self.badSpec)
    }

    @Test func dumpOut() throws {
        try Self.expectUntouched(["dump", "--spec", "SCRATCH/bad.json", "--out", "OUT"], setUp: Self.badSpec)
    }

    @Test func traceOut() throws {
        try Self.expectUntouched(["trace", "generate", "--spec", "SCRATCH/bad.json", "--kind", "drag", "--out", "OUT"], setUp: Self.badSpec)
        try Self.expectUntouched(["trace", "import", "--csv", "SCRATCH/log.csv", "--out", "OUT"]) { scratch in
            try scratch.write("0,0\n10,20\n20,x\n", to: "log.csv")
        }
    }

    @Test func reportOut() throws {
        try Self.expectUntouched(["report", "--dataset", "scale-7"] + quickMeasure + ["--out", "OUT"])
    }
}
