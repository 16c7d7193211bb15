import Foundation
import GridCore
import GridHarness
import GridLayouts
import GridStrategies
import Testing

/// The bundled data sets with sizes learnt as cells appear (issue 28) and the trace that
/// goes to the end and back up through unmeasured cells.
@Suite struct MeasuredDatasetTests {
    /// feed-10000: every post laid at the estimate of 120 first, so the content starts at
    /// 10,000 · 120 = 1,200,000 points (one column, no spacing, no header); its true
    /// heights are 16 + 20·lines (1…8) + 0 or 180: 36…356, whole points.
    @Test func theFeedStartsAtTheEstimateAndKnowsItsTrueHeights() throws {
        let spec = try BundledDatasets.feed10000()
        #expect(spec.layoutName == "columnar-grouped")
        #expect(spec.data.totalItems == 10_000 && spec.data.sectionCount == 1)
        #expect(spec.preparedLayoutContentHeight == 1_200_000)
        let truth = try #require(spec.measuredData?.itemSizes)
        #expect(truth.count == 10_000)
        for size in truth {
            let h = size.height - 16
            let text = h >= 180 + 20 ? h - 180 : h
            #expect(h.rounded() == h && (20...160).contains(text) && text.truncatingRemainder(dividingBy: 20) == 0, "\(size)")
        }
        // Some posts have a photo and some not, both kinds many times over.
        let withPhoto = truth.filter { $0.height - 16 > 160 }.count
        #expect(withPhoto > 5_000 && withPhoto < 7_000)
        // Measured all, the feed is as tall as its true heights added up.
        #expect(spec.measuredAll.preparedLayoutContentHeight == truth.reduce(0) { $0 + $1.height })
    }

    /// pins-captions-3000: two columns of 145 ((320 − 2·10 − 10) / 2: insets and spacing of
    /// 10), every pin estimated 200; its true height is its photo scaled to 145 and rounded,
    /// 8, and 0…3 caption lines of 20.
    @Test func thePinsWithCaptionsAreTheirPhotosAndCaptions() throws {
        let spec = try BundledDatasets.pinsCaptions3000()
        #expect(spec.layoutName == "waterfall")
        let truth = try #require(spec.measuredData?.itemSizes)
        let photos = BundledDatasets.photoSizes(3000)
        var captions = Set<Double>()
        for (size, photo) in zip(truth, photos) {
            let scaled = max(1, (photo.height * 145 / photo.width).rounded())
            let caption = size.height - scaled - 8
            captions.insert(caption)
            #expect([0, 20, 40, 60].contains(caption), "\(size) for photo \(photo)")
        }
        #expect(captions == [0, 20, 40, 60])
        // At the estimate, stable lanes alternate and the two columns hold 1,500 pins of
        // 200 with 10 between, under an inset of 10 and over one of 10:
        // 10 + 1,500 · 200 + 1,499 · 10 + 10 = 315,010.
        #expect(spec.preparedLayoutContentHeight == 315_010)
    }

    /// photos-labels-2976: 96 sections of 31 tiles, 4 a line (8 rows), every tile estimated
    /// 95 in rows of 99: at the estimate each section is 22 + 8·99 + 4 = 818 tall, 78,528 in
    /// all. True heights are 75 + 4 + 16·lines (1…3): 95, 111, 127; measured all, each row is
    /// its tallest tile + 4, added up here row by row.
    @Test func thePhotosWithLabelsAreRowsOfTheirTallestTile() throws {
        let spec = try BundledDatasets.photosLabels2976()
        #expect(spec.layoutName == "tile-grid")
        #expect(spec.preparedLayoutContentHeight == 78_528)
        let truth = try #require(spec.measuredData?.itemSizes).map(\.height)
        #expect(Set(truth) == [95, 111, 127])
        #expect(truth.filter { $0 == 95 }.count > 1_800)
        var height = 0.0
        for section in 0..<96 {
            height += 22 + 4
            for row in 0..<8 {
                let first = section * 31 + row * 4
                height += truth[first ..< min(first + 4, section * 31 + 31)].max()! + 4
            }
        }
        #expect(spec.measuredAll.preparedLayoutContentHeight == height)
    }

