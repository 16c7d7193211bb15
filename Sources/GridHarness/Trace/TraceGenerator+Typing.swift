import GridCore
import GridLayouts

extension TraceGenerator {
    /// The height of a line of typed text, in points: a cell's content height is its lines
    /// times this plus ``typingInsets``.
    public static let typingLineHeight = 20.0
    /// The cell editor's insets above and below its text together, in points: one line is
    /// 28 points high, two 48, three 68.
    public static let typingInsets = 8.0
    /// The frames between two keystrokes, as a share of a second: 0.10 to 0.15, on average
    /// 0.125 (8 keystrokes a second).
    public static let typingGapSeconds = 0.10...0.15

    /// The content height of a cell holding `characters` characters at `perLine` a line:
    /// 0 (no content) for no text.
    public static func typingContentHeight(characters: Int, perLine: Int) -> Double {
        guard characters > 0, perLine > 0 else { return 0 }
        return Double((characters + perLine - 1) / perLine) * typingLineHeight + typingInsets
    }

    /// What the typist has written so far: characters per cell (by anchor slot) and the
    /// characters a line holds there.
    struct Typist {
        var characters: [SpanGrid.Slot: Int] = [:]
        var perLine: [SpanGrid.Slot: Int] = [:]
        /// The shortest and longest gap between keystrokes, in frames.
        let gap: ClosedRange<Int>

        init(refreshHz: Int) {
            let low = max(1, Int((TraceGenerator.typingGapSeconds.lowerBound * Double(refreshHz)).rounded()))
            let high = max(low, Int((TraceGenerator.typingGapSeconds.upperBound * Double(refreshHz)).rounded()))
            gap = low...high
        }

        /// The characters a line holds in `cell`, chosen once per cell: 27 to 33.
        mutating func lineLength(_ cell: SpanGrid.Slot, _ random: inout SeededRandom) -> Int {
            if let known = perLine[cell] { return known }
            let chosen = random.integer(27...33)
            perLine[cell] = chosen
            return chosen
        }
    }

    /// A user's typing session over a span grid, then more sessions until `seconds`:
    ///
    /// 1. in the frozen row (a cell right of the frozen column), the grid still;
    /// 2. in the frozen column (below the frozen row), scrolling slowly down;
    /// 3. a program pastes four lines into a cell at least 300 points below the view;
    /// 4. in a merged cell (one spanning rows if any is near), scrolled to when none is in view;
    /// 5. Proton's case, when the grid is wider than the view: the view glides to the right
    ///    edge, three lines are pasted into a single cell of a row in view there, the view
    ///    glides back to the left edge, and a single cell of that row in view is typed in
    ///    past the pasted cell's height and deleted back below it;
    /// 6. sessions in cells in view, the grid still and scrolling slowly in turn.
    ///
    /// A session starts in a cell holding part of a line (or what it holds already), types
    /// until one or two lines more, and deletes past where it started; each keystroke is a
    /// `cell-content` event carrying the cell's content height.
    func typing(_ builder: inout TraceBuilder, _ random: inout SeededRandom, seconds: Double, refreshHz: Int) throws(GridError) {
        guard let grid = builder.spanGrid else {
            throw .invalidParameter("layout", spec.layoutName, expected: "a span grid data set (layout span-grid) for the kind typing")
        }
        let configuration = grid.prepared
        let frozenRows = configuration.frozenRows, frozenColumns = configuration.frozenColumns
        var typist = Typist(refreshHz: refreshHz)
        let still = (x: 0.0, y: 0.0)
        func slow(_ random: inout SeededRandom) -> (x: Double, y: Double) {
            (0, random.uniform(15...35) * (random.integer(0...1) == 0 ? 1 : -1))
        }
        func pick(_ cells: [GridPlacement], _ random: inout SeededRandom) -> GridPlacement? {
            cells.isEmpty ? nil : cells[random.integer(0...(cells.count - 1))]
        }
        let view = builder.visibleRect
        builder.hold(0.3)

        // 1. The frozen row, right of the frozen column.
        if let cell = pick(builder.cells(in: view).map(\.placement).filter { $0.row < frozenRows && $0.column >= frozenColumns }, &random) {
            try session(&builder, &random, &typist, cell: cell, velocity: still, lines: 1)
            builder.hold(random.uniform(0.4...0.8))
        }
        // 2. The frozen column, below the frozen row, in the upper half of the view.
        let upper = Rect(x: view.minX, y: view.minY, width: view.width, height: view.height / 2)
        if let cell = pick(builder.cells(in: upper).map(\.placement).filter { $0.column < frozenColumns && $0.row >= frozenRows }, &random) {
            try session(&builder, &random, &typist, cell: cell, velocity: (0, random.uniform(15...35)), lines: 1)
            builder.hold(random.uniform(0.4...0.8))
        }
        // 3. A program pastes into a cell scrolled out of view, below it.
        let below = Rect(x: builder.x, y: builder.y + builder.viewport.height + 300, width: builder.viewport.width, height: 300)
        if let cell = pick(builder.cells(in: below).map(\.placement).filter { $0.row >= frozenRows && $0.column >= frozenColumns }, &random) {
            try paste(&builder, &typist, &random, cell: cell, lines: 4)
            builder.hold(random.uniform(0.4...0.8))
        }
        // 4. A merged cell: one in view, or the nearest below, scrolled to a third of the way down.
        try mergedSession(&builder, &random, &typist, frozenRows: frozenRows, frozenColumns: frozenColumns)
        // 5. Proton's case.
        try protonCase(&builder, &random, &typist, frozenRows: frozenRows, frozenColumns: frozenColumns)
        // 6. Cells in view, the grid still and scrolling slowly in turn.
        var moving = true
        while builder.seconds < seconds && !builder.isOverLimit {
            let rect = builder.visibleRect
            let inner = Rect(x: rect.minX, y: rect.minY + rect.height / 4, width: rect.width, height: rect.height / 2)
            guard let cell = pick(builder.cells(in: inner).map(\.placement).filter { $0.row >= frozenRows && $0.column >= frozenColumns }, &random)
            else { builder.hold(0.5); continue }
            try session(&builder, &random, &typist, cell: cell, velocity: moving ? slow(&random) : still, lines: random.integer(1...2))
            moving.toggle()
            builder.hold(random.uniform(0.4...1.0))
        }
    }

