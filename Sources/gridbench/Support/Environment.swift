import Foundation
import GridHarness

/// How the figures of a results file were taken: enough to tell two machines, two builds
/// or two allocators apart when comparing results.
enum MeasurementEnvironment {
    static func describe(probe: (any MemoryProbe)?) -> [String: String] {
        var environment: [String: String] = [
            "build": isDebugBuild ? "debug (figures are not representative: build with -c release)" : "release",
            "clock": "CLOCK_MONOTONIC, read per frame (overhead about \(FrameClock.overhead()) ns)",
            "memoryProbe": probe?.name ?? "none",
            "processors": "\(ProcessInfo.processInfo.activeProcessorCount)",
            "os": ProcessInfo.processInfo.operatingSystemVersionString,
            "swift": swiftVersion,
        ]
        if let cpu = cpuModel { environment["cpu"] = cpu }
        return environment
    }

    static var isDebugBuild: Bool {
        #if DEBUG
        true
        #else
        false
        #endif
    }

    private static var swiftVersion: String {
        #if compiler(>=6.3)
        "6.3 or later"
        #elseif compiler(>=6.2)
        "6.2"
        #elseif compiler(>=6.1)
        "6.1"
        #else
        "6.0"
        #endif
    }

    /// The first `model name` line of /proc/cpuinfo, on Linux.
    private static var cpuModel: String? {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            if let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }
}
