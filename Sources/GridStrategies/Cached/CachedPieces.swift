import GridCore

/// What a ``CachedLayout`` answers from after told updates its base could describe
/// (``GridCore/SectionShiftReporting``): runs of sections, in order, each read from the arrays
/// built by the last prepare (moved along y and renumbered as the updates since said) or
/// from a *patch*, the elements of sections laid again, cached on their own.
///
/// An edit in one section thus caches that section again and moves the pieces after it
/// (a few additions each), where a rebuild would write every element again: O(m + p) for the
/// m elements of the sections laid again and the p pieces, against O(n). A patch next to or
/// across the sections an edit touches is laid again with them, so that edits in one place
/// keep one patch there. When the pieces grow past ``maximumPieces`` or the patches past an
/// eighth of the elements (at least 4,096), the cache is built again whole.
///
/// Only for content that scrolls along y alone, whose elements the base wrote in order of
/// section (``ElementSink/sectionsInOrder``), without group positions: the main arrays then
/// hold each section's elements in one run, found by binary search.
@usableFromInline
struct CachedPieces: Sendable {
    /// A run of sections, in the numbering of the data of the last update.
    @usableFromInline
    struct Piece: Sendable {
        /// The sections it holds.
        @usableFromInline var sections: Range<Int>
        /// What to add to a stored section number for the current one.
        @usableFromInline var renumber: Int
        /// What to add to a stored frame's `y` for the current one.
        @usableFromInline var shift: Double
        /// Where along y its elements lie: every one starts at or below `low` and ends at
        /// or above `high`.
        @usableFromInline var low: Double
        @usableFromInline var high: Double
        /// Its patch, or −1 for the main arrays.
        @usableFromInline var patch: Int
        /// For the main arrays, the positions of its elements.
        @usableFromInline var positions: Range<Int>
    }

    /// The elements of sections laid again by an update: sorted by `minY` then ID.
    @usableFromInline
    struct Patch: Sendable {
        @usableFromInline var frames: [Rect] = []
        @usableFromInline var ids: [ElementID] = []
        /// The tallest element's height.
        @usableFromInline var tallest = 0.0
        /// The stored number of its first section.
        @usableFromInline var firstSection = 0
        /// `cellPositions[cellStarts[s] + i]` is the position of item `i` of its section
        /// `firstSection + s`, or −1.
        @usableFromInline var cellStarts: [Int] = [0]
        @usableFromInline var cellPositions: [Int32] = []
        /// The positions of its supplementary views.
        @usableFromInline var others: [Int32] = []
    }

    @usableFromInline var list: [Piece] = []
    @usableFromInline var patches: [Patch] = []
    /// The data the main arrays were built for.
    @usableFromInline var builtData = DataShape.empty
    /// Scratch of ``apply(_:old:new:mainIDs:query:)``, kept across updates so that an
    /// update's lists and the base's answer grow once.
    private var scratchPieces: [Piece] = [], scratchAfter: [Piece] = [], scratchFound: [LayoutAttributes] = []
    private var scratchKept: [Patch] = [], scratchRenamed: [Int] = []

    /// Past this many pieces, an update builds the cache again whole.
    static let maximumPieces = 48

    /// Whether an update was applied in pieces since the last build: the pieces answer then,
    /// even when there are none (every section deleted).
    @usableFromInline var active = false

    /// Whether the main arrays answer as built (no update applied in pieces).
    @inlinable var isEmpty: Bool { !active }

    /// The number of elements held.
    var elementCount: Int {
        list.reduce(0) { $0 + ($1.patch < 0 ? $1.positions.count : 0) } + patches.reduce(0) { $0 + $1.ids.count }
    }

    /// The piece holding `section`, by binary search.
    @inlinable
    func piece(holding section: Int) -> Piece? {
        var low = 0, high = list.count
        while low < high {
            let mid = (low + high) / 2
            if list[mid].sections.upperBound <= section { low = mid + 1 } else { high = mid }
        }
        guard low < list.count, list[low].sections.contains(section) else { return nil }
        return list[low]
    }

    /// The section number `raw` carries, renumbered by `renumber`.
    @inlinable @inline(__always)
    static func renumbered(_ id: ElementID, by renumber: Int) -> ElementID {
        ElementID(rawValue: id.rawValue &+ (UInt64(bitPattern: Int64(renumber)) &<< 36))
    }

