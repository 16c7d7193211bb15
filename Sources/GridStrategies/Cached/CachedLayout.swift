import GridCore

/// The cache-everything strategy: materialises every element of the base layout once, in
/// `prepare`, and answers every query from the cache through a spatial index.
///
/// The frames are kept in a structure of arrays ordered by band (a ``BandIndex`` along
/// the scroll axis, bands about one line of the layout high), so that a rect query reads
/// only the bands it covers. Cells are found by their flat index in the data, section
/// headers by section, other supplementary views through a small dictionary.
///
/// Elements are materialised through the base's own rect queries over the whole content,
/// in strips, so the cache holds exactly what the base's rect queries return (law 1 of
/// ``GridLayout``); an element with a zero-area frame, which no rect query returns, is
/// answered by the base when asked for by path.
///
/// - Complexity: prepare O(P + n) time, where P is the base's own prepare and n the
///   number of elements; rect query O(1 + m) where m is the number of elements starting
///   in the bands the rect spans (O(1 + k) for k results when elements are no taller than
///   a line); per-item and section-header queries O(1).
/// - Memory: O(n): 40 bytes per element (frame and ID), 4 bytes per cell for the path
///   index, 4 bytes per band and per element that crosses a band edge; about 50 bytes per
///   element on CHGridView's grid, on top of the base layout's own state.
public struct CachedLayout<Base: GridLayout>: GridLayout {
    /// The layout whose answers are cached.
    public private(set) var base: Base

    /// Frames, ordered by band.
    @usableFromInline var frames: [Rect] = []
    /// The element at each position of `frames`.
    @usableFromInline var ids: [ElementID] = []
    @usableFromInline var index = BandIndex(bandExtent: 1, bandCount: 0)
    /// Whether the bands run along x (a layout that scrolls only horizontally).
    @usableFromInline var bandsAlongX = false
    /// The data the cache was built for: cell slots are indexed by flat item index.
    @usableFromInline var data = DataShape.empty
    /// `cellSlots[flatIndex]` is the position of the cell in `frames`, or −1.
    @usableFromInline var cellSlots: [Int32] = []
    /// `headerSlots[section]` is the position of the section header, or −1.
    @usableFromInline var headerSlots: [Int32] = []
    /// Positions of the other supplementary views.
    @usableFromInline var otherSlots: [ElementID: Int32] = [:]

    /// Wraps `base`; nothing is cached until ``prepare(data:container:)``.
    public init(_ base: Base) {
        self.base = base
    }

    public var contentSize: Size { base.contentSize }
    public var traits: LayoutTraits { base.traits }

    /// The number of elements held in the cache.
    public var cachedElementCount: Int { ids.count }

    /// The number of bands of the spatial index.
    public var bandCount: Int { index.bandCount }

    /// Prepares the base layout, then caches every element it places.
    ///
    /// - Throws: what the base's `prepare` throws; a ``GridError`` when the base places
    ///   more than 2³¹ − 1 elements or an element whose path an ``ElementID`` cannot hold.
    ///   When it throws, the previous cache and base are kept.
    /// - Complexity: O(P + n); see the type's documentation.
    public mutating func prepare(data: DataShape, container: Size) throws {
        var newBase = base
        try newBase.prepare(data: data, container: container)
        var built = CachedLayout(newBase)
        try built.build(data: data)
        self = built
    }

