/// How a data shape keeps its sections: item counts in runs of sections of one count, so that
/// 100,000 rows of a span grid (nearly all of one count) cost a few numbers, and a shape made
/// from runs costs what its runs cost, not what its sections do.
///
/// The form is a function of the counts alone, so that equal shapes are equal values: the
/// maximal runs (no two neighbours of one count, no empty run) when there are many sections
/// (``minimumSectionsForRuns``) and few runs, at most one in ``compressionRatio`` of the
/// sections; otherwise one run per section, kept *dense*: each section's count and start at
/// its own index, read without a search, as the layouts' hot paths read them.
@usableFromInline
struct SectionRuns: Hashable, Sendable {
    /// The first section of each run, then the number of sections; empty when dense (every
    /// run one section).
    @usableFromInline let firstSections: [Int]
    /// The item count of each section of each run.
    @usableFromInline let counts: [Int]
    /// The flat index of the first item of each run, then the total.
    @usableFromInline let firstItems: [Int]

    /// Runs are kept when there are at most one for every `compressionRatio` sections …
    @usableFromInline static let compressionRatio = 8
    /// … and at least this many sections: below it, arrays of counts cost little to build
    /// and nothing to search.
    @usableFromInline static let minimumSectionsForRuns = 4096

    /// Whether `runs` maximal runs over `sections` sections are kept as runs.
    @inline(__always)
    static func keepsRuns(_ runs: Int, sections: Int) -> Bool {
        sections >= minimumSectionsForRuns && runs * compressionRatio <= sections
    }

    /// No sections.
    static let empty = SectionRuns(firstSections: [], counts: [], firstItems: [0])

    private init(firstSections: [Int], counts: [Int], firstItems: [Int]) {
        self.firstSections = firstSections
        self.counts = counts
        self.firstItems = firstItems
    }

    /// The sections of `counts` (each ≥ 0, adding up to a total that fits an `Int`).
    /// - Complexity: O(sections).
    init(counts: [Int]) {
        var runs = 0
        if counts.count >= Self.minimumSectionsForRuns {
            var previous = -1
            for count in counts where count != previous {
                runs += 1
                previous = count
            }
        }
        guard Self.keepsRuns(runs, sections: counts.count) else {
            var starts: [Int] = []
            starts.reserveCapacity(counts.count + 1)
            var total = 0
            for count in counts {
                starts.append(total)
                total += count
            }
            starts.append(total)
            self.init(firstSections: [], counts: counts, firstItems: starts)
            return
        }
        self.init(runs: counts.lazy.map { (sections: 1, items: $0) }, maximalRuns: runs)
    }

    /// The sections of `runs`, each `sections` sections (≥ 0) of `items` items (≥ 0), whose
    /// items add up to a total that fits an `Int`.
    /// - Complexity: O(runs), or O(sections) when the runs are too many to keep.
    init<Runs: Collection>(runs: Runs) where Runs.Element == (sections: Int, items: Int) {
        var maximal = 0, sections = 0
        var previous = -1
        for run in runs where run.sections > 0 {
            sections += run.sections
            if run.items != previous { maximal += 1 }
            previous = run.items
        }
        guard Self.keepsRuns(maximal, sections: sections) else {
            var counts: [Int] = []
            counts.reserveCapacity(sections)
            for run in runs where run.sections > 0 {
                counts.append(contentsOf: repeatElement(run.items, count: run.sections))
            }
            self.init(counts: counts)
            return
        }
        self.init(runs: runs, maximalRuns: maximal)
    }

    /// The maximal runs of `runs`, `maximalRuns` of them.
    private init<Runs: Collection>(runs: Runs, maximalRuns: Int) where Runs.Element == (sections: Int, items: Int) {
        var firstSections: [Int] = [], counts: [Int] = [], firstItems: [Int] = []
        firstSections.reserveCapacity(maximalRuns + 1)
        counts.reserveCapacity(maximalRuns)
        firstItems.reserveCapacity(maximalRuns + 1)
        var section = 0, item = 0
        for run in runs where run.sections > 0 {
            if counts.last != run.items {
                firstSections.append(section)
                counts.append(run.items)
                firstItems.append(item)
            }
            section += run.sections
            item += run.sections * run.items
        }
        firstSections.append(section)
        firstItems.append(item)
        self.init(firstSections: firstSections, counts: counts, firstItems: firstItems)
    }

