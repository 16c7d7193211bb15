import GridConformance
import GridCore
import GridLayouts
import Testing

@Suite struct ShrinkingAndPrintingTests {
    @Test func theOffByOneShrinksToASmallCounterexample() throws {
        let report = GridConformance.check(makeLayout: BrokenTileGrid.factory(.closedFarEdge))
        #expect(report.violatedLaws == [.completeness])
        for violation in report.violations {
            #expect(violation.configuration.data.sectionCount <= 2, "\(violation)")
            #expect(violation.configuration.data.totalItems <= 2, "\(violation)")
            guard case .rect(let rect, _) = violation.subject else {
                Issue.record("expected a rect: \(violation)")
                continue
            }
            #expect(rect.width <= 8 && rect.height <= 8, "\(violation)")
        }
        // At least one started from a larger configuration, and says so.
        let shrunk = try #require(report.violations.first { $0.shrunkFrom != nil })
        let origin = try #require(shrunk.shrunkFrom)
        #expect(origin.configuration.data.totalItems > shrunk.configuration.data.totalItems || origin.subject != shrunk.subject)
        #expect(shrunk.description.contains("shrunk from: "))
    }

    @Test func withoutShrinkingTheCaseIsReportedAsFound() {
        var options = ConformanceOptions.quick
        options.shrinks = false
        let report = GridConformance.check(options: options, makeLayout: BrokenTileGrid.factory(.closedFarEdge))
        #expect(!report.violations.isEmpty)
        #expect(report.violations.allSatisfy { $0.shrunkFrom == nil })
    }

    @Test func staleDataShrinksToFewSections() throws {
        let report = GridConformance.check(options: .quick, makeLayout: BrokenTileGrid.factory(.staleAfterDataChange))
        let violation = try #require(report.violations.first)
        let previous = try #require(violation.configuration.previous)
        #expect(previous.data.sectionCount <= 2, "\(violation)")
        #expect(violation.description.contains("the same instance was first prepared with"))
    }

    @Test func aPrintedViolationNamesLawConfigurationExpectedAndActual() throws {
        let options = ConformanceOptions(dataShapes: [try DataShape(itemCounts: [3])], containers: [Size(width: 320, height: 480)], changes: [])
        let report = GridConformance.check("Disagreeing", options: options, makeLayout: BrokenTileGrid.factory(.itemAnswerDisagrees))
        let violation = try #require(report.violations.first)
        let text = violation.description
        // Item 2 of section 0 is at row 0, column 2: (4 + 2·79, 26) = (162, 26), 75 × 75;
        // the per-item answer puts it half a point lower.
        #expect(text.contains("law 2 (agreement) broken by Disagreeing"))
        #expect(text.contains("configuration: 1 section [3] (3 items), container 320.0 × 480.0"))
        #expect(text.contains("element cell[0, 2]"))
        #expect(text.contains("expected: cell[0, 2] (x: 162.0, y: 26.0, w: 75.0, h: 75.0)"))
        #expect(text.contains("actual:   cell[0, 2] (x: 162.0, y: 26.5, w: 75.0, h: 75.0)"))
        #expect(violation.configuration == ConformanceConfiguration(data: try DataShape(itemCounts: [3]), container: Size(width: 320, height: 480)))
        #expect(violation.expected == .attributes(.cell(ItemPath(section: 0, item: 2), frame: Rect(x: 162, y: 26, width: 75, height: 75))))
        #expect(violation.actual == .attributes(.cell(ItemPath(section: 0, item: 2), frame: Rect(x: 162, y: 26.5, width: 75, height: 75))))
        #expect(report.description.hasPrefix("GridConformance: Disagreeing breaks law 2 (agreement)"))
    }

    @Test func aPrintedRectViolationListsWhatWasMissing() throws {
        let options = ConformanceOptions(dataShapes: [try DataShape(itemCounts: [2])], containers: [Size(width: 320, height: 480)], changes: [])
        let report = GridConformance.check(options: options, makeLayout: BrokenTileGrid.factory(.containedOnly))
        let violation = try #require(report.violations.first { $0.code == .missingElements })
        #expect(violation.description.hasPrefix("law 1 (completeness and soundness) broken by BrokenTileGrid [missing-elements]: the rect query left out 1 element whose frame intersects the rect"))
        #expect(violation.description.contains("rect (x: "))
        #expect(violation.description.contains("actual:   nothing") || violation.description.contains("actual:   1 element"))
    }

