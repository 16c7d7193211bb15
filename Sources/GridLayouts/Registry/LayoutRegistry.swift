import GridCore

/// The one list of the layouts GridBench knows by name.
///
/// Adding a layout: write its folder in `GridLayouts/` (the layout, and a configuration
/// conforming to ``LayoutConfiguration``), then add the configuration's type here. Specs,
/// golden fixtures, replays, reports and every `gridbench` command find it by its name.
public enum LayoutRegistry {
    /// Every layout, in the order help texts list them.
    public static let configurations: [any LayoutConfiguration.Type] = [
        TileGrid.Configuration.self,
        DataGrid.Configuration.self,
        ColumnarGrouped.Configuration.self,
        Waterfall.Configuration.self,
        SpanGrid.Configuration.self,
    ]

    /// The names of every layout, in registry order.
    public static var names: [String] { configurations.map { $0.layoutName } }

    /// The configuration type of the layout called `name`.
    ///
    /// - Throws: `GridError` naming `layout` and listing the names there are.
    public static func configuration(named name: String) throws(GridError) -> any LayoutConfiguration.Type {
        guard let found = configurations.first(where: { $0.layoutName == name }) else {
            throw .invalidParameter("layout", "\"\(name)\"", expected: "one of " + names.joined(separator: ", "))
        }
        return found
    }
}
