import Foundation

/// What the counts depend on besides the code: a baseline records it, and a check refuses
/// a baseline recorded with another toolchain, valgrind, architecture or build.
///
/// Instruction counts change with the compiler (other code), with valgrind (another
/// emulated CPU, so glibc picks other string routines) and with the architecture. The OS
/// is recorded too, for the reader, but not enforced.
public struct GateEnvironment: Codable, Hashable, Sendable {
    /// The first line of `swift --version`: `Swift version 6.3.1 (swift-6.3.1-RELEASE)`.
    public var toolchain: String
    /// The first line of `valgrind --version` (`valgrind-3.19.0`); absent in clock mode.
    public var valgrind: String?
    /// The machine architecture, as `uname -m` says: `x86_64`, `aarch64`, `arm64`.
    public var arch: String
    /// `release` or `debug`: the build of the tool that measured.
    public var build: String
    /// The allocator the counts come from (`jemalloc 5.3.0`).
    public var allocator: String?
    /// Informational: the OS.
    public var os: String?

    public init(toolchain: String, valgrind: String?, arch: String, build: String, allocator: String?, os: String? = nil) {
        self.toolchain = toolchain
        self.valgrind = valgrind
        self.arch = arch
        self.build = build
        self.allocator = allocator
        self.os = os
    }

    /// This machine's environment. `valgrind` is looked up only when `withValgrind`.
    public static func current(withValgrind: Bool, allocator: String?) -> GateEnvironment {
        GateEnvironment(
            toolchain: Subprocess.firstLine(of: "swift", ["--version"]) ?? "unknown (no `swift` on PATH, or `swift --version` failed)",
            valgrind: withValgrind ? Subprocess.firstLine(of: "valgrind", ["--version"]) : nil,
            arch: machine, build: build, allocator: allocator,
            os: ProcessInfo.processInfo.operatingSystemVersionString)
    }

    /// The fields a check requires to be equal, by name, with their values.
    var enforced: [(field: String, value: String?)] {
        [("toolchain", toolchain), ("valgrind", valgrind), ("arch", arch), ("build", build), ("allocator", allocator)]
    }

    /// The build of this code.
    public static var build: String {
        #if DEBUG
        "debug"
        #else
        "release"
        #endif
    }

    private static var machine: String {
        var name = utsname()
        guard uname(&name) == 0 else { return "unknown" }
        return withUnsafeBytes(of: &name.machine) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
