import GridCore

/// The reference data grid: IGGridView's records by fields, optionally transposed, with a
/// header row and a frozen header column.
///
/// The data is R records (sections) of up to F fields (items); a cell's path is
/// `(record, field)`. Not transposed, the grid shows R display rows and F display columns;
/// transposed, F rows and R columns. With column width `cw`, row height `rh`, header height
/// `hh` and header column width `hw`:
///
/// - the cell at display row `r`, column `c`: `(hw + c·cw, hh + r·rh, cw, rh)`; it shows
///   record `r`, field `c`, or transposed record `c`, field `r` (see ``Transposition``);
/// - the column header of display column `c` (when `hh > 0`): `(hw + c·cw, 0, cw, hh)`, path
///   `(0, c)`;
/// - the row header of display row `r` (when `hw > 0`): `(0, hh + r·rh, hw, rh)`, path
///   `(r, 0)`;
/// - the corner (when both are present): `(0, 0, hw, hh)`, path `(0, 0)`;
/// - content size `(hw + columns·cw, hh + rows·rh)`.
///
/// Where rounding would carry a cell one ulp past the next one's start (sizes that are not
/// binary fractions), it is that ulp narrower or shorter, so cells never overlap.
///
/// Header rows and columns are frozen: the layout declares pin rules (the header row and the
/// corner along y, band `[0, hh)`; the header column and the corner along x, band
/// `[0, hw)`), and a viewport shows them at `y = clamp(y0, 0, contentHeight − hh)` and
/// `x = clamp(x0, 0, contentWidth − hw)`. The frames here are the unpinned ones.
///
/// A record may hold fewer fields than F (a ragged data shape): its missing cells are simply
/// absent. F is ``Configuration/fields`` when given, else the largest record.
///
/// Nothing per cell is stored, and nothing per record unless rows take measured heights
/// (``Configuration/ItemSizing/heights``: one height per record).
///
/// - Complexity: prepare O(R) time (to find the largest record) and O(1) memory; rect
///   query O(k) by arithmetic, no search, answered in `ElementID` order;
///   per-cell and header queries O(1). With measured heights: prepare O(R·F) time and O(R)
///   memory, a row's top O(log R) (so a rect query O(k log R) and a cell O(log R)), a
///   measurement of k records O(their fields + k log R) (see
///   ``prepare(data:container:invalidation:)``).
public struct DataGrid: GridLayout, Sendable {
    /// The parameters; changing them takes effect at the next ``prepare(data:container:)``.
    public var configuration: Configuration

    /// The parameters in force since the last successful prepare.
    var prepared: Configuration
    var data = DataShape.empty
    /// Whether every record holds exactly F fields (no per-record check needed).
    private var uniform = true
    /// The number of fields of the largest record (F may be more, when declared).
    private var widest = 0
    /// Whether a prepare has succeeded. Rows and columns are counted from the data, so a
    /// fresh grid has none; the corner, which needs neither, must wait for it too (before
    /// it, every query answers nothing).
    var isPrepared = false
    /// Display rows, along y.
    var rowTrack = Track(origin: 0, size: 1, count: 0)
    /// Display columns, along x.
    var columnTrack = Track(origin: 0, size: 1, count: 0)
    /// With heights (``Configuration/ItemSizing/heights``), the display rows, each as tall
    /// as its record's tallest field, as running sums, when some row's sums are not exact;
    /// `nil` when every row is `rowHeight` (``rowTrack``) or they are (``rowSums``).
    var rowTops: RowTops?
    /// With heights, the display rows in a Fenwick tree of their heights, when the header
    /// height and every row's height are multiples of 2⁻¹⁰ (whole or binary-fraction points)
    /// and the content stays below 2⁴², so that every row top is an exact sum: a measurement
    /// then sets a row in O(log R) and can promise what it moved (``SectionShift``). Kept
    /// until a height that is not exact comes, which prepares again (as ``rowTops``).
    var rowSums: RowSums?
    /// The Fenwick tree nodes the last measurement told to ``rowSums`` touched: at most
    /// ⌊log₂ R⌋ + 1 per row whose height changed (for tests of the complexity).
    var measurementTouches = 0

