import GridCore

/// How far beyond the visible rect a ``Viewport`` loads elements: on each side along each
/// of the layout's scroll axes.
///
/// CHGridView loads "visible tiles and section titles, plus four rows above and beneath";
/// a two-axis grid adds two columns either side: that is ``chGridView``. A layout that
/// scrolls only vertically never uses the horizontal part.
public struct PreloadMargin: Hashable, Sendable {
    /// A margin along one axis.
    public enum Extent: Hashable, Sendable {
        /// A number of lines: rows of `layout.traits.lineHeight` points vertically, columns
        /// of `layout.traits.lineWidth` points horizontally (the line height when the layout
        /// declares no width), or ``PreloadMargin/defaultLineHeight`` when it declares
        /// neither.
        case lines(Double)
        /// A number of points.
        case points(Double)
    }

    /// Above and beneath the visible rect.
    public var vertical: Extent
    /// Either side of the visible rect.
    public var horizontal: Extent

    public init(vertical: Extent, horizontal: Extent = PreloadMargin.defaultHorizontal) {
        self.vertical = vertical
        self.horizontal = horizontal
    }

    /// `rows` lines above and beneath, `columns` either side.
    public init(rows: Double, columns: Double = 2) {
        self.init(vertical: .lines(rows), horizontal: .lines(columns))
    }

    /// `lines` lines on every side.
    public static func lines(_ lines: Double) -> PreloadMargin {
        PreloadMargin(vertical: .lines(lines), horizontal: .lines(lines))
    }

    /// `points` points on every side.
    public static func points(_ points: Double) -> PreloadMargin {
        PreloadMargin(vertical: .points(points), horizontal: .points(points))
    }

    /// CHGridView's margin, four rows above and beneath, with two columns either side for
    /// layouts that scroll sideways.
    public static let chGridView = PreloadMargin(rows: 4, columns: 2)

    /// Two columns: the horizontal margin unless another is given.
    public static let defaultHorizontal = Extent.lines(2)

    /// The height of one line for a layout that declares none: 44 pt, UIKit's default row.
    public static let defaultLineHeight = 44.0

    /// Throws unless every number of lines or points is finite and ≥ 0.
    ///
    /// - Throws: `GridError` naming `margin.lines` or `margin.points` (the vertical
    ///   margin), or `margin.columns` or `margin.horizontalPoints`.
    /// - Complexity: O(1).
    public func validate() throws(GridError) {
        switch vertical {
        case .lines(let lines): try GridError.requireNonNegative(lines, "margin.lines")
        case .points(let points): try GridError.requireNonNegative(points, "margin.points")
        }
        switch horizontal {
        case .lines(let lines): try GridError.requireNonNegative(lines, "margin.columns")
        case .points(let points): try GridError.requireNonNegative(points, "margin.horizontalPoints")
        }
    }

    /// The vertical margin in points for a layout whose `LayoutTraits.lineHeight` is
    /// `lineHeight`.
    ///
    /// - Throws: `GridError` when the margin itself is invalid (see ``validate()``), when
    ///   a margin in lines meets a line height that is not finite and > 0
    ///   (`layout.traits.lineHeight`), or when lines × line height overflows to infinity.
    /// - Complexity: O(1).
    public func extent(lineHeight: Double?) throws(GridError) -> Double {
        try validate()
        return try Self.points(vertical, line: lineHeight, lineField: "layout.traits.lineHeight", linesField: "margin.lines")
    }

    /// The vertical and horizontal margins in points for a layout with `traits`.
    ///
    /// - Throws: as ``extent(lineHeight:)``, for either axis (`layout.traits.lineWidth`,
    ///   `margin.columns` horizontally).
    /// - Complexity: O(1).
    public func extents(for traits: LayoutTraits) throws(GridError) -> (vertical: Double, horizontal: Double) {
        try validate()
        let v = try Self.points(vertical, line: traits.lineHeight, lineField: "layout.traits.lineHeight", linesField: "margin.lines")
        let h = try Self.points(
            horizontal, line: traits.lineWidth ?? traits.lineHeight,
            lineField: traits.lineWidth == nil ? "layout.traits.lineHeight" : "layout.traits.lineWidth", linesField: "margin.columns")
        return (v, h)
    }

    private static func points(_ extent: Extent, line: Double?, lineField: String, linesField: String) throws(GridError) -> Double {
        switch extent {
        case .points(let points):
            return points
        case .lines(let lines):
            let line = line ?? Self.defaultLineHeight
            guard line.isFinite, line > 0 else {
                throw .invalidParameter(lineField, line, expected: "a finite number > 0 (a margin in lines is a multiple of it)")
            }
            let extent = lines * line
            guard extent.isFinite else {
                throw .invalidParameter(linesField, lines, expected: "a number of lines whose extent (× line size \(line)) is finite")
            }
            return extent
        }
    }
}
