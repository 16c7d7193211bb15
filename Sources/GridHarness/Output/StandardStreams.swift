#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import GridCore

/// Standard output and standard error, written with `write(2)` so that a failed write is
/// an error rather than a trap (`FileHandle.write`) or silence (`print`).
///
/// A command-line tool built on GridBench writes everything through here: a full disk
/// (`> /dev/full`), a closed descriptor or a reader that went away (`| head`, with SIGPIPE
/// ignored, see ``ignoreBrokenPipe()``) become an `OutputFailure`, and the tool exits 74
/// (`EX_IOERR`). ``anyFailed`` remembers a failure on either stream, so that a tool whose
/// progress notes were lost does not exit 0.
public enum StandardStreams {
    public enum Stream: Sendable {
        case output, error

        var descriptor: Int32 { self == .output ? 1 : 2 }
        var name: String { self == .output ? "standard output" : "standard error" }
    }

    /// Writes `text` to `stream`, all of it.
    ///
    /// - Throws: `OutputFailure` naming the stream and the system's reason.
    public static func write(_ text: String, to stream: Stream) throws(OutputFailure) {
        var bytes = Array(text.utf8)
        try write(&bytes, to: stream)
    }

    /// Writes `data` to `stream`, all of it.
    public static func write(_ data: Data, to stream: Stream) throws(OutputFailure) {
        var bytes = [UInt8](data)
        try write(&bytes, to: stream)
    }

    private static func write(_ bytes: inout [UInt8], to stream: Stream) throws(OutputFailure) {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                systemWrite(stream.descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if result < 0 {
                let code = errno
                if code == EINTR { continue }
                failures.record(stream)
                throw OutputFailure(target: stream.name, reason: String(cString: strerror(code)))
            }
            if result == 0 {
                failures.record(stream)
                throw OutputFailure(target: stream.name, reason: "nothing could be written")
            }
            written += result
        }
    }

    /// Writes `text` to standard error and swallows a failure (there is nowhere left to
    /// report it), which ``anyFailed`` still records.
    public static func note(_ text: String) {
        try? write(text, to: .error)
    }

    /// Whether any write to standard output or standard error has failed in this process.
    public static var anyFailed: Bool { failures.any }

    /// Makes writing to a pipe whose reader has gone fail with `EPIPE` instead of killing
    /// the process with SIGPIPE, so that it is reported and exits 74.
    public static func ignoreBrokenPipe() {
        signal(SIGPIPE, SIG_IGN)
    }

    private static let failures = FailureRecord()

    private final class FailureRecord: @unchecked Sendable {
        private let lock = NSLock()
        private var failed = false

        func record(_ stream: Stream) {
            lock.lock()
            failed = true
            lock.unlock()
        }

        var any: Bool {
            lock.lock()
            defer { lock.unlock() }
            return failed
        }
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