    public internal(set) var contentSize = Size.zero
    /// What the traits declare, kept from the last prepare (``Declared``).
    private var declared: Declared

    public init(_ configuration: Configuration = .standard) {
        self.configuration = configuration
        self.prepared = configuration
        self.declared = Declared()
    }

    /// The number of records (sections of the data).
    public var records: Int { data.sectionCount }
    /// The number of fields, F.
    public private(set) var fields = 0
    /// The number of display rows: R, or F when transposed.
    public var rowCount: Int { rowTrack.count }
    /// The number of display columns: F, or R when transposed.
    public var columnCount: Int { columnTrack.count }
    /// The mapping between display positions and data paths in force.
    public var transposition: Transposition { Transposition(transposed: prepared.transposed) }

    /// Lays out `data`: one record per section, one field per item.
    ///
    /// - Throws: `GridError` for a parameter out of range, a record with more
    ///   items than ``Configuration/fields``, a container size that is not finite and ≥ 0,
    ///   more than 2²⁸ fields transposed with a header column (their row headers' paths
    ///   would not fit an `ElementID`), a content size that is not finite, or
    ///   rows or columns thinner than two ulps of the content's extent (they could not be
    ///   told apart).
    /// - Complexity: O(R) time, O(1) memory.
    public mutating func prepare(data: DataShape, container: Size) throws(GridError) {
        let config = configuration
        try config.validate()
        try GridError.requireNonNegative(container.width, "container.width")
        try GridError.requireNonNegative(container.height, "container.height")
        var widest = 0
        var equal = true
        let first = data.itemCounts.first ?? 0
        for count in data.itemCounts {
            if count > widest { widest = count }
            if count != first { equal = false }
        }
        var fields = widest
        if let declared = config.fields {
            guard widest <= declared else {
                let record = data.itemCounts.firstIndex { $0 > declared } ?? 0
                throw .invalidData("itemCounts[\(record)]", data.itemCounts[record], expected: "at most fields = \(declared) items in a record")
            }
            fields = declared
        }
        // Transposed, each field is a display row, and a row header's path (row, 0) holds
        // at most 2²⁸ rows (ElementID's sections).
        if config.transposed && config.rowHeaderWidth > 0 && fields > ElementID.maxSection + 1 {
            throw .invalidParameter(
                "fields", fields,
                expected: "at most \(ElementID.maxSection + 1) fields when transposed with a header column (one row header per field)")
        }
        let uniform = equal && (data.sectionCount == 0 || first == fields)
        let records = data.sectionCount
        let rows = config.transposed ? fields : records
        let columns = config.transposed ? records : fields
        let rowTrack = Track(origin: config.headerHeight, size: config.rowHeight, count: rows)
        let columnTrack = Track(origin: config.rowHeaderWidth, size: config.columnWidth, count: columns)
        // Measured rows: in a Fenwick tree when their sums are exact, else as running sums.
        var rowTops: RowTops?, rowSums: RowSums?
        if config.itemSizing == .heights {
            let heights = RowTops.heights(data: data, config: config)
            if FenwickSums.isExact(origin: config.headerHeight, values: heights) {
                rowSums = RowSums(sums: FenwickSums(origin: config.headerHeight, values: heights))
            } else {
                rowTops = RowTops(origin: config.headerHeight, heights: heights)
            }
        }
        let content = Size(width: columnTrack.end, height: rowSums?.sums.end ?? rowTops?.tops[rows] ?? rowTrack.end)
        // An infinite extent names the larger of its two terms, the header or the slots.
        guard content.width.isFinite else {
            if config.rowHeaderWidth > Double(columns) * config.columnWidth {
                throw .invalidParameter(
                    "rowHeaderWidth", config.rowHeaderWidth,
                    expected: "a width small enough that hw + \(columns) columns of \(config.columnWidth) stays finite")
            }
            throw .invalidParameter(
                "columnWidth", config.columnWidth,
                expected: "a width small enough that \(columns) columns (hw + columns·cw) stay finite")
        }
        guard content.height.isFinite else {
            if config.itemSizing == .heights {
                throw .invalidData("itemHeights", content.height, expected: "heights small enough that the content height of \(rows) rows stays finite")
            }
            if config.headerHeight > Double(rows) * config.rowHeight {
                throw .invalidParameter(
                    "headerHeight", config.headerHeight,
                    expected: "a height small enough that hh + \(rows) rows of \(config.rowHeight) stays finite")
            }
            throw .invalidParameter(
                "rowHeight", config.rowHeight, expected: "a height small enough that \(rows) rows (hh + rows·rh) stay finite")
        }
        // Slots thinner than two ulps of the content's extent could start where the next
        // does, and have no extent at all (a header of 1e6, rows of 1e-10); from two ulps on,
        // consecutive starts differ.
        if columns > 0 && config.columnWidth < 2 * content.width.ulp {
            throw .invalidParameter(
                "columnWidth", config.columnWidth,
                expected: "a width of at least \(2 * content.width.ulp), two ulps of the content's width \(content.width), so that columns stay apart")
        }
        if rows > 0 && config.itemSizing != .heights && config.rowHeight < 2 * content.height.ulp {
            throw .invalidParameter(
                "rowHeight", config.rowHeight,
                expected: "a height of at least \(2 * content.height.ulp), two ulps of the content's height \(content.height), so that rows stay apart")
        }
        self.data = data
        self.fields = fields
        self.widest = widest
        self.uniform = uniform
        self.rowTrack = rowTrack
        self.rowTops = rowTops
        self.rowSums = rowSums
        self.columnTrack = columnTrack
        self.prepared = config
        self.contentSize = content
        self.isPrepared = true
        if self.declared.key != declarationKey { self.declared = Declared(declarationKey) }
    }

