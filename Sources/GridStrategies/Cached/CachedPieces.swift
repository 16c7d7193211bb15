import GridCore

/// What a ``CachedLayout`` answers from after told updates its base could describe
/// (`SectionShiftReporting`): runs of sections, in order, each read from the arrays
/// built by the last prepare (moved along y and renumbered as the updates since said) or
/// from a *patch*, the elements of sections laid again, cached on their own.
///
/// An edit in one section thus caches that section again and moves the pieces after it
/// (a few additions each), where a rebuild would write every element again: O(m + p) for the
/// m elements of the sections laid again and the p pieces, against O(n). A patch next to or
/// across the sections an edit touches is laid again with them, so that edits in one place
/// keep one patch there. When the pieces grow past ``maximumPieces`` (1,024: about 500 edits
/// in as many places) or a patch past an eighth of the elements (at least 4,096), the cache
/// is built again whole.
///
/// The pieces lie along y in order of section, each within its span (`low ... high`), the
/// spans in order: a rect query finds the first piece it reaches by binary search.
///
/// A shift may cut a section at an item (`SectionShift.firstChangedItem`, `movedFromItem`,
/// a measurement in a one-column feed): pieces then start and end at keys (section, item),
/// and a run of the main arrays is split at the cut by where its elements start, which
/// needs only the band of the cut read (`split(at:cut:_:_:)`).
///
/// Only for content that scrolls along y alone, whose elements the build wrote in order of
/// section (``ElementSink/sectionsInOrder``, or checked after a build from rect queries):
/// the main arrays then hold each section's elements in one run, found by binary search.
/// Group positions, when the layout sets them, are read from the positions the build kept: a
/// moved element keeps its own.
@usableFromInline
struct CachedPieces: Sendable {
    /// A run of sections, in the numbering of the data of the last update, which may start
    /// or end at an item inside a section (a shift whose boundary is an item,
    /// `SectionShift.movedFromItem`): from key ``start`` to key ``end``, a key being
    /// `section << 32 | item` (``key(_:_:)``), so that a piece of whole sections runs from
    /// `(first, 0)` to `(last + 1, 0)`. Inside a section cut at an item, the cells are told
    /// apart by item and the supplementary views by the piece that holds them.
    @usableFromInline
    struct Piece: Sendable {
        /// The key of its first cell: its first section, and the first item it holds of it.
        @usableFromInline var start: Int
        /// The key after its last cell.
        @usableFromInline var end: Int
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

        /// The sections it holds elements of, wholly or in part.
        @inlinable var sections: Range<Int> {
            (start >> 32)..<((end >> 32) + (end & CachedPieces.itemMask != 0 ? 1 : 0))
        }
    }

    /// The elements of sections laid again by an update, sorted by `minY` then ID: the
    /// base's answer itself, kept as it came (two allocations a patch, the answer and its
    /// table).
    @usableFromInline
    struct Patch: Sendable {
        @usableFromInline var elements: [LayoutAttributes] = []
        /// The tallest element's height.
        @usableFromInline var tallest = 0.0
        /// The stored number of its first section.
        @usableFromInline var firstSection = 0
        /// The first item it holds of its first section (0 unless the update cut that
        /// section at an item).
        @usableFromInline var firstItem = 0
        /// The number of its sections, whole or in part.
        @usableFromInline var sectionCount = 0
        /// Where its elements are, in one array: `table[s]` for `s` in `0...sectionCount` is
        /// where section `s`'s cells start among the entries after those, the cells' entries
        /// (item by item from the first it holds, the position in ``elements`` or −1), then
        /// the positions of the supplementary views.
        @usableFromInline var table: [Int32] = [0]

        /// The position of the cell `item` of its section `section` (counted from its
        /// first), or `nil`.
        @inlinable
        func cell(section: Int, item: Int) -> Int? {
            guard section >= 0, section < sectionCount else { return nil }
            let base = sectionCount + 1
            let start = Int(table[section]), end = Int(table[section + 1])
            let entry = section == 0 ? item - firstItem : item
            guard entry >= 0, entry < end - start else { return nil }
            let position = table[base + start + entry]
            return position >= 0 ? Int(position) : nil
        }