    @Test func theLawsAreNumberedAndNamedAsDESIGNmd() {
        #expect(ConformanceLaw.allCases.map(\.number) == Array(1 ... 10))
        #expect(ConformanceLaw.allCases.map(\.name) == [
            "completeness and soundness", "agreement", "validity", "containment",
            "determinism", "freshness", "additivity", "non-overlap", "tightness", "locality",
        ])
        #expect("\(ConformanceLaw.freshness)" == "law 6 (freshness)")
    }

    @Test func everyChangeAppliesOrSaysItCannot() throws {
        let data = try DataShape(itemCounts: [3, 0, 5], itemSizes: (0 ..< 8).map { Size(width: Double($0 + 1), height: 10) })
        let container = Size(width: 320, height: 480)
        let after = ConformanceChange.allCases.map { $0.apply(to: data, container: container) }
        #expect(after[0]?.0.itemCounts == [3, 3, 5])  // 3 items into the middle section, 1
        #expect(after[1]?.0.itemCounts == [3, 0, 4])  // from the middle non-empty section, 2: 5/3 = 1 item
        #expect(after[2]?.0.itemCounts == [3, 2, 0, 5, 0, 5])  // 2, 0, 5 before section 1
        #expect(after[3]?.0.itemCounts == [3, 5])
        #expect(after[4]?.0.itemSizes?.first == Size(width: 11, height: 2))
        #expect(after[5]?.1 == Size(width: 480, height: 320))
        #expect(ConformanceChange.deleteSections.apply(to: .empty, container: container) == nil)
        #expect(ConformanceChange.resizeItems.apply(to: try DataShape(itemCounts: [2]), container: container) == nil)
        #expect(ConformanceChange.rotate.apply(to: data, container: Size(width: 10, height: 10)) == nil)
    }
}

/// A failure a person can read: the cause first, each failure once, the shrunk case whole,
/// the rest behind an option.
@Suite struct ReadableFailureTests {
    /// The tile grid with its content one row short (the last line not counted), and a rect
    /// query that clips the rect to the content first, as many layouts do: the short content
    /// (law 9) leaves the last row outside it (law 4) and out of every rect query (law 1).
    struct ClippingTileGrid: GridLayout {
        var grid = TileGrid()
        var items = 0
        mutating func prepare(data: DataShape, container: Size) throws {
            try grid.prepare(data: data, container: container)
            items = data.totalItems
        }
        var contentSize: Size {
            var size = grid.contentSize
            if items > 0 { size.height -= grid.configuration.rowHeight }
            return size
        }
        var traits: LayoutTraits { grid.traits }
        func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
            let bounds = Rect(origin: .zero, size: contentSize)
            let clipped = Rect(
                x: max(rect.minX, bounds.minX), y: max(rect.minY, bounds.minY),
                width: min(rect.maxX, bounds.maxX) - max(rect.minX, bounds.minX),
                height: min(rect.maxY, bounds.maxY) - max(rect.minY, bounds.minY))
            guard !clipped.isEmpty else { return }
            grid.elements(in: clipped, into: &buffer)
        }
        func attributes(at path: ItemPath) -> LayoutAttributes? { grid.attributes(at: path) }
        func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? { grid.supplementary(kind, at: path) }
    }

    @Test func theCauseComesBeforeTheFailuresItCauses() throws {
        let report = GridConformance.check("ClippingTileGrid", options: .quick) { ClippingTileGrid() }
        #expect(Set(report.violatedLaws).isSuperset(of: [.completeness, .containment, .tightness]), "\(report)")
        // Each kind's first, in the order they explain one another: the content size, the
        // frames outside it, then what the rect queries missed.
        let leaders = report.violations.filter { $0.repeatOf == nil }
        #expect(leaders.first?.law == .tightness && leaders.first?.code == .contentTooSmall, "\(report)")
        #expect(leaders.dropFirst().first?.law == .containment, "\(report)")
        #expect(leaders.last?.law == .completeness || leaders.last?.law == .additivity, "\(report)")
        let ranks = leaders.map(\.code.explanatoryRank)
        #expect(ranks == ranks.sorted(), "\(report)")
        // The leaders come before every repeat.
        #expect(report.violations.prefix(leaders.count).allSatisfy { $0.repeatOf == nil })
    }

    @Test func eachFailureIsPrintedOnceAndItsRepeatsInALine() throws {
        let report = GridConformance.check("LaneMasonry(contentFromLastItem)", options: .quick) { LaneMasonry(bug: .contentFromLastItem) }
        #expect(report.violatedLaws == [.containment, .tightness], "\(report)")
        // One in full per law and code.
        struct Kind: Hashable { var law: ConformanceLaw; var code: ConformanceViolation.Code }
        let leaders = report.violations.filter { $0.repeatOf == nil }
        #expect(Set(leaders.map { Kind(law: $0.law, code: $0.code) }).count == leaders.count)
        for (index, violation) in report.violations.enumerated() {
            guard let first = violation.repeatOf else { continue }
            // A repeat points back at the first of its kind and takes one line.
            #expect(first >= 1 && first <= index)
            #expect(report.violations[first - 1].law == violation.law && report.violations[first - 1].code == violation.code)
            #expect(!violation.description.contains("\n") && violation.description.contains("again, as in \(first))"))
        }
        // Nothing printed twice.
        let printed = report.violations.map(\.description)
        #expect(Set(printed).count == printed.count, "\(report)")
        // The shrunk case in full: the item sizes it was shrunk to, as the data holds them.
        let lead = try #require(leaders.first)
        let sizes = try #require(lead.configuration.data.itemSizes)
        #expect(lead.description.contains("  item sizes: [" + sizes.map { "\($0.width) × \($0.height)" }.joined(separator: ", ") + "]"),
                "\(lead)")
    }

    @Test func theRestIsBehindMaxViolations() {
        var options = ConformanceOptions.quick
        options.maxViolations = 1
        let report = GridConformance.check("LaneMasonry(contentFromLastItem)", options: options) { LaneMasonry(bug: .contentFromLastItem) }
        // Never fewer than one per law broken: laws 4 and 9.
        #expect(report.violations.count == 2, "\(report)")
        #expect(report.omittedViolations > 0)
        #expect(report.description.hasSuffix("more violations not shown (ConformanceOptions.maxViolations)"))
    }
}

