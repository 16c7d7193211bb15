import GridCore
import GridLayouts

/// `DataGrid` with exactly one bug, each of a kind only a two-axis layout can have, so that
/// a violation can only come from the bug.
struct BrokenDataGrid: GridLayout {
    enum Bug: String, CaseIterable, Sendable, CustomStringConvertible {
        /// Law 1: the rect query never returns the last display column (its cells and its
        /// column header).
        case dropsLastColumn
        /// Law 3: the row header of display row `r` is answered at path `(r + 1, 0)`, by the
        /// rect query and the supplementary query alike, so the last one lies outside the
        /// declared space of `rows` row headers.
        case rowHeaderOffByOne
        /// Law 3: the corner is placed (rect and supplementary queries) but not declared.
        case undeclaredCorner
        /// Laws 2 and 4: transposed, `attributes(at:)` answers the untransposed frame (record
        /// as the row, field as the column) while the rect query is right.
        case transposedCellsUntransposed
        /// Law 1: the rect query's last column is `floor((maxX − hw) / cw)` inclusive, so a
        /// rect ending exactly where a column starts also returns that column.
        case floorAtColumnBoundary
        /// Law 1: when the cells a rect meets all lie in one display row, the rect query
        /// leaves out a cell the rect covers only partly on its right. Only a rect less than
        /// a row high that ends inside a column shows it: one at a cell's corner.
        case dropsPartlyCoveredCellInOneRow

        var description: String { rawValue }
    }

    var base: DataGrid
    let bug: Bug
    /// The scroll axes declared instead of the data grid's own (both), when set.
    var scrollAxes: ScrollAxes?

    init(_ bug: Bug, _ configuration: DataGrid.Configuration, scrollAxes: ScrollAxes? = nil) {
        self.base = DataGrid(configuration)
        self.bug = bug
        self.scrollAxes = scrollAxes
    }

    mutating func prepare(data: DataShape, container: Size) throws {
        try base.prepare(data: data, container: container)
    }

    var contentSize: Size { base.contentSize }

    var traits: LayoutTraits {
        var traits = base.traits
        if bug == .undeclaredCorner { traits.supplementaries.removeAll { $0.kind == .corner } }
        if let scrollAxes { traits.scrollAxes = scrollAxes }
        return traits
    }

    func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        switch bug {
        case .dropsLastColumn:
            let last = base.columnCount - 1
            for element in base.elements(in: rect) where displayColumn(of: element) != last { buffer.append(element) }
        case .rowHeaderOffByOne:
            for var element in base.elements(in: rect) {
                if element.kind == .rowHeader { element.path.section += 1 }
                buffer.append(element)
            }
        case .floorAtColumnBoundary:
            guard !rect.isEmpty else { return }
            let wider = Rect(x: rect.minX, y: rect.minY, width: rect.width + 1, height: rect.height)
            for element in base.elements(in: wider) where element.frame.minX <= rect.maxX { buffer.append(element) }
        case .dropsPartlyCoveredCellInOneRow:
            let found = base.elements(in: rect)
            let rows = Set(found.filter { $0.kind == .cell }.map(\.frame.minY))
            for element in found where !(rows.count == 1 && element.kind == .cell && element.frame.maxX > rect.maxX) {
                buffer.append(element)
            }
        case .undeclaredCorner, .transposedCellsUntransposed:
            base.elements(in: rect, into: &buffer)
        }
    }

    /// The display column of a cell or column header; `nil` for other elements.
    private func displayColumn(of element: LayoutAttributes) -> Int? {
        switch element.kind {
        case .cell: base.gridPlacement(of: element.path)?.column
        case .columnHeader: element.path.item
        default: nil
        }
    }

    func attributes(at path: ItemPath) -> LayoutAttributes? {
        guard var answer = base.attributes(at: path) else { return nil }
        if bug == .transposedCellsUntransposed && base.transposition.transposed {
            let c = base.configuration
            answer.frame.origin = Point(
                x: c.rowHeaderWidth + Double(path.item) * c.columnWidth, y: c.headerHeight + Double(path.section) * c.rowHeight)
        }
        return answer
    }

    func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? {
        guard bug == .rowHeaderOffByOne && kind == .rowHeader else { return base.supplementary(kind, at: path) }
        guard var answer = base.supplementary(kind, at: ItemPath(section: path.section - 1, item: path.item)) else { return nil }
        answer.path = path
        return answer
    }

    func gridPlacement(of path: ItemPath) -> GridPlacement? {
        base.gridPlacement(of: path)
    }
}
