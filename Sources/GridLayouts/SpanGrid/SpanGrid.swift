import GridCore

/// The reference span grid: Proton's `Grid`, column widths and row heights in two lists
/// and cells covering rectangles of rows and columns, merged, split, and edited by
/// inserting and deleting rows and columns.
///
/// With `x_c` the sum of the widths of the columns before `c` and `y_r` that of the rows
/// before `r` (see ``Configuration``):
///
/// - the cell anchored at slot `(r, c)` spanning `rs` rows and `cs` columns has the frame
///   `(x_c, y_r, x_{c+cs} − x_c, y_{r+rs} − y_r)`: the sums of its widths and heights,
///   ending exactly where the next cell starts;
/// - every slot no merged cell covers is a single cell (`rs = cs = 1`);
/// - content size `(x_C, y_R)`.
///
/// **Paths.** A cell's path is `(section: r, item: k)`: `r` is its anchor row, `k` its
/// rank among the cells anchored in row `r`, left to right. A row no merged cell touches
/// holds `C` cells, `k` being the column; a merged cell takes one rank in its anchor row
/// and none in the rows below it. The data is therefore one section per row, of the cells
/// anchored there (``Configuration/dataShape()``), and `ElementID` order is reading
/// order: row by row, left to right. ``gridPlacement(of:)`` gives the anchor row and
/// column and the spans. An `ElementID` holds 2²⁸ rows and 2³² cells a row; a data shape
/// 2³¹ − 1 cells: `ledger-100000x30` (3,000,000) fits with room to spare.
///
/// **Frozen rows and columns** pin like a data grid's headers: the layout declares band
/// rules for cells (`[0, y_F)` along y for `F` frozen rows, `[0, x_G)` along x for `G`
/// frozen columns), and a viewport shows a frozen row at its own `y` plus
/// `clamp(y0, 0, contentHeight − y_F)`, a frozen column likewise, the cells in both on
/// both axes. No merged cell crosses a frozen boundary. The frames here are the unpinned
/// ones.
///
/// - Complexity: prepare, and an edit (``apply(_:)``), O(H + C + M log M + E) for H runs of
///   equal row heights, C columns and M merged cells (E, about 2M, see `MergeBands`),
///   however many rows R there are: the cells, a section per row, are made band by band as
///   runs of rows; rect query O(log R + log C + log M + k + m) for k
///   results, where m counts the merged cells crossing the rows it shows that hold a
///   single cell in the rect (rows wholly covered by merged cells are skipped band by
///   band), so a merged cell spanning 10,000 rows costs only where it is seen; per-cell
///   queries O(log R + log M). Answers come in `ElementID` order.
/// - Memory: O(H + C + E), the cells included: 100,000 rows of one height take a few
///   numbers.
public struct SpanGrid: GridLayout, Sendable {
    /// The grid; changing it takes effect at the next ``prepare(data:container:)``.
    public var configuration: Configuration

    /// The configuration in force since the last successful prepare.
    public internal(set) var prepared: Configuration
    /// The container of the last successful prepare.
    public private(set) var container = Size.zero
    /// The cells of the grid, one section per row: the data the layout was prepared with.
    public private(set) var cells = DataShape.empty
    private(set) var isPrepared = false
    var rowTrack = SpanTrack.empty
    /// What a keystroke reads to find a row's new height without the row's other cells
    /// (see `SpanGrid+Typing.swift`); empty until the first keystroke after a prepare or
    /// another edit.
    var typing = TypingRows()
    /// What the last edit did to the rows, when it was a keystroke laid out in place (see
    /// `LayoutEdit.shift` of ``apply(_:)``); `nil` after any other edit or prepare.
    var keystrokeShift: SectionShift?
    /// `columnStarts[c]` is `x_c`; one more entry holds the content's width.
    private var columnStarts: [Double] = [0]
    /// `columnWidths[c]` is the frame width of a single cell in column `c`.
    private var columnWidths: [Double] = []
    private(set) var bands = MergeBands.empty
    /// The pin rules of the frozen bands as ``traits`` last gave them, kept so that
    /// ``traits`` need not make an array on every call (a viewport reads the traits after
    /// every keystroke that moves rows): written in place by ``refreshPinRules()``.
    private var pinRules: [PinRule] = []

    public internal(set) var contentSize = Size.zero