    /// The number of sections.
    @inlinable var sectionCount: Int {
        firstSections.isEmpty ? counts.count : firstSections[firstSections.count - 1]
    }

    /// The number of items in all sections.
    @inlinable var totalItems: Int { firstItems[firstItems.count - 1] }

    /// The run holding `section` (`0 ≤ section < sectionCount`).
    /// - Complexity: O(1) dense, O(log runs) otherwise.
    @inlinable
    func run(ofSection section: Int) -> Int {
        if firstSections.isEmpty { return section }
        var low = 0, high = counts.count  // firstSections[low] ≤ section < firstSections[high]
        while high - low > 1 {
            let mid = (low + high) >> 1
            if firstSections[mid] <= section { low = mid } else { high = mid }
        }
        return low
    }

    /// The item count of `section` (`0 ≤ section < sectionCount`).
    @inlinable
    func count(ofSection section: Int) -> Int {
        if firstSections.isEmpty { return counts[section] }
        return counts[run(ofSection: section)]
    }

    /// The flat index of item 0 of `section` (`0 ≤ section ≤ sectionCount`; the total at
    /// `sectionCount`).
    @inlinable
    func start(ofSection section: Int) -> Int {
        if firstSections.isEmpty { return firstItems[section] }
        if section >= sectionCount { return totalItems }
        let k = run(ofSection: section)
        return firstItems[k] + (section - firstSections[k]) * counts[k]
    }

    /// The section holding flat index `flatIndex` (`0 ≤ flatIndex < totalItems`): the last
    /// whose start is ≤ it (so a non-empty one).
    /// - Complexity: O(log sections) dense, O(log runs) otherwise.
    func section(ofFlatIndex flatIndex: Int) -> Int {
        // The last run whose first item is ≤ flatIndex and which holds items.
        var low = 0, high = counts.count  // firstItems[low] ≤ flatIndex < firstItems[high]
        while high - low > 1 {
            let mid = (low + high) >> 1
            if firstItems[mid] <= flatIndex { low = mid } else { high = mid }
        }
        if firstSections.isEmpty { return low }
        return firstSections[low] + (flatIndex - firstItems[low]) / counts[low]
    }

    /// The sections as runs of `(sections, items)`, in order: the maximal runs, or one per
    /// section when dense.
    var runs: [(sections: Int, items: Int)] {
        if firstSections.isEmpty { return counts.map { (1, $0) } }
        return counts.indices.map { (firstSections[$0 + 1] - firstSections[$0], counts[$0]) }
    }
}

