#if canImport(Glibc)
import Glibc
#endif

/// What became of a child process (see ``ConformanceIsolation`` for why `fork`).
enum ChildOutcome {
    /// The child finished and wrote these bytes.
    case finished([UInt8])
    /// A signal killed the child.
    case signaled(Int32)
    /// The child exited without finishing (its status).
    case exited(Int32)
    /// The child did not finish in time and was killed.
    case timedOut
    /// No child could be started (the reason).
    case notStarted(String)
}

/// One case run in a child process: what became of it, the call the layout was making
/// when it ended, and the last of what it printed.
struct ChildRun {
    var outcome: ChildOutcome
    var lastCall: CallRecord
    /// The last lines the child wrote to its standard output and error.
    var output: String
}

enum ChildProcess {
    /// Whether cases can run in child processes here.
    static var isAvailable: Bool {
        #if canImport(Glibc)
        true
        #else
        false
        #endif
    }

    /// At most this much of a child's output is kept (its end).
    static let keptOutput = 4096

    /// Runs `body` in a child process and returns what it wrote, or how it died.
    ///
    /// `body` gets the call log to pass to the layouts it makes; it runs in the child only,
    /// and what it returns is sent to the parent over a pipe. The child is killed after
    /// `timeout` seconds.
    static func run(timeout: Double, _ body: (CallLog) -> [UInt8]) -> ChildRun {
        run(timeout: timeout) { log, _ in body(log) }
    }

    /// Runs `body` in a child process that may report as it goes: what `body` hands to its
    /// `send` reaches the parent at once, where `received` is given each piece read (then
    /// what `body` returns, which the result also holds). The child is killed when
    /// `timeout` seconds pass without a report: a child checking many cases, each sent when
    /// done, gets the time limit for each.
    static func run(
        timeout: Double, received: ([UInt8]) -> Void = { _ in }, _ body: (CallLog, _ send: ([UInt8]) -> Void) -> [UInt8]
    ) -> ChildRun {
        #if canImport(Glibc)
        guard let log = CallLog() else {
            return ChildRun(outcome: .notStarted("could not map a shared page (\(errorText()))"), lastCall: CallRecord(), output: "")
        }
        var resultPipe: [Int32] = [-1, -1], outputPipe: [Int32] = [-1, -1]
        guard pipe(&resultPipe) == 0 else {
            return ChildRun(outcome: .notStarted("pipe: \(errorText())"), lastCall: CallRecord(), output: "")
        }
        guard pipe(&outputPipe) == 0 else {
            let reason = errorText()
            close(resultPipe[0]); close(resultPipe[1])
            return ChildRun(outcome: .notStarted("pipe: \(reason)"), lastCall: CallRecord(), output: "")
        }
        let pid = fork()
        if pid == 0 {
            // The child: report, then leave without running anything of the parent's.
            close(resultPipe[0])
            close(outputPipe[0])
            _ = dup2(outputPipe[1], 1)
            _ = dup2(outputPipe[1], 2)
            // The signals a trap raises, and their relatives, back to their default action so
            // that the child dies at once (a literal, not a global: nothing lazy to initialise).
            for signal in [SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV, SIGPIPE] { _ = Glibc.signal(signal, SIG_DFL) }
            var sent = true
            let bytes = body(log) { sent = sent && writeAll(resultPipe[1], $0) }
            let written = sent && writeAll(resultPipe[1], bytes)
            _exit(written ? 0 : 3)
        }
        close(resultPipe[1])
        close(outputPipe[1])
        guard pid > 0 else {
            let reason = errorText()
            close(resultPipe[0]); close(outputPipe[0])
            return ChildRun(outcome: .notStarted("fork: \(reason)"), lastCall: CallRecord(), output: "")
        }
        let (result, output, timedOut, collected) = collect(
            pid: pid, result: resultPipe[0], output: outputPipe[0], timeout: timeout, received: received)
        close(resultPipe[0])
        close(outputPipe[0])
        let status = collected ?? reap(pid)
        let outcome: ChildOutcome
        let termination = status & 0x7F
        if timedOut {
            outcome = .timedOut
        } else if termination == 0 {
            let code = (status >> 8) & 0xFF
            outcome = code == 0 ? .finished(result) : .exited(code)
        } else if termination != 0x7F {
            outcome = .signaled(termination)
        } else {
            outcome = .exited(status)
        }
        return ChildRun(outcome: outcome, lastCall: log.record.pointee, output: lastLines(output))
        #else
        return ChildRun(outcome: .notStarted("isolation needs Linux"), lastCall: CallRecord(), output: "")
        #endif
    }