    /// records-measured-1000x12: a header row of 44 and 1,000 rows of 44 at the estimate,
    /// 44,044; true fields 8 + 18·lines (1…4): 26, 44, 62, 80; measured all, each record's
    /// row is its tallest field.
    @Test func theMeasuredRecordsAreRowsOfTheirTallestField() throws {
        let spec = try BundledDatasets.recordsMeasured1000x12()
        #expect(spec.layoutName == "data-grid")
        #expect(spec.preparedLayoutContentHeight == 44_044)
        let truth = try #require(spec.measuredData?.itemSizes).map(\.height)
        #expect(truth.count == 12_000 && Set(truth) == [26, 44, 62, 80])
        var height = 44.0
        for record in 0..<1_000 { height += truth[record * 12 ..< record * 12 + 12].max()! }
        #expect(spec.measuredAll.preparedLayoutContentHeight == height)
        // The plain records are untouched: rows of 44, no estimate.
        #expect(try BundledDatasets.records(1_000, fields: 12).measuredData == nil)
    }

    /// end-and-back over the feed, 20 s as the plan's recipe: it starts at the top, reaches
    /// the end at the estimate (1,200,000 − 480) in one jump, and from there only moves up,
    /// with flicks no faster than 5,000 pt/s (41⅔ pt a frame at 120 Hz: more is the jump);
    /// 1,200,000 points are far more than 20 s of flicks cover, so it stops on the way up,
    /// once a flick that started before 20 s has ended (a flick lasts under 3 s).
    @Test func endAndBackJumpsToTheEndAndFlicksBackUp() throws {
        let spec = try BundledDatasets.feed10000()
        let trace = try TraceGenerator(spec: spec).generate(.init(kind: .endAndBack, seed: 13, refreshHz: 120, seconds: 20))
        let ys = trace.offsets.map(\.y)
        let end = 1_200_000.0 - 480
        #expect(ys.first == 0)
        let jumps = zip(ys, ys.dropFirst()).enumerated().filter { abs($0.element.1 - $0.element.0) > 5000.0 / 120 + 0.01 }
        #expect(jumps.count == 1)
        let jump = try #require(jumps.first)
        #expect(jump.element.1 == end)
        // Before the jump, two flicks down from the top: under a tenth of the content.
        #expect(jump.element.0 > 0 && jump.element.0 < 0.1 * end)
        let after = Array(ys[(jump.offset + 1)...])
        let movesDown = zip(after, after.dropFirst()).filter { $1 > $0 }.count
        #expect(movesDown == 0)
        #expect(after.last! < end - 10_000 && after.last! > 0)
        #expect(trace.frameCount >= 20 * 120 && trace.frameCount < 23 * 120)
        #expect(trace.events.isEmpty)
    }

    /// Given time, it comes back to the top: pins-captions-3000 at the estimate is 315,010
    /// tall, so the end is 314,530; a fling that overshoots the top springs back to it.
    @Test func endAndBackReachesTheTopGivenTime() throws {
        let spec = try BundledDatasets.pinsCaptions3000()
        let trace = try TraceGenerator(spec: spec).generate(.init(kind: .endAndBack, seed: 13, refreshHz: 120, seconds: 3600))
        let ys = trace.offsets.map(\.y)
        let reachesTheEnd = ys.contains(315_010 - 480)
        #expect(reachesTheEnd)
        #expect(abs(ys.last!) < 0.5)
        #expect(trace.frameCount < 3600 * 120)
    }
}

