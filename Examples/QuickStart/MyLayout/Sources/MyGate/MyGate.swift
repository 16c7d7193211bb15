import GridGate
import GridGateTool
import GridLayouts
import MyLayout

/// my-grid's entry in GridBench's registry: specs give `"layout": "my-grid"` and, beside
/// `sections` and `itemSizes`, `"columns"` (3 when left out).
struct MyGridConfiguration: LayoutConfiguration {
    static let layoutName = "my-grid"
    static let summary = "equal cells, columns a row"
    static let specFieldNames = ["sections", "itemSizes", "columns"]
    static var reference: Self { MyGridConfiguration(columns: 3) }

    var columns: Int?

    // A registry's layout is Sendable, and Swift does not infer Sendable for a public
    // type: declare it, `public struct MyGrid: GridLayout, Sendable`.
    func makeLayout() -> MyGrid { MyGrid(columns: columns ?? 3) }
}

@main struct MyGate: GateTool {
    static let layouts: [any LayoutConfiguration.Type] = [MyGridConfiguration.self]
}
