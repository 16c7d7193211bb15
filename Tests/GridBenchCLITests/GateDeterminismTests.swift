import Foundation
import Testing

/// Instruction counts are a property of the code, not of where it was cloned or run from:
/// the same workloads, recorded by copies of the gate tool at paths of different lengths,
/// from plans of different names in directories of different depths, from different
/// working directories and with environments of different sizes, count the same.
@Suite struct GateDeterminismTests {
    /// Records `plan` with the tool at `tool`, from `directory`, with `environment` added to
    /// this process's, and returns every workload's figures.
    static func record(tool: URL, plan: URL, out: URL, in directory: URL, environment: [String: String]) throws -> [String: [String: Double]] {
        let process = Process()
        process.executableURL = tool
        process.arguments = ["record", "--runs", "1", "--plan", plan.path, "--out", out.path]
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(tool.path) record --plan \(plan.path) exited \(process.terminationStatus)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any])
        let workloads = try #require(document["workloads"] as? [[String: Any]])
        var figures: [String: [String: Double]] = [:]
        for workload in workloads {
            let id = try #require(workload["id"] as? String)
            figures[id] = try #require(workload["figures"] as? [String: Double])
        }
        return figures
    }

    @Test(.enabled(if: GateCommandTests.valgrindInstalled, GateCommandTests.skipMessage))
    func countsDoNotDependOnPathsNamesOrEnvironment() throws {
        let scratch = try Self.placesOfTwoLengths()
        defer { scratch.remove() }
        let built = try GridBench.binary("gridbench-gate-planted")
        var results: [[String: [String: Double]]] = []
        // Four places whose tool lies 0, 16, 32 and 48 characters further from the plan (a
        // stack that moved with the path would move by every residue of a cache line), each
        // with a plan of another name, run from another directory, with another environment.
        for index in 0 ..< 4 {
            let folder = scratch.file("place-\(index)")
            let bin = folder.appendingPathComponent("tools" + String(repeating: "/sixteen-chars-", count: index) + "/bin")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            let tool = bin.appendingPathComponent("gridbench-gate-planted")
            try FileManager.default.copyItem(at: built, to: tool)
            for name in ["spec.json", "trace.json"] {
                try FileManager.default.copyItem(at: scratch.file(name), to: folder.appendingPathComponent(name))
            }
            let plan = folder.appendingPathComponent("plan" + String(repeating: "-x", count: 5 * index) + ".json")
            try FileManager.default.copyItem(at: scratch.file("plan.json"), to: plan)
            results.append(try Self.record(
                tool: tool, plan: plan, out: scratch.file("baseline-\(index).json"),
                in: index.isMultiple(of: 2) ? scratch.url : bin,
                environment: ["GRIDBENCH_TEST_VARIABLE": String(repeating: "x", count: 3000 * index)]))
        }
        #expect(results[0].count == 2, "a prepare and a scroll workload: \(results[0].keys.sorted())")
        #expect(results[0].values.allSatisfy { $0["instructions"] != nil })
        for index in 1 ..< 4 { #expect(results[index] == results[0], "place \(index) against place 0") }
    }

    /// The tiny plan of `GateCommandTests`: a prepare and sixteen scroll frames.
    static func placesOfTwoLengths() throws -> Scratch {
        try GateCommandTests.workspace(
            layout: "tile-grid-planted", extraWork: 0,
            entry: #""strategies": ["on-demand"], "prepare": true, "scroll": {"trace": "trace.json", "start": 1, "frames": 16}"#)
    }
}