extension SectionRuns {
    /// These sections with sections `range` replaced by `runs` (`sections ≥ 0` sections of
    /// `items ≥ 0` items each, checked by the caller, as the totals are), in the one form the
    /// new counts give.
    ///
    /// - Complexity: O(runs kept + runs given), copying the runs before `range` and moving
    ///   those after it by one addition each; O(sections) when either form is dense.
    func replacing(_ range: Range<Int>, with runs: [(sections: Int, items: Int)]) -> SectionRuns {
        guard !firstSections.isEmpty else {
            var counts = Array(self.counts[..<range.lowerBound])
            for run in runs where run.sections > 0 { counts.append(contentsOf: repeatElement(run.items, count: run.sections)) }
            counts.append(contentsOf: self.counts[range.upperBound...])
            return SectionRuns(counts: counts)
        }
        let runCount = counts.count
        let lowerRun = range.lowerBound < sectionCount ? run(ofSection: range.lowerBound) : runCount
        let upperRun = range.upperBound < sectionCount ? run(ofSection: range.upperBound) : runCount
        // At most: the whole runs before, a part, the runs given, a part, the whole runs after.
        let capacity = lowerRun + 1 + runs.count + 1 + Swift.max(runCount - upperRun - 1, 0)
        // Written in place, never zeroed first: each array is made with its room and
        // initialised up to what is written.
        var newCounts: [Int] = [], newFirstItems: [Int] = []
        var written = 0, section = 0, item = 0
        let newFirstSections = [Int](unsafeUninitializedCapacity: capacity + 1) { outSections, sectionsWritten in
            newCounts = [Int](unsafeUninitializedCapacity: capacity) { outCounts, countsWritten in
                newFirstItems = [Int](unsafeUninitializedCapacity: capacity + 1) { outItems, itemsWritten in
                    firstSections.withUnsafeBufferPointer { firstSections in
                        counts.withUnsafeBufferPointer { counts in
                            firstItems.withUnsafeBufferPointer { firstItems in
                                /// Appends `sections` sections of `items` items, joining the
                                /// last run when it has the same count.
                                func append(_ sections: Int, _ items: Int) {
                                    guard sections > 0 else { return }
                                    if written == 0 || outCounts[written - 1] != items {
                                        outSections[written] = section
                                        outCounts[written] = items
                                        outItems[written] = item
                                        written += 1
                                    }
                                    section += sections
                                    item += sections * items
                                }
                                // The whole runs before `range`, copied in blocks, then the part
                                // of the run `range` starts in.
                                if lowerRun > 0, let toSections = outSections.baseAddress, let toCounts = outCounts.baseAddress,
                                   let toItems = outItems.baseAddress, let fromSections = firstSections.baseAddress,
                                   let fromCounts = counts.baseAddress, let fromItems = firstItems.baseAddress {
                                    toSections.initialize(from: fromSections, count: lowerRun)
                                    toCounts.initialize(from: fromCounts, count: lowerRun)
                                    toItems.initialize(from: fromItems, count: lowerRun)
                                }
                                written = lowerRun
                                if lowerRun < runCount {
                                    section = firstSections[lowerRun]
                                    item = firstItems[lowerRun]
                                    append(range.lowerBound - section, counts[lowerRun])
                                } else {
                                    section = firstSections[runCount]
                                    item = firstItems[runCount]
                                }
                                for run in runs { append(run.sections, run.items) }
                                // The part of the run `range` ends in, then the whole runs after
                                // it, moved (maximal already, and unlike the part before them).
                                guard upperRun < runCount else { return }
                                append(firstSections[upperRun + 1] - range.upperBound, counts[upperRun])
                                let sectionShift = section - firstSections[upperRun + 1], itemShift = item - firstItems[upperRun + 1]
                                var k = upperRun + 1
                                while k < runCount {
                                    outSections[written] = firstSections[k] + sectionShift
                                    outCounts[written] = counts[k]
                                    outItems[written] = firstItems[k] + itemShift
                                    written += 1
                                    k += 1
                                }
                                section = firstSections[runCount] + sectionShift
                                item = firstItems[runCount] + itemShift
                            }
                        }
                    }
                    outSections[written] = section
                    outItems[written] = item
                    itemsWritten = written + 1
                }
                countsWritten = written
            }
            sectionsWritten = written + 1
        }
        guard Self.keepsRuns(newCounts.count, sections: section) else {
            var counts: [Int] = []
            counts.reserveCapacity(section)
            for k in newCounts.indices {
                counts.append(contentsOf: repeatElement(newCounts[k], count: newFirstSections[k + 1] - newFirstSections[k]))
            }
            return SectionRuns(counts: counts)
        }
        return SectionRuns(firstSections: newFirstSections, counts: newCounts, firstItems: newFirstItems)
    }
}

extension DataShape {
    /// This shape with sections `range` replaced by `runs` (`sections` sections of `items`
    /// items each, run after run) and the sections after `range` following them: how an edit
    /// that changes a few neighbouring sections (the rows of a span grid it touches) and
    /// moves the rest makes its new shape. `[(sections: 2, items: 3)]` in place of `5..<6`
    /// turns section 5 into two sections of 3 items and renumbers those after it.
    ///
    /// - Throws: ``GridError`` naming `range` when it is not within the sections or the
    ///   shape carries item sizes, `sectionRuns[i].sections` or `sectionRuns[i].items` when
    ///   one is negative, or when the result holds more than 2²⁸ sections or 2³¹ − 1 items.
    /// - Complexity: O(runs of the result), a copy and an addition per run after `range`,
    ///   for a shape kept as runs; O(sections) otherwise.
    public func replacingSections(_ range: Range<Int>, with runs: [(sections: Int, items: Int)]) throws(GridError) -> DataShape {
        guard range.lowerBound >= 0, range.upperBound <= sectionCount else {
            throw .invalidData("range", "\(range.lowerBound)..<\(range.upperBound)", expected: "a range of sections within 0..<\(sectionCount)")
        }
        guard itemSizes == nil else {
            throw .invalidData("range", "\(range.lowerBound)..<\(range.upperBound)", expected: "a shape without item sizes: replacing sections keeps no sizes")
        }
        try Self.checkRuns(
            runs, after: (sections: sectionCount - range.count, items: totalItems - (sectionStarts[range.upperBound] - sectionStarts[range.lowerBound])))
        return DataShape(storage: self.sections.replacing(range, with: runs), sizes: nil)
    }

