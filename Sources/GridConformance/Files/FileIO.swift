#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import GridCore

/// Reading the files GridBench is given, with refusals in its own words.
package enum InputFiles {
    /// The largest input file read, in bytes (256 MiB): the largest bundled file is a few
    /// megabytes, and a JSON tree takes several times its file's size in memory.
    package static let maxBytes = 256 << 20

    /// The bytes of the file at `url`.
    ///
    /// - Throws: `InputError` naming the file: missing, a directory, unreadable
    ///   (with the system's reason) or larger than ``maxBytes``.
    package static func read(_ url: URL) throws(InputError) -> Data {
        let path = url.path
        func fail(_ value: String, _ expected: String) -> InputError {
            InputError(file: path, field: "(file)", value: value, expected: expected)
        }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            let code = errno
            throw fail(code == ENOENT ? "missing" : "unreadable (\(String(cString: strerror(code))))", "a readable file")
        }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            throw fail("a directory", "a file")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc_read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw fail("unreadable (\(String(cString: strerror(errno))))", "a readable file")
            }
            if count == 0 { break }
            guard bytes.count + count <= maxBytes else {
                throw fail("over \(maxBytes) bytes", "an input file of at most \(maxBytes) bytes (256 MiB)")
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return Data(bytes)
    }

    /// The file at `url` as UTF-8 text.
    package static func text(_ url: URL) throws(InputError) -> String {
        let data = try read(url)
        guard let text = String(validatingUTF8Data: data) else {
            throw InputError(file: url.path, field: "(file)", value: "bytes that are not UTF-8", expected: "a UTF-8 text file")
        }
        return text
    }
}

extension String {
    fileprivate init?(validatingUTF8Data data: Data) {
        var decoded = ""
        var iterator = data.makeIterator()
        var decoder = UTF8()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): decoded.unicodeScalars.append(scalar)
            case .emptyInput: break loop
            case .error: return nil
            }
        }
        self = decoded
    }
}

/// Writes files so that nothing is ever half-written, and in the tool's own words when it
/// cannot.
///
/// The bytes go to a hidden temporary file beside the target, `.<name>.gridbench-<pid>.tmp`,
/// which then replaces the target with one rename: a reader sees the old file or the new
/// one, never half of one, and a failed write (a full disk) leaves the old file as it was.
/// A temporary file left by a killed process (its process no longer running), and the
/// `.dat.nosync…` files older versions left through Foundation's atomic writes, are removed
/// the next time a file is written in that directory.
package enum AtomicFileWriter {
    /// A temporary file being written.
    package final class Sink {
        let descriptor: Int32
        let target: String

        init(descriptor: Int32, target: String) {
            self.descriptor = descriptor
            self.target = target
        }

        /// Appends `bytes` to the file.
        package func write(_ data: Data) throws(OutputFailure) {
            var bytes = [UInt8](data)
            try write(&bytes)
        }

        /// Appends `text` as UTF-8.
        package func write(_ text: String) throws(OutputFailure) {
            var bytes = Array(text.utf8)
            try write(&bytes)
        }

        private func write(_ bytes: inout [UInt8]) throws(OutputFailure) {
            var written = 0
            while written < bytes.count {
                let result = bytes.withUnsafeBytes { Glibc_write(descriptor, $0.baseAddress! + written, $0.count - written) }
                if result < 0 {
                    if errno == EINTR { continue }
                    throw OutputFailure(target: target, reason: String(cString: strerror(errno)))
                }
                written += result
            }
        }
    }

    /// Writes `data` to `url` atomically, creating missing parent directories.
    ///
    /// - Throws: `OutputFailure` naming the file and the reason.
    package static func write(_ data: Data, to url: URL) throws(OutputFailure) {
        do {
            try write(to: url) { sink throws(OutputFailure) in try sink.write(data) }
        } catch let error as OutputFailure {
            throw error
        } catch {
            throw OutputFailure(target: url.path, reason: "\(error)")
        }
    }

    /// Writes what `body` gives `sink` to `url` atomically: for outputs too large to hold
    /// in memory at once. A failure in `body` leaves `url` as it was.
    package static func write<E: Error>(to url: URL, _ body: (Sink) throws(E) -> Void) throws {
        let directory = url.deletingLastPathComponent()
        let target = url.path
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw OutputFailure(target: target, reason: "its directory \(directory.path) could not be made (\(reason(error)))")
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory), isDirectory.boolValue {
            throw OutputFailure(target: target, reason: "it is a directory")
        }
        removeLeftovers(in: directory)
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).gridbench-\(getpid()).tmp").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else {
            throw OutputFailure(target: target, reason: String(cString: strerror(errno)))
        }
        do {
            try body(Sink(descriptor: descriptor, target: target))
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        guard close(descriptor) == 0 else {
            let why = String(cString: strerror(errno))
            unlink(temporary)
            throw OutputFailure(target: target, reason: why)
        }
        guard rename(temporary, target) == 0 else {
            let why = String(cString: strerror(errno))
            unlink(temporary)
            throw OutputFailure(target: target, reason: why)
        }
    }

    /// Removes, in `directory`, the temporary files of processes that no longer run, and
    /// Foundation's `.dat.nosync…` files over an hour old.
    package static func removeLeftovers(in directory: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        let hourAgo = Date().addingTimeInterval(-3600)
        for name in names where name.hasPrefix(".") {
            let path = directory.appendingPathComponent(name).path
            if name.hasSuffix(".tmp"), let marker = name.range(of: ".gridbench-", options: .backwards),
               let pid = Int32(name[marker.upperBound...].dropLast(4)), pid != getpid(), !isRunning(pid) {
                unlink(path)
            } else if name.hasPrefix(".dat.nosync"),
                      let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
                      modified < hourAgo {
                unlink(path)
            }
        }
    }

    /// Whether process `pid` exists.
    static func isRunning(_ pid: Int32) -> Bool {
        pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
    }

    /// The system's reason behind a Foundation file error, in words.
    package static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
        switch CocoaError.Code(rawValue: nsError.code) {
        case .fileWriteOutOfSpace: return "no space left on device"
        case .fileWriteNoPermission: return "permission denied"
        case .fileWriteVolumeReadOnly: return "read-only file system"
        case .fileNoSuchFile, .fileWriteInvalidFileName: return "no such file or directory"
        default: return "the file system refused it"
        }
    }
}

#if canImport(Glibc)
private let Glibc_read = Glibc.read
private let Glibc_write = Glibc.write
#elseif canImport(Darwin)
private let Glibc_read = Darwin.read
private let Glibc_write = Darwin.write
#endif
