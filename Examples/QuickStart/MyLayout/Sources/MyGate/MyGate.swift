import GridGate
import GridGateTool
import MyLayout

@main struct MyGate: GateTool {
    // GateLayout takes a Sendable layout, and Swift does not infer Sendable for a public
    // type: declare it, `public struct MyGrid: GridLayout, Sendable`.
    static let layouts = [GateLayout("my-grid") { spec in MyGrid(columns: 3) }]
}