    /// The most rows a grid may have: one section each in an `ElementID`.
    public static let maxRows = ElementID.maxSection + 1

    public init(_ configuration: Configuration = .example) {
        self.configuration = configuration
        self.prepared = configuration
    }

    /// The number of rows.
    public var rowCount: Int { rowTrack.count }
    /// The number of columns.
    public var columnCount: Int { columnWidths.count }

    /// The height of row `row` as laid out (its configured height grown by content heights,
    /// see ``ContentHeight``), or `nil` outside the grid.
    /// - Complexity: O(log H).
    public func laidOutHeight(ofRow row: Int) -> Double? {
        guard isPrepared, row >= 0, row < rowTrack.count else { return nil }
        return SpanTrack.length(from: rowTrack.start(row), to: rowTrack.start(row + 1))
    }

    /// Lays out the grid of ``configuration`` in `container`.
    ///
    /// `data` must be the grid's cells, ``Configuration/dataShape()``: a section per row
    /// holding the cells anchored there.
    ///
    /// - Throws: `GridError` naming the field: a parameter out of range (see
    ///   ``Configuration/validate()``); `columns[3]` for a column whose resolved width is
    ///   ≤ 0 or not finite in this container, or too thin to tell from its neighbours;
    ///   `rows[1].height` likewise; `container.width` or `container.height`; a content size
    ///   that is not finite; `itemCounts[r]` or `itemCounts.count` when `data` is not the
    ///   grid's cells. The layout then keeps its previous state.
    /// - Complexity: O(H + C + M log M + E) (see the type).
    public mutating func prepare(data: DataShape, container: Size) throws(GridError) {
        let built = try Self.build(configuration, container: container)
        let cells = built.cells
        if data != cells {
            guard data.sectionCount == cells.sectionCount else {
                throw .invalidData("itemCounts.count", data.sectionCount, expected: "one section per row of the grid: \(cells.sectionCount)")
            }
            let row = data.itemCounts.indices.first { data.itemCounts[$0] != cells.itemCounts[$0] } ?? 0
            if data.itemCounts[row] != cells.itemCounts[row] {
                throw .invalidData(
                    "itemCounts[\(row)]", data.itemCounts[row], expected: "the cells anchored in row \(row) of the grid: \(cells.itemCounts[row])")
            }
            throw .invalidData("itemSizes", "given", expected: "no item sizes: a span grid's cells take theirs from the grid")
        }
        adopt(built, configuration, container: container)
    }

    /// Applies `operation` to the prepared grid and lays it out again in the same container
    /// (remaking only what the edit touched): the edit as a user makes it, while the grid is
    /// on screen. Afterwards
    /// ``cells`` is the new data. (``apply(_:)`` does this and says where each cell went.)
    ///
    /// - Throws: `GridError` as ``Configuration/apply(_:)`` and
    ///   ``prepare(data:container:)`` do; the layout is then unchanged.
    /// - Complexity: that of the operation, then O(B + E) copying the merged-cell bands and
    ///   the cells for a merge, a split or a row inserted or deleted (see
    ///   ``MergeBands/splicing(_:merges:rows:columns:)``), or a prepare (without comparing
    ///   data) for a column inserted or deleted.
    /// - Returns: the rows the edit remade (``window(of:before:after:)``), or `nil` when it
    ///   remade every row.
    @discardableResult
    mutating func edit(_ operation: Operation) throws(GridError) -> MergeBands.Window? {
        keystrokeShift = nil
        if case .setContentHeight(let row, let column, let height) = operation {
            if type(row: row, column: column, height: height) { return MergeBands.Window(rows: 0..<0, shift: 0) }
            // Laid out again; the rows' content multisets are kept, with this keystroke in them.
            let saved = typing
            let window = try edit(laidOutAgain: operation)
            typing = saved
            keepTyping(row: row, column: column)
            return window
        }
        return try edit(laidOutAgain: operation)
    }

    /// ``edit(_:)`` by laying out the rows again.
    private mutating func edit(laidOutAgain operation: Operation) throws(GridError) -> MergeBands.Window? {
        var edited = prepared
        try edited.apply(operation)
        let built: Built
        let window = Self.window(of: operation, before: prepared, after: edited)
        if let window {
            built = try Self.build(
                edited, container: container,
                splicing: Splicing(bands: bands, cells: cells, window: window, columnStarts: columnStarts, columnWidths: columnWidths))
        } else {
            built = try Self.build(edited, container: container)
        }
        configuration = edited
        adopt(built, edited, container: container)
        return window
    }

