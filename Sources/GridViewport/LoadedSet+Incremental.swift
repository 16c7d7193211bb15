import GridCore

// MARK: - An incremental frame

extension LoadedSet {
    /// Finishes an *incremental* frame: the set was exactly the elements meeting
    /// `previous` (plus the pinned ones), the layout has not changed since, and ``query``
    /// holds the answers for strips covering `rect` outside `previous` (see ``Strips``);
    /// ``pinnedBuffer`` holds the frozen-band elements of this frame.
    ///
    /// The result is the set a full query for `rect` gives, element for element, tile for
    /// tile: an element not pinned stays while its frame meets `rect` (its frame cannot have
    /// changed) and leaves otherwise; it enters when a strip answers it, it meets `rect` and
    /// did not meet `previous`; pinned elements are matched against this frame's pinned
    /// ones by ID and take their new frames. Leaving tiles return to their pools in ID order
    /// before entering elements take theirs in ID order, as in a full frame, so the tiles
    /// match too.
    ///
    /// Most frames of a scroll load and unload nothing: the loaded set's ``Extents`` tell
    /// in O(1) that every element still meets `rect`, and pinned elements are refreshed in
    /// place through their slots, so such a frame touches only the strips' answers and the
    /// pinned elements.
    ///
    /// - Complexity: O(e log e) for the e answers of the strips, plus pinning, plus O(k) for
    ///   k loaded elements only in a frame where some leave or enter. No allocation once the
    ///   buffers have grown.
    mutating func commitIncremental(_ plan: Strips, rect: Rect, previous: Rect, offset: Point) -> FrameReport {
        // The strips' answers that enter: meeting `rect`, not `previous`, and not pinned.
        let pinnedKinds = pinning.pinnedKinds
        // After a followed edit, an element moved out of `previous` may be loaded still.
        let shifted = shiftPending
        var kept = 0
        query.withUnsafeMutableBufferPointer { q in
            clearance.learn(from: q, strips: plan, new: rect)
            var index = 0
            while index < q.count {
                let element = q[index]
                index += 1
                let frame = element.frame
                guard frame.intersects(rect), !frame.intersects(previous) else { continue }
                if pinnedKinds.contains(kindRaw: element.kind.rawValue), pinning.isPinned(element) { continue }
                if shifted && Self.isLoaded(element.id, in: elements) { continue }
                q[kept] = element
                kept += 1
            }
        }
        if kept < query.count { query.removeLast(query.count - kept) }
        if shifted {
            // The elements that entered `previous` by the edit, and meet `rect`.
            var index = 0
            while index < shiftEntering.count {
                if shiftEntering[index].frame.intersects(rect) { query.append(shiftEntering[index]) }
                index += 1
            }
            shiftPending = false
        }
        if query.count > 1 {
            sortByID(&query)
            Self.removeDuplicates(&query)
        }
        collectPinned(in: rect, at: offset)

        previousRect = rect
        if query.isEmpty && extents.allMeet(rect) && refreshPinnedInPlace() {
            let left = pendingLeft
            pendingLeft = 0
            return FrameReport(entered: 0, left: left, created: 0, digest: digest)
        }
        let counts = restructure(rect)
        let left = pendingLeft + counts.left
        pendingLeft = 0
        return FrameReport(entered: counts.entered, left: left, created: counts.created, digest: digest)
    }

    /// When this frame pins exactly the elements the set shows pinned, gives them their new
    /// frames in place and returns `true`; otherwise changes nothing and returns `false`.
    /// - Complexity: O(p) for p pinned elements.
    private mutating func refreshPinnedInPlace() -> Bool {
        guard pinnedBuffer.count == pinnedSlots.count else { return false }
        return elements.withUnsafeMutableBufferPointer { set in
            pinnedBuffer.withUnsafeBufferPointer { pinned in
                pinnedSlots.withUnsafeBufferPointer { slots in
                    var index = 0
                    while index < slots.count {
                        if set[slots[index]].id != pinned[index].id { return false }
                        index += 1
                    }
                    index = 0
                    while index < slots.count {
                        set[slots[index]].attributes = pinned[index]
                        index += 1
                    }
                    return true
                }
            }
        }
    }