/// The scroll-to-items trace and what the bundled measured data sets do with it and with
/// end-and-back: the issue's behaviour, checked on the committed inputs.
@Suite struct MeasuredTraceReplayTests {
    /// 10 s at 120 Hz: after 0.1 s of hold, each round is one event, 0.2…0.5 s of hold and
    /// 0.3 s of drag at under 300 pt/s (2½ pt a frame), so 10 / 0.8 ≈ 12.5 to 10 / 0.5 = 20
    /// events, every one naming an item of the data, and no offset jumps.
    @Test func scrollToItemsNamesItemsAnywhereAndNeverJumps() throws {
        let spec = try BundledDatasets.feed10000()
        let trace = try TraceGenerator(spec: spec).generate(.init(kind: .scrollToItems, seed: 14, refreshHz: 120, seconds: 10))
        #expect((12...21).contains(trace.events.count))
        var positions = Set<String>()
        var items: [Int] = []
        for event in trace.events {
            guard case .scrollToItem(let section, let item, let position) = event.change else {
                Issue.record("not a scroll-to-item: \(event)")
                continue
            }
            #expect(section == 0 && (0..<10_000).contains(item))
            items.append(item)
            positions.insert(position.rawValue)
        }
        #expect(positions == ["top", "center", "bottom"])
        // Items far apart: some in each third of the feed.
        #expect(items.contains { $0 < 3_333 } && items.contains { $0 > 6_666 } && items.contains { (3_333...6_666).contains($0) })
        let ys = trace.offsets.map(\.y)
        let largestStep = zip(ys, ys.dropFirst()).map { abs($1 - $0) }.max() ?? 0
        #expect(largestStep <= 300.0 / 120 + 0.001)
    }

    func record(_ dataset: String, _ trace: String) throws -> RunRecord {
        let replay = try Repository.replay(dataset, trace)
        let options = ReplayOptions(strategy: .onDemand, minimumPasses: 1, maximumPasses: 1, targetSeconds: 0)
        return try replay.run(options, expected: try Repository.fixture(dataset, trace).frames)
    }

