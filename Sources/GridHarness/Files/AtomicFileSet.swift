#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import GridConformance
import GridCore

/// Files that belong together, written so that the directory holds all of the old ones or
/// all of the new ones at every moment, even when the writer is killed: a report's results,
/// Markdown, HTML and charts.
///
/// The new directory is built whole beside the old one, as `.<name>.gridbench-set-<pid>`:
/// the old directory's other files are linked into it (so they stay), then every file of
/// the set is written. Then one system call swaps the two directory entries
/// (`renameat2(RENAME_EXCHANGE)` on Linux, `renamex_np(RENAME_SWAP)` on Darwin), and the old
/// directory, now under the hidden name, is removed. A failure before the swap (a full
/// disk) removes the new one and leaves the old as it was.
///
/// Where a swap cannot be made (a file system without it, a mount point, or a directory that
/// is this process's working directory or holds it, which a swap would leave deleted under
/// the shell that ran us), the files are renamed into place one by one after a list of
/// them is written in the hidden directory; the next set written there finishes the renames
/// of a process killed among them.
///
/// Each commit first removes what killed writers left: hidden sets of processes that no
/// longer run (finishing their renames where their list says so), and their temporary files.
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

    /// The list of files of a set being renamed into place one by one.
    static let marker = ".gridbench-set-complete"
    /// The name of a hidden set inside its directory, as versions before 0.9 wrote it.
    static let legacyPrefix = ".gridbench-set-"

    /// The hidden name a set for `directory` is built under by process `pid`.
    static func stagingName(for directory: URL, pid: Int32 = getpid()) -> String {
        ".\(directory.lastPathComponent).gridbench-set-\(pid)"
    }

    /// Writes every file, and returns their URLs.
    ///
    /// - Throws: `OutputFailure` naming the file that could not be written.
    @discardableResult
    public func commit() throws(OutputFailure) -> [URL] {
        let manager = FileManager.default
        let target = Self.resolved(directory)
        let parent = target.deletingLastPathComponent()
        do {
            try manager.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw OutputFailure(target: directory.path, reason: "the directory could not be made (\(AtomicFileWriter.reason(error)))")
        }
        Self.removeLeftovers(for: target)
        try checkTargets(in: target)

        let staging = parent.appendingPathComponent(Self.stagingName(for: target))
        try? manager.removeItem(at: staging)
        let exists = manager.fileExists(atPath: target.path)
        do throws(OutputFailure) {
            do {
                try manager.createDirectory(at: staging, withIntermediateDirectories: false)
            } catch {
                throw OutputFailure(target: directory.path, reason: "the directory could not be made (\(AtomicFileWriter.reason(error)))")
            }
            if exists {
                if let mode = (try? manager.attributesOfItem(atPath: target.path))?[.posixPermissions] as? Int {
                    chmod(staging.path, mode_t(mode))
                }
                try Self.link(from: target, into: staging, except: Set(files.map(\.path)))
            }
            for file in files {
                try AtomicFileWriter.write(file.data, to: staging.appendingPathComponent(file.path))
            }
        } catch {
            try? manager.removeItem(at: staging)
            // Name the file in the report's directory rather than its staged copy.
            throw OutputFailure(target: error.target.replacingOccurrences(of: staging.path, with: target.path), reason: error.reason)
        }

        if !Self.holdsWorkingDirectory(target) {
            var status: Int32 = 0
            if !exists {
                status = rename(staging.path, target.path) == 0 ? 0 : errno
                if status == EEXIST || status == ENOTEMPTY { status = DirectoryExchange.swap(staging.path, target.path) }
            } else {
                status = DirectoryExchange.swap(staging.path, target.path)
            }
            if status == 0 {
                try? manager.removeItem(at: staging)
                return files.map { directory.appendingPathComponent($0.path) }
            }
            guard [EINVAL, ENOSYS, ENOTSUP, EBUSY, EXDEV, EPERM].contains(status) else {
                try? manager.removeItem(at: staging)
                throw OutputFailure(target: target.path, reason: String(cString: strerror(status)))
            }
        }
        // No swap: file by file, after the list.
        do throws(OutputFailure) {
            try AtomicFileWriter.write(Data(files.map(\.path).joined(separator: "\n").utf8), to: staging.appendingPathComponent(Self.marker))
        } catch {
            try? manager.removeItem(at: staging)
            throw error
        }
        try Self.finish(staging, into: target, paths: files.map(\.path))
        return files.map { directory.appendingPathComponent($0.path) }
    }

    /// Every target's directory can be made, and no target is a directory: a set that
    /// cannot be placed whole is not placed at all.
    private func checkTargets(in target: URL) throws(OutputFailure) {
        let manager = FileManager.default
        var isTargetDirectory: ObjCBool = true
        if manager.fileExists(atPath: target.path, isDirectory: &isTargetDirectory), !isTargetDirectory.boolValue {
            throw OutputFailure(target: directory.path, reason: "it is a file, not a directory")
        }
        for file in files {
            var path = target
            for component in file.path.split(separator: "/").dropLast() {
                path.appendPathComponent(String(component))
                var isDirectory: ObjCBool = false
                if manager.fileExists(atPath: path.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                    throw OutputFailure(
                        target: directory.appendingPathComponent(file.path).path,
                        reason: "its directory \(path.path) could not be made")
                }
            }
            var isDirectory: ObjCBool = false
            if manager.fileExists(atPath: target.appendingPathComponent(file.path).path, isDirectory: &isDirectory), isDirectory.boolValue {
                throw OutputFailure(target: directory.appendingPathComponent(file.path).path, reason: "it is a directory")
            }
        }
    }

    /// Hard-links every entry under `source` into `destination` (directories made anew),
    /// except the relative paths in `except` and the temporary files of writers: the old
    /// directory's other files then stay in the new one, at no copy. Where a link cannot be
    /// made, the file is copied.
    private static func link(from source: URL, into destination: URL, except: Set<String>, prefix: String = "") throws(OutputFailure) {
        let manager = FileManager.default
        let names: [String]
        do {
            names = try manager.contentsOfDirectory(atPath: source.path)
        } catch {
            throw OutputFailure(target: source.path, reason: "it could not be read (\(AtomicFileWriter.reason(error)))")
        }
        for name in names.sorted() {
            let relative = prefix + name
            if except.contains(relative) || name.hasPrefix(legacyPrefix) || name == marker { continue }
            let from = source.appendingPathComponent(name), to = destination.appendingPathComponent(name)
            var info = stat()
            guard lstat(from.path, &info) == 0 else { continue }  // gone meanwhile
            if (info.st_mode & S_IFMT) == S_IFDIR {
                guard mkdir(to.path, info.st_mode & 0o7777) == 0 || errno == EEXIST else {
                    throw OutputFailure(target: to.path, reason: String(cString: strerror(errno)))
                }
                try link(from: from, into: to, except: except, prefix: relative + "/")
            } else if Glibc_link(from.path, to.path) != 0 {
                do {
                    try manager.copyItem(at: from, to: to)
                } catch {
                    throw OutputFailure(target: to.path, reason: AtomicFileWriter.reason(error))
                }
            }
        }
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

    /// Removes what writers of a set in `directory` left when they were killed: the hidden
    /// sets beside it of processes that no longer run (a set killed while renaming its
    /// files one by one is finished first, from its list), hidden sets inside it as older
    /// versions wrote them, and their temporary files in it.
    public static func removeLeftovers(for directory: URL) {
        let target = resolved(directory)
        let parent = target.deletingLastPathComponent()
        let prefix = ".\(target.lastPathComponent).gridbench-set-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? [] {
            guard let pid = DirectoryExchange.pid(in: name, after: prefix), pid != getpid(), !DirectoryExchange.isRunning(pid) else { continue }
            let staging = parent.appendingPathComponent(name)
            if let list = try? String(contentsOf: staging.appendingPathComponent(marker), encoding: .utf8) {
                try? finish(staging, into: target, paths: list.split(separator: "\n").map(String.init))
            }
            try? FileManager.default.removeItem(at: staging)
        }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: target.path)) ?? [] {
            guard let pid = DirectoryExchange.pid(in: name, after: legacyPrefix), pid != getpid(), !DirectoryExchange.isRunning(pid) else { continue }
            let staging = target.appendingPathComponent(name)
            if let list = try? String(contentsOf: staging.appendingPathComponent("COMPLETE"), encoding: .utf8) {
                try? finish(staging, into: target, paths: list.split(separator: "\n").map(String.init))
            }
            try? FileManager.default.removeItem(at: staging)
        }
        AtomicFileWriter.removeLeftovers(in: target)
    }

    /// `directory` as an absolute path with its symbolic links resolved: the swap replaces
    /// the directory a link points to, never the link.
    static func resolved(_ directory: URL) -> URL {
        URL(fileURLWithPath: directory.path).standardizedFileURL.resolvingSymlinksInPath()
    }

    /// Whether this process's working directory is `directory` or lies inside it.
    private static func holdsWorkingDirectory(_ directory: URL) -> Bool {
        let working = resolved(URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).path
        return working == directory.path || working.hasPrefix(directory.path + "/")
    }
}

#if canImport(Glibc)
private let Glibc_link = Glibc.link
#elseif canImport(Darwin)
private let Glibc_link = Darwin.link
#endif