    /// Builds the new set from the old one, the strips' entering elements (``query``) and
    /// this frame's pinned ones (``pinnedBuffer``), all sorted by ID, and swaps the buffers.
    ///
    /// First one scan over the old set: an element not pinned stays while it meets `rect`;
    /// a pinned one stays, taking its new frame, while this frame pins it; the others
    /// leave, their tiles returning to their pools in ID order, and their indices are
    /// noted. ``extents`` are rebuilt on the way. Then the new set is copied together in
    /// runs: the stretches of old elements between a leaving one and an entering one move
    /// as blocks, and each entering element is placed where its ID falls (a binary search).
    /// Entering elements then take tiles in ID order, and ``pinnedSlots`` are found again.
    /// - Complexity: O(k) comparisons for the scan, plus O(e log k) for e entering
    ///   elements, plus block moves of O(k) bytes.
    private mutating func restructure(_ rect: Rect) -> (entered: Int, left: Int, created: Int) {
        var extents = Extents()
        leavingSlots.removeAll(keepingCapacity: true)
        scratch.removeAll(keepingCapacity: true)
        let minX = rect.minX, maxX = rect.maxX, minY = rect.minY, maxY = rect.maxY
        elements.withUnsafeMutableBufferPointer { old in
            pinnedBuffer.withUnsafeBufferPointer { pinned in
                var k = 0, q = 0
                while k < old.count {
                    if old[k].pinned {
                        let id = old[k].id.rawValue
                        while q < pinned.count && pinned[q].id.rawValue < id {
                            scratch.append(pinned[q])
                            q += 1
                        }
                        if q < pinned.count && pinned[q].id.rawValue == id {
                            old[k].attributes = pinned[q]
                            q += 1
                            k += 1
                            continue
                        }
                    } else {
                        // `Rect.intersects` for a frame that is not empty (a loaded one never
                        // is) and a rect that is not either.
                        let f = old[k].attributes.frame
                        let fMaxX = f.maxX, fMaxY = f.maxY
                        if f.minX < maxX && minX < fMaxX && f.minY < maxY && minY < fMaxY {
                            extents.include(minX: f.minX, maxX: fMaxX, minY: f.minY, maxY: fMaxY)
                            k += 1
                            continue
                        }
                    }
                    Self.leave(old[k], pools: &pools, digest: &digest, reusePolicy: reusePolicy)
                    leavingSlots.append(k)
                    k += 1
                }
                while q < pinned.count {
                    scratch.append(pinned[q])
                    q += 1
                }
            }
        }
        // Every entering element, sorted by ID: the strips' and the newly pinned.
        let enteringPinned = scratch.count
        if enteringPinned > 0 {
            var index = 0
            while index < enteringPinned {
                query.append(scratch[index])
                index += 1
            }
            sortByID(&query)
        }
        var tracks = tracksPositions
        query.withUnsafeBufferPointer { entering in
            var index = 0
            while index < entering.count {
                let element = entering[index]
                if element.groupPosition != .none { tracks = true }
                digest.insert(element.id, position: element.groupPosition)
                if !(enteringPinned > 0 && Self.contains(scratch, element.id)) {
                    let f = element.frame
                    extents.include(minX: f.minX, maxX: f.maxX, minY: f.minY, maxY: f.maxY)
                }
                index += 1
            }
        }
        tracksPositions = tracks
        self.extents = extents

        let written = elements.count - leavingSlots.count + query.count
        while spare.count < written {
            spare.append(LoadedElement(attributes: Self.placeholder, tile: TilePools.none))
        }
        enteringSlots.removeAll(keepingCapacity: true)
        elements.withUnsafeBufferPointer { old in
            query.withUnsafeBufferPointer { entering in
                leavingSlots.withUnsafeBufferPointer { leaving in
                    spare.withUnsafeMutableBufferPointer { out in
                        guard let source = old.baseAddress, let target = out.baseAddress else { return }
                        var k = 0, w = 0, l = 0, e = 0
                        while k < old.count || e < entering.count {
                            // The next event: the next leaving index, or where the next
                            // entering element goes (the first old index with a greater ID).
                            let nextLeave = l < leaving.count ? leaving[l] : old.count
                            var nextEnter = old.count
                            if e < entering.count {
                                nextEnter = Self.firstIndex(in: old, from: k, notBelow: entering[e].id)
                            }
                            let end = min(nextLeave, nextEnter)
                            if end > k {
                                // A block move (`LoadedElement` is trivially copyable).
                                UnsafeMutableRawPointer(target + w).copyMemory(
                                    from: source + k, byteCount: (end - k) * MemoryLayout<LoadedElement>.stride)
                                w += end - k
                                k = end
                            }
                            if e < entering.count && nextEnter <= nextLeave {
                                let attributes = entering[e]
                                let pinned = enteringPinned > 0 && Self.contains(scratch, attributes.id)
                                target[w] = LoadedElement(attributes: attributes, tile: TilePools.none, pinned: pinned)
                                enteringSlots.append(w)
                                w += 1
                                e += 1
                            } else if l < leaving.count {
                                k += 1  // skips the leaving element
                                l += 1
                            }
                        }
                    }
                }
            }
        }

        // Tiles for the entering elements, in ID order, now that every leaving tile is back.
        var created = 0
        spare.withUnsafeMutableBufferPointer { out in
            var index = 0
            while index < enteringSlots.count {
                let slot = enteringSlots[index]
                let taken = pools.take(from: reusePolicy.pool(ofKindRaw: out[slot].attributes.kind.rawValue))
                out[slot].tile = taken.tile
                if taken.created { created += 1 }
                index += 1
            }
        }
        spare.removeLast(spare.count - written)
        swap(&elements, &spare)
        findPinnedSlots()
        return (query.count, leavingSlots.count, created)
    }