    /// The rows `operation` remade, as the merged-cell bands see them (see
    /// ``MergeBands/splicing(_:merges:rows:columns:)``), or `nil` when it changes the cells of
    /// every row (a column inserted or deleted).
    ///
    /// A deleted row's window reaches one row up (a two-row merged cell anchored there
    /// becomes single cells) and one row down (a merged cell anchored in the deleted row
    /// keeps its anchor row, now holding the next row's cells); a merge's or a split's covers
    /// the merged cells made and removed.
    static func window(of operation: Operation, before: Configuration, after: Configuration) -> MergeBands.Window? {
        switch operation {
        case .insertRow(let at, _):
            return MergeBands.Window(rows: at..<at, shift: 1)
        case .deleteRow(let at):
            return MergeBands.Window(rows: max(at - 1, 0)..<min(at + 2, before.rowCount), shift: -1)
        case .merge, .split:
            // Both lists are sorted by anchor: the merges that differ lie between a common
            // prefix and a common suffix.
            let old = before.merges, new = after.merges
            var prefix = 0
            while prefix < old.count && prefix < new.count && old[prefix] == new[prefix] { prefix += 1 }
            var suffix = 0
            while suffix < old.count - prefix && suffix < new.count - prefix && old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
                suffix += 1
            }
            var low = Int.max, high = Int.min
            for m in old[prefix..<(old.count - suffix)] {
                low = min(low, m.row)
                high = max(high, m.row + m.rowSpan)
            }
            for m in new[prefix..<(new.count - suffix)] {
                low = min(low, m.row)
                high = max(high, m.row + m.rowSpan)
            }
            return MergeBands.Window(rows: low <= high ? low..<high : 0..<0, shift: 0)
        case .insertColumn, .deleteColumn:
            return nil
        case .setContentHeight:
            // The cells stay as they are; only row heights change.
            return MergeBands.Window(rows: 0..<0, shift: 0)
        }
    }

    /// What a prepare computes, before it is taken.
    private struct Built {
        var rowTrack: SpanTrack
        var columnStarts: [Double]
        var columnWidths: [Double]
        var bands: MergeBands
        var cells: DataShape
        var content: Size
    }

    /// Everything `config` gives in `container`, checked.
    /// - Complexity: O(H + C + M log M + E) (see the type).
    ///
    /// With `splicing`, the bands and cells of the grid before an edit and the rows the edit
    /// remade: the merged cells, checked by the edit, are not checked again, and the bands
    /// and cells are spliced (O(B + E) copying, see ``MergeBands/splicing(_:merges:rows:columns:)``)
    /// rather than made afresh.
    private static func build(_ config: Configuration, container: Size, splicing: Splicing? = nil) throws(GridError) -> Built {
        try config.validate(checkingMerges: splicing == nil)
        try GridError.requireNonNegative(container.width, "container.width")
        try GridError.requireNonNegative(container.height, "container.height")
        // An edit of rows leaves the columns and the container as they were: so are their
        // starts and widths, checked by the build that made them.
        let (columnStarts, columnWidths): ([Double], [Double])
        if let splicing {
            (columnStarts, columnWidths) = (splicing.columnStarts, splicing.columnWidths)
        } else {
            (columnStarts, columnWidths) = try Self.columns(config, container: container)
        }
        let columns = columnWidths.count
        let rowTrack = SpanTrack(runs: config.laidOutRowRuns())
        let content = Size(width: columnStarts[columns], height: rowTrack.end)
        guard content.height.isFinite else {
            throw .invalidParameter("rows", rowTrack.count, expected: "rows whose heights add up to a finite height")
        }
        // Rows thinner than two ulps of the content's height could start where the next
        // does: they could not be told apart.
        for (index, run) in config.rows.enumerated() where run.height < 2 * content.height.ulp {
            throw .invalidParameter(
                "rows[\(index)].height", run.height,
                expected: "a height of at least \(2 * content.height.ulp), two ulps of the content's height \(content.height)")
        }
        let bands: MergeBands, cells: DataShape
        if let splicing, splicing.window.rows.isEmpty, splicing.window.shift == 0, splicing.bands.starts.last == rowTrack.count {
            // No row came or went and no merged cell changed (a content height typed): the
            // cells and their bands are those of before.
            (bands, cells) = (splicing.bands, splicing.cells)
        } else if let splicing {
            let splice = splicing.bands.splicing(splicing.window, merges: config.merges, rows: rowTrack.count, columns: columns)
            bands = splice.bands
            do {
                cells = try splicing.cells.replacingSections(splice.replacedRows, with: splice.runs)
            } catch {
                throw MergeBands.tooManyCells(rows: rowTrack.count, columns: columns)
            }
        } else {
            bands = MergeBands(merges: config.merges, rows: rowTrack.count, columns: columns)
            cells = try bands.dataShape(rows: rowTrack.count, columns: columns)
        }
        return Built(rowTrack: rowTrack, columnStarts: columnStarts, columnWidths: columnWidths, bands: bands, cells: cells, content: content)
    }

    /// What an edit of rows reuses of the grid before it (see ``build(_:container:splicing:)``).
    private struct Splicing {
        var bands: MergeBands
        var cells: DataShape
        var window: MergeBands.Window
        var columnStarts: [Double]
        var columnWidths: [Double]
    }

    /// The columns' starts (one more: the content's width) and frame widths in `container`,
    /// checked: each resolved width finite, > 0 and at least two ulps of the content's width
    /// (thinner, a column could start where the next does), their sum finite.
    private static func columns(_ config: Configuration, container: Size) throws(GridError) -> (starts: [Double], widths: [Double]) {
        var widths: [(count: Int, size: Double)] = []
        widths.reserveCapacity(config.columns.count)
        for (index, column) in config.columns.enumerated() {
            let width = column.resolved(containerWidth: container.width)
            guard width.isFinite, width > 0 else {
                throw .invalidParameter(
                    "columns[\(index)]", width,
                    expected: "a resolved width that is finite and > 0 in a container \(container.width) wide")
            }
            widths.append((1, width))
        }
        let track = SpanTrack(runs: widths)
        guard track.end.isFinite else {
            throw .invalidParameter("columns", config.columns.count, expected: "columns whose widths add up to a finite width")
        }
        for (index, width) in widths.enumerated() where width.size < 2 * track.end.ulp {
            throw .invalidParameter(
                "columns[\(index)]", width.size,
                expected: "a width of at least \(2 * track.end.ulp), two ulps of the content's width \(track.end)")
        }
        var starts: [Double] = []
        starts.reserveCapacity(widths.count + 1)
        for column in 0...widths.count { starts.append(track.start(column)) }
        var lengths: [Double] = []
        lengths.reserveCapacity(widths.count)
        for column in 0..<widths.count { lengths.append(SpanTrack.length(from: starts[column], to: starts[column + 1])) }
        return (starts, lengths)
    }

    private mutating func adopt(_ built: Built, _ config: Configuration, container: Size) {
        self.prepared = config
        self.container = container
        self.cells = built.cells
        self.rowTrack = built.rowTrack
        self.columnStarts = built.columnStarts
        self.columnWidths = built.columnWidths
        self.bands = built.bands
        self.contentSize = built.content
        self.isPrepared = true
        self.typing = TypingRows()
        self.keystrokeShift = nil
        refreshPinRules()
    }

    /// The frozen rows' band and the frozen column's, as the grid is now.
    private var frozenRowsRule: PinRule? {
        guard isPrepared && prepared.frozenRows > 0 else { return nil }
        return PinRule(.cell, along: .vertical, .band(start: 0, end: rowTrack.start(prepared.frozenRows)))
    }

    private var frozenColumnsRule: PinRule? {
        guard isPrepared && prepared.frozenColumns > 0 else { return nil }
        return PinRule(.cell, along: .horizontal, .band(start: 0, end: columnStarts[prepared.frozenColumns]))
    }

    /// The pin rules of the grid as it is now: ``pinRules`` when they are (no array made),
    /// else a new array.
    /// - Complexity: O(log R).
    private var currentPinRules: [PinRule] {
        let first = frozenRowsRule, second = frozenColumnsRule
        let count = (first == nil ? 0 : 1) + (second == nil ? 0 : 1)
        if pinRules.count == count {
            var index = 0
            var same = true
            if let first { same = pinRules[index] == first; index += 1 }
            if same, let second { same = pinRules[index] == second }
            if same { return pinRules }
        }
        var rules: [PinRule] = []
        if let first { rules.append(first) }
        if let second { rules.append(second) }
        return rules
    }

    /// Brings ``pinRules`` up to date, in place when their number stays (after a keystroke
    /// that moved the frozen rows' end).
    /// - Complexity: O(log R). No allocation unless the number of rules changed.
    mutating func refreshPinRules() {
        let first = frozenRowsRule, second = frozenColumnsRule
        let count = (first == nil ? 0 : 1) + (second == nil ? 0 : 1)
        guard pinRules.count == count else { return pinRules = currentPinRules }
        var index = 0
        if let first {
            if pinRules[index] != first { pinRules[index] = first }
            index += 1
        }
        if let second, pinRules[index] != second { pinRules[index] = second }
    }

    public var traits: LayoutTraits {
        let rows = rowTrack.count, columns = columnWidths.count
        return LayoutTraits(
            cellsDoNotOverlap: true,
            lineHeight: rows > 0 ? contentSize.height / Double(rows) : nil,
            lineWidth: columns > 0 ? contentSize.width / Double(columns) : nil,
            scrollAxes: .both, supplementaries: [], pinning: currentPinRules,
            // Every slot is covered by a cell, so the last row's and column's cells reach the
            // content's ends: tight both ways, without insets (law 9).
            tightness: ContentTightness(axes: .both))
    }

    /// `rows 2…4, columns 1…3`.
    static func describe(_ m: GridPlacement) -> String {
        "rows \(m.row)…\(m.row + m.rowSpan - 1), columns \(m.column)…\(m.column + m.columnSpan - 1)"
    }
}

