import CJemalloc
import GridGate
import GridHarness

/// The one probe of the allocator this process runs on, jemalloc: the memory figures of a
/// replay (`MemoryProbe`: bytes allocated, calls, the peak) and the gate's
/// exact counts of its measured region (`AllocationMeter`).
///
/// - Replay figures come from `mallctl` statistics, cached per thread and per arena: each
///   reading first flushes this thread's cache (`thread.tcache.flush`, which also merges its
///   request counts) and advances `epoch`, then reads `stats.allocated` and the request
///   counts of all arenas (`small.nrequests`, `large.nrequests`).
/// - The gate's bytes come from `thread.allocatedp` and `thread.deallocatedp`: pointers to
///   this thread's own running totals, which jemalloc adds every allocation's and free's
///   size class to. They are exact and per thread, so nothing else in the process can move
///   them, and reading them is a load. Its count of calls is the arenas' request counts as
///   above; the gate's child runs its workload on one thread, so every request counted is
///   the workload's.
///
/// Names are translated to MIBs once, so a reading allocates nothing. Both are
/// deterministic for a deterministic program: the gate checks this by running every
/// workload several times before it records.
///
/// What the allocator itself does in a measured region (instructions) depends on its state:
/// which slabs have room, what the thread's cache holds. So that it depends on the workload
/// alone, ``beginWorkload()`` empties the thread's cache and moves the thread to a new
/// arena before the workload's set-up: whatever the process allocated before (a larger
/// plan, a longer trace) then leaves no trace in the counts.
public struct JemallocProbe: MemoryProbe, AllocationMeter, @unchecked Sendable {
    // @unchecked: the two pointers are this thread's counters; a probe is made and read on
    // one thread.
    public let name: String
    private let flushMIB: [Int]
    private let epochMIB: [Int]
    private let allocatedMIB: [Int]
    private let smallRequestsMIB: [Int]
    private let largeRequestsMIB: [Int]
    private let threadAllocated: UnsafeMutablePointer<UInt64>
    private let threadDeallocated: UnsafeMutablePointer<UInt64>
    /// `thread.peak.reset` and `thread.peak.read` (jemalloc 5.3 and later), when present.
    private let peakResetMIB: [Int]?
    private let peakReadMIB: [Int]?

    /// `nil` when the process's allocator is not jemalloc (mallctl answers with an error),
    /// or jemalloc was built without statistics.
    public init?() {
        guard let flush = Self.mib("thread.tcache.flush"), let epoch = Self.mib("epoch"),
              let allocated = Self.mib("stats.allocated"),
              let small = Self.mib("stats.arenas.\(MALLCTL_ARENAS_ALL).small.nrequests"),
              let large = Self.mib("stats.arenas.\(MALLCTL_ARENAS_ALL).large.nrequests"),
              let threadAllocated = Self.pointer("thread.allocatedp"), let threadDeallocated = Self.pointer("thread.deallocatedp")
        else { return nil }
        flushMIB = flush
        epochMIB = epoch
        allocatedMIB = allocated
        smallRequestsMIB = small
        largeRequestsMIB = large
        self.threadAllocated = threadAllocated
        self.threadDeallocated = threadDeallocated
        peakResetMIB = Self.mib("thread.peak.reset")
        peakReadMIB = Self.mib("thread.peak.read")
        name = Jemalloc.name
    }

    // MARK: A replay's figures

    public func allocatedBytes() -> Int {
        refresh()
        return Int(value(allocatedMIB))
    }

    public func allocationCount() -> Int {
        refresh()
        return Int(value(smallRequestsMIB) &+ value(largeRequestsMIB))
    }

    public func resetPeak() -> Bool {
        guard let peakResetMIB else { return false }
        return peakResetMIB.withUnsafeBufferPointer { mib in
            mallctlbymib(mib.baseAddress, mib.count, nil, nil, nil, 0) == 0
        }
    }

    public func peakBytesSinceReset() -> Int? {
        guard let peakReadMIB else { return nil }
        return Int(value(peakReadMIB))
    }

    // MARK: The gate's counts

    public func beginWorkload() {
        flushMIB.withUnsafeBufferPointer { _ = mallctlbymib($0.baseAddress, $0.count, nil, nil, nil, 0) }
        var arena: UInt32 = 0
        var length = MemoryLayout<UInt32>.size
        guard mallctl("arenas.create", &arena, &length, nil, 0) == 0 else { return }
        _ = mallctl("thread.arena", nil, nil, &arena, MemoryLayout<UInt32>.size)
    }

    public func read() -> AllocationReading {
        refresh()
        let requests = value(smallRequestsMIB) &+ value(largeRequestsMIB)
        return AllocationReading(allocations: Int(requests), allocatedBytes: Int(threadAllocated.pointee), freedBytes: Int(threadDeallocated.pointee))
    }

    // MARK: mallctl

    private func refresh() {
        flushMIB.withUnsafeBufferPointer { mib in
            _ = mallctlbymib(mib.baseAddress, mib.count, nil, nil, nil, 0)
        }
        var epoch: UInt64 = 1
        epochMIB.withUnsafeBufferPointer { mib in
            _ = mallctlbymib(mib.baseAddress, mib.count, nil, nil, &epoch, MemoryLayout<UInt64>.size)
        }
    }

    private func value(_ mib: [Int]) -> UInt64 {
        var value: UInt64 = 0
        var length = MemoryLayout<UInt64>.size
        let status = mib.withUnsafeBufferPointer { mib in
            mallctlbymib(mib.baseAddress, mib.count, &value, &length, nil, 0)
        }
        return status == 0 ? value : 0
    }

    private static func pointer(_ name: String) -> UnsafeMutablePointer<UInt64>? {
        var pointer: UnsafeMutablePointer<UInt64>?
        var length = MemoryLayout<UnsafeMutablePointer<UInt64>?>.size
        return mallctl(name, &pointer, &length, nil, 0) == 0 ? pointer : nil
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
