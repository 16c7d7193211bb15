import GridCore

/// The cache-everything strategy: materialises every element of the base layout once, in
/// `prepare`, and answers every query from the cache through a spatial index.
///
/// The frames are kept in a structure of arrays ordered by band (a ``BandIndex`` along
/// the scroll axis, bands about one line of the layout high), so that a rect query reads
/// only the bands it covers and the one before. For content that scrolls both ways, each
/// band is sorted by x and searched by binary search from the rect's left edge (less the
/// band's widest element), so a narrow viewport over wide rows reads only what it shows. Cells are found by their flat index in the
/// data, section headers by section, other supplementary views in a table per kind the
/// layout declares (``SupplementarySlots``; a dictionary for any beyond).
///
/// A layout that adopts ``GridCore/ScrollOrderedEnumeration`` writes its elements straight
/// into the arrays in their order (no rect queries, no sort); the others are queried.
///
/// Elements are materialised through the base's own rect queries over the whole content,
/// in strips, so the cache holds exactly what the base's rect queries return (law 1 of
/// ``GridLayout``); an element with a zero-area frame, which no rect query returns, is
/// answered by the base when asked for by path.
///
/// - Complexity: prepare O(P + n) time, where P is the base's own prepare and n the
///   number of elements (O(P + n log n) at worst for content that scrolls both ways);
///   rect query O(1 + m) where m is the number of elements starting in the bands the rect
///   spans and the one before (O(1 + k) for k results when elements are no taller than a
///   line), or on two-axis content O(B log(n/B) + k) for the B bands it spans, reading
///   only the elements of each band that can reach across the rect; per-item and
///   section-header queries O(1). Told of a batch update by a base that says what it did
///   (``GridCore/SectionShiftReporting``), O(P′ + m log m + p) for the base's update P′,
///   the m elements of the sections it laid again and the p pieces the cache then answers
///   from (``CachedPieces``); a rect query over pieces O(log p + Σ (log m + k)).
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
    /// Whether the last build wrote each section's elements in one run of the arrays, in
    /// order of section, on content that scrolls along y alone and without group positions:
    /// what updates in pieces need.
    var sectionsInRuns = false
    /// Elements per item at the last build, to size the next build's arrays.
    var elementsPerItem = 0.0
    /// Whether the last build took the base's own enumeration (``ScrollOrderedEnumeration``)
    /// rather than rect queries.
    public private(set) var builtFromEnumeration = false
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

    /// The number of elements held in the cache.
    public var cachedElementCount: Int { pieces.isEmpty ? ids.count : pieces.elementCount }

    /// Whether the cache answers from pieces, told updates applied since its last build
    /// (see ``prepare(data:container:invalidation:)``), rather than from its arrays as built.
    public var answersFromPieces: Bool { !pieces.isEmpty }

    /// The number of runs of sections the cache answers from when it ``answersFromPieces``;
    /// 0 otherwise.
    public var pieceCount: Int { pieces.list.count }

    /// The number of bands of the spatial index.
    public var bandCount: Int { index.bandCount }

    /// Prepares the base layout, then caches every element it places.
    ///
    /// A value prepared again (a rotation, a reload) that has not been copied since it was
    /// last built writes the new cache over its own arrays when they have the room: no
    /// allocation and no fresh page to fault in, which is most of a first build's cost at
    /// large sizes (about 6.5 ms warm against 25 ms cold at 1,000,000 tiles). A copy, whose
    /// arrays are shared, builds new ones.
    ///
    /// - Throws: what the base's `prepare` throws; a ``GridError`` when the base places
    ///   more than 2³¹ − 1 elements or an element whose path an ``ElementID`` cannot hold.
    ///   When it throws, the previous cache and base are kept.
    /// - Complexity: O(P + n); see the type's documentation.
    public mutating func prepare(data: DataShape, container: Size) throws {
        var newBase = base
        try newBase.prepare(data: data, container: container)
        try rebuild(from: newBase, data: data)
    }

    /// Tells the base what changed, then brings the cache up to date.
    ///
    /// When the base can say what the update did (``GridCore/SectionShiftReporting``: the
    /// tile grid, told of a batch update), the cache takes the sections the base laid again
    /// from the base's rect queries, keeps the sections before them and moves the ones after
    /// them where they went (``CachedPieces``): the arrays are not written. Otherwise, or
    /// when the pieces grow too many, it caches every element again, over its own arrays as
    /// ``prepare(data:container:)`` does.
    ///
    /// - Throws: as ``prepare(data:container:)``; the previous cache and base are then kept,
    ///   except in one case: a base that reports what an edit did is prepared in place, so
    ///   should the elements it then places not fit the cache (more than 2³¹ − 1 of them),
    ///   the cache is left empty.
    /// - Complexity: the base's update, plus O(m log m + p) for the m elements of the
    ///   sections laid again and the p pieces when the base says what it did; else O(n).
    public mutating func prepare(data: DataShape, container: Size, invalidation: Invalidation) throws {
        // Sections an ElementID cannot number are refused by a build: that is left to the
        // path below, which keeps the previous base.
        if case .edited = invalidation.data, sectionsInRuns, data.sectionCount <= ElementID.maxSection + 1,
           let reporting = Base.self as? any SectionShiftReporting.Type,
           case let (prepared, shift) = try Self.prepareReportingShift(reporting, &base, data: data, container: container, invalidation: invalidation),
           prepared {
            if let shift {
                let base = self.base
                let query = { (rect: Rect, buffer: inout [LayoutAttributes]) in base.elements(in: rect, into: &buffer) }
                if pieces.apply(shift, old: self.data, new: data, mainIDs: ids, query: query) {
                    self.data = data
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
        // The token moves to the new cache; a copy's cache (or a first one) takes a token of
        // its own, so that its next rebuild can write over its arrays.
        if owned { swap(&built.token, &token) } else { built.token = CopyToken() }
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

    /// Materialises the prepared base's elements into the cache.
    private mutating func build(data: DataShape, recycling storage: inout Storage) throws(GridError) {
        self.data = data
        pieces = CachedPieces()
        pieces.builtData = data
        sectionsInRuns = false
        let content = base.contentSize
        let traits = base.traits  // once: a layout may build its traits anew on every call
        let alongX = traits.scrollAxes == .horizontal
        let sortsAcross = traits.scrollAxes == .both
        bandsAlongX = alongX
        let extent = alongX ? content.width : content.height
        let bandExtent = Self.bandExtent(extent: extent, traits: traits, items: data.totalItems)
        let bands = (extent / bandExtent).rounded(.up)
        let bandCount = bands.isFinite && bands >= 1 ? Int(min(bands, Double(Int32.max / 2))) : 1

        // The arrays are allocated once, at a capacity guessed from the data and the
        // supplementary elements the layout declares, or from the last build; a layout that
        // places more elements than that is built again at twice the capacity.
        let supplementaries = Self.declaredSupplementaryCount(traits, data: data)
        var capacity = max(data.totalItems + supplementaries, Int(Double(data.totalItems) * elementsPerItem), 16)
        // A layout that can write its elements in the cache's order does so (no rect
        // queries, no sort); when its order breaks, the cache is built from queries.
        let enumerable = base as? any ScrollOrderedEnumeration
        var bulk = enumerable != nil
        while true {
            var builder = CacheBuilder(
                data: data, alongX: alongX, sortsAcross: sortsAcross, bandExtent: bandExtent, bandCount: bandCount,
                traits: traits, recycling: &storage)
            var taken: Bool
            if bulk, let enumerable {
                switch try builder.fill(capacity: capacity, from: enumerable) {
                case .taken: taken = true
                case .full: taken = false
                case .outOfOrder:
                    bulk = false
                    builder.giveBack(to: &storage)
                    continue
                }
            } else {
                let base = self.base
                taken = try builder.fill(capacity: capacity, query: { base.elements(in: $0, into: &$1) }, content: base.contentSize)
            }
            if taken {
                // Read before the arrays are taken from the builder.
                let inRuns = bulk && builder.sectionsInOrder && !alongX && !sortsAcross && builder.positions.isEmpty
                index = builder.index
                frames = builder.frames
                ids = builder.ids
                positions = builder.positions
                cellSlots = builder.cellSlots
                headerSlots = builder.headerSlots
                otherSlots = builder.otherSlots
                bandMaxWidths = sortsAcross ? (builder.widths ?? builder.bandMaxWidths()) : []
                builtFromEnumeration = bulk
                sectionsInRuns = inRuns
                elementsPerItem = data.totalItems > 0 ? Double(ids.count) / Double(data.totalItems) : 1
                return
            }
            builder.giveBack(to: &storage)
            guard capacity < Int(Int32.max) else {
                throw .invalidParameter("elements", capacity, expected: "at most \(Int32.max) elements for the cached strategy")
            }
            capacity = min(capacity * 2, Int(Int32.max))
        }
    }

    /// How many supplementary elements `traits` say the layout may place for `data`: the
    /// size of each declared path space, capped at 2³¹ − 1.
    static func declaredSupplementaryCount(_ traits: LayoutTraits, data: DataShape) -> Int {
        var total = 0
        for declared in traits.supplementaries {
            let extent = declared.space.extent(for: data)
            let (product, overflow) = extent.sections.multipliedReportingOverflow(by: extent.items)
            let size = overflow ? Int(Int32.max) : product
            total = min(total + min(size, Int(Int32.max)), Int(Int32.max))
        }
        return total
    }

    /// About one line per band: the layout's declared line height, or the extent that
    /// holds four items on average; never so small that bands outnumber four per item.
    ///
    /// A declared line is shortened by a part in 10¹²: line `r` starts at about `r·line`,
    /// and `r·line · (1 / line)` rounds to just below `r` as often as not, which would put
    /// the line in the band before, two lines in one band, and a sort to interleave them.
    /// A hair shorter, every line up to the 10¹²th starts in a band of its own.
    static func bandExtent(extent: Double, traits: LayoutTraits, items: Int) -> Double {
        guard extent.isFinite, extent > 0 else { return 1 }
        let floorExtent = extent / Double(4 * max(items, 1) + 1)
        if let line = traits.lineHeight, line.isFinite, line > 0 { return max(line * (1 - 1e-12), floorExtent) }
        return max(extent * 4 / Double(max(items, 1)), floorExtent)
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

// MARK: - Queries

extension CachedLayout {
    /// - Complexity: O(1 + m); see the type's documentation.
    @inlinable
    public func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        guard !rect.isEmpty else { return }
        if !pieces.isEmpty {
            pieceElements(in: rect, into: &buffer)
            return
        }
        guard !ids.isEmpty else { return }
        let a = bandsAlongX ? rect.minX : rect.minY
        let b = bandsAlongX ? rect.maxX : rect.maxY
        guard !a.isNaN, !b.isNaN, !rect.minX.isNaN, !rect.minY.isNaN else { return }
        let first = index.band(of: a)
        let last = index.band(of: b)
        frames.withUnsafeBufferPointer { frames in
            ids.withUnsafeBufferPointer { ids in
              positions.withUnsafeBufferPointer { positions in
                if !index.spillStarts.isEmpty {
                    index.spill.withUnsafeBufferPointer { spill in
                        var s = Int(index.spillStarts[first])
                        let spillEnd = Int(index.spillStarts[first + 1])
                        while s < spillEnd {
                            Self.emit(Int(spill[s]), frames, ids, positions, rect, &buffer)
                            s += 1
                        }
                    }
                }
                // From the band before the first: its elements can reach into the first.
                if bandMaxWidths.isEmpty {
                    var position = Int(index.bandStarts[max(first - 1, 0)])
                    let end = Int(index.bandStarts[last + 1])
                    while position < end {
                        Self.emit(position, frames, ids, positions, rect, &buffer)
                        position += 1
                    }
                    return
                }
                // Bands sorted by x: in each, from the first element that can reach the
                // rect's left edge (its minX ≥ rect.minX − the band's widest) to the first
                // that starts at or past its right edge.
                bandMaxWidths.withUnsafeBufferPointer { widths in
                    var band = max(first - 1, 0)
                    while band <= last {
                        var low = Int(index.bandStarts[band])
                        let end = Int(index.bandStarts[band + 1])
                        if end - low > 8 {
                            let left = rect.minX - widths[band]
                            var high = end
                            while low < high {
                                let mid = (low + high) / 2
                                if frames[mid].minX < left { low = mid + 1 } else { high = mid }
                            }
                        }
                        let right = rect.maxX
                        while low < end && frames[low].minX < right {
                            Self.emit(low, frames, ids, positions, rect, &buffer)
                            low += 1
                        }
                        band += 1
                    }
                }
              }
            }
        }
    }

    @inlinable @inline(__always)
    static func emit(
        _ position: Int, _ frames: UnsafeBufferPointer<Rect>, _ ids: UnsafeBufferPointer<ElementID>,
        _ positions: UnsafeBufferPointer<GroupPosition>, _ rect: Rect, _ buffer: inout [LayoutAttributes]
    ) {
        let frame = frames[position]
        guard frame.intersects(rect) else { return }
        let id = ids[position]
        buffer.append(LayoutAttributes(
            kind: id.kind ?? .cell, path: id.path, frame: frame,
            groupPosition: positions.isEmpty ? .none : positions[position]))
    }

    /// The group position of the element at `position` of the arrays.
    @inlinable @inline(__always)
    func groupPosition(at position: Int) -> GroupPosition {
        positions.isEmpty ? .none : positions[position]
    }

    /// - Complexity: O(1).
    @inlinable
    public func attributes(at path: ItemPath) -> LayoutAttributes? {
        if !pieces.isEmpty { return pieceAttributes(at: path) }
        guard let flat = data.flatIndex(of: path) else { return nil }
        let slot = cellSlots[flat]
        guard slot >= 0 else { return base.attributes(at: path) }
        return .cell(path, frame: frames[Int(slot)], groupPosition: groupPosition(at: Int(slot)))
    }

    /// The base's placement: a strategy changes where answers come from, never what they are.
    /// - Complexity: the base's.
    public func gridPlacement(of path: ItemPath) -> GridPlacement? {
        base.gridPlacement(of: path)
    }

    /// - Complexity: O(1) for section headers; O(1) expected for other kinds.
    @inlinable
    public func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? {
        if !pieces.isEmpty { return pieceSupplementary(kind, at: path) }
        let slot: Int32?
        if kind == .sectionHeader && path.item == 0 && headerSlots.indices.contains(path.section) {
            slot = headerSlots[path.section]
        } else if kind != .cell, case let id = ElementID(kind: kind, path: path), id.path == path {
            slot = otherSlots.slot(kind, path)
        } else {
            slot = nil
        }
        guard let slot, slot >= 0 else { return kind == .cell ? nil : base.supplementary(kind, at: path) }
        return LayoutAttributes(kind: kind, path: path, frame: frames[Int(slot)], groupPosition: groupPosition(at: Int(slot)))
    }
}

/// The cache under construction. Not generic, so that the per-element work is compiled
/// once, fully optimised, whatever the base layout.
struct CacheBuilder {
    let data: DataShape
    /// The data's counts and section starts as arrays, read per element (made once a build
    /// for a shape kept as runs).
    let itemCounts: [Int], sectionStarts: [Int]
    let alongX: Bool
    /// Whether each band's elements are kept sorted by x (content that scrolls both ways).
    let sortsAcross: Bool
    var index: BandIndex
    var frames: [Rect] = []
    var ids: [ElementID] = []
    /// Group positions by array position, made at the first element that has one (see
    /// ``CachedLayout/positions``).
    var positions: [GroupPosition] = []
    var cellSlots: [Int32]
    var headerSlots: [Int32]
    var otherSlots: SupplementarySlots
    var tall: [(position: Int32, first: Int, last: Int)] = []
    /// The widest element starting in each band, when a fill worked it out on the way
    /// (``fill(capacity:from:)`` on two-axis content).
    var widths: [Double]?
    /// Whether a fill from the base's enumeration wrote the elements in order of section.
    var sectionsInOrder = false
    /// Scratch of the band sort, kept across strips.
    private var bandCounts: [Int] = []
    private var sortScratch: [LayoutAttributes] = []
    /// On two-axis content, the band each element of the strip being taken starts in,
    /// computed once per element (``computeBands(_:)``) for the sort and the take; and the
    /// sort's scratch.
    private var stripBands: [Int32] = []
    private var bandScratch: [Int32] = []

    /// A builder for `data` in bands of `bandExtent`; supplementary views other than section
    /// headers are slotted in tables for the kinds `traits` declare over at most as many
    /// paths as there are items (or 65,536), and in a dictionary for the rest.
    ///
    /// The builder writes over the arrays of `storage` (a previous build's), which it takes,
    /// where they have the room.
    init(
        data: DataShape, alongX: Bool, sortsAcross: Bool = false, bandExtent: Double, bandCount: Int,
        traits: LayoutTraits = LayoutTraits(supplementaries: []), recycling storage: inout CachedStorage
    ) {
        self.data = data
        (itemCounts, sectionStarts) = data.countsAndStarts
        otherSlots = SupplementarySlots(traits: traits, data: data, limit: max(data.totalItems, 1 << 16))
        self.alongX = alongX
        self.sortsAcross = sortsAcross
        var starts: [Int32] = []
        swap(&starts, &storage.bandStarts)
        self.index = BandIndex(bandExtent: bandExtent, bandCount: bandCount, reusing: starts)
        cellSlots = []
        headerSlots = []
        swap(&cellSlots, &storage.cellSlots)
        swap(&headerSlots, &storage.headerSlots)
        Self.refill(&cellSlots, count: data.totalItems)
        Self.refill(&headerSlots, count: data.sectionCount)
        swap(&frames, &storage.frames)
        swap(&ids, &storage.ids)
    }

    /// A builder with arrays of its own.
    init(
        data: DataShape, alongX: Bool, sortsAcross: Bool = false, bandExtent: Double, bandCount: Int,
        traits: LayoutTraits = LayoutTraits(supplementaries: [])
    ) {
        var storage = CachedStorage()
        self.init(
            data: data, alongX: alongX, sortsAcross: sortsAcross, bandExtent: bandExtent, bandCount: bandCount, traits: traits,
            recycling: &storage)
    }

    /// Hands the arrays back, for a build that starts again (at a larger capacity, or from
    /// rect queries).
    mutating func giveBack(to storage: inout CachedStorage) {
        swap(&storage.frames, &frames)
        swap(&storage.ids, &ids)
        swap(&storage.cellSlots, &cellSlots)
        swap(&storage.headerSlots, &headerSlots)
        swap(&storage.bandStarts, &index.bandStarts)
    }

    /// `array` made `count` entries of −1 (no slot), in its own storage when that has the room.
    private static func refill(_ array: inout [Int32], count: Int) {
        array.removeAll(keepingCapacity: true)
        array.append(contentsOf: repeatElement(-1, count: count))
    }

    /// `array` made exactly `capacity` long for elements to be written through its buffer:
    /// in its own storage when that has the room (a rebuild's, whose contents are written
    /// over), else in new storage, left uninitialised. Only for plain data, whose every bit
    /// pattern is a value; the build writes every entry it keeps and trims the rest.
    private static func makeRoom<Element>(_ array: inout [Element], capacity: Int, filler: Element) {
        assert(_isPOD(Element.self), "left uninitialised, the storage must hold plain data")
        if array.capacity >= capacity {
            if array.count > capacity {
                array.removeLast(array.count - capacity)
            } else if array.count < capacity {
                array.append(contentsOf: repeatElement(filler, count: capacity - array.count))
            }
        } else {
            array = []
            array = [Element](unsafeUninitializedCapacity: capacity) { _, count in count = capacity }
        }
    }

    /// Queries the base strip by strip and stores every element in band order in
    /// arrays of `capacity`; `false` when the base places more elements than that.
    mutating func fill(capacity: Int, query: (Rect, inout [LayoutAttributes]) -> Void, content: Size) throws(GridError) -> Bool {
        var failure: GridError?
        var fits = true
        var written = 0
        // Moved out, not copied: a copy would duplicate the arrays at the first write.
        var frames: [Rect] = [], ids: [ElementID] = [], cellSlots: [Int32] = []
        swap(&frames, &self.frames)
        swap(&ids, &self.ids)
        swap(&cellSlots, &self.cellSlots)
        Self.makeRoom(&frames, capacity: capacity, filler: .zero)
        Self.makeRoom(&ids, capacity: capacity, filler: ElementID(rawValue: 0))
        frames.withUnsafeMutableBufferPointer { frames in
            ids.withUnsafeMutableBufferPointer { ids in
                cellSlots.withUnsafeMutableBufferPointer { cellSlots in
                    var sink = Sink(frames: frames, ids: ids, cellSlots: cellSlots, count: 0)
                    do throws(GridError) {
                        fits = try strips(into: &sink, query: query, content: content)
                    } catch {
                        failure = error
                    }
                    written = sink.count
                }
            }
        }
        frames.removeLast(frames.count - written)
        ids.removeLast(ids.count - written)
        self.frames = frames
        self.ids = ids
        self.cellSlots = cellSlots
        if let failure { throw failure }
        guard fits else { return false }
        if positions.count > ids.count { positions.removeLast(positions.count - ids.count) }
        index.buildSpill(tall)
        return true
    }

    /// How a fill from a layout's own enumeration ended.
    enum BulkOutcome { case taken, full, outOfOrder }

    /// Fills the arrays from `source`'s own enumeration (``ScrollOrderedEnumeration``),
    /// which writes frames and IDs straight into them in the cache's order; the sink does the
    /// bookkeeping as they come (each cell's slot, the other elements' positions, the
    /// elements taller than a band, each band's widest), so nothing is read twice.
    ///
    /// - Returns: `.full` when the layout places more than `capacity` elements, and
    ///   `.outOfOrder` when its order broke (the caller builds from rect queries then).
    /// - Throws: when an element's path does not fit an ``ElementID``.
    mutating func fill(capacity: Int, from source: any ScrollOrderedEnumeration) throws(GridError) -> BulkOutcome {
        var stop: ElementSink.Stop?
        var bandStarts: [Int32] = [], others: [Int32] = [], widths: [Double] = []
        var tall = self.tall
        let geometry = index.geometry, alongX = self.alongX, sortsAcross = self.sortsAcross
        // Moved out, not copied: a copy would duplicate the arrays at the first write.
        var frames: [Rect] = [], ids: [ElementID] = [], cellSlots: [Int32] = []
        swap(&frames, &self.frames)
        swap(&ids, &self.ids)
        swap(&cellSlots, &self.cellSlots)
        swap(&bandStarts, &index.bandStarts)
        Self.makeRoom(&frames, capacity: capacity, filler: .zero)
        Self.makeRoom(&ids, capacity: capacity, filler: ElementID(rawValue: 0))
        var written = 0
        var inOrder = false
        frames.withUnsafeMutableBufferPointer { frames in
            ids.withUnsafeMutableBufferPointer { ids in
                guard let framesBase = frames.baseAddress, let idsBase = ids.baseAddress else { return }
                sectionStarts.withUnsafeBufferPointer { starts in
                    itemCounts.withUnsafeBufferPointer { counts in
                        cellSlots.withUnsafeMutableBufferPointer { slots in
                            let sections = min(starts.count, counts.count)
                            let table = slots.baseAddress.flatMap { slots in
                                starts.baseAddress.flatMap { starts in
                                    counts.baseAddress.map { counts in
                                        CellSlotTable(slots: slots, sectionStarts: starts, itemCounts: counts, sectionCount: sections)
                                    }
                                }
                            }
                            var sink = ElementSink(
                                frames: framesBase, ids: idsBase, capacity: capacity, geometry: geometry, alongX: alongX,
                                sortsAcross: sortsAcross, table: table, recycling: bandStarts)
                            bandStarts = []
                            source.enumerateElements(into: &sink)
                            stop = sink.stop
                            sink.finish()
                            bandStarts = sink.takeBandStarts()
                            others = sink.others
                            widths = sink.bandWidths
                            tall.append(contentsOf: sink.tall)
                            written = sink.count
                            inOrder = sink.sectionsInOrder
                        }
                    }
                }
            }
        }
        frames.removeLast(frames.count - written)
        ids.removeLast(ids.count - written)
        self.frames = frames
        self.ids = ids
        self.cellSlots = cellSlots
        index.bandStarts = bandStarts
        switch stop {
        case .full?: return .full
        case .outOfOrder?: return .outOfOrder
        case .pathOutOfRange(let path)?: throw Self.pathError(path)
        case nil: break
        }
        for position in others {
            let id = ids[Int(position)]
            if let kind = id.kind { slot(of: kind, id.path, at: Int(position)) }
        }
        self.tall = tall
        sectionsInOrder = inOrder
        if sortsAcross { self.widths = widths }
        index.buildSpill(tall)
        return .taken
    }

    /// The error for an element whose path an ``ElementID`` cannot hold.
    static func pathError(_ path: ItemPath) -> GridError {
        .invalidParameter(
            "element.path", path,
            expected: "paths within ElementID's limits (sections 0...\(ElementID.maxSection), items 0...\(ElementID.maxItem)) for the cached strategy")
    }

    /// Lists the element at `position` in ``tall`` when its frame, starting in `band`,
    /// reaches two bands or more further: only such an element can be missed by a query
    /// that reads its first band and the one before.
    @inline(__always)
    private mutating func noteIfTall(_ frame: Rect, band: Int, at position: Int) {
        if let last = Self.farBand(of: frame, startingIn: band, index.geometry, alongX: alongX) {
            tall.append((Int32(truncatingIfNeeded: position), band, last))
        }
    }

    /// The last band `frame` reaches when that is two or more after `band`, the one it
    /// starts in; `nil` otherwise. Its far edge is excluded (`band(of: far.nextDown)`).
    @inline(__always)
    static func farBand(of frame: Rect, startingIn band: Int, _ geometry: BandIndex.Geometry, alongX: Bool) -> Int? {
        let far = alongX ? frame.maxX : frame.maxY
        // `band(of: v)` reaches `band + 2` only where `v / bandExtent` does, and
        // `far.nextDown ≤ far`: one product lets almost every element go.
        guard far * geometry.inverseExtent >= Double(band + 2) else { return nil }
        let last = geometry.band(of: far.nextDown)
        return last - band >= 2 ? last : nil
    }

    /// Where elements are written: the arrays' storage while they are being made.
    struct Sink {
        let frames: UnsafeMutableBufferPointer<Rect>
        let ids: UnsafeMutableBufferPointer<ElementID>
        let cellSlots: UnsafeMutableBufferPointer<Int32>
        var count: Int
    }

    /// Strips of whole bands, each queried one band wider on both sides so that no
    /// rounding at a strip's edge can lose an element; an element is taken by the
    /// strip holding its start band only. Within a strip, elements usually come in band
    /// order already; when they do not, the strip is taken again sorted by band.
    private mutating func strips(into sink: inout Sink, query: (Rect, inout [LayoutAttributes]) -> Void, content: Size) throws(GridError) -> Bool {
        let cross = alongX ? content.height : content.width
        let bandsPerStrip = 64
        var buffer: [LayoutAttributes] = []
        var sorted: [LayoutAttributes] = []
        var stripFirst = 0
        while stripFirst < index.bandCount {
            let stripEnd = min(stripFirst + bandsPerStrip, index.bandCount)
            let lower = Double(stripFirst - 1) * index.bandExtent
            let upper = Double(stripEnd + 1) * index.bandExtent
            buffer.removeAll(keepingCapacity: true)
            let strip = alongX
                ? Rect(x: lower, y: 0, width: upper - lower, height: cross)
                : Rect(x: 0, y: lower, width: cross, height: upper - lower)
            query(strip, &buffer)
            if sortsAcross {
                computeBands(buffer)
                sortByBandThenX(&buffer)
            }
            let bands = stripFirst..<stripEnd
            let start = sink.count
            switch try take(buffer, bands: bands, into: &sink) {
            case .taken:
                break
            case .full:
                return false
            case .outOfOrder:
                sink.count = start
                tall.removeAll { $0.position >= Int32(truncatingIfNeeded: start) }
                index.bandStarts.removeSubrange((stripFirst + 1)...)
                sorted.removeAll(keepingCapacity: true)
                let index = self.index, alongX = self.alongX
                for element in buffer where bands.contains(index.band(of: alongX ? element.frame.minX : element.frame.minY)) {
                    sorted.append(element)
                }
                sorted.sort { index.band(of: alongX ? $0.frame.minX : $0.frame.minY) < index.band(of: alongX ? $1.frame.minX : $1.frame.minY) }
                if sortsAcross { computeBands(sorted) }
                if try take(sorted, bands: bands, into: &sink) == .full { return false }
            }
            stripFirst = stripEnd
        }
        return true
    }

    enum Outcome { case taken, full, outOfOrder }

    /// The band each element of `buffer` starts in, into ``stripBands`` (its first
    /// `buffer.count` entries): once per element, for the sort and the take.
    private mutating func computeBands(_ buffer: [LayoutAttributes]) {
        let count = buffer.count
        if stripBands.count < count { stripBands.append(contentsOf: repeatElement(0, count: count - stripBands.count)) }
        let geometry = index.geometry, alongX = self.alongX
        buffer.withUnsafeBufferPointer { elements in
            stripBands.withUnsafeMutableBufferPointer { bands in
                var i = 0
                while i < count {
                    let frame = elements[i].frame
                    bands[i] = Int32(truncatingIfNeeded: geometry.band(of: alongX ? frame.minX : frame.minY))
                    i += 1
                }
            }
        }
    }

    /// Sorts a strip by band, then by `minX`, then by ID (so that equal keys keep one order
    /// whatever the base answered), with ``stripBands`` alongside: nothing when it is in
    /// that order already (one scan); an insertion sort of each band by x, in place, when
    /// only the order within bands is off (a data grid's row header comes after its row's
    /// cells); otherwise a counting sort by band into `sortScratch` first. Bands are short
    /// (a row of a grid) and nearly in order already: O(n + moves) with no comparison of
    /// bands.
    private mutating func sortByBandThenX(_ buffer: inout [LayoutAttributes]) {
        let count = buffer.count
        guard count > 1 else { return }
        var low = Int32.max, high = Int32.min
        var bandsInOrder = true, inOrder = true
        buffer.withUnsafeBufferPointer { elements in
            stripBands.withUnsafeBufferPointer { bands in
                var i = 0
                while i < count {
                    let band = bands[i]
                    low = min(low, band)
                    high = max(high, band)
                    if i > 0 {
                        let before = bands[i - 1]
                        if band < before {
                            bandsInOrder = false
                            inOrder = false
                        } else if inOrder && band == before && Self.precedesAcross(elements[i], elements[i - 1]) {
                            inOrder = false
                        }
                    }
                    i += 1
                }
            }
        }
        if inOrder { return }
        if bandsInOrder {
            buffer.withUnsafeMutableBufferPointer { out in
                stripBands.withUnsafeBufferPointer { bands in
                    var begin = 0
                    while begin < count {
                        var end = begin + 1
                        while end < count && bands[end] == bands[begin] { end += 1 }
                        Self.insertionSortAcross(out, begin, end)
                        begin = end
                    }
                }
            }
            return
        }
        let bands = Int(high - low) + 1
        bandCounts.removeAll(keepingCapacity: true)
        bandCounts.append(contentsOf: repeatElement(0, count: bands + 1))
        if sortScratch.count != count { sortScratch = buffer }
        if bandScratch.count < count { bandScratch = stripBands }
        buffer.withUnsafeBufferPointer { elements in
            stripBands.withUnsafeBufferPointer { elementBands in
                bandCounts.withUnsafeMutableBufferPointer { starts in
                    var i = 0
                    while i < count {
                        starts[Int(elementBands[i] - low) + 1] += 1
                        i += 1
                    }
                    var band = 1
                    while band <= bands {
                        starts[band] += starts[band - 1]
                        band += 1
                    }
                    sortScratch.withUnsafeMutableBufferPointer { out in
                        bandScratch.withUnsafeMutableBufferPointer { outBands in
                            i = 0
                            while i < count {
                                let slot = Int(elementBands[i] - low)
                                out[starts[slot]] = elements[i]
                                outBands[starts[slot]] = elementBands[i]
                                starts[slot] += 1
                                i += 1
                            }
                        }
                        // `starts[b]` is now where band b ends; band b begins where b − 1
                        // ends. Within a band every element has the same band: only the
                        // elements move.
                        var begin = 0
                        band = 0
                        while band < bands {
                            let end = starts[band]
                            Self.insertionSortAcross(out, begin, end)
                            begin = end
                            band += 1
                        }
                    }
                }
            }
        }
        swap(&buffer, &sortScratch)
        swap(&stripBands, &bandScratch)
    }

    /// Insertion sort of `out[begin..<end]` by ``precedesAcross(_:_:)``. An element out
    /// of place (a data grid's row header, after its row's cells) finds its place by
    /// comparisons alone, and the elements it passes move up in one block copy rather than
    /// one 56-byte element at a time.
    @inline(__always)
    private static func insertionSortAcross(_ out: UnsafeMutableBufferPointer<LayoutAttributes>, _ begin: Int, _ end: Int) {
        guard let base = out.baseAddress else { return }
        assert(_isPOD(LayoutAttributes.self), "the block copy below needs plain data")
        var j = begin + 1
        while j < end {
            let element = base[j]
            if precedesAcross(element, base[j - 1]) {
                var k = j - 1
                while k > begin && precedesAcross(element, base[k - 1]) { k -= 1 }
                // Overlapping: copyMemory moves as memmove does.
                UnsafeMutableRawPointer(base + k + 1).copyMemory(from: base + k, byteCount: (j - k) * MemoryLayout<LayoutAttributes>.stride)
                base[k] = element
            }
            j += 1
        }
    }

    /// Order within a band: by `minX`, then by ID.
    @inline(__always)
    private static func precedesAcross(_ x: LayoutAttributes, _ y: LayoutAttributes) -> Bool {
        x.frame.minX != y.frame.minX ? x.frame.minX < y.frame.minX : x.id < y.id
    }

    /// The widest element starting in each band.
    /// - Complexity: O(n + bands), one read of each frame.
    func bandMaxWidths() -> [Double] {
        var widths = [Double](repeating: 0, count: index.bandCount)
        widths.withUnsafeMutableBufferPointer { widths in
            frames.withUnsafeBufferPointer { frames in
                index.bandStarts.withUnsafeBufferPointer { starts in
                    var band = 0
                    while band < widths.count {
                        var widest = 0.0
                        var position = Int(starts[band])
                        let end = Int(starts[band + 1])
                        while position < end {
                            widest = max(widest, frames[position].width)
                            position += 1
                        }
                        widths[band] = widest
                        band += 1
                    }
                }
            }
        }
        return widths
    }

    /// Writes the elements of `buffer` that start in `bands`, as long as their bands do
    /// not decrease, and records where each band starts.
    ///
    /// The loop keeps what it writes in locals (the count, the band starts, the arrays'
    /// base addresses) and takes a cell, by far the commonest element, without a switch or
    /// a call: `self` is touched only for section headers, other supplementary views, group
    /// positions and elements taller than a band.
    private mutating func take(_ buffer: [LayoutAttributes], bands: Range<Int>, into sink: inout Sink) throws(GridError) -> Outcome {
        let lower = bands.lowerBound, upper = bands.upperBound
        // The band geometry alone: a copy of the whole index would share its arrays.
        let geometry = index.geometry
        let alongX = self.alongX, sortsAcross = self.sortsAcross
        var current = lower
        var count = sink.count
        let capacity = sink.frames.count
        var outcome = Outcome.taken
        var failure: GridError?
        // Moved out while the loop appends to it, so that the appends never copy it.
        var bandStarts: [Int32] = []
        swap(&bandStarts, &index.bandStarts)
        defer { swap(&bandStarts, &index.bandStarts) }
        let elementBands = stripBands  // shares the storage: nothing below writes it
        let framesOut = sink.frames, idsOut = sink.ids, cellSlots = sink.cellSlots
        let maxSection = UInt(ElementID.maxSection), maxItem = UInt(ElementID.maxItem)
        sectionStarts.withUnsafeBufferPointer { starts in
            itemCounts.withUnsafeBufferPointer { counts in
                elementBands.withUnsafeBufferPointer { elementBands in
                    buffer.withUnsafeBufferPointer { buffer in
                        let sections = counts.count
                        var i = 0
                        while i < buffer.count {
                            let frame = buffer[i].frame
                            // Two-axis strips had their bands computed for the sort; a scrolling axis
                            // alone has no sort, and its band is computed here, once.
                            let band = sortsAcross ? Int(elementBands[i]) : geometry.band(of: alongX ? frame.minX : frame.minY)
                            let element = i
                            i += 1
                            guard band >= lower && band < upper else { continue }
                            guard band >= current else {
                                outcome = .outOfOrder
                                return
                            }
                            while current < band {
                                bandStarts.append(Int32(truncatingIfNeeded: count))
                                current += 1
                            }
                            guard count < capacity else {
                                outcome = .full
                                return
                            }
                            let path = buffer[element].path, kind = buffer[element].kind
                            // One unsigned comparison each: a negative index is a huge one.
                            guard UInt(bitPattern: path.section) <= maxSection, UInt(bitPattern: path.item) <= maxItem else {
                                failure = Self.pathError(path)
                                return
                            }
                            framesOut[count] = frame
                            idsOut[count] = ElementID(kind: kind, path: path)
                            let groupPosition = buffer[element].groupPosition
                            if groupPosition != .none || !positions.isEmpty {
                                if positions.isEmpty { positions = Array(repeating: .none, count: capacity) }
                                positions[count] = groupPosition
                            }
                            if kind == .cell {
                                if path.section < sections && path.item < counts[path.section] {
                                    cellSlots[starts[path.section] + path.item] = Int32(truncatingIfNeeded: count)
                                }
                            } else {
                                slot(of: kind, path, at: count)
                            }
                            noteIfTall(frame, band: band, at: count)
                            count += 1
                        }
                    }
                }
            }
        }
        sink.count = count
        if let failure { throw failure }
        guard outcome == .taken else { return outcome }
        while current < upper {
            bandStarts.append(Int32(truncatingIfNeeded: count))
            current += 1
        }
        return .taken
    }

    /// Records where a supplementary view of `kind` at `path` sits: section headers by
    /// section, the others by ID.
    private mutating func slot(of kind: ElementKind, _ path: ItemPath, at position: Int) {
        if kind == .sectionHeader && path.item == 0 && path.section < headerSlots.count {
            headerSlots[path.section] = Int32(truncatingIfNeeded: position)
        } else {
            otherSlots.set(kind, path, Int32(truncatingIfNeeded: position))
        }
    }
}
