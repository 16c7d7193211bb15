import GridCore

/// The conformance suite for any `GridLayout`: every law of the contract,
/// checked on a layout made fresh by a factory, in many configurations.
///
/// ```swift
/// let report = GridConformance.check { MyLayout(columns: 3) }
/// #expect(report.isPassing, "\(report)")
/// // or
/// try GridConformance.verify { MyLayout(columns: 3) }
/// ```
///
/// The suite chooses the data shapes and containers itself (see ``ConformanceOptions``)
/// and prepares the layouts it makes; a factory, not an instance, because law 6 compares a
/// re-prepared layout with a freshly made one. A `prepare` that throws for a configuration
/// is not a violation: the configuration is reported as skipped. When every configuration
/// is skipped the report says loudly that nothing was checked, and
/// ``verify(_:options:makeLayout:)`` throws.
///
/// What is checked, per configuration: the rect query over the whole content is the full set
/// of elements; it is cross-checked against the per-item answer for every path of the data
/// and the supplementary answer for every path of the spaces the layout declares
/// (`traits.supplementaries`; a bounded choice of a huge one), paths just outside them and a
/// few of every kind it does not declare; every probe rect (seeded random, strips on both
/// sides of every line where frames start or end, zero-area rects, rects outside the content,
/// a huge rect; for a layout that scrolls sideways, also short strips and small rects at the
/// crossings of row and column boundaries) must return exactly the full set's elements that
/// intersect it (`Rect.intersects`), each once, appended to the caller's buffer. Random rects
/// and the rects at crossings are split in two for additivity. Cells placed in rows and
/// columns (`gridPlacement(of:)`) must each have a slot of their own. Two fresh layouts prepared alike must answer alike; one
/// layout prepared again after each ``ConformanceChange`` must answer like a fresh one (both
/// compared bit for bit on the whole-content query, every per-item and supplementary query,
/// every probe rect but the boundary strips, and 64 of those). Every failure is shrunk to a
/// small counterexample (fewer sections, fewer items or fields, a smaller rect) before it is
/// reported.
///
/// A layout that traps (`fatalError`, a failed precondition, an index out of range, a force
/// unwrap of `nil`) ends the process running the suite. With ``ConformanceOptions/isolation``
/// (``ConformanceOptions/isolated(timeout:)``) each case runs in a child process instead, and
/// a trap or a hang is a law 3 violation naming the case, the call and the signal, shrunk
/// like any other (``ConformanceIsolation``).
///
/// The suite makes tens of thousands of queries; a layout whose rect query scans every
/// element makes it slow in debug builds (``ConformanceOptions/quick`` is lighter).
public enum GridConformance {
    /// Runs every law on layouts made by `makeLayout` and reports what it found.
    ///
    /// - Parameters:
    ///   - name: the layout's name in the report; the type's name by default.
    ///   - options: data shapes, containers, changes, seed, shrinking.
    ///   - progress: told before each case is checked, and before the violations are
    ///     shrunk: for a tool that shows a long check's progress.
    ///   - makeLayout: makes a fresh, unprepared layout each time it is called.
    /// - Complexity: for each configuration, O(n log n + q·k) for n elements and q probe
    ///   queries of k results each, times four or so layouts per configuration.
    public static func check<L: GridLayout>(
        _ name: String? = nil, options: ConformanceOptions = ConformanceOptions(),
        progress: ((ConformanceProgress) -> Void)? = nil, makeLayout: () -> L
    ) -> ConformanceReport {
        withoutActuallyEscaping(makeLayout) { makeLayout in
            withoutActuallyEscaping(progress ?? { _ in }) { progress in
                LayoutSuite(name: name ?? String(describing: L.self), options: options, makeLayout: makeLayout, progress: progress).run()
            }
        }
    }

    /// Runs every law and throws unless the layout obeys all of them.
    ///
    /// - Throws: ``ConformanceFailure`` with code ``ConformanceFailure/Code/lawsViolated(_:)``
    ///   when a law is broken, or ``ConformanceFailure/Code/nothingChecked(skippedConfigurations:)``
    ///   when `prepare` threw for every configuration.
    /// - Returns: the passing report, for a test that wants to look at the counts.
    @discardableResult
    public static func verify<L: GridLayout>(
        _ name: String? = nil, options: ConformanceOptions = ConformanceOptions(), makeLayout: () -> L
    ) throws(ConformanceFailure) -> ConformanceReport {
        let report = check(name, options: options, makeLayout: makeLayout)
        if let failure = ConformanceFailure(report) { throw failure }
        return report
    }
}