    public var traits: LayoutTraits {
        let declared = declarations
        var traits = LayoutTraits(
            cellsDoNotOverlap: true, lineHeight: prepared.rowHeight, lineWidth: prepared.columnWidth,
            scrollAxes: .both, supplementaries: declared.supplementaries, pinning: declared.pinning, tightness: tightness)
        // A measured field sets its record's row: the record's cells (its line) and what
        // follows move, the records before it do not.
        if prepared.itemSizing == .heights { traits.measurementLocality = .section }
        return traits
    }

    /// The supplementary paths and pin rules the traits declare: the header row, the header
    /// column and the corner, those the configuration in force has, over the rows and
    /// columns there are. Kept from prepare to prepare while they stay the same (a
    /// measurement, an edit of the fields' values), and made anew, in two arrays of their
    /// exact size, when they change: asking for the traits, as a viewport does after every
    /// prepare and a measuring viewport every measuring frame, allocates nothing.
    struct Declared: Sendable {
        /// What the declarations follow from.
        struct Key: Equatable, Sendable {
            var headerHeight: Double, rowHeaderWidth: Double, rows: Int, columns: Int, corner: Bool
        }

        /// `nil` before the first prepare: the traits are then made on every call.
        private(set) var key: Key?
        private(set) var supplementaries: [SupplementaryPaths] = []
        private(set) var pinning: [PinRule] = []

        init() {}

