import GridGate
import GridGateTool
import GridLayouts
import WaterfallLayout

/// `waterfall-gate record|check|dump|trace`: GridBench's performance gate, for this
/// package's layout.
@main
struct WaterfallGate: GateTool {
    static let layouts: [any LayoutConfiguration.Type] = [WaterfallConfiguration.self]

    static var defaultPlan: String { "gate/plan.json" }
}

/// The layout's entry in GridBench's registry. Specs name it `"layout": "waterfall"` (this
/// tool's, not GridBench's own waterfall of that name) and may give its parameters beside
/// the data (`"columns": 3`); those left out take the layout's defaults.
struct WaterfallConfiguration: LayoutConfiguration {
    static let layoutName = "waterfall"
    static let summary = "the example package's waterfall: items into the shortest column"
    static let specFieldNames = ["sections", "itemSizes", "columns", "spacing", "headerHeight", "itemHeight"]
    static var reference: Self { WaterfallConfiguration() }

    var columns: Int?
    var spacing: Double?
    var headerHeight: Double?
    var itemHeight: Double?

    func makeLayout() -> WaterfallLayout {
        WaterfallLayout(columns: columns ?? 2, spacing: spacing ?? 8, headerHeight: headerHeight ?? 30, itemHeight: itemHeight ?? 120)
    }
}
