import GridCore

/// The cache-everything strategy: materialises every element of the base layout once, in
/// `prepare`, and answers every query from the cache through a spatial index.
///
/// The frames are kept in a structure of arrays ordered by band (a `BandIndex` along
/// the scroll axis, bands about one line of the layout high), so that a rect query reads
/// only the bands it covers and the one before. For content that scrolls both ways, each
/// band is sorted by x and searched by binary search from the rect's left edge (less the
/// band's widest element), so a narrow viewport over wide rows reads only what it shows. Cells are found by their flat index in the
/// data, section headers by section, other supplementary views in a table per kind the
/// layout declares (`SupplementarySlots`; a dictionary for any beyond).
///
/// A layout that adopts `ScrollOrderedEnumeration` writes its elements straight
/// into the arrays in their order (no rect queries, no sort); the others are queried.
///
/// Elements are materialised through the base's own rect queries over the whole content,
/// in strips, so the cache holds exactly what the base's rect queries return (law 1 of
/// `GridLayout`); an element with a zero-area frame, which no rect query returns, is
/// answered by the base when asked for by path.
///
/// - Complexity: prepare O(P + n) time, where P is the base's own prepare and n the
///   number of elements (O(P + n log n) at worst for content that scrolls both ways);
///   rect query O(1 + m) where m is the number of elements starting in the bands the rect
///   spans and the one before (O(1 + k) for k results when elements are no taller than a
///   line), or on two-axis content O(B log(n/B) + k) for the B bands it spans, reading
///   only the elements of each band that can reach across the rect; per-item and
///   section-header queries O(1). Told of a batch update by a base that says what it did
///   (`SectionShiftReporting`), O(P′ + m log m + p) for the base's update P′,
///   the m elements of the sections it laid again and the p pieces the cache then answers
///   from (`CachedPieces`); a rect query over pieces O(log p + Σ (log m + k)). Told of one
///   whose sections move apart (the columnar layout's edits in several columns), O(P′ +
///   S log S + m·q) for the S sections and the m elements laid again, each asked of the base
///   by path (q), O(n) more at the first after a build (`ApartSections`); a rect query then
///   O(log S + s log c + k) for the s sections met of c cells. Edited by
///   an edit that keeps the data and says what it moved (`EditableLayout`, a span grid's
///   keystroke with its `LayoutEdit.shift`), likewise, the base edited in place (see
///   `apply(_:)`): O(1) beyond the base's edit when no frame changed.
/// - Memory: O(n): 40 bytes per element (frame and ID; 41 for layouts that set group
///   positions, which are kept one byte per element only then), 4 bytes per cell for the path
///   index and 4 per path of each declared supplementary kind's table, 4 bytes per band (about one per line), 8 more per band on two-axis content; an element taller than a band also
///   takes 4 bytes per band it crosses. About 45 bytes per element on CHGridView's grid,
///   on top of the base layout's own state.
public struct CachedLayout<Base: GridLayout>: GridLayout {
    /// The layout whose answers are cached.
    public private(set) var base: Base

