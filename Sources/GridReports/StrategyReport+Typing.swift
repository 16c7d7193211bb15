import GridHarness

/// The "Typing" part of a layout's section: the runs over traces that type (`cell-content`
/// events, a span grid's cells growing as content is typed), strategy by strategy and under
/// each anchoring policy the plan replays: what a keystroke costs when its row keeps its
/// height and when it grows or shrinks, which strategy types cheapest, and how far what
/// the screen shows moved (a row growing above the screen moves everything on it unless
/// the offset is corrected). One table model serves the HTML and the Markdown.
extension StrategyReport {
    /// The runs whose trace types (they record ``RunRecord/keystrokes``), under every
    /// anchoring policy, in document order.
    var typingRuns: [RunRecord] { document.runs.filter { $0.layout == options.layout && $0.keystrokes != nil } }

    /// The typing table's columns, each with its header and whether it is numeric.
    static let typingColumns: [(header: String, numeric: Bool)] = [
        ("data set", false), ("trace", false), ("strategy", false), ("anchor", false), ("fixture", false), ("keystrokes", true),
        ("rows changed", true), ("row kept: p50", true), ("p99", true), ("max", true), ("row changed: p50", true), ("p99", true),
        ("max", true), ("frames displaced", true), ("max displacement", true), ("total displacement", true), ("corrections", true),
        ("corrected by", true),
    ]

    /// The table: ``typingColumns`` and a ``typingRow(_:)`` per run.
    static let typingTable = PartTable(columns: typingColumns, row: typingRow)

    /// One row of the typing table per run: the cells' texts, in the columns' order.
    static func typingRow(_ run: RunRecord) -> [String] {
        let keys = run.keystrokes
        func cost(_ value: FrameCost?, _ path: KeyPath<FrameCost, Double>) -> String { value.map { Format.duration($0[keyPath: path]) } ?? "—" }
        func points(_ value: Double?) -> String { value.map { Format.trimmed($0) + " pt" } ?? "—" }
        let displacement = run.visibleDisplacement, corrections = run.offsetCorrections
        return [
            run.dataset, run.trace, run.strategy, run.anchor ?? "—", run.fixture == .pass ? "pass" : "FAIL",
            keys.map { Format.count($0.frames) } ?? "—", keys.map { Format.count($0.rowChangeFrames) } ?? "—",
            cost(keys?.stillNanos, \.p50), cost(keys?.stillNanos, \.p99), cost(keys?.stillNanos, \.max),
            cost(keys?.rowChangeNanos, \.p50), cost(keys?.rowChangeNanos, \.p99), cost(keys?.rowChangeNanos, \.max),
            displacement.map { Format.count($0.frames) } ?? "—", points(displacement?.maxPoints), points(displacement?.totalPoints),
            corrections.map { Format.count($0.count) } ?? "—", points(corrections?.totalPoints),
        ]
    }

    /// What the typing part says before its table.
    static let typingNote =
        "Traces that type into cells (cell-content events: each keystroke sets its cell's content height, and a row is as tall as its "
        + "tallest cell). A keystroke within its line keeps its row's height and should cost little more than a scroll frame; one that "
        + "starts or removes a line grows or shrinks its row and moves every row below it. Each frame is the keystroke and the frame's "
        + "scroll, timed as every frame is, over all measured passes. Anchoring: after a keystroke that moves rows, the offset is corrected by "
        + "the run's policy (none: kept; first-visible: the first fully visible cell keeps its place on screen; last-visible: the last one does), "
        + "and the trace's later offsets move the view by their differences. Displacement: how far cells on screen before and after a frame "
        + "moved on screen, net of the scroll. A row growing on screen pushes the rows below it under every policy; one growing above the "
        + "screen (content pasted by a program) moves nothing on it under first-visible."

