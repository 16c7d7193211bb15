import GridCore

extension SpanGrid {
    /// Proton's grid as a value: column widths, row heights, merged cells and frozen rows
    /// and columns. Merging, splitting, inserting and deleting rows and columns edit it
    /// (``apply(_:)``); every frame follows from it.
    ///
    /// It is kept canonical, so that two configurations that lay out alike are equal:
    /// rows as runs with no two neighbours of one height, merges sorted by anchor (row,
    /// then column).
    public struct Configuration: Hashable, Sendable {
        /// The columns, left to right: each resolved against the container's width.
        public var columns: [ColumnWidth]
        /// The row heights, top to bottom, in runs.
        public internal(set) var rows: [RowRun]
        /// The merged cells, each covering at least two slots, sorted by anchor.
        public internal(set) var merges: [GridPlacement]
        /// The number of rows, from the top, pinned along y, `0 ≤ frozenRows ≤ rowCount`.
        public var frozenRows: Int
        /// The number of columns, from the left, pinned along x.
        public var frozenColumns: Int
        /// The cells' content heights, each named by its cell's anchor slot, sorted by anchor;
        /// a cell without one (or with 0) has none. See ``ContentHeight`` for the rule.
        public internal(set) var contentHeights: [ContentHeight]

        /// A configuration as given; ``validate()`` checks it (and `prepare` does).
        /// `contentHeights` name cells by their anchor slots; content heights of 0 are left out.
        public init(
            columns: [ColumnWidth], rows: [RowRun], merges: [GridPlacement] = [], frozenRows: Int = 0, frozenColumns: Int = 0,
            contentHeights: [ContentHeight] = []
        ) {
            self.columns = columns
            self.rows = RowRun.canonical(rows)
            self.merges = merges.sorted(by: Self.anchorOrder)
            self.frozenRows = frozenRows
            self.frozenColumns = frozenColumns
            self.contentHeights = contentHeights.filter { $0.height != 0 }.sorted { ($0.row, $0.column) < ($1.row, $1.column) }
        }

        /// The number of rows.
        public var rowCount: Int { rows.reduce(0) { $0 + $1.count } }
        /// The number of columns.
        public var columnCount: Int { columns.count }

        /// The height of row `row`, or `nil` when there is no such row.
        /// - Complexity: O(runs).
        public func height(ofRow row: Int) -> Double? {
            guard row >= 0 else { return nil }
            var first = 0
            for run in rows {
                if row < first + run.count { return run.height }
                first += run.count
            }
            return nil
        }

        static func anchorOrder(_ a: GridPlacement, _ b: GridPlacement) -> Bool {
            (a.row, a.column) < (b.row, b.column)
        }

        /// The index of the first merge in `merges` (in anchor order) anchored at `(row, column)`
        /// or after it: where a merge anchored there goes. `column` `Int.min` gives the first
        /// merge anchored in row `row` or below. - Complexity: O(log M).
        static func firstIndex(anchoredAtOrAfter row: Int, _ column: Int, in merges: [GridPlacement]) -> Int {
            var low = 0, high = merges.count
            while low < high {
                let mid = (low + high) >> 1
                if (merges[mid].row, merges[mid].column) < (row, column) { low = mid + 1 } else { high = mid }
            }
            return low
        }

        /// Whether `merges` are in anchor order already (as an edit that only moves rows or
        /// columns leaves them). - Complexity: O(M).
        static func isSortedByAnchor(_ merges: [GridPlacement]) -> Bool {
            var index = 1
            while index < merges.count {
                if anchorOrder(merges[index], merges[index - 1]) { return false }
                index += 1
            }
            return true
        }

        /// A small grid in the manner of Proton's demo: a frozen header row and name column,
        /// fixed, fractional and viewport-relative columns, two merged cells.
        public static let example = Configuration(
            columns: [
                ColumnWidth(.fixed(120)), ColumnWidth(.fractional(0.25), min: 60, max: 160),
                ColumnWidth(.viewport(padding: 200), min: 80, max: 400), ColumnWidth(.fixed(90)),
            ],
            rows: [RowRun(count: 1, height: 36), RowRun(count: 11, height: 44)],
            merges: [GridPlacement(row: 0, column: 1, rowSpan: 1, columnSpan: 2), GridPlacement(row: 2, column: 2, rowSpan: 3, columnSpan: 2)],
            frozenRows: 1, frozenColumns: 1)