        init(_ key: Key) {
            self.key = key
            let hh = key.headerHeight, hw = key.rowHeaderWidth
            let kinds = (hh > 0 ? 1 : 0) + (hw > 0 ? 1 : 0) + (key.corner ? 1 : 0)
            guard kinds > 0 else { return }
            supplementaries.reserveCapacity(kinds)
            pinning.reserveCapacity(kinds + (key.corner ? 1 : 0))
            if hh > 0 {
                supplementaries.append(SupplementaryPaths(.columnHeader, .grid(sections: 1, items: key.columns)))
                pinning.append(PinRule(.columnHeader, along: .vertical, .band(start: 0, end: hh)))
            }
            if hw > 0 {
                supplementaries.append(SupplementaryPaths(.rowHeader, .grid(sections: key.rows, items: 1)))
                pinning.append(PinRule(.rowHeader, along: .horizontal, .band(start: 0, end: hw)))
            }
            if key.corner {
                supplementaries.append(SupplementaryPaths(.corner, .grid(sections: 1, items: 1)))
                pinning.append(PinRule(.corner, along: .vertical, .band(start: 0, end: hh)))
                pinning.append(PinRule(.corner, along: .horizontal, .band(start: 0, end: hw)))
            }
        }
    }

    /// What the declarations follow from, as the grid stands.
    private var declarationKey: Declared.Key {
        Declared.Key(
            headerHeight: prepared.headerHeight, rowHeaderWidth: prepared.rowHeaderWidth,
            rows: rowTrack.count, columns: columnTrack.count, corner: hasCorner)
    }

    /// The declarations as the grid stands: those kept at the last prepare.
    private var declarations: Declared {
        let key = declarationKey
        return declared.key == key ? declared : Declared(key)
    }

    /// Law 9 on both axes: the content ends with the last row and column that hold a frame,
    /// plus the rows and columns after them that hold none (a record with no fields and no
    /// header column; fields no record has and no header row). The header row and column
    /// are the leading insets, so a grid of no rows is still `hh` tall.
    /// - Complexity: O(t) for t trailing empty records.
    private var tightness: ContentTightness {
        let hh = prepared.headerHeight, hw = prepared.rowHeaderWidth
        var emptyRecords = 0
        while emptyRecords < data.sectionCount && data.itemCount(inSection: data.sectionCount - 1 - emptyRecords) == 0 {
            emptyRecords += 1
        }
        let emptyFields = fields - widest
        let (emptyRows, emptyColumns) = prepared.transposed ? (emptyFields, emptyRecords) : (emptyRecords, emptyFields)
        return ContentTightness(axes: .both, insets: ContentInsets(
            top: hh, left: hw,
            bottom: hw > 0 ? 0 : Double(emptyRows) * prepared.rowHeight,
            right: hh > 0 ? 0 : Double(emptyColumns) * prepared.columnWidth))
    }
}

// MARK: - Transposition

extension DataGrid {
    /// IGGridView's normalize and denormalize: the one mapping between a display position
    /// and the data path it shows, and its inverse.
    ///
    /// Not transposed, display row `r` and column `c` show record `r`, field `c`; transposed,
    /// record `c`, field `r`. ``path(row:column:)`` and ``position(of:)`` are inverses.
    public struct Transposition: Hashable, Sendable {
        public var transposed: Bool

        public init(transposed: Bool) { self.transposed = transposed }

        /// The data path `(record, field)` shown at display `(row, column)`.
        @inlinable
        public func path(row: Int, column: Int) -> ItemPath {
            transposed ? ItemPath(section: column, item: row) : ItemPath(section: row, item: column)
        }

        /// The display position of the data path `(record, field)`.
        @inlinable
        public func position(of path: ItemPath) -> (row: Int, column: Int) {
            transposed ? (path.item, path.section) : (path.section, path.item)
        }
    }
}

// MARK: - Frames and queries

extension DataGrid {
    /// The frame of the cell at display `(row, column)`.
    @inline(__always)
    func cellFrame(row: Int, column: Int) -> Rect {
        if let rowSums { return cellFrame(row: row, column: column, rows: rowSums) }
        if let rowTops { return cellFrame(row: row, column: column, rows: rowTops) }
        return cellFrame(row: row, column: column, rows: rowTrack)
    }

