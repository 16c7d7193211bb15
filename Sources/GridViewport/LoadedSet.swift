import GridCore

/// Everything a viewport keeps between frames that does not depend on its layout's type:
/// the loaded set, its double buffer, the query buffers, the reuse pools, the pinnable
/// headers and the digest.
///
/// Kept apart from the generic ``Viewport`` so that the per-frame diff is ordinary
/// non-generic code, compiled and optimised once whatever the layout.
@usableFromInline
struct LoadedSet: Sendable {
    /// The loaded elements, sorted by ID.
    private(set) var elements: [LoadedElement] = []
    /// The other half of the double buffer: the next frame's set is built here, then the
    /// two are swapped.
    private var spare: [LoadedElement] = []
    /// The layout writes its answer for the loaded rect here.
    @usableFromInline var query: [LayoutAttributes] = []
    /// Pinned elements of the current frame: the viewport appends those of frozen bands
    /// before ``commit(rect:offset:)``, which adds those pinned until the next.
    @usableFromInline var pinnedBuffer: [LayoutAttributes] = []
    /// Section headers pinned by binary search over the layout's answers, when the layout
    /// declares them in order (``Pinning/ordersSectionHeaders``); kept across prepares.
    @usableFromInline var orderedHeaders = OrderedHeaders()
    /// Where the viewport's extra queries for frozen bands answer.
    @usableFromInline var scratch: [LayoutAttributes] = []
    private(set) var pools = TilePools()
    private(set) var digest = LoadedSetDigest()
    /// Whether an element with a group position has ever been loaded. Until one has, kept
    /// elements' positions are not compared: a layout gives an element a position in every
    /// answer or in none, so only a layout that sets them can change them, and layouts
    /// without groups pay nothing per kept element.
    private var tracksPositions = false
    /// Elements dropped by a reload since the last frame, reported in the next frame's `left`.
    private var pendingLeft = 0
    /// The loaded rect of the last frame, while the set is exactly what a full query for it
    /// gives: `nil` before the first frame and after anything that changed the layout, the
    /// data or the set (a prepare, an edit, a reload), so that the next frame queries in
    /// full.
    private(set) var previousRect: Rect? {
        didSet { if previousRect == nil { clearance = Clearance() } }
    }
    /// Stretches beyond the loaded rect where the layout begins no element, from the
    /// strips' look-ahead: a frame asks nothing on a side whose entering range lies in one.
    /// About the layout alone; forgotten with ``previousRect`` whenever anything but a
    /// frame changes the layout, the data or the set.
    private var clearance = Clearance()
    /// How far the loaded elements that are not pinned reach (kept with ``previousRect``).
    private var extents = Extents()
    /// The indices in ``elements`` of the pinned elements, in order (kept with
    /// ``previousRect``).
    private var pinnedSlots: [Int] = []
    /// For each membership class of the frozen bands (vertical only, horizontal only,
    /// both), the natural rect the last frame asked for and the layout's answer for it:
    /// kept up to date by strips, as the loaded set is. `nil` rects are forgotten.
    private var bandRects: [Rect?] = [nil, nil, nil]
    private var bandAnswers0: [LayoutAttributes] = []
    private var bandAnswers1: [LayoutAttributes] = []
    private var bandAnswers2: [LayoutAttributes] = []
    /// Where an incremental frame put its entering elements, until they have tiles.
    private var enteringSlots: [Int] = []
    /// The indices in ``elements`` of the elements leaving in an incremental frame.
    private var leavingSlots: [Int] = []

    /// What pins, and how.
    var pinning: Pinning {
        didSet { adoptPinning() }
    }
    /// Whether section headers pin by ``orderedHeaders``: the viewport adds them to
    /// ``pinnedBuffer`` before the frame is finished.
    @usableFromInline private(set) var ordersSectionHeaders = false
    /// Whether the layout's rect queries scan everything
    /// (``GridCore/LayoutTraits/rectQueriesScanEverything``): an incremental frame then
    /// asks one query, for the bounding box of its strips.
    var queriesOnce = false
    /// Whether ``pinning`` has frozen bands, which a frame finds with extra rect queries.
    @usableFromInline private(set) var hasBands = false
    let reusePolicy: ReusePolicy

    init(reusePolicy: ReusePolicy, pinning: Pinning) {
        self.reusePolicy = reusePolicy
        self.pinning = pinning
        adoptPinning()
    }

    /// What follows from ``pinning``, made anew for a prepared layout: whether it has bands,
    /// and a new generation of ordered headers (every remembered header forgotten).
    private mutating func adoptPinning() {
        hasBands = pinning.bands != nil
        ordersSectionHeaders = pinning.ordersSectionHeaders
        if let ordered = pinning.orderedSectionHeaders {
            orderedHeaders.reset(sections: ordered.sections, contentEnd: ordered.contentEnd)
        }
    }