        // MARK: Validation

        /// Checks every parameter that does not depend on the container: at least one row
        /// and one column, each column's base, `min` and `max`, each run of rows, the frozen
        /// counts, and the merged cells (in range, at least two slots, not across a frozen
        /// boundary, no two overlapping).
        ///
        /// - Throws: `GridError` naming the field with its index:
        ///   `columns[3].min`, `rows[1].height`, `merges[2]`, `frozenRows`.
        /// - Complexity: O(C + runs + M log M + M·C).
        public func validate() throws(GridError) {
            try validate(checkingMerges: true)
        }

        /// ``validate()``, leaving out the merged cells when `checkingMerges` is `false`: an
        /// edit (``apply(_:)``) checks the merged cells it makes and moves, so that a grid
        /// edited on screen does not check every merged cell again at every edit.
        func validate(checkingMerges: Bool) throws(GridError) {
            guard !columns.isEmpty else { throw .invalidParameter("columns", "[]", expected: "at least one column") }
            for (index, column) in columns.enumerated() { try column.validate("columns[\(index)]") }
            guard !rows.isEmpty else { throw .invalidParameter("rows", "[]", expected: "at least one row") }
            var total = 0
            for (index, run) in rows.enumerated() {
                try run.validate("rows[\(index)]")
                total += run.count
                guard total <= SpanGrid.maxRows else {
                    throw .invalidParameter("rows", total, expected: "at most \(SpanGrid.maxRows) rows in all")
                }
            }
            guard frozenRows >= 0, frozenRows <= total else {
                throw .invalidParameter("frozenRows", frozenRows, expected: "a number of rows in 0...\(total)")
            }
            guard frozenColumns >= 0, frozenColumns <= columns.count else {
                throw .invalidParameter("frozenColumns", frozenColumns, expected: "a number of columns in 0...\(columns.count)")
            }
            if checkingMerges {
                try Self.validateMerges(merges, rows: total, columns: columns.count, frozenRows: frozenRows, frozenColumns: frozenColumns)
                try validateContentHeights(rows: total)
            }
        }

        /// Checks the content heights: each finite and ≥ 0, at a cell's anchor slot, one per
        /// cell. (An edit checks the one it sets.)
        /// - Complexity: O(K log M) for K content heights.
        func validateContentHeights(rows: Int) throws(GridError) {
            for (index, content) in contentHeights.enumerated() {
                var name: String { "contentHeights[\(index)]" }
                guard content.row >= 0, content.row < rows else {
                    throw .invalidParameter(name + ".row", content.row, expected: "a row in 0..<\(rows)")
                }
                guard content.column >= 0, content.column < columns.count else {
                    throw .invalidParameter(name + ".column", content.column, expected: "a column in 0..<\(columns.count)")
                }
                try GridError.requireNonNegative(content.height, name + ".height")
                if index > 0 && contentHeights[index - 1].row == content.row && contentHeights[index - 1].column == content.column {
                    throw .invalidParameter(name, "(\(content.row), \(content.column))", expected: "one content height per cell")
                }
                if let m = mergedCell(covering: content.row, content.column), m.row != content.row || m.column != content.column {
                    throw .invalidParameter(
                        name, "(\(content.row), \(content.column))",
                        expected: "a cell's anchor slot: the merged cell \(SpanGrid.describe(m)) is named by (\(m.row), \(m.column))")
                }
            }
        }

        /// The merged cell covering slot `(row, column)`, or `nil` for a single cell.
        /// - Complexity: O(log M + the merged cells anchored in `row`'s band above it), at most O(M).
        func mergedCell(covering row: Int, _ column: Int) -> GridPlacement? {
            // Merges are disjoint and sorted by anchor: the ones anchored at or before the slot.
            var index = Self.firstIndex(anchoredAtOrAfter: row, column + 1, in: merges)
            while index > 0 {
                index -= 1
                let m = merges[index]
                if m.covers(row: row, column: column) { return m }
            }
            return nil
        }

