import GridConformance
import GridCore
import GridLayouts
import Testing

/// A check says how far it has come: every case once, in order, of a count that is the
/// cases the options make; then, only when it found violations and shrinks them, that it is
/// shrinking.
@Suite struct ConformanceProgressTests {
    /// Two containers × three data shapes, no told changes (so no freshness
    /// configurations) and two edit sequences: 2 · 3 + 0 + 2 = 8 cases.
    static var options: ConformanceOptions {
        var options = ConformanceOptions(
            dataShapes: [try! DataShape(itemCounts: [3]), try! DataShape(itemCounts: [5, 0, 2]), try! DataShape(itemCounts: [10])],
            containers: [Size(width: 320, height: 480), Size(width: 480, height: 320)],
            changes: [], randomRects: 4)
        options.editSequences = 2
        options.editSequenceLength = 3
        return options
    }

    @Test func aPassingCheckCountsEveryCaseOnceAndNeverShrinks() {
        var heard: [ConformanceProgress] = []
        let report = GridConformance.check(options: Self.options, progress: { heard.append($0) }) { TileGrid(.chGridView) }
        #expect(report.isPassing)
        #expect(heard == (1...8).map { ConformanceProgress(caseNumber: $0, caseCount: 8) })
    }

    @Test func aFailingCheckSaysItIsShrinkingAfterTheLastCase() {
        var heard: [ConformanceProgress] = []
        let report = GridConformance.check(options: Self.options, progress: { heard.append($0) }, makeLayout: BrokenTileGrid.factory(.dropsLastRow, .chGridView))
        #expect(!report.isPassing)
        #expect(heard.dropLast() == (1...8).map { ConformanceProgress(caseNumber: $0, caseCount: 8) }[...])
        #expect(heard.last == ConformanceProgress(caseNumber: 8, caseCount: 8, shrinking: true))
    }
}
