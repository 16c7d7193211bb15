import GridCore

extension GridConformance {
    /// Runs every law on layouts made by `makeLayout`, as ``check(_:options:progress:makeLayout:)``
    /// does, and checks what the layout says of its own edits (`EditableLayout`): each of
    /// `operations`, applied in turn to one instance per configuration, must return a
    /// `LayoutEdit` that is what it did, and an operation the layout refuses must leave it
    /// as it was (law 6; the report's promises line counts both).
    ///
    /// ```swift
    /// let report = GridConformance.check(operations: [.insertRow(at: 1, height: 20), .split(row: 0, column: 0)]) {
    ///     SpanGrid(.example)
    /// }
    /// ```
    ///
    /// What is compared: `data` with the cells the layout answers after the edit (every path
    /// of it, none past a section or past the last section, no cell of the whole content
    /// outside it); `rename` sends distinct elements to distinct elements the layout has after;
    /// `sectionMove` says of every cell of its sections what `rename` says. Operations run in
    /// the order given, in every container and data shape of `options` (smallest data first);
    /// a failure is shown on the smallest configuration it occurs in, and with the operation
    /// alone on a freshly prepared layout when it fails there too. An operation that no
    /// configuration accepts is not an error: refusals are checked for the state kept.
    ///
    /// The edits run in this process, also under ``ConformanceOptions/isolation``.
    public static func check<L: EditableLayout>(
        _ name: String? = nil, options: ConformanceOptions = ConformanceOptions(), operations: [L.Operation],
        progress: ((ConformanceProgress) -> Void)? = nil, makeLayout: () -> L
    ) -> ConformanceReport {
        var report = check(name, options: options, progress: progress, makeLayout: makeLayout)
        let edits = withoutActuallyEscaping(makeLayout) { makeLayout in
            LayoutEditSuite(name: report.layout, options: options, operations: operations, makeLayout: makeLayout).run()
        }
        report.checked.layoutEdits += edits.counts.layoutEdits
        report.checked.layoutEditsRefused += edits.counts.layoutEditsRefused
        report.promises.append(ConformanceReport.Promise(
            kind: .layoutEdit, made: true, checks: edits.counts.layoutEdits, compared: edits.counts.layoutEditsRefused))
        if let violation = edits.violation {
            let (kept, omitted) = ConformanceReport.capped(
                report.violations + [violation], at: max(0, options.maxViolations))
            report.violations = kept
            report.omittedViolations += omitted
            if !report.lawsChecked.contains(.freshness) { report.lawsChecked.append(.freshness) }
        }
        return report
    }

    /// Runs every law and the edit checks of ``check(_:options:operations:progress:makeLayout:)``,
    /// and throws unless the layout obeys all of them.
    ///
    /// - Throws: ``ConformanceFailure``, as ``verify(_:options:makeLayout:)`` does.
    @discardableResult
    public static func verify<L: EditableLayout>(
        _ name: String? = nil, options: ConformanceOptions = ConformanceOptions(), operations: [L.Operation], makeLayout: () -> L
    ) throws(ConformanceFailure) -> ConformanceReport {
        let report = check(name, options: options, operations: operations, makeLayout: makeLayout)
        if let failure = ConformanceFailure(report) { throw failure }
        return report
    }
}

/// Applies a list of operations to an `EditableLayout` in every configuration of the
/// options and compares each `LayoutEdit` with what the edit did (`LayoutEditPromise`).
struct LayoutEditSuite<L: EditableLayout> {
    let name: String
    let options: ConformanceOptions
    let operations: [L.Operation]
    let makeLayout: () -> L

    /// What the edits came to: the counts, and the first broken promise (on the smallest
    /// configuration that breaks it), standing for every configuration that broke one.
    struct Outcome {
        var counts = ConformanceReport.Counts()
        var violation: ConformanceViolation?
    }

    /// One broken promise: in which configuration, after which operations.
    private struct Failure {
        var configuration: ConformanceConfiguration
        var index: Int
        var finding: Promises.Finding
    }

    func run() -> Outcome {
        var outcome = Outcome()
        guard !operations.isEmpty else { return outcome }
        var configurations: [ConformanceConfiguration] = []
        for data in options.dataShapes.sorted(by: { $0.totalItems < $1.totalItems }) {
            for container in options.containers { configurations.append(ConformanceConfiguration(data: data, container: container)) }
        }
        var first: Failure?
        var failures = 0
        for configuration in configurations {
            guard let failure = apply(operations, from: configuration, counts: &outcome.counts) else { continue }
            failures += 1
            if first == nil { first = failure }
        }
        guard let failure = first else { return outcome }
        outcome.violation = violation(for: failure, occurrences: failures)
        return outcome
    }

    /// Applies `list` in turn to one layout prepared with `configuration`, checking each:
    /// the first failure, if any (`nil` also when `prepare` throws: the main suite reports
    /// that configuration as skipped).
    private func apply(_ list: [L.Operation], from configuration: ConformanceConfiguration, counts: inout ConformanceReport.Counts) -> Failure? {
        var layout = makeLayout()
        do {
            try layout.prepare(data: configuration.data, container: configuration.container)
        } catch {
            return nil
        }
        var data = configuration.data
        for (index, operation) in list.enumerated() {
            let before = layout.elements(in: ProbePlan.huge), size = layout.contentSize
            let at = ConformanceConfiguration(data: data, container: configuration.container)
            do {
                let edit = try layout.apply(operation)
                counts.layoutEdits += 1
                if let finding = LayoutEditPromise.finding(edit, before: before, beforeData: data, layout: layout) {
                    return Failure(configuration: at, index: index, finding: finding)
                }
                data = edit.data
            } catch {
                counts.layoutEditsRefused += 1
                if let finding = LayoutEditPromise.refusalFinding(error, before: before, beforeSize: size, layout: layout) {
                    return Failure(configuration: at, index: index, finding: finding)
                }
            }
        }
        return nil
    }

    /// The violation for `failure`, shrunk to its operation alone on a freshly prepared
    /// layout when that fails too (and the data it was applied to is the configuration's).
    private func violation(for failure: Failure, occurrences: Int) -> ConformanceViolation {
        let operation = operations[failure.index]
        var shown = failure
        var history = failure.index == 0 ? "" : " after operations[0..<\(failure.index)]"
        var shrunkFrom: ConformanceViolation.Counterexample?
        if failure.index > 0 {
            for data in options.dataShapes.sorted(by: { $0.totalItems < $1.totalItems }) {
                var ignored = ConformanceReport.Counts()
                let start = ConformanceConfiguration(data: data, container: failure.configuration.container)
                if let alone = apply([operation], from: start, counts: &ignored) {
                    shrunkFrom = .init(configuration: failure.configuration, subject: failure.finding.subject)
                    shown = Failure(configuration: alone.configuration, index: failure.index, finding: alone.finding)
                    history = ", alone on a freshly prepared layout"
                    break
                }
            }
        }
        return ConformanceViolation(
            law: .freshness, code: shown.finding.code, layout: name, configuration: shown.configuration,
            subject: shown.finding.subject,
            problem: "applying operations[\(failure.index)] (\(operation))\(history): " + shown.finding.problem,
            expected: shown.finding.expected, actual: shown.finding.actual, shrunkFrom: shrunkFrom, occurrences: occurrences)
    }
}
