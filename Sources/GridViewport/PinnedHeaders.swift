import GridCore

/// The section headers of a prepared layout, kept so that a viewport can pin them without
/// asking the layout again on every frame.
///
/// Pinning follows UITableView's plain style and CHGridView's section titles: at scroll
/// offset `y0` the header of a section, at natural `minY = top` with height `t`, is shown at
///
///     y = min(max(top, y0), limit − t)
///
/// where `limit` is the `minY` of the next header (the header of the next section that has
/// one) or the content height after the last. For the tile grid, where `limit` is
/// `top_{i+1}`, this is DESIGN.md's `min(max(top_i, y0), top_{i+1} − t)`.
///
/// A pinned header always lies within its band `[min(top, limit − t), max(top + t, limit))`,
/// so the headers that can meet a loaded rect are those whose band does. When the bands
/// follow one another down the content (both ends non-decreasing, as in every vertical
/// layout), a binary search finds them; otherwise every header is checked.
struct PinnedHeaders {
    /// A header with its pinning limit and band.
    struct Header {
        var attributes: LayoutAttributes
        var limit: Double
        var bandMin: Double
        var bandMax: Double

        /// The frame at scroll offset `y0`.
        @inline(__always)
        func frame(atY y0: Double) -> Rect {
            var frame = attributes.frame
            frame.origin.y = min(max(frame.minY, y0), limit - frame.height)
            return frame
        }
    }

    /// Headers in section order.
    private(set) var headers: [Header] = []
    /// Whether both band ends are non-decreasing in section order.
    private(set) var bandsInOrder = true

    /// No headers.
    init() {}

    /// The section headers `layout` places for `sectionCount` sections. Headers with a
    /// frame that is not finite are left out: they could never be displayed.
    ///
    /// - Complexity: O(S) calls to `supplementary(_:section:)`, O(S) memory.
    init<Layout: GridLayout>(layout: Layout, sectionCount: Int) {
        var found: [LayoutAttributes] = []
        for section in 0..<sectionCount {
            if let header = layout.supplementary(.sectionHeader, section: section), header.frame.isFinite {
                found.append(header)
            }
        }
        let contentHeight = layout.contentSize.height
        headers.reserveCapacity(found.count)
        for (index, header) in found.enumerated() {
            let limit = index + 1 < found.count ? found[index + 1].frame.minY : contentHeight
            let frame = header.frame
            let entry = Header(
                attributes: header, limit: limit,
                bandMin: min(frame.minY, limit - frame.height), bandMax: max(frame.maxY, limit))
            if let previous = headers.last, !(previous.bandMin <= entry.bandMin && previous.bandMax <= entry.bandMax) {
                bandsInOrder = false
            }
            headers.append(entry)
        }
    }

    /// The header of `section`, if the layout places one.
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

    /// Appends, in section order, every header whose pinned frame at offset `y0` intersects
    /// `rect`, carrying that frame.
    ///
    /// - Complexity: O(log S + p) for p headers whose band meets `rect`, when the bands are
    ///   in order; O(S) otherwise.
    func appendPinned(in rect: Rect, atY y0: Double, into buffer: inout [LayoutAttributes]) {
        guard !headers.isEmpty, !rect.isEmpty else { return }
        let minY = rect.minY, maxY = rect.maxY
        var index = 0
        if bandsInOrder {
            var high = headers.count  // finds the first header with bandMax > minY
            while index < high {
                let mid = (index + high) / 2
                if headers[mid].bandMax > minY { high = mid } else { index = mid + 1 }
            }
        }
        while index < headers.count {
            let header = headers[index]
            if header.bandMin >= maxY && bandsInOrder { break }
            let frame = header.frame(atY: y0)
            if frame.intersects(rect) {
                var pinned = header.attributes
                pinned.frame = frame
                buffer.append(pinned)
            }
            index += 1
        }
    }
}