        /// The merged cell anchored exactly at `(row, column)`, or `nil`.
        /// - Complexity: O(log M).
        func mergedCell(anchoredAt row: Int, _ column: Int) -> GridPlacement? {
            let index = Self.firstIndex(anchoredAtOrAfter: row, column, in: merges)
            guard index < merges.count, merges[index].row == row, merges[index].column == column else { return nil }
            return merges[index]
        }

        // MARK: Row heights as laid out

        /// The heights of the rows as laid out, in runs: each row's configured height, grown
        /// to the content heights of the cells lying in that row alone; then the merged cells
        /// spanning rows, by increasing row span (ties: anchor row, then column), each growing
        /// its last row by what its content height exceeds the sum (top to bottom) of the
        /// heights of its rows; no row beyond its `maxHeight` (content beyond it is clipped).
        ///
        /// - Complexity: O(runs + K log K + K log runs + S log runs) for K content heights and
        ///   S rows spanned by merged cells with content; O(runs) without content heights.
        func laidOutRowRuns() -> [(count: Int, size: Double)] {
            if contentHeights.isEmpty { return rows.map { ($0.count, $0.height) } }
            let firsts = RowRun.firsts(of: rows)
            func run(of row: Int) -> RowRun { rows[RowRun.index(holding: row, firsts: firsts)] }
            var grown: [Int: Double] = [:]
            var spanning: [(cell: GridPlacement, height: Double)] = []
            for content in contentHeights {
                if let m = mergedCell(anchoredAt: content.row, content.column), m.rowSpan > 1 {
                    spanning.append((m, content.height))
                    continue
                }
                let configured = run(of: content.row)
                let height = min(content.height, configured.maxHeight ?? .infinity)
                if height > grown[content.row] ?? configured.height { grown[content.row] = height }
            }
            spanning.sort { ($0.cell.rowSpan, $0.cell.row, $0.cell.column) < ($1.cell.rowSpan, $1.cell.row, $1.cell.column) }
            for (cell, height) in spanning {
                var sum = 0.0
                for row in cell.row..<(cell.row + cell.rowSpan) { sum += grown[row] ?? run(of: row).height }
                guard height > sum else { continue }
                let last = cell.row + cell.rowSpan - 1
                let configured = run(of: last)
                grown[last] = min((grown[last] ?? configured.height) + (height - sum), configured.maxHeight ?? .infinity)
            }
            var result: [(count: Int, size: Double)] = []
            result.reserveCapacity(rows.count + 2 * grown.count)
            let changed = grown.keys.sorted()
            var next = 0
            for (index, run) in rows.enumerated() {
                var row = firsts[index]
                let end = firsts[index + 1]
                while next < changed.count && changed[next] < end {
                    let at = changed[next]
                    if at > row { result.append((at - row, run.height)) }
                    result.append((1, grown[at]!))
                    row = at + 1
                    next += 1
                }
                if end > row { result.append((end - row, run.height)) }
            }
            return result
        }

