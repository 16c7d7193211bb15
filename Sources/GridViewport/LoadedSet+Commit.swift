import GridCore

// MARK: - A frame in full

extension LoadedSet {
    /// Finishes a frame whose rect query for `rect` is in ``query`` (and whose frozen-band
    /// elements are in ``pinnedBuffer``): pins the until-next elements at `offset`, diffs
    /// against the current set, moves tiles between pools and loaded elements, and swaps
    /// the buffers.
    ///
    /// Leaving tiles go back to their pools before entering elements take theirs, so a
    /// frame creates a tile only when more elements of a pool enter than that pool holds
    /// after the frame's departures.
    ///
    /// - Complexity: O(k) for k elements in the old and new sets when the query came back in
    ///   ID order, O(k log k) otherwise; plus pinning (see ``PinnedHeaders``). No allocation
    ///   once the buffers have grown to the largest set.
    mutating func commit(rect: Rect, offset: Point) -> FrameReport {
        sortByID(&query)
        collectPinned(in: rect, at: offset)

        // Room for the largest possible new set, written through a pointer rather than
        // appended (an append checks uniqueness and capacity per element), then trimmed.
        // `spare` holds the previous frame's set, so it usually has about enough slots
        // already. (One `append` at a time: `append(contentsOf: repeatElement(…))`
        // allocates in debug builds.)
        let bound = query.count + pinnedBuffer.count
        while spare.count < bound {
            spare.append(LoadedElement(attributes: Self.placeholder, tile: TilePools.none))
        }
        let counts = Self.merge(
            query: query, pinned: pinnedBuffer, pinning: pinning, old: elements,
            into: &spare, pools: &pools, digest: &digest, tracksPositions: &tracksPositions, reusePolicy: reusePolicy)
        spare.removeLast(spare.count - counts.written)
        swap(&elements, &spare)
        let left = pendingLeft + counts.left
        pendingLeft = 0
        previousRect = rect
        reindex()
        return FrameReport(entered: counts.entered, left: left, created: counts.created, digest: digest)
    }

    /// Adds to ``pinnedBuffer`` the elements pinned until the next that meet `rect` at
    /// `offset`, and sorts the buffer by ID.
    mutating func collectPinned(in rect: Rect, at offset: Point) {
        var index = 0
        while index < pinning.untilNext.count {
            pinning.untilNext[index].appendPinned(in: rect, at: offset, into: &pinnedBuffer)
            index += 1
        }
        if pinning.untilNext.count + (ordersSectionHeaders ? 1 : 0) > 1 || pinning.bands != nil { sortByID(&pinnedBuffer) }
    }

    /// Recomputes ``extents`` and ``pinnedSlots`` from the set.
    /// - Complexity: O(k).
    private mutating func reindex() {
        var extents = Extents()
        pinnedSlots.removeAll(keepingCapacity: true)
        elements.withUnsafeBufferPointer { set in
            var index = 0
            while index < set.count {
                if set[index].pinned {
                    pinnedSlots.append(index)
                } else {
                    extents.include(set[index].attributes.frame)
                }
                index += 1
            }
        }
        self.extents = extents
    }

    /// What fills buffer slots before they are written. (Computed: a stored `static let`
    /// would cost a `swift_once` check on every use.)
    static var placeholder: LayoutAttributes {
        LayoutAttributes(kind: .cell, path: ItemPath(section: 0, item: 0), frame: Rect(x: 0, y: 0, width: 0, height: 0))
    }