/// Law 9's arithmetic and its wording, apart from any layout.
@Suite struct TightnessLawTests {
    @Test func theRequiredExtentIsTheFarthestEdgePlusTheTrailingInsetAndNeverLessThanTheInsets() {
        let tight = ContentTightness(axes: .both, insets: ContentInsets(top: 30, left: 5, bottom: 4, right: 2))
        #expect(tight.requiredExtent(along: .vertical, farthestEdge: 100) == 104)
        #expect(tight.requiredExtent(along: .horizontal, farthestEdge: 100) == 102)
        // Frames ending above the header band: the band still counts.
        #expect(tight.requiredExtent(along: .vertical, farthestEdge: 10) == 34)
        #expect(tight.requiredExtent(along: .vertical, farthestEdge: nil) == 34)
        #expect(tight.requiredExtent(along: .horizontal, farthestEdge: nil) == 7)
    }

    @Test func aLayoutThatDeclaresNoTightnessPassesAndTheReportSaysLaw9WasNotChecked() {
        let report = GridConformance.check("UntightTileGrid", options: .quick) { UntightTileGrid() }
        #expect(report.isPassing, "\(report)")
        #expect(!report.lawsChecked.contains(.tightness))
        #expect(report.checked.tightnessChecks == 0)
        #expect(report.description.contains("law 9 (tightness) not checked: the layout does not declare traits.tightness"))
    }

    @Test func theCentredTileGridDeclaresTightnessOnlyWhereItsFramesFillTheirTiles() {
        let report = GridConformance.check(options: .quick) { TileGrid(TileGrid.Configuration(centersItems: true)) }
        #expect(report.isPassing, "\(report)")
        // One shape of the quick set carries item sizes; it and the changes made from it are not tight.
        #expect(report.checked.tightnessChecks > 0 && report.checked.tightnessChecks < report.checked.configurations)
        #expect(report.description.contains("law 9 (tightness) checked in \(report.checked.tightnessChecks) of \(report.checked.configurations) configurations"))
    }

    @Test func aContentOneRowTooLongIsNamedWithItsNumbers() throws {
        var options = ConformanceOptions(dataShapes: [try DataShape(itemCounts: [5])], containers: [Size(width: 320, height: 480)], changes: [])
        options.shrinks = false
        let report = GridConformance.check(options: options, makeLayout: BrokenTileGrid.factory(.contentOneRowTooLong))
        let violation = try #require(report.violations.first { $0.law == .tightness })
        let c = TileGrid.Configuration.chGridView
        // Two rows of 4 tiles: the last tile ends at t + 2h; the grid keeps ph below it.
        let required = c.sectionTitleHeight + 2 * c.rowHeight + c.padding.height
        #expect(violation.code == .contentTooLarge)
        #expect(violation.problem.contains("the content height is \(required + c.rowHeight), more than the \(required)"))
        #expect(violation.subject == .contentSize)

        // Shrunk, it is the grid of no sections, whose content should have no height at all.
        options.shrinks = true
        let shrunk = try #require(GridConformance.check(options: options, makeLayout: BrokenTileGrid.factory(.contentOneRowTooLong)).violations.first)
        #expect(shrunk.configuration.data.sectionCount == 0)
        #expect(shrunk.problem.contains("the content height is \(c.rowHeight), more than the 0.0"))
    }
}

/// The tile grid with no traits of its own: it declares neither law 8 nor law 9.
struct UntightTileGrid: GridLayout {
    var base = TileGrid()
    mutating func prepare(data: DataShape, container: Size) throws { try base.prepare(data: data, container: container) }
    var contentSize: Size { base.contentSize }
    func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) { base.elements(in: rect, into: &buffer) }
    func attributes(at path: ItemPath) -> LayoutAttributes? { base.attributes(at: path) }
    func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? { base.supplementary(kind, at: path) }
    var traits: LayoutTraits { LayoutTraits(supplementaries: base.traits.supplementaries) }
}
