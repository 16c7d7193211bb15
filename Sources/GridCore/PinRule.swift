/// A rule by which a viewport keeps elements of one kind in view along one axis while the
/// content scrolls.
///
/// At scroll offset `o` along the axis, an element governed by a rule is shown shifted by
///
///     shift = clamp(o − start, 0, limit − end)      (0 when limit − end < 0)
///
/// where `[start, end)` is the extent of its *band* along the axis and `limit` where the
/// band must stop:
/// - ``Reach/untilNext``: each element is a band of its own, and `limit` is the start of the
///   next element of the kind along the axis (the content's end after the last). This is
///   UITableView's plain style and CHGridView's section titles: docs/architecture.md's
///   `min(max(top_i, y0), top_{i+1} − t)`.
/// - ``Reach/band(start:end:)``: every element of the kind lying in `[start, end)` moves as
///   one frozen band, and `limit` is the content's end. A data grid's header row at
///   `[0, hh)` is then at `y = clamp(y0, 0, contentHeight − hh)`; a span grid's frozen rows
///   move together.
///
/// An element pinned along both axes (a corner) follows one rule on each.
public struct PinRule: Hashable, Sendable {
    /// How far a pinned element travels with the offset.
    public enum Reach: Hashable, Sendable {
        /// Until the next element of its kind pushes it out.
        case untilNext
        /// As one band with the elements of its kind lying in `[start, end)`, to the end of
        /// the content.
        case band(start: Double, end: Double)
    }

    public var kind: ElementKind
    public var axis: Axis
    public var reach: Reach

    public init(_ kind: ElementKind, along axis: Axis, _ reach: Reach) {
        self.kind = kind
        self.axis = axis
        self.reach = reach
    }

    /// Section headers pinned along y until the next one pushes them out.
    public static let sectionHeaders = PinRule(.sectionHeader, along: .vertical, .untilNext)

    /// `clamp(offset − start, 0, limit − end)`, and 0 when the band does not fit before
    /// `limit`: how far a band `[start, end)` is shifted at `offset`.
    @inlinable
    public static func shift(offset: Double, start: Double, end: Double, limit: Double) -> Double {
        let room = limit - end
        guard room > 0 else { return 0 }
        return min(max(offset - start, 0), room)
    }
}
