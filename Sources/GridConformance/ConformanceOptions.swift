import GridCore

/// What the suite runs a layout through: data shapes, containers, changes for freshness,
/// the seed of its random probes, and how it reports.
///
/// The defaults follow the issue: no sections, empty sections, sections of 1, 2, 3, 5,
/// 10 and 31 items, CHGridView's 96 × 31, a shape with item sizes; containers of several
/// widths, including ones where rounding matters.
public struct ConformanceOptions: Hashable, Sendable {
    /// The data shapes; every one is tried in every container.
    public var dataShapes: [DataShape]
    /// The containers. Each is also rotated for law 6.
    public var containers: [Size]
    /// The changes between two preparations of one instance checked for law 6. Data
    /// changes are made in the first container; `.rotate` in every container.
    public var changes: [ConformanceChange]
    /// The seed of every random probe rect. The same seed gives the same probes.
    public var seed: UInt64
    /// Random rects per configuration; each is also split in two, across and down, for law 7.
    public var randomRects: Int
    /// Whether to shrink each failure to a small counterexample before reporting it.
    public var shrinks: Bool
    /// At most this many violations are reported; the rest are counted.
    public var maxViolations: Int
    /// At most this many re-checks are spent shrinking one violation.
    public var maxShrinkSteps: Int

    public init(
        dataShapes: [DataShape] = ConformanceOptions.standardDataShapes,
        containers: [Size] = ConformanceOptions.standardContainers,
        changes: [ConformanceChange] = ConformanceChange.allCases,
        seed: UInt64 = 0x6772_6964_6265_6E63,
        randomRects: Int = 24,
        shrinks: Bool = true,
        maxViolations: Int = 20,
        maxShrinkSteps: Int = 400
    ) {
        self.dataShapes = dataShapes
        self.containers = containers
        self.changes = changes
        self.seed = seed
        self.randomRects = randomRects
        self.shrinks = shrinks
        self.maxViolations = maxViolations
        self.maxShrinkSteps = maxShrinkSteps
    }

    /// No sections; empty sections; single sections of 1, 2, 3, 5, 10 and 31 items;
    /// empty sections between full ones; all those sizes together; CHGridView's 96 × 31;
    /// uneven sections whose items carry content sizes (some larger than any tile); and the
    /// records × fields of a two-axis layout (a section per record, an item per field): with
    /// the shapes above that are 0 × 0, 1 × 1, 1 × 5, 3 × 0, 96 × 31 and ragged ones, also
    /// 5 × 1, 3 × 4 and 10 × 12.
    public static let standardDataShapes: [DataShape] = [
        .empty,
        shape([0]),
        shape([0, 0, 0]),
        shape([1]), shape([2]), shape([3]), shape([5]), shape([10]), shape([31]),
        shape([0, 3, 0, 0, 5, 1, 0]),
        shape([1, 2, 3, 5, 10, 31]),
        shape(Array(repeating: 31, count: 96)),
        shape([7, 0, 12, 1], sized: true),
        shape(Array(repeating: 1, count: 5)),
        shape(Array(repeating: 4, count: 3)),
        shape(Array(repeating: 12, count: 10)),
    ]

    /// CHGridView's 320 × 480; 375 × 667, where `(375 − 20) / 4` is not whole; a width
    /// that is not a whole number; a wide 1024 × 768; and a narrow 50 × 90. Each is narrower
    /// than a grid of a few columns of ordinary width, so a two-axis layout scrolls sideways
    /// in all of them.
    public static let standardContainers: [Size] = [
        Size(width: 320, height: 480),
        Size(width: 375, height: 667),
        Size(width: 333.5, height: 500.25),
        Size(width: 1024, height: 768),
        Size(width: 50, height: 90),
    ]

    /// A smaller, faster set for quick checks: a few shapes in two containers.
    public static let quick = ConformanceOptions(
        dataShapes: [.empty, shape([0, 0]), shape([1]), shape([5]), shape([0, 3, 0, 5, 1]), shape([7, 0, 12, 1], sized: true)],
        containers: [Size(width: 320, height: 480), Size(width: 333.5, height: 500.25)],
        randomRects: 12)

    /// A data shape from constant counts; the counts here are all valid.
    static func shape(_ counts: [Int], sized: Bool = false) -> DataShape {
        var sizes: [Size]?
        if sized {
            var random = SeededRandom(seed: UInt64(counts.reduce(0, +)))
            sizes = (0 ..< counts.reduce(0, +)).map { _ in
                Size(width: random.uniform(6 ... 300).rounded(), height: random.uniform(6 ... 300).rounded())
            }
        }
        return (try? DataShape(itemCounts: counts, itemSizes: sizes)) ?? .empty
    }
}
