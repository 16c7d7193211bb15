/// Reads the allocator's own statistics: how many bytes the program holds and how many
/// allocations it has made.
///
/// The library modules do not depend on any allocator; the `gridbench` binary links
/// jemalloc and provides a probe over `mallctl`. Reading must not allocate, so that a
/// probe can be read between frames without disturbing what it measures.
public protocol MemoryProbe: Sendable {
    /// The allocator's name, for the results' environment block (`jemalloc 5.3.0`).
    var name: String { get }
    /// Bytes currently allocated by the program (jemalloc: `stats.allocated`, after
    /// flushing this thread's cache and refreshing the statistics' `epoch`).
    func allocatedBytes() -> Int
    /// Allocations made since the program started, a monotonic count.
    func allocationCount() -> Int
    /// Starts tracking this thread's peak of allocated bytes anew; `false` when the
    /// allocator cannot (then callers sample ``allocatedBytes()`` instead).
    func resetPeak() -> Bool
    /// The highest net bytes this thread has held since ``resetPeak()``, above what it
    /// held then (jemalloc: `thread.peak.read`), or `nil` when not tracked.
    func peakBytesSinceReset() -> Int?
}

extension MemoryProbe {
    public func resetPeak() -> Bool { false }
    public func peakBytesSinceReset() -> Int? { nil }
}
