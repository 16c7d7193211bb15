import GridCore
import GridLayouts
import Testing

/// Sizes that are not binary fractions (79⅓, 0.1, 0.3): `hw + c·cw` is rounded, so a cell
/// `cw` wide could end one ulp past the next one's start. The layout narrows such a cell to
/// end exactly where the next begins, so touching cells never overlap, every cell starts
/// where the formula says, and the last one ends exactly at the content's edge.
@Suite("DataGrid rounding")
struct DataGridRoundingTests {
    /// One display column or row as the layout places it.
    struct Slot {
        var start: Double
        var length: Double
        var end: Double { start + length }
    }

    /// The display columns (along x) or rows (along y) of `grid`, read from the cells of
    /// display row 0 or column 0; every cell of the slot, and its header, must share its
    /// extent bit for bit.
    func slots(_ grid: DataGrid, along axis: Axis, context: String) -> [Slot] {
        let count = axis == .horizontal ? grid.columnCount : grid.rowCount
        let across = axis == .horizontal ? grid.rowCount : grid.columnCount
        var slots: [Slot] = []
        for i in 0..<count {
            var extents: [Slot] = []
            for j in Set([0, across / 2, across - 1]) {
                let path = axis == .horizontal ? grid.transposition.path(row: j, column: i) : grid.transposition.path(row: i, column: j)
                guard let frame = grid.attributes(at: path)?.frame else {
                    Issue.record("\(context): no cell at \(path)")
                    return []
                }
                extents.append(axis == .horizontal ? Slot(start: frame.minX, length: frame.width) : Slot(start: frame.minY, length: frame.height))
            }
            let header = axis == .horizontal
                ? grid.supplementary(.columnHeader, at: ItemPath(section: 0, item: i)).map { Slot(start: $0.frame.minX, length: $0.frame.width) }
                : grid.supplementary(.rowHeader, at: ItemPath(section: i, item: 0)).map { Slot(start: $0.frame.minY, length: $0.frame.height) }
            if let header { extents.append(header) }
            let first = extents[0]
            if !extents.allSatisfy({ $0.start.bitPattern == first.start.bitPattern && $0.length.bitPattern == first.length.bitPattern }) {
                Issue.record("\(context): \(axis) slot \(i) differs between its cells and header: \(extents)")
            }
            slots.append(first)
        }
        return slots
    }

    /// Checks the slots along one axis against `origin + i·size` and each other; returns
    /// false after recording an issue.
    @discardableResult
    func checkSlots(_ slots: [Slot], origin: Double, size: Double, contentEnd: Double, _ context: String) -> Bool {
        for (i, slot) in slots.enumerated() {
            let next = i + 1 < slots.count ? slots[i + 1].start : contentEnd
            var problem: String?
            if slot.start != origin + Double(i) * size {
                problem = "starts at \(slot.start), not origin + i·size = \(origin + Double(i) * size)"
            } else if !(slot.length > 0) {
                problem = "is empty: \(slot.length)"
            } else if slot.end > next {
                problem = "ends at \(slot.end), past the next start or the content's edge \(next)"
            } else if i == slots.count - 1 && slot.end != contentEnd {
                problem = "is the last, and ends at \(slot.end), not at the content's edge \(contentEnd)"
            } else if i < slots.count - 1 && slot.length > size {
                problem = "is \(slot.length), wider than \(size)"
            } else if slot.length < size && slot.end != next {
                problem = "was narrowed to \(slot.length) but ends at \(slot.end), short of \(next)"
            } else if abs(slot.length - size) > 2 * slot.end.ulp {
                problem = "is \(slot.length), more than two ulps of its end from \(size)"
            }
            if let problem {
                Issue.record("\(context): slot \(i) of \(slots.count) \(problem)")
                return false
            }
        }
        return true
    }

    static let sizes: [Double] = {
        let named: [Double] = [238.0 / 3.0, 0.1, 0.3, 1.0 / 3.0, 22.1, 0.7, 1.0 / 7.0, 150.3, 44.1, 79.3]
        let thirds: [Double] = (200..<260).map { Double($0) / 3.0 }
        let tenths: [Double] = (200..<260).map { Double($0) / 10.0 }
        return named + thirds + tenths
    }()
    static let origins: [Double] = [0, 0.3, 0.1, 22.1, 1.0 / 3.0, 150, 1000.1]

