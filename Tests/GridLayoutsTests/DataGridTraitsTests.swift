import GridCore
import GridLayouts
import Testing

/// What the data grid declares: both scroll axes, a line size per axis, non-overlap, the
/// supplementary elements it places (each only when present) and how they pin.
@Suite("DataGrid traits")
struct DataGridTraitsTests {
    @Test func salesExampleDeclaresEverything() throws {
        // Transposed 10 × 4: 4 rows, 10 columns; cw 150, rh 44, hh 150, hw 150.
        let grid = try preparedDataGrid(.salesExample, try DataShape(sections: 10, itemsPerSection: 4))
        let traits = grid.traits
        #expect(traits.scrollAxes == .both)
        #expect(traits.scrollAxes.contains(.vertical) && traits.scrollAxes.contains(.horizontal))
        #expect(traits.lineHeight == 44)
        #expect(traits.lineWidth == 150)
        #expect(traits.cellsDoNotOverlap)
        #expect(!traits.pinsSectionHeaders)
        #expect(Set(traits.supplementaries) == [
            SupplementaryPaths(.columnHeader, .grid(sections: 1, items: 10)),
            SupplementaryPaths(.rowHeader, .grid(sections: 4, items: 1)),
            SupplementaryPaths(.corner, .grid(sections: 1, items: 1)),
        ])
        #expect(traits.supplementaries.count == 3)
        #expect(traits.supplementaryKinds == ElementKinds([.columnHeader, .rowHeader, .corner]))
        #expect(Set(traits.pinning) == [
            PinRule(.columnHeader, along: .vertical, .band(start: 0, end: 150)),
            PinRule(.rowHeader, along: .horizontal, .band(start: 0, end: 150)),
            PinRule(.corner, along: .vertical, .band(start: 0, end: 150)),
            PinRule(.corner, along: .horizontal, .band(start: 0, end: 150)),
        ])
        #expect(traits.pinning.count == 4)
    }

    /// The declared path spaces are exactly where the supplementary queries answer.
    @Test(arguments: [false, true])
    func declaredPathsAreWhereSupplementariesAnswer(transposed: Bool) throws {
        let config = DataGrid.Configuration(transposed: transposed, columnWidth: 20, rowHeight: 10, headerHeight: 15, rowHeaderWidth: 35)
        let data = try DataShape(itemCounts: [3, 1, 3, 0, 2])
        let grid = try preparedDataGrid(config, data)
        let traits = grid.traits
        for kind in ElementKind.allCases where kind.isSupplementary {
            for section in -1...6 {
                for item in -1...6 {
                    let path = ItemPath(section: section, item: item)
                    let declared = traits.places(kind, at: path, data: data)
                    let placed = grid.supplementary(kind, at: path) != nil
                    #expect(declared == placed, "\(kind) at \(path): declared \(declared), placed \(placed)")
                }
            }
        }
        // Transposed: 3 rows (fields), 5 columns (records); else 5 rows and 3 columns.
        let rows = transposed ? 3 : 5, columns = transposed ? 5 : 3
        #expect(traits.supplementaryPaths(of: .columnHeader)?.space == .grid(sections: 1, items: columns))
        #expect(traits.supplementaryPaths(of: .rowHeader)?.space == .grid(sections: rows, items: 1))
        #expect(traits.supplementaryPaths(of: .sectionHeader) == nil)
        #expect(traits.supplementaryPaths(of: .sectionFooter) == nil)
    }

    @Test func withoutAHeaderRow() throws {
        let config = DataGrid.Configuration(columnWidth: 60, rowHeight: 30.5, headerHeight: 0, rowHeaderWidth: 80)
        let traits = try preparedDataGrid(config, try DataShape(sections: 7, itemsPerSection: 2)).traits
        #expect(traits.supplementaries == [SupplementaryPaths(.rowHeader, .grid(sections: 7, items: 1))])
        #expect(traits.pinning == [PinRule(.rowHeader, along: .horizontal, .band(start: 0, end: 80))])
        #expect(traits.lineHeight == 30.5 && traits.lineWidth == 60)
        #expect(traits.scrollAxes == .both && traits.cellsDoNotOverlap)
    }

    @Test func withoutAHeaderColumn() throws {
        let traits = try preparedDataGrid(.standard, try DataShape(sections: 7, itemsPerSection: 2)).traits
        #expect(traits.supplementaries == [SupplementaryPaths(.columnHeader, .grid(sections: 1, items: 2))])
        #expect(traits.pinning == [PinRule(.columnHeader, along: .vertical, .band(start: 0, end: 44))])
        #expect(traits.lineHeight == 44 && traits.lineWidth == 150)
    }

    @Test func withoutHeaders() throws {
        let config = DataGrid.Configuration(headerHeight: 0, rowHeaderWidth: 0)
        let traits = try preparedDataGrid(config, try DataShape(sections: 7, itemsPerSection: 2)).traits
        #expect(traits.supplementaries.isEmpty)
        #expect(traits.pinning.isEmpty)
        #expect(traits.scrollAxes == .both)
        #expect(!traits.places(.sectionHeader, at: ItemPath(section: 0, item: 0), data: try DataShape(sections: 7, itemsPerSection: 2)))
    }

    /// Traits follow the last successful `prepare`: a viewport sizing its margins from the
    /// line sizes and pinning by the rules must see what the frames were laid out with.
    @Test func traitsFollowTheLastSuccessfulPrepare() throws {
        let data = try DataShape(sections: 5, itemsPerSection: 3)
        let container = Size(width: 320, height: 480)
        var grid = DataGrid(.standard)
        try grid.prepare(data: data, container: container)
        let prepared = grid.traits
        #expect(prepared.lineHeight == 44 && prepared.lineWidth == 150)
        #expect(prepared.supplementaries == [SupplementaryPaths(.columnHeader, .grid(sections: 1, items: 3))])

        // Changed, not prepared: nothing moves.
        grid.configuration.rowHeight = 20
        grid.configuration.columnWidth = 75
        grid.configuration.rowHeaderWidth = 50
        grid.configuration.headerHeight = 0
        grid.configuration.transposed = true
        #expect(grid.traits == prepared)
        #expect(grid.attributes(at: ItemPath(section: 1, item: 2))?.frame == Rect(x: 300, y: 88, width: 150, height: 44))

        // Prepared: transposed 3 rows × 5 columns of 75 × 20, a header column of 50, no header row.
        try grid.prepare(data: data, container: container)
        let changed = grid.traits
        #expect(changed.lineHeight == 20 && changed.lineWidth == 75)
        #expect(changed.supplementaries == [SupplementaryPaths(.rowHeader, .grid(sections: 3, items: 1))])
        #expect(changed.pinning == [PinRule(.rowHeader, along: .horizontal, .band(start: 0, end: 50))])
        // Record 1, field 2: row 2, column 1: (50 + 75, 0 + 2·20, 75, 20).
        #expect(grid.attributes(at: ItemPath(section: 1, item: 2))?.frame == Rect(x: 125, y: 40, width: 75, height: 20))

        // A refused prepare changes nothing, traits included.
        grid.configuration.rowHeight = -1
        grid.configuration.headerHeight = 30
        #expect(throws: GridError.self) { try grid.prepare(data: data, container: container) }
        #expect(grid.traits == changed)
        // And a refused data shape (a record wider than the declared fields) neither.
        grid.configuration = DataGrid.Configuration(columnWidth: 10, fields: 2)
        #expect(throws: GridError.self) { try grid.prepare(data: data, container: container) }
        #expect(grid.traits == changed)
    }

    @Test func aFreshGridDeclaresItsConfigurationWithNoRowsOrColumns() {
        let traits = DataGrid(.salesExample).traits
        #expect(traits.scrollAxes == .both && traits.lineHeight == 44 && traits.lineWidth == 150)
        #expect(traits.supplementaryPaths(of: .columnHeader)?.space == .grid(sections: 1, items: 0))
        #expect(traits.supplementaryPaths(of: .rowHeader)?.space == .grid(sections: 0, items: 1))
    }
}
