import GridCore
import GridLayouts
import GridViewport

/// Generates scroll traces from gestures with UIScrollView's physics (``ScrollPhysics``).
///
/// The same spec, kind and options give the same trace, frame for frame: every random
/// choice comes from `SeededRandom` seeded with ``Options/seed``, and offsets are rounded
/// to a thousandth of a point so that the last bits of `pow` and `log` do not leak into
/// the files.
public struct TraceGenerator: Sendable {
    /// What the trace's user does.
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        /// Flicks through the whole grid to the end, bounces, and flicks back to the top.
        case fling
        /// The same at 8,000 points per second every flick.
        case fastFling = "fast-fling"
        /// A slow finger drag, with pauses and changes of direction.
        case drag
        /// Jumps to sections (scrolling to an item), each followed by a short look around.
        case jumps
        /// Flicks, with the device rotated a third of the way in and back two thirds in.
        case rotation
        /// A slow drag while items and sections are inserted and deleted near the view.
        case edits
        /// Jumps to random points anywhere in the content, each followed by a flick, with a
        /// rotation a third of the way in and back two thirds in. The same gestures at every
        /// content size, so that the scale series compares like with like.
        case tour
        /// Flicks sideways through the whole width and back (two-axis layouts).
        case horizontalFling = "horizontal-fling"
        /// Flicks diagonally, down and right at once, to the far corner and back.
        case diagonalFling = "diagonal-fling"
        /// A slow finger drag diagonally, with pauses and changes of direction.
        case diagonalDrag = "diagonal-drag"
        /// A slow drag while items are moved within and between sections near the view,
        /// among inserts and deletes.
        case moves
        /// An editing session on a span grid: a slow diagonal drag while cells near the view
        /// are merged and split and rows and columns inserted and deleted.
        case gridEdits = "grid-edits"
        /// A slow drag (diagonal over content wider than the view, as a data grid's) while
        /// records near the view are inserted, deleted and moved: a record is a section (a
        /// data grid's row), inserted with as many fields as a record in view, so that a grid
        /// of declared fields takes it. A record moved is told as a data source without
        /// section moves tells it: deleted, and inserted at its new place, with its fields
        /// and sizes, in the same frame (two events).
        case recordEdits = "record-edits"
        /// Two flicks down from the top, a jump to the end (a scroll bar dragged to the
        /// bottom), and flicks back up until the top or ``Options/seconds``: over sizes learnt as cells appear, the
        /// way back up meets only unmeasured cells above the screen, each measurement
        /// moving what is on screen unless the offset is corrected (airbnb/MagazineLayout#9,
        /// TanStack/virtual#659).
        case endAndBack = "end-and-back"
        /// Scrolls to items anywhere in the content (a `scroll-to-item` event, at the top,
        /// centre or bottom), each followed by a pause and a short drag: over sizes learnt
        /// as cells appear, the first landing goes by estimates (TanStack/virtual#381).
        case scrollToItems = "scroll-to-items"
        /// Flicks down, then, while scrolled, items prepended to the first section every
        /// second or so (1 to 3 at a time, `insert-items` at item 0, their true sizes in
        /// the event: over sizes learnt as cells appear they enter at the estimate), each
        /// followed by a pause and a short drag; then flicks back up to the top through
        /// them, unmeasured: prepending items of unknown size while scrolled
        /// (petyosi/react-virtuoso#1230, Instagram/IGListKit#1441).
        case prepends
        /// A user typing into a span grid's cells at about 8 keystrokes a second (a
        /// `cell-content` event on each keystroke's frame) while the grid stays put or
        /// scrolls slowly: a cell's content grows by a line (``TraceGenerator/typingLineHeight``)
        /// every 27 to 33 keystrokes and shrinks again as text is deleted; sessions in the
        /// frozen row and column, in a merged cell, a program's paste into a cell out of view,
        /// and Proton's case: a cell shrinking while its row's tallest cell is off screen.
        case typing

