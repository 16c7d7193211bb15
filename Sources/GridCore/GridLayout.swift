/// A layout: given the shape of the data and the size of its container, it says where every
/// element goes. The headless counterpart of `UICollectionViewLayout`.
///
/// A layout is a value. ``prepare(data:container:)`` computes whatever it keeps; the
/// queries then answer from that state and never change it, so a prepared layout can be
/// queried from any number of places.
///
/// ## Laws
///
/// Every conforming layout MUST obey these laws; `GridConformance` checks each of them.
/// "Element" means an element a query can return: a cell at a path of the data, or a
/// supplementary view of a kind at a path. Rects are half-open (see ``Rect``).
///
/// 1. **Completeness and soundness.** `elements(in: r)` appends exactly the elements whose
///    frames intersect `r`, each exactly once, in any order. An empty `r` (zero or negative
///    width or height, or NaN) yields nothing.
/// 2. **Agreement.** An element returned by a rect query is identical (kind, path and every
///    bit of its frame) to what ``attributes(at:)`` returns for a cell, or
///    ``supplementary(_:at:)`` for a supplementary view.
/// 3. **Validity.** Every cell path returned exists in the data shape, and every
///    supplementary path lies in the path space the layout declares for its kind
///    (``LayoutTraits/supplementaries``; section headers and footers by default: one per
///    section of the data, at `(section, 0)`). No frame has a NaN
///    or infinite coordinate or a negative width or height. ``attributes(at:)`` returns
///    `nil`, never traps, for a path that does not exist. No call traps or hangs:
///    `prepare` throws for a configuration it refuses, and every query returns (checked
///    when the suite runs each case in a child process, `ConformanceOptions.isolation`).
/// 4. **Containment.** Every frame lies inside `(0, 0, contentSize)`.
/// 5. **Determinism.** The same data and container give the same answers, bit for bit.
/// 6. **Freshness.** After `prepare` with new data or a new container, told what changed
///    (``prepare(data:container:invalidation:)``) or not, every answer equals that of a
///    newly made layout prepared with the same data and container. No cache may survive a
///    `prepare` unless it is exactly what a fresh one would hold.
/// 7. **Additivity.** For adjacent rects `A` and `B` (sharing an edge),
///    `elements(in: A ∪ B)` is the union of `elements(in: A)` and `elements(in: B)`.
/// 8. **Non-overlap**, where ``LayoutTraits/cellsDoNotOverlap`` is declared: no two cells'
///    frames intersect.
/// 9. **Tightness**, where ``LayoutTraits/tightness`` is declared: along each declared axis
///    the content size is the smallest that holds every frame plus the declared insets
///    (``ContentTightness/requiredExtent(along:farthestEdge:)``).
/// 10. **Locality**, where ``LayoutTraits/measurementLocality`` is declared: telling the
///    layout that items changed size (``DataEdit/setItemSizes(_:)``) changes the frame of no
///    element before the start of the first measured item's line in the data's order
///    (``MeasurementLocality``): its row where a row's cells share a height, the item itself
///    in a waterfall or a grouped column.
///
/// Before the first successful `prepare`, a layout has a zero content size and answers
/// every query with nothing. When `prepare` throws, the layout keeps its previous state.
///
/// ## Performance
///
/// Each conforming type states the complexity and memory of its queries in its
/// documentation. The rect query appends to a caller-owned buffer so that, once the buffer
/// has grown, a query need not allocate: a scrolling viewport calls it every frame.
public protocol GridLayout {
    /// Recomputes the layout for `data` laid out in a container of size `container`.
    ///
    /// - Throws: an error naming the parameter, when the layout's parameters cannot lay out
    ///   this data in this container (a tile width that comes out ≤ 0, say). The layouts
    ///   of GridBench throw ``GridError``.
    mutating func prepare(data: DataShape, container: Size) throws

