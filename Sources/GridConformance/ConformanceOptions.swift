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
    /// The containers. Each is also rotated, widened and made taller for law 6.
    public var containers: [Size]
    /// The changes between two preparations of one instance checked for law 6 (see
    /// ``freshnessConfigurations``).
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
    /// Container widths one instance is prepared at in turn, for law 6: each consecutive
    /// pair both ways, at the first container's height (``standardWidthSweep``).
    public var widthSweep: [Double]
    /// The data shapes of the width sweep and of `.resizeWidth` and `.resizeHeight`;
    /// `nil` chooses up to three of ``dataShapes`` (see ``shapesForContainerChanges``).
    public var sweepShapes: [DataShape]?
    /// Whether each case runs in a child process, so that a layout that traps or hangs is
    /// reported (law 3, ``ConformanceViolation/Code/trapped`` or
    /// ``ConformanceViolation/Code/timedOut``) instead of killing the test process; `nil`
    /// (the default) runs everything in this process. See ``ConformanceIsolation``.
    public var isolation: ConformanceIsolation?
    /// Seeded sequences of changes one instance lives through, each told to it
    /// (`prepare(data:container:invalidation:)`: items inserted, deleted and moved,
    /// sections inserted and deleted, on data with item sizes a quarter of the edits a
    /// measurement of 1 to 6 random items (`DataEdit.setItemSizes`, when ``changes`` holds
    /// ``ConformanceChange/setItemSizes``), the container's width, height or both, and a third of
    /// those container changes together with an edit, in one invalidation), every step
    /// checked against a fresh layout (law 6). Sequence `i` starts from one of
    /// ``shapesForContainerChanges`` in container `i` (of ``containers``, in turn), and its
    /// middle step is an edit told together with a new width.
    public var editSequences: Int = 4
    /// The changes of each of ``editSequences``.
    public var editSequenceLength: Int = 16

    public init(
        dataShapes: [DataShape] = ConformanceOptions.standardDataShapes,
        containers: [Size] = ConformanceOptions.standardContainers,
        changes: [ConformanceChange] = ConformanceChange.allCases,
        seed: UInt64 = 0x6772_6964_6265_6E63,
        randomRects: Int = 24,
        shrinks: Bool = true,
        maxViolations: Int = 20,
        maxShrinkSteps: Int = 400,
        widthSweep: [Double] = ConformanceOptions.standardWidthSweep,
        sweepShapes: [DataShape]? = nil,
        isolation: ConformanceIsolation? = nil
    ) {
        self.dataShapes = dataShapes
        self.containers = containers
        self.changes = changes
        self.seed = seed
        self.randomRects = randomRects
        self.shrinks = shrinks
        self.maxViolations = maxViolations
        self.maxShrinkSteps = maxShrinkSteps
        self.widthSweep = widthSweep
        self.sweepShapes = sweepShapes
        self.isolation = isolation
    }

    /// These options with every case run in a child process that is killed after `timeout`
    /// seconds (see ``ConformanceIsolation``).
    public func isolated(timeout: Double = ConformanceIsolation.defaultTimeout) -> ConformanceOptions {
        var options = self
        options.isolation = ConformanceIsolation(timeout: timeout)
        return options
    }

    /// No sections; empty sections; single sections of 1, 2, 3, 5, 10 and 31 items;
    /// empty sections between full ones; all those sizes together; CHGridView's 96 × 31;
    /// uneven sections whose items carry content sizes (some larger than any tile); and the
    /// records × fields of a two-axis layout (a section per record, an item per field): with
    /// the shapes above that are 0 × 0, 1 × 1, 1 × 5, 3 × 0, 96 × 31 and ragged ones, also
    /// 5 × 1, 3 × 4 and 10 × 12.
    ///
    /// Then every one of those shapes that holds items (up to 400) again, with item sizes of one
    /// ``SizePattern`` each, the patterns in turn (one item a hundred times the others,
    /// alternating short and tall, extreme aspect ratios, seeded varied sizes), and big items
    /// with empty sections between them: the shapes on which a content size taken from the
    /// last items, or a search over frames not sorted the way it assumes, shows.
    public static let standardDataShapes: [DataShape] = uniformShapes + skewedShapes

    /// The standard shapes without item sizes (and the one with varied sizes).
    public static let uniformShapes: [DataShape] = [
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

    /// Every uniform shape that holds items, with the size patterns in turn, and big items
    /// between empty sections.
    public static let skewedShapes: [DataShape] = {
        let patterns: [SizePattern] = [.hundredfold, .alternating, .extremeAspect, .varied]
        let sizable = uniformShapes.filter { $0.totalItems > 0 && $0.totalItems <= 400 && $0.itemSizes == nil }
        return sizable.enumerated().map { sized(Array($0.element.itemCounts), patterns[$0.offset % patterns.count]) }
            + [sized([1, 0, 0, 2, 0, 0, 1], .huge)]
    }()

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

    /// Small; consecutive widths where `floor((W − pad·(n+1)) / n)` steps for every column
    /// count n ≤ 4 (320 to 324); either side of the common breakpoints 600 and 900; large.
    public static let standardWidthSweep: [Double] = [50, 320, 321, 322, 323, 324, 599, 600, 601, 899, 900, 901, 1366, 2732]

    /// A smaller, faster set for quick checks: a few shapes, one skewed, in two containers,
    /// and a short width sweep.
    public static let quick = ConformanceOptions(
        dataShapes: [.empty, shape([0, 0]), shape([1]), shape([5]), shape([0, 3, 0, 5, 1]), shape([7, 0, 12, 1], sized: true),
                     sized([3, 0, 4], .hundredfold)],
        containers: [Size(width: 320, height: 480), Size(width: 333.5, height: 500.25)],
        randomRects: 12,
        widthSweep: [321, 322, 599, 600, 901])

    /// The shapes the container changes are made on: ``sweepShapes`` when given, else up to
    /// three of ``dataShapes`` with items (at most 200) in several sections, evenly chosen,
    /// or with items at all when none has several sections.
    public var shapesForContainerChanges: [DataShape] {
        if let sweepShapes { return sweepShapes }
        let small = dataShapes.filter { $0.totalItems > 0 && $0.totalItems <= 200 }
        let several = small.filter { $0.sectionCount >= 2 }
        return ProbePlan.evenlyChosen(several.isEmpty ? small : several, count: 3)
    }

    /// Every configuration that prepares one instance twice, for law 6 (and every other law
    /// but 5 on what it then answers), in order: each data change (moves included), and
    /// rotation, on every shape in the first container; rotation in the other containers,
    /// `.resizeWidth` and `.resizeHeight` in every container, the changes that combine an
    /// edit with a container change in the first container, and the width sweep, on
    /// ``shapesForContainerChanges``; then each change in the first container again with the
    /// instance told what changed (`prepare(data:container:invalidation:)`, an edit and a
    /// new container in one invalidation for the combined changes), on every shape for the
    /// data changes and on ``shapesForContainerChanges`` for the others. The measurement,
    /// ``ConformanceChange/setItemSizes``, is made told only.
    public var freshnessConfigurations: [ConformanceConfiguration] {
        var result: [ConformanceConfiguration] = []
        let sweepShapes = shapesForContainerChanges
        func add(_ change: ConformanceChange, _ shapes: [DataShape], in containers: ArraySlice<Size>) {
            for container in containers {
                for data in shapes {
                    if let configuration = ConformanceConfiguration.changed(change, from: data, container: container) {
                        result.append(configuration)
                    }
                }
            }
        }
        for change in changes {
            switch change {
            case .rotate:
                add(change, dataShapes, in: containers.prefix(1))
                add(change, sweepShapes, in: containers.dropFirst())
            case .resizeWidth, .resizeHeight:
                add(change, sweepShapes, in: containers[...])
            case _ where change.combinesEditAndContainer:
                add(change, sweepShapes, in: containers.prefix(1))
            case .setItemSizes:
                break  // made told only, below: untold, new sizes are what .resizeItems checks
            default:
                add(change, dataShapes, in: containers.prefix(1))
            }
        }
        if changes.contains(.resizeWidth), let height = containers.first?.height {
            for (a, b) in zip(widthSweep, widthSweep.dropFirst()) where a != b {
                for (from, to) in [(a, b), (b, a)] {
                    for data in sweepShapes {
                        result.append(ConformanceConfiguration(
                            data: data, container: Size(width: to, height: height),
                            previous: .init(data: data, container: Size(width: from, height: height), change: .resizeWidth)))
                    }
                }
            }
        }
        if let first = containers.first {
            for change in changes {
                for data in change.changesContainer || change.combinesEditAndContainer ? sweepShapes : dataShapes {
                    if let configuration = ConformanceConfiguration.changed(change, from: data, container: first, told: true) {
                        result.append(configuration)
                    }
                }
            }
        }
        return result
    }

    /// A data shape from constant counts; the counts here are all valid.
    static func shape(_ counts: [Int], sized: Bool = false) -> DataShape {
        sized ? Self.sized(counts, .varied) : (try? DataShape(itemCounts: counts)) ?? .empty
    }

    /// A data shape of `counts` whose items carry sizes of `pattern`.
    public static func sized(_ counts: [Int], _ pattern: SizePattern) -> DataShape {
        let total = counts.reduce(0, +)
        return (try? DataShape(itemCounts: counts, itemSizes: pattern.sizes(total))) ?? .empty
    }
}