    /// Frames, ordered by band.
    @usableFromInline var frames: [Rect] = []
    /// The element at each position of `frames`.
    @usableFromInline var ids: [ElementID] = []
    /// The group position of the element at each position of `frames`; empty when every
    /// element's is `none` (every layout without groups), so that only layouts that set
    /// positions pay for them, one byte per element.
    @usableFromInline var positions: [GroupPosition] = []
    @usableFromInline var index = BandIndex(bandExtent: 1, bandCount: 0)
    /// Whether the bands run along x (a layout that scrolls only horizontally).
    @usableFromInline var bandsAlongX = false
    /// For content that scrolls both ways: each band's elements are sorted by the cross
    /// coordinate (x), and `bandMaxWidths[b]` is the widest of them, so that a rect query
    /// binary-searches each band instead of reading whole rows. Empty otherwise.
    @usableFromInline var bandMaxWidths: [Double] = []
    /// The data the cache was built for: cell slots are indexed by flat item index.
    @usableFromInline var data = DataShape.empty
    /// `cellSlots[flatIndex]` is the position of the cell in `frames`, or −1.
    @usableFromInline var cellSlots: [Int32] = []
    /// `headerSlots[section]` is the position of the section header, or −1.
    @usableFromInline var headerSlots: [Int32] = []
    /// Positions of the other supplementary views.
    @usableFromInline var otherSlots = SupplementarySlots()
    /// After told updates applied in pieces, what the cache answers from (see
    /// ``CachedPieces``); empty while the arrays answer as built.
    @usableFromInline var pieces = CachedPieces()
    /// Whether the last build wrote the elements in order of section band by band, on
    /// content that scrolls along y (alone, or both ways): every element of a band is of a
    /// section no later than every element of the bands after it, so that each section's
    /// elements lie in one run of the arrays, shared at most with other sections in its
    /// first and last bands (two short rows starting in one band, sorted by x): what updates
    /// in pieces need. (A moved element keeps its group position, read from ``positions``
    /// as built.)
    ///
    /// Known at the build when the base wrote its elements itself in order of section
    /// (``ScrollOrderedEnumeration``: the sink keeps its bands in order and sorts only
    /// inside a band); otherwise `nil` until the first update the base describes, which
    /// checks the arrays once (``followsInPieces()``), so that a build pays nothing for it.
    var sectionsInBands: Bool? = false
    /// Elements per item at the last build, to size the next build's arrays.
    var elementsPerItem = 0.0
    /// How many times the cache was built whole (a first prepare, a rebuild after an update
    /// it could not follow in pieces): what a test reads to see that a measurement was
    /// followed in pieces.
    package internal(set) var buildCount = 0
    /// Whether the last build took the base's own enumeration (``ScrollOrderedEnumeration``)
    /// rather than rect queries.
    package internal(set) var builtFromEnumeration = false
    /// Tells this value from its copies: while it is uniquely referenced, the value has not
    /// been copied since its last build, so the arrays are its own and a rebuild writes over
    /// them (see ``prepare(data:container:)``).
    /// `nil` until the first build.
    private var token: CopyToken?

    /// Wraps `base`; nothing is cached until ``prepare(data:container:)``.
    public init(_ base: Base) {
        self.base = base
    }

    public var contentSize: Size { base.contentSize }
    public var traits: LayoutTraits { base.traits }
    /// The base's: it is told every update, whether the cache then follows in pieces or
    /// builds again.
    public var laneChanges: Int? { base.laneChanges }

    /// The number of elements held in the cache.
    public var cachedElementCount: Int {
        if pieces.isEmpty { return ids.count }
        return pieces.apart.active ? apartElementCount() : pieces.elementCount(ids: ids, index: index)
    }

    /// Whether the cache answers from sections that moved apart since its last build
    /// (`SectionShift.sectionsMoveApart`, see `ApartSections`).
    package var answersFromSectionsApart: Bool { pieces.apart.active }

    /// Whether the cache answers from pieces, told updates applied since its last build
    /// (see ``prepare(data:container:invalidation:)``), rather than from its arrays as built.
    package var answersFromPieces: Bool { !pieces.isEmpty }

    /// The number of runs of sections the cache answers from when it ``answersFromPieces``;
    /// 0 otherwise.
    package var pieceCount: Int { pieces.list.count }

    /// Whether a piece the cache answers from shares a band of the arrays with another
    /// (cut where sections mix in a band, see `CachedPieces.boundary(of:in:_:)`): what a
    /// test reads to see that such a cut was followed.
    package var piecesShareBands: Bool { pieces.list.contains { $0.patch < 0 && $0.sharesBands } }

    /// The number of bands of the spatial index.
    package var bandCount: Int { index.bandCount }

    /// Prepares the base layout, then caches every element it places.
    ///
    /// A value prepared again (a rotation, a reload) that has not been copied since it was
    /// last built writes the new cache over its own arrays when they have the room: no
    /// allocation and no fresh page to fault in, which is most of a first build's cost at
    /// large sizes (about 6.5 ms warm against 25 ms cold at 1,000,000 tiles). A copy, whose
    /// arrays are shared, builds new ones.
    ///
    /// - Throws: what the base's `prepare` throws; a `GridError` when the base places
    ///   more than 2³¹ − 1 elements or an element whose path an `ElementID` cannot hold.
    ///   When it throws, the previous cache and base are kept.
    /// - Complexity: O(P + n); see the type's documentation.
    public mutating func prepare(data: DataShape, container: Size) throws {
        var newBase = base
        try newBase.prepare(data: data, container: container)
        try rebuild(from: newBase, data: data)
    }