    /// Starts a frame whose loaded rect is `rect`: empties the buffers and says what to ask
    /// the layout for. Incrementally, when `incremental` is on and the set is exactly what
    /// a full query for the last frame's rect gives (``previousRect``) and that rect meets
    /// `rect`: the strips of `rect` outside it. Otherwise `rect` whole.
    /// - Complexity: O(1).
    @usableFromInline
    mutating func plan(_ rect: Rect, incremental: Bool) -> Strips {
        // (`removeAll(keepingCapacity:)` costs a call even on an empty array.)
        if !query.isEmpty { query.removeAll(keepingCapacity: true) }
        if !pinnedBuffer.isEmpty { pinnedBuffer.removeAll(keepingCapacity: true) }
        if incremental, let previous = previousRect, previous.intersects(rect) {
            // A layout whose every query scans everything is asked as before, every frame
            // and without look-ahead: the seed's baseline, whose answers, all sorted and
            // diffed, would only grow with it.
            var strips = Strips(of: rect, outside: previous, clearance: queriesOnce ? nil : clearance)
            if queriesOnce { strips.mergeIntoOne() }
            return strips
        }
        return Strips(whole: rect)
    }

    /// The natural rect to query for the frozen-band elements of membership `member` that
    /// can show in `rect` at `offset` (see ``FrozenBands/queryRect(member:loaded:offset:)``),
    /// or `nil` when there are none to ask for.
    @usableFromInline
    func bandQueryRect(member: UInt8, loaded rect: Rect, offset: Point) -> Rect? {
        guard let bands = pinning.bands else { return nil }
        let occurs = member == 3 ? bands.classes & 4 != 0 : bands.classes & member != 0
        return occurs ? bands.queryRect(member: member, loaded: rect, offset: offset) : nil
    }

    /// Starts the band query of membership `member` for the natural rect `natural`:
    /// empties ``scratch`` and says what to ask the layout for. Like ``plan(_:incremental:)``:
    /// when the last frame asked this member for a rect that meets `natural` and nothing has
    /// changed since, only the strips of `natural` outside it; otherwise `natural` whole.
    /// - Complexity: O(1).
    @usableFromInline
    mutating func planBand(member: UInt8, natural: Rect, incremental: Bool) -> Strips {
        if !scratch.isEmpty { scratch.removeAll(keepingCapacity: true) }
        let slot = Int(member) - 1
        if incremental, let previous = bandRects[slot], previous.intersects(natural) {
            var strips = Strips(of: natural, outside: previous)
            if queriesOnce { strips.mergeIntoOne() }
            return strips
        }
        return Strips(whole: natural)
    }

    /// Finishes the band query `plan` started, once the layout has answered in ``scratch``:
    /// brings the member's natural answer up to date (incrementally: the old answers that
    /// still meet `natural`, plus the strips' answers that meet it and did not meet the old
    /// rect; otherwise the answer whole), then adds its elements of membership `member`,
    /// shifted with their bands, that meet `rect`, to ``pinnedBuffer``.
    /// - Complexity: O(b + e log e) for b answers kept and e answers of the strips.
    @usableFromInline
    mutating func collectBand(member: UInt8, plan: Strips, natural: Rect, loaded rect: Rect, offset: Point) {
        let slot = Int(member) - 1
        // Three stored buffers, not an array of arrays: mutating an element of a nested
        // array in place is not guaranteed, and a copy would allocate.
        switch slot {
        case 0: Self.update(&bandAnswers0, with: &scratch, plan: plan, natural: natural)
        case 1: Self.update(&bandAnswers1, with: &scratch, plan: plan, natural: natural)
        default: Self.update(&bandAnswers2, with: &scratch, plan: plan, natural: natural)
        }
        bandRects[slot] = natural
        guard let bands = pinning.bands else { return }
        switch slot {
        case 0: bands.collect(bandAnswers0, member: member, loaded: rect, offset: offset, into: &pinnedBuffer)
        case 1: bands.collect(bandAnswers1, member: member, loaded: rect, offset: offset, into: &pinnedBuffer)
        default: bands.collect(bandAnswers2, member: member, loaded: rect, offset: offset, into: &pinnedBuffer)
        }
    }

