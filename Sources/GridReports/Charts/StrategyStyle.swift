/// The colour and line style of each strategy, the same in every chart and table.
///
/// Strategies often cost the same: cached, on demand and adaptive lie on one line in most
/// charts. Colour alone would show only the line drawn last, so each strategy also has its
/// own dash pattern, width and point shape. Wider lines are drawn first: where lines
/// coincide, the widest shows as a band around the others, the dashed ones let it through
/// their gaps, and each point's shape still tells whose it is.
public enum StrategyStyle {
    /// Okabe–Ito colours, distinguishable with the common colour-vision deficiencies.
    static let known: [String: String] = [
        "cached": "#0072b2", "scan": "#e69f00", "on-demand": "#009e73", "adaptive": "#cc79a7",
    ]
    static let spare = ["#56b4e9", "#d55e00", "#000000", "#f0e442", "#999999"]

    /// The strokes of the known strategies: cached a wide solid band with circles, on demand
    /// dashed over it with squares, adaptive (which runs one of those two, so lies on its
    /// line) dotted and thinnest with diamonds, scan dash-dotted with triangles.
    static let knownLines: [String: LineChart.LineStyle] = [
        "cached": LineChart.LineStyle(width: 5, dash: [], shape: .circle),
        "on-demand": LineChart.LineStyle(width: 2.5, dash: [8, 5], shape: .square),
        "adaptive": LineChart.LineStyle(width: 1.8, dash: [2, 3], shape: .diamond),
        "scan": LineChart.LineStyle(width: 2, dash: [10, 3, 2, 3], shape: .triangle),
    ]
    static let spareLines: [LineChart.LineStyle] = [
        LineChart.LineStyle(width: 2, dash: [4, 2], shape: .triangleDown),
        LineChart.LineStyle(width: 2, dash: [12, 3, 2, 3, 2, 3], shape: .cross),
        LineChart.LineStyle(width: 2, dash: [1, 4], shape: .square),
    ]

    /// The colour of `strategy`; a strategy without its own colour takes a spare one by its
    /// position in `order`.
    public static func color(of strategy: String, in order: [String]) -> String {
        if let color = known[strategy] { return color }
        return spare[spareIndex(of: strategy, in: order) % spare.count]
    }

    /// The line style of `strategy`; a strategy without its own takes a spare one by its
    /// position in `order`.
    public static func line(of strategy: String, in order: [String]) -> LineChart.LineStyle {
        if let line = knownLines[strategy] { return line }
        return spareLines[spareIndex(of: strategy, in: order) % spareLines.count]
    }

    private static func spareIndex(of strategy: String, in order: [String]) -> Int {
        order.filter { known[$0] == nil }.firstIndex(of: strategy) ?? 0
    }
}
