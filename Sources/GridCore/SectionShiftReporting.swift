/// A vertical layout that can say what a told update did to its sections (``SectionShift``),
/// so that the cached strategy re-caches only what it laid again: whole sections (the tile
/// grid's edits, the waterfall's and the measured data grid's measurements) or, with a shift
/// cut at items, a run of items inside one (the one-column columnar layout's measurements, the
/// tile grid's with labels, cut at rows), or sections side by side that each moved by an
/// offset of their own (the columnar layout's edits in several columns,
/// ``SectionShift/sectionsMoveApart``). The cached strategy
/// (`CachedLayout`, with its `CachedPieces`, in GridStrategies) follows a shift over a cache
/// whose arrays hold each section's elements in one run, in order of section, on content
/// that scrolls along y alone; sections that move apart it follows section by section
/// (`ApartSections`), each section's cells in item order along y.
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
