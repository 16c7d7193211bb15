import GridCore

/// Checking a configuration in a child process (``ConformanceIsolation``).
extension LayoutSuite {
    /// The codes of a child that did not report: it trapped, exited or hung.
    static var processCodes: Set<ConformanceViolation.Code> { [.trapped, .exited, .timedOut] }

    /// Checks `configuration` in a child process. A child that reports gives exactly what
    /// checking in this process gives; one that dies gives a law 3 violation naming the
    /// signal (or the exit status, or the time limit) and the call the layout was making.
    func checkInChild(
        _ configuration: ConformanceConfiguration, laws: Set<ConformanceLaw>, extra: [ConformanceViolation.Subject], timeout: Double
    ) -> Result {
        let suite = inProcess
        let run = ChildProcess.run(timeout: timeout) { log in
            CaseWire.encode(suite.traced(log).check(configuration, laws: laws, extra: extra))
        }
        return result(of: run, configuration, laws: laws, timeout: timeout) {
            CaseWire.decodeResult($0, laws: laws, layout: name, configuration: configuration)
        }
    }

    /// This suite over layouts that write each call into `log` before making it: what a
    /// child process checks.
    func traced(_ log: CallLog) -> LayoutSuite<TracedLayout<L>> {
        LayoutSuite<TracedLayout<L>>(name: name, options: options, makeLayout: { TracedLayout(log: log, make: makeLayout) })
    }

    /// Checks `cases` in as few child processes as it can: one child checks case after
    /// case, sending each result as it is done, and `record` gets it at once (after
    /// `before`, told before each case, as ``run()`` tells its progress). A child that dies
    /// (a trap, an exit, a hang) costs the case it was checking, reported as
    /// ``checkInChild(_:laws:extra:timeout:)`` reports it; the next child starts at the case
    /// after it. Each case gets `timeout` seconds.
    ///
    /// One `fork` a case cost more than the checks of a small case, and more still under a
    /// sanitizer (the child copies the parent's page tables). The results are the same
    /// either way, but for one difference the cases of one child share: state that a
    /// factory's layouts share (a counter bumped by every `prepare`) carries from case to
    /// case, as it does in process, until a child dies.
    func checkInChildren(
        _ cases: [Case], timeout: Double, before: () -> Void, record: (Result, ConformanceConfiguration) -> Void
    ) {
        let suite = inProcess
        let everyLaw = Set(ConformanceLaw.allCases)
        /// The configuration a case is reported on when its child dies (a sequence's first
        /// step, naming the call it was making), and its laws.
        func reported(_ item: Case) -> (ConformanceConfiguration, Set<ConformanceLaw>)? {
            switch item {
            case .configuration(let configuration): return (configuration, everyLaw)
            case .sequence(let index):
                let steps = sequenceSteps(index)
                guard Self.start(of: steps) != nil else { return nil }
                return (steps[0], Self.sequenceLaws)
            }
        }
        var next = 0
        while next < cases.count {
            let first = next
            before()
            // In the parent: each whole report, as it arrives, is the result of case `next`.
            var pending: [UInt8] = []
            func take(_ bytes: [UInt8]) {
                pending += bytes
                while pending.count >= 8 {
                    var reader = CaseWire.Reader(bytes: Array(pending.prefix(8)))
                    guard let length = reader.int(), length >= 0, pending.count - 8 >= length else { return }
                    let payload = Array(pending[8 ..< 8 + length])
                    pending.removeFirst(8 + length)
                    guard next < cases.count else { continue }
                    if let (configuration, result) = decode(payload, of: cases[next], timeout: timeout) {
                        record(result, configuration)
                    }
                    next += 1
                    if next < cases.count { before() }
                }
            }
            let run = ChildProcess.run(timeout: timeout, received: take) { log, send in
                let traced = suite.traced(log)
                for item in cases[first...] {
                    log.startCase()
                    var writer = CaseWire.Writer()
                    switch item {
                    case .configuration(let configuration):
                        writer.bytes = CaseWire.encode(traced.check(configuration, laws: everyLaw))
                    case .sequence(let index):
                        // The index of the step whose result follows (-1: the start's), or -2
                        // for a sequence with nothing to run.
                        let steps = traced.sequenceSteps(index)
                        if Self.start(of: steps) == nil {
                            writer.int(-2)
                        } else {
                            let (step, result) = traced.runSequence(steps, laws: Self.sequenceLaws)
                            writer.int(step ?? -1)
                            writer.bytes += CaseWire.encode(result)
                        }
                    }
                    var frame = CaseWire.Writer()
                    frame.int(writer.bytes.count)
                    send(frame.bytes + writer.bytes)
                }
                return []
            }
            guard next < cases.count else { break }
            // The child ended before reporting case `next`: how it ended is that case's result.
            var ended = run
            if case .finished = run.outcome { ended.outcome = .finished([]) }
            if let (configuration, laws) = reported(cases[next]) {
                record(result(of: ended, configuration, laws: laws, timeout: timeout) { _ in nil }, configuration)
            }
            next += 1
        }
    }