    /// Materialises the prepared base's elements into the cache.
    private mutating func build(data: DataShape) throws(GridError) {
        self.data = data
        let content = base.contentSize
        bandsAlongX = base.traits.scrollAxes == .horizontal
        let extent = bandsAlongX ? content.width : content.height
        let cross = bandsAlongX ? content.height : content.width
        let bandExtent = Self.bandExtent(extent: extent, traits: base.traits, items: data.totalItems)
        let bands = (extent / bandExtent).rounded(.up)
        let bandCount = bands.isFinite && bands >= 1 ? Int(min(bands, Double(Int32.max / 2))) : 1
        index = BandIndex(bandExtent: bandExtent, bandCount: bandCount)

        let estimate = data.totalItems + 2 * data.sectionCount
        frames.reserveCapacity(estimate)
        ids.reserveCapacity(estimate)
        cellSlots = Array(repeating: -1, count: data.totalItems)
        headerSlots = Array(repeating: -1, count: data.sectionCount)

        // Strips of whole bands, each queried one band wider on both sides so that no
        // rounding at a strip's edge can lose an element; an element is taken by the strip
        // holding its start band only.
        let bandsPerStrip = 64
        var buffer: [LayoutAttributes] = []
        var counts = [Int32](repeating: 0, count: bandsPerStrip)
        var positions = [Int32](repeating: 0, count: bandsPerStrip)
        var stripFirst = 0
        while stripFirst < bandCount {
            let stripEnd = min(stripFirst + bandsPerStrip, bandCount)
            let lower = Double(stripFirst - 1) * bandExtent
            let upper = Double(stripEnd + 1) * bandExtent
            buffer.removeAll(keepingCapacity: true)
            let strip = bandsAlongX
                ? Rect(x: lower, y: 0, width: upper - lower, height: cross)
                : Rect(x: 0, y: lower, width: cross, height: upper - lower)
            base.elements(in: strip, into: &buffer)

            for slot in counts.indices { counts[slot] = 0 }
            var taken = 0
            for element in buffer {
                let band = index.band(of: start(of: element.frame))
                guard band >= stripFirst && band < stripEnd else { continue }
                counts[band - stripFirst] += 1
                taken += 1
            }
            let first = ids.count
            guard first + taken <= Int(Int32.max) else {
                throw .invalidParameter("elements", first + taken, expected: "at most \(Int32.max) elements for the cached strategy")
            }
            var running = Int32(first)
            for slot in 0..<(stripEnd - stripFirst) {
                positions[slot] = running
                running += counts[slot]
                index.bandStarts.append(running)
            }
            frames.append(contentsOf: repeatElement(Rect.zero, count: taken))
            ids.append(contentsOf: repeatElement(ElementID(rawValue: 0), count: taken))
            for element in buffer {
                let band = index.band(of: start(of: element.frame))
                guard band >= stripFirst && band < stripEnd else { continue }
                let position = positions[band - stripFirst]
                positions[band - stripFirst] += 1
                try place(element, at: position)
            }
            stripFirst = stripEnd
        }
        buildSpill()
    }

    private mutating func place(_ element: LayoutAttributes, at position: Int32) throws(GridError) {
        let id = element.id
        guard id.path == element.path else {
            throw .invalidParameter(
                "element.path", element.path,
                expected: "paths within ElementID's limits (sections 0...\(ElementID.maxSection), items 0...\(ElementID.maxItem)) for the cached strategy")
        }
        frames[Int(position)] = element.frame
        ids[Int(position)] = id
        switch element.kind {
        case .cell:
            if let flat = data.flatIndex(of: element.path) { cellSlots[flat] = position }
        case .sectionHeader where element.path.item == 0 && headerSlots.indices.contains(element.path.section):
            headerSlots[element.path.section] = position
        default:
            otherSlots[id] = position
        }
    }

    /// Lists, for each band, the elements that start in an earlier band and reach into it.
    private mutating func buildSpill() {
        let bands = index.bandCount
        var counts = [Int32](repeating: 0, count: bands + 1)
        for frame in frames {
            let (first, last) = bandSpan(of: frame)
            if last > first {
                for band in (first + 1)...last { counts[band] += 1 }
            }
        }
        var starts = [Int32](repeating: 0, count: bands + 1)
        var running: Int32 = 0
        for band in 0..<bands {
            starts[band] = running
            running += counts[band]
        }
        starts[bands] = running
        var spill = [Int32](repeating: 0, count: Int(running))
        var next = starts
        for position in frames.indices {
            let (first, last) = bandSpan(of: frames[position])
            if last > first {
                for band in (first + 1)...last {
                    spill[Int(next[band])] = Int32(position)
                    next[band] += 1
                }
            }
        }
        index.spillStarts = starts
        index.spill = spill
    }