    @inline(__always)
    func cellFrame<Rows: GridSlots>(row: Int, column: Int, rows: Rows) -> Rect {
        Rect(x: columnTrack.start(column), y: rows.start(row), width: columnTrack.length(column), height: rows.length(row))
    }

    @inline(__always)
    func columnHeaderFrame(_ column: Int) -> Rect {
        Rect(x: columnTrack.start(column), y: 0, width: columnTrack.length(column), height: prepared.headerHeight)
    }

    @inline(__always)
    func rowHeaderFrame(_ row: Int) -> Rect {
        if let rowSums { return rowHeaderFrame(row, rows: rowSums) }
        if let rowTops { return rowHeaderFrame(row, rows: rowTops) }
        return rowHeaderFrame(row, rows: rowTrack)
    }

    @inline(__always)
    func rowHeaderFrame<Rows: GridSlots>(_ row: Int, rows: Rows) -> Rect {
        Rect(x: 0, y: rows.start(row), width: prepared.rowHeaderWidth, height: rows.length(row))
    }

    /// Whether the corner is placed: both headers present, and prepared.
    private var hasCorner: Bool { isPrepared && prepared.headerHeight > 0 && prepared.rowHeaderWidth > 0 }

    /// The number of fields record `record` holds.
    @inline(__always)
    private func fieldCount(_ record: Int) -> Int { uniform ? fields : data.itemCounts[record] }

