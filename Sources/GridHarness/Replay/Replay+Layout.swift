import GridCore
import GridViewport

extension Replay {
    /// Replays the trace with `layout`, any `GridLayout` at all, and measures it exactly as
    /// ``run(_:expected:)-(ReplayOptions,_)`` measures a strategy: prepare, memory, a
    /// warm-up pass, measured passes, the floor, and every frame's loaded set checked
    /// against `expected`.
    ///
    /// This is how a layout that is not one of GridBench's strategies (a third party's, or a
    /// deliberately wrong one in a test) is held to the reference: the layout is prepared
    /// with the spec's data and the trace's viewport and replayed as given, unwrapped.
    /// `options.strategy` and `options.threshold` are not used; `label` names the layout in
    /// the record's `strategy` field.
    ///
    /// ```swift
    /// let record = try replay.run(layout: MyGrid(), label: "my-grid", options: options,
    ///                             expected: fixture.frames)
    /// // record.fixture == .fail when some frame loaded another set than the reference
    /// ```
    ///
    /// - Throws: `GridError` for bad options, an empty `label` or a reference
    ///   of the wrong length; what the layout throws.
    /// - Complexity: the layout's prepare a few times, then (passes + 1) × the trace's
    ///   frames, each the layout's rect query plus the viewport's diff.
    public func run<L: GridLayout>(
        layout: L, label: String, options: ReplayOptions, expected: [LoadedSetDigest]
    ) throws -> RunRecord {
        try check(options, expected: expected)
        guard !label.isEmpty else {
            throw GridError.invalidParameter("label", "\"\"", expected: "a name for the layout, such as \"my-grid\"")
        }
        return try MeasureVisitor(replay: self, options: options, expected: expected).measureAlone(layout, label: label)
    }
}
