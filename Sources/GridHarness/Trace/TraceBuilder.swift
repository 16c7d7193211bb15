import GridCore
import GridLayouts
import GridViewport

/// Builds a trace frame by frame from gestures, keeping the offset within the content the
/// way UIScrollView does (rubber band past the edges, spring back after).
///
/// The content's extent comes from a layout prepared with the current data and viewport,
/// so rotations and edits move the edges as they would on a device.
struct TraceBuilder {
    private(set) var offsets: [Point] = []
    private(set) var events: [TraceEvent] = []
    private(set) var viewport: Size
    private(set) var data: DataShape
    private var layout: any GridLayout
    /// The displayed offset, vertically and horizontally.
    private(set) var y = 0.0
    private(set) var x = 0.0
    /// How far ``applyAnchored(_:)`` moved the offset, in all: taken off every offset
    /// emitted since.
    private var emitShift = 0.0
    /// How a gesture's velocity splits between the axes: `(0, 1)` scrolls vertically (the
    /// default), `(1, 0)` horizontally, and a unit diagonal both. Each axis follows the same
    /// physics with its share of the velocity, as UIScrollView decelerates each axis alike.
    var direction: (x: Double, y: Double) = (0, 1)
    let dt: Double
    let minimumVelocity = 5.0
    /// The most frames kept; frames past it are counted (so that gestures still end) but
    /// not stored, and ``isOverLimit`` says so.
    var frameLimit = Int.max
    /// Frames emitted, kept or not.
    private(set) var emitted = 0

    init(layout: any GridLayout, data: DataShape, viewport: Size, refreshHz: Int) throws(GridError) {
        self.layout = layout
        self.data = data
        self.viewport = viewport
        self.dt = 1 / Double(refreshHz)
        try prepareLayout()
    }

    /// The largest vertical offset at rest: content height minus viewport height, or 0.
    var maxOffset: Double { max(0, layout.contentSize.height - viewport.height) }
    /// The largest horizontal offset at rest: content width minus viewport width, or 0.
    var maxOffsetX: Double { max(0, layout.contentSize.width - viewport.width) }

    /// Whether every axis the direction moves along is at its far edge.
    var isAtEnd: Bool { (direction.y == 0 || y >= maxOffset) && (direction.x == 0 || x >= maxOffsetX) }
    /// Whether every axis the direction moves along is at its near edge.
    var isAtStart: Bool { (direction.y == 0 || y <= 0) && (direction.x == 0 || x <= 0) }
    var frameCount: Int { emitted }
    var seconds: Double { Double(emitted) * dt }
    /// Whether more frames were emitted than ``frameLimit``.
    var isOverLimit: Bool { emitted > frameLimit }
    var preparedLayout: any GridLayout { layout }

    private mutating func prepareLayout() throws(GridError) {
        do {
            try layout.prepare(data: data, container: viewport)
        } catch let error as GridError {
            throw error
        } catch {
            throw GridError(.invalidParameter, field: "layout", value: "\(error)", expected: "a layout that prepares")
        }
    }

    private mutating func emit(_ offset: Double) {
        emit(x: x, y: offset)
    }

    private mutating func emit(x newX: Double, y newY: Double) {
        y = newY
        x = newX
        emitted += 1
        guard emitted <= frameLimit else { return }
        offsets.append(Point(x: (newX * 1000).rounded() / 1000, y: ((newY - emitShift) * 1000).rounded() / 1000))
    }

    /// Where an unconstrained position shows, with the rubber band past either edge.
    private func banded(_ position: Double) -> Double {
        Self.banded(position, maxOffset: maxOffset, dimension: viewport.height)
    }

    private static func banded(_ position: Double, maxOffset: Double, dimension: Double) -> Double {
        if position < 0 { return -ScrollPhysics.rubberBand(overshoot: -position, dimension: dimension) }
        if position > maxOffset { return maxOffset + ScrollPhysics.rubberBand(overshoot: position - maxOffset, dimension: dimension) }
        return position
    }

    private func bandedX(_ position: Double) -> Double {
        Self.banded(position, maxOffset: maxOffsetX, dimension: viewport.width)
    }

    /// Keeps the current offset for `seconds`.
    mutating func hold(_ seconds: Double) {
        for _ in 0..<max(1, Int((seconds / dt).rounded())) { emit(y) }
    }

    /// A finger drags the content at `velocity` points per second (positive scrolls down,
    /// or right) along ``direction`` for `seconds`, then lifts; past an edge the content
    /// springs back.
    mutating func drag(velocity: Double, seconds: Double) {
        var finger = y, fingerX = x
        let vy = velocity * direction.y, vx = velocity * direction.x
        for _ in 0..<max(1, Int((seconds / dt).rounded())) {
            finger += vy * dt
            fingerX += vx * dt
            emit(x: direction.x == 0 ? x : bandedX(fingerX), y: direction.y == 0 ? y : banded(finger))
        }
        springBackIfNeeded()
    }

