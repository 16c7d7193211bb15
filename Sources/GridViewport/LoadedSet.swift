import GridCore

/// Everything a viewport keeps between frames that does not depend on its layout's type:
/// the loaded set, its double buffer, the query buffers, the reuse pools, the pinnable
/// headers and the digest.
///
/// Kept apart from the generic ``Viewport`` so that the per-frame diff is ordinary
/// non-generic code, compiled and optimised once whatever the layout.
struct LoadedSet {
    /// The loaded elements, sorted by ID.
    private(set) var elements: [LoadedElement] = []
    /// The other half of the double buffer: the next frame's set is built here, then the
    /// two are swapped.
    private var spare: [LoadedElement] = []
    /// The layout writes its answer for the loaded rect here.
    var query: [LayoutAttributes] = []
    /// Pinned headers of the current frame.
    private var pinnedBuffer: [LayoutAttributes] = []
    private(set) var pools = TilePools()
    private(set) var digest = LoadedSetDigest()
    /// Elements dropped by a reload since the last frame, reported in the next frame's `left`.
    private var pendingLeft = 0

    /// The section headers to pin, or `nil` when this viewport does not pin.
    var pinnedHeaders: PinnedHeaders?
    let reusePolicy: ReusePolicy

    init(reusePolicy: ReusePolicy, pinnedHeaders: PinnedHeaders?) {
        self.reusePolicy = reusePolicy
        self.pinnedHeaders = pinnedHeaders
    }

    /// Finishes a frame whose rect query for `rect` is in ``query``: applies pinning at
    /// offset `y0`, diffs against the current set, moves tiles between pools and loaded
    /// elements, and swaps the buffers.
    ///
    /// Leaving tiles go back to their pools before entering elements take theirs, so a
    /// frame creates a tile only when more elements of a pool enter than that pool holds
    /// after the frame's departures.
    ///
    /// - Complexity: O(k) for k elements in the old and new sets when the query came back in
    ///   ID order, O(k log k) otherwise; plus pinning (see ``PinnedHeaders``). No allocation
    ///   once the buffers have grown to the largest set.
    mutating func commit(rect: Rect, y0: Double) -> FrameReport {
        sortByID(&query)
        let pins = pinnedHeaders != nil
        pinnedBuffer.removeAll(keepingCapacity: true)
        pinnedHeaders?.appendPinned(in: rect, atY: y0, into: &pinnedBuffer)

        spare.removeAll(keepingCapacity: true)
        var left = pendingLeft
        pendingLeft = 0
        var entered = 0
        var old = 0, q = 0, p = 0
        let oldCount = elements.count, queryCount = query.count, pinnedCount = pinnedBuffer.count
        var lastID: UInt64 = 0
        while true {
            // The next element of the new set: the smaller of the next query answer (without
            // its headers when pinning, which come from `pinnedBuffer` instead) and the next
            // pinned header.
            if pins {
                while q < queryCount && query[q].kind == .sectionHeader { q += 1 }
            }
            let next: LayoutAttributes
            if q < queryCount && (p == pinnedCount || query[q].id < pinnedBuffer[p].id) {
                next = query[q]
                q += 1
            } else if p < pinnedCount {
                next = pinnedBuffer[p]
                p += 1
            } else {
                break
            }
            let id = next.id
            // A layout that breaks law 1 by answering an element twice still loads it once.
            if !spare.isEmpty && id.rawValue == lastID { continue }
            lastID = id.rawValue

            while old < oldCount && elements[old].id < id {
                leave(elements[old])
                left += 1
                old += 1
            }
            if old < oldCount && elements[old].id == id {
                spare.append(LoadedElement(attributes: next, tile: elements[old].tile))
                old += 1
            } else {
                spare.append(LoadedElement(attributes: next, tile: TilePools.none))
                digest.insert(id)
                entered += 1
            }
        }
        while old < oldCount {
            leave(elements[old])
            left += 1
            old += 1
        }

        var created = 0
        if entered > 0 {
            var index = 0
            while index < spare.count {
                if spare[index].tile == TilePools.none {
                    let taken = pools.take(from: reusePolicy.pool(ofKindRaw: spare[index].attributes.kind.rawValue))
                    spare[index].tile = taken.tile
                    if taken.created { created += 1 }
                }
                index += 1
            }
        }
        swap(&elements, &spare)
        return FrameReport(entered: entered, left: left, created: created, digest: digest)
    }

    /// Returns the tile of an element leaving the set to its pool.
    @inline(__always)
    private mutating func leave(_ element: LoadedElement) {
        pools.push(element.tile, to: reusePolicy.pool(ofKindRaw: element.attributes.kind.rawValue))
        digest.remove(element.id)
    }

    /// Unloads every element now, as `reloadData` does: their tiles return to their pools,
    /// and they are counted in the next frame's `left`.
    /// - Complexity: O(k).
    mutating func unloadAll() {
        for element in elements { leave(element) }
        pendingLeft += elements.count
        elements.removeAll(keepingCapacity: true)
    }
}