    /// Types into `cell` until it holds `lines` lines more than it did, then deletes past
    /// where it started (with `back`, into the line `back` lines above the one it started
    /// in), one keystroke every ``Typist/gap`` frames while the view moves at `velocity`.
    private func session(
        _ builder: inout TraceBuilder, _ random: inout SeededRandom, _ typist: inout Typist, cell: GridPlacement,
        velocity: (x: Double, y: Double), lines: Int, back: Int = 0
    ) throws(GridError) {
        let slot = SpanGrid.Slot(row: cell.row, column: cell.column)
        let perLine = typist.lineLength(slot, &random)
        // A cell without text yet holds part of the line before the one that fills it, so
        // that the session's first new line grows its row.
        let filling = builder.frame(ofCell: cell).map { Int((($0.height - Self.typingInsets) / Self.typingLineHeight).rounded(.down)) + 1 } ?? 2
        let start = typist.characters[slot] ?? (max(0, filling - 2) * perLine + random.integer((perLine / 2)...(perLine - 4)))
        // The first character of the line `lines` below the start's last line, and a few more.
        let startLines = (start + perLine - 1) / perLine
        let typed = (startLines + lines - 1) * perLine + 1 - start + random.integer(2...8)
        let end = back > 0 ? max(0, (startLines - back) * perLine - random.integer(2...8)) : max(0, start - random.integer(2...8))
        let deleted = start + typed - end
        var characters = start
        for keystroke in 0..<(typed + deleted) {
            for _ in 0..<random.integer(typist.gap) { builder.step(velocity: velocity) }
            characters += keystroke < typed ? 1 : -1
            try key(&builder, slot, height: Self.typingContentHeight(characters: characters, perLine: perLine))
        }
        typist.characters[slot] = characters
    }

    /// A program (or the user's paste) sets `cell`'s text to `lines` lines at once.
    private func paste(
        _ builder: inout TraceBuilder, _ typist: inout Typist, _ random: inout SeededRandom, cell: GridPlacement, lines: Int
    ) throws(GridError) {
        let slot = SpanGrid.Slot(row: cell.row, column: cell.column)
        let perLine = typist.lineLength(slot, &random)
        let characters = (lines - 1) * perLine + random.integer(1...(perLine - 1))
        typist.characters[slot] = characters
        try key(&builder, slot, height: Self.typingContentHeight(characters: characters, perLine: perLine))
    }

    /// A `cell-content` event before the next frame.
    private func key(_ builder: inout TraceBuilder, _ slot: SpanGrid.Slot, height: Double) throws(GridError) {
        let operation = SpanGrid.Operation.setContentHeight(row: slot.row, column: slot.column, height: height)
        try builder.apply(.layoutEdit(LayoutOperation(operation, codec: SpanGrid.operationCodec)))
    }