    /// Every scroll to an item settles exactly where it was asked to be, in at most three
    /// rounds, on both data sets; the one-column feed, whose rows span the width, shows no
    /// visible displacement with the default first-visible anchoring.
    @Test(arguments: ["feed-10000", "pins-captions-3000", "photos-labels-2976", "records-measured-1000x12"])
    func scrollsToItemsSettleExactly(dataset: String) throws {
        let record = try record(dataset, "scroll-to-items-120hz")
        #expect(record.fixture == .pass)
        let error = try #require(record.scrollToError)
        #expect(error.settledPoints == 0)
        #expect(error.rounds <= 3)
        // The first landing goes by estimates (120 a post, 200 a pin) and misses.
        #expect(error.firstPoints > 0)
        if dataset != "pins-captions-3000" { #expect(record.visibleDisplacement?.maxPoints == 0) }
    }

    /// The tile grid with labels and the measured records, whose rows span the width, go to
    /// the end and back with no visible displacement, corrected as they measure above the screen.
    @Test(arguments: ["photos-labels-2976", "records-measured-1000x12"])
    func theGridsGoToTheEndAndBackWithoutAJump(dataset: String) throws {
        for trace in ["end-and-back-120hz", "drag-60hz"] {
            let record = try record(dataset, trace)
            #expect(record.fixture == .pass)
            #expect(record.visibleDisplacement?.maxPoints == 0, "\(trace)")
            #expect(record.visibleDisplacement?.frames == 0, "\(trace)")
        }
        #expect(try record(dataset, "end-and-back-120hz").offsetCorrections?.count ?? 0 > 0)
    }

    @Test func theFeedGoesToTheEndAndBackWithoutAJump() throws {
        let record = try record("feed-10000", "end-and-back-120hz")
        #expect(record.fixture == .pass)
        #expect(record.visibleDisplacement?.maxPoints == 0)
        #expect(record.visibleDisplacement?.frames == 0)
        let corrections = try #require(record.offsetCorrections)
        #expect(corrections.count > 0)
        #expect(record.contentSizeDrift?.estimatedHeight == 1_200_000)
    }

    /// `prepends-120hz`: posts prepended while scrolled well down (every insert at item 0,
    /// with one true size per item, the offsets not jumping at it), then flicks back up
    /// to the top through them.
    @Test func prependsComeWhileScrolledAndAreScrolledBackTo() throws {
        let spec = try BundledDatasets.feed10000()
        let trace = try TraceGenerator(spec: spec).generate(.init(kind: .prepends, seed: 16, refreshHz: 120, seconds: 12))
        #expect(trace.events.count >= 3)
        var inserted = 0
        for event in trace.events {
            guard case .insertItems(let section, let item, let count, let sizes) = event.change else {
                Issue.record("not an insert: \(event)")
                continue
            }
            #expect(section == 0 && item == 0 && (1...3).contains(count) && sizes?.count == count)
            // Scrolled well down: more than a screen.
            #expect(trace.offsets[event.frame].y > 480)
            inserted += count
        }
        // The true sizes are the feed's: 36 to 356 points.
        #expect(trace.events.allSatisfy { event in
            guard case .insertItems(_, _, _, let sizes) = event.change else { return false }
            return sizes?.allSatisfy { (36...356).contains($0.height) } ?? false
        })
        // Back up through the prepended posts: the offsets end below 0 by about their
        // extent (they do not jump at a prepend, and the view is moved by their differences).
        #expect((trace.offsets.last?.y ?? 0) < -36 * Double(inserted) + 1)
    }

    /// Prepending while scrolled moves nothing on screen in the one-column feed with
    /// `first-visible` anchoring, every strategy: each prepend is corrected by the
    /// estimate's extent, and each measurement of a prepended post by its change.
    @Test(arguments: [StrategyKind.cached, .scan, .onDemand, .adaptive])
    func theFeedTakesPrependsWithoutAJump(strategy: StrategyKind) throws {
        let replay = try Repository.replay("feed-10000", "prepends-120hz")
        let options = ReplayOptions(strategy: strategy, minimumPasses: 1, maximumPasses: 1, targetSeconds: 0)
        let record = try replay.run(options, expected: try Repository.fixture("feed-10000", "prepends-120hz").frames)
        #expect(record.fixture == .pass)
        #expect(record.visibleDisplacement == VisibleDisplacement(maxPoints: 0, totalPoints: 0, frames: 0))
        #expect((record.offsetCorrections?.count ?? 0) >= replay.trace.events.count)
        #expect(record.laneChanges == (strategy == .scan ? nil : 0))
    }

    /// pins-captions-1000000: pins-captions-3000's 3,000 true heights repeated to
    /// 1,000,000, estimated 200; the committed spec is small (the heights written as a
    /// repeated pattern) and reads back as the generated one.
    @Test func theMillionPinsWithCaptionsRepeatTheThousands() throws {
        let small = try #require(try BundledDatasets.pinsCaptions3000().measuredData?.itemSizes)
        let spec = try BundledDatasets.pinsCaptions(1_000_000)
        #expect(spec.name == "pins-captions-1000000")
        let truth = try #require(spec.measuredData?.itemSizes)
        #expect(truth.count == 1_000_000)
        for flat in [0, 1, 2_999, 3_000, 3_001, 123_456, 999_999] {
            #expect(truth[flat] == small[flat % 3000], "\(flat)")
        }
        #expect(spec.data.itemSizes?.allSatisfy { $0 == Size(width: 1, height: 200) } == true)
        // At the estimate, 500,000 pins of 200 with 10 between in each column:
        // 10 + 500,000 · 200 + 499,999 · 10 + 10 = 105,000,010.
        #expect(spec.preparedLayoutContentHeight == 105_000_010)
        let url = try Repository.plan().specURL("pins-captions-1000000")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
        #expect(size < 100_000)
        #expect(try LayoutSpec.load(from: url) == spec)
    }
}
