import GridCore
import GridTestSupport
import Testing

/// Shapes made from runs of sections (``DataShape/init(sectionRuns:)``), as a span grid makes
/// its cells, against the same counts given one by one: every answer, equality and hash agree,
/// whichever form the counts give.
@Suite("DataShape runs")
struct DataShapeRunsTests {
    /// Every answer of `shape` against plain arrays of `counts`.
    static func expectAgrees(_ shape: DataShape, _ counts: [Int], _ context: String) {
        var starts = [0]
        for count in counts { starts.append(starts[starts.count - 1] + count) }
        #expect(shape.sectionCount == counts.count, "\(context)")
        #expect(shape.totalItems == starts[starts.count - 1], "\(context)")
        #expect(Array(shape.itemCounts) == counts, "\(context)")
        #expect(Array(shape.sectionStarts) == starts, "\(context)")
        // Every query at the ends, where counts change, and at a hundred sections between.
        var sections = Set([-1, counts.count])
        for section in counts.indices where section < 20 || section >= counts.count - 20 || section % max(1, counts.count / 100) == 0
            || (section > 0 && counts[section] != counts[section - 1]) {
            sections.formUnion([section - 1, section])
        }
        for section in sections.sorted() {
            let count = counts.indices.contains(section) ? counts[section] : 0
            #expect(shape.itemCount(inSection: section) == count, "section \(section): \(context)")
            for item in -1...count {
                let path = ItemPath(section: section, item: item)
                let flat = count > 0 && item >= 0 && item < count ? starts[section] + item : nil
                #expect(shape.contains(path) == (flat != nil), "\(path): \(context)")
                #expect(shape.flatIndex(of: path) == flat, "\(path): \(context)")
                if let flat { #expect(shape.path(atFlatIndex: flat) == path, "flat \(flat): \(context)") }
            }
        }
        #expect(shape.path(atFlatIndex: -1) == nil && shape.path(atFlatIndex: shape.totalItems) == nil, "\(context)")
    }

    /// Seeded random runs (empty runs, empty sections, long and short runs, neighbours of one
    /// count), some many and sparse enough to be kept as runs, some not.
    @Test(arguments: 0..<4)
    func runsAgreeWithTheCountsOneByOne(batch: Int) throws {
        var kept = 0, dense = 0
        for index in 0..<100 {
            let seed = UInt64(batch * 1000 + index)
            var random = SeededRandom(seed: seed)
            let runs = (0..<random.integer(0...8)).map { _ in
                (sections: random.integer(0...2) == 0 ? random.integer(0...3) : random.integer(0...2_500), items: random.integer(0...3))
            }
            let counts = runs.flatMap { Array(repeating: $0.items, count: $0.sections) }
            let context = "seed \(seed): runs \(runs.map { "\($0.sections)×\($0.items)" })"
            let fromRuns = try DataShape(sectionRuns: runs)
            let fromCounts = try DataShape(itemCounts: counts)
            #expect(fromRuns == fromCounts, "\(context)")
            #expect(fromRuns.hashValue == fromCounts.hashValue, "\(context)")
            #expect(try DataShape(sectionRuns: fromRuns.sectionRuns) == fromRuns, "\(context)")
            Self.expectAgrees(fromRuns, counts, context)
            if fromRuns.sectionRuns.count < counts.count { kept += 1 } else { dense += 1 }
        }
        // Both forms are exercised.
        #expect(kept > 25 && dense > 25, "\(kept) kept as runs, \(dense) dense")
    }

    /// Edits of a shape kept as runs give what the same edits of its counts give.
    @Test func editsOfAShapeKeptAsRunsAgree() throws {
        let shape = try DataShape(sectionRuns: [(1, 2), (4_000, 5), (3, 0), (3_000, 5)])
        #expect(shape.sectionRuns.count == 4)
        let counts = Array(shape.itemCounts)
        let edits: [DataEdit] = [
            .insertItems(section: 20, item: 5, count: 2, sizes: nil), .deleteItems(section: 0, items: 0..<2),
            .insertSections(section: 4_002, counts: [5, 5], sizes: nil), .deleteSections(4_001..<4_004),
            .moveItem(from: ItemPath(section: 7_003, item: 4), to: ItemPath(section: 1, item: 0)),
        ]
        for edit in edits {
            let edited = try edit.applied(to: shape)
            let reference = try edit.applied(to: try DataShape(itemCounts: counts))
            #expect(edited == reference, "\(edit)")
            Self.expectAgrees(edited, Array(reference.itemCounts), "\(edit)")
        }
    }

    /// 100,000 sections of a span grid's rows (nearly all of one count) take a few runs, and
    /// equal the counts given one by one; fewer than 4,096 sections are kept one by one.
    @Test func longRunsAreKeptAsRuns() throws {
        #expect(try DataShape(sections: 4_095, itemsPerSection: 3).sectionRuns.count == 4_095)
        #expect(try DataShape(sections: 4_096, itemsPerSection: 3).sectionRuns.count == 1)
        let runs = [(sections: 1, items: 30), (sections: 50_000, items: 30), (sections: 1, items: 27), (sections: 49_998, items: 30)]
        let shape = try DataShape(sectionRuns: runs)
        #expect(shape.sectionRuns.count == 3)
        #expect(shape.sectionCount == 100_000 && shape.totalItems == 99_999 * 30 + 27)
        #expect(shape == (try DataShape(itemCounts: runs.flatMap { Array(repeating: $0.items, count: $0.sections) })))
        #expect(shape.itemCount(inSection: 50_001) == 27 && shape.sectionStarts[50_002] == 50_001 * 30 + 27)
        #expect(shape.path(atFlatIndex: 50_001 * 30 + 26) == ItemPath(section: 50_001, item: 26))
        #expect(try DataShape(sections: 100_000, itemsPerSection: 30).sectionRuns.count == 1)
    }

    @Test func badRunsAreRefusedNamingTheRun() {
        expectGridError(.invalidData, field: "sectionRuns[1].sections") { try DataShape(sectionRuns: [(2, 3), (-1, 3)]) }
        expectGridError(.invalidData, field: "sectionRuns[0].items") { try DataShape(sectionRuns: [(2, -3)]) }
        expectGridError(.invalidData, field: "sectionRuns[1].items") { try DataShape(sectionRuns: [(1, 1), (2, Int(Int32.max) / 2 + 1)]) }
        expectGridError(.invalidData, field: "sectionRuns[0].items") { try DataShape(sectionRuns: [(1, Int.max)]) }
        expectGridError(.invalidData, field: "sectionRuns[1].sections") {
            try DataShape(sectionRuns: [(ElementID.maxSection, 0), (2, 0)])
        }
        #expect(throws: Never.self) { try DataShape(sectionRuns: [(ElementID.maxSection + 1, 0)]) }
        #expect(throws: Never.self) { try DataShape(sectionRuns: [(1, 1), (1, Int(Int32.max) - 1)]) }
    }

    /// Sections replaced by runs (``DataShape/replacingSections(_:with:)``) against the same
    /// splice of the counts one by one: equal to the shape made from the spliced counts, in
    /// whichever form they give, and answering alike.
    @Test(arguments: 0..<4)
    func replacingSectionsAgreesWithSplicingTheCounts(batch: Int) throws {
        var kept = 0, dense = 0
        for index in 0..<100 {
            let seed = UInt64(50_000 + batch * 1000 + index)
            var random = SeededRandom(seed: seed)
            let runs = (0..<random.integer(1...8)).map { _ in
                (sections: random.integer(0...2) == 0 ? random.integer(0...3) : random.integer(0...2_500), items: random.integer(0...3))
            }
            let counts = runs.flatMap { Array(repeating: $0.items, count: $0.sections) }
            let shape = try DataShape(sectionRuns: runs)
            let lower = random.integer(0...counts.count)
            let upper = min(counts.count, lower + (random.integer(0...1) == 0 ? random.integer(0...3) : random.integer(0...3_000)))
            let replacement = (0..<random.integer(0...3)).map { _ in (sections: random.integer(0...5), items: random.integer(0...3)) }
            let spliced = Array(counts[..<lower]) + replacement.flatMap { Array(repeating: $0.items, count: $0.sections) } + Array(counts[upper...])
            let context = "seed \(seed): \(lower)..<\(upper) of \(runs.map { "\($0.sections)×\($0.items)" }) by \(replacement.map { "\($0.sections)×\($0.items)" })"
            let result = try shape.replacingSections(lower..<upper, with: replacement)
            #expect(result == (try DataShape(itemCounts: spliced)), "\(context)")
            Self.expectAgrees(result, spliced, context)
            if result.sectionRuns.count < spliced.count { kept += 1 } else { dense += 1 }
        }
        #expect(kept > 25 && dense > 25, "\(kept) kept as runs, \(dense) dense")
    }

    /// Worked by hand: 5,000 sections of 30 with sections 10..<12 replaced by one of 29 and
    /// two of 30 are 10 of 30, 1 of 29, then 4,990 of 30: 5,001 sections of
    /// 150,000 − 2·30 + 29 + 2·30 = 150,029 items, the section after the one of 29 starting
    /// at 10·30 + 29 = 329.
    @Test func replacingSectionsByHand() throws {
        let shape = try DataShape(sectionRuns: [(5_000, 30)])
        let result = try shape.replacingSections(10..<12, with: [(1, 29), (2, 30)])
        #expect(result.sectionCount == 5_001)
        #expect(result.totalItems == 150_029)
        #expect(result.sectionRuns.map { [$0.sections, $0.items] } == [[10, 30], [1, 29], [4_990, 30]])
        #expect(result.sectionStarts[11] == 329)
        #expect(throws: GridError.self) { try shape.replacingSections(4_999..<5_001, with: []) }
        #expect(throws: GridError.self) { try shape.replacingSections(0..<1, with: [(-1, 3)]) }
    }
}
