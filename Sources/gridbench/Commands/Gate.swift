import GridGate
import GridGateTool
import GridLayouts

/// `gridbench gate`: the CI performance gate over GridBench's own layouts, with the plan in
/// `datasets/gate-plan.json`. All of it lives in `GridGateTool`, which third parties' own
/// gate tools use too.
typealias Gate = GateCommand<GridBenchGate>

/// The gate as `gridbench gate`.
enum GridBenchGate: GateTool {
    static let layouts: [any LayoutConfiguration.Type] = []
    static var commandName: String { "gate" }
    static var invocation: String { "gridbench gate" }
    static var subcommandPath: [String] { ["gate"] }
    static var defaultPlan: String { "datasets/gate-plan.json" }
}