    @Test(arguments: [false, true])
    func slotsStartByTheFormulaTouchWithoutOverlapAndEndAtTheEdge(transposed: Bool) throws {
        var failures = 0
        var grids = 0
        for size in Self.sizes {
            for origin in Self.origins {
                for count in [1, 2, 3, 7, 40] {
                    // Both axes at once: cw = rh = size, hw = hh = origin, count × (count + 1).
                    let config = DataGrid.Configuration(
                        transposed: transposed, columnWidth: size, rowHeight: size, headerHeight: origin, rowHeaderWidth: origin)
                    let grid = try preparedDataGrid(config, try DataShape(sections: count, itemsPerSection: count + 1))
                    let context = "size \(size), origin \(origin), \(count) × \(count + 1), transposed \(transposed)"
                    let columns = slots(grid, along: .horizontal, context: context)
                    let rows = slots(grid, along: .vertical, context: context)
                    #expect(columns.count == (transposed ? count : count + 1) && rows.count == (transposed ? count + 1 : count))
                    if !checkSlots(columns, origin: origin, size: size, contentEnd: grid.contentSize.width, context + ", columns") { failures += 1 }
                    if !checkSlots(rows, origin: origin, size: size, contentEnd: grid.contentSize.height, context + ", rows") { failures += 1 }
                    grids += 1
                    if failures > 5 { return }
                }
            }
        }
        #expect(grids == Self.sizes.count * Self.origins.count * 5)
    }

    /// hh 0.3 and three rows of 0.1, worked out: the rows start at 0.3, 0.3 + 0.1 = 0.4 and
    /// 0.3 + 0.2 = 0.5, and the content is 0.3 + 3·0.1 = 0.3 + 0.30000000000000004 =
    /// 0.6000000000000001 high. A last row 0.1 high would end at 0.5 + 0.1 = 0.6, an ulp
    /// short of the content's edge; it ends at the edge.
    @Test func threeRowsOfATenthUnderAHeaderOfThreeTenths() throws {
        let config = DataGrid.Configuration(columnWidth: 1, rowHeight: 0.1, headerHeight: 0.3, rowHeaderWidth: 0.3)
        let grid = try preparedDataGrid(config, try DataShape(sections: 3, itemsPerSection: 1))
        #expect(grid.contentSize.height == 0.6000000000000001)
        let rows = (0..<3).compactMap { grid.attributes(at: ItemPath(section: $0, item: 0))?.frame }
        #expect(rows.map(\.minY) == [0.3, 0.4, 0.5])
        #expect(rows[2].maxY == 0.6000000000000001, "the last row ends at the content's edge")
        #expect(rows[0].maxY <= rows[1].minY && rows[1].maxY <= rows[2].minY)
        #expect(grid.supplementary(.rowHeader, at: ItemPath(section: 2, item: 0))?.frame.maxY == 0.6000000000000001)
    }

    /// Rows a few ulps thin under a tall header: each grid is either refused, naming
    /// `rowHeight`, or every row has a height and the rect query agrees with brute force.
    /// (Under a header of 1e6, rows of 1e-10 would start where the next one does.)
    @Test func rowsTooThinToTellApartAreRefusedOrKeptApart() throws {
        var accepted = 0, refused = 0
        for header in [1e6, 12_345.678, 1e9 + 0.5] {
            for ulps in stride(from: 0.5, through: 6, by: 0.25) {
                for records in [1, 4, 33] {
                    let rh = ulps * header.ulp
                    let config = DataGrid.Configuration(columnWidth: 10, rowHeight: rh, headerHeight: header, rowHeaderWidth: 5)
                    let data = try DataShape(sections: records, itemsPerSection: 2)
                    var grid = DataGrid(config)
                    do {
                        try grid.prepare(data: data, container: Size(width: 320, height: 480))
                    } catch {
                        #expect(error.field == "rowHeight", "rh = \(ulps) ulps of \(header): \(error)")
                        refused += 1
                        continue
                    }
                    accepted += 1
                    let all = everyDataGridElement(grid, data)
                    let context = "hh \(header), rh \(rh) (\(ulps) ulps), \(records) records"
                    #expect(all.allSatisfy { $0.frame.height > 0 && grid.contentBounds.contains($0.frame) }, "\(context)")
                    #expect(firstOverlappingCells(all) == nil, "\(context)")
                    for y in frameEdges(all, along: .vertical) {
                        for at in [y.nextDown, y, y.nextUp] {
                            checkDataGridQuery(grid, all: all, rect: Rect(x: -1, y: at, width: 100, height: rh), context)
                        }
                    }
                }
            }
        }
        #expect(accepted > 0 && refused > 0, "accepted \(accepted), refused \(refused)")
    }

    /// 20 columns of 79⅓ after a header column of 0.3 (the brief's example): each column
    /// starts at 0.3 + c·79⅓, none overlaps the next, the last ends at the content's width.
    @Test func twentyColumnsOfSeventyNineAndAThird() throws {
        let cw = 238.0 / 3.0
        let config = DataGrid.Configuration(columnWidth: cw, rowHeight: 0.1, headerHeight: 0, rowHeaderWidth: 0.3)
        let grid = try preparedDataGrid(config, try DataShape(sections: 2, itemsPerSection: 20))
        #expect(grid.contentSize.width == 0.3 + 20 * cw)
        let columns = slots(grid, along: .horizontal, context: "79⅓")
        #expect(columns.count == 20)
        checkSlots(columns, origin: 0.3, size: cw, contentEnd: grid.contentSize.width, "79⅓")
        // Some columns really are narrowed here: the case is not vacuous.
        #expect(columns.contains { $0.length < cw })
    }
}
