import Foundation
import GridCore
import GridHarness
import GridReports
import Testing

@Suite struct StrategyReportTests {
    func report(_ document: ResultsDocument = Synthetic.document(), options: ReportOptions = ReportOptions()) throws -> StrategyReport {
        try StrategyReport(document: document, options: options)
    }

    func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test func selectsRunsByDatasetAndTrace() throws {
        let report = try report()
        // 3 traces × 4 strategies on the canonical set; 6 sizes × 4 strategies in the series.
        #expect(report.canonicalRuns.count == 12)
        #expect(report.canonicalRuns.first?.trace == "fling-120hz")
        #expect(report.canonicalRuns.prefix(4).map(\.strategy) == ["cached", "scan", "on-demand", "adaptive"])
        #expect(report.scaleRuns.count == 24)
        #expect(report.scaleRuns.map(\.tiles) == Synthetic.scaleSizes.flatMap { Array(repeating: $0, count: 4) })
        #expect(report.otherRuns.map(\.dataset) == Array(repeating: "mixed-3000", count: 4))
        #expect(report.failedRuns.map(\.strategy) == ["scan"])
        #expect(report.recommendation.outcome == .switchAt(tiles: 100_000))
    }

    @Test func verdictComesFirstInTwoSentences() throws {
        let report = try report()
        // The verdict rule at every size (worked by hand from Synthetic.document):
        // - scale-100 over tour-120hz: scan's p50 is 400 + 1.6 × 100 = 560 ns, cached's 800
        //   (1.43 × it, beyond 10 %): scan alone is fastest, and chosen;
        // - photos-2976 over fling-120hz (no tour there): scan failed its fixture check on
        //   slow-drag-60hz, so it is out; cached 1.00 µs is fastest, adaptive 1.02 µs within
        //   10 %, on demand 1.20 µs not. Their worst event p99s (2.00 and 2.04 µs) are within
        //   2 ×, prepare and memory equal (142,848): report order, cached;
        // - every other size: cached fastest with adaptive (→ cached) within 10 % or alone,
        //   no other trace, equal prepare and memory: cached. Scan at 10,000,000 tiles has a
        //   p99 of 500 + 2 × 10⁷ ns = 20.0 ms, over 8.33 ms: out.
        #expect(report.verdict == [
            "Choose scan at 100 tiles and cached at 1,000 to 10,000,000 tiles, weighing every trace of every data set, not only the steady scroll.",
            "On photos-2976 (2,976 tiles) over fling-120hz, cached and adaptive (→ cached) scroll equally fast (p50 1.00 µs–1.02 µs, "
                + "within 10 %); nothing tells cached and adaptive (→ cached) apart, and cached comes first in report order: cached is chosen.",
            "At 2,976 tiles (photos-2976), scan failed a fixture check and cannot be recommended.",
            // Its max is its p99 (Synthetic.run), 20,000.5 µs, printed "20001" as the µs columns print it.
            "At 10,000,000 tiles (scale-10000000), scan cannot be recommended: tour-120hz p99 20001 µs and max 20001 µs "
                + "(240 % and 240 %); percentages of the frame budget, 8.33 ms at 120 Hz.",
        ])
        let markdown = report.markdown()
        let verdictAt = try #require(markdown.range(of: "> **Verdict.** Choose scan at 100 tiles and cached"))
        let thresholdAt = try #require(markdown.range(of: "**Adaptive's threshold: 100,000 tiles (seed: 400 tiles)**, decided by cached's memory"))
        let tableAt = try #require(markdown.range(of: "| trace | strategy | fixture | p50 µs |"))
        #expect(verdictAt.lowerBound < thresholdAt.lowerBound && thresholdAt.lowerBound < tableAt.lowerBound)
    }

    @Test func markdownTablesCarryTheFormattedFigures() throws {
        let markdown = try report().markdown()
        // cached, fling-120hz: p50 1 µs, p90 1.3, p99 2, p99.9 3.5, max 9; 2,000 / 8,333,333 ns
        // is 0.024 % of the 120 Hz budget; 142,848 ns prepare is 143 µs and 142,848 B are
        // 139.5 KiB, 140 to three digits; floor multiple 3.
        #expect(markdown.contains(
            "| fling-120hz | cached | pass | 1.00 | 1.30 | 2.00 | 3.50 | 9.00 | 0.024 % | 0 | 143 µs | — | 140 KiB | 0 | 3.00× |"))
        // scan, slow drag at 60 Hz: 24 × those times; 48,000 / 16,666,667 ns = 0.288 %; failed at frame 17.
        #expect(markdown.contains(
            "| slow-drag-60hz | scan | **FAIL (frame 17)** | 24.0 | 31.2 | 48.0 | 84.0 | 216 | 0.288 % | 0 | 143 µs | — | 140 KiB | 0 | 72.0× |"))
        #expect(markdown.contains("| fling-120hz | adaptive (→ cached) | pass | 1.02 |"))
        // The scale table: scan at 10,000,000 tiles costs 400 + 1.6 ns/tile at p50 (16,000.4 µs)
        // and 500 + 2 ns/tile at p99 (20,000.5 µs, 240 % of 8.33 ms); prepares at 8 ns/tile
        // (80 ms) and keeps 40 B/tile (400,000,000 B = 381.47 MiB); synthetic runs measured no
        // rebuild (—).
        #expect(markdown.contains(
            "| 10,000,000 | scale-10000000 | scan | pass | 16000 | 20001 | 20001 | 240 % | 80.0 ms | — | 381 MiB | 0 | 2.00× |"))
        // The rule's table marks the threshold row: cached at 100,000 tiles keeps 4,800,000 B;
        // medians (no passes: the p50s) 0.8 × 1 µs and 0.8 × 1.2 µs, ratio 1.2: cached faster.
        #expect(markdown.contains(
            "| 100,000 | scale-100000 | 800 ns | 960 ns | 1.2 | cached faster | 1.00 ms | 4.58 MiB | no: cached's memory over its 4.00 MiB budget **← threshold** |"))
        #expect(markdown.contains("⚠ Fixture check failed (1 run)"))
        #expect(markdown.contains("> - photos-2976 / slow-drag-60hz / scan, first mismatch at frame 17"))
        for name in ["distribution", "scale-p50", "scale-p99", "memory", "timeline"] {
            #expect(markdown.contains("](charts/\(name).svg)"))
        }
    }

    @Test func htmlIsSelfContained() throws {
        let html = try report().html()
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        for forbidden in ["http://", "https://", "<script", "<link", "@import", "url(", "<img", "<iframe"] {
            #expect(!html.contains(forbidden), "found \(forbidden)")
        }
        #expect(occurrences(of: "<svg", in: html) == 5)
        #expect(occurrences(of: "</svg>", in: html) == 5)
        #expect(html.contains("<style>"))
    }

    @Test func htmlShowsEverySection() throws {
        let html = try report().html()
        for (id, heading) in [
            ("verdict", "Verdict"), ("distribution", "1. Per-frame cost distribution"), ("scale", "2. Per-frame cost against tile count"),
            ("memory", "3. Retained memory against tile count"), ("timeline", "4. Per-frame cost along the trace"),
            ("measurements", "5. Measurements"), ("threshold", "6. Adaptive&#39;s threshold (steady scroll)"),
        ] {
            // Each heading carries an anchor, and links to itself.
            #expect(html.contains(
                "<h3 id=\"layout-tile-grid-\(id)\">\(heading) <a class=\"anchor\" href=\"#layout-tile-grid-\(id)\" aria-label=\"Link to this part\">#</a></h3>"))
        }
        // The recommendation next to the seed's.
        #expect(html.contains("<div class=\"big\">100,000 tiles</div>"))
        #expect(html.contains("<div class=\"big\">400 tiles</div>"))
        // The failing run: a banner and a red badge on its row.
        #expect(html.contains("<span class=\"badge fail\">FIXTURE FAIL</span>"))
        #expect(html.contains("<tr id=\"run-tile-grid--photos-2976--slow-drag-60hz--scan\" class=\"failed\">"))
        #expect(html.contains("<span class=\"badge fail\">FAIL (frame 17)</span>"))
        // Tooltips on points.
        #expect(html.contains("<title>cached · 1,000 tiles · p99 1.00 µs</title>"))
    }

    @Test func budgetLinesOnlyWhereTheyFallInRange() throws {
        let charts = try report().charts()
        let byName = Dictionary(uniqueKeysWithValues: charts.map { ($0.name, $0) })
        // Scan runs from 700 ns at 100 tiles to 20 ms at 10,000,000: the p99 axis runs from
        // 100 ns to 100 ms and shows both budgets.
        let scale = try #require(byName["scale-p99"])
        #expect(scale.chart.y.domain == 1e2...1e8)
        #expect(scale.chart.visibleGuides.map(\.label) == ["60 Hz frame budget 16.7 ms", "120 Hz frame budget 8.33 ms"])
        #expect(scale.chart.svg(standalone: true).contains("120 Hz frame budget 8.33 ms</text>"))
        // The canonical trace stays under 1 ms: no budget line, and the caption says why.
        let distribution = try #require(byName["distribution"])
        #expect(distribution.chart.visibleGuides.isEmpty)
        #expect(!distribution.chart.svg(standalone: true).contains("frame budget 8.33 ms</text>"))
        #expect(distribution.caption.contains("Both frame budgets (8.33 ms at 120 Hz, 16.7 ms at 60 Hz) lie above this chart"))
    }

    @Test func seriesWithNothingToDrawSayWhy() throws {
        // On demand retains 0 B at every size: a log axis cannot show it.
        let memory = try #require(try report().charts().first { $0.name == "memory" })
        #expect(memory.chart.svg(standalone: true).contains(">on-demand — not drawn</text>"))
        #expect(memory.caption.contains("Not drawn where a log axis cannot show it: on-demand (retains 0 B)"))
    }

    @Test func crossoverIsMarkedOrItsAbsenceSaid() throws {
        // Cached flat at 0.8 µs, on demand flat at 0.96 µs (p50s): cached faster at every size.
        let flat = try report().charts().first { $0.name == "scale-p50" }
        #expect(flat?.chart.markers.isEmpty == true)
        #expect(flat?.caption.contains("No crossover is known between 100 and 10,000,000 tiles: cached faster at 6 sizes") == true)
        // p99 has no interval: its crossings are never marked.
        let tail = try report().charts().first { $0.name == "scale-p99" }
        #expect(tail?.chart.markers.isEmpty == true)
        #expect(tail?.caption.contains("Crossings of the p99 curves are not marked") == true)

        // Cached's p50 rising from 0.8 µs at 100 tiles to 3.2 µs at 1,000, on demand flat at
        // 2.4 µs: cached faster at 100 (ratio 3), on demand at 1,000 (0.75), so the crossover
        // is known; they cross at 100 · 10^(log 3 / log 4) ≈ 620.13 tiles (see CrossoverTests).
        let runs = Synthetic.scale(
            cachedP99: { $0 == 100 ? 1_000 : 4_000 }, onDemandP99: { _ in 3_000 }, cachedPrepare: { _ in 0 }, cachedRetained: { _ in 0 },
            sizes: [100, 1_000])
        let crossing = try report(ResultsDocument(environment: [:], runs: runs)).charts().first { $0.name == "scale-p50" }
        let marker = try #require(crossing?.chart.markers.first)
        #expect(abs(marker.x - 620.13) < 0.01)
        #expect(marker.label == "crossover ≈ 620 tiles")
        #expect(crossing?.caption.contains("cached and on-demand cross at ≈ 620 tiles (p50 ≈ 2.40 µs), cached cheaper below and on-demand above") == true)
    }

    @Test func failedRunsAreRingedAndKeptOutOfTheCrossover() throws {
        // Cached 1 µs at 100 tiles and 4 µs at 1,000 and 10,000; on demand flat 3 µs, but its
        // run at 1,000 tiles fails. Without it the segment runs from 100 to 10,000: the
        // difference in log10 goes from log(1/3) to log(4/3), t = log 3 / log 4 over two
        // decades, so the crossover is at 100 · 100^(log 3 / log 4) ≈ 3,848 tiles.
        var runs = Synthetic.scale(
            cachedP99: { $0 == 100 ? 1_000 : 4_000 }, onDemandP99: { _ in 3_000 }, cachedPrepare: { _ in 0 }, cachedRetained: { _ in 0 },
            sizes: [100, 1_000, 10_000])
        let failing = try #require(runs.firstIndex { $0.tiles == 1_000 && $0.strategy == "on-demand" })
        runs[failing].fixture = .fail
        let report = try report(ResultsDocument(environment: [:], runs: runs))
        let chart = try #require(report.charts().first { $0.name == "scale-p50" })
        let marker = try #require(chart.chart.markers.first)
        #expect(abs(marker.x - 100 * pow(100, log(3.0) / log(4.0))) < 1e-6)
        let svg = chart.chart.svg(standalone: false)
        #expect(svg.contains(">on-demand — fixture FAIL at ringed points</text>"))
        #expect(occurrences(of: "fill=\"none\" stroke=\"#c81e1e\"", in: svg) == 1)
        #expect(svg.contains("<title>on-demand · 1,000 tiles · p50 2.40 µs · fixture FAIL</title>"))
        #expect(chart.caption.contains("Red rings mark runs that failed the fixture check"))
        #expect(report.recommendation.skipped.map(\.tiles) == [1_000])
    }

    @Test func otherLayoutsAreLeftOutAndSaidSo() throws {
        var document = Synthetic.document()
        var foreign = Synthetic.run("cached", p99: 1)
        foreign.layout = "waterfall"
        document.runs.append(foreign)
        let report = try report(document)
        #expect(report.runs.count == document.runs.count - 1)
        #expect(report.markdown().contains("1 run of other layouts (waterfall) is not in this report."))
        #expect(report.html().contains("1 run of other layouts (waterfall) is not in this report."))
        #expect(!(try self.report().markdown().contains("other layouts")))
    }

    @Test func namesAreEscapedEverywhere() throws {
        let name = #"a<b&"c""#
        let report = try report(Synthetic.document(canonicalDataset: name), options: ReportOptions(canonicalDataset: name))
        let html = report.html()
        #expect(!html.contains(name))
        #expect(html.contains("a&lt;b&amp;&quot;c&quot;"))
        #expect(occurrences(of: "<svg", in: html) == 5)
        for chart in report.charts() {
            let svg = chart.chart.svg(standalone: true)
            #expect(!svg.contains(name))
        }
        let distribution = report.charts().first { $0.name == "distribution" }?.chart.svg(standalone: true) ?? ""
        #expect(distribution.contains("<title>Per-frame cost distribution — a&lt;b&amp;&quot;c&quot;, fling-120hz</title>"))
        let markdown = report.markdown()
        #expect(!markdown.contains(name))
        #expect(markdown.contains(#"## a\<b\&"c" (2,976 tiles in 96 sections)"#))
    }

    @Test func standaloneChartsCarryTheNamespaceAndInlineOnesDoNot() throws {
        let chart = try #require(try report().charts().first)
        #expect(chart.chart.svg(standalone: true).hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(!chart.chart.svg(standalone: false).contains("xmlns"))
    }

    @Test func emptyDocumentStillRendersEveryChart() throws {
        let report = try report(ResultsDocument(environment: [:], runs: []))
        #expect(report.recommendation.outcome == .noData)
        let html = report.html()
        #expect(occurrences(of: "<svg", in: html) == 5)
        #expect(html.contains("No runs over the scale trace tour-120hz."))
        #expect(report.markdown().contains("No threshold recommended: no usable scale series (seed: 400 tiles)"))
    }

    @Test func refusesAnotherSchemaVersionAndBadOptions() {
        var document = Synthetic.document()
        document.schemaVersion = 2
        #expect(throws: GridError.invalidParameter("schemaVersion", 2, expected: "1, the version this report reads")) {
            try StrategyReport(document: document)
        }
        #expect(throws: GridError.invalidParameter("seedThreshold", 0, expected: "an integer ≥ 1")) {
            try StrategyReport(document: Synthetic.document(), options: ReportOptions(seedThreshold: 0))
        }
    }

    @Test func refusesFiguresNoMeasurementProduces() {
        func refusal(_ change: (inout RunRecord) -> Void) -> GridError? {
            var document = Synthetic.document()
            change(&document.runs[3])
            do {
                _ = try StrategyReport(document: document)
                return nil
            } catch {
                return error
            }
        }
        #expect(refusal { $0.frameNanos.p99 = .nan }?.description == "runs[3].frameNanos.p99 = nan: expected a finite number ≥ 0")
        #expect(refusal { $0.retainedBytes = -1 }?.description == "runs[3].retainedBytes = -1: expected an integer ≥ 0")
        #expect(refusal { $0.refreshHz = 0 }?.description == "runs[3].refreshHz = 0: expected an integer ≥ 1")
        #expect(refusal { $0.timeline?[5] = .infinity }?.field == "runs[3].timeline[5]")
        #expect(refusal { $0.distribution?[0].percentile = 999.9 }?.field == "runs[3].distribution[0].percentile")
        #expect(refusal { $0.dataset = "" }?.field == "runs[3].dataset")
        #expect(refusal { _ in } == nil)
        // The measured-size figures (issue 28), when present.
        #expect(refusal { $0.anchor = "middle" }?.description == "runs[3].anchor = \"middle\": expected none, first-visible or last-visible")
        #expect(refusal { $0.visibleDisplacement = VisibleDisplacement(maxPoints: .nan, totalPoints: 0, frames: 0) }?.field == "runs[3].visibleDisplacement.maxPoints")
        #expect(refusal { $0.visibleDisplacement = VisibleDisplacement(maxPoints: 0, totalPoints: 0, frames: $0.frames + 1) }?.field == "runs[3].visibleDisplacement.frames")
        #expect(refusal { $0.offsetCorrections = OffsetCorrections(count: -1, totalPoints: 0) }?.field == "runs[3].offsetCorrections.count")
        #expect(refusal { $0.contentSizeDrift = ContentSizeDrift(estimatedHeight: 1760, finalHeight: -1) }?.field == "runs[3].contentSizeDrift.finalHeight")
        #expect(refusal {
            $0.anchor = "first-visible"
            $0.visibleDisplacement = VisibleDisplacement(maxPoints: 20, totalPoints: 120, frames: 2)
            $0.offsetCorrections = OffsetCorrections(count: 2, totalPoints: 60)
            $0.contentSizeDrift = ContentSizeDrift(estimatedHeight: 1760, finalHeight: 2060)
            $0.measurementFrameNanos = MeasurementFrameNanos(p50: 900, p99: 4000, max: 4100, frames: 3, allocationsPerFrame: 0)
        } == nil)
        #expect(refusal { $0.measurementFrameNanos = MeasurementFrameNanos(p50: -1, p99: 0, max: 0, frames: 1) }?.field == "runs[3].measurementFrameNanos.p50")
        #expect(refusal { $0.measurementFrameNanos = MeasurementFrameNanos(p50: 1, p99: .infinity, max: 1, frames: 1) }?.field == "runs[3].measurementFrameNanos.p99")
        #expect(refusal { $0.measurementFrameNanos = MeasurementFrameNanos(p50: 1, p99: 1, max: 1, frames: $0.frames + 1) }?.field == "runs[3].measurementFrameNanos.frames")
        #expect(refusal {
            $0.measurementFrameNanos = MeasurementFrameNanos(p50: 1, p99: 1, max: 1, frames: 1, allocationsPerFrame: .nan)
        }?.field == "runs[3].measurementFrameNanos.allocationsPerFrame")
        #expect(refusal { $0.scrollToError = ScrollToError(firstPoints: 40, settledPoints: 0, rounds: 2) } == nil)
        #expect(refusal { $0.laneChanges = 7 } == nil)
        #expect(refusal { $0.laneChanges = -1 }?.field == "runs[3].laneChanges")
        #expect(refusal { $0.laneChanges = $0.tiles * $0.frames + 1 }?.field == "runs[3].laneChanges")
        #expect(refusal { $0.scrollToError = ScrollToError(firstPoints: .nan, settledPoints: 0, rounds: 2) }?.field == "runs[3].scrollToError.firstPoints")
        #expect(refusal { $0.scrollToError = ScrollToError(firstPoints: 0, settledPoints: -3, rounds: 2) }?.field == "runs[3].scrollToError.settledPoints")
        #expect(refusal { $0.scrollToError = ScrollToError(firstPoints: 0, settledPoints: 0, rounds: -1) }?.field == "runs[3].scrollToError.rounds")
    }

    @Test func writesTheReportBesideItsCharts() throws {
        let directory: URL
        if let preview = ProcessInfo.processInfo.environment["GRIDREPORTS_PREVIEW_DIR"] {
            // Set to keep the rendered report for a look in a browser.
            directory = URL(fileURLWithPath: preview)
        } else {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("gridreports-\(UInt64.random(in: 0...UInt64.max))")
        }
        defer {
            if ProcessInfo.processInfo.environment["GRIDREPORTS_PREVIEW_DIR"] == nil { try? FileManager.default.removeItem(at: directory) }
        }
        let report = try report()
        let written = try report.write(to: directory)
        #expect(Set(written.map(\.lastPathComponent)) == [
            "distribution.svg", "scale-p50.svg", "scale-p99.svg", "memory.svg", "timeline.svg",
            "strategy-comparison.html", "strategy-comparison.md",
        ])
        let markdown = try String(contentsOf: directory.appendingPathComponent("strategy-comparison.md"), encoding: .utf8)
        #expect(markdown == LayoutReports([report]).markdown())
        #expect(markdown.contains("Judged by [the threshold rule](#the-threshold-rule), stated once at the end of this report."))
        #expect(markdown.hasSuffix("# The threshold rule\n\n" + Escape.markdown(report.options.rule.statement) + "\n"))
        for chart in report.charts() {
            let svg = try String(contentsOf: directory.appendingPathComponent(chart.relativePath), encoding: .utf8)
            #expect(svg.hasPrefix("<svg xmlns="))
        }
    }
}