// MARK: - Queries

extension SpanGrid {
    /// The columns whose extent meets `[a, b)`.
    /// - Complexity: O(log C).
    @inline(__always)
    private func columnRange(_ a: Double, _ b: Double) -> Range<Int> {
        let count = columnWidths.count
        guard count > 0, a < b else { return 0..<0 }
        // The first column ending after a: the first c with x_{c+1} > a.
        var low = 0, high = count
        while low < high {
            let mid = (low + high) >> 1
            if columnStarts[mid + 1] > a { high = mid } else { low = mid + 1 }
        }
        let first = low
        // The first column starting at or after b.
        low = first
        high = count
        while low < high {
            let mid = (low + high) >> 1
            if columnStarts[mid] >= b { high = mid } else { low = mid + 1 }
        }
        return first..<max(first, low)
    }

    /// The frame of the merged cell `entry`.
    @inline(__always)
    private func frame(of entry: MergeBands.Entry) -> Rect {
        let x = columnStarts[entry.column], y = rowTrack.start(entry.row)
        return Rect(
            x: x, y: y, width: SpanTrack.length(from: x, to: columnStarts[entry.end]),
            height: SpanTrack.length(from: y, to: rowTrack.start(entry.rowEnd)))
    }

    /// Appends, in `ElementID` order, every cell whose frame meets `rect`.
    ///
    /// The rows and columns the rect meets come by binary search over the prefix sums;
    /// merged cells anchored above it that reach into it from its first row's band; then
    /// row by row, the single cells between the merged cells crossing the row, and the
    /// merged cells anchored in it. A band whose rows hold no single cell in the rect is
    /// passed over after its first row.
    ///
    /// - Complexity: see the type's documentation. Allocates nothing once `buffer` has room.
    public func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        var work = NoWork()
        elements(in: rect, into: &buffer, work: &work)
    }

    /// The rect query, telling `work` what it reads: for tests of its complexity.
    @inline(__always)
    func elements<Work: QueryWork>(in rect: Rect, into buffer: inout [LayoutAttributes], work: inout Work) {
        guard isPrepared, !rect.isEmpty else { return }
        let rows = rowTrack.range(rect.minY, rect.maxY)
        let columns = columnRange(rect.minX, rect.maxX)
        guard !rows.isEmpty, !columns.isEmpty else { return }
        let r0 = rows.lowerBound, r1 = rows.upperBound
        let c0 = columns.lowerBound, c1 = columns.upperBound
        var band = bands.band(ofRow: r0)

        // Merged cells anchored above the first row: they all cross it, so they are in its band.
        let before = buffer.count
        var e = bands.entryStarts[band]
        let sentinel = bands.entryStarts[band + 1] - 1
        while e < sentinel {
            work.read(1)
            let entry = bands.entries[e]
            if entry.row < r0 && entry.column < c1 && entry.end > c0 {
                buffer.append(.cell(ItemPath(section: entry.row, item: entry.item), frame: frame(of: entry)))
            }
            e += 1
        }
        Self.sortByID(&buffer, from: before)

        var row = r0
        while row < r1 {
            let bandEnd = min(bands.starts[band + 1], r1)
            let hasSingles = appendRow(row, band: band, columns: c0, c1, into: &buffer, work: &work)
            row += 1
            if hasSingles {
                while row < bandEnd {
                    appendRow(row, band: band, columns: c0, c1, into: &buffer, work: &work)
                    row += 1
                }
            } else {
                row = bandEnd  // the band's other rows anchor nothing and hold no single cell here
            }
            band += 1
        }
    }

    /// Appends the cells anchored in `row` (of band `band`) that meet columns `c0..<c1`, left
    /// to right; returns whether any was a single cell.
    @inline(__always)
    @discardableResult
    private func appendRow<Work: QueryWork, Output: CellOutput>(
        _ row: Int, band: Int, columns c0: Int, _ c1: Int, into buffer: inout Output, work: inout Work
    ) -> Bool {
        work.row()
        let y = rowTrack.start(row)
        let height = SpanTrack.length(from: y, to: rowTrack.start(row + 1))
        let first = row == bands.starts[band]
        // The first entry ending after c0 (the sentinel ends at C > c0).
        var low = bands.entryStarts[band], high = bands.entryStarts[band + 1] - 1
        while low < high {
            work.read(1)
            let mid = (low + high) >> 1
            if bands.entries[mid].end > c0 { high = mid } else { low = mid + 1 }
        }
        var j = low
        var column = c0
        var singles = false
        while column < c1 {
            let entry = bands.entries[j]
            work.read(1)
            if entry.column <= column {
                if first && entry.row == row {
                    buffer.cell(ItemPath(section: row, item: entry.item), frame(of: entry))
                }
                column = entry.end
                j += 1
            } else {
                let stop = min(entry.column, c1)
                var item = column - entry.coveredBefore + (first ? entry.anchorsBefore : 0)
                singles = true
                while column < stop {
                    buffer.cell(ItemPath(section: row, item: item), Rect(x: columnStarts[column], y: y, width: columnWidths[column], height: height))
                    column += 1
                    item += 1
                }
            }
        }
        return singles
    }

    /// Insertion sort of `buffer[from...]` by ID: the few merged cells reaching into a rect
    /// from above, found by column.
    @inline(__always)
    private static func sortByID(_ buffer: inout [LayoutAttributes], from start: Int) {
        var i = start + 1
        while i < buffer.count {
            let element = buffer[i]
            var k = i
            while k > start && element.path < buffer[k - 1].path {
                buffer[k] = buffer[k - 1]
                k -= 1
            }
            buffer[k] = element
            i += 1
        }
    }

    /// The cell at `path`: its anchor and spans, and, for a merged cell, its band entry.
    private func locate(_ path: ItemPath) -> (placement: GridPlacement, entry: MergeBands.Entry?)? {
        let row = path.section, k = path.item
        guard isPrepared, row >= 0, row < rowTrack.count, k >= 0 else { return nil }
        let band = bands.band(ofRow: row)
        // Whether the cell exists, as `cells.contains(path)` says, without searching the cells' runs.
        guard k < bands.cellCount(row: row, band: band, columns: columnWidths.count) else { return nil }
        let first = row == bands.starts[band]
        // The first entry (the sentinel at worst) whose rank, the rank of the first cell at
        // or after its column, exceeds k.
        let anchors = first ? 1 : 0
        let start = bands.entryStarts[band]
        var low = start, high = bands.entryStarts[band + 1] - 1
        while low < high {
            let mid = (low + high) >> 1
            let entry = bands.entries[mid]
            if entry.column - entry.coveredBefore + anchors * entry.anchorsBefore > k { high = mid } else { low = mid + 1 }
        }
        if low > start {
            let previous = bands.entries[low - 1]
            if first && previous.row == row && previous.column - previous.coveredBefore + previous.anchorsBefore == k {
                return (GridPlacement(row: row, column: previous.column, rowSpan: previous.rowEnd - row, columnSpan: previous.end - previous.column), previous)
            }
        }
        let entry = bands.entries[low]
        let column = k + entry.coveredBefore - (first ? entry.anchorsBefore : 0)
        return (GridPlacement(row: row, column: column), nil)
    }

    /// - Complexity: O(log R + log M).
    public func attributes(at path: ItemPath) -> LayoutAttributes? {
        guard let (placement, entry) = locate(path) else { return nil }
        if let entry { return .cell(path, frame: frame(of: entry)) }
        let y = rowTrack.start(placement.row)
        return .cell(path, frame: Rect(
            x: columnStarts[placement.column], y: y, width: columnWidths[placement.column],
            height: SpanTrack.length(from: y, to: rowTrack.start(placement.row + 1))))
    }

    /// A span grid places no supplementary views.
    public func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? { nil }

    /// The anchor row and column of the cell at `path`, and its spans.
    /// - Complexity: O(log R + log M).
    public func gridPlacement(of path: ItemPath) -> GridPlacement? {
        locate(path)?.placement
    }

    /// The path of the cell covering slot `(row, column)`, or `nil` outside the grid.
    /// - Complexity: O(log R + log M).
    public func path(coveringRow row: Int, column: Int) -> ItemPath? {
        cell(coveringRow: row, column: column)?.path
    }

    /// The cell covering slot `(row, column)`: its path and its anchor slot (the slot itself
    /// for a single cell), or `nil` outside the grid.
    /// - Complexity: O(log R + log M).
    func cell(coveringRow row: Int, column: Int) -> (path: ItemPath, anchor: Slot)? {
        guard isPrepared, row >= 0, row < rowTrack.count, column >= 0, column < columnWidths.count else { return nil }
        let band = bands.band(ofRow: row)
        let first = row == bands.starts[band]
        var low = bands.entryStarts[band], high = bands.entryStarts[band + 1] - 1
        while low < high {
            let mid = (low + high) >> 1
            if bands.entries[mid].end > column { high = mid } else { low = mid + 1 }
        }
        let entry = bands.entries[low]
        if entry.column <= column {
            return (ItemPath(section: entry.row, item: entry.item), Slot(row: entry.row, column: entry.column))
        }
        return (ItemPath(section: row, item: column - entry.coveredBefore + (first ? entry.anchorsBefore : 0)), Slot(row: row, column: column))
    }
}