    /// Applies `shift` to the pieces, over main arrays whose IDs are `ids` and which were
    /// built for `builtData`, the data being `old` before the update and `new` after it;
    /// `query` is the base's rect query after the update.
    ///
    /// - Returns: `false`, leaving the pieces as they were, when the update cannot be
    ///   applied in pieces (too many, a patch too large, an offset that is not exact): the
    ///   caller builds the cache again.
    mutating func apply(
        _ shift: SectionShift, old: DataShape, new: DataShape, mainIDs ids: [ElementID],
        query: (Rect, inout [LayoutAttributes]) -> Void
    ) -> Bool {
        let delta = shift.offset
        guard SectionShift.isExact(delta), shift.firstChanged >= 0, shift.firstChanged <= shift.movedFrom,
              shift.firstChanged <= shift.movedTo, shift.movedFrom <= old.sectionCount, shift.movedTo <= new.sectionCount,
              new.sectionCount - shift.movedTo == old.sectionCount - shift.movedFrom
        else { return false }
        var list = self.list
        if !active {
            list = [Piece(
                sections: 0..<old.sectionCount, renumber: 0, shift: 0, low: -.infinity, high: .infinity, patch: -1,
                positions: 0..<ids.count)]
        }
        // The sections laid again, before the update (`first ..< from`) and after it
        // (`first ..< to`), widened to take in every patch they touch or reach.
        var first = shift.firstChanged, from = shift.movedFrom, to = shift.movedTo
        var low = shift.changedSpan.lowerBound, high = shift.changedSpan.upperBound
        var widened = true
        while widened {
            widened = false
            for piece in list where piece.patch >= 0 && !piece.sections.isEmpty
                && piece.sections.lowerBound <= from && piece.sections.upperBound >= first {
                if piece.sections.lowerBound < first {
                    first = piece.sections.lowerBound
                    low = min(low, piece.low)
                    widened = true
                }
                if piece.sections.upperBound > from {
                    let extra = piece.sections.upperBound - from
                    from += extra
                    to += extra
                    high = max(high, piece.high + delta)
                    widened = true
                }
            }
        }
        // The pieces before, the patch, the pieces after.
        // Moved out of the scratch, so that appends write in its storage.
        var pieces: [Piece] = [], after: [Piece] = [], kept: [Patch] = [], renamed: [Int] = []
        swap(&pieces, &scratchPieces)
        swap(&after, &scratchAfter)
        swap(&kept, &scratchKept)
        swap(&renamed, &scratchRenamed)
        pieces.removeAll(keepingCapacity: true)
        after.removeAll(keepingCapacity: true)
        kept.removeAll(keepingCapacity: true)
        renamed.removeAll(keepingCapacity: true)
        renamed.append(contentsOf: repeatElement(-1, count: patches.count))
        defer {
            swap(&after, &scratchAfter)
            swap(&renamed, &scratchRenamed)
            kept.removeAll(keepingCapacity: true)
            swap(&kept, &scratchKept)
        }
        // A patch kept, under its index among the kept ones.
        func keep(_ piece: Piece) -> Piece {
            guard piece.patch >= 0 else { return piece }
            var piece = piece
            if renamed[piece.patch] < 0 {
                renamed[piece.patch] = kept.count
                kept.append(patches[piece.patch])
            }
            piece.patch = renamed[piece.patch]
            return piece
        }
        for piece in list {
            let lower = piece.sections.lowerBound, upper = piece.sections.upperBound
            if piece.patch >= 0 {
                // A patch lies wholly before, wholly after, or within the sections laid again.
                if upper <= first {
                    pieces.append(keep(piece))
                } else if lower >= from {
                    after.append(keep(Self.moved(piece, by: delta, renumbering: to - from, low: piece.low + delta)))
                }
                continue
            }
            if upper <= first {
                pieces.append(piece)
                continue
            }
            if lower < first {
                var before = piece
                let end = min(upper, first)
                before.sections = lower..<end
                before.positions = piece.positions.lowerBound..<Self.start(of: end - piece.renumber, in: piece.positions, ids)
                if upper > first { before.high = low }
                pieces.append(before)
            }
            if upper > from {
                var rest = piece
                let start = max(lower, from)
                rest.sections = start..<upper
                rest.positions = Self.start(of: start - piece.renumber, in: piece.positions, ids)..<piece.positions.upperBound
                after.append(Self.moved(rest, by: delta, renumbering: to - from, low: lower < from ? high : piece.low + delta))
            }
        }
        guard after.allSatisfy({ $0.shift == 0 || SectionShift.isExact($0.shift) }) else {
            swap(&pieces, &scratchPieces)
            return false
        }
        // The sections laid again, from the base.
        var patch = Patch()
        patch.firstSection = first
        if to > first {
            var found: [LayoutAttributes] = []
            swap(&found, &scratchFound)
            found.removeAll(keepingCapacity: true)
            defer { swap(&found, &scratchFound) }
            if high > low {
                let wide = Double.greatestFiniteMagnitude / 4
                query(Rect(x: -wide, y: low, width: 2 * wide, height: high - low), &found)
            }
            found.removeAll { !(first..<to).contains($0.path.section) }
            let limit = max(4_096, ids.count / 8)
            guard found.count <= limit else {
                swap(&pieces, &scratchPieces)
                return false
            }
            found.sort { $0.frame.minY != $1.frame.minY ? $0.frame.minY < $1.frame.minY : $0.id < $1.id }
            patch.cellStarts = [0]
            patch.cellStarts.reserveCapacity(to - first + 1)
            var total = 0
            for section in first..<to {
                total += new.itemCounts[section]
                patch.cellStarts.append(total)
            }
            patch.cellPositions = Array(repeating: -1, count: total)
            patch.frames.reserveCapacity(found.count)
            patch.ids.reserveCapacity(found.count)
            for element in found {
                let position = Int32(truncatingIfNeeded: patch.ids.count)
                patch.frames.append(element.frame)
                patch.ids.append(element.id)
                patch.tallest = max(patch.tallest, element.frame.height)
                if element.kind == .cell {
                    let s = element.path.section - first
                    if element.path.item < patch.cellStarts[s + 1] - patch.cellStarts[s] {
                        patch.cellPositions[patch.cellStarts[s] + element.path.item] = position
                    }
                } else {
                    patch.others.append(position)
                }
            }
            kept.append(patch)
            pieces.append(Piece(
                sections: first..<to, renumber: 0, shift: 0, low: low, high: high, patch: kept.count - 1, positions: 0..<0))
        }
        pieces.append(contentsOf: after)
        pieces.removeAll { $0.sections.isEmpty }
        guard pieces.count <= Self.maximumPieces else {
            swap(&pieces, &scratchPieces)
            return false
        }
        // The old list and patches become the next update's scratch.
        swap(&self.list, &pieces)
        swap(&scratchPieces, &pieces)
        swap(&self.patches, &kept)
        active = true
        return true
    }

