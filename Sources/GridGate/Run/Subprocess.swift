import Foundation

/// Running another program and waiting for it.
enum Subprocess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `executable arguments…` in `directory`, with exactly `environment` when given
    /// (this process's otherwise), and waits. Output goes through files in `scratch`, so
    /// that neither pipe can fill up and stall the child.
    static func run(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil, in directory: URL? = nil, scratch: URL) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        let out = scratch.appendingPathComponent("stdout"), err = scratch.appendingPathComponent("stderr")
        try Data().write(to: out)
        try Data().write(to: err)
        let outHandle = try FileHandle(forWritingTo: out), errHandle = try FileHandle(forWritingTo: err)
        defer {
            try? outHandle.close()
            try? errHandle.close()
        }
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return Result(
            status: process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }

    /// The first executable named `name` on `PATH`.
    static func find(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// The first line `name arguments…` prints, or `nil` when it is not on `PATH` or fails
    /// three times running.
    ///
    /// It is tried again because a toolchain's name is compared with the baseline's: on a
    /// loaded machine (CI, with many gate processes at once) one `swift --version` in a few
    /// hundred was seen to fail, and the check then refused a baseline of this very
    /// toolchain.
    static func firstLine(of name: String, _ arguments: [String]) -> String? {
        guard let executable = find(name) else { return nil }
        for _ in 0 ..< 3 {
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("gridbench-gate-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: scratch) }
            guard (try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)) != nil,
                  let result = try? run(executable, arguments, scratch: scratch), result.status == 0
            else { continue }
            let line = (result.stdout + result.stderr).split(whereSeparator: \.isNewline).first.map(String.init)
            if let line { return line.trimmingCharacters(in: .whitespaces) }
        }
        return nil
    }

    /// This program's own executable, to run it again as a child.
    static var currentExecutable: URL? {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return URL(fileURLWithPath: path) }
        #endif
        return Bundle.main.executableURL
    }
}
