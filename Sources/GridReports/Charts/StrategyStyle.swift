/// The colour and line style of each strategy, the same in every chart and table.
public enum StrategyStyle {
    /// Okabe–Ito colours, distinguishable with the common colour-vision deficiencies.
    static let known: [String: String] = [
        "cached": "#0072b2", "scan": "#e69f00", "on-demand": "#009e73", "adaptive": "#cc79a7",
    ]
    static let spare = ["#56b4e9", "#d55e00", "#000000", "#f0e442", "#999999"]

    /// The colour of `strategy`; a strategy without its own colour takes a spare one by its
    /// position in `order`.
    public static func color(of strategy: String, in order: [String]) -> String {
        if let color = known[strategy] { return color }
        let unknown = order.filter { known[$0] == nil }
        let index = unknown.firstIndex(of: strategy) ?? 0
        return spare[index % spare.count]
    }

    /// Adaptive runs exactly one of the other strategies, so its line lies on theirs:
    /// dashing it keeps both visible.
    public static func isDashed(_ strategy: String) -> Bool {
        strategy == "adaptive"
    }
}
