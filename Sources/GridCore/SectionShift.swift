/// What a told update did to a layout's sections: which it left as they were, which it laid
/// again, and which it only moved, all of them by one offset along y.
///
/// A vertical layout told of a batch update (``GridLayout/prepare(data:container:invalidation:)``
/// with ``Invalidation/DataChange/edited(_:)``) that re-lays the sections the update touched
/// and shifts the ones after them knows this; a cache of its elements that is told it keeps
/// the sections that did not change and moves the ones that did not change shape, instead of
/// caching every element again (``SectionShiftReporting``).
///
/// The boundaries may fall inside a section, at an item: a measurement in a one-column feed
/// of one section lays again the items from the checkpoint before the first measured one
/// (``firstChangedItem``) to the one after the last (``movedFromItem``), keeps the header and
/// the items above, and moves every item below, with the footer and the later sections. A
/// boundary at item 0 is a section boundary; both at 0, a shift speaks of whole sections.
///
/// With `old` the layout before the update and `new` after it, a shift says, bit for bit,
/// for every element of positive area (see ``part(of:before:)`` for which part each is in):
/// - the *kept* elements, those of every section before ``firstChanged`` and, when
///   ``firstChangedItem`` is above 0, those of section `firstChanged` that start above
///   `changedSpan.lowerBound` (its cells before `firstChangedItem` and the supplementary
///   views above them, such as its header), are in `new` what they were in `old`, under the
///   same paths, with the same frames, and each of them ends at or above
///   `changedSpan.lowerBound`;
/// - the *moved* elements, those of every section after ``movedFrom`` of `old` and, when
///   ``movedFromItem`` is 0, of section `movedFrom` itself, else those of section `movedFrom`
///   that start at or below `changedSpan.upperBound − offset` (its cells from `movedFromItem`
///   on and the supplementary views below them, such as its footer), are in `new` the same
///   elements (items and supplementary views, under the same item numbers, section
///   `movedFrom + j` becoming section `movedTo + j`), each frame's `y` increased by
///   ``offset`` and nothing else changed (its group position neither); each of them starts at
///   or below `changedSpan.upperBound` in `new`;
/// - the elements in between, laid again, lie within ``changedSpan`` along y in `new`, and,
///   when a boundary falls inside a section, within `changedSpan.lowerBound ...
///   changedSpan.upperBound − offset` in `old`: so that inside a section the parts are told
///   apart by where their elements start.
///
/// And the coordinates are exact: ``offset`` and the `minY` of every element of `old` and
/// `new`, and the bounds of ``changedSpan``, are multiples of 2⁻¹⁰ smaller than 2⁴² in
/// magnitude, so that a cache may add offsets in any order and get the layout's own frames
/// bit for bit.
///
/// Sections side by side (``sectionsMoveApart``): where sections do not stack along y (the
/// columnar layout in several columns, each section in the column shortest at its turn), an
/// edit in one section can send every later one to another column and height, each by an
/// offset of its own, which no one ``offset`` says. Such a shift speaks of whole sections
/// only (both item boundaries 0), promises nothing of where along y the parts lie (the
/// ``changedSpan`` and ``offset`` say nothing), and says instead that every moved section
/// went whole, each element of it moved by the same `(dx, dy)`, its own section's, and
/// nothing else changed: a cache finds each section's offset from any one of its elements,
/// as the layout answers it after the update. The `minX` and `minY` of every element before
/// and after are then exact, so that adding the offsets gives the layout's frames bit for bit.
public struct SectionShift: Hashable, Sendable {
    /// The first section the update may have changed; every section before it is as it was.
    public var firstChanged: Int
    /// The first item of section ``firstChanged`` the update may have changed: the elements
    /// of that section above it are kept as they were. 0 when the whole section may have
    /// changed.
    public var firstChangedItem: Int
    /// The index before the update of the first section it only moved, wholly or from
    /// ``movedFromItem`` on.
    public var movedFrom: Int
    /// The first item of section ``movedFrom`` that only moved, with everything below it in
    /// that section; 0 when the whole section moved.
    public var movedFromItem: Int
    /// The index after the update of that section.
    public var movedTo: Int
    /// How far along y the moved sections moved.
    public var offset: Double
    /// Where along y the sections laid again lie, after the update.
    public var changedSpan: ClosedRange<Double>
    /// Whether the moved sections each moved by an offset of their own, along x and y, rather
    /// than all by ``offset`` along y (see the type's documentation): sections that lie side
    /// by side. ``offset`` and ``changedSpan`` then say nothing, and both item boundaries are 0.
    public var sectionsMoveApart: Bool