/// What a rect query reads, for tests that count its work rather than time it.
protocol QueryWork {
    /// A row walked.
    mutating func row()
    /// `count` band entries read.
    mutating func read(_ count: Int)
}

/// Counts nothing: the query as it runs everywhere but in tests of its complexity.
struct NoWork: QueryWork {
    @inline(__always) mutating func row() {}
    @inline(__always) mutating func read(_ count: Int) {}
}

// MARK: - Enumeration in scroll order

extension SpanGrid: ScrollOrderedEnumeration {
    /// Writes every cell into `sink` row by row, each row's cells (single and merged, by
    /// their anchor) left to right: the rect query's own row walk over all columns, writing
    /// into the sink instead of a buffer, so the frames are the queries' bit for bit. Two short rows in one of the cache's bands are
    /// sorted by x by the sink.
    ///
    /// - Complexity: O(n + R) for n cells and R rows: one pass, each merged band's entries
    ///   read once per row.
    public func enumerateElements(into sink: inout ElementSink) {
        let rows = rowTrack.count, columns = columnWidths.count
        guard isPrepared, rows > 0, columns > 0 else { return }
        var work = NoWork()
        var band = 0
        var row = 0
        while row < rows && !sink.isStopped {
            while row >= bands.starts[band + 1] { band += 1 }
            appendRow(row, band: band, columns: 0, columns, into: &sink, work: &work)
            row += 1
        }
    }
}

/// Where the row walk puts the cells it finds: a rect query's buffer, or a cache's sink.
protocol CellOutput {
    mutating func cell(_ path: ItemPath, _ frame: Rect)
}

extension Array: CellOutput where Element == LayoutAttributes {
    @inline(__always)
    mutating func cell(_ path: ItemPath, _ frame: Rect) { append(.cell(path, frame: frame)) }
}

extension ElementSink: CellOutput {
    @inline(__always)
    mutating func cell(_ path: ItemPath, _ frame: Rect) { append(.cell, path, frame) }
}
