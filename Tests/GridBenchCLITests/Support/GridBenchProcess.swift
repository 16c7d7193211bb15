import Foundation
import Testing

/// What one run of `gridbench` printed and how it exited.
struct CommandResult: CustomStringConvertible {
    var status: Int32
    var stdout: String
    var stderr: String

    var description: String { "exit \(status)\n--- stdout\n\(stdout)\n--- stderr\n\(stderr)" }
}

/// Runs the `gridbench` binary SwiftPM built next to this test bundle.
enum GridBench {
    /// The package root: the first directory above this file that holds `Package.swift`.
    static let root: URL = {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) { return directory }
            directory.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    }()

    static var datasets: URL { root.appendingPathComponent("datasets") }

    /// Where the binary may be: the products directory holding this test bundle (on Linux
    /// the `.xctest` executable itself lives there; elsewhere the bundle does), then the
    /// package's `.build/debug`.
    static var candidates: [URL] { candidates("gridbench") }

    /// Where the executable `name` SwiftPM built may be (see ``candidates``).
    static func candidates(_ name: String) -> [URL] {
        var directories: [URL] = []
        if let executable = Bundle.main.executableURL { directories.append(executable.deletingLastPathComponent()) }
        if let argument = CommandLine.arguments.first, argument.contains("/") {
            directories.append(URL(fileURLWithPath: argument).deletingLastPathComponent())
        }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            directories.append(bundle.bundleURL.deletingLastPathComponent())
        }
        directories.append(root.appendingPathComponent(".build/debug"))
        return directories.map { $0.appendingPathComponent(name) }
    }

    /// The binary, or a failed requirement that says where it was looked for.
    static func binary(_ name: String = "gridbench", sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        let candidates = candidates(name)
        let found = candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
        return try #require(
            found,
            "\(name) was not found; build it with `swift build --build-tests` (looked in: \(candidates.map(\.path).joined(separator: ", ")))",
            sourceLocation: sourceLocation)
    }

    /// Runs `gridbench arguments…` in `directory` (the package root by default, where
    /// `datasets/plan.json` is) and waits for it. Output goes through files, so that
    /// neither pipe can fill up and stall the child.
    static func run(
        _ arguments: [String], in directory: URL? = nil, executable: String = "gridbench", binaryURL: URL? = nil,
        environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> CommandResult {
        let process = Process()
        process.executableURL = try binaryURL ?? binary(executable, sourceLocation: sourceLocation)
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.currentDirectoryURL = directory ?? root
        let scratch = try Scratch()
        defer { scratch.remove() }
        let out = scratch.file("stdout"), err = scratch.file("stderr")
        try Data().write(to: out)
        try Data().write(to: err)
        let outHandle = try FileHandle(forWritingTo: out), errHandle = try FileHandle(forWritingTo: err)
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try outHandle.close()
        try errHandle.close()
        return CommandResult(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }
}

/// A fresh directory under the system's temporary directory, removed by ``remove()``.
struct Scratch {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("gridbench-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }
    func path(_ name: String) -> String { file(name).path }

    /// Writes `text` to `name`, creating parent directories, and returns its path.
    @discardableResult
    func write(_ text: String, to name: String) throws -> String {
        let target = file(name)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: target)
        return target.path
    }

    /// Copies `path` under the package's `datasets/` to the same path here.
    @discardableResult
    func copyDataset(_ path: String) throws -> URL {
        let target = file(path)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: GridBench.datasets.appendingPathComponent(path), to: target)
        return target
    }

    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path(name)) }

    func text(_ name: String) throws -> String { String(decoding: try Data(contentsOf: file(name)), as: UTF8.self) }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// The documented exit codes.
enum Exit {
    static let success: Int32 = 0
    static let fixtureMismatch: Int32 = 1
    static let badInput: Int32 = 2
    static let usage: Int32 = 64
}

/// Options that make a replay as short as one can be: one pass, no target, no memory.
let quickMeasure = ["--min-passes", "1", "--max-passes", "1", "--target-seconds", "0", "--no-memory"]