    /// Appends, in `ElementID` order, every cell and header whose frame meets
    /// `rect`.
    ///
    /// - Complexity: O(k + 1) for k results: the display rows and columns the rect meets
    ///   are found by arithmetic.
    public func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        guard !rect.isEmpty else { return }
        if let rowSums { return elements(in: rect, rowSlots: rowSums, into: &buffer) }
        if let rowTops { return elements(in: rect, rowSlots: rowTops, into: &buffer) }
        elements(in: rect, rowSlots: rowTrack, into: &buffer)
    }

    /// ``elements(in:into:)`` over `rowSlots`, the display rows.
    @inline(__always)
    private func elements<Rows: GridSlots>(in rect: Rect, rowSlots: Rows, into buffer: inout [LayoutAttributes]) {
        let rows = rowSlots.range(rect.minY, rect.maxY)
        let columns = columnTrack.range(rect.minX, rect.maxX)
        let hh = prepared.headerHeight, hw = prepared.rowHeaderWidth
        let headerRow = hh > 0 && rect.minY < hh && rect.maxY > 0
        let headerColumn = hw > 0 && rect.minX < hw && rect.maxX > 0
        let transposed = prepared.transposed
        // Sections are records: display rows, or display columns when transposed.
        let cellSections = transposed ? columns : rows
        let cellsWanted = !rows.isEmpty && !columns.isEmpty
        let rowHeaderSections = headerColumn ? rows : 0..<0

        // Section 0: its cells, the column headers, the row header of row 0, the corner.
        if cellsWanted && cellSections.lowerBound == 0 { appendCells(ofRecord: 0, rows: rows, columns: columns, rowSlots: rowSlots, into: &buffer) }
        if headerRow {
            var column = columns.lowerBound
            while column < columns.upperBound {
                buffer.append(LayoutAttributes(kind: .columnHeader, path: ItemPath(section: 0, item: column), frame: columnHeaderFrame(column)))
                column += 1
            }
        }
        if rowHeaderSections.lowerBound == 0 && !rowHeaderSections.isEmpty {
            buffer.append(LayoutAttributes(kind: .rowHeader, path: ItemPath(section: 0, item: 0), frame: rowHeaderFrame(0, rows: rowSlots)))
        }
        if headerRow && headerColumn && isPrepared {
            buffer.append(LayoutAttributes(kind: .corner, path: ItemPath(section: 0, item: 0), frame: Rect(x: 0, y: 0, width: hw, height: hh)))
        }
        // Sections from 1: the records' cells and the row headers, merged in section order.
        let a = cellsWanted ? cellSections : 0..<0
        let b = rowHeaderSections
        // Transposed, the two ranges differ (records are columns, row headers rows): a
        // range that is used up must not match the section of the other.
        var i = max(a.lowerBound, 1), j = max(b.lowerBound, 1)
        while i < a.upperBound || j < b.upperBound {
            let nextCells = i < a.upperBound ? i : Int.max, nextHeader = j < b.upperBound ? j : Int.max
            let section = min(nextCells, nextHeader)
            if section == nextCells {
                appendCells(ofRecord: section, rows: rows, columns: columns, rowSlots: rowSlots, into: &buffer)
                i += 1
            }
            if section == nextHeader {
                buffer.append(LayoutAttributes(kind: .rowHeader, path: ItemPath(section: section, item: 0), frame: rowHeaderFrame(section, rows: rowSlots)))
                j += 1
            }
        }
    }

    /// The cells of `record` within the display `rows` and `columns`, in field order.
    @inline(__always)
    private func appendCells<Rows: GridSlots>(ofRecord record: Int, rows: Range<Int>, columns: Range<Int>, rowSlots rowTrack: Rows, into buffer: inout [LayoutAttributes]) {
        let count = fieldCount(record)
        if prepared.transposed {
            let column = record
            let x = columnTrack.start(column), width = columnTrack.length(column)
            var row = rows.lowerBound
            let end = min(rows.upperBound, count)
            var y = rowTrack.start(row)
            while row < end {
                let next = rowTrack.start(after: row, from: y)
                buffer.append(.cell(
                    ItemPath(section: record, item: row),
                    frame: Rect(x: x, y: y, width: width, height: rowTrack.length(row, start: y, next: next))))
                y = next
                row += 1
            }
        } else {
            let row = record
            let y = rowTrack.start(row), height = rowTrack.length(row)
            var column = columns.lowerBound
            let end = min(columns.upperBound, count)
            var x = columnTrack.start(column)
            while column < end {
                let next = columnTrack.start(column + 1)
                buffer.append(.cell(
                    ItemPath(section: record, item: column),
                    frame: Rect(x: x, y: y, width: columnTrack.length(column, start: x, next: next), height: height)))
                x = next
                column += 1
            }
        }
    }

    /// - Complexity: O(1).
    public func attributes(at path: ItemPath) -> LayoutAttributes? {
        guard data.contains(path) else { return nil }
        let position = transposition.position(of: path)
        return .cell(path, frame: cellFrame(row: position.row, column: position.column))
    }

    /// Column headers at `(0, column)`, row headers at `(row, 0)`, the corner at `(0, 0)`.
    /// - Complexity: O(1).
    public func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? {
        let hh = prepared.headerHeight, hw = prepared.rowHeaderWidth
        switch kind {
        case .columnHeader where hh > 0 && path.section == 0 && path.item >= 0 && path.item < columnTrack.count:
            return LayoutAttributes(kind: kind, path: path, frame: columnHeaderFrame(path.item))
        case .rowHeader where hw > 0 && path.item == 0 && path.section >= 0 && path.section < rowTrack.count:
            return LayoutAttributes(kind: kind, path: path, frame: rowHeaderFrame(path.section))
        case .corner where hasCorner && path.section == 0 && path.item == 0:
            return LayoutAttributes(kind: kind, path: path, frame: Rect(x: 0, y: 0, width: hw, height: hh))
        default:
            return nil
        }
    }

    /// The display row and column of the cell at `path`.
    /// - Complexity: O(1).
    public func gridPlacement(of path: ItemPath) -> GridPlacement? {
        guard data.contains(path) else { return nil }
        let position = transposition.position(of: path)
        return GridPlacement(row: position.row, column: position.column)
    }
}

