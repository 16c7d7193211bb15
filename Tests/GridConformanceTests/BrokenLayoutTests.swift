import GridConformance
import GridCore
import GridLayouts
import Testing

/// Every deliberately broken layout is caught, and under the law its bug breaks.
@Suite struct BrokenLayoutTests {
    static let expectations: [(BrokenTileGrid.Bug, Set<ConformanceLaw>, ConformanceViolation.Code)] = [
        (.closedFarEdge, [.completeness], .unexpectedElements),
        (.dropsLastRow, [.completeness], .missingFromContentQuery),
        (.returnsFirstTwice, [.completeness], .duplicateElements),
        (.clearsBuffer, [.completeness], .bufferNotAppended),
        (.containedOnly, [.completeness, .additivity], .missingElements),
        (.itemAnswerDisagrees, [.agreement], .disagreesWithItemQuery),
        (.answersBeyondData, [.validity], .pathOutsideData),
        (.negativeSizeFrame, [.validity], .invalidFrame),
        (.nanFrame, [.validity], .invalidFrame),
        (.frameOutsideContent, [.containment, .tightness], .frameOutsideContent),
        (.contentHalfTooShort, [.containment, .tightness], .frameOutsideContent),
        (.contentOneRowTooLong, [.tightness], .contentTooLarge),
        (.contentOneRowTooShort, [.containment, .tightness], .contentTooSmall),
        (.nondeterministic, [.determinism, .freshness], .answersDiffer),
        // The stale instance answers for the old data: paths it no longer holds (law 3), nil for
        // items it does (law 2), now that every law is checked on what a change produced.
        (.staleAfterDataChange, [.agreement, .validity, .freshness], .answersDiffer),
        (.staleAfterRotation, [.freshness], .answersDiffer),
        (.staleWhenCountsUnchanged, [.freshness], .answersDiffer),
        (.overlappingCells, [.nonOverlap], .cellsOverlap),
    ]

    /// The uniform standard shapes in two containers, one of them with a width that is not
    /// whole, and a short width sweep: each bug here shows without skewed sizes, and shrinking
    /// re-checks every configuration a violation started in.
    static let options = ConformanceOptions(
        dataShapes: ConformanceOptions.uniformShapes, containers: [Size(width: 320, height: 480), Size(width: 333.5, height: 500.25)],
        widthSweep: [321, 322, 600])

    @Test(arguments: expectations)
    func isCaughtUnderTheRightLaw(bug: BrokenTileGrid.Bug, laws: Set<ConformanceLaw>, code: ConformanceViolation.Code) {
        // Item sizes only matter to the centred style.
        let configuration = TileGrid.Configuration(centersItems: bug == .staleWhenCountsUnchanged)
        let report = GridConformance.check(
            "BrokenTileGrid(\(bug))", options: Self.options, makeLayout: BrokenTileGrid.factory(bug, configuration))
        #expect(!report.isPassing)
        #expect(Set(report.violatedLaws) == laws, "\(report)")
        #expect(report.violations.contains { $0.code == code }, "\(report)")

    }
}

/// A masonry of lanes, right and with one bug at a time: the bugs need varied item sizes.
@Suite struct MasonryConformanceTests {
    @Test func theLaneMasonryObeysEveryLawItDeclares() {
        let report = GridConformance.check("LaneMasonry", options: .quick) { LaneMasonry() }
        #expect(report.isPassing, "\(report)")
        #expect(report.lawsChecked.contains(.tightness))
        #expect(report.lawsChecked.contains(.nonOverlap))
    }

    @Test(arguments: [
        (LaneMasonry.Bug.contentFromLastItem, ConformanceLaw.tightness, ConformanceViolation.Code.contentTooSmall),
        (.averageLaneHeight, .tightness, .contentTooSmall),
        (.searchAssumesSortedBottoms, .completeness, .missingElements),
        (.cacheKeyedOnCounts, .freshness, .answersDiffer),
    ])
    func eachMasonryBugIsCaughtUnderItsLaw(bug: LaneMasonry.Bug, law: ConformanceLaw, code: ConformanceViolation.Code) {
        let report = GridConformance.check("LaneMasonry(\(bug))", options: .quick) { LaneMasonry(bug: bug) }
        #expect(report.violatedLaws.contains(law), "\(report)")
        #expect(report.violations.contains { $0.law == law && $0.code == code }, "\(report)")
    }
}