    /// A session in a merged cell below the frozen row and right of the frozen column: one in
    /// view (spanning rows if one does), else the first within 20 views below, scrolled to.
    private func mergedSession(
        _ builder: inout TraceBuilder, _ random: inout SeededRandom, _ typist: inout Typist, frozenRows: Int, frozenColumns: Int
    ) throws(GridError) {
        func merged(in rect: Rect) -> [(placement: GridPlacement, frame: Rect)] {
            builder.cells(in: rect).filter {
                ($0.placement.rowSpan > 1 || $0.placement.columnSpan > 1) && $0.placement.row >= frozenRows && $0.placement.column >= frozenColumns
            }
        }
        var candidates = merged(in: builder.visibleRect).filter { $0.frame.maxY <= builder.y + builder.viewport.height }
        if candidates.isEmpty {
            let far = Rect(x: builder.x, y: builder.y, width: builder.viewport.width, height: builder.viewport.height * 20)
            guard let first = merged(in: far).first else { return }
            builder.jump(toX: builder.x, y: first.frame.minY - builder.viewport.height / 3)
            builder.hold(random.uniform(0.3...0.6))
            candidates = merged(in: builder.visibleRect)
        }
        let spanning = candidates.filter { $0.placement.rowSpan > 1 }
        let pool = spanning.isEmpty ? candidates : spanning
        guard !pool.isEmpty else { return }
        let cell = pool[random.integer(0...(pool.count - 1))].placement
        try session(&builder, &random, &typist, cell: cell, velocity: (0, 0), lines: 1)
        builder.hold(random.uniform(0.4...0.8))
    }

    /// Proton's case: a row's tallest cell pasted in at the right edge, scrolled off screen to
    /// the left edge, and another cell of the row typed taller and deleted shorter than it.
    /// Needs content wider than the view, a row below the frozen one in view and a single
    /// cell of it on either side; otherwise left out.
    private func protonCase(
        _ builder: inout TraceBuilder, _ random: inout SeededRandom, _ typist: inout Typist, frozenRows: Int, frozenColumns: Int
    ) throws(GridError) {
        guard builder.maxOffsetX > 0 else { return }
        let width = builder.viewport.width
        let single = { (cell: GridPlacement) in cell.rowSpan == 1 && cell.columnSpan == 1 && cell.row >= frozenRows && cell.column >= frozenColumns }
        // At the left edge: rows in the middle half of the view with a single cell in view
        // (right of the frozen column) and one wholly beyond the view's right edge.
        let y = builder.y, height = builder.viewport.height
        let middle = Rect(x: 0, y: y + height / 4, width: builder.maxOffsetX + width, height: height / 2)
        let cells = builder.cells(in: middle).filter { single($0.placement) }
        let near = cells.filter { $0.frame.maxX <= width && $0.frame.minY >= y + height / 4 && $0.frame.maxY <= y + height * 3 / 4 }
        let far = cells.filter { $0.frame.minX >= width + 1 && $0.frame.minX >= builder.maxOffsetX + width / 4 && $0.frame.maxX <= builder.maxOffsetX + width }
        let rows = near.map(\.placement.row).filter { row in far.contains { $0.placement.row == row } }
        guard !rows.isEmpty else { return }
        let row = rows[random.integer(0...(rows.count - 1))]
        let nearCells = near.filter { $0.placement.row == row }, farCells = far.filter { $0.placement.row == row }
        let tall = farCells[random.integer(0...(farCells.count - 1))].placement
        let typed = nearCells[random.integer(0...(nearCells.count - 1))].placement
        builder.glide(toX: builder.maxOffsetX, y: y, speed: 800)
        builder.hold(random.uniform(0.3...0.6))
        try paste(&builder, &typist, &random, cell: tall, lines: 3)
        builder.hold(random.uniform(0.3...0.6))
        builder.glide(toX: 0, y: y, speed: 800)
        builder.hold(random.uniform(0.3...0.6))
        // Three lines to start with (as high as the pasted cell), typed to four and deleted
        // to two.
        let slot = SpanGrid.Slot(row: typed.row, column: typed.column)
        let perLine = typist.lineLength(slot, &random)
        typist.characters[slot] = 2 * perLine + random.integer(2...(perLine / 2))
        try session(&builder, &random, &typist, cell: typed, velocity: (0, 0), lines: 1, back: 1)
        builder.hold(random.uniform(0.4...0.8))
    }
}