    /// The band a frame starts in and the last band a query can meet it from: the band of
    /// the largest coordinate below its far edge.
    private func bandSpan(of frame: Rect) -> (Int, Int) {
        let end = bandsAlongX ? frame.maxX : frame.maxY
        return (index.band(of: start(of: frame)), index.band(of: end.nextDown))
    }

    @inlinable
    func start(of frame: Rect) -> Double { bandsAlongX ? frame.minX : frame.minY }

    /// About one line per band: the layout's declared line height, or the extent that
    /// holds four items on average; never so small that bands outnumber four per item.
    static func bandExtent(extent: Double, traits: LayoutTraits, items: Int) -> Double {
        guard extent.isFinite, extent > 0 else { return 1 }
        let floorExtent = extent / Double(4 * max(items, 1) + 1)
        if let line = traits.lineHeight, line.isFinite, line > 0 { return max(line, floorExtent) }
        return max(extent * 4 / Double(max(items, 1)), floorExtent)
    }
}

// MARK: - Queries

extension CachedLayout {
    /// - Complexity: O(1 + m); see the type's documentation.
    @inlinable
    public func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        guard !rect.isEmpty, !ids.isEmpty else { return }
        let a = bandsAlongX ? rect.minX : rect.minY
        let b = bandsAlongX ? rect.maxX : rect.maxY
        guard !a.isNaN, !b.isNaN, !rect.minX.isNaN, !rect.minY.isNaN else { return }
        let first = index.band(of: a)
        let last = index.band(of: b)
        frames.withUnsafeBufferPointer { frames in
            ids.withUnsafeBufferPointer { ids in
                index.spill.withUnsafeBufferPointer { spill in
                    var s = Int(index.spillStarts[first])
                    let spillEnd = Int(index.spillStarts[first + 1])
                    while s < spillEnd {
                        let position = Int(spill[s])
                        Self.emit(position, frames, ids, rect, &buffer)
                        s += 1
                    }
                }
                var position = Int(index.bandStarts[first])
                let end = Int(index.bandStarts[last + 1])
                while position < end {
                    Self.emit(position, frames, ids, rect, &buffer)
                    position += 1
                }
            }
        }
    }

    @inlinable @inline(__always)
    static func emit(
        _ position: Int, _ frames: UnsafeBufferPointer<Rect>, _ ids: UnsafeBufferPointer<ElementID>,
        _ rect: Rect, _ buffer: inout [LayoutAttributes]
    ) {
        let frame = frames[position]
        guard frame.intersects(rect) else { return }
        let id = ids[position]
        buffer.append(LayoutAttributes(kind: id.kind ?? .cell, path: id.path, frame: frame))
    }

    /// - Complexity: O(1).
    @inlinable
    public func attributes(at path: ItemPath) -> LayoutAttributes? {
        guard let flat = data.flatIndex(of: path) else { return nil }
        let slot = cellSlots[flat]
        guard slot >= 0 else { return base.attributes(at: path) }
        return .cell(path, frame: frames[Int(slot)])
    }

    /// - Complexity: O(1) for section headers; O(1) expected for other kinds.
    @inlinable
    public func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? {
        let slot: Int32?
        if kind == .sectionHeader && path.item == 0 && headerSlots.indices.contains(path.section) {
            slot = headerSlots[path.section]
        } else if kind != .cell, case let id = ElementID(kind: kind, path: path), id.path == path {
            slot = otherSlots[id]
        } else {
            slot = nil
        }
        guard let slot, slot >= 0 else { return kind == .cell ? nil : base.supplementary(kind, at: path) }
        return LayoutAttributes(kind: kind, path: path, frame: frames[Int(slot)])
    }
}