/// Caches that only some container changes expose: the width sweep and height-only changes
/// catch them where rotation alone does not.
@Suite struct ContainerChangeTests {
    static let shapes = [(try? DataShape(itemCounts: [5, 0, 12])) ?? .empty]

    @Test func theResponsiveGridObeysEveryLawItDeclares() {
        let report = GridConformance.check("ResponsiveTileGrid", options: ConformanceOptions(dataShapes: Self.shapes)) { ResponsiveTileGrid() }
        #expect(report.isPassing, "\(report)")
        #expect(!report.lawsChecked.contains(.tightness))
    }

    @Test func aTileWidthCachedPerBreakpointPassesRotationButNotTheWidthSweep() {
        // 1024 × 768 rotated is 768 wide: 8 tiles per line, then 6, so the cache is missed.
        let rotationOnly = ConformanceOptions(
            dataShapes: Self.shapes, containers: [Size(width: 1024, height: 768)], changes: [.rotate], widthSweep: [])
        #expect(GridConformance.check(options: rotationOnly) { ResponsiveTileGrid(bug: .tileWidthCachedPerBreakpoint) }.isPassing)
        // The sweep goes from 320 to 321 wide (4 tiles per line both): the stale width shows.
        let swept = ConformanceOptions(dataShapes: Self.shapes, containers: [Size(width: 1024, height: 768)], changes: [.resizeWidth])
        let report = GridConformance.check(options: swept) { ResponsiveTileGrid(bug: .tileWidthCachedPerBreakpoint) }
        let violation = report.violations.first { $0.law == .freshness }
        #expect(violation?.configuration.previous?.change == .resizeWidth, "\(report)")
        if let previous = violation?.configuration.previous, let now = violation?.configuration.container {
            #expect(ResponsiveTileGrid.tilesPerLine(previous.container.width) == ResponsiveTileGrid.tilesPerLine(now.width))
        }
    }

    @Test func aLayoutThatIgnoresHeightOnlyChangesIsCaughtByThem() {
        let options = ConformanceOptions(dataShapes: Self.shapes, containers: [Size(width: 320, height: 480)], changes: [.resizeHeight])
        let report = GridConformance.check(options: options) { ResponsiveTileGrid(bug: .ignoresHeightOnlyChange) }
        #expect(report.violations.contains { $0.law == .freshness && $0.configuration.previous?.change == .resizeHeight }, "\(report)")
    }
}

/// The skewed shapes are what catch a search over frames not sorted the way it assumes:
/// uniform items alone hide it.
@Suite struct SkewedShapeTests {
    @Test func aSearchAssumingSortedBottomsPassesUniformShapesAndFailsSkewedOnes() {
        let uniform = ConformanceOptions(dataShapes: ConformanceOptions.uniformShapes.filter { $0.itemSizes == nil && $0.totalItems < 400 })
        #expect(GridConformance.check(options: uniform) { LaneMasonry(bug: .searchAssumesSortedBottoms) }.isPassing)
        let skewed = ConformanceOptions(dataShapes: ConformanceOptions.skewedShapes)
        let report = GridConformance.check(options: skewed) { LaneMasonry(bug: .searchAssumesSortedBottoms) }
        #expect(report.violatedLaws.contains(.completeness), "\(report)")
    }

    @Test func everySizePatternIsUsedAndTheSkewedShapesAreWhatTheySay() throws {
        let patterns = ConformanceOptions.skewedShapes.compactMap(\.itemSizes)
        #expect(patterns.count == ConformanceOptions.skewedShapes.count)
        // One item of a hundredfold shape is 100 times as tall as the others.
        let tallest = try #require(patterns.first { sizes in sizes.contains { $0.height == 4000 } && sizes.contains { $0.height == 40 } })
        #expect(tallest.filter { $0.height == 4000 }.count == 1)
        // Big items with empty sections between them.
        let spread = try #require(ConformanceOptions.skewedShapes.last)
        #expect(spread.itemCounts == [1, 0, 0, 2, 0, 0, 1])
        #expect(SizePattern.extremeAspect.sizes(3).map { $0.width / $0.height } == [1000, 0.001, 1])
        #expect(SizePattern.alternating.sizes(4).map(\.height) == [10, 300, 10, 300])
    }
}