        /// The positions of its supplementary views.
        @inlinable
        var others: ArraySlice<Int32> { table[(sectionCount + 1 + Int(table[sectionCount]))...] }
    }

    @usableFromInline var list: [Piece] = []
    @usableFromInline var patches: [Patch] = []
    /// The data the main arrays were built for.
    @usableFromInline var builtData = DataShape.empty
    /// Scratch of ``apply(_:old:new:main:query:)``, kept across updates so that an
    /// update's lists grow once.
    @usableFromInline var scratchPieces: [Piece] = [], scratchKept: [Patch] = []

    /// Past this many pieces, an update builds the cache again whole.
    static let maximumPieces = 1_024

    /// A patch that only touches what a shift cut at an item lays again (a measurement in
    /// scroll order, each frame's next to the last one's) is laid again with it only while
    /// it holds fewer elements than this; past it, the new patch is a piece of its own, so
    /// that a frame lays again what it measured, not everything measured so far.
    static let touchingMergeLimit = 64

    /// The bits of a key that hold the item.
    @usableFromInline static let itemMask = 0xFFFF_FFFF

    /// The key of item `item` of section `section`: keys order cells as sections then items.
    @inlinable @inline(__always)
    static func key(_ section: Int, _ item: Int) -> Int { section << 32 | item }

    /// Whether an update was applied in pieces since the last build: the pieces answer then,
    /// even when there are none (every section deleted).
    @usableFromInline var active = false

    /// Whether the main arrays answer as built (no update applied in pieces).
    @inlinable var isEmpty: Bool { !active }

    /// The number of elements held.
    var elementCount: Int {
        list.reduce(0) { $0 + ($1.patch < 0 ? $1.positions.count : 0) } + patches.reduce(0) { $0 + $1.elements.count }
    }

    /// The index in ``list`` of the piece holding `key`, by binary search; `list.count` when
    /// none does.
    @inlinable
    func pieceIndex(holding key: Int) -> Int {
        var low = 0, high = list.count
        while low < high {
            let mid = (low + high) / 2
            if list[mid].end <= key { low = mid + 1 } else { high = mid }
        }
        guard low < list.count, list[low].start <= key else { return list.count }
        return low
    }

