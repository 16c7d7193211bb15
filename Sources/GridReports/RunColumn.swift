import GridHarness

/// A column of a run table, shared by the Markdown, HTML and terminal tables so that every
/// table formats a figure the same way.
public enum RunColumn: CaseIterable, Hashable, Sendable {
    case dataset, tiles, trace, strategy
    case p50, p90, p99, p999, max
    case budgetShareP99, hitchMillisPerSecond, prepare, rebuild, retained, allocationsPerFrame, floorMultiple
    case fixture

    /// The header, with the unit where the cells have none.
    public var header: String {
        switch self {
        case .dataset: "data set"
        case .tiles: "tiles"
        case .trace: "trace"
        case .strategy: "strategy"
        case .p50: "p50 µs"
        case .p90: "p90 µs"
        case .p99: "p99 µs"
        case .p999: "p99.9 µs"
        case .max: "max µs"
        case .budgetShareP99: "budget at p99"
        case .hitchMillisPerSecond: "hitch ms/s"
        case .prepare: "prepare"
        case .rebuild: "rebuild"
        case .retained: "retained"
        case .allocationsPerFrame: "allocs/frame"
        case .floorMultiple: "× floor"
        case .fixture: "fixture"
        }
    }

    /// Whether the cells are numbers, aligned right.
    public var isNumeric: Bool {
        switch self {
        case .dataset, .trace, .strategy, .fixture: false
        default: true
        }
    }

    /// The cell for `run`, as plain text: µs to three significant digits, memory in binary
    /// units, `—` for a figure the run does not have (no memory probe).
    public func text(for run: RunRecord) -> String {
        switch self {
        case .dataset: run.dataset
        case .tiles: Format.count(run.tiles)
        case .trace: run.trace
        case .strategy: run.adaptiveChoice.map { "\(run.strategy) (→ \($0))" } ?? run.strategy
        case .p50: Format.micros(run.frameNanos.p50)
        case .p90: Format.micros(run.frameNanos.p90)
        case .p99: Format.micros(run.frameNanos.p99)
        case .p999: Format.micros(run.frameNanos.p999)
        case .max: Format.micros(run.frameNanos.max)
        case .budgetShareP99: Format.percent(run.budgetShareP99)
        case .hitchMillisPerSecond: Format.rate(run.hitchMillisPerSecond)
        case .prepare: Format.duration(Double(run.prepareNanos))
        case .rebuild: run.rebuildNanos.map { Format.duration(Double($0)) } ?? "—"
        case .retained: run.retainedBytes.map { Format.bytes(Double($0)) } ?? "—"
        case .allocationsPerFrame: run.allocationsPerFrame.map(Format.rate) ?? "—"
        case .floorMultiple: Format.multiple(run.floorMultiple)
        case .fixture:
            switch run.fixture {
            case .pass: "pass"
            case .fail: "FAIL" + (run.firstMismatchFrame.map { " (frame \($0))" } ?? "")
            }
        }
    }

    /// The canonical data set's table: every trace, every strategy.
    /// The fixture verdict comes right after the strategy: a failed run is the first thing
    /// to see on its row, before any of its figures.
    public static let canonical: [RunColumn] = [
        .trace, .strategy, .fixture, .p50, .p90, .p99, .p999, .max, .budgetShareP99, .hitchMillisPerSecond, .prepare, .rebuild, .retained,
        .allocationsPerFrame, .floorMultiple,
    ]

    /// The scale series' table: one row per tile count and strategy.
    public static let scale: [RunColumn] = [
        .tiles, .dataset, .strategy, .fixture, .p50, .p99, .max, .budgetShareP99, .prepare, .rebuild, .retained, .allocationsPerFrame, .floorMultiple,
    ]

    /// The table of the other data sets.
    public static let other: [RunColumn] = [.dataset] + canonical
}
