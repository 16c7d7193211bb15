import CJemalloc
import GridGate

/// Counts allocations through jemalloc, the allocator the gate tool links.
///
/// - Bytes come from `thread.allocatedp` and `thread.deallocatedp`: pointers to this
///   thread's own running totals, which jemalloc adds every allocation's and free's size
///   class to. They are exact and per thread, so nothing else in the process can move them,
///   and reading them is a load.
/// - The count of calls comes from the arenas' `small.nrequests` and `large.nrequests`,
///   after `thread.tcache.flush` has merged this thread's cache's requests into them and
///   `epoch` has refreshed the statistics. The child runs its workload on one thread, so
///   every request counted is the workload's.
///
/// Both are deterministic for a deterministic program: the gate checks this by running
/// every workload several times before it records.
///
/// What the allocator itself does in the region (instructions) depends on its state: which
/// slabs have room, what the thread's cache holds. So that it depends on the workload
/// alone, ``beginWorkload()`` empties the thread's cache and moves the thread to a new
/// arena before the workload's set-up: whatever the process allocated before (a larger
/// plan, a longer trace) then leaves no trace in the counts.
struct JemallocMeter: AllocationMeter, @unchecked Sendable {
    // @unchecked: the two pointers are this thread's counters; a meter is made and read on
    // the child's one thread.
    let name: String
    private let allocated: UnsafeMutablePointer<UInt64>
    private let deallocated: UnsafeMutablePointer<UInt64>
    private let flush: [Int]
    private let epoch: [Int]
    private let smallRequests: [Int]
    private let largeRequests: [Int]

    /// `nil` when the process's allocator is not jemalloc, or jemalloc was built without
    /// statistics.
    init?() {
        guard let allocated = Self.pointer("thread.allocatedp"), let deallocated = Self.pointer("thread.deallocatedp"),
              let flush = Self.mib("thread.tcache.flush"), let epoch = Self.mib("epoch"),
              let small = Self.mib("stats.arenas.\(MALLCTL_ARENAS_ALL).small.nrequests"),
              let large = Self.mib("stats.arenas.\(MALLCTL_ARENAS_ALL).large.nrequests")
        else { return nil }
        self.allocated = allocated
        self.deallocated = deallocated
        self.flush = flush
        self.epoch = epoch
        self.smallRequests = small
        self.largeRequests = large
        name = Jemalloc.name
    }

    func beginWorkload() {
        flush.withUnsafeBufferPointer { _ = mallctlbymib($0.baseAddress, $0.count, nil, nil, nil, 0) }
        var arena: UInt32 = 0
        var length = MemoryLayout<UInt32>.size
        guard mallctl("arenas.create", &arena, &length, nil, 0) == 0 else { return }
        _ = mallctl("thread.arena", nil, nil, &arena, MemoryLayout<UInt32>.size)
    }

    func read() -> AllocationReading {
        flush.withUnsafeBufferPointer { _ = mallctlbymib($0.baseAddress, $0.count, nil, nil, nil, 0) }
        var one: UInt64 = 1
        epoch.withUnsafeBufferPointer { _ = mallctlbymib($0.baseAddress, $0.count, nil, nil, &one, MemoryLayout<UInt64>.size) }
        let requests = Self.value(smallRequests) &+ Self.value(largeRequests)
        return AllocationReading(allocations: Int(requests), allocatedBytes: Int(allocated.pointee), freedBytes: Int(deallocated.pointee))
    }

    private static func value(_ mib: [Int]) -> UInt64 {
        var value: UInt64 = 0
        var length = MemoryLayout<UInt64>.size
        let status = mib.withUnsafeBufferPointer { mallctlbymib($0.baseAddress, $0.count, &value, &length, nil, 0) }
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
        let status = mib.withUnsafeMutableBufferPointer { mallctlnametomib(name, $0.baseAddress, &count) }
        return status == 0 ? Array(mib.prefix(count)) : nil
    }
}
