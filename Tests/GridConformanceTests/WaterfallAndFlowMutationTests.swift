import GridConformance
import GridCore
import GridLayouts
import Testing

/// The waterfall family of the mutation suite: a second waterfall, right, then with one
/// shipped bug at a time, each caught under the law it breaks.
@Suite struct WaterfallMutationTests {
    /// Three columns (the width bug needs `(k − 1)·g` to pass the right inset of 10), with
    /// headers and without.
    static let configurations = [
        Waterfall.Configuration(columns: 3),
        Waterfall.Configuration(columns: 3, headerHeight: 30, footerHeight: 12),
    ]

    /// The quick shapes and the skewed ones (mixed heights are what most of these bugs need),
    /// in two containers, one of them not whole.
    static let options = ConformanceOptions(
        dataShapes: ConformanceOptions.quick.dataShapes + ConformanceOptions.skewedShapes,
        containers: ConformanceOptions.quick.containers, randomRects: 12, widthSweep: [321, 600])

    /// Two computations of the same frames: the rewrite answers what the reference answers,
    /// element for element, with the same content size and the same declared insets.
    @Test(arguments: configurations)
    func theRewriteAnswersWhatTheReferenceAnswers(configuration: Waterfall.Configuration) throws {
        for data in ConformanceOptions.standardDataShapes {
            for container in ConformanceOptions.standardContainers {
                var reference = Waterfall(configuration), rewrite = BrokenWaterfall(configuration)
                do { try reference.prepare(data: data, container: container) } catch { continue }
                try rewrite.prepare(data: data, container: container)
                #expect(rewrite.contentSize == reference.contentSize, "\(data.itemCounts) in \(container)")
                #expect(rewrite.traits.tightness == reference.traits.tightness, "\(data.itemCounts) in \(container)")
                let everything = Rect(x: 0, y: 0, width: container.width, height: reference.contentSize.height)
                var expected: [LayoutAttributes] = [], actual: [LayoutAttributes] = []
                reference.elements(in: everything, into: &expected)
                rewrite.elements(in: everything, into: &actual)
                #expect(actual == expected, "\(data.itemCounts) in \(container)")
            }
        }
    }

    @Test(arguments: configurations)
    func theRewriteObeysEveryLaw(configuration: Waterfall.Configuration) {
        let report = GridConformance.check("BrokenWaterfall(none)", options: Self.options) { BrokenWaterfall(configuration) }
        #expect(report.isPassing, "\(report)")
        #expect(report.lawsChecked == ConformanceLaw.undeclaredLocality)
    }

    /// Each bug, the law it must be caught under and the code, and the other laws it may
    /// break on the way (each explained at the bug).
    static let expectations: [(BrokenWaterfall.Bug, ConformanceLaw, ConformanceViolation.Code, Set<ConformanceLaw>)] = [
        // A rect query that misses an element also misses it in one half of a split rect.
        (.columnByIndex, .completeness, .missingElements, [.additivity]),
        // The next section starts too high: its cells overlap the taller columns above (8),
        // the section search skips what those columns still hold (1, 7), and the last
        // section's frames leave the content (4) that law 9 finds too small.
        (.contentFromLastColumn, .containment, .frameOutsideContent, [.tightness, .nonOverlap, .completeness, .additivity]),
        (.widthIgnoresColumnSpacing, .containment, .frameOutsideContent, []),
        (.searchAssumesSortedFrames, .completeness, .missingElements, [.additivity]),
        // Deleting an empty section keeps the item count, and the stale layout answers for
        // a section that no longer exists (3) and not for items that do (2).
        (.cacheKeyedOnItemCount, .freshness, .answersDiffer, [.agreement, .validity]),
    ]

    @Test(arguments: expectations)
    func eachWaterfallBugIsCaughtUnderItsLaw(
        bug: BrokenWaterfall.Bug, law: ConformanceLaw, code: ConformanceViolation.Code, others: Set<ConformanceLaw>
    ) {
        for configuration in Self.configurations {
            let report = GridConformance.check("BrokenWaterfall(\(bug))", options: Self.options) { BrokenWaterfall(configuration, bug: bug) }
            #expect(report.violatedLaws.contains(law), "\(report)")
            #expect(report.violations.contains { $0.law == law && $0.code == code }, "\(report)")
            #expect(Set(report.violatedLaws).isSubset(of: others.union([law])), "\(report)")
        }
    }

    @Test func everyWaterfallBugHasAnExpectation() {
        #expect(Set(Self.expectations.map(\.0)) == Set(BrokenWaterfall.Bug.allCases))
    }
}

/// The flow-layout family of the mutation suite: a flow of mixed heights, right, then with
/// one shipped bug at a time.
@Suite struct FlowMutationTests {
    /// Lines that an item fills exactly: in 320 wide, with insets of 8, the room is 304:
    /// 149 + 6 + 149 fill one line, 100 + 6 + 98 + 6 + 94 the next; then heights that
    /// differ within each line.
    static let exactFits: DataShape = {
        let sizes = [(149, 20), (149, 80), (100, 40), (98, 10), (94, 60), (50, 50), (30, 90)]
            .map { Size(width: Double($0.0), height: Double($0.1)) }
        return (try? DataShape(itemCounts: [7, 0, 3], itemSizes: sizes + sizes.prefix(3))) ?? .empty
    }()

