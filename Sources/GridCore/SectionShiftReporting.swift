/// A vertical layout that can say what a told update did to its sections (``SectionShift``),
/// so that the cached strategy re-caches only the sections it laid again.
///
/// Optional, like the update itself: a layout that does not adopt it is cached again whole
/// after every update, and a layout that adopts it may answer `nil` whenever it cannot
/// promise a shift (a rotation, a reload, coordinates that are not exact).
public protocol SectionShiftReporting: GridLayout {
    /// Brings the layout up to date as ``GridLayout/prepare(data:container:invalidation:)``
    /// does, in place, and says what the update did: see ``SectionShift`` for what a shift
    /// promises, between the layout before this call and after it. `nil` when the layout
    /// promises nothing.
    ///
    /// - Throws: what `prepare(data:container:invalidation:)` throws; the layout is then as
    ///   it was before the call.
    mutating func prepareReportingShift(data: DataShape, container: Size, invalidation: Invalidation) throws -> SectionShift?
}