    /// Brings `answers` (the layout's answer for the plan's previous rect) up to date for
    /// `natural` with the strips' answers in `strips`; for a whole query, takes `strips`.
    ///
    /// The answers are kept sorted by ID, so that the frozen bands' elements come out of
    /// ``FrozenBands/collect(_:member:loaded:offset:into:)`` in runs already in order and
    /// the pinned buffer's sort is a scan. (Left in the order they came, the answers of a
    /// drag that turns back are a shuffle after a few frames, and sorting ~50 of them each
    /// frame was a third of the timesheet's diagonal drag.)
    /// - Complexity: O(b + e·d) for b answers kept, e entering and d answers after each
    ///   entering one in ID order; O(b log b) at worst.
    private static func update(_ answers: inout [LayoutAttributes], with strips: inout [LayoutAttributes], plan: Strips, natural: Rect) {
        guard let previous = plan.previous else {
            // Copied, not swapped: each buffer keeps the capacity it grew to.
            if !answers.isEmpty { answers.removeAll(keepingCapacity: true) }
            var index = 0
            while index < strips.count {
                answers.append(strips[index])
                index += 1
            }
            sortByID(&answers)
            return
        }
        var kept = 0
        answers.withUnsafeMutableBufferPointer { a in
            var index = 0
            while index < a.count {
                if a[index].frame.intersects(natural) {
                    a[kept] = a[index]
                    kept += 1
                }
                index += 1
            }
        }
        answers.removeLast(answers.count - kept)
        var index = 0
        while index < strips.count {
            let element = strips[index]
            if element.frame.intersects(natural) && !element.frame.intersects(previous) { answers.append(element) }
            index += 1
        }
        guard answers.count > kept else { return }
        // The kept answers are in ID order still; the entering ones go in among them. Strips
        // overlap by their padding, so an element may have come twice.
        sortByID(&answers)
        removeDuplicates(&answers)
    }

    /// Forgets the member's last band answer: no band of it can show this frame.
    @usableFromInline
    mutating func forgetBand(member: UInt8) {
        bandRects[Int(member) - 1] = nil
    }

    /// Finishes the frame `plan` started, once the layout has answered in ``query`` (and
    /// the frozen bands in ``pinnedBuffer``).
    @usableFromInline
    mutating func finish(_ plan: Strips, rect: Rect, offset: Point) -> FrameReport {
        if let previous = plan.previous { return commitIncremental(plan, rect: rect, previous: previous, offset: offset) }
        return commit(rect: rect, offset: offset)
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
    private mutating func collectPinned(in rect: Rect, at offset: Point) {
        var index = 0
        while index < pinning.untilNext.count {
            pinning.untilNext[index].appendPinned(in: rect, at: offset, into: &pinnedBuffer)
            index += 1
        }
        if pinning.untilNext.count + (ordersSectionHeaders ? 1 : 0) > 1 || pinning.bands != nil { sortByID(&pinnedBuffer) }
    }

    /// Forgets the last frame's rect: the next frame queries in full. Called whenever the
    /// layout, the data or the loaded set changes other than by a frame.
    mutating func forgetPreviousFrame() {
        previousRect = nil
        bandRects = [nil, nil, nil]
    }

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
                q[kept] = element
                kept += 1
            }
        }
        if kept < query.count { query.removeLast(query.count - kept) }
        if kept > 1 {
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
    private static func removeDuplicates(_ buffer: inout [LayoutAttributes]) {
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
    /// (``GridCore/LayoutEdit``): the cells of sections that `move` keeps or moves (every
    /// loaded cell is a cell of before) are renamed by it, without calling `map`.
    /// - Complexity: O(k) calls of `map` at most, then the sort of ``rename(by:)``.
    mutating func rename(_ map: (ElementID) -> ElementID?, move: SectionMove? = nil) {
        previousRect = nil
        var write = 0
        // Whether the renamed elements are still in ID order (a block of rows moved keeps
        // it): then no sort is needed.
        var ordered = true
        var lastID: UInt64 = 0
        let count = elements.count
        elements.withUnsafeMutableBufferPointer { elements in
            var read = 0
            while read < count {
                let old = elements[read].id
                guard let id = move?.id(after: old) ?? map(old) else {
                    Self.leave(elements[read], pools: &pools, digest: &digest, reusePolicy: reusePolicy)
                    pendingLeft += 1
                    read += 1
                    continue
                }
                if id != old {
                    let position = elements[read].attributes.groupPosition
                    digest.remove(old, position: position)
                    elements[read].attributes.path = id.path
                    digest.insert(id, position: position)
                }
                if write != read { elements[write] = elements[read] }
                if write > 0 && id.rawValue < lastID { ordered = false }
                lastID = id.rawValue
                write += 1
                read += 1
            }
        }
        elements.removeLast(count - write)
        guard !ordered else { return }
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
        previousRect = nil
    }
}