        /// Whether the trace ends when the gesture does (the flings), rather than after
        /// ``Options/seconds``.
        public var hasNaturalEnd: Bool {
            switch self {
            case .fling, .fastFling, .horizontalFling, .diagonalFling: true
            default: false
            }
        }

        /// The refresh rate a trace of this kind uses unless told otherwise.
        public var defaultRefreshHz: Int { self == .drag || self == .diagonalDrag || self == .gridEdits || self == .recordEdits || self == .typing ? 60 : 120 }

        /// What the kind models, for help texts.
        public var summary: String {
            switch self {
            case .fling: "flicks through the whole grid and back"
            case .fastFling: "flicks at 8,000 pt/s through the whole grid and back"
            case .horizontalFling: "flicks sideways through the whole width and back"
            case .diagonalFling: "flicks diagonally to the far corner and back"
            case .diagonalDrag: "a slow diagonal finger drag with pauses"
            case .drag: "a slow finger drag with pauses"
            case .jumps: "jumps to sections, each followed by a short look around"
            case .rotation: "flicks with a rotation (width ↔ height) a third of the way in, and back"
            case .edits: "a slow drag with item and section inserts and deletes near the view"
            case .moves: "a slow drag with items moved within and between sections near the view, among inserts and deletes"
            case .tour: "jumps anywhere in the content, each followed by a flick, with a rotation and back"
            case .gridEdits: "a slow diagonal drag while a span grid's cells near the view are merged and split and rows and columns inserted and deleted"
            case .recordEdits: "a slow drag (diagonal over wide content) while records (sections: a data grid's rows) near the view are inserted, deleted and moved"
            case .endAndBack: "two flicks down, a jump to the end and flicks back up, through cells not yet measured"
            case .scrollToItems: "scrolls to items anywhere (top, centre or bottom), each followed by a short look around"
            case .prepends: "flicks down, items of unknown size prepended while scrolled, then flicks back up through them"
            case .typing: "typing at about 8 keystrokes a second into a span grid's cells (frozen, merged, pasted out of view, a row's tallest cell off screen) while it stays put or scrolls slowly"
            }
        }
    }

    public struct Options: Hashable, Sendable {
        public var kind: Kind
        public var seed: UInt64
        /// Frames per second; `nil` takes the kind's default (``TraceGenerator/Kind/defaultRefreshHz``).
        public var refreshHz: Int?
        /// Seconds of trace for kinds without a natural end (drag, jumps, rotation, edits).
        public var seconds: Double
        public var deceleration: ScrollPhysics.Deceleration
        /// The trace's name; `nil` gives `<kind>-<hz>hz`.
        public var name: String?
        /// The most frames the trace may have (``TraceGenerator/defaultMaxFrames`` unless
        /// raised): a fling through millions of tiles would otherwise run for hours of trace.
        public var maxFrames: Int = TraceGenerator.defaultMaxFrames

        public init(
            kind: Kind, seed: UInt64 = 1, refreshHz: Int? = nil, seconds: Double = 20,
            deceleration: ScrollPhysics.Deceleration = .normal, name: String? = nil
        ) {
            self.kind = kind
            self.seed = seed
            self.refreshHz = refreshHz
            self.seconds = seconds
            self.deceleration = deceleration
            self.name = name
        }
    }

    /// The data set the trace scrolls through; its container is the starting viewport.
    public var spec: LayoutSpec

    /// The most frames a generated trace may have unless raised: 1,000,000, over two hours
    /// at 120 Hz.
    public static let defaultMaxFrames = 1_000_000

    public init(spec: LayoutSpec) {
        self.spec = spec
    }

    /// Generates the trace.
    ///
    /// - Throws: `GridError` for a refresh rate outside 1…1000 or a duration that is not
    ///   finite and positive (or the spec's layout refusing its data).
    public func generate(_ options: Options) throws(GridError) -> ScrollTrace {
        let hz = options.refreshHz ?? options.kind.defaultRefreshHz
        guard hz >= 1, hz <= 1000 else { throw .invalidParameter("refreshHz", hz, expected: "frames per second in 1...1000") }
        guard options.seconds.isFinite, options.seconds > 0, options.seconds <= 3600 else {
            throw .invalidParameter("seconds", options.seconds, expected: "a duration in seconds, > 0 and ≤ 3600")
        }
        guard options.maxFrames >= 1 else { throw .invalidParameter("maxFrames", options.maxFrames, expected: "a frame count ≥ 1") }
        let tooMany = "at most \(options.maxFrames) frames (raise the limit with --max-frames)"
        if !options.kind.hasNaturalEnd, options.seconds * Double(hz) > Double(options.maxFrames) {
            throw .invalidParameter("frames", "\(options.seconds) s × \(hz) Hz = \(Int(options.seconds * Double(hz)))", expected: tooMany)
        }
        var random = SeededRandom(seed: options.seed)
        var builder = try TraceBuilder(layout: spec.makeLayout(), data: spec.data, viewport: spec.container, refreshHz: hz)
        builder.frameLimit = options.maxFrames
        switch options.kind {
        case .fling:
            flingThrough(&builder, &random, speeds: 1500...5000, deceleration: options.deceleration)
        case .fastFling:
            flingThrough(&builder, &random, speeds: 8000...8000, deceleration: options.deceleration)
        case .horizontalFling:
            builder.direction = (1, 0)
            flingThrough(&builder, &random, speeds: 1500...5000, deceleration: options.deceleration)
        case .diagonalFling:
            builder.direction = Self.diagonal
            flingThrough(&builder, &random, speeds: 1500...5000, deceleration: options.deceleration)
        case .diagonalDrag:
            builder.direction = Self.diagonal
            slowDrag(&builder, &random, seconds: options.seconds)
        case .drag:
            slowDrag(&builder, &random, seconds: options.seconds)
        case .jumps:
            jumps(&builder, &random, seconds: options.seconds)
        case .rotation:
            try rotation(&builder, &random, seconds: options.seconds, deceleration: options.deceleration)
        case .edits:
            try edits(&builder, &random, seconds: options.seconds, moves: false)
        case .moves:
            try edits(&builder, &random, seconds: options.seconds, moves: true)
        case .tour:
            try tour(&builder, &random, seconds: options.seconds, deceleration: options.deceleration)
        case .gridEdits:
            builder.direction = Self.diagonal
            try gridEdits(&builder, &random, seconds: options.seconds)
        case .recordEdits:
            if builder.maxOffsetX > 0 { builder.direction = Self.diagonal }
            try recordEdits(&builder, &random, seconds: options.seconds)
        case .endAndBack:
            endAndBack(&builder, &random, seconds: options.seconds, deceleration: options.deceleration)
        case .scrollToItems:
            try scrollToItems(&builder, &random, seconds: options.seconds)
        case .prepends:
            try prepends(&builder, &random, seconds: options.seconds, deceleration: options.deceleration)
        case .typing:
            try typing(&builder, &random, seconds: options.seconds, refreshHz: hz)
        }
        // An event applies before the next frame: one that came last gets a frame to
        // apply before.
        if let last = builder.events.last, last.frame >= builder.frameCount { builder.hold(0) }
        guard !builder.isOverLimit else {
            throw .invalidParameter(
                "frames", "more than \(options.maxFrames) (a \(options.kind.rawValue) through \(spec.tiles) tiles)", expected: tooMany)
        }
        return ScrollTrace(
            name: options.name ?? "\(options.kind.rawValue)-\(hz)hz", refreshHz: hz, viewport: spec.container,
            offsets: builder.offsets, events: builder.events)
    }

    /// Down and right at 45°: a unit vector, so a diagonal gesture moves as fast as a
    /// vertical one.
    static let diagonal = (x: 0.5.squareRoot(), y: 0.5.squareRoot())

    /// Flicks down until a fling reaches the end, then up until one reaches the top. Each
    /// flick is a short drag at the flick's speed and a fling that the finger catches again
    /// once it has slowed to between a fifth and a third of its speed.
    private func flingThrough(
        _ builder: inout TraceBuilder, _ random: inout SeededRandom, speeds: ClosedRange<Double>,
        deceleration: ScrollPhysics.Deceleration
    ) {
        builder.hold(0.1)
        for direction in [1.0, -1.0] {
            // Enough flicks to cross any content; a flick covers at least a few hundred points.
            var flicks = 0
            while flicks < 100_000 && !builder.isOverLimit {
                flicks += 1
                let speed = random.uniform(speeds) * direction
                builder.drag(velocity: speed, seconds: 0.08)
                if (direction > 0 && builder.isAtEnd) || (direction < 0 && builder.isAtStart) { break }
                let catchAt = random.uniform(0.2...0.35)
                if builder.fling(velocity: speed, deceleration: deceleration, untilFraction: catchAt) { break }
            }
            builder.hold(0.3)
        }
    }

    /// Two flicks down from the top, a jump to the end, and flicks up (as ``flingThrough``'s
    /// way back) until one reaches the top or the trace has lasted `seconds`.
    private func endAndBack(
        _ builder: inout TraceBuilder, _ random: inout SeededRandom, seconds: Double, deceleration: ScrollPhysics.Deceleration
    ) {
        builder.hold(0.1)
        for _ in 0..<2 where !builder.isAtEnd {
            let speed = random.uniform(1500...5000)
            builder.drag(velocity: speed, seconds: 0.08)
            builder.fling(velocity: speed, deceleration: deceleration, untilFraction: random.uniform(0.2...0.35))
        }
        builder.hold(0.3)
        builder.jump(to: builder.maxOffset)
        builder.hold(0.3)
        var flicks = 0
        while flicks < 100_000 && !builder.isOverLimit && !builder.isAtStart && builder.seconds < seconds {
            flicks += 1
            let speed = -random.uniform(1500...5000)
            builder.drag(velocity: speed, seconds: 0.08)
            if builder.isAtStart { break }
            if builder.fling(velocity: speed, deceleration: deceleration, untilFraction: random.uniform(0.2...0.35)) { break }
        }
        builder.hold(0.3)
    }

    /// Scrolls to a random item of a random non-empty section at a random position, then
    /// pauses and drags a little; again until `seconds`. The event moves the view where the
    /// replay's layout says (its estimate, then corrected), so the trace's offsets after it
    /// are read by their differences: the builder's offset does not jump.
    private func scrollToItems(_ builder: inout TraceBuilder, _ random: inout SeededRandom, seconds: Double) throws(GridError) {
        let data = builder.data
        let sections = (0..<data.sectionCount).filter { data.itemCount(inSection: $0) > 0 }
        guard !sections.isEmpty else {
            throw .invalidParameter("kind", Kind.scrollToItems.rawValue, expected: "a data set with at least one item")
        }
        let positions = ScrollPosition.allCases
        builder.hold(0.1)
        while builder.seconds < seconds && !builder.isOverLimit {
            let section = sections[random.integer(0...(sections.count - 1))]
            let item = random.integer(0...(data.itemCount(inSection: section) - 1))
            builder.scroll(toItem: ItemPath(section: section, item: item), position: positions[random.integer(0...(positions.count - 1))])
            builder.hold(random.uniform(0.2...0.5))
            builder.drag(velocity: random.uniform(-300...300), seconds: 0.3)
        }
    }

    /// Two flicks down from the top; then, for half of `seconds`, every 0.6 to 1.2 s, 1 to 3
    /// items inserted at the start of the first section while scrolled (the builder's
    /// offset kept on the same content, as a `first-visible` anchor keeps the view), each
    /// followed by a short drag down; then flicks up until one reaches the top, and a
    /// pause. The inserted items' true sizes are those of items of the data set drawn at
    /// random (the spec's true sizes, ``LayoutSpec/measuredData``, when it has them; else
    /// its sizes; none when it has no sizes), so that they look like the rest.
    private func prepends(
        _ builder: inout TraceBuilder, _ random: inout SeededRandom, seconds: Double, deceleration: ScrollPhysics.Deceleration
    ) throws(GridError) {
        guard builder.data.sectionCount > 0 else {
            throw .invalidParameter("kind", Kind.prepends.rawValue, expected: "a data set with at least one section")
        }
        let pool = (spec.measuredData ?? spec.data).itemSizes ?? []
        builder.hold(0.1)
        for _ in 0..<2 where !builder.isAtEnd {
            let speed = random.uniform(1500...4000)
            builder.drag(velocity: speed, seconds: 0.08)
            builder.fling(velocity: speed, deceleration: deceleration, untilFraction: random.uniform(0.2...0.35))
        }
        builder.hold(0.3)
        while builder.seconds < seconds / 2 && !builder.isOverLimit {
            let count = random.integer(1...3)
            let sizes = pool.isEmpty ? nil : (0..<count).map { _ in pool[random.integer(0...(pool.count - 1))] }
            try builder.applyAnchored(.insertItems(section: 0, item: 0, count: count, sizes: sizes))
            builder.hold(random.uniform(0.3...0.6))
            builder.drag(velocity: random.uniform(100...300), seconds: random.uniform(0.3...0.6))
        }
        var flicks = 0
        while flicks < 100_000 && !builder.isOverLimit && !builder.isAtStart && builder.seconds < seconds {
            flicks += 1
            let speed = -random.uniform(1500...4000)
            builder.drag(velocity: speed, seconds: 0.08)
            if builder.isAtStart { break }
            if builder.fling(velocity: speed, deceleration: deceleration, untilFraction: random.uniform(0.2...0.35)) { break }
        }
        builder.hold(0.3)
    }

    /// A finger drag at a slowly wandering speed of about 100 to 400 points per second,
    /// with pauses and reversals.
    private func slowDrag(_ builder: inout TraceBuilder, _ random: inout SeededRandom, seconds: Double) {
        var direction = 1.0
        while builder.seconds < seconds && !builder.isOverLimit {
            let roll = random.uniform(0...1)
            if roll < 0.15 {
                builder.hold(random.uniform(0.2...0.8))
            } else {
                if roll > 0.9 || (direction > 0 && builder.isAtEnd) || (direction < 0 && builder.isAtStart) { direction = -direction }
                builder.drag(velocity: direction * random.uniform(100...400), seconds: random.uniform(0.3...1.2))
            }
        }
    }

    /// Jumps to random sections, each followed by a pause and a short drag.
    private func jumps(_ builder: inout TraceBuilder, _ random: inout SeededRandom, seconds: Double) {
        let sections = builder.data.sectionCount
        builder.hold(0.1)
        while builder.seconds < seconds && !builder.isOverLimit {
            if sections > 0, let top = builder.top(ofSection: random.integer(0...(sections - 1))) {
                builder.jump(to: top)
            }
            builder.hold(random.uniform(0.2...0.5))
            builder.drag(velocity: random.uniform(-300...300), seconds: 0.3)
        }
    }

    /// Flicks back and forth, rotating the viewport a third of the way in and back at two thirds.
    private func rotation(
        _ builder: inout TraceBuilder, _ random: inout SeededRandom, seconds: Double,
        deceleration: ScrollPhysics.Deceleration
    ) throws(GridError) {
        var rotation = ThereAndBack(upright: builder.viewport)
        var direction = 1.0
        builder.hold(0.1)
        while builder.seconds < seconds && !builder.isOverLimit {
            try rotation.rotateIfDue(&builder, seconds: seconds)
            if (direction > 0 && builder.isAtEnd) || (direction < 0 && builder.isAtStart) { direction = -direction }
            let speed = random.uniform(1000...4000) * direction
            builder.drag(velocity: speed, seconds: 0.08)
            builder.fling(velocity: speed, deceleration: deceleration, untilFraction: 0.2)
            builder.hold(random.uniform(0.1...0.4))
        }
        try rotation.finish(&builder)
    }

    /// Jumps to uniformly random offsets, each followed by a flick; the viewport rotates a
    /// third of the way in and back two thirds in. Over content wider than the viewport the
    /// jumps land anywhere across it too, and the flicks are diagonal.
    private func tour(
        _ builder: inout TraceBuilder, _ random: inout SeededRandom, seconds: Double,
        deceleration: ScrollPhysics.Deceleration
    ) throws(GridError) {
        var rotation = ThereAndBack(upright: builder.viewport)
        builder.hold(0.05)
        while builder.seconds < seconds && !builder.isOverLimit {
            try rotation.rotateIfDue(&builder, seconds: seconds)
            let y = random.uniform(0...1) * builder.maxOffset
            if builder.maxOffsetX > 0 {
                builder.direction = Self.diagonal
                builder.jump(toX: random.uniform(0...1) * builder.maxOffsetX, y: y)
            } else {
                builder.direction = (0, 1)
                builder.jump(to: y)
            }
            builder.hold(0.05)
            let speed = random.uniform(1500...4000) * (random.uniform(0...1) < 0.5 ? -1 : 1)
            builder.drag(velocity: speed, seconds: 0.05)
            builder.fling(velocity: speed, deceleration: deceleration, untilFraction: 0.3)
        }
        try rotation.finish(&builder)
    }

    /// A slow drag with an edit every half second: items or sections inserted or deleted in
    /// a section in view; with `moves`, also items moved (two edits in ten), from a section
    /// in view to a section in view, the same one or another.
    private func edits(_ builder: inout TraceBuilder, _ random: inout SeededRandom, seconds: Double, moves: Bool) throws(GridError) {
        var direction = 1.0
        let sizeRange = Self.sizeRange(of: builder.data)
        builder.hold(0.1)
        while builder.seconds < seconds && !builder.isOverLimit {
            if (direction > 0 && builder.isAtEnd) || (direction < 0 && builder.isAtStart) { direction = -direction }
            builder.drag(velocity: direction * random.uniform(150...350), seconds: 0.5)
            let data = builder.data
            let visible = builder.visibleSections()
            let section = visible.isEmpty
                ? (data.sectionCount > 0 ? random.integer(0...(data.sectionCount - 1)) : 0)
                : visible[random.integer(0...(visible.count - 1))]
            let items = data.itemCount(inSection: section)
            let roll = random.uniform(0...1)
            if moves && items > 0 && roll >= 0.2 && roll < 0.4 {
                let target = visible.isEmpty ? section : visible[random.integer(0...(visible.count - 1))]
                let room = data.itemCount(inSection: target) - (target == section ? 1 : 0)
                try builder.apply(.moveItem(
                    from: ItemPath(section: section, item: random.integer(0...(items - 1))),
                    to: ItemPath(section: target, item: random.integer(0...room))))
            } else if data.sectionCount == 0 || roll < 0.1 {
                let count = random.integer(1...31)
                try builder.apply(.insertSections(section: min(section, data.sectionCount), counts: [count], sizes: Self.sizes(count, in: sizeRange, &random)))
            } else if roll < 0.2 && data.sectionCount > 1 {
                try builder.apply(.deleteSections(section: section, count: 1))
            } else if roll < 0.6 || items == 0 {
                let count = random.integer(1...3)
                try builder.apply(.insertItems(section: section, item: random.integer(0...items), count: count, sizes: Self.sizes(count, in: sizeRange, &random)))
            } else {
                let count = random.integer(1...min(3, items))
                try builder.apply(.deleteItems(section: section, item: random.integer(0...(items - count)), count: count))
            }
        }
    }

    /// A slow diagonal drag with an edit of the span grid every half second, near the view:
    /// three in ten merge a few cells in view into a rectangle, two split a merged cell in
    /// view (named by its bottom-left slot), and the rest insert or delete a row or column in view (never a frozen one, and
    /// never below 8 rows or 4 columns). Each is tried on the grid first; a refused one gives
    /// way to another try (at most 12).
    private func gridEdits(_ builder: inout TraceBuilder, _ random: inout SeededRandom, seconds: Double) throws(GridError) {
        var direction = 1.0
        builder.hold(0.1)
        while builder.seconds < seconds {
            if (direction > 0 && builder.isAtEnd) || (direction < 0 && builder.isAtStart) { direction = -direction }
            builder.drag(velocity: direction * random.uniform(150...350), seconds: 0.5)
            guard let grid = builder.spanGrid else {
                throw .invalidParameter("kind", Kind.gridEdits.rawValue, expected: "a span grid data set (layout span-grid)")
            }
            let configuration = grid.prepared
            let cells = builder.visibleCells().filter {
                $0.row >= configuration.frozenRows && $0.column >= configuration.frozenColumns
            }
            guard !cells.isEmpty else { continue }
            for _ in 0..<12 {
                let cell = cells[random.integer(0...(cells.count - 1))]
                let roll = random.uniform(0...1)
                let operation: SpanGrid.Operation
                if roll < 0.3 {
                    let bottom = min(cell.row + cell.rowSpan + random.integer(0...1), configuration.rowCount) - 1
                    let right = min(cell.column + cell.columnSpan + random.integer(0...2), configuration.columnCount) - 1
                    operation = .merge(cells: [
                        SpanGrid.Slot(row: cell.row, column: cell.column), SpanGrid.Slot(row: bottom, column: right),
                        SpanGrid.Slot(row: cell.row, column: right), SpanGrid.Slot(row: bottom, column: cell.column),
                    ])
                } else if roll < 0.5 {
                    let merged = cells.filter { $0.rowSpan > 1 || $0.columnSpan > 1 }
                    guard !merged.isEmpty else { continue }
                    let target = merged[random.integer(0...(merged.count - 1))]
                    operation = .split(row: target.row + target.rowSpan - 1, column: target.column)
                } else if roll < 0.65 {
                    operation = .insertRow(at: cell.row, height: random.integer(0...1) == 0 ? 40 : 56)
                } else if roll < 0.8 {
                    guard configuration.rowCount > 8 else { continue }
                    operation = .deleteRow(at: cell.row)
                } else if roll < 0.9 {
                    let width = random.integer(0...1) == 0
                        ? SpanGrid.ColumnWidth(.fixed(72)) : SpanGrid.ColumnWidth(.fractional(0.0625), min: 56, max: 96)
                    operation = .insertColumn(at: cell.column, width: width)
                } else {
                    guard configuration.columnCount > 4 else { continue }
                    operation = .deleteColumn(at: cell.column)
                }
                var trial = configuration
                guard (try? trial.apply(operation)) != nil, (try? trial.dataShape()) != nil else { continue }
                try builder.apply(.layoutEdit(LayoutOperation(operation, codec: SpanGrid.operationCodec)))
                break
            }
        }
    }

    /// A slow drag with an edit of the records every half second, near the view (a record
    /// is a section: a data grid's row), the three kinds in turn: insert 1 to 3 records
    /// before or after a record in view, each with as many fields as a record in view;
    /// delete 1 to 3 records from one in view (never the last record, which inserts
    /// instead); move a record (from one in view, or, one time in three, from anywhere: a sort) to
    /// the place of a record in view, as two events of one frame: `delete-sections` of it,
    /// then `insert-sections` of its fields (and sizes) at its new place, never where it was.
    private func recordEdits(_ builder: inout TraceBuilder, _ random: inout SeededRandom, seconds: Double) throws(GridError) {
        var direction = 1.0
        let sizeRange = Self.sizeRange(of: builder.data)
        var turn = 0
        builder.hold(0.1)
        while builder.seconds < seconds && !builder.isOverLimit {
            if (direction > 0 && builder.isAtEnd) || (direction < 0 && builder.isAtStart) { direction = -direction }
            builder.drag(velocity: direction * random.uniform(150...350), seconds: 0.5)
            let data = builder.data
            let visible = builder.visibleCellSections()
            guard !visible.isEmpty else {
                throw .invalidParameter("kind", Kind.recordEdits.rawValue, expected: "a data set with a record (a section with cells) in view")
            }
            let record = visible[random.integer(0...(visible.count - 1))]
            turn += 1
            if turn % 3 == 1 || data.sectionCount < 2 {
                let counts = (0..<random.integer(1...3)).map { _ in data.itemCount(inSection: visible[random.integer(0...(visible.count - 1))]) }
                try builder.apply(.insertSections(
                    section: record + random.integer(0...1), counts: counts, sizes: Self.sizes(counts.reduce(0, +), in: sizeRange, &random)))
            } else if turn % 3 == 2 {
                let count = min(random.integer(1...3), data.sectionCount - 1)
                try builder.apply(.deleteSections(section: min(record, data.sectionCount - count), count: count))
            } else {
                let from = random.integer(0...2) == 0 ? random.integer(0...(data.sectionCount - 1)) : record
                // Its place in the data without it, 0 ... S − 1; where it was would be no move.
                var to = visible[random.integer(0...(visible.count - 1))]
                if to == from { to = from + 1 < data.sectionCount ? from + 1 : from - 1 }
                let fields = data.itemCount(inSection: from)
                let moved = data.itemSizes == nil ? nil : (0..<fields).compactMap { data.itemSize(at: ItemPath(section: from, item: $0)) }
                try builder.apply(.deleteSections(section: from, count: 1))
                try builder.apply(.insertSections(section: to, counts: [fields], sizes: moved))
            }
        }
    }

    /// `count` sizes drawn within `range`, each rounded to whole points (width, then height,
    /// drawn in turn); `nil` when the data carries no sizes (`range` is `nil`).
    private static func sizes(
        _ count: Int, in range: (width: ClosedRange<Double>, height: ClosedRange<Double>)?, _ random: inout SeededRandom
    ) -> [Size]? {
        guard let range else { return nil }
        return (0..<count).map { _ in
            Size(width: random.uniform(range.width).rounded(), height: random.uniform(range.height).rounded())
        }
    }

    /// The ranges of the widths and heights of the data's item sizes, if it has any.
    private static func sizeRange(of data: DataShape) -> (width: ClosedRange<Double>, height: ClosedRange<Double>)? {
        guard let sizes = data.itemSizes, let first = sizes.first else { return nil }
        var width = first.width...first.width, height = first.height...first.height
        for size in sizes {
            width = min(width.lowerBound, size.width)...max(width.upperBound, size.width)
            height = min(height.lowerBound, size.height)...max(height.upperBound, size.height)
        }
        return (width, height)
    }
}

/// The device rotated a third of the way into a trace and back two thirds in, as the
/// rotation and tour traces do.
private struct ThereAndBack {
    let upright: Size
    private var done = 0

    init(upright: Size) { self.upright = upright }

    /// Applies the next rotation once its time has come.
    mutating func rotateIfDue(_ builder: inout TraceBuilder, seconds: Double) throws(GridError) {
        guard done < 2 && builder.seconds >= seconds * Double(done + 1) / 3 else { return }
        try builder.apply(.resize(done == 0 ? Size(width: upright.height, height: upright.width) : upright))
        done += 1
    }

    /// Turns the device upright at the end if the trace was too short to do it.
    mutating func finish(_ builder: inout TraceBuilder) throws(GridError) {
        if done < 2 { try builder.apply(.resize(upright)) }
    }
}