    static let options = ConformanceOptions(
        dataShapes: ConformanceOptions.quick.dataShapes + ConformanceOptions.skewedShapes + [exactFits],
        containers: ConformanceOptions.quick.containers, randomRects: 12, widthSweep: [321, 600])

    /// By hand: line 1 holds 149 × 20 and 149 × 80 (80 tall), line 2 100 × 40, 98 × 10 and
    /// 94 × 60 (60), line 3 50 × 50 and 30 × 90 (90); section 2 starts line 4 with
    /// 149 × 20 and 149 × 80 (80), then 100 × 40 alone (40). Height 8 + 80 + 60 + 90 + 80 +
    /// 40 + 4 × 4 + 8 = 382; width 304 + 16 = 320. The 20-tall item of line 1 is centred:
    /// y = 8 + 30.
    @Test func theFlowLaysOutExactFitsAsWorkedOutByHand() throws {
        var flow = FlowLayout()
        try flow.prepare(data: Self.exactFits, container: Size(width: 320, height: 480))
        #expect(flow.contentSize == Size(width: 320, height: 382))
        #expect(flow.attributes(at: ItemPath(section: 0, item: 0))?.frame == Rect(x: 8, y: 38, width: 149, height: 20))
        #expect(flow.attributes(at: ItemPath(section: 0, item: 1))?.frame == Rect(x: 163, y: 8, width: 149, height: 80))
        // Line 2 starts 80 + 4 lower; its 94 × 60 item ends exactly at the right inset.
        #expect(flow.attributes(at: ItemPath(section: 0, item: 4))?.frame == Rect(x: 218, y: 92, width: 94, height: 60))
        #expect(flow.attributes(at: ItemPath(section: 2, item: 2))?.frame == Rect(x: 8, y: 334, width: 100, height: 40))
    }

    @Test func theFlowObeysEveryLaw() {
        let report = GridConformance.check("FlowLayout", options: Self.options) { FlowLayout() }
        #expect(report.isPassing, "\(report)")
        #expect(report.lawsChecked == ConformanceLaw.undeclaredLocality)
        #expect(report.checked.tightnessChecks == report.checked.configurations)
    }

    /// Each bug, the law it must be caught under and the code, and the other laws it may
    /// break on the way.
    static let expectations: [(FlowLayout.Bug, ConformanceLaw, ConformanceViolation.Code, Set<ConformanceLaw>)] = [
        // The taller item sticks out of its line: past the content's top or bottom (4, 9),
        // and out of the band the rect query walks for that line (1).
        (.lineHeightFromFirstItem, .nonOverlap, .cellsOverlap, [.completeness, .containment, .tightness]),
        // Most exact fits leave the content a line too large (9); one that a seeded
        // sequence's measurement makes (6 items of [1, 9, 3, 10, 38] set to new sizes, 251
        // wide) wraps an item below the content sized without the wrap (4).
        (.exactFitWraps, .tightness, .contentTooLarge, [.containment]),
        (.trailingSpacingCounted, .tightness, .contentTooLarge, []),
        (.stopsAtFirstItemOfLine, .completeness, .missingElements, []),
    ]

    @Test(arguments: expectations)
    func eachFlowBugIsCaughtUnderItsLaw(bug: FlowLayout.Bug, law: ConformanceLaw, code: ConformanceViolation.Code, others: Set<ConformanceLaw>) {
        let report = GridConformance.check("FlowLayout(\(bug))", options: Self.options) { FlowLayout(bug: bug) }
        #expect(report.violatedLaws.contains(law), "\(report)")
        #expect(report.violations.contains { $0.law == law && $0.code == code }, "\(report)")
        #expect(Set(report.violatedLaws).isSubset(of: others.union([law])), "\(report)")
    }

    /// The exact-fit bug needs an exact fit: without one the two passes agree. Items of
    /// 50 × 30 never fill a line exactly: `50·n + 6·(n − 1)` is 304 (320 wide) or 464
    /// (rotated, 480 wide) for no whole `n`.
    @Test func theExactFitBugShowsOnlyWithAnExactFit() {
        let without = ConformanceOptions(
            dataShapes: ConformanceOptions.uniformShapes.filter { $0.itemSizes == nil }, containers: [Size(width: 320, height: 480)],
            changes: [.insertItems, .deleteItems, .insertSections, .deleteSections, .rotate, .resizeHeight], randomRects: 12, widthSweep: [])
        #expect(GridConformance.check(options: without) { FlowLayout(bug: .exactFitWraps) }.isPassing)
    }

    @Test func everyFlowBugHasAnExpectation() {
        #expect(Set(Self.expectations.map(\.0)) == Set(FlowLayout.Bug.allCases))
    }
}