    /// A fling released at `velocity` along ``direction``, decelerating at `deceleration`
    /// until it slows below `untilFraction` of its release velocity, or stops; past an edge
    /// it follows the rubber band and then springs back. Returns whether it reached an edge.
    @discardableResult
    mutating func fling(velocity v0: Double, deceleration: ScrollPhysics.Deceleration, untilFraction: Double = 0) -> Bool {
        let d = deceleration.ratePerMillisecond
        let y0 = y, x0 = x
        let vy = v0 * direction.y, vx = v0 * direction.x
        let stopVelocity = max(minimumVelocity, abs(v0) * untilFraction)
        let duration = ScrollPhysics.timeToSlow(initialVelocity: v0, rate: d, to: stopVelocity)
        func at(_ t: Double) -> (x: Double, y: Double) {
            (direction.x == 0 ? x0 : ScrollPhysics.offset(from: x0, initialVelocity: vx, rate: d, at: t),
             direction.y == 0 ? y0 : ScrollPhysics.offset(from: y0, initialVelocity: vy, rate: d, at: t))
        }
        var reachedEdge = false
        var t = dt
        while t <= duration + dt / 2 {
            let position = at(t)
            if direction.y != 0 && (position.y <= 0 || position.y >= maxOffset) { reachedEdge = true }
            if direction.x != 0 && (position.x <= 0 || position.x >= maxOffsetX) { reachedEdge = true }
            if reachedEdge {
                // Past the edge the fling's excess shows through the rubber band until the
                // fling has spent its velocity.
                let full = ScrollPhysics.timeToSlow(initialVelocity: v0, rate: d, to: minimumVelocity)
                while t <= full + dt / 2 {
                    let free = at(t)
                    emit(x: direction.x == 0 ? x : bandedX(free.x), y: direction.y == 0 ? y : banded(free.y))
                    t += dt
                }
                springBackIfNeeded()
                return true
            }
            emit(x: position.x, y: position.y)
            t += dt
        }
        return reachedEdge
    }

    /// Returns an offset past either edge to the edge with a critically damped spring, on
    /// each axis.
    mutating func springBackIfNeeded() {
        let edge = y < 0 ? 0 : (y > maxOffset ? maxOffset : y)
        let edgeX = x < 0 ? 0 : (x > maxOffsetX ? maxOffsetX : x)
        let excess = y - edge, excessX = x - edgeX
        guard excess != 0 || excessX != 0 else { return }
        var t = dt
        while true {
            let remaining = ScrollPhysics.springBack(excess: excess, at: t)
            let remainingX = ScrollPhysics.springBack(excess: excessX, at: t)
            if abs(remaining) < 0.5 && abs(remainingX) < 0.5 { break }
            emit(x: edgeX + remainingX, y: edge + remaining)
            t += dt
        }
        emit(x: edgeX, y: edge)
    }

    /// Jumps straight to `offset` (scrolling to an item), clamped to the content.
    mutating func jump(to offset: Double) {
        emit(min(max(offset, 0), maxOffset))
    }

    /// Jumps straight to `(offsetX, offsetY)`, clamped to the content.
    mutating func jump(toX offsetX: Double, y offsetY: Double) {
        emit(x: min(max(offsetX, 0), maxOffsetX), y: min(max(offsetY, 0), maxOffset))
    }

    /// Records `change` before the next frame and applies it to the content.
    mutating func apply(_ change: TraceEvent.Change) throws(GridError) {
        var state = EventPipeline.State(data: data, size: viewport)
        do {
            _ = try EventPipeline.effect(of: change, in: &state, layout: &layout)
        } catch let error as GridError {
            throw error
        } catch {
            let value = if case .layoutEdit(let operation) = change { operation.description } else { change.typeName }
            throw .invalidParameter("layout", value, expected: "an edit the layout takes (\(error))")
        }
        data = state.data
        viewport = state.size
        try prepareLayout()
        events.append(TraceEvent(frame: offsets.count, change))
        y = min(max(y, 0), maxOffset)
        x = min(max(x, 0), maxOffsetX)
    }

    /// Records the data edit `change` before the next frame, as ``apply(_:)`` does, and
    /// moves the builder's offset as a `first-visible` anchor moves the view: by how far
    /// the first cell on screen (the topmost whose top is on screen, else the topmost
    /// shown) moved through the edit, in the builder's layout (the inserted items at the
    /// sizes the event gives). The offsets it emits do not jump: a replay moves the view
    /// by their differences from an edit on (the finger stays where it was), so they are
    /// the builder's offset less every such move (``emitShift``), and may go below 0 on
    /// the way back up to the prepended items.
    mutating func applyAnchored(_ change: TraceEvent.Change) throws(GridError) {
        let visible = Rect(x: x, y: y, width: viewport.width, height: viewport.height)
        var anchor: LayoutAttributes?
        for element in layout.elements(in: visible) where element.kind == .cell {
            let inside = element.frame.minY >= y
            guard let current = anchor else {
                anchor = element
                continue
            }
            let currentInside = current.frame.minY >= y
            if (inside && !currentInside) || (inside == currentInside && element.frame.minY < current.frame.minY) { anchor = element }
        }
        let edit = try change.dataEdit()
        try apply(change)
        guard let anchor, let edit, let id = edit.id(after: anchor.id), let moved = layout.attributes(at: id.path) else { return }
        let anchored = min(max(y + moved.frame.minY - anchor.frame.minY, 0), maxOffset)
        emitShift += anchored - y
        y = anchored
    }

