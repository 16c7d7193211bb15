import GridReports
import Testing

@Suite struct ChartMarkerTests {
    /// The y of each `<text …>` whose content is `label`, in document order.
    func labelYs(_ svg: String, _ label: String) -> [String] {
        svg.components(separatedBy: "<text ").dropFirst().compactMap { piece in
            guard piece.contains(">\(label)</text>"), let start = piece.range(of: "y=\"") else { return nil }
            return String(piece[start.upperBound...].prefix { $0 != "\"" })
        }
    }

    func chart(markers: [LineChart.Marker]) -> String {
        let series = LineChart.Series(name: "s", color: "#000", points: [.init(x: 100, y: 1_000, tooltip: "p"), .init(x: 10_000_000, y: 10_000, tooltip: "q")])
        return LineChart(
            title: "t", x: .logCount(title: "tiles", covering: [100, 10_000_000]),
            y: .logDuration(title: "cost", covering: [1_000, 10_000]), series: [series], markers: markers
        ).svg(standalone: true)
    }

    /// Two crossovers a few pixels apart used to print their labels over each other; the
    /// second now goes on the next line. Far apart, both stay on the first.
    @Test func closeMarkersGetTheirOwnLines() {
        let close = chart(markers: [
            .init(x: 650, y: 2_000, label: "first ≈ 650", tooltip: "a"),
            .init(x: 1_050, y: 2_000, label: "second ≈ 1k", tooltip: "b"),
        ])
        let first = labelYs(close, "first ≈ 650"), second = labelYs(close, "second ≈ 1k")
        #expect(first.count == 1 && second.count == 1)
        #expect(first != second, "labels on the same line: \(first) and \(second)")

        let apart = chart(markers: [
            .init(x: 200, y: 2_000, label: "first ≈ 200", tooltip: "a"),
            .init(x: 5_000_000, y: 2_000, label: "second ≈ 5M", tooltip: "b"),
        ])
        #expect(labelYs(apart, "first ≈ 200") == labelYs(apart, "second ≈ 5M"))
    }
}
