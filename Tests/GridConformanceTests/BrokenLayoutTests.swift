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
        (.staleAfterDataChange, [.freshness], .answersDiffer),
        (.staleAfterRotation, [.freshness], .answersDiffer),
        (.staleWhenCountsUnchanged, [.freshness], .answersDiffer),
        (.overlappingCells, [.nonOverlap], .cellsOverlap),
    ]

    /// Every standard data shape in two containers, one of them with a width that is not whole.
    static let options = ConformanceOptions(containers: [Size(width: 320, height: 480), Size(width: 333.5, height: 500.25)])

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
