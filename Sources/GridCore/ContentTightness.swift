/// What a layout declares for law 9: along each of `axes`, its content ends where its
/// farthest frame ends plus the trailing inset, and no farther.
///
/// Along y, the content height must be `max(insets.top, m) + insets.bottom`, where `m` is
/// the largest `maxY` of every frame the layout answers (cells and supplementary views, of
/// any area); with no frame at all, `insets.top + insets.bottom`. Likewise along x with
/// `left` and `right`. A content one line too long, or taken from the last items rather
/// than the farthest, breaks it.
public struct ContentTightness: Hashable, Sendable {
    /// The axes along which the content is tight.
    public var axes: ScrollAxes
    /// Space the layout keeps around its frames: the leading insets bound an empty
    /// content from below, the trailing ones follow the farthest frame.
    public var insets: ContentInsets

    public init(axes: ScrollAxes, insets: ContentInsets = ContentInsets()) {
        self.axes = axes
        self.insets = insets
    }

    /// The extent `axis` of the content must have, given the farthest frame edge along it
    /// (`nil` when there is no frame).
    /// - Complexity: O(1).
    @inlinable
    public func requiredExtent(along axis: Axis, farthestEdge: Double?) -> Double {
        let (leading, trailing) = axis == .vertical ? (insets.top, insets.bottom) : (insets.left, insets.right)
        return max(leading, farthestEdge ?? leading) + trailing
    }
}
