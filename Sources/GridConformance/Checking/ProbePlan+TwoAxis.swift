import GridCore

/// Probes that cross row and column boundaries at once: where a rect query of a two-axis
/// layout finds its first and last row and column, an off-by-one on either axis (a `floor`
/// where the far edge needed `ceil`, a column range that drops the last column) shows only
/// in a rect whose edges lie on, or just around, both kinds of boundary.
extension ProbePlan {
    /// At most this many column boundaries and this many row boundaries are crossed by
    /// corner probes (so at most 16 × 16 crossings, five rects each).
    static let maxCrossingLines = 16
    /// At most this many boundaries of each axis get a short strip, one row or column long.
    static let maxShortStrips = 1024

    /// Whether a layout needs probes along both axes: it declares that it scrolls sideways,
    /// or its content is wider than its container.
    static func isTwoAxis(scrollAxes: ScrollAxes, contentSize: Size, container: Size) -> Bool {
        scrollAxes.contains(.horizontal) || contentSize.width > container.width
    }

    /// Adds, for sorted distinct column boundaries `xs` and row boundaries `ys`:
    /// - on each side of every column boundary, a strip `dx` wide and one row of boundaries
    ///   high (the rows taken in turn), and likewise on each side of every row boundary, a
    ///   strip `dy` high and one column wide;
    /// - at each crossing of a chosen column boundary `x` and row boundary `y`, a rect
    ///   straddling it, `[x − dx, x + dx) × [y − dy, y + dy)`, split through the crossing
    ///   across and down (law 7), and the four rects touching the crossing from each quadrant.
    ///
    /// `dx` and `dy` are at most half the smallest gap between boundaries, so every rect
    /// reaches only the cells beside its boundary. Rects whose edges floating point cannot
    /// place exactly are left out.
    mutating func addCrossings(
        xs: [Double], ys: [Double], dx: Double, dy: Double,
        lines: Int = ProbePlan.maxCrossingLines, shortStrips: Int = ProbePlan.maxShortStrips
    ) {
        if ys.count >= 2 {
            for (k, x) in Self.evenlyChosen(xs, count: shortStrips).enumerated() {
                let row = k % (ys.count - 1)
                addExact(minX: x - dx, maxX: x, minY: ys[row], maxY: ys[row + 1], .strip(edge: .left, at: x))
                addExact(minX: x, maxX: x + dx, minY: ys[row], maxY: ys[row + 1], .strip(edge: .right, at: x))
            }
        }
        if xs.count >= 2 {
            for (k, y) in Self.evenlyChosen(ys, count: shortStrips).enumerated() {
                let column = k % (xs.count - 1)
                addExact(minX: xs[column], maxX: xs[column + 1], minY: y - dy, maxY: y, .strip(edge: .above, at: y))
                addExact(minX: xs[column], maxX: xs[column + 1], minY: y, maxY: y + dy, .strip(edge: .below, at: y))
            }
        }
        for x in Self.evenlyChosen(xs, count: lines) {
            for y in Self.evenlyChosen(ys, count: lines) {
                let role = Role.corner(x: x, y: y)
                let index = rects.count
                if addExact(minX: x - dx, maxX: x + dx, minY: y - dy, maxY: y + dy, role) {
                    addSplit(of: rects[index], index: index, at: x, vertical: false)
                    addSplit(of: rects[index], index: index, at: y, vertical: true)
                }
                addExact(minX: x - dx, maxX: x, minY: y - dy, maxY: y, role)
                addExact(minX: x, maxX: x + dx, minY: y - dy, maxY: y, role)
                addExact(minX: x - dx, maxX: x, minY: y, maxY: y + dy, role)
                addExact(minX: x, maxX: x + dx, minY: y, maxY: y + dy, role)
            }
        }
    }

    /// Adds the rect with exactly these edges; returns whether floating point allowed it.
    @discardableResult
    private mutating func addExact(minX: Double, maxX: Double, minY: Double, maxY: Double, _ role: Role) -> Bool {
        guard minX < maxX, minY < maxY,
              let rect = Self.exactRect(minX: minX, maxX: maxX, minY: minY, maxY: maxY),
              rect.minX == minX, rect.minY == minY
        else { return false }
        add(rect, role)
        return true
    }
}
