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
    /// A header remembered, with the generation it was made in.
    @usableFromInline
    struct Entry: Sendable {
        @usableFromInline var header: PinnedHeader
        @usableFromInline var generation: UInt32

        @usableFromInline
        init(header: PinnedHeader, generation: UInt32) {
            self.header = header
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
    /// The first section whose pin band ended below the last frame's rect: a frame
    /// scrolls a few points, so it is usually this frame's too, checked in O(1).
    @usableFromInline var hint = 0

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
            // Generation 0 is never current: a reset starts at 1 or more.
            let none = Entry(
                header: PinnedHeader(attributes: LayoutAttributes(kind: .sectionHeader, path: ItemPath(section: 0, item: 0), frame: .zero), limit: 0, along: .vertical),
                generation: 0)
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
        guard let header = header(s, layout) else { return false }
        entries[s] = Entry(header: header, generation: generation)
        return true
    }

    /// Section `s`'s header as `layout` places it, pinned until the next one's `minY` (or
    /// the content's end after the last), asked anew.
    @inlinable
    func header<Layout: GridLayout>(_ s: Int, _ layout: Layout) -> PinnedHeader? {
        guard let header = layout.supplementary(.sectionHeader, at: ItemPath(section: s, item: 0)) else { return nil }
        let next = s + 1 < sections ? layout.supplementary(.sectionHeader, at: ItemPath(section: s + 1, item: 0)) : nil
        return PinnedHeader(attributes: header, limit: next?.frame.minY ?? contentEnd, along: .vertical)
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
        // The first section whose band ends below minY: the last frame's when its band
        // does and the one before it does not (the bands' ends rise with the sections),
        // else found by binary search.
        var low = hint
        if !(low < sections && load(low, layout) && entries[low].header.bandMax > minY
             && (low == 0 || (load(low - 1, layout) && entries[low - 1].header.bandMax <= minY))) {
            low = 0
            var high = sections
            while low < high {
                let mid = (low + high) / 2
                if load(mid, layout) && entries[mid].header.bandMax > minY { high = mid } else { low = mid + 1 }
            }
            hint = low
        }
        var section = low
        while section < sections && load(section, layout) {
            if entries[section].header.bandMin >= maxY { break }
            let frame = entries[section].header.frame(at: y0, along: .vertical)
            if frame.intersects(rect) {
                var pinned = entries[section].header.attributes
                pinned.frame = frame
                buffer.append(pinned)
            }
            section += 1
        }
    }

    /// Section `s`'s header pinned at `y0`, without remembering it.
    func frame<Layout: GridLayout>(ofHeaderInSection s: Int, at y0: Double, _ layout: Layout) -> Rect? {
        guard s >= 0, s < sections else { return nil }
        return header(s, layout)?.frame(at: y0, along: .vertical)
    }
}