    /// Brings the layout up to date for `data` in `container`, told by `invalidation` what
    /// changed since its last successful prepare: a batch update of the data, the
    /// container's width or only its height. Afterwards every answer equals that of a newly
    /// made layout prepared with `data` and `container` (law 6, freshness), exactly as after
    /// ``prepare(data:container:)``; only the work may differ.
    ///
    /// `invalidation` is the caller's promise: it describes the change from the data and
    /// container of the last successful prepare to `data` and `container`. A layout never
    /// prepared, or one that cannot use what it is told, prepares again. The default does
    /// just that, so a layout that knows nothing of invalidations still works and conforms.
    ///
    /// - Throws: as ``prepare(data:container:)``; the layout then keeps its previous state.
    mutating func prepare(data: DataShape, container: Size, invalidation: Invalidation) throws

    /// The size of the whole content; every frame lies inside `(0, 0, contentSize)`.
    var contentSize: Size { get }

    /// Appends every element whose frame intersects `rect` to `buffer`.
    ///
    /// Does not clear `buffer`: callers call `removeAll(keepingCapacity: true)` between
    /// frames so that the buffer's storage is reused.
    func elements(in rect: Rect, into buffer: inout [LayoutAttributes])

    /// The attributes of the cell at `path`, or `nil` when the data holds no such item.
    func attributes(at path: ItemPath) -> LayoutAttributes?

    /// The attributes of the supplementary view of `kind` at `path`, or `nil` when the
    /// layout places no such view.
    func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes?

    /// What the layout declares about itself: non-overlap, line sizes, scroll axes, the
    /// supplementary elements it places and which of them pin.
    var traits: LayoutTraits { get }

    /// Where the cell at `path` sits in a two-axis layout's grid: its display row and
    /// column (the top-left slot it covers) and how many rows and columns it spans; `nil`
    /// for a path that does not exist, and for layouts that have no grid of rows and
    /// columns (the default).
    func gridPlacement(of path: ItemPath) -> GridPlacement?

    /// How many times an element changed lane because of a told measurement
    /// (`DataEdit.setItemSizes`) since the layout was made: for a layout whose lanes or
    /// columns are chosen by the sizes known now, each item (a waterfall's) or section (a
    /// grouped column's) whose column after a told measurement differs from its column
    /// before it counts once per measurement. A running count, never reset by a prepare:
    /// a caller takes its difference across the updates it tells. `nil` (the default) when
    /// the layout does not count them; a wrapper that tells its base what changed forwards
    /// its base's count.
    var laneChanges: Int? { get }
}

extension GridLayout {
    /// Prepares again, whatever changed.
    public mutating func prepare(data: DataShape, container: Size, invalidation: Invalidation) throws {
        try prepare(data: data, container: container)
    }

    /// No traits declared.
    public var traits: LayoutTraits { LayoutTraits() }

    /// No grid of rows and columns.
    public func gridPlacement(of path: ItemPath) -> GridPlacement? { nil }

    /// Lane changes not counted.
    public var laneChanges: Int? { nil }

    /// The supplementary view of `kind` for `section`, at path `(section, 0)`.
    @inlinable
    public func supplementary(_ kind: ElementKind, section: Int) -> LayoutAttributes? {
        supplementary(kind, at: ItemPath(section: section, item: 0))
    }

    /// The attributes of an element, cell or supplementary, by its ID.
    @inlinable
    public func attributes(for id: ElementID) -> LayoutAttributes? {
        guard let kind = id.kind else { return nil }
        return kind == .cell ? attributes(at: id.path) : supplementary(kind, at: id.path)
    }

    /// The elements whose frames intersect `rect`, in a new array.
    ///
    /// Allocates; for tools and tests. Hot paths use ``elements(in:into:)``.
    public func elements(in rect: Rect) -> [LayoutAttributes] {
        var buffer: [LayoutAttributes] = []
        elements(in: rect, into: &buffer)
        return buffer
    }

    /// The rectangle `(0, 0, contentSize)`.
    @inlinable
    public var contentBounds: Rect { Rect(origin: .zero, size: contentSize) }
}
