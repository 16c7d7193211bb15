/// Where a cell of a two-axis layout sits: the display row and column of the top-left slot
/// it covers, and how many rows and columns it spans (1 and 1 for a plain cell).
public struct GridPlacement: Hashable, Sendable, Codable {
    public var row: Int
    public var column: Int
    public var rowSpan: Int
    public var columnSpan: Int

    public init(row: Int, column: Int, rowSpan: Int = 1, columnSpan: Int = 1) {
        self.row = row
        self.column = column
        self.rowSpan = rowSpan
        self.columnSpan = columnSpan
    }
}
