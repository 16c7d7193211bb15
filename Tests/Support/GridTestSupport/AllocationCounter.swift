import CAllocationCounter

/// Heap allocations made by the current thread while `body` ran, counted by the malloc
/// interposer linked into the test executable.
///
/// An allocation count is stable from run to run, unlike time, so tests may assert it.
/// Call it around synchronous code: the count is per thread.
public struct AllocationCount: Sendable, CustomStringConvertible {
    /// Calls to malloc and its family.
    public var allocations: Int
    /// Bytes allocated minus bytes freed: what `body` left live.
    public var netBytes: Int
    /// Bytes allocated, whether freed or not.
    public var allocatedBytes: Int

    public var description: String { "\(allocations) allocations, \(allocatedBytes) bytes allocated, \(netBytes) net" }

    /// Whether this process really counts (Linux with glibc). Tests that assert counts
    /// should require it, so that they cannot pass vacuously.
    public static var isAvailable: Bool { gridbench_allocation_counter_is_active() != 0 }

    /// Counts what `body` allocates.
    public static func measure<T>(_ body: () throws -> T) rethrows -> (result: T, count: AllocationCount) {
        let allocations = gridbench_thread_allocations()
        let allocated = gridbench_thread_allocated_bytes()
        let freed = gridbench_thread_freed_bytes()
        let result = try body()
        let count = AllocationCount(
            allocations: Int(gridbench_thread_allocations() - allocations),
            netBytes: Int(gridbench_thread_allocated_bytes() - allocated) - Int(gridbench_thread_freed_bytes() - freed),
            allocatedBytes: Int(gridbench_thread_allocated_bytes() - allocated))
        return (result, count)
    }
}
