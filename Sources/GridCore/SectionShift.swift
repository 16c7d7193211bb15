/// What a told update did to a layout's sections: which it left as they were, which it laid
/// again, and which it only moved, all of them by one offset along y.
///
/// A vertical layout told of a batch update (``GridLayout/prepare(data:container:invalidation:)``
/// with ``Invalidation/DataChange/edited(_:)``) that re-lays the sections the update touched
/// and shifts the ones after them knows this; a cache of its elements that is told it keeps
/// the sections that did not change and moves the ones that did not change shape, instead of
/// caching every element again (``SectionShiftReporting``).
///
/// With `old` the layout before the update and `new` after it, a shift says, bit for bit:
/// - every section before ``firstChanged`` holds in `new` the elements it held in `old`,
///   under the same paths, with the same frames, and each of them ends at or above
///   `changedSpan.lowerBound`;
/// - section `movedFrom + j` of `old` is section `movedTo + j` of `new`, for every `j ≥ 0`:
///   the same elements (items and supplementary views, under the same item numbers), each
///   frame's `y` increased by ``offset`` and nothing else changed; each of them starts at or
///   below `changedSpan.upperBound` in `new`;
/// - the sections `firstChanged ..< movedTo` of `new`, laid again, have every element within
///   ``changedSpan`` along y.
///
/// And the coordinates are exact: ``offset`` and the `minY` of every element of `old` and
/// `new` are multiples of 2⁻¹⁰ smaller than 2⁴² in magnitude, so that a cache may add offsets
/// in any order and get the layout's own frames bit for bit.
public struct SectionShift: Hashable, Sendable {
    /// The first section the update may have changed; every section before it is as it was.
    public var firstChanged: Int
    /// The index before the update of the first section it only moved.
    public var movedFrom: Int
    /// The index after the update of that section.
    public var movedTo: Int
    /// How far along y the moved sections moved.
    public var offset: Double
    /// Where along y the sections laid again lie, after the update.
    public var changedSpan: ClosedRange<Double>

    public init(firstChanged: Int, movedFrom: Int, movedTo: Int, offset: Double, changedSpan: ClosedRange<Double>) {
        self.firstChanged = firstChanged
        self.movedFrom = movedFrom
        self.movedTo = movedTo
        self.offset = offset
        self.changedSpan = changedSpan
    }

    /// How many sections the update inserted (positive) or deleted (negative) before the
    /// moved ones: `movedTo − movedFrom`.
    public var renumbering: Int { movedTo - movedFrom }

    /// Whether `value` is a multiple of 2⁻¹⁰ smaller than 2⁴² in magnitude: a coordinate that
    /// sums of such values keep exact.
    @inlinable
    public static func isExact(_ value: Double) -> Bool {
        let scaled = value * 0x1p10
        return abs(value) < 0x1p42 && scaled.rounded(.towardZero) == scaled
    }
}
