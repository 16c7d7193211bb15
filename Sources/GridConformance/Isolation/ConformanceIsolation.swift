import GridCore

/// Runs each case of the in-process suite in a child process, so that a layout that traps
/// or hangs becomes a violation instead of the end of the test process.
///
/// Without isolation a `fatalError`, a failed `precondition`, an index out of range or a
/// force unwrap of `nil` inside the layout kills the process running the suite: no law
/// named, no case, nothing shrunk. With it, every configuration (a *case*) is checked in a
/// child; a child killed by a signal is reported under law 3 (validity) with code
/// ``ConformanceViolation/Code/trapped``, naming the case (its configuration), the call the
/// layout was making (`prepare`, `elements(in:)` with the rect, `attributes(at:)` with the
/// path, `supplementary(_:at:)`…), the signal by name (`SIGILL`, `SIGTRAP`, `SIGSEGV`…) and
/// the last lines the child wrote (the runtime's `Fatal error: …`). It is then shrunk like
/// any other violation: smaller data shapes are checked, each in a child of its own, until
/// the smallest that still traps is found. A child that has not finished after ``timeout``
/// seconds is killed and reported with code ``ConformanceViolation/Code/timedOut``, naming
/// the call it was stuck in.
///
/// ```swift
/// expectConformance(options: .quick.isolated()) { MyLayout(columns: 3) }
/// ```
///
/// ## How a child is started
///
/// A child is made with `fork()`, not by starting the executable again. Re-executing works
/// for a command-line tool, but not inside `swift test`: the child would be the test runner,
/// which knows nothing of the case to run and would run every test again; XCTest and Swift
/// Testing offer no way to run "this closure" in a new process. `fork()` copies the process
/// as it is, the factory and the options included, so one mechanism serves `gridbench
/// conform --isolate`, Swift Testing and XCTest alike.
///
/// `fork()` in a multithreaded process (a test runner is one) copies only the calling
/// thread: a lock another thread held at that moment stays held forever in the child. The
/// child therefore does as little as it can: it runs the case (the layout's code and the
/// suite's checks; glibc makes `malloc` safe after `fork`), writes its result to a pipe with
/// `write(2)` and leaves with `_exit`, running no exit handlers and flushing no buffers the
/// parent also holds. It restores the default action of the trap signals first, so that a
/// trap ends it at once (no crash handler or backtracer of the parent's runs in it). Should
/// a child ever block on such a lock, the time limit ends it and the report says in which
/// call it was, so a hang is never silent.
///
/// The child reports over a pipe: the violations it found, the counts and whether `prepare`
/// refused the case, in a private binary form read back with every length checked. The call
/// it is making is written, before each call, into a page of memory shared with the parent,
/// which reads it after the child has died. What the child prints (standard output and
/// error) goes to a second pipe; the parent keeps its last lines.
///
/// One child checks case after case, sending each case's result when it is done; a child
/// that dies costs the case it was checking, and the next child starts at the case after
/// it. A layout that does not trap therefore gets the same report isolated as in process,
/// state that the layouts of one factory share (a counter bumped by every `prepare`, say)
/// included, as long as no child dies; after a death, the next child starts again from
/// the parent's copy of that state.
///
/// Isolation needs `fork` as Linux's glibc has it; elsewhere the cases run in this process, as
/// without isolation. It costs a `fork` for the run and one for each case that kills its
/// child, and one per shrinking step (a shrinking step may trap where the case did not).
/// A fork copies the process's page tables: in a large process (a test runner that has
/// run other tests) one took tens of milliseconds, more than a small case's checks. Each
/// case gets ``timeout`` seconds; cases run one after another, as they already do.
public struct ConformanceIsolation: Hashable, Sendable {
    /// The default time limit of one case: 30 seconds.
    public static let defaultTimeout = 30.0

    /// How long one case (every law on one configuration, or one shrinking step) may take,
    /// in seconds, before its child is killed and the case reported as timed out. Taken
    /// between a millisecond and a year; a value that is not finite means the default.
    public var timeout: Double

    public init(timeout: Double = ConformanceIsolation.defaultTimeout) {
        self.timeout = timeout.isFinite ? min(max(timeout, 0.001), 365 * 86_400) : Self.defaultTimeout
    }
}
