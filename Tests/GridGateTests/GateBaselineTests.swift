import Foundation
@testable import GridGate
import GridCore
import GridHarness
import Testing

@Suite struct GateBaselineTests {
    static let environment = GateEnvironment(
        toolchain: "Swift version 6.3.1 (swift-6.3.1-RELEASE)", valgrind: "valgrind-3.19.0", arch: "x86_64", build: "release",
        allocator: "jemalloc 5.3.0")

    static func baseline(instructions: Int = 1000, thresholds: GateThresholds = .defaults) -> GateBaseline {
        GateBaseline(
            mode: .instructions, environment: environment, plan: "plan.json", runs: 3, thresholds: thresholds,
            workloads: [
                GateBaseline.Workload(
                    id: "tile-grid/tiny/cached/scroll", definition: "scroll trace.json frames 1..<11 · cached", kind: .scroll, frames: 10,
                    thresholds: thresholds, figures: GateFigures(instructions: instructions, allocations: 0, allocatedBytes: 0, frames: 10)),
                GateBaseline.Workload(
                    id: "tile-grid/tiny/cached/prepare", definition: "prepare spec.json in 320.0×480.0 · cached", kind: .prepare, frames: 0,
                    thresholds: thresholds, figures: GateFigures(instructions: 5000, allocations: 4, allocatedBytes: 2048, retainedBytes: 1024)),
            ])
    }

    static func encoded(_ baseline: GateBaseline) throws -> String {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let url = workspace.url.appendingPathComponent("b.json")
        try JSONFiles.write(baseline, to: url)
        return String(decoding: try Data(contentsOf: url), as: UTF8.self)
    }

    /// Writes `text` as a baseline and loads it.
    static func load(_ text: String?) throws -> GateBaseline {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let url = workspace.url.appendingPathComponent("baseline.json")
        if let text { try workspace.write(text, to: "baseline.json") }
        return try GateBaseline.load(from: url, recordCommand: "gridbench gate record")
    }

    @Test func roundTrip() throws {
        let baseline = Self.baseline()
        #expect(try Self.load(try Self.encoded(baseline)) == baseline)
        let text = try Self.encoded(baseline)
        #expect(text.contains(#""schemaVersion" : 1"#))
        #expect(text.contains(#""instructionsPerFrame" : 100"#))
    }

    /// Missing, empty, truncated, corrupt: each names the file and says how to record one.
    @Test func unreadable() throws {
        let full = try Self.encoded(Self.baseline())
        for (text, value) in [(nil, "missing"), ("", "empty"), (String(full.prefix(full.count / 2)), nil), ("not json", nil)] as [(String?, String?)] {
            let error = try #require(throws: InputError.self) { try Self.load(text) }
            #expect(error.file.hasSuffix("baseline.json"))
            if let value { #expect(error.value == value) }
            #expect(error.expected.contains("gridbench gate record --out"), "\(error)")
        }
    }

    @Test func refusals() throws {
        let full = try Self.encoded(Self.baseline())
        let cases: [(String, String)] = [
            (full.replacingOccurrences(of: #""schemaVersion" : 1"#, with: #""schemaVersion" : 7"#), "schemaVersion"),
            (full.replacingOccurrences(of: #""instructions" : 1000"#, with: #""instructions" : -3"#), "workloads[0].figures.instructions"),
            (full.replacingOccurrences(of: #""instructions" : 1000,"#, with: ""), "workloads[0].figures.instructions"),
            (full.replacingOccurrences(of: #""retainedBytes" : 0.01"#, with: #""retainedBytes" : -0.5"#), "workloads[0].thresholds.retainedBytes"),
            (full.replacingOccurrences(of: "tile-grid/tiny/cached/prepare", with: "tile-grid/tiny/cached/scroll"), "workloads[1].id"),
            (full.replacingOccurrences(of: #""runs" : 3"#, with: #""runs" : 0"#), "runs"),
        ]
        for (text, field) in cases {
            let error = try #require(throws: InputError.self) { try Self.load(text) }
            #expect(error.field == field, "\(error)")
        }
    }

    /// A baseline from another toolchain, valgrind, architecture or build is refused, naming
    /// the field, both values and how to re-record.
    @Test(arguments: ["toolchain", "valgrind", "arch", "build", "allocator"])
    func otherEnvironment(field: String) throws {
        var here = Self.environment
        switch field {
        case "toolchain": here.toolchain = "Swift version 6.4 (swift-6.4-RELEASE)"
        case "valgrind": here.valgrind = "valgrind-3.22.0"
        case "arch": here.arch = "aarch64"
        case "build": here.build = "debug"
        default: here.allocator = "jemalloc 5.2.1"
        }
        let error = try #require(throws: InputError.self) {
            try Self.baseline().checkRecorded(on: here, path: "reports/gate-baseline.json", recordCommand: "gridbench gate record")
        }
        #expect(error.file == "reports/gate-baseline.json")
        #expect(error.field == "environment.\(field)")
        #expect(error.expected.contains("re-record the baseline on this machine kind with `gridbench gate record --out reports/gate-baseline.json`"))
        // The OS is informational.
        var os = Self.environment
        os.os = "another"
        try Self.baseline().checkRecorded(on: os, path: "b.json", recordCommand: "r")
    }
}