        /// Checks merged cells as given (their indices name them in errors).
        static func validateMerges(
            _ merges: [GridPlacement], rows: Int, columns: Int, frozenRows: Int, frozenColumns: Int, field: String = "merges"
        ) throws(GridError) {
            for (index, m) in merges.enumerated() {
                // Named only when refused: the check runs on every edit, over every merged cell.
                var name: String { "\(field)[\(index)]" }
                guard m.row >= 0, m.row < rows else { throw .invalidParameter(name + ".row", m.row, expected: "a row in 0..<\(rows)") }
                guard m.column >= 0, m.column < columns else {
                    throw .invalidParameter(name + ".column", m.column, expected: "a column in 0..<\(columns)")
                }
                guard m.rowSpan >= 1, m.rowSpan <= rows - m.row else {
                    throw .invalidParameter(name + ".rowSpan", m.rowSpan, expected: "a span in 1...\(rows - m.row) (rows \(m.row)… must exist)")
                }
                guard m.columnSpan >= 1, m.columnSpan <= columns - m.column else {
                    throw .invalidParameter(
                        name + ".columnSpan", m.columnSpan, expected: "a span in 1...\(columns - m.column) (columns \(m.column)… must exist)")
                }
                guard m.rowSpan > 1 || m.columnSpan > 1 else {
                    throw .invalidParameter(name, SpanGrid.describe(m), expected: "a merged cell of at least two slots (a single slot is a single cell)")
                }
                if let reason = crossesFrozenBoundary(m, frozenRows: frozenRows, frozenColumns: frozenColumns) {
                    throw .invalidParameter(name, SpanGrid.describe(m), expected: "a merged cell on one side of the frozen boundary (\(reason))")
                }
            }
            // No overlap: a sweep down the rows in anchor order, keeping the merges that
            // cross the current row (disjoint, so at most one per column). A configuration
            // keeps its merges in that order; sorted here only when given otherwise.
            let order = isSortedByAnchor(merges) ? Array(merges.indices) : merges.indices.sorted { anchorOrder(merges[$0], merges[$1]) }
            var active: [Int] = []
            for index in order {
                let m = merges[index]
                MergeBands.keepCrossing(row: m.row, &active, merges)
                for other in active {
                    let o = merges[other]
                    if o.column < m.column + m.columnSpan && m.column < o.column + o.columnSpan {
                        throw .invalidParameter(
                            "\(field)[\(index)]", SpanGrid.describe(m),
                            expected: "a merged cell that overlaps no other; it overlaps \(field)[\(other)] (\(SpanGrid.describe(o)))")
                    }
                }
                active.append(index)
            }
        }

        /// Why `m` crosses a frozen boundary, or `nil` when it does not.
        static func crossesFrozenBoundary(_ m: GridPlacement, frozenRows: Int, frozenColumns: Int) -> String? {
            if m.row < frozenRows && m.row + m.rowSpan > frozenRows { return "rows 0..<\(frozenRows) are frozen" }
            if m.column < frozenColumns && m.column + m.columnSpan > frozenColumns { return "columns 0..<\(frozenColumns) are frozen" }
            return nil
        }

        // MARK: The cells

        /// The data this configuration lays out: a section per row, holding the cells
        /// anchored in that row (see ``SpanGrid``): `columnCount` for a row no merged cell
        /// touches.
        ///
        /// - Throws: `GridError` for an invalid configuration (see
        ///   ``validate()``), or more than 2³¹ − 1 cells in all.
        /// - Complexity: O(C + runs + M log M + M·C), however many rows the runs hold.
        public func dataShape() throws(GridError) -> DataShape {
            try validate()
            let bands = MergeBands(merges: merges, rows: rowCount, columns: columns.count)
            return try bands.dataShape(rows: rowCount, columns: columns.count)
        }
    }

    /// The width of a column: a base (fixed, a share of the container's width, or the
    /// container's width less a padding), clamped to `[min, max]`, honouring both
    /// (Proton's `GridColumnConfiguration` returns as soon as it has applied `min`, and
    /// forgets `max`).
    public struct ColumnWidth: Hashable, Sendable {
        public enum Base: Hashable, Sendable {
            /// `w` points.
            case fixed(Double)
            /// `f` × the container's width.
            case fractional(Double)
            /// The container's width less `padding`.
            case viewport(padding: Double)
        }

        public var base: Base
        public var min: Double?
        public var max: Double?

        public init(_ base: Base, min: Double? = nil, max: Double? = nil) {
            self.base = base
            self.min = min
            self.max = max
        }

        /// The base value in a container `containerWidth` wide, clamped to `[min, max]`.
        public func resolved(containerWidth: Double) -> Double {
            var width: Double
            switch base {
            case .fixed(let w): width = w
            case .fractional(let f): width = f * containerWidth
            case .viewport(let padding): width = containerWidth - padding
            }
            if let min, width < min { width = min }
            if let max, width > max { width = max }
            return width
        }