    public init(
        firstChanged: Int, firstChangedItem: Int = 0, movedFrom: Int, movedFromItem: Int = 0, movedTo: Int, offset: Double,
        changedSpan: ClosedRange<Double>
    ) {
        self.init(
            firstChanged: firstChanged, firstChangedItem: firstChangedItem, movedFrom: movedFrom, movedFromItem: movedFromItem,
            movedTo: movedTo, offset: offset, changedSpan: changedSpan, sectionsMoveApart: false)
    }

    /// A shift of sections side by side (``sectionsMoveApart``): the sections before
    /// `firstChanged` kept, those from `movedFrom` before the update on moved whole to
    /// `movedTo` on, each by its own offset, the ones between laid again.
    public static func apart(firstChanged: Int, movedFrom: Int, movedTo: Int) -> SectionShift {
        SectionShift(
            firstChanged: firstChanged, firstChangedItem: 0, movedFrom: movedFrom, movedFromItem: 0, movedTo: movedTo, offset: 0,
            changedSpan: 0...0, sectionsMoveApart: true)
    }

    private init(
        firstChanged: Int, firstChangedItem: Int, movedFrom: Int, movedFromItem: Int, movedTo: Int, offset: Double,
        changedSpan: ClosedRange<Double>, sectionsMoveApart: Bool
    ) {
        self.sectionsMoveApart = sectionsMoveApart
        self.firstChanged = firstChanged
        self.firstChangedItem = firstChangedItem
        self.movedFrom = movedFrom
        self.movedFromItem = movedFromItem
        self.movedTo = movedTo
        self.offset = offset
        self.changedSpan = changedSpan
    }

    /// How many sections the update inserted (positive) or deleted (negative) before the
    /// moved ones: `movedTo − movedFrom`.
    public var renumbering: Int { movedTo - movedFrom }

    /// Which part of an update an element falls in: kept as it was, laid again, or moved.
    public enum Part: Sendable, Hashable {
        case kept, laidAgain, moved
    }

    /// The part `element`, of positive area, falls in: `before` for an element of the layout
    /// before the update (its path in the numbering before it), else after.
    ///
    /// Sections before ``firstChanged`` are kept and those after ``movedFrom`` (``movedTo``
    /// after) moved; inside a section a boundary at an item cuts, the part is told by where
    /// the element starts: above `changedSpan.lowerBound` kept, at or below
    /// `changedSpan.upperBound` (less ``offset`` before the update) moved.
    /// - Complexity: O(1).
    public func part(of element: LayoutAttributes, before: Bool) -> Part {
        let section = element.path.section, y = element.frame.minY
        if section < firstChanged { return .kept }
        if section == firstChanged && firstChangedItem > 0 && y < changedSpan.lowerBound { return .kept }
        let moved = before ? movedFrom : movedTo
        if section > moved { return .moved }
        if section == moved && (movedFromItem == 0 || y >= changedSpan.upperBound - (before ? offset : 0)) { return .moved }
        return .laidAgain
    }

    /// Whether the boundaries are consistent with data of `oldSections` sections before the
    /// update and `newSections` after it: `firstChanged` before both moved sections,
    /// `oldSections − movedFrom = newSections − movedTo`, and a boundary inside a section
    /// only in a section that exists, the first not after the second (never, for sections
    /// that move apart).
    public func fits(oldSections: Int, newSections: Int) -> Bool {
        if sectionsMoveApart && (firstChangedItem != 0 || movedFromItem != 0) { return false }
        guard firstChanged >= 0, firstChangedItem >= 0, movedFromItem >= 0, firstChanged <= movedFrom,
              firstChanged <= movedTo, movedFrom <= oldSections, movedTo <= newSections,
              oldSections - movedFrom == newSections - movedTo
        else { return false }
        if movedFromItem > 0 && movedFrom >= oldSections { return false }
        if firstChangedItem > 0 {
            guard firstChanged < oldSections else { return false }
            if firstChanged == movedFrom || firstChanged == movedTo {
                return movedFrom == movedTo && movedFromItem > 0 && firstChangedItem <= movedFromItem
            }
        }
        return true
    }

    /// Whether `value` is a multiple of 2⁻¹⁰ smaller than 2⁴² in magnitude: a coordinate that
    /// sums of such values keep exact.
    @inlinable
    public static func isExact(_ value: Double) -> Bool {
        let scaled = value * 0x1p10
        return abs(value) < 0x1p42 && scaled.rounded(.towardZero) == scaled
    }
}
