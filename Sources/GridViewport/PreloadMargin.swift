import GridCore

/// How far beyond the visible rect a ``Viewport`` loads elements, on each side along the
/// layout's scroll axes.
///
/// CHGridView loads "visible tiles and section titles, plus four rows above and beneath":
/// that is ``chGridView``, four lines.
public enum PreloadMargin: Hashable, Sendable {
    /// A number of lines: each is `layout.traits.lineHeight` points, or
    /// ``defaultLineHeight`` (44 pt, a table row) when the layout declares no line height.
    case lines(Double)
    /// A number of points.
    case points(Double)

    /// CHGridView's margin: four rows above and beneath the visible rect.
    public static let chGridView: PreloadMargin = .lines(4)

    /// The height of one line for a layout that declares none: 44 pt, UIKit's default row.
    public static let defaultLineHeight = 44.0

    /// Throws unless the number of lines or points is finite and ≥ 0.
    ///
    /// - Throws: ``GridError`` naming `margin.lines` or `margin.points`.
    /// - Complexity: O(1).
    public func validate() throws(GridError) {
        switch self {
        case .lines(let lines): try GridError.requireNonNegative(lines, "margin.lines")
        case .points(let points): try GridError.requireNonNegative(points, "margin.points")
        }
    }

    /// The margin in points for a layout whose ``LayoutTraits/lineHeight`` is `lineHeight`.
    ///
    /// - Throws: ``GridError`` when the margin itself is invalid (see ``validate()``), when
    ///   a margin in lines meets a line height that is not finite and > 0
    ///   (`layout.traits.lineHeight`), or when lines × line height overflows to infinity.
    /// - Complexity: O(1).
    public func extent(lineHeight: Double?) throws(GridError) -> Double {
        try validate()
        switch self {
        case .points(let points):
            return points
        case .lines(let lines):
            let line = lineHeight ?? Self.defaultLineHeight
            guard line.isFinite, line > 0 else {
                throw .invalidParameter(
                    "layout.traits.lineHeight", line,
                    expected: "a finite number > 0 (a margin in lines is a multiple of it)")
            }
            let extent = lines * line
            guard extent.isFinite else {
                throw .invalidParameter(
                    "margin.lines", lines, expected: "a number of lines whose extent (× line height \(line)) is finite")
            }
            return extent
        }
    }
}
