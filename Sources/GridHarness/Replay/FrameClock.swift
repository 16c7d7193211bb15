#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The monotonic clock frames are timed with, read directly (`CLOCK_MONOTONIC`) so that a
/// reading costs a few tens of nanoseconds and never allocates.
public enum FrameClock {
    /// Nanoseconds since an arbitrary fixed point; only differences mean anything.
    @inline(__always)
    public static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// The smallest difference two consecutive readings show, the median of `samples`
    /// back-to-back pairs: the resolution and overhead of a measurement.
    public static func overhead(samples: Int = 1001) -> UInt64 {
        var gaps = [UInt64]()
        gaps.reserveCapacity(samples)
        for _ in 0..<samples {
            let a = now()
            let b = now()
            gaps.append(b &- a)
        }
        gaps.sort()
        return gaps[gaps.count / 2]
    }
}