    /// Builds the new set in `out` and diffs it against the sorted `old` set.
    ///
    /// First the sorted `query` (without the elements `pinning` shows elsewhere) and the
    /// sorted `pinned` elements are merged into `out`, each element once. Then one walk
    /// over `old` and `out` in ID order gives kept elements their tiles and returns the
    /// tiles of leaving ones to `pools`; last, entering elements take tiles from `pools`.
    /// `out` must hold at least `query.count + pinned.count` slots. Two simple passes keep
    /// few values live at once, which makes the loops tighter than a single merge.
    private static func merge(
        query: [LayoutAttributes], pinned: [LayoutAttributes], pinning: Pinning, old: [LoadedElement],
        into out: inout [LoadedElement], pools: inout TilePools, digest: inout LoadedSetDigest, tracksPositions: inout Bool,
        reusePolicy: ReusePolicy
    ) -> (written: Int, entered: Int, left: Int, created: Int) {
        let written = query.withUnsafeBufferPointer { query in
            pinned.withUnsafeBufferPointer { pinned in
                out.withUnsafeMutableBufferPointer { out in
                    pinning.pinnedKinds.isEmpty
                        ? fill(out, from: query, skipping: nil, pinnedKinds: ElementKinds(), pinned: pinned)
                        : fill(out, from: query, skipping: pinning, pinnedKinds: pinning.pinnedKinds, pinned: pinned)
                }
            }
        }
        return old.withUnsafeBufferPointer { old in
            out.withUnsafeMutableBufferPointer { out in
                var entered = 0, left = 0, o = 0
                let tracking = tracksPositions
                var oldID = old.isEmpty ? 0 : old[0].id.rawValue
                var index = 0
                while index < written {
                    let id = out[index].id.rawValue
                    while o < old.count && oldID < id {
                        leave(old[o], pools: &pools, digest: &digest, reusePolicy: reusePolicy)
                        left += 1
                        o += 1
                        if o < old.count { oldID = old[o].id.rawValue }
                    }
                    if o < old.count && oldID == id {
                        out[index].tile = old[o].tile
                        if tracking {
                            digest.reposition(ElementID(rawValue: id), from: old[o].attributes.groupPosition, to: out[index].attributes.groupPosition)
                        }
                        o += 1
                        if o < old.count { oldID = old[o].id.rawValue }
                    } else {
                        let position = out[index].attributes.groupPosition
                        if position != .none { tracksPositions = true }
                        digest.insert(ElementID(rawValue: id), position: position)
                        entered += 1
                    }
                    index += 1
                }
                while o < old.count {
                    leave(old[o], pools: &pools, digest: &digest, reusePolicy: reusePolicy)
                    left += 1
                    o += 1
                }

                var created = 0
                if entered > 0 {
                    index = 0
                    while index < written {
                        if out[index].tile == TilePools.none {
                            let taken = pools.take(from: reusePolicy.pool(ofKindRaw: out[index].attributes.kind.rawValue))
                            out[index].tile = taken.tile
                            if taken.created { created += 1 }
                        }
                        index += 1
                    }
                }
                return (written, entered, left, created)
            }
        }
    }

    /// Writes the merge of `query` (without the elements `skipping` pins elsewhere) and
    /// `pinned`, both sorted by ID, into `out` without tiles, each ID once; returns the
    /// number written.
    @inline(__always)
    private static func fill(
        _ out: UnsafeMutableBufferPointer<LoadedElement>, from query: UnsafeBufferPointer<LayoutAttributes>,
        skipping: Pinning?, pinnedKinds: ElementKinds, pinned: UnsafeBufferPointer<LayoutAttributes>
    ) -> Int {
        var written = 0, q = 0, p = 0
        var lastID: UInt64 = 0
        while q < query.count {
            let element = query[q]
            q += 1
            if pinnedKinds.contains(kindRaw: element.kind.rawValue), let skipping, skipping.isPinned(element) { continue }
            let id = element.id.rawValue
            while p < pinned.count && pinned[p].id.rawValue < id {
                let header = pinned[p]
                p += 1
                out[written] = LoadedElement(attributes: header, tile: TilePools.none, pinned: true)
                lastID = header.id.rawValue
                written += 1
            }
            // A layout that breaks law 1 by answering an element twice still loads it once.
            if written > 0 && id == lastID { continue }
            out[written] = LoadedElement(attributes: element, tile: TilePools.none)
            lastID = id
            written += 1
        }
        while p < pinned.count {
            out[written] = LoadedElement(attributes: pinned[p], tile: TilePools.none, pinned: true)
            p += 1
            written += 1
        }
        return written
    }

    /// Returns the tile of an element leaving the set to its pool.
    @inline(__always)
    static func leave(
        _ element: LoadedElement, pools: inout TilePools, digest: inout LoadedSetDigest, reusePolicy: ReusePolicy
    ) {
        pools.push(element.tile, to: reusePolicy.pool(ofKindRaw: element.attributes.kind.rawValue))
        digest.remove(element.id, position: element.attributes.groupPosition)
    }
}
