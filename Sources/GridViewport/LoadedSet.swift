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
    /// Pinned elements of the current frame: the viewport appends those of frozen bands
    /// before ``commit(rect:offset:)``, which adds those pinned until the next.
    var pinnedBuffer: [LayoutAttributes] = []
    /// Where the viewport's extra queries for frozen bands answer.
    var scratch: [LayoutAttributes] = []
    private(set) var pools = TilePools()
    private(set) var digest = LoadedSetDigest()
    /// Whether an element with a group position has ever been loaded. Until one has, kept
    /// elements' positions are not compared: a layout gives an element a position in every
    /// answer or in none, so only a layout that sets them can change them, and layouts
    /// without groups pay nothing per kept element.
    private var tracksPositions = false
    /// Elements dropped by a reload since the last frame, reported in the next frame's `left`.
    private var pendingLeft = 0

    /// What pins, and how.
    var pinning: Pinning
    let reusePolicy: ReusePolicy

    init(reusePolicy: ReusePolicy, pinning: Pinning) {
        self.reusePolicy = reusePolicy
        self.pinning = pinning
    }

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
        var index = 0
        while index < pinning.untilNext.count {
            pinning.untilNext[index].appendPinned(in: rect, at: offset, into: &pinnedBuffer)
            index += 1
        }
        if pinning.untilNext.count > 1 || pinning.bands != nil { sortByID(&pinnedBuffer) }

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
        return FrameReport(entered: counts.entered, left: left, created: counts.created, digest: digest)
    }

    /// What fills buffer slots before they are written. (Computed: a stored `static let`
    /// would cost a `swift_once` check on every use.)
    private static var placeholder: LayoutAttributes {
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
                out[written] = LoadedElement(attributes: header, tile: TilePools.none)
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
            out[written] = LoadedElement(attributes: pinned[p], tile: TilePools.none)
            p += 1
            written += 1
        }
        return written
    }

    /// Returns the tile of an element leaving the set to its pool.
    @inline(__always)
    private static func leave(
        _ element: LoadedElement, pools: inout TilePools, digest: inout LoadedSetDigest, reusePolicy: ReusePolicy
    ) {
        pools.push(element.tile, to: reusePolicy.pool(ofKindRaw: element.attributes.kind.rawValue))
        digest.remove(element.id, position: element.attributes.groupPosition)
    }

    /// Renames every loaded element to its ID after `edit`; elements the edit deleted
    /// leave now (their tiles return to their pools, and they are counted in the next
    /// frame's `left`). The others keep their tiles. Frames are refreshed by the next
    /// frame's query.
    /// - Complexity: O(k) to rename, plus an insertion sort that is O(k) for a set still in
    ///   order and O(k²) at worst. No allocation.
    mutating func rename(by edit: DataEdit) {
        rename { edit.id(after: $0) }
    }

    /// Renames every loaded element to `map`'s ID for it, as ``rename(by:)`` does with a
    /// batch update's; `nil` means the element is gone. Used for a layout's own edits
    /// (``GridCore/LayoutEdit``).
    /// - Complexity: O(k) calls of `map`, then the sort of ``rename(by:)``.
    mutating func rename(_ map: (ElementID) -> ElementID?) {
        var read = 0, write = 0
        while read < elements.count {
            var element = elements[read]
            read += 1
            guard let id = map(element.id) else {
                Self.leave(element, pools: &pools, digest: &digest, reusePolicy: reusePolicy)
                pendingLeft += 1
                continue
            }
            if id != element.id {
                let position = element.attributes.groupPosition
                digest.remove(element.id, position: position)
                element.attributes.path = id.path
                digest.insert(id, position: position)
            }
            elements[write] = element
            write += 1
        }
        elements.removeLast(elements.count - write)
        elements.withUnsafeMutableBufferPointer { a in
            var index = 1
            while index < a.count {
                let element = a[index]
                var hole = index
                while hole > 0 && element.id < a[hole - 1].id {
                    a[hole] = a[hole - 1]
                    hole -= 1
                }
                a[hole] = element
                index += 1
            }
        }
    }

    /// Unloads every element now, as `reloadData` does: their tiles return to their pools,
    /// and they are counted in the next frame's `left`.
    /// - Complexity: O(k).
    mutating func unloadAll() {
        var index = 0
        while index < elements.count {
            Self.leave(elements[index], pools: &pools, digest: &digest, reusePolicy: reusePolicy)
            index += 1
        }
        pendingLeft += elements.count
        elements.removeAll(keepingCapacity: true)
    }
}