// MARK: - Enumeration in scroll order

extension DataGrid: ScrollOrderedEnumeration {
    /// Writes every element into `sink`, display row by display row: the header row (the
    /// corner, then the column headers), then each row's header and its cells, left to
    /// right; frames as the rect queries make them.
    ///
    /// That is the cache's order, band by band; where a header row shorter than a row
    /// shares its band with the first row, the sink sorts that band by x. The column
    /// headers and each row's cells share a top, a height and the columns' x and widths,
    /// so they go to the sink as rows (`ElementSink.appendRow(_:from:along:y:height:xs:widths:)`),
    /// for up to 4,096 columns; wider grids and ragged transposed rows go cell by cell.
    ///
    /// - Complexity: O(R·F): one pass, nothing searched, nothing sorted.
    public func enumerateElements(into sink: inout ElementSink) {
        guard isPrepared else { return }
        if let rowSums { return enumerateElements(into: &sink, rowSlots: rowSums) }
        if let rowTops { return enumerateElements(into: &sink, rowSlots: rowTops) }
        enumerateElements(into: &sink, rowSlots: rowTrack)
    }

    /// ``enumerateElements(into:)`` over `rowSlots`, the display rows.
    private func enumerateElements<Rows: GridSlots>(into sink: inout ElementSink, rowSlots rowTrack: Rows) {
        let hh = prepared.headerHeight, hw = prepared.rowHeaderWidth
        let rows = rowTrack.count, columns = columnTrack.count
        if hasCorner { sink.append(.corner, ItemPath(section: 0, item: 0), Rect(x: 0, y: 0, width: hw, height: hh)) }
        let transposed = prepared.transposed, transposition = self.transposition
        // Every row's cells share the columns' x and width, worked out once, as a rect
        // query does. A transposed row shows a field of every record only when every
        // record has all the fields; otherwise its cells are placed one by one.
        let tabled = columns <= 4_096
        let columnXs = tabled ? (0..<columns).map { columnTrack.start($0) } : []
        let columnWidths = tabled ? (0..<columns).map { columnTrack.length($0) } : []
        let rowsTabled = tabled && (!transposed || uniform)
        columnXs.withUnsafeBufferPointer { xs in
            columnWidths.withUnsafeBufferPointer { widths in
                if hh > 0 {
                    if tabled {
                        sink.appendRow(.columnHeader, from: ItemPath(section: 0, item: 0), along: .items, y: 0, height: hh, xs: xs, widths: widths)
                    } else {
                        var column = 0
                        while column < columns {
                            sink.append(.columnHeader, ItemPath(section: 0, item: column), columnHeaderFrame(column))
                            column += 1
                        }
                    }
                }
                var row = 0
                var y = rowTrack.start(0)
                while row < rows && !sink.isStopped {
                    let next = rowTrack.start(after: row, from: y)
                    let height = rowTrack.length(row, start: y, next: next)
                    if hw > 0 { sink.append(.rowHeader, ItemPath(section: row, item: 0), rowHeaderFrame(row, rows: rowTrack)) }
                    // Not transposed, the row is a record and its cells its fields; transposed, the
                    // row is a field, shown by every record that has it.
                    let end = transposed ? columns : min(columns, fieldCount(row))
                    if rowsTabled {
                        sink.appendRow(
                            .cell, from: transposition.path(row: row, column: 0), along: transposed ? .sections : .items, y: y,
                            height: height, xs: UnsafeBufferPointer(rebasing: xs[..<end]), widths: UnsafeBufferPointer(rebasing: widths[..<end]))
                    } else {
                        var column = 0
                        while column < end {
                            if !transposed || row < fieldCount(column) {
                                sink.append(.cell, transposition.path(row: row, column: column), cellFrame(row: row, column: column, rows: rowTrack))
                            }
                            column += 1
                        }
                    }
                    y = next
                    row += 1
                }
            }
        }
    }
}
