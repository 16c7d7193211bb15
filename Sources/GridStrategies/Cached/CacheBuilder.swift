import GridCore

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
    var bandCounts: [Int] = []
    var sortScratch: [LayoutAttributes] = []
    /// On two-axis content, the band each element of the strip being taken starts in,
    /// computed once per element (``computeBands(_:)``) for the sort and the take; and the
    /// sort's scratch.
    var stripBands: [Int32] = []
    var bandScratch: [Int32] = []

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
    static func makeRoom<Element>(_ array: inout [Element], capacity: Int, filler: Element) {
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

    /// Moves the arrays elements are written into out of the builder into the caller's
    /// (empty) ones, `frames` and `ids` made exactly `capacity` long (see ``makeRoom(_:capacity:filler:)``).
    /// Moved, not copied: a copy would duplicate the arrays at the first write.
    mutating func lendArrays(_ frames: inout [Rect], _ ids: inout [ElementID], _ cellSlots: inout [Int32], capacity: Int) {
        swap(&frames, &self.frames)
        swap(&ids, &self.ids)
        swap(&cellSlots, &self.cellSlots)
        Self.makeRoom(&frames, capacity: capacity, filler: .zero)
        Self.makeRoom(&ids, capacity: capacity, filler: ElementID(rawValue: 0))
    }

    /// Gives the arrays ``lendArrays(_:_:_:capacity:)`` lent back to the builder, `frames`
    /// and `ids` trimmed to the `written` elements.
    mutating func takeBackArrays(_ frames: inout [Rect], _ ids: inout [ElementID], _ cellSlots: inout [Int32], written: Int) {
        frames.removeLast(frames.count - written)
        ids.removeLast(ids.count - written)
        self.frames = frames
        self.ids = ids
        self.cellSlots = cellSlots
    }

    /// How a fill ended: every element taken; more elements than the arrays hold; or the
    /// elements out of the cache's order (from a layout's own enumeration, the caller builds
    /// from rect queries then; within a strip of rect queries, the strip is taken again sorted).
    enum Outcome { case taken, full, outOfOrder }

    /// Fills the arrays from `source`'s own enumeration (``ScrollOrderedEnumeration``),
    /// which writes frames and IDs straight into them in the cache's order; the sink does the
    /// bookkeeping as they come (each cell's slot, the other elements' positions, the
    /// elements taller than a band, each band's widest), so nothing is read twice.
    ///
    /// - Returns: `.full` when the layout places more than `capacity` elements, and
    ///   `.outOfOrder` when its order broke (the caller builds from rect queries then).
    /// - Throws: when an element's path does not fit an ``ElementID``.
    mutating func fill(capacity: Int, from source: any ScrollOrderedEnumeration) throws(GridError) -> Outcome {
        var stop: ElementSink.Stop?
        var bandStarts: [Int32] = [], others: [Int32] = [], widths: [Double] = []
        var tall = self.tall
        let geometry = index.geometry, alongX = self.alongX, sortsAcross = self.sortsAcross
        var frames: [Rect] = [], ids: [ElementID] = [], cellSlots: [Int32] = []
        lendArrays(&frames, &ids, &cellSlots, capacity: capacity)
        swap(&bandStarts, &index.bandStarts)
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
        takeBackArrays(&frames, &ids, &cellSlots, written: written)
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
    mutating func noteIfTall(_ frame: Rect, band: Int, at position: Int) {
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

    /// Records where a supplementary view of `kind` at `path` sits: section headers by
    /// section, the others by ID.
    mutating func slot(of kind: ElementKind, _ path: ItemPath, at position: Int) {
        if kind == .sectionHeader && path.item == 0 && path.section < headerSlots.count {
            headerSlots[path.section] = Int32(truncatingIfNeeded: position)
        } else {
            otherSlots.set(kind, path, Int32(truncatingIfNeeded: position))
        }
    }
}
