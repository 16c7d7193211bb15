import Foundation
import Testing

/// Instruction counts are a property of the code, not of where it was cloned or run from:
/// the same workloads, recorded by copies of the gate tool at paths of different lengths,
/// from plans of different names in directories of different depths, from different
/// working directories and with environments of different sizes, count the same.
@Suite struct GateDeterminismTests {
    /// Records `plan` with the tool at `tool`, from `directory`, with `environment` added to
    /// this process's, and returns every workload's figures. A record that fails throws
    /// ``RecordFailed`` with what it printed on standard error.
    static func record(tool: URL, plan: URL, out: URL, in directory: URL, environment: [String: String]) throws -> [String: [String: Double]] {
        let process = Process()
        process.executableURL = tool
        process.arguments = ["record", "--runs", "1", "--plan", plan.path, "--out", out.path]
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let errors = out.deletingPathExtension().appendingPathExtension("stderr")
        try Data().write(to: errors)
        let errorHandle = try FileHandle(forWritingTo: errors)
        defer { try? errorHandle.close() }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errorHandle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let printed = String(decoding: (try? Data(contentsOf: errors)) ?? Data(), as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw RecordFailed(description: "\(tool.path) record --plan \(plan.path) exited \(process.terminationStatus): \(printed.suffix(2000))")
        }
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
        // Four places whose tool lies 0, 16, 32 and 48 characters further from the plan (a
        // stack that moved with the path would move by every residue of a cache line), each
        // with a plan of another name, run from another directory, with another environment.
        var places: [(tool: URL, plan: URL, directory: URL, environment: [String: String])] = []
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
            places.append((tool, plan, index.isMultiple(of: 2) ? scratch.url : bin,
                           ["GRIDBENCH_TEST_VARIABLE": String(repeating: "x", count: 3000 * index)]))
        }
        var attempt = 0
        func record(_ index: Int) throws -> [String: [String: Double]] {
            attempt += 1
            let place = places[index]
            return try Self.record(
                tool: place.tool, plan: place.plan, out: scratch.file("baseline-\(index)-\(attempt).json"),
                in: place.directory, environment: place.environment)
        }
        let first = try record(0)
        #expect(first.count == 2, "a prepare and a scroll workload: \(first.keys.sorted())")
        #expect(first.values.allSatisfy { $0["instructions"] != nil })
        for index in 1 ..< 4 {
            var figures: [String: [String: Double]]?
            var failure = ""
            do { figures = try record(index) } catch { failure = "\(error)" }
            if figures == first { continue }
            // What depends on the place depends on it every time: a place that differs is
            // recorded again, with place 0, and must differ again to fail. (One record in
            // CI's loaded test run failed this test once, and never here: a second record
            // tells such a one-off from a count that follows the path.)
            print("GateDeterminismTests: place \(index) against place 0, recorded again: \(figures.map { "\($0)" } ?? failure) against \(first)")
            let again = try record(index), firstAgain = try record(0)
            #expect(again == firstAgain, "place \(index) against place 0, each recorded twice: \(again) against \(firstAgain)")
        }
    }

    struct RecordFailed: Error, CustomStringConvertible {
        var description: String
    }

    /// The tiny plan of `GateCommandTests`: a prepare and sixteen scroll frames.
    static func placesOfTwoLengths() throws -> Scratch {
        try GateCommandTests.workspace(
            layout: "tile-grid-planted", extraWork: 0,
            entry: #""strategies": ["on-demand"], "prepare": true, "scroll": {"trace": "trace.json", "start": 1, "frames": 16}"#)
    }
}