    /// `piece` after an update that moved it by `delta` along y and renumbered its sections
    /// by `renumbering`, its elements now starting at or below `low`.
    private static func moved(_ piece: Piece, by delta: Double, renumbering: Int, low: Double) -> Piece {
        var piece = piece
        piece.sections = (piece.sections.lowerBound + renumbering)..<(piece.sections.upperBound + renumbering)
        piece.renumber += renumbering
        piece.shift += delta
        piece.low = low
        piece.high += delta
        return piece
    }

    /// The first position in `positions` whose element's stored section is `section` or
    /// later: the main arrays hold each section's elements in one run, in order.
    private static func start(of section: Int, in positions: Range<Int>, _ ids: [ElementID]) -> Int {
        var low = positions.lowerBound, high = positions.upperBound
        while low < high {
            let mid = (low + high) / 2
            if ids[mid].section < section { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

// MARK: - Answers from pieces

extension CachedLayout {
    /// A rect query over the pieces: each piece the rect reaches along y is read as the
    /// whole cache would be (its bands of the main arrays, in stored coordinates, or its
    /// patch by binary search), and its elements are moved and renumbered on the way out.
    ///
    /// A piece's `y` offset is exact (``GridCore/SectionShift``), so each frame comes out as
    /// the base makes it; the rect is tested against that frame, never a stored one.
    /// - Complexity: O(p + Σ (log m + k)) over the p pieces and the pieces the rect reaches.
    @usableFromInline
    func pieceElements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        let a = rect.minY, b = rect.maxY
        guard !a.isNaN, !b.isNaN, !rect.minX.isNaN else { return }
        // An index loop: a `for … in` over the pieces allocates in a debug build.
        var next = 0
        while next < pieces.list.count {
            let piece = pieces.list[next]
            next += 1
            guard piece.high > a && piece.low < b else { continue }
            let shift = piece.shift, renumber = piece.renumber
            if piece.patch >= 0 {
                let patch = pieces.patches[piece.patch]
                patch.frames.withUnsafeBufferPointer { frames in
                    // The first element that can reach below `a`: its top plus the tallest
                    // height reaches `a` (rounded up, so no element is missed).
                    var low = 0, high = frames.count
                    while low < high {
                        let mid = (low + high) / 2
                        if frames[mid].minY + shift + patch.tallest < a { low = mid + 1 } else { high = mid }
                    }
                    while low < frames.count && frames[low].minY + shift < b {
                        Self.emitMoved(frames[low], patch.ids[low], shift, renumber, rect, &buffer)
                        low += 1
                    }
                }
                continue
            }
            // The main arrays' bands, in stored coordinates; only this piece's positions.
            let first = index.band(of: a - shift), last = index.band(of: b - shift)
            let range = piece.positions
            frames.withUnsafeBufferPointer { frames in
                ids.withUnsafeBufferPointer { ids in
                    if !index.spillStarts.isEmpty {
                        var s = Int(index.spillStarts[first])
                        let spillEnd = Int(index.spillStarts[first + 1])
                        while s < spillEnd {
                            let position = Int(index.spill[s])
                            if range.contains(position) {
                                Self.emitMoved(frames[position], ids[position], shift, renumber, rect, &buffer)
                            }
                            s += 1
                        }
                    }
                    var position = max(Int(index.bandStarts[max(first - 1, 0)]), range.lowerBound)
                    let end = min(Int(index.bandStarts[last + 1]), range.upperBound)
                    while position < end {
                        Self.emitMoved(frames[position], ids[position], shift, renumber, rect, &buffer)
                        position += 1
                    }
                }
            }
        }
    }

    /// Appends the element stored as `stored` and `id`, moved `shift` along y and renumbered
    /// `renumber` sections, when it meets `rect`.
    @inline(__always)
    static func emitMoved(
        _ stored: Rect, _ id: ElementID, _ shift: Double, _ renumber: Int, _ rect: Rect, _ buffer: inout [LayoutAttributes]
    ) {
        let frame = Rect(x: stored.minX, y: stored.minY + shift, width: stored.width, height: stored.height)
        guard frame.intersects(rect) else { return }
        let id = CachedPieces.renumbered(id, by: renumber)
        buffer.append(LayoutAttributes(kind: id.kind ?? .cell, path: id.path, frame: frame))
    }

    /// A cell's attributes from the piece holding its section; the base's for a cell the
    /// cache does not hold (a zero-area frame).
    @usableFromInline
    func pieceAttributes(at path: ItemPath) -> LayoutAttributes? {
        guard data.flatIndex(of: path) != nil else { return nil }
        if let piece = pieces.piece(holding: path.section), let (frame, _) = pieceSlot(.cell, path, in: piece) {
            return .cell(path, frame: frame)
        }
        return base.attributes(at: path)
    }

    /// A supplementary view's attributes from the piece holding its section; the base's for
    /// one the cache does not hold.
    @usableFromInline
    func pieceSupplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? {
        guard kind != .cell else { return nil }
        if path.section >= 0, let piece = pieces.piece(holding: path.section), let (frame, _) = pieceSlot(kind, path, in: piece) {
            return LayoutAttributes(kind: kind, path: path, frame: frame)
        }
        return base.supplementary(kind, at: path)
    }

    /// Where the element of `kind` at `path` sits in `piece`, and its frame now.
    private func pieceSlot(_ kind: ElementKind, _ path: ItemPath, in piece: CachedPieces.Piece) -> (Rect, Int)? {
        let stored = ItemPath(section: path.section - piece.renumber, item: path.item)
        let position: Int
        if piece.patch >= 0 {
            let patch = pieces.patches[piece.patch]
            let s = stored.section - patch.firstSection
            guard s >= 0, s + 1 < patch.cellStarts.count else { return nil }
            if kind == .cell {
                guard path.item >= 0, path.item < patch.cellStarts[s + 1] - patch.cellStarts[s] else { return nil }
                let slot = patch.cellPositions[patch.cellStarts[s] + path.item]
                guard slot >= 0 else { return nil }
                position = Int(slot)
            } else {
                let id = ElementID(kind: kind, path: stored)
                guard id.path == stored, let found = patch.others.first(where: { patch.ids[Int($0)] == id }) else { return nil }
                position = Int(found)
            }
            let frame = patch.frames[position]
            return (Rect(x: frame.minX, y: frame.minY + piece.shift, width: frame.width, height: frame.height), position)
        }
        let slot: Int32?
        if kind == .cell {
            slot = pieces.builtData.flatIndex(of: stored).map { cellSlots[$0] }
        } else if kind == .sectionHeader && stored.item == 0 && headerSlots.indices.contains(stored.section) {
            slot = headerSlots[stored.section]
        } else if case let id = ElementID(kind: kind, path: stored), id.path == stored {
            slot = otherSlots.slot(kind, stored)
        } else {
            slot = nil
        }
        guard let slot, slot >= 0, piece.positions.contains(Int(slot)) else { return nil }
        let frame = frames[Int(slot)]
        return (Rect(x: frame.minX, y: frame.minY + piece.shift, width: frame.width, height: frame.height), Int(slot))
    }
}
