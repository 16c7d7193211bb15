import Foundation
@testable import GridGate
import GridCore
import GridHarness
import Testing

/// Every metric goes through the thresholds, the figures, their JSON, the comparison and
/// the reports from its one entry in `GateMetric`: these tests run over `allCases`, so a
/// metric that some table elsewhere forgot fails them.
@Suite struct GateMetricTests {
    /// The committed baselines, read and written again, are the same bytes: the JSON of
    /// thresholds and figures did not move when they became tables keyed by metric.
    @Test(arguments: ["reports/gate-baseline.json", "Examples/WaterfallLayout/gate/baseline.json", "Examples/QuickStart/MyLayout/gate-baseline.json"])
    func committedBaselinesRoundTripByteForByte(path: String) throws {
        let url = Repository.root.appendingPathComponent(path)
        let baseline = try GateBaseline.load(from: url, recordCommand: "gridbench gate record")
        #expect(try JSONFiles.encoded(baseline) == Data(contentsOf: url))
    }

    /// A threshold and a figure for every metric, each its own value (metric i: threshold
    /// 0.01·(i+1), count 1000·(i+1)), through baseline JSON and back.
    @Test func everyMetricRoundTripsThroughBaselineJSON() throws {
        var baseline = GateBaselineTests.baseline()
        var thresholds = GateThresholds.defaults
        var counts: [GateMetric: Int] = [:]
        for (i, metric) in GateMetric.allCases.enumerated() {
            thresholds[metric] = 0.01 * Double(i + 1)
            if metric.isCount { counts[metric] = 1000 * (i + 1) }
        }
        baseline.workloads[0].thresholds = thresholds
        baseline.workloads[0].figures = GateFigures(counts: counts, frames: 10, clockNanos: [3, 1, 2])
        let text = try GateBaselineTests.encoded(baseline)
        let loaded = try GateBaselineTests.load(text)
        #expect(loaded == baseline)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let workload = try #require((json["workloads"] as? [[String: Any]])?.first)
        let writtenThresholds = try #require(workload["thresholds"] as? [String: Double])
        let writtenFigures = try #require(workload["figures"] as? [String: Any])
        for (i, metric) in GateMetric.allCases.enumerated() {
            #expect(writtenThresholds[metric.rawValue] == 0.01 * Double(i + 1), "\(metric)")
            #expect(loaded.workloads[0].thresholds[metric] == 0.01 * Double(i + 1), "\(metric)")
            if metric.isCount {
                #expect(writtenFigures[metric.rawValue] as? Int == 1000 * (i + 1), "\(metric)")
                #expect(loaded.workloads[0].figures[metric] == Double(1000 * (i + 1)), "\(metric)")
                // Per frame over 10 frames: 100·(i+1).
                if let key = metric.perFrameKey { #expect(writtenFigures[key] as? Double == Double(100 * (i + 1)), "\(metric)") }
            } else {
                #expect(loaded.workloads[0].figures[metric] == 2, "\(metric): the median of 3, 1, 2")
            }
        }
        #expect(Set(writtenThresholds.keys) == Set(GateMetric.allCases.map(\.rawValue)))
    }

    /// A plan's thresholds name any metric by its key; an unknown key is refused.
    @Test func everyMetricIsAPlanThreshold() throws {
        let given = GateMetric.allCases.enumerated().map { "\"\($0.element.rawValue)\": \(Double($0.offset) / 10)" }.joined(separator: ", ")
        let override = try JSONFiles.decode(GateThresholds.Override.self, from: Data("{\(given)}".utf8), file: "plan.json")
        for (i, metric) in GateMetric.allCases.enumerated() {
            #expect(override.values[metric] == Double(i) / 10, "\(metric)")
            #expect(GateThresholds.defaults.applying(override)[metric] == Double(i) / 10, "\(metric)")
        }
        #expect(throws: InputError.self) { try JSONFiles.decode(GateThresholds.Override.self, from: Data(#"{"instruction": 0.1}"#.utf8), file: "plan.json") }
        // Nothing given: every default.
        let none = try JSONFiles.decode(GateThresholds.Override.self, from: Data("{}".utf8), file: "plan.json")
        #expect(GateThresholds.defaults.applying(none) == .defaults)
    }

    /// Every figure doubled (counts ×2; clock samples 10–19 ns against 110–119 ns, which the
    /// U test finds significant) regresses every metric, and every metric has its row, by its
    /// label, in the comparison and the Markdown.
    @Test func everyMetricIsComparedAndReported() throws {
        var counts: [GateMetric: Int] = [:]
        for metric in GateMetric.counts { counts[metric] = 500 }
        var baseline = GateBaselineTests.baseline()
        baseline.workloads = [GateBaseline.Workload(
            id: "w", definition: "w", kind: .prepare, frames: 0, thresholds: .defaults,
            figures: GateFigures(counts: counts, clockNanos: (10 ..< 20).map(UInt64.init)))]
        let now = GateFigures(counts: counts.mapValues { $0 * 2 }, clockNanos: (110 ..< 120).map(UInt64.init))
        let comparison = GateComparison(baseline: baseline, figures: [(id: "w", figures: now)])
        #expect(comparison.rows.map(\.metric).sorted() == GateMetric.allCases)
        #expect(comparison.rows.allSatisfy { $0.verdict == .regression }, "\(comparison.rows)")
        let markdown = comparison.markdown(baselinePath: "b.json", environment: baseline.environment, updateCommand: "update")
        for metric in GateMetric.allCases {
            #expect(markdown.contains("| w | \(metric.label(perFrame: false)) |"), "\(metric)")
        }
        // The progress line names every figure measured.
        let line = GateSession.describe(now)
        #expect(line.components(separatedBy: ", ").count == GateMetric.allCases.count, "\(line)")
    }
}
