import GridCore

// MARK: - Building the cache

extension CachedLayout {
    /// Materialises the prepared base's elements into the cache.
    mutating func build(data: DataShape, recycling storage: inout Storage) throws(GridError) {
        self.data = data
        // Emptied, its arrays kept for the updates to come (a rebuild hands them over).
        pieces.reset(builtData: data)
        sectionsInBands = false
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
                // Read before the arrays are taken from the builder. The sink's bands keep
                // its order (it sorts only inside a band, by x): in order of section band by
                // band when it wrote sections in order. Where it cannot tell (elements from
                // rect queries), the arrays are checked at the first update to follow, not
                // here: a build does not pay for it.
                let inBands: Bool? = alongX || (bulk && !builder.positions.isEmpty)
                    ? false
                    : (bulk ? builder.sectionsInOrder : nil)
                index = builder.index
                frames = builder.frames
                ids = builder.ids
                positions = builder.positions
                cellSlots = builder.cellSlots
                headerSlots = builder.headerSlots
                otherSlots = builder.otherSlots
                bandMaxWidths = sortsAcross ? (builder.widths ?? builder.bandMaxWidths()) : []
                builtFromEnumeration = bulk
                sectionsInBands = inBands
                elementsPerItem = data.totalItems > 0 ? Double(ids.count) / Double(data.totalItems) : 1
                buildCount += 1
                return
            }
            builder.giveBack(to: &storage)
            guard capacity < Int(Int32.max) else {
                throw .invalidParameter("elements", capacity, expected: "at most \(Int32.max) elements for the cached strategy")
            }
            capacity = min(capacity * 2, Int(Int32.max))
        }
    }

    /// Whether `ids`, in bands starting at `bandStarts`, hold the elements in order of
    /// section band by band: every element of a band of a section no later than every
    /// element of the bands after it (inside a band, in any order). What a cache built from
    /// rect queries needs to be updated in pieces (one column of sections stacked along y,
    /// such as a one-column feed; a data grid's records, one a band; a span grid's rows, at
    /// most two starting in a band).
    /// - Complexity: O(n).
    static func sectionsInOrderByBand(_ ids: [ElementID], _ bandStarts: [Int32]) -> Bool {
        ids.withUnsafeBufferPointer { ids in
            bandStarts.withUnsafeBufferPointer { starts in
                var latest = 0, band = 0
                while band + 1 < starts.count {
                    var position = Int(starts[band])
                    let end = min(Int(starts[band + 1]), ids.count)
                    var bandLatest = latest
                    while position < end {
                        let section = ids[position].section
                        if section < latest { return false }
                        bandLatest = max(bandLatest, section)
                        position += 1
                    }
                    latest = bandLatest
                    band += 1
                }
                return true
            }
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