    #if canImport(Glibc)
    /// Reads both pipes until the child closes them or the time is up (`timeout` seconds
    /// with nothing on the result pipe); kills the child then.
    /// Returns what the child wrote to each pipe, whether it was killed for taking too long,
    /// and its wait status when it was collected here.
    private static func collect(
        pid: pid_t, result: Int32, output: Int32, timeout: Double, received: ([UInt8]) -> Void
    ) -> ([UInt8], [UInt8], Bool, Int32?) {
        var resultBytes: [UInt8] = [], outputBytes: [UInt8] = []
        var fds = [pollfd(fd: result, events: Int16(POLLIN), revents: 0), pollfd(fd: output, events: Int16(POLLIN), revents: 0)]
        var start = ContinuousClock.now
        // The options' field may be set to anything: a time from a millisecond to a year.
        let seconds = timeout.isFinite ? min(max(timeout, 0.001), 365 * 86_400) : ConformanceIsolation.defaultTimeout
        let limit = Duration.milliseconds(Int64(seconds * 1000))
        var chunk = [UInt8](repeating: 0, count: 65536)
        while fds.contains(where: { $0.fd >= 0 }) {
            let left = limit - (ContinuousClock.now - start)
            guard left > .zero else {
                kill(pid, SIGKILL)
                return (resultBytes, outputBytes, true, nil)
            }
            let wait = Int32(min(1000, max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)))
            let ready = poll(&fds, nfds_t(fds.count), wait)
            if ready < 0 && errno != EINTR { break }
            for i in fds.indices where fds[i].fd >= 0 && fds[i].revents != 0 {
                let count = chunk.withUnsafeMutableBytes { read(fds[i].fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    if i == 0 {
                        resultBytes.append(contentsOf: chunk[0 ..< count])
                        received(Array(chunk[0 ..< count]))
                        start = ContinuousClock.now  // a report: the time limit starts again
                    } else {
                        outputBytes.append(contentsOf: chunk[0 ..< count])
                        if outputBytes.count > 4 * keptOutput { outputBytes.removeFirst(outputBytes.count - keptOutput) }
                    }
                } else if count == 0 || errno != EINTR {
                    fds[i].fd = -1
                }
            }
        }
        // Both pipes are closed: the child is leaving. Wait for it, within the time left.
        while true {
            var status: Int32 = 0
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid { return (resultBytes, outputBytes, false, status) }
            if done < 0 && errno != EINTR { return (resultBytes, outputBytes, false, nil) }
            if ContinuousClock.now - start > limit {
                kill(pid, SIGKILL)
                return (resultBytes, outputBytes, true, nil)
            }
            usleep(1000)
        }
    }

    /// The child's wait status, waiting for it.
    private static func reap(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return write(fd, base + offset, buffer.count - offset)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += count
        }
        return true
    }

    private static func errorText() -> String {
        String(cString: strerror(errno))
    }
    #endif

    /// The last few lines of `output`, as text, without trailing blank lines.
    static func lastLines(_ output: [UInt8], count: Int = 6) -> String {
        let tail = output.suffix(keptOutput)
        let text = String(decoding: tail, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        return lines.suffix(count).joined(separator: "\n")
    }

    /// `SIGILL`, `SIGSEGV`…: the name of a signal, or `signal N` for one without a name here.
    static func name(ofSignal signal: Int32) -> String {
        #if canImport(Glibc)
        let names: [Int32: String] = [
            SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP",
            SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGUSR1: "SIGUSR1",
            SIGSEGV: "SIGSEGV", SIGUSR2: "SIGUSR2", SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM", SIGTERM: "SIGTERM",
            SIGXCPU: "SIGXCPU", SIGXFSZ: "SIGXFSZ", SIGSYS: "SIGSYS",
        ]
        return names[signal] ?? "signal \(signal)"
        #else
        return "signal \(signal)"
        #endif
    }
}
