import GridConformance
import GridCore
import GridLayouts
import GridStrategies
import Testing

/// Law 6 for a layout told what changed (`prepare(data:container:invalidation:)`): the told
/// twins of every change and the seeded edit sequences catch a layout that gets its update
/// wrong, and pass the reference layouts, which update themselves.
@Suite struct IncrementalFreshnessTests {
    /// The tile grid's own update (the tops from the first touched section on, the tile
    /// width alone on a new container) passes, over the sequences too; and so does the cached
    /// strategy over it, which told of a batch update caches again the sections the grid laid
    /// again and moves the others (its pieces).
    @Test(arguments: [TileGrid.Configuration.chGridView, TileGrid.Configuration(sectionFooterHeight: 16),
                      TileGrid.Configuration(tilesPerLine: 3, rowHeight: 238.0 / 3.0, padding: .zero, sectionTitleHeight: 0, sectionFooterHeight: 10.0 / 3.0)],
          [false, true])
    func theTileGridsUpdateEqualsAFreshPrepare(configuration: TileGrid.Configuration, cached: Bool) {
        var options = ConformanceOptions.quick
        options.editSequences = 6
        options.editSequenceLength = 24
        let report = cached
            ? GridConformance.check(options: options) { CachedLayout(TileGrid(configuration)) }
            : GridConformance.check(options: options) { TileGrid(configuration) }
        #expect(report.isPassing, "\(report)")
        #expect(report.skipped.isEmpty, "\(report.skipped)")
    }

    /// Without any sequence, with them: each step of each sequence is one more comparison
    /// with a fresh layout.
    @Test func everyStepOfEverySequenceIsCompared() {
        var options = ConformanceOptions.quick
        options.editSequences = 0
        let without = GridConformance.check(options: options) { TileGrid() }
        options.editSequences = 3
        options.editSequenceLength = 10
        let with = GridConformance.check(options: options) { TileGrid() }
        #expect(with.checked.freshnessComparisons == without.checked.freshnessComparisons + 3 * 10)
    }

    @Test(arguments: [
        (ForgetfulTileGrid.Bug.keepsTheOldData, ConformanceChange.insertItems),
        (.keepsTheOldWidth, .rotate),
        (.ignoresMoves, .moveItem),
        (.keepsTheOldWidthWhenEdited, .insertItemsAndResizeWidth),
    ])
    func aWrongUpdateIsCaughtUnderFreshness(bug: ForgetfulTileGrid.Bug, caughtBy change: ConformanceChange) {
        var options = ConformanceOptions.quick
        options.editSequences = 8
        options.editSequenceLength = 24
        options.shrinks = false
        let report = GridConformance.check("ForgetfulTileGrid(\(bug))", options: options) { ForgetfulTileGrid(bug: bug) }
        let told = report.violations.filter { $0.law == .freshness && $0.configuration.previous?.invalidation != nil }
        #expect(!told.isEmpty, "\(report)")
        #expect(told.contains { $0.configuration.previous?.change == change }, "\(report)")
        // Prepared untold, the same layout is right: only what it does when told is wrong.
        #expect(report.violations.allSatisfy { $0.configuration.previous?.invalidation != nil }, "\(report)")
    }

    /// The changes as they were before edits and container changes were told together, and
    /// before moves were among them.
    static let separateChanges: [ConformanceChange] = [
        .insertItems, .deleteItems, .insertSections, .deleteSections, .resizeItems, .rotate, .resizeWidth, .resizeHeight,
    ]

    /// A layout that lays a told edit out at the old width when the width changed with it
    /// passes every change told apart; the fixed changes told together catch it, and so do
    /// the sequences, each of which tells an edit and a new width together part-way.
    @Test func anEditToldWithANewWidthIsCaughtOnlyWhenToldTogether() {
        var apart = ConformanceOptions.quick
        apart.changes = Self.separateChanges
        apart.editSequences = 0
        #expect(GridConformance.check(options: apart) { ForgetfulTileGrid(bug: .keepsTheOldWidthWhenEdited) }.isPassing)

        var together = ConformanceOptions.quick
        together.editSequences = 0
        together.shrinks = false
        let fixed = GridConformance.check(options: together) { ForgetfulTileGrid(bug: .keepsTheOldWidthWhenEdited) }
        #expect(fixed.violatedLaws == [.freshness], "\(fixed)")
        #expect(fixed.violations.allSatisfy { [.insertItemsAndResizeWidth, .moveItemAndRotate].contains($0.configuration.previous?.change) },
                "\(fixed)")

        var sequences = apart
        sequences.editSequences = 2
        sequences.shrinks = false
        let sequenced = GridConformance.check(options: sequences) { ForgetfulTileGrid(bug: .keepsTheOldWidthWhenEdited) }
        #expect(sequenced.violations.contains { violation in
            guard let told = violation.configuration.previous?.invalidation, case .edited = told.data else { return false }
            return told.container == .width || told.container == .both
        }, "\(sequenced)")
    }
}

