#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Swapping two directory entries in one step, and the scratch folders of processes that
/// were killed.
enum DirectoryExchange {
    /// Swaps the entries at `first` and `second` (two paths on one file system) in one
    /// atomic step: each name then refers to what the other did. Returns 0, or the `errno`
    /// of the failure (`EINVAL` or `ENOSYS` where the file system or the system cannot).
    ///
    /// Linux's `renameat2(RENAME_EXCHANGE)` (3.15 and later), found at run time because
    /// Glibc's module map does not declare it; Darwin's `renamex_np(RENAME_SWAP)`.
    static func swap(_ first: String, _ second: String) -> Int32 {
        #if canImport(Glibc)
        guard let renameat2 = renameat2 else { return ENOSYS }
        return renameat2(AT_FDCWD, first, AT_FDCWD, second, renameExchange) == 0 ? 0 : errno
        #elseif canImport(Darwin)
        return renamex_np(first, second, UInt32(RENAME_SWAP)) == 0 ? 0 : errno
        #else
        return ENOSYS
        #endif
    }

    #if canImport(Glibc)
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    /// `RENAME_EXCHANGE` of `<linux/fs.h>`.
    private static let renameExchange: UInt32 = 1 << 1
    private static let renameat2: RenameAt2? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: RenameAt2.self)
    }()
    #endif

    /// Whether process `pid` exists.
    static func isRunning(_ pid: Int32) -> Bool {
        pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
    }

    /// The process ID a name carries after `prefix`, up to the next `-` (or the end).
    static func pid(in name: String, after prefix: String) -> Int32? {
        guard name.hasPrefix(prefix) else { return nil }
        return Int32(name.dropFirst(prefix.count).prefix { $0 != "-" })
    }
}

/// A scratch directory in the system's temporary directory, named after the process that
/// made it (`<prefix>-<pid>-<UUID>`), so that one a killed process left behind is known
/// as such and removed by the next process that makes one of the same kind.
public enum ScratchDirectory {
    /// Makes a new scratch directory, first removing those of `prefix` whose process no
    /// longer runs.
    ///
    /// - Throws: what creating the directory throws.
    public static func make(prefix: String, in root: URL = FileManager.default.temporaryDirectory) throws -> URL {
        let temporary = root
        removeLeftovers(prefix: prefix, in: temporary)
        // The process ID padded to ten digits: the name's length, which paths given to a
        // measured child carry, is the same whatever the ID.
        let pid = String(getpid())
        let url = temporary.appendingPathComponent("\(prefix)-\(String(repeating: "0", count: max(0, 10 - pid.count)) + pid)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// `/tmp` where it is a writable directory, else the system's temporary directory: a
    /// root whose path has the same length on every machine, for children whose arguments
    /// name files in it.
    public static var fixedRoot: URL {
        let tmp = "/tmp"
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: tmp, isDirectory: &isDirectory), isDirectory.boolValue,
           FileManager.default.isWritableFile(atPath: tmp) {
            return URL(fileURLWithPath: tmp, isDirectory: true)
        }
        return FileManager.default.temporaryDirectory
    }

    /// Removes the directories `<prefix>-<pid>-…` in `directory` whose process is gone.
    public static func removeLeftovers(prefix: String, in directory: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names {
            guard let pid = DirectoryExchange.pid(in: name, after: prefix + "-"), pid != getpid(),
                  !DirectoryExchange.isRunning(pid) else { continue }
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }
}