    /// Tells the base what changed, then brings the cache up to date.
    ///
    /// When the base can say what the update did (`SectionShiftReporting`: the
    /// tile grid, told of a batch update or, with labels, of a measurement, cut at rows; the
    /// waterfall, the one-column columnar layout (cut at items) and the data grid with
    /// measured rows, told of a measurement), the cache takes the sections the base laid again
    /// from the base's rect queries, keeps the sections before them and moves the ones after
    /// them where they went (`CachedPieces`): the arrays are not written. When the sections
    /// moved apart, each by its own offset (the columnar layout's edits in several columns,
    /// `SectionShift.sectionsMoveApart`), it follows them section by section
    /// (`ApartSections`), the arrays again not written. Otherwise, or when the pieces grow too
    /// many, it caches every element again, over its own arrays as
    /// ``prepare(data:container:)`` does.
    ///
    /// - Throws: as ``prepare(data:container:)``; the previous cache and base are then kept,
    ///   except in one case: a base that reports what an edit did is prepared in place, so
    ///   should the elements it then places not fit the cache (more than 2³¹ − 1 of them),
    ///   the cache is left empty.
    /// - Complexity: the base's update, plus O(m log m + p) for the m elements of the
    ///   sections laid again and the p pieces when the base says what it did, O(S log S + m·q)
    ///   for sections that move apart (see the type's documentation); else O(n).
    public mutating func prepare(data: DataShape, container: Size, invalidation: Invalidation) throws {
        // Sections an ElementID cannot number are refused by a build: that is left to the
        // path below, which keeps the previous base.
        if case .edited = invalidation.data, data.sectionCount <= ElementID.maxSection + 1,
           let reporting = Base.self as? any SectionShiftReporting.Type,
           case let (prepared, shift) = try Self.prepareReportingShift(reporting, &base, data: data, container: container, invalidation: invalidation),
           prepared {
            if let shift, shift.sectionsMoveApart {
                if followApart(shift, old: self.data, new: data) {
                    takeData(data, invalidation: invalidation)
                    return
                }
            } else if let shift, followsInPieces() {
                let base = self.base
                let main = CachedPieces.Main(ids: ids, frames: frames, index: index)
                // The query is a closure literal passed straight on, so that its context
                // lives on the stack (a closure kept in a variable would be boxed).
                if pieces.apply(shift, old: self.data, new: data, main: main, query: { base.elements(in: $0, into: &$1) }) {
                    takeData(data, invalidation: invalidation)
                    return
                }
            }
            // Prepared, but not to be followed in pieces: every element is cached again. The
            // base was prepared in place and cannot go back, so should this fail, the cache is
            // left empty rather than out of step with it.
            do {
                try rebuild(from: base, data: data)
            } catch {
                self = CachedLayout(base)
                throw error
            }
            return
        }
        var newBase = base
        try newBase.prepare(data: data, container: container, invalidation: invalidation)
        try rebuild(from: newBase, data: data)
    }

    /// Whether the arrays as built hold the elements in order of section band by band
    /// (``sectionsInBands``), checked over the arrays the first time it is asked after a
    /// build that could not tell.
    /// - Complexity: O(n) the first time after such a build; O(1) after.
    private mutating func followsInPieces() -> Bool {
        if let known = sectionsInBands { return known }
        let inBands = Self.sectionsInOrderByBand(ids, index.bandStarts)
        sectionsInBands = inBands
        return inBands
    }

    /// Makes `data` the data the cache answers for. A measurement is written into the cache's
    /// own copy in place rather than keeping `data`'s storage, as the layouts that follow one
    /// do: a viewport that writes each frame's batch into its own data would otherwise find
    /// its sizes shared with the cache's and copy all n of them every frame.
    /// - Complexity: O(m) for a measurement of m items (O(n) once, when the copy is shared);
    ///   O(1) otherwise.
    private mutating func takeData(_ data: DataShape, invalidation: Invalidation) {
        if case .edited(.setItemSizes(let items)) = invalidation.data {
            do {
                try self.data.setItemSizes(items)
                return
            } catch {}
        }
        self.data = data
    }

