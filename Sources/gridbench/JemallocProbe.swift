import CJemalloc
import GridGateTool
import GridHarness

/// A ``MemoryProbe`` over jemalloc's `mallctl` statistics.
///
/// Statistics are cached per thread and per arena; each reading first flushes this
/// thread's cache (`thread.tcache.flush`, which also merges its request counts) and
/// advances `epoch`, then reads `stats.allocated` and the request counts of all arenas.
/// Names are translated to MIBs once, so a reading allocates nothing.
struct JemallocProbe: MemoryProbe {
    let name: String
    private let flushMIB: [Int]
    private let epochMIB: [Int]
    private let allocatedMIB: [Int]
    private let smallRequestsMIB: [Int]
    private let largeRequestsMIB: [Int]
    /// `thread.peak.reset` and `thread.peak.read` (jemalloc 5.3 and later), when present.
    private let peakResetMIB: [Int]?
    private let peakReadMIB: [Int]?

    /// `nil` when the process's allocator is not jemalloc (mallctl answers with an error).
    init?() {
        guard let flush = Self.mib("thread.tcache.flush"), let epoch = Self.mib("epoch"),
              let allocated = Self.mib("stats.allocated"),
              let small = Self.mib("stats.arenas.\(MALLCTL_ARENAS_ALL).small.nrequests"),
              let large = Self.mib("stats.arenas.\(MALLCTL_ARENAS_ALL).large.nrequests")
        else { return nil }
        flushMIB = flush
        epochMIB = epoch
        allocatedMIB = allocated
        smallRequestsMIB = small
        largeRequestsMIB = large
        peakResetMIB = Self.mib("thread.peak.reset")
        peakReadMIB = Self.mib("thread.peak.read")
        name = Jemalloc.name
    }

    func allocatedBytes() -> Int {
        refresh()
        return Int(read(allocatedMIB))
    }

    func allocationCount() -> Int {
        refresh()
        return Int(read(smallRequestsMIB) &+ read(largeRequestsMIB))
    }

    func resetPeak() -> Bool {
        guard let peakResetMIB else { return false }
        return peakResetMIB.withUnsafeBufferPointer { mib in
            mallctlbymib(mib.baseAddress, mib.count, nil, nil, nil, 0) == 0
        }
    }

    func peakBytesSinceReset() -> Int? {
        guard let peakReadMIB else { return nil }
        return Int(read(peakReadMIB))
    }

    private func refresh() {
        flushMIB.withUnsafeBufferPointer { mib in
            _ = mallctlbymib(mib.baseAddress, mib.count, nil, nil, nil, 0)
        }
        var epoch: UInt64 = 1
        epochMIB.withUnsafeBufferPointer { mib in
            _ = mallctlbymib(mib.baseAddress, mib.count, nil, nil, &epoch, MemoryLayout<UInt64>.size)
        }
    }

    private func read(_ mib: [Int]) -> UInt64 {
        var value: UInt64 = 0
        var length = MemoryLayout<UInt64>.size
        let status = mib.withUnsafeBufferPointer { mib in
            mallctlbymib(mib.baseAddress, mib.count, &value, &length, nil, 0)
        }
        return status == 0 ? value : 0
    }

    private static func mib(_ name: String) -> [Int]? {
        var mib = [Int](repeating: 0, count: 8)
        var count = mib.count
        let status = mib.withUnsafeMutableBufferPointer { buffer in
            mallctlnametomib(name, buffer.baseAddress, &count)
        }
        return status == 0 ? Array(mib.prefix(count)) : nil
    }
}