    /// Per data set, the strategy whose keystrokes cost least, in words: of the runs that
    /// passed their fixture, the lowest p99 of the keystrokes that changed a row (the
    /// costlier kind), then of those that did not.
    var typingAdvice: [String] {
        let passing = typingRuns.filter { $0.fixture == .pass && $0.hasDefaultAnchor }
        return Self.uniqued(passing.map(\.dataset)).compactMap { dataset -> String? in
            let ofDataset = passing.filter { $0.dataset == dataset }
            let strategies = Self.uniqued(ofDataset.map(\.strategy))
            func worst(_ strategy: String, _ path: KeyPath<KeystrokeFrames, FrameCost?>) -> Double {
                ofDataset.filter { $0.strategy == strategy }.compactMap { $0.keystrokes?[keyPath: path]?.p99 }.max() ?? 0
            }
            let ranked = strategies.sorted {
                let (a, b) = ((worst($0, \.rowChangeNanos), worst($0, \.stillNanos)), (worst($1, \.rowChangeNanos), worst($1, \.stillNanos)))
                return a != b ? a < b : false
            }
            guard let best = ranked.first else { return nil }
            var words = "\(dataset): \(best) types cheapest: a keystroke that changes a row costs \(Format.duration(worst(best, \.rowChangeNanos))) at p99, "
                + "one within its line \(Format.duration(worst(best, \.stillNanos)))"
            let others = ranked.dropFirst().map { "\($0) \(Format.duration(worst($0, \.rowChangeNanos))) and \(Format.duration(worst($0, \.stillNanos)))" }
            if !others.isEmpty { words += "; against " + others.joined(separator: ", ") }
            return words + "." + anchoringWords(dataset)
        }
    }

    /// What anchoring did on `dataset`'s typing runs, in words, as a sentence to follow the
    /// advice (empty when its runs record no anchoring): per policy, the worst displacement
    /// of a visible cell and the frames displaced, over its passing runs.
    func anchoringWords(_ dataset: String) -> String {
        let ofDataset = typingRuns.filter { $0.dataset == dataset && $0.fixture == .pass && $0.visibleDisplacement != nil }
        let policies = Self.uniqued(ofDataset.compactMap(\.anchor))
        guard !policies.isEmpty else { return "" }
        let described = policies.map { policy -> String in
            let runs = ofDataset.filter { $0.anchor == policy }
            let worst = runs.compactMap { $0.visibleDisplacement?.maxPoints }.max() ?? 0
            let frames = runs.compactMap { $0.visibleDisplacement?.frames }.max() ?? 0
            let corrections = runs.compactMap { $0.offsetCorrections?.count }.max() ?? 0
            return "\(policy): up to \(Format.trimmed(worst)) points in \(Format.count(frames)) frame\(frames == 1 ? "" : "s"), "
                + "\(Format.count(corrections)) correction\(corrections == 1 ? "" : "s")"
        }
        return " Visible cells moved, by policy: " + described.joined(separator: "; ") + "."
    }

    /// The part in HTML: note, advice and table (``PartTable``); empty when no run types.
    func typingHTML(id: String, title: String) -> String {
        let runs = typingRuns
        guard !runs.isEmpty else { return "" }
        let h = Escape.html
        var out = ReportPage.heading(3, id: id, h(title))
        out += "<p class=\"note\">\(h(Self.typingNote))</p>\n"
        out += "<ul>\n" + typingAdvice.map { "<li>\(h($0))</li>\n" }.joined() + "</ul>\n"
        return out + Self.typingTable.html(runs)
    }

    /// The part in Markdown; empty when no run types.
    var typingMarkdown: String {
        let runs = typingRuns
        guard !runs.isEmpty else { return "" }
        let md = Escape.markdown
        var out = "## Typing\n\n" + md(Self.typingNote) + "\n\n"
        out += typingAdvice.map { "- \(md($0))\n" }.joined() + "\n"
        return out + Self.typingTable.markdown(runs)
    }
}
