import GridCore

/// The elements of one ``GridCore/PinRule`` that reaches ``GridCore/PinRule/Reach/untilNext``
/// (section headers, in every layout so far), kept so that a viewport can pin them without
/// asking the layout again on every frame.
///
/// Pinning follows UITableView's plain style and CHGridView's section titles: at scroll
/// offset `y0` along the rule's axis (written here for y) the element of a section, at
/// natural `minY = top` with height `t`, is shown at
///
///     y = min(max(top, y0), limit − t)
///
/// where `limit` is the `minY` of the next one (the header of the next section that has
/// one) or the content height after the last. For the tile grid, where `limit` is
/// `top_{i+1}`, this is docs/architecture.md's `min(max(top_i, y0), top_{i+1} − t)`.
///
/// A pinned header always lies within its band `[min(top, limit − t), max(top + t, limit))`,
/// so the headers that can meet a loaded rect are those whose band does. When the bands
/// follow one another down the content (both ends non-decreasing, as in every vertical
/// layout), a binary search finds them; otherwise every header is checked.
struct PinnedHeaders {
    typealias Header = PinnedHeader

    /// The kind pinned.
    private(set) var kind = ElementKind.sectionHeader
    /// The axis along which it pins.
    private(set) var axis = Axis.vertical

    /// Headers in section order.
    private(set) var headers: [Header] = []
    /// Whether both band ends are non-decreasing in section order.
    private(set) var bandsInOrder = true

    /// No headers.
    init() {}

    /// The elements of `kind` that `layout` places, in path order, pinned along `axis`:
    /// one per section of `data` for a kind placed per section (section headers, and the
    /// default when `space` is `nil`), or every path of the kind's declared grid `space`. Elements with a frame that is not finite are
    /// left out: they could never be displayed.
    ///
    /// - Complexity: O(P) calls to `supplementary(_:at:)` for the P paths of the kind's
    ///   space (S for section headers), O(P) memory.
    init<Layout: GridLayout>(
        layout: Layout, data: DataShape, kind: ElementKind = .sectionHeader, axis: Axis = .vertical,
        space: SupplementaryPaths.Space? = nil
    ) {
        self.kind = kind
        self.axis = axis
        var found: [LayoutAttributes] = []
        func add(_ path: ItemPath) {
            if let element = layout.supplementary(kind, at: path), element.frame.isFinite { found.append(element) }
        }
        switch space ?? .perSection {
        case .perSection:  // the common case, one loop: it runs at every rotation and edit
            for section in 0..<data.sectionCount { add(ItemPath(section: section, item: 0)) }
        case let grid:
            let extent = grid.extent(for: data)
            for section in 0..<extent.sections {
                for item in 0..<extent.items { add(ItemPath(section: section, item: item)) }
            }
        }
        let vertical = axis == .vertical
        let contentEnd = vertical ? layout.contentSize.height : layout.contentSize.width
        headers.reserveCapacity(found.count)
        for (index, header) in found.enumerated() {
            let next = index + 1 < found.count ? found[index + 1].frame : nil
            let limit = next.map { vertical ? $0.minY : $0.minX } ?? contentEnd
            let entry = Header(attributes: header, limit: limit, along: axis)
            if let previous = headers.last, !(previous.bandMin <= entry.bandMin && previous.bandMax <= entry.bandMax) {
                bandsInOrder = false
            }
            headers.append(entry)
        }
    }

    /// The element of `section` (path `(section, 0)`), if the layout places one.
    /// - Complexity: O(log S).
    func header(inSection section: Int) -> Header? {
        var low = 0, high = headers.count
        while low < high {
            let mid = (low + high) / 2
            let found = headers[mid].attributes.path.section
            if found == section { return headers[mid] }
            if found < section { low = mid + 1 } else { high = mid }
        }
        return nil
    }

    /// Appends, in path order, every element whose pinned frame at `offset` intersects
    /// `rect`, carrying that frame.
    ///
    /// - Complexity: O(log S + p) for p headers whose band meets `rect`, when the bands are
    ///   in order; O(S) otherwise.
    func appendPinned(in rect: Rect, at offset: Point, into buffer: inout [LayoutAttributes]) {
        guard !headers.isEmpty, !rect.isEmpty else { return }
        let vertical = axis == .vertical
        let minY = vertical ? rect.minY : rect.minX, maxY = vertical ? rect.maxY : rect.maxX
        let y0 = vertical ? offset.y : offset.x
        let inOrder = bandsInOrder, axis = axis
        headers.withUnsafeBufferPointer { headers in
            var index = 0
            if inOrder {
                var high = headers.count  // finds the first header with bandMax > minY
                while index < high {
                    let mid = (index + high) / 2
                    if headers[mid].bandMax > minY { high = mid } else { index = mid + 1 }
                }
            }
            while index < headers.count {
                if headers[index].bandMin >= maxY && inOrder { break }
                let frame = headers[index].frame(at: y0, along: axis)
                if frame.intersects(rect) {
                    var pinned = headers[index].attributes
                    pinned.frame = frame
                    buffer.append(pinned)
                }
                index += 1
            }
        }
    }
}

/// An element pinned until the next one pushes it out (a section header), with its pinning
/// limit and its band along the axis it pins on: the frame at scroll offset `y0` is
/// `min(max(top, y0), limit − t)`, and always lies within `[bandMin, bandMax)`.
@usableFromInline
struct PinnedHeader: Sendable {
    @usableFromInline var attributes: LayoutAttributes
    @usableFromInline var limit: Double
    /// The ends of the band: `min(top, limit − t)` and `max(top + t, limit)`.
    @usableFromInline var bandMin: Double, bandMax: Double

    /// `attributes`, pinned along `axis` until `limit`.
    @usableFromInline
    init(attributes: LayoutAttributes, limit: Double, along axis: Axis) {
        self.attributes = attributes
        self.limit = limit
        let frame = attributes.frame
        let (low, high, length) = axis == .vertical ? (frame.minY, frame.maxY, frame.height) : (frame.minX, frame.maxX, frame.width)
        bandMin = min(low, limit - length)
        bandMax = max(high, limit)
    }

    /// The frame at scroll offset `y0` along `axis`.
    @inlinable @inline(__always)
    func frame(at y0: Double, along axis: Axis) -> Rect {
        var frame = attributes.frame
        if axis == .vertical {
            frame.origin.y = min(max(frame.minY, y0), limit - frame.height)
        } else {
            frame.origin.x = min(max(frame.minX, y0), limit - frame.width)
        }
        return frame
    }
}
