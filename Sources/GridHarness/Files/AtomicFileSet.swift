#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import GridConformance
import GridCore

/// Files that belong together, written so that a reader finds all of the old ones or all
/// of the new ones: a report's results, Markdown, HTML and charts.
///
/// Every file is first written whole into a hidden staging directory beside them,
/// `.gridbench-set-<pid>`; a failure there (a full disk) removes it and leaves every old
/// file as it was. Then a `COMPLETE` list is written in it, and each file is renamed into
/// place. A process killed during those renames leaves the staging directory with its
/// list: the next set written in that directory finishes the renames first (all new), and
/// a staging directory without the list, from a process killed while writing, is removed
/// (all old).
public struct AtomicFileSet {
    public let directory: URL
    private var files: [(path: String, data: Data)] = []

    public init(directory: URL) {
        self.directory = directory
    }

    /// Adds a file at `relativePath` (such as `charts/scale.svg`) under the directory.
    public mutating func add(_ relativePath: String, _ data: Data) {
        files.append((relativePath, data))
    }

    public mutating func add(_ relativePath: String, text: String) {
        add(relativePath, Data(text.utf8))
    }

    static let marker = "COMPLETE"
    static let prefix = ".gridbench-set-"

    /// Writes every file, and returns their URLs.
    ///
    /// - Throws: ``GridCore/OutputFailure`` naming the file that could not be written.
    @discardableResult
    public func commit() throws(OutputFailure) -> [URL] {
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw OutputFailure(target: directory.path, reason: "the directory could not be made (\(AtomicFileWriter.reason(error)))")
        }
        Self.recover(in: directory)
        for parent in Set(files.map { directory.appendingPathComponent($0.path).deletingLastPathComponent().path }) {
            AtomicFileWriter.removeLeftovers(in: URL(fileURLWithPath: parent))
        }
        let staging = directory.appendingPathComponent(Self.prefix + "\(getpid())")
        try? manager.removeItem(at: staging)
        do {
            for file in files {
                try AtomicFileWriter.write(file.data, to: staging.appendingPathComponent(file.path))
            }
            try AtomicFileWriter.write(Data(files.map(\.path).joined(separator: "\n").utf8), to: staging.appendingPathComponent(Self.marker))
        } catch {
            try? manager.removeItem(at: staging)
            // Name the file in the report's directory rather than its staged copy.
            throw OutputFailure(target: error.target.replacingOccurrences(of: staging.path, with: directory.path), reason: error.reason)
        }
        // Every target's directory made, and no target a directory, before the first rename:
        // a set that cannot be placed whole is not placed at all.
        for file in files {
            let target = directory.appendingPathComponent(file.path)
            var isDirectory: ObjCBool = false
            let parentIsDirectory = (try? manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)) != nil
            guard parentIsDirectory, !(manager.fileExists(atPath: target.path, isDirectory: &isDirectory) && isDirectory.boolValue) else {
                try? manager.removeItem(at: staging)
                throw OutputFailure(
                    target: target.path,
                    reason: parentIsDirectory ? "it is a directory" : "its directory \(target.deletingLastPathComponent().path) could not be made")
            }
        }
        try Self.finish(staging, into: directory, paths: files.map(\.path))
        return files.map { directory.appendingPathComponent($0.path) }
    }

    /// Moves the staged files into place, then removes the staging directory.
    private static func finish(_ staging: URL, into directory: URL, paths: [String]) throws(OutputFailure) {
        for path in paths {
            let from = staging.appendingPathComponent(path), to = directory.appendingPathComponent(path)
            guard FileManager.default.fileExists(atPath: from.path) else { continue }  // moved before a kill
            try? FileManager.default.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
            guard rename(from.path, to.path) == 0 else {
                throw OutputFailure(target: to.path, reason: String(cString: strerror(errno)))
            }
        }
        try? FileManager.default.removeItem(at: staging)
    }

    /// Finishes or removes the staging directories that killed processes left in
    /// `directory`.
    public static func recover(in directory: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), pid != getpid(), !isRunning(pid) else { continue }
            let staging = directory.appendingPathComponent(name)
            if let list = try? String(contentsOf: staging.appendingPathComponent(marker), encoding: .utf8) {
                try? finish(staging, into: directory, paths: list.split(separator: "\n").map(String.init))
            }
            try? FileManager.default.removeItem(at: staging)
        }
    }

    private static func isRunning(_ pid: Int32) -> Bool {
        pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
    }
}
