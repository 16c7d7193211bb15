import GridCore

/// Section headers pinned along y for a layout that declares them in order
/// (``GridCore/LayoutTraits/sectionHeadersInOrder``): found by binary search over the
/// layout's own answers, each remembered until the next prepare, instead of a table of
/// every header made at every prepare (``PinnedHeaders``).
///
/// Remembered entries carry the generation they were made in; a prepare starts a new
/// generation, which forgets them all in O(1), and the storage is kept across prepares.
/// A frame reads what it needs: O(log S) answers the first frame after a prepare, and the
/// remembered ones after that, so a rotation or an edit costs no O(S) pass over the headers.
@usableFromInline
struct OrderedHeaders: Sendable {
    /// A header with its pinning limit, as ``PinnedHeaders/Header``.
    @usableFromInline
    struct Entry: Sendable {
        @usableFromInline var attributes: LayoutAttributes
        @usableFromInline var limit: Double
        /// The ends of the header's pin band: `min(minY, limit − height)`, `max(maxY, limit)`.
        @usableFromInline var bandMin: Double, bandMax: Double
        @usableFromInline var generation: UInt32

        @usableFromInline
        init(attributes: LayoutAttributes, limit: Double, generation: UInt32) {
            self.attributes = attributes
            self.limit = limit
            let frame = attributes.frame
            bandMin = min(frame.minY, limit - frame.height)
            bandMax = max(frame.maxY, limit)
            self.generation = generation
        }
    }

    /// The number of sections (every one places a header).
    @usableFromInline private(set) var sections = 0
    /// The content height: the limit after the last header.
    @usableFromInline private(set) var contentEnd = 0.0
    /// `entries[s]` is section `s`'s, when its generation is the current one.
    @usableFromInline var entries: [Entry] = []
    @usableFromInline private(set) var generation: UInt32 = 1

    init() {}

    /// A new generation for a layout prepared with `sections` sections and `contentEnd`,
    /// keeping the storage.
    /// - Complexity: O(1), or O(S) when the storage grows (amortised over growth).
    mutating func reset(sections: Int, contentEnd: Double) {
        self.sections = sections
        self.contentEnd = contentEnd
        if generation == .max {
            generation = 1
            entries.removeAll(keepingCapacity: true)
        } else {
            generation += 1
        }
        if entries.count < sections {
            let none = Entry(attributes: LayoutAttributes(kind: .sectionHeader, path: ItemPath(section: 0, item: 0), frame: .zero), limit: 0, generation: 0)
            // (generation 0 is never current: a reset starts at 1 or more)
            entries.append(contentsOf: repeatElement(none, count: sections - entries.count))
        }
    }

    /// Makes section `s`'s entry current, asking `layout`: `false` when it places no header
    /// there (which a layout that declares its headers in order never does).
    @inlinable @inline(__always)
    mutating func load<Layout: GridLayout>(_ s: Int, _ layout: Layout) -> Bool {
        if entries[s].generation == generation { return true }
        return fill(s, layout)
    }

    @inlinable
    mutating func fill<Layout: GridLayout>(_ s: Int, _ layout: Layout) -> Bool {
        guard let header = layout.supplementary(.sectionHeader, at: ItemPath(section: s, item: 0)) else { return false }
        let next = s + 1 < sections ? layout.supplementary(.sectionHeader, at: ItemPath(section: s + 1, item: 0)) : nil
        entries[s] = Entry(attributes: header, limit: next?.frame.minY ?? contentEnd, generation: generation)
        return true
    }

    /// Appends, in section order, every header whose pinned frame at `offset` meets `rect`,
    /// carrying that frame: `y = min(max(top, y0), limit − t)`, as ``PinnedHeaders``.
    /// - Complexity: O(log S + p) for p headers whose band meets `rect`.
    @inlinable
    mutating func appendPinned<Layout: GridLayout>(
        _ layout: Layout, in rect: Rect, at offset: Point, into buffer: inout [LayoutAttributes]
    ) {
        guard sections > 0, !rect.isEmpty else { return }
        let minY = rect.minY, maxY = rect.maxY, y0 = offset.y
        // The first section whose band ends below minY.
        var low = 0, high = sections
        while low < high {
            let mid = (low + high) / 2
            if load(mid, layout) && entries[mid].bandMax > minY { high = mid } else { low = mid + 1 }
        }
        var section = low
        while section < sections && load(section, layout) {
            if entries[section].bandMin >= maxY { break }
            var frame = entries[section].attributes.frame
            frame.origin.y = min(max(frame.minY, y0), entries[section].limit - frame.height)
            if frame.intersects(rect) {
                var pinned = entries[section].attributes
                pinned.frame = frame
                buffer.append(pinned)
            }
            section += 1
        }
    }

    /// Section `s`'s header pinned at `y0`, without remembering it.
    func frame<Layout: GridLayout>(ofHeaderInSection s: Int, at y0: Double, _ layout: Layout) -> Rect? {
        guard s >= 0, s < sections, let header = layout.supplementary(.sectionHeader, at: ItemPath(section: s, item: 0)) else { return nil }
        let next = s + 1 < sections ? layout.supplementary(.sectionHeader, at: ItemPath(section: s + 1, item: 0)) : nil
        let limit = next?.frame.minY ?? contentEnd
        var frame = header.frame
        frame.origin.y = min(max(frame.minY, y0), limit - frame.height)
        return frame
    }
}