    /// `base.prepareReportingShift(…)`, `Base` being `Reporting`: the base is reached through
    /// a pointer to it as the type it is, so that it is prepared where it lies (a copy would
    /// copy its arrays at the first write). `prepared` is `false`, nothing done, when the
    /// two types differ.
    private static func prepareReportingShift<Reporting: SectionShiftReporting>(
        _: Reporting.Type, _ base: inout Base, data: DataShape, container: Size, invalidation: Invalidation
    ) throws -> (prepared: Bool, shift: SectionShift?) {
        guard Reporting.self == Base.self else { return (false, nil) }
        let shift = try withUnsafeMutablePointer(to: &base) { pointer in
            try UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: Reporting.self).pointee
                .prepareReportingShift(data: data, container: container, invalidation: invalidation)
        }
        return (true, shift)
    }

    /// Applies `operation`, which keeps the data (`EditableLayout.keepsData(_:)`: a span
    /// grid's keystroke), to the base in place (a copy of the base would copy what the edit
    /// changes at its first write), then brings the cache up to date: when the edit says
    /// what it did to the frames (`LayoutEdit.shift`), by following that shift in pieces as
    /// ``prepare(data:container:invalidation:)`` follows a reported update (nothing at all
    /// when it changed no frame); otherwise, or when the pieces cannot follow it, by caching
    /// every element again.
    ///
    /// - Throws: what the base's edit throws, the cache and base then as they were; or, should
    ///   the base's elements no longer fit the cache when it is built again (more than
    ///   2³¹ − 1 of them), `GridError`, the base having taken the edit and the cache left empty.
    /// - Complexity: the base's edit, plus O(1) when no frame changed, O(m log m + p) for the
    ///   m elements of the sections laid again and the p pieces when the shift is followed,
    ///   else O(n).
    mutating func applyKeepingData<Operation>(_ operation: Operation) throws -> LayoutEdit
    where Base: EditableLayout, Base.Operation == Operation {
        let edit = try base.apply(operation)
        if edit.changesNoFrame(sectionCount: data.sectionCount), edit.data.sectionCount == data.sectionCount {
            data = edit.data
            return edit
        }
        if let shift = edit.shift, edit.data.sectionCount <= ElementID.maxSection + 1, followsInPieces() {
            let base = self.base
            let main = CachedPieces.Main(ids: ids, frames: frames, index: index)
            if pieces.apply(shift, old: data, new: edit.data, main: main, query: { base.elements(in: $0, into: &$1) }) {
                data = edit.data
                return edit
            }
        }
        // The base took the edit in place and cannot go back: should the build fail, the
        // cache is left empty rather than out of step with it.
        do {
            try rebuild(from: base, data: edit.data)
        } catch {
            self = CachedLayout(base)
            throw error
        }
        return edit
    }

    /// Takes `prepared`, a base already prepared for `data` (by an edit), and caches its
    /// elements, as ``prepare(data:container:)`` would after preparing it.
    ///
    /// - Throws: as ``prepare(data:container:)``; the previous cache and base are then kept.
    mutating func adopt(_ prepared: Base, data: DataShape) throws(GridError) {
        try rebuild(from: prepared, data: data)
    }

    /// Caches the elements of `prepared`, prepared for `data`, over this value's own arrays
    /// when it owns them.
    private mutating func rebuild(from prepared: Base, data: DataShape) throws(GridError) {
        let owned = isKnownUniquelyReferenced(&token)
        var storage = Storage()
        if owned { takeStorage(into: &storage) }
        var built = CachedLayout(prepared)
        built.elementsPerItem = elementsPerItem
        built.buildCount = buildCount
        // The token moves to the new cache; a copy's cache (or a first one) takes a token of
        // its own, so that its next rebuild can write over its arrays. The pieces' arrays
        // move with it, emptied by the build, so that updates after it allocate nothing.
        if owned {
            swap(&built.token, &token)
            swap(&built.pieces, &pieces)
        } else {
            built.token = CopyToken()
        }
        do {
            try built.build(data: data, recycling: &storage)
        } catch {
            // The arrays were handed over and may have been written: they are made again
            // from the base, which is as it was, so the previous answers stand bit for bit
            // (determinism). Should that build fail, as it did not before, the cache is empty
            // rather than inconsistent.
            if owned {
                swap(&built.token, &token)
                var fresh = Storage()
                do { try build(data: self.data, recycling: &fresh) } catch { self = CachedLayout(base) }
            }
            throw error
        }
        self = built
    }

    typealias Storage = CachedStorage

    /// Moves the arrays into `storage`, leaving this value empty of them (and of answers).
    /// Swapped, never returned or assigned, so that no copy of them is left alive for a
    /// while, which would make the first write copy them.
    private mutating func takeStorage(into storage: inout Storage) {
        swap(&storage.frames, &frames)
        swap(&storage.ids, &ids)
        swap(&storage.cellSlots, &cellSlots)
        swap(&storage.headerSlots, &headerSlots)
        swap(&storage.bandStarts, &index.bandStarts)
    }
}

/// The arrays a rebuild of ``CachedLayout`` may write over.
struct CachedStorage {
    var frames: [Rect] = []
    var ids: [ElementID] = []
    var cellSlots: [Int32] = []
    var headerSlots: [Int32] = []
    var bandStarts: [Int32] = []
}

/// Tells a ``CachedLayout`` from its copies: uniquely referenced, its token says that the
/// value has not been copied since its last build.
final class CopyToken: Sendable {}