    /// Every section's item count, and every section's first flat index with one more entry
    /// (the total), as arrays, for loops that read them once per element: the shape's own
    /// arrays when it keeps one count per section, arrays made for the call when it keeps
    /// runs (a span grid's rows).
    ///
    /// - Complexity: O(1), or O(sections) for a shape kept as runs.
    public var countsAndStarts: (counts: [Int], starts: [Int]) {
        if sections.firstSections.isEmpty { return (sections.counts, sections.firstItems) }
        return (Array(itemCounts), Array(sectionStarts))
    }

    /// The item counts of a data shape's sections, by section: a random-access collection
    /// read in O(1) for most shapes, O(log runs) for those kept as runs (see
    /// ``DataShape/init(sectionRuns:)``).
    public struct ItemCounts: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral, CustomStringConvertible {
        @usableFromInline let runs: SectionRuns

        @inlinable init(_ runs: SectionRuns) { self.runs = runs }

        /// Counts as given, for comparisons in tests and code (`shape.itemCounts == [3, 0, 5]`).
        /// A negative count is kept as 0.
        public init(arrayLiteral counts: Int...) {
            runs = SectionRuns(counts: counts.map { Swift.max($0, 0) })
        }

        @inlinable public var startIndex: Int { 0 }
        @inlinable public var endIndex: Int { runs.sectionCount }

        /// - Complexity: O(1), or O(log runs) for a shape kept as runs.
        @inlinable
        public subscript(section: Int) -> Int {
            if runs.firstSections.isEmpty { return runs.counts[section] }  // the array checks the index
            precondition(section >= 0 && section < runs.sectionCount, "section out of range")
            return runs.count(ofSection: section)
        }

        /// Walks the counts in order: O(1) a count, without a search in a shape kept as runs.
        @inlinable public func makeIterator() -> Iterator { Iterator(runs) }

        @inlinable
        public func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<Int>) throws -> R) rethrows -> R? {
            runs.firstSections.isEmpty ? try runs.counts.withContiguousStorageIfAvailable(body) : nil
        }

        public var description: String { Array(self).description }

        /// The counts of a data shape's sections, section by section.
        public struct Iterator: IteratorProtocol {
            @usableFromInline let counts: [Int]
            /// Empty when dense.
            @usableFromInline let firstSections: [Int]
            @usableFromInline let end: Int
            @usableFromInline var section = 0
            @usableFromInline var run = 0

            @inlinable init(_ runs: SectionRuns) {
                counts = runs.counts
                firstSections = runs.firstSections
                end = runs.sectionCount
            }

            @inlinable
            public mutating func next() -> Int? {
                guard section < end else { return nil }
                section += 1
                if firstSections.isEmpty { return counts[section - 1] }
                while firstSections[run + 1] < section { run += 1 }
                return counts[run]
            }
        }
    }

    /// `sectionStarts[s]`: the flat index of item 0 of section `s`, and one more entry, the
    /// total. Read in O(1) for most shapes, O(log runs) for those kept as runs.
    public struct SectionStarts: RandomAccessCollection, Hashable, Sendable, CustomStringConvertible {
        @usableFromInline let runs: SectionRuns

        @inlinable init(_ runs: SectionRuns) { self.runs = runs }

        @inlinable public var startIndex: Int { 0 }
        @inlinable public var endIndex: Int { runs.sectionCount + 1 }

        /// - Complexity: O(1), or O(log runs) for a shape kept as runs.
        @inlinable
        public subscript(section: Int) -> Int {
            if runs.firstSections.isEmpty { return runs.firstItems[section] }  // the array checks the index
            precondition(section >= 0 && section <= runs.sectionCount, "section out of range")
            return runs.start(ofSection: section)
        }

        public var description: String { Array(self).description }
    }
}