        /// Checks what does not depend on the container.
        /// - Throws: `GridError` naming `field.fixed`, `.fractional`,
        ///   `.viewport.padding`, `.min` or `.max`.
        public func validate(_ field: @autoclosure () -> String) throws(GridError) {
            switch base {
            case .fixed(let w): try GridError.requirePositive(w, field() + ".fixed")
            case .fractional(let f): try GridError.requirePositive(f, field() + ".fractional")
            case .viewport(let padding): try GridError.requireNonNegative(padding, field() + ".viewport.padding")
            }
            if let min { try GridError.requireNonNegative(min, field() + ".min") }
            if let max { try GridError.requirePositive(max, field() + ".max") }
            if let min, let max, min > max {
                throw .invalidParameter(field() + ".min", min, expected: "a minimum ≤ max (\(max))")
            }
        }
    }

    /// `count` rows of one height: the height each row has at least (Proton's
    /// `initialHeight`), grown by its cells' content heights up to `maxHeight`, if any.
    public struct RowRun: Hashable, Sendable {
        public var count: Int
        public var height: Double
        /// The most a row grows to; content beyond it is clipped, not laid out.
        public var maxHeight: Double?

        public init(count: Int, height: Double, maxHeight: Double? = nil) {
            self.count = count
            self.height = height
            self.maxHeight = maxHeight
        }

        func validate(_ field: @autoclosure () -> String) throws(GridError) {
            guard count >= 1, count <= SpanGrid.maxRows else {
                throw .invalidParameter(field() + ".count", count, expected: "a number of rows in 1...\(SpanGrid.maxRows)")
            }
            try GridError.requirePositive(height, field() + ".height")
            if let maxHeight {
                guard maxHeight.isFinite, maxHeight >= height else {
                    throw .invalidParameter(field() + ".maxHeight", maxHeight, expected: "a finite maximum ≥ the row's height \(height)")
                }
            }
        }

        /// The first row of each of `runs`, then the number of rows. - Complexity: O(runs).
        static func firsts(of runs: [RowRun]) -> [Int] {
            var firsts: [Int] = []
            firsts.reserveCapacity(runs.count + 1)
            var first = 0
            for run in runs {
                firsts.append(first)
                first += run.count
            }
            firsts.append(first)
            return firsts
        }

        /// The index of the run holding `row` (`0 ≤ row < firsts.last`), given the runs'
        /// ``firsts(of:)``. - Complexity: O(log runs).
        static func index(holding row: Int, firsts: [Int]) -> Int {
            var low = 0, high = firsts.count - 1  // firsts[low] ≤ row < firsts[high]
            while high - low > 1 {
                let mid = (low + high) >> 1
                if firsts[mid] <= row { low = mid } else { high = mid }
            }
            return low
        }

        /// Neighbouring runs of one height joined (heights compared bit for bit), in order.
        /// Runs of no rows are kept where they are so that validation can name them.
        static func canonical(_ runs: [RowRun]) -> [RowRun] {
            var result: [RowRun] = []
            result.reserveCapacity(runs.count)
            for run in runs {
                if run.count > 0, let last = result.last, last.count > 0, last.height.bitPattern == run.height.bitPattern,
                   last.maxHeight?.bitPattern == run.maxHeight?.bitPattern,
                   last.count <= SpanGrid.maxRows, run.count <= SpanGrid.maxRows {
                    result[result.count - 1].count += run.count
                } else {
                    result.append(run)
                }
            }
            return result
        }
    }
}

extension SpanGrid {
    /// The content height of the cell anchored at `(row, column)`: the height its editor's
    /// content takes as typed (none at first).
    ///
    /// A row's height is the largest of its configured height (a minimum, as Proton's
    /// `initialHeight`) and the content heights of the cells lying in that row alone; then
    /// the merged cells spanning rows, by increasing row span (ties: anchor row, then
    /// column): where one's content height exceeds the sum of its rows' heights (added top to
    /// bottom), its last row grows by the difference. A row's `maxHeight` caps it.
    public struct ContentHeight: Hashable, Sendable, Codable {
        public var row: Int
        public var column: Int
        public var height: Double

        public init(row: Int, column: Int, height: Double) {
            self.row = row
            self.column = column
            self.height = height
        }
    }
}

extension GridPlacement {
    /// Whether the slot `(row, column)` lies in this rectangle of slots.
    @inlinable
    public func covers(row: Int, column: Int) -> Bool {
        row >= self.row && row < self.row + rowSpan && column >= self.column && column < self.column + columnSpan
    }
}