    /// The first index at or after `low` in `set` (sorted by ID) whose ID is not below
    /// `id`, or `set.count`.
    /// - Complexity: O(log k).
    @inline(__always)
    private static func firstIndex(in set: UnsafeBufferPointer<LoadedElement>, from low: Int, notBelow id: ElementID) -> Int {
        var low = low, high = set.count
        let raw = id.rawValue
        while low < high {
            let mid = (low + high) / 2
            if set[mid].id.rawValue < raw { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Whether `buffer`, sorted by ID, holds `id`.
    /// - Complexity: O(log n).
    private static func contains(_ buffer: [LayoutAttributes], _ id: ElementID) -> Bool {
        var low = 0, high = buffer.count
        while low < high {
            let mid = (low + high) / 2
            if buffer[mid].id < id { low = mid + 1 } else { high = mid }
        }
        return low < buffer.count && buffer[low].id == id
    }

    /// Finds ``pinnedSlots`` again after the set changed: the index of each of this frame's
    /// pinned elements (all of them, in order, are in the set), by binary search.
    /// - Complexity: O(p log k).
    private mutating func findPinnedSlots() {
        pinnedSlots.removeAll(keepingCapacity: true)
        guard !pinnedBuffer.isEmpty else { return }
        elements.withUnsafeBufferPointer { set in
            pinnedBuffer.withUnsafeBufferPointer { pinned in
                var low = 0, index = 0
                while index < pinned.count {
                    low = Self.firstIndex(in: set, from: low, notBelow: pinned[index].id)
                    pinnedSlots.append(low)
                    low += 1
                    index += 1
                }
            }
        }
    }

    /// How far the loaded elements that are not pinned reach inwards: the least `maxX` and
    /// `maxY` and the greatest `minX` and `minY` among their frames. Every one of them meets
    /// a rect `r` when `maxMinX < r.maxX`, `r.minX < minMaxX` and likewise on y: exactly
    /// ``GridCore/Rect/intersects(_:)`` for each, since a loaded frame is never empty.
    struct Extents {
        var minMaxX = Double.infinity, maxMinX = -Double.infinity
        var minMaxY = Double.infinity, maxMinY = -Double.infinity

        @inline(__always)
        mutating func include(_ frame: Rect) {
            include(minX: frame.minX, maxX: frame.maxX, minY: frame.minY, maxY: frame.maxY)
        }

        @inline(__always)
        mutating func include(minX: Double, maxX: Double, minY: Double, maxY: Double) {
            minMaxX = min(minMaxX, maxX)
            maxMinX = max(maxMinX, minX)
            minMaxY = min(minMaxY, maxY)
            maxMinY = max(maxMinY, minY)
        }

        /// Whether every frame included meets `rect` (`rect` not empty).
        @inline(__always)
        func allMeet(_ rect: Rect) -> Bool {
            maxMinX < rect.maxX && rect.minX < minMaxX && maxMinY < rect.maxY && rect.minY < minMaxY
        }
    }

    /// Removes elements whose ID equals the one before (`buffer` is sorted by ID): strips
    /// overlap by a little, and a layout may answer an element twice.
    /// - Complexity: O(n).
    static func removeDuplicates(_ buffer: inout [LayoutAttributes]) {
        guard buffer.count > 1 else { return }
        var write = 1
        buffer.withUnsafeMutableBufferPointer { a in
            var read = 1
            while read < a.count {
                if a[read].id != a[write - 1].id {
                    a[write] = a[read]
                    write += 1
                }
                read += 1
            }
        }
        buffer.removeLast(buffer.count - write)
    }
}