/// CHGridView's grid with an update that forgets part of what it is told.
struct ForgetfulTileGrid: GridLayout {
    enum Bug: String, CaseIterable, Sendable {
        /// Told of a batch update, it takes the new data's section count but lays out the old.
        case keepsTheOldData
        /// Told of a new width, it keeps the old one.
        case keepsTheOldWidth
        /// Told of a move, it does nothing (a move keeps the total, so it looks harmless).
        case ignoresMoves
        /// Told of an edit and a new width together (a batch update during a rotation), it
        /// lays the edit out at the old width: the edit's path, taken as if the container
        /// had not changed.
        case keepsTheOldWidthWhenEdited
    }

    var bug: Bug
    private var grid = TileGrid()
    private var data = DataShape.empty
    private var container = Size.zero

    init(bug: Bug) {
        self.bug = bug
    }

    var contentSize: Size { grid.contentSize }
    var traits: LayoutTraits { grid.traits }

    mutating func prepare(data: DataShape, container: Size) throws {
        try grid.prepare(data: data, container: container)
        (self.data, self.container) = (data, container)
    }

    mutating func prepare(data: DataShape, container: Size, invalidation: Invalidation) throws {
        switch (bug, invalidation.data, invalidation.container) {
        case (.keepsTheOldData, .edited, _):
            try grid.prepare(data: self.data, container: container)
            self.container = container
        case (.keepsTheOldWidth, _, .width), (.keepsTheOldWidth, _, .both):
            try grid.prepare(data: data, container: Size(width: self.container.width, height: container.height))
            self.data = data
        case (.ignoresMoves, .edited(.moveItem), _):
            break
        case (.keepsTheOldWidthWhenEdited, .edited, .width), (.keepsTheOldWidthWhenEdited, .edited, .both):
            let kept = Size(width: self.container.width, height: container.height)
            try grid.prepare(data: data, container: kept)
            (self.data, self.container) = (data, kept)
        default:
            try prepare(data: data, container: container)
        }
    }

    func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) { grid.elements(in: rect, into: &buffer) }
    func attributes(at path: ItemPath) -> LayoutAttributes? { grid.attributes(at: path) }
    func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? { grid.supplementary(kind, at: path) }
}

/// Law 3 on the declaration that section headers follow in order: the tile grid keeps it;
/// a grid that declares it and puts one header out of place, or leaves one out, is caught.
@Suite struct HeaderOrderTests {
    struct Misordered: GridLayout {
        enum Bug: Sendable { case swapsTwoHeaders, dropsAHeader }
        var bug: Bug
        var grid = TileGrid()
        var contentSize: Size { grid.contentSize }
        var traits: LayoutTraits { grid.traits }
        mutating func prepare(data: DataShape, container: Size) throws { try grid.prepare(data: data, container: container) }
        /// Section 1's header, where section 2's is, and section 2's where section 1's is.
        func moved(_ element: LayoutAttributes) -> LayoutAttributes? {
            guard element.kind == .sectionHeader, element.path.section == 1 || element.path.section == 2 else { return element }
            if bug == .dropsAHeader { return element.path.section == 1 ? nil : element }
            guard let other = grid.supplementary(.sectionHeader, section: 3 - element.path.section) else { return element }
            var swapped = element
            swapped.frame = other.frame
            return swapped
        }
        func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
            // Every element, moved, then those meeting `rect`: a header can move into it.
            var all: [LayoutAttributes] = []
            grid.elements(in: Rect(x: -1, y: -1, width: grid.contentSize.width + 2, height: grid.contentSize.height + 2), into: &all)
            for element in all { if let e = moved(element), e.frame.intersects(rect) { buffer.append(e) } }
        }
        func attributes(at path: ItemPath) -> LayoutAttributes? { grid.attributes(at: path) }
        func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? {
            grid.supplementary(kind, at: path).flatMap(moved)
        }
    }

    @Test(arguments: [Misordered.Bug.swapsTwoHeaders, .dropsAHeader])
    func aBrokenDeclarationIsALaw3Violation(bug: Misordered.Bug) {
        var options = ConformanceOptions.quick
        options.dataShapes = [(try? DataShape(itemCounts: [3, 5, 2, 7])) ?? .empty]
        let report = GridConformance.check(options: options) { Misordered(bug: bug) }
        #expect(report.violations.contains { $0.law == .validity && $0.code == .headersOutOfOrder }, "\(report)")
    }

    @Test func theTileGridKeepsItsDeclaration() {
        var options = ConformanceOptions.quick
        options.editSequences = 0
        let report = GridConformance.check(options: options) { TileGrid(.chGridView) }
        #expect(!report.violations.contains { $0.code == .headersOutOfOrder }, "\(report)")
        #expect(TileGrid(.chGridView).traits.sectionHeadersInOrder)
    }
}
