import GridCore

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
    /// The displayed offset.
    private(set) var y = 0.0
    let dt: Double
    let minimumVelocity = 5.0

    init(layout: any GridLayout, data: DataShape, viewport: Size, refreshHz: Int) throws(GridError) {
        self.layout = layout
        self.data = data
        self.viewport = viewport
        self.dt = 1 / Double(refreshHz)
        try prepareLayout()
    }

    /// The largest offset at rest: content height minus viewport height, or 0.
    var maxOffset: Double { max(0, layout.contentSize.height - viewport.height) }

    var isAtEnd: Bool { y >= maxOffset }
    var isAtStart: Bool { y <= 0 }
    var frameCount: Int { offsets.count }
    var seconds: Double { Double(offsets.count) * dt }
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
        y = offset
        offsets.append(Point(x: 0, y: (offset * 1000).rounded() / 1000))
    }

    /// Where an unconstrained position shows, with the rubber band past either edge.
    private func banded(_ position: Double) -> Double {
        if position < 0 { return -ScrollPhysics.rubberBand(overshoot: -position, dimension: viewport.height) }
        if position > maxOffset { return maxOffset + ScrollPhysics.rubberBand(overshoot: position - maxOffset, dimension: viewport.height) }
        return position
    }

    /// Keeps the current offset for `seconds`.
    mutating func hold(_ seconds: Double) {
        for _ in 0..<max(1, Int((seconds / dt).rounded())) { emit(y) }
    }

    /// A finger drags the content at `velocity` points per second (positive scrolls down)
    /// for `seconds`, then lifts; past an edge the content springs back.
    mutating func drag(velocity: Double, seconds: Double) {
        var finger = y
        for _ in 0..<max(1, Int((seconds / dt).rounded())) {
            finger += velocity * dt
            emit(banded(finger))
        }
        springBackIfNeeded()
    }

    /// A fling released at `velocity`, decelerating at `deceleration` until it slows below
    /// `untilFraction` of its release velocity, or stops; past an edge it follows the
    /// rubber band and then springs back. Returns whether it reached an edge.
    @discardableResult
    mutating func fling(velocity v0: Double, deceleration: ScrollPhysics.Deceleration, untilFraction: Double = 0) -> Bool {
        let d = deceleration.ratePerMillisecond
        let x0 = y
        let stopVelocity = max(minimumVelocity, abs(v0) * untilFraction)
        let duration = ScrollPhysics.timeToSlow(initialVelocity: v0, rate: d, to: stopVelocity)
        var reachedEdge = false
        var t = dt
        while t <= duration + dt / 2 {
            let position = ScrollPhysics.offset(from: x0, initialVelocity: v0, rate: d, at: t)
            if position <= 0 || position >= maxOffset { reachedEdge = true }
            if reachedEdge {
                // Past the edge the fling's excess shows through the rubber band until the
                // fling has spent its velocity.
                let full = ScrollPhysics.timeToSlow(initialVelocity: v0, rate: d, to: minimumVelocity)
                while t <= full + dt / 2 {
                    emit(banded(ScrollPhysics.offset(from: x0, initialVelocity: v0, rate: d, at: t)))
                    t += dt
                }
                springBackIfNeeded()
                return true
            }
            emit(position)
            t += dt
        }
        return reachedEdge
    }

    /// Returns an offset past either edge to the edge with a critically damped spring.
    mutating func springBackIfNeeded() {
        let edge = y < 0 ? 0 : (y > maxOffset ? maxOffset : y)
        let excess = y - edge
        guard excess != 0 else { return }
        var t = dt
        while true {
            let remaining = ScrollPhysics.springBack(excess: excess, at: t)
            if abs(remaining) < 0.5 { break }
            emit(edge + remaining)
            t += dt
        }
        emit(edge)
    }

    /// Jumps straight to `offset` (scrolling to an item), clamped to the content.
    mutating func jump(to offset: Double) {
        emit(min(max(offset, 0), maxOffset))
    }

    /// Records `change` before the next frame and applies it to the content.
    mutating func apply(_ change: TraceEvent.Change) throws(GridError) {
        switch change {
        case .resize(let size):
            viewport = size
        case .reload:
            break
        default:
            if let changed = try change.applied(to: data) { data = changed }
        }
        try prepareLayout()
        events.append(TraceEvent(frame: offsets.count, change))
        y = min(max(y, 0), maxOffset)
    }

    /// The sections with an element in view at the current offset.
    func visibleSections() -> [Int] {
        var buffer: [LayoutAttributes] = []
        layout.elements(in: Rect(x: 0, y: y, width: viewport.width, height: viewport.height), into: &buffer)
        var sections: [Int] = []
        for element in buffer where sections.last != element.path.section && !sections.contains(element.path.section) {
            sections.append(element.path.section)
        }
        return sections
    }

    /// The top of `section`: its header's, or its first cell's, or `nil` when it has neither.
    func top(ofSection section: Int) -> Double? {
        if let header = layout.supplementary(.sectionHeader, section: section) { return header.frame.minY }
        return layout.attributes(at: ItemPath(section: section, item: 0))?.frame.minY
    }
}