    /// A `scroll-to-item` event before the next frame. Where it lands is the replay's to
    /// find (the layout's answer, which may be an estimate, then corrected), and the
    /// offsets after it move the view by their differences: the builder's own offset stays.
    mutating func scroll(toItem path: ItemPath, position: ScrollPosition) {
        events.append(TraceEvent(frame: offsets.count, .scrollToItem(section: path.section, item: path.item, position: position)))
    }

    /// Moves one frame at `velocity` points per second along each axis, held within the
    /// content (a slow scroll that stops at an edge instead of rubber-banding).
    mutating func step(velocity: (x: Double, y: Double)) {
        emit(x: min(max(x + velocity.x * dt, 0), maxOffsetX), y: min(max(y + velocity.y * dt, 0), maxOffset))
    }

    /// Scrolls in a straight line at `speed` points per second to `(offsetX, offsetY)`,
    /// clamped to the content, one frame at a time; the last frame lands on the target.
    mutating func glide(toX offsetX: Double, y offsetY: Double, speed: Double) {
        let targetX = min(max(offsetX, 0), maxOffsetX), targetY = min(max(offsetY, 0), maxOffset)
        let distance = ((targetX - x) * (targetX - x) + (targetY - y) * (targetY - y)).squareRoot()
        let frames = max(1, Int((distance / (speed * dt)).rounded(.up)))
        let startX = x, startY = y
        for frame in 1...frames {
            let t = Double(frame) / Double(frames)
            emit(x: startX + (targetX - startX) * t, y: startY + (targetY - startY) * t)
        }
    }

    /// The rect in view at the current offset.
    var visibleRect: Rect { Rect(x: x, y: y, width: viewport.width, height: viewport.height) }

    /// The cells whose frames meet `rect`, for layouts with rows and columns: placements
    /// (anchors and spans) and frames, in the layout's order.
    func cells(in rect: Rect) -> [(placement: GridPlacement, frame: Rect)] {
        var buffer: [LayoutAttributes] = []
        layout.elements(in: rect, into: &buffer)
        return buffer.compactMap { element in
            guard element.kind == .cell, let placement = layout.gridPlacement(of: element.path) else { return nil }
            return (placement, element.frame)
        }
    }

    /// The frame of the span grid's cell covering `cell`'s anchor slot.
    func frame(ofCell cell: GridPlacement) -> Rect? {
        guard let grid = spanGrid, let path = grid.path(coveringRow: cell.row, column: cell.column) else { return nil }
        return grid.attributes(at: path)?.frame
    }

    /// The sections with an element in view at the current offset.
    /// The layout, when it is a span grid.
    var spanGrid: SpanGrid? { layout as? SpanGrid }

    /// Where the cells in view sit, for layouts with rows and columns: anchors and spans.
    func visibleCells() -> [GridPlacement] {
        var buffer: [LayoutAttributes] = []
        layout.elements(in: Rect(x: x, y: y, width: viewport.width, height: viewport.height), into: &buffer)
        return buffer.compactMap { $0.kind == .cell ? layout.gridPlacement(of: $0.path) : nil }
    }

    func visibleSections() -> [Int] {
        var buffer: [LayoutAttributes] = []
        layout.elements(in: Rect(x: x, y: y, width: viewport.width, height: viewport.height), into: &buffer)
        var sections: [Int] = []
        for element in buffer where sections.last != element.path.section && !sections.contains(element.path.section) {
            sections.append(element.path.section)
        }
        return sections
    }

    /// The sections with a cell in view at the current offset, ascending: a data grid's
    /// records in view (its header row's, row headers' and corner's paths are positions in
    /// the grid, not records, so they do not count).
    func visibleCellSections() -> [Int] {
        var buffer: [LayoutAttributes] = []
        layout.elements(in: visibleRect, into: &buffer)
        var sections: [Int] = []
        for element in buffer where element.kind == .cell { sections.append(element.path.section) }
        sections.sort()
        var unique: [Int] = []
        for section in sections where unique.last != section { unique.append(section) }
        return unique
    }

    /// The top of `section`: its header's, or its first cell's, or `nil` when it has neither.
    func top(ofSection section: Int) -> Double? {
        if let header = layout.supplementary(.sectionHeader, section: section) { return header.frame.minY }
        return layout.attributes(at: ItemPath(section: section, item: 0))?.frame.minY
    }
}