    /// The result a child sent for `item`, decoded (a report that cannot be read is a law 3
    /// violation, as ``checkInChild(_:laws:extra:timeout:)`` says); `nil` for a sequence
    /// with nothing to run.
    private func decode(_ payload: [UInt8], of item: Case, timeout: Double) -> (ConformanceConfiguration, Result)? {
        let sent = ChildRun(outcome: .finished(payload), lastCall: CallRecord(), output: "")
        switch item {
        case .configuration(let configuration):
            let laws = Set(ConformanceLaw.allCases)
            let result = result(of: sent, configuration, laws: laws, timeout: timeout) {
                CaseWire.decodeResult($0, laws: laws, layout: name, configuration: configuration)
            }
            return (configuration, result)
        case .sequence(let index):
            var reader = CaseWire.Reader(bytes: Array(payload.prefix(8)))
            if reader.int() == -2 { return nil }
            let steps = sequenceSteps(index)
            guard let start = Self.start(of: steps) else { return nil }
            var reported = steps[0]
            let result = result(of: sent, reported, laws: Self.sequenceLaws, timeout: timeout) { bytes in
                var reader = CaseWire.Reader(bytes: Array(bytes.prefix(8)))
                guard bytes.count > 8, let step = reader.int(), step >= -1, step < steps.count else { return nil }
                reported = step >= 0 ? steps[step] : start
                return CaseWire.decodeResult(Array(bytes.dropFirst(8)), laws: Self.sequenceLaws, layout: name, configuration: reported)
            }
            return (reported, result)
        }
    }

    /// What a child's `run` came to: its result, decoded by `decode`, when it reported one;
    /// otherwise a law 3 violation on `configuration` naming how it died and the call it was
    /// making.
    private func result(
        of run: ChildRun, _ configuration: ConformanceConfiguration, laws: Set<ConformanceLaw>, timeout: Double,
        decode: ([UInt8]) -> Result?
    ) -> Result {
        var result = Result(sink: ViolationSink(laws: laws, layout: name, configuration: configuration))
        let call = run.lastCall
        let said = Self.lastWords(run.output)
        let during = "during \(call.text)" + (call.instance > 1 ? ", a call to layout \(call.instance) made for the case" : "")
        let code: ConformanceViolation.Code
        let problem: String
        let actual: String
        switch run.outcome {
        case .finished(let bytes) where bytes.isEmpty:
            code = .exited
            problem = "the child process checking this case exited with status 0 \(during), without reporting: did the layout call exit?" + said
            actual = "exit status 0 \(during)"
        case .finished(let bytes):
            if let decoded = decode(bytes) {
                return decoded
            }
            code = .exited
            problem = "the child process checking this case ended with a report that could not be read (\(bytes.count) bytes): did the layout write to file descriptors it does not own?"
            actual = "an unreadable report after \(plural(Int(call.calls), "call")) to the layout"
        case .signaled(let signal):
            let name = ChildProcess.name(ofSignal: signal)
            code = .trapped
            problem = "the layout trapped: the child process checking this case was killed by \(name) (signal \(signal)) \(during)" + said
            actual = "killed by \(name) \(during)"
        case .exited(let status):
            code = .exited
            problem = "the child process checking this case exited with status \(status) \(during), without reporting" + said
            actual = "exit status \(status) \(during)"
        case .timedOut:
            code = .timedOut
            problem = "the case did not finish within \(Self.seconds(timeout)) (ConformanceIsolation.timeout): the child process checking it was killed \(during)" + said
            actual = "still running after \(Self.seconds(timeout)), \(during)"
        case .notStarted(let reason):
            result.skipped = "not checked: no child process could be started for it (\(reason))"
            return result
        }
        result.sink.report(.validity, code) {
            (call.subject, problem, .text("every call returns (prepare may throw to refuse a configuration)"), .text(actual))
        }
        result.counts.configurations = 1
        return result
    }

    /// `; it wrote: Fatal error: Index out of range`: the runtime's message when the child
    /// wrote one, else its last line; empty when it wrote nothing.
    static func lastWords(_ output: String) -> String {
        let lines = output.split(separator: "\n").map { $0.trimmingPrefix(" ") }.filter { !$0.isEmpty }
        guard let line = lines.last(where: { $0.contains("Fatal error") }) ?? lines.last else { return "" }
        return "; it wrote: " + String(line.prefix(300))
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    /// `body` run on this suite without isolation, in a child process when isolated: a
    /// shrinking step that queries the layout directly. A child that does not report
    /// leaves `violation` as it was.
    func inChildWhenIsolated(_ violation: ConformanceViolation, _ body: (LayoutSuite) -> ConformanceViolation) -> ConformanceViolation {
        guard let isolation = options.isolation, ChildProcess.isAvailable else { return body(self) }
        let suite = inProcess
        let run = ChildProcess.run(timeout: isolation.timeout) { _ in CaseWire.encode(body(suite)) }
        guard case .finished(let bytes) = run.outcome,
              var shrunk = CaseWire.decodeViolation(bytes, layout: name, configuration: violation.configuration)
        else { return violation }
        shrunk.shrunkFrom = violation.shrunkFrom
        shrunk.location = violation.location
        return shrunk
    }
}
