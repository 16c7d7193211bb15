import GridGate
import GridGateTool
import WaterfallLayout

/// `waterfall-gate record|check`: GridBench's performance gate, for this package's layout.
///
/// Specs in the gate plan name the layout `"layout": "waterfall"` and may give its
/// parameters beside the data (`"columns": 3`).
@main
struct WaterfallGate: GateTool {
    static let layouts = [
        GateLayout("waterfall") { spec in
            let parameters = try spec.decode(Parameters.self)
            return WaterfallLayout(
                columns: parameters.columns ?? 2, spacing: parameters.spacing ?? 8,
                headerHeight: parameters.headerHeight ?? 30, itemHeight: parameters.itemHeight ?? 120)
        },
    ]

    static var defaultPlan: String { "gate/plan.json" }

    /// The layout's own fields in a spec.
    struct Parameters: Decodable {
        var columns: Int?
        var spacing: Double?
        var headerHeight: Double?
        var itemHeight: Double?
    }
}