@Suite struct SummaryTableTests {
    @Test func columnsAreAligned() throws {
        let runs = [
            Synthetic.run("cached", p50: 1_000, p99: 2_000, max: 9_000, prepare: 142_848, retained: 142_848),
            Synthetic.run("scan", p50: 12_345, p99: 48_000, max: 1_234_567, fixture: .fail, mismatch: 17),
            Synthetic.run("adaptive", dataset: "scale-10000000", tiles: 10_000_000, p50: 850, p99: 900, retained: nil, allocations: nil, adaptiveChoice: "on-demand"),
        ]
        let table = SummaryTable.render(runs)
        let lines = table.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(lines.count == 5)
        #expect(!lines.contains { $0.hasSuffix(" ") })

        // The rule of dashes gives each column's extent; every cell must sit in its column,
        // numbers flush right, text flush left.
        let rule = Array(lines[1])
        var extents: [Range<Int>] = []
        var start: Int?
        for (index, character) in rule.enumerated() {
            if character == "-", start == nil { start = index }
            if character != "-", let begin = start { extents.append(begin..<index); start = nil }
        }
        if let begin = start { extents.append(begin..<rule.count) }
        #expect(extents.count == SummaryTable.columns.count)

        func cells(_ line: String) -> [String] {
            let characters = Array(line)
            return extents.map { extent in
                String(characters[min(extent.lowerBound, characters.count)..<min(extent.upperBound, characters.count)])
            }
        }
        let expected: [[String]] = [
            ["data set", "trace", "strategy", "tiles", "p50 µs", "p99 µs", "max µs", "budget at p99", "prepare", "retained", "allocs/frame", "× floor", "fixture"],
            ["photos-2976", "fling-120hz", "cached", "2,976", "1.00", "2.00", "9.00", "0.024 %", "143 µs", "140 KiB", "0", "2.00×", "pass"],
            ["photos-2976", "fling-120hz", "scan", "2,976", "12.3", "48.0", "1235", "0.576 %", "0 ns", "—", "0", "2.00×", "FAIL (frame 17)"],
            ["scale-10000000", "fling-120hz", "adaptive (→ on-demand)", "10,000,000", "0.850", "0.900", "0.900", "0.011 %", "0 ns", "—", "—", "2.00×", "pass"],
        ]
        for (row, line) in zip(expected, [lines[0], lines[2], lines[3], lines[4]]) {
            let found = cells(line)
            for (index, column) in SummaryTable.columns.enumerated() {
                let cell = found[index]
                #expect(cell.trimmingCharacters(in: .whitespaces) == row[index], "column \(column.header)")
                if column.isNumeric {
                    #expect(cell.last.map { $0 != " " } ?? false, "\(column.header) right-aligned in \(line)")
                } else if index < found.count - 1 {
                    #expect(cell.first.map { $0 != " " } ?? false, "\(column.header) left-aligned in \(line)")
                }
            }
        }
    }

    @Test func layoutColumnOnlyWhenLayoutsDiffer() {
        var other = Synthetic.run("cached", p99: 1_000)
        other.layout = "waterfall"
        #expect(!SummaryTable.render([Synthetic.run("cached", p99: 1_000)]).hasPrefix("layout"))
        #expect(SummaryTable.render([Synthetic.run("cached", p99: 1_000), other]).hasPrefix("layout"))
    }
}