    /// The first index in ``list`` of a piece that ends after `key` (the first that may
    /// hold it or anything after it).
    @inlinable
    func firstPiece(endingAfter key: Int) -> Int {
        var low = 0, high = list.count
        while low < high {
            let mid = (low + high) / 2
            if list[mid].end <= key { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The section number `raw` carries, renumbered by `renumber`.
    @inlinable @inline(__always)
    static func renumbered(_ id: ElementID, by renumber: Int) -> ElementID {
        ElementID(rawValue: id.rawValue &+ (UInt64(bitPattern: Int64(renumber)) &<< 36))
    }

    /// The main arrays, as the pieces read them: the IDs and frames by position, built for
    /// ``builtData``, and the band index over them.
    struct Main {
        let ids: [ElementID]
        let frames: [Rect]
        let index: BandIndex
    }

    /// Applies `shift` to the pieces, over the `main` arrays, the data being `old` before
    /// the update and `new` after it; `query` is the base's rect query after the update.
    ///
    /// - Returns: `false`, leaving the pieces as they were, when the update cannot be
    ///   applied in pieces (too many, a patch too large, an offset that is not exact, a
    ///   section cut at an item whose elements are not in order along y in the arrays):
    ///   the caller builds the cache again.
    mutating func apply(
        _ shift: SectionShift, old: DataShape, new: DataShape, main: Main,
        query: (Rect, inout [LayoutAttributes]) -> Void
    ) -> Bool {
        let delta = shift.offset
        let cutsSections = shift.firstChangedItem > 0 || shift.movedFromItem > 0
        guard SectionShift.isExact(delta), shift.fits(oldSections: old.sectionCount, newSections: new.sectionCount),
              !cutsSections || (SectionShift.isExact(shift.changedSpan.lowerBound) && SectionShift.isExact(shift.changedSpan.upperBound)),
              shift.movedFrom <= ElementID.maxSection, shift.movedTo <= ElementID.maxSection
        else { return false }
        let ids = main.ids
        var list = self.list
        if !active {
            list = [Piece(
                start: 0, end: Self.key(old.sectionCount, 0), renumber: 0, shift: 0, low: -.infinity, high: .infinity,
                patch: -1, positions: 0..<ids.count)]
        }
        let renumbering = shift.movedTo - shift.movedFrom
        // What is laid again, before the update (keys `first ..< from`) and after it
        // (`first ..< to`), widened to take in every patch it overlaps or touches (a patch
        // that only touches a cut at an item, while small).
        var first = Self.key(shift.firstChanged, shift.firstChangedItem)
        var from = Self.key(shift.movedFrom, shift.movedFromItem)
        var to = from + (renumbering << 32)
        var low = shift.changedSpan.lowerBound, high = shift.changedSpan.upperBound
        // Where the cuts inside sections lie along y before the update: kept elements start
        // above the first, moved ones at or below the second.
        let firstCut = shift.changedSpan.lowerBound, fromCut = shift.changedSpan.upperBound - delta
        var widened = true
        while widened {
            widened = false
            for piece in list where piece.patch >= 0 && piece.start < piece.end && piece.start <= from && piece.end >= first {
                let overlaps = piece.start < from && piece.end > first
                if !overlaps && cutsSections && patches[piece.patch].elements.count >= Self.touchingMergeLimit { continue }
                if piece.start < first {
                    first = piece.start
                    low = min(low, piece.low)
                    widened = true
                }
                if piece.end > from {
                    let extra = piece.end - from
                    from += extra
                    to += extra
                    high = max(high, piece.high + delta)
                    widened = true
                }
            }
        }
        // The pieces before, the patch, the pieces after, into the last update's list.
        var pieces: [Piece] = [], kept: [Patch] = []
        swap(&pieces, &scratchPieces)
        swap(&kept, &scratchKept)
        pieces.removeAll(keepingCapacity: true)
        kept.removeAll(keepingCapacity: true)
        pieces.reserveCapacity(list.count + 3)
        defer {
            kept.removeAll(keepingCapacity: true)
            swap(&kept, &scratchKept)
        }
        var patchPiece = -1
        var inOrder = true
        let patches = self.patches
        // Which kept patch each patch became (−1: not kept yet), on the stack.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: patches.count) { renamed in
            renamed.initialize(repeating: -1)
            for piece in list {
                let lower = piece.start, upper = piece.end
                // The patch goes after every piece before `first`.
                if patchPiece < 0 && upper > first {
                    patchPiece = pieces.count
                    pieces.append(Piece(start: first, end: to, renumber: 0, shift: 0, low: low, high: high, patch: -1, positions: 0..<0))
                    if lower < first && piece.patch < 0 {
                        // The part before `first` of a run of the arrays goes before the patch.
                        guard let split = Self.split(at: first, cut: firstCut, piece, main) else {
                            inOrder = false
                            return
                        }
                        var before = piece
                        before.end = first
                        before.positions = piece.positions.lowerBound..<split
                        before.high = low
                        pieces.insert(before, at: patchPiece)
                        patchPiece += 1
                    }
                }
                if upper <= first {
                    pieces.append(Self.keep(piece, renamed, &kept, patches))
                } else if piece.patch >= 0 {
                    // A patch lies wholly before, wholly after, or within what is laid again.
                    if lower >= from {
                        pieces.append(Self.keep(Self.moved(piece, by: delta, renumbering: renumbering, low: piece.low + delta), renamed, &kept, patches))
                    }
                } else if upper > from {
                    var rest = piece
                    if lower < from {
                        guard let split = Self.split(at: from, cut: fromCut, piece, main) else {
                            inOrder = false
                            return
                        }
                        rest.start = from
                        rest.positions = split..<piece.positions.upperBound
                    }
                    pieces.append(Self.moved(rest, by: delta, renumbering: renumbering, low: lower < from ? high : piece.low + delta))
                }
            }
        }
        guard inOrder else {
            swap(&pieces, &scratchPieces)
            return false
        }
        if patchPiece < 0 {
            patchPiece = pieces.count
            pieces.append(Piece(start: first, end: to, renumber: 0, shift: 0, low: low, high: high, patch: -1, positions: 0..<0))
        }
        guard pieces.allSatisfy({ $0.shift == 0 || SectionShift.isExact($0.shift) }) else {
            swap(&pieces, &scratchPieces)
            return false
        }
        // What was laid again, from the base.
        if to > first {
            let firstSection = first >> 32, firstItem = first & Self.itemMask
            let toSection = to >> 32, toItem = to & Self.itemMask
            let sections = firstSection..<(toItem > 0 ? toSection + 1 : toSection)
            var patch = Patch()
            patch.firstSection = firstSection
            patch.firstItem = firstItem
            patch.sectionCount = sections.count
            var cells = 0
            for section in sections { cells += Self.cellCount(section, new, first: first, to: to) }
            let limit = max(4_096, ids.count / 8)
            guard cells <= limit else {
                swap(&pieces, &scratchPieces)
                return false
            }
            // Room for every cell and two supplementary views a section, so that the answer
            // most often grows once.
            patch.elements.reserveCapacity(cells + 2 * sections.count + 4)
            if high > low {
                let wide = Double.greatestFiniteMagnitude / 4
                query(Rect(x: -wide, y: low, width: 2 * wide, height: high - low), &patch.elements)
            }
            patch.elements.removeAll { element in
                element.kind == .cell
                    ? !(first..<to).contains(Self.key(element.path.section, element.path.item))
                    : !sections.contains(element.path.section)
            }
            guard patch.elements.count <= limit + 2 * sections.count else {
                swap(&pieces, &scratchPieces)
                return false
            }
            patch.elements.sort { $0.frame.minY != $1.frame.minY ? $0.frame.minY < $1.frame.minY : $0.id < $1.id }
            var others = 0
            for element in patch.elements where element.kind != .cell { others += 1 }
            let base = sections.count + 1
            patch.table = []
            patch.table.reserveCapacity(base + cells + others)
            var total = 0
            patch.table.append(0)
            for section in sections {
                total += Self.cellCount(section, new, first: first, to: to)
                patch.table.append(Int32(truncatingIfNeeded: total))
            }
            patch.table.append(contentsOf: repeatElement(-1, count: cells))
            for position in patch.elements.indices {
                let element = patch.elements[position]
                patch.tallest = max(patch.tallest, element.frame.height)
                if element.kind == .cell {
                    let s = element.path.section - firstSection
                    let entry = s == 0 ? element.path.item - firstItem : element.path.item
                    let start = Int(patch.table[s]), count = Int(patch.table[s + 1]) - start
                    if entry >= 0 && entry < count { patch.table[base + start + entry] = Int32(truncatingIfNeeded: position) }
                } else {
                    patch.table.append(Int32(truncatingIfNeeded: position))
                }
            }
            kept.append(patch)
            pieces[patchPiece].patch = kept.count - 1
        } else {
            pieces.remove(at: patchPiece)
        }
        pieces.removeAll { $0.start >= $0.end }
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

    /// The number of cells of `section` of `data` from key `first` to key `to`.
    private static func cellCount(_ section: Int, _ data: DataShape, first: Int, to: Int) -> Int {
        let from = section == first >> 32 ? first & itemMask : 0
        let until = section == to >> 32 ? to & itemMask : data.itemCount(inSection: section)
        return max(0, until - from)
    }

    /// `piece`, its patch kept: put in `kept` the first time, under its index there.
    private static func keep(_ piece: Piece, _ renamed: UnsafeMutableBufferPointer<Int>, _ kept: inout [Patch], _ patches: [Patch]) -> Piece {
        guard piece.patch >= 0 else { return piece }
        var piece = piece
        if renamed[piece.patch] < 0 {
            renamed[piece.patch] = kept.count
            kept.append(patches[piece.patch])
        }
        piece.patch = renamed[piece.patch]
        return piece
    }

    /// `piece` after an update that moved it by `delta` along y and renumbered its sections
    /// by `renumbering`, its elements now starting at or below `low`.
    private static func moved(_ piece: Piece, by delta: Double, renumbering: Int, low: Double) -> Piece {
        var piece = piece
        piece.start += renumbering << 32
        piece.end += renumbering << 32
        piece.renumber += renumbering
        piece.shift += delta
        piece.low = low
        piece.high += delta
        return piece
    }

    /// Where `piece`, a run of the main arrays, splits at `key`: the first position of an
    /// element of `key`'s section or a later one when `key` is a section's start; inside a
    /// section, the first position of that section's elements starting at or below `cut`
    /// (a `y` before the update), the arrays being in order of band and the section's
    /// elements told apart by where they start (`SectionShift`). `nil` when, inside the
    /// band of the cut, the section's elements are not in order of that: the cache is then
    /// built again.
    private static func split(at key: Int, cut: Double, _ piece: Piece, _ main: Main) -> Int? {
        let section = (key >> 32) - piece.renumber, item = key & itemMask
        let runStart = start(of: section, in: piece.positions, main.ids)
        guard item > 0 else { return runStart }
        let runEnd = start(of: section + 1, in: runStart..<piece.positions.upperBound, main.ids)
        // In stored coordinates: bands before the cut's hold elements starting above it,
        // bands after it elements starting below it.
        let y = cut - piece.shift
        let band = main.index.band(of: y)
        var position = min(max(Int(main.index.bandStarts[band]), runStart), runEnd)
        let bandEnd = max(min(Int(main.index.bandStarts[band + 1]), runEnd), position)
        while position < bandEnd && main.frames[position].minY < y { position += 1 }
        var next = position
        while next < bandEnd {
            if main.frames[next].minY < y { return nil }
            next += 1
        }
        return position
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
    /// A piece's `y` offset is exact (`SectionShift`), so each frame comes out as
    /// the base makes it; the rect is tested against that frame, never a stored one.
    /// - Complexity: O(log p + Σ (log m + k)) over the p pieces and the pieces the rect
    ///   reaches.
    @usableFromInline
    func pieceElements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        let a = rect.minY, b = rect.maxY
        guard !a.isNaN, !b.isNaN, !rect.minX.isNaN else { return }
        // The first piece reaching below `a`: the spans are in order along y.
        var next = 0, end = pieces.list.count
        while next < end {
            let mid = (next + end) / 2
            if pieces.list[mid].high > a { end = mid } else { next = mid + 1 }
        }
        // An index loop: a `for … in` over the pieces allocates in a debug build.
        while next < pieces.list.count {
            let piece = pieces.list[next]
            next += 1
            guard piece.low < b else { break }
            guard piece.high > a else { continue }
            let shift = piece.shift, renumber = piece.renumber
            if piece.patch >= 0 {
                let patch = pieces.patches[piece.patch]
                patch.elements.withUnsafeBufferPointer { elements in
                    // The first element that can reach below `a`: its top plus the tallest
                    // height reaches `a` (rounded up, so no element is missed).
                    var low = 0, high = elements.count
                    while low < high {
                        let mid = (low + high) / 2
                        if elements[mid].frame.minY + shift + patch.tallest < a { low = mid + 1 } else { high = mid }
                    }
                    while low < elements.count && elements[low].frame.minY + shift < b {
                        var element = elements[low]
                        element.frame.origin.y += shift
                        element.path.section += renumber
                        if element.frame.intersects(rect) { buffer.append(element) }
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
                                Self.emitMoved(
                                    frames[position], ids[position], positions.isEmpty ? .none : positions[position], shift, renumber,
                                    rect, &buffer)
                            }
                            s += 1
                        }
                    }
                    var position = max(Int(index.bandStarts[max(first - 1, 0)]), range.lowerBound)
                    let end = min(Int(index.bandStarts[last + 1]), range.upperBound)
                    if positions.isEmpty {
                        while position < end {
                            Self.emitMoved(frames[position], ids[position], .none, shift, renumber, rect, &buffer)
                            position += 1
                        }
                    } else {
                        // Group positions kept (a layout whose cells carry them): a moved
                        // element keeps its own (`SectionShift`).
                        positions.withUnsafeBufferPointer { groups in
                            while position < end {
                                Self.emitMoved(frames[position], ids[position], groups[position], shift, renumber, rect, &buffer)
                                position += 1
                            }
                        }
                    }
                }
            }
        }
    }

    /// Appends the element stored as `stored`, `id` and `group`, moved `shift` along y and
    /// renumbered `renumber` sections, when it meets `rect`.
    @inline(__always)
    static func emitMoved(
        _ stored: Rect, _ id: ElementID, _ group: GroupPosition, _ shift: Double, _ renumber: Int, _ rect: Rect,
        _ buffer: inout [LayoutAttributes]
    ) {
        let frame = Rect(x: stored.minX, y: stored.minY + shift, width: stored.width, height: stored.height)
        guard frame.intersects(rect) else { return }
        let id = CachedPieces.renumbered(id, by: renumber)
        buffer.append(LayoutAttributes(kind: id.kind ?? .cell, path: id.path, frame: frame, groupPosition: group))
    }

    /// A cell's attributes from the piece holding its section; the base's for a cell the
    /// cache does not hold (a zero-area frame).
    @usableFromInline
    func pieceAttributes(at path: ItemPath) -> LayoutAttributes? {
        guard data.flatIndex(of: path) != nil else { return nil }
        let found = pieces.pieceIndex(holding: CachedPieces.key(path.section, path.item))
        if found < pieces.list.count, let (frame, position) = pieceSlot(.cell, path, in: pieces.list[found]) {
            let piece = pieces.list[found]
            let group = piece.patch >= 0
                ? pieces.patches[piece.patch].elements[position].groupPosition
                : (positions.isEmpty ? .none : positions[position])
            return .cell(path, frame: frame, groupPosition: group)
        }
        return base.attributes(at: path)
    }

    /// A supplementary view's attributes from the piece holding its section; the base's for
    /// one the cache does not hold.
    @usableFromInline
    func pieceSupplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? {
        guard kind != .cell else { return nil }
        if path.section >= 0 && path.section <= ElementID.maxSection {
            // The pieces holding any of the section: several when an update cut it at an item.
            var next = pieces.firstPiece(endingAfter: CachedPieces.key(path.section, 0))
            let after = CachedPieces.key(path.section + 1, 0)
            while next < pieces.list.count && pieces.list[next].start < after {
                let piece = pieces.list[next]
                if let (frame, position) = pieceSlot(kind, path, in: piece) {
                    let group = piece.patch >= 0
                        ? pieces.patches[piece.patch].elements[position].groupPosition
                        : (positions.isEmpty ? .none : positions[position])
                    return LayoutAttributes(kind: kind, path: path, frame: frame, groupPosition: group)
                }
                next += 1
            }
        }
        return base.supplementary(kind, at: path)
    }

    /// Where the element of `kind` at `path` sits in `piece`, and its frame now.
    private func pieceSlot(_ kind: ElementKind, _ path: ItemPath, in piece: CachedPieces.Piece) -> (Rect, Int)? {
        let stored = ItemPath(section: path.section - piece.renumber, item: path.item)
        let position: Int
        if piece.patch >= 0 {
            let patch = pieces.patches[piece.patch]
            if kind == .cell {
                guard let cell = patch.cell(section: stored.section - patch.firstSection, item: path.item) else { return nil }
                position = cell
            } else {
                guard let found = patch.others.first(where: { patch.elements[Int($0)].kind == kind && patch.elements[Int($0)].path == stored })
                else { return nil }
                position = Int(found)
            }
            let frame = patch.elements[position].frame
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
