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
/// Only for content that scrolls along y (alone, or both ways), whose elements the build
/// wrote in order of section band by band (``ElementSink/sectionsInOrder`` from a layout's
/// own enumeration, whose bands the sink sorts by x only inside each; or checked over the
/// arrays at the first update followed after a build from rect queries): the main arrays then
/// hold each section's elements in one run, found by binary search, which shares its first
/// and last bands with other sections only where several sections start in one band (a data
/// grid's records, one a band, never do; a span grid's rows do where short rows are shorter
/// than a band, the average row, two starting in one band and sorted by x). A cut between
/// sections in such a band gives the pieces on either side the band, each reading only its
/// own sections there (``Piece/sharesBands``), so that a span grid's keystroke, whose shift
/// lays again the run of rows holding the typed row (merged cells spanning rows belong to
/// their anchor row's section, and no merged cell crosses the run's edges) and moves the rows
/// below, is followed whatever the bands. A cut inside a section needs the section in runs of
/// its own and its band in order of `minY`, which a band sorted by x may not be: the cache is
/// then built again.
///
/// The patches' elements and tables live in two arrays every patch shares (a patch holds
/// ranges of them), grown by doubling and kept across rebuilds, so that an update allocates
/// nothing once they have grown; what patches laid again since left behind is compacted in
/// place once it outweighs what is in use.
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
        /// Whether its first or last band of the main arrays also holds elements of sections
        /// it does not hold (cut where sections mix in a band, see
        /// ``CachedPieces/boundary(of:in:_:)``): it then reads only elements of its own
        /// sections. `false` for a patch.
        @usableFromInline var sharesBands = false

        /// The sections it holds elements of, wholly or in part.
        @inlinable var sections: Range<Int> {
            (start >> 32)..<((end >> 32) + (end & CachedPieces.itemMask != 0 ? 1 : 0))
        }
    }

    /// The elements of sections laid again by an update, sorted by `minY` then ID: the
    /// base's answer, kept in one array shared by every patch (``elements``), with its
    /// table in another (``tables``), so that an update allocates nothing once they have
    /// grown.
    @usableFromInline
    struct Patch: Sendable {
        /// Where its elements are in ``CachedPieces/elements``.
        @usableFromInline var elements: Range<Int> = 0..<0
        /// The tallest element's height.
        @usableFromInline var tallest = 0.0
        /// The stored number of its first section.
        @usableFromInline var firstSection = 0
        /// The first item it holds of its first section (0 unless the update cut that
        /// section at an item).
        @usableFromInline var firstItem = 0
        /// The number of its sections, whole or in part.
        @usableFromInline var sectionCount = 0
        /// Where its table is in ``CachedPieces/tables``: entry `s` for `s` in
        /// `0...sectionCount` is where section `s`'s cells start among the entries after
        /// those, the cells' entries (item by item from the first it holds, the position
        /// among its elements or −1), then the positions of the supplementary views.
        @usableFromInline var table: Range<Int> = 0..<0

        /// The entries of ``table`` that hold the positions of its supplementary views.
        @inlinable
        func others(_ tables: [Int32]) -> Range<Int> {
            (table.lowerBound + sectionCount + 1 + Int(tables[table.lowerBound + sectionCount]))..<table.upperBound
        }
    }

    /// The position in ``elements`` of the cell `item` of `patch`'s section `section`
    /// (counted from its first), or `nil`.
    @inlinable
    func cell(_ patch: Patch, section: Int, item: Int) -> Int? {
        guard section >= 0, section < patch.sectionCount else { return nil }
        let t = patch.table.lowerBound
        let base = t + patch.sectionCount + 1
        let start = Int(tables[t + section]), end = Int(tables[t + section + 1])
        let entry = section == 0 ? item - patch.firstItem : item
        guard entry >= 0, entry < end - start else { return nil }
        let position = tables[base + start + entry]
        return position >= 0 ? patch.elements.lowerBound + Int(position) : nil
    }

    /// Every patch's elements, each patch's in a run (``Patch/elements``); runs of patches
    /// laid again since are left until they outweigh the ones in use (``compact(_:)``).
    @usableFromInline var elements: [LayoutAttributes] = []
    /// Every patch's table, each in a run (``Patch/table``).
    @usableFromInline var tables: [Int32] = []
    @usableFromInline var list: [Piece] = []
    @usableFromInline var patches: [Patch] = []
    /// The data the main arrays were built for.
    @usableFromInline var builtData = DataShape.empty
    /// Scratch of ``apply(_:old:new:main:query:)``, kept across updates so that an
    /// update's lists grow once.
    @usableFromInline var scratchPieces: [Piece] = [], scratchKept: [Patch] = []
    @usableFromInline var scratchRenamed: [Int] = []

    /// Empties the pieces for a cache built again from `data`, keeping every array's
    /// storage, so that updates after a rebuild allocate nothing once they have grown.
    mutating func reset(builtData data: DataShape) {
        list.removeAll(keepingCapacity: true)
        patches.removeAll(keepingCapacity: true)
        elements.removeAll(keepingCapacity: true)
        tables.removeAll(keepingCapacity: true)
        builtData = data
        active = false
        apart.reset()
    }

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

    /// After told updates whose sections move apart (`SectionShift.sectionsMoveApart`), what
    /// the cache answers from instead of ``list`` (see ``ApartSections``).
    @usableFromInline var apart = ApartSections()

    /// Whether the main arrays answer as built (no update applied in pieces, nor apart).
    @inlinable var isEmpty: Bool { !active && !apart.active }

    /// The number of elements held, the main arrays being `ids` over `index`: each patch's,
    /// and each piece's of the main arrays, less, in a band it shares, the elements of
    /// sections it does not hold.
    /// - Complexity: O(p + b) for p pieces and the b elements of the bands they share.
    func elementCount(ids: [ElementID], index: BandIndex) -> Int {
        var total = patches.reduce(0) { $0 + $1.elements.count }
        for piece in list where piece.patch < 0 {
            total += piece.positions.count
            let lower = piece.positions.lowerBound, upper = piece.positions.upperBound
            guard piece.sharesBands, lower < upper else { continue }
            let sections = (piece.sections.lowerBound - piece.renumber)..<(piece.sections.upperBound - piece.renumber)
            // Only its first and last bands can hold other sections' elements.
            let firstEnd = min(index.bandEnd(holding: lower), upper)
            let lastStart = max(index.bandStart(holding: upper - 1), firstEnd)
            for position in lower..<firstEnd where !sections.contains(ids[position].section) { total -= 1 }
            for position in lastStart..<upper where !sections.contains(ids[position].section) { total -= 1 }
        }
        return total
    }

    /// Past this many elements no patch holds any more (``elements`` beyond the patches'),
    /// the arrays are compacted.
    static let compactionSlack = 4_096

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
        // Sections that move apart are followed by `ApartSections`, and pieces of sections in
        // bands cannot take over from them.
        guard !shift.sectionsMoveApart, !apart.active, SectionShift.isExact(delta), shift.fits(oldSections: old.sectionCount, newSections: new.sectionCount),
              !cutsSections || (SectionShift.isExact(shift.changedSpan.lowerBound) && SectionShift.isExact(shift.changedSpan.upperBound)),
              shift.movedFrom <= ElementID.maxSection, shift.movedTo <= ElementID.maxSection
        else { return false }
        let ids = main.ids
        if !active {
            self.list.removeAll(keepingCapacity: true)
            self.list.append(Piece(
                start: 0, end: Self.key(old.sectionCount, 0), renumber: 0, shift: 0, low: -.infinity, high: .infinity,
                patch: -1, positions: 0..<ids.count))
        }
        let list = self.list
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
            var next = 0
            while next < list.count {
                let piece = list[next]
                next += 1
                guard piece.patch >= 0 && piece.start < piece.end && piece.start <= from && piece.end >= first else { continue }
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
        // Swapped back as it is: emptied at the next update, when no copy of the old patches
        // (`patches`, below) is alive any more, so that it is emptied in place.
        defer { swap(&kept, &scratchKept) }
        var patchPiece = -1
        var inOrder = true
        let patches = self.patches
        // Which kept patch each patch became (−1: not kept yet), in scratch kept across
        // updates.
        var renamedStorage: [Int] = []
        swap(&renamedStorage, &scratchRenamed)
        renamedStorage.removeAll(keepingCapacity: true)
        Self.appendUnset(patches.count, to: &renamedStorage)
        defer { swap(&renamedStorage, &scratchRenamed) }
        renamedStorage.withUnsafeMutableBufferPointer { renamed in
            var next = 0
            while next < list.count {
                let piece = list[next]
                next += 1
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
                        before.positions = piece.positions.lowerBound..<split.before
                        before.sharesBands = piece.sharesBands || split.before > split.after
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
                        rest.positions = split.after..<piece.positions.upperBound
                        rest.sharesBands = piece.sharesBands || split.before > split.after
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
        // Index loops, here and below: `allSatisfy` and `removeAll(where:)` iterate, which in a
        // debug build allocates for each piece.
        var exact = true, check = 0
        while check < pieces.count && exact {
            exact = pieces[check].shift == 0 || SectionShift.isExact(pieces[check].shift)
            check += 1
        }
        guard exact else {
            swap(&pieces, &scratchPieces)
            return false
        }
        // What was laid again, from the base, written after the other patches' elements.
        if to > first {
            let firstSection = first >> 32, firstItem = first & Self.itemMask
            let toSection = to >> 32, toItem = to & Self.itemMask
            let sections = firstSection..<(toItem > 0 ? toSection + 1 : toSection)
            var patch = Patch()
            patch.firstSection = firstSection
            patch.firstItem = firstItem
            patch.sectionCount = sections.count
            var cells = 0, section = sections.lowerBound
            while section < sections.upperBound {
                cells += Self.cellCount(section, new, first: first, to: to)
                section += 1
            }
            let limit = max(4_096, ids.count / 8)
            guard cells <= limit else {
                swap(&pieces, &scratchPieces)
                return false
            }
            let start = elements.count
            // Room for every cell and two supplementary views a section, grown by doubling
            // so that the shared arrays grow a logarithmic number of times in all.
            Self.reserve(&elements, start + cells + 2 * sections.count + 4)
            Self.reserve(&tables, tables.count + sections.count + 1 + cells + 2 * sections.count + 4)
            if high > low {
                let wide = Double.greatestFiniteMagnitude / 4
                query(Rect(x: -wide, y: low, width: 2 * wide, height: high - low), &elements)
            }
            // Only what was laid again, in place.
            var count = 0
            elements.withUnsafeMutableBufferPointer { elements in
                var write = start, read = start
                while read < elements.count {
                    let element = elements[read]
                    read += 1
                    let laid = element.kind == .cell
                        ? (first..<to).contains(Self.key(element.path.section, element.path.item))
                        : sections.contains(element.path.section)
                    guard laid else { continue }
                    elements[write] = element
                    write += 1
                }
                count = write - start
            }
            elements.removeLast(elements.count - start - count)
            guard count <= limit + 2 * sections.count else {
                elements.removeLast(count)
                swap(&pieces, &scratchPieces)
                return false
            }
            Self.sortByStart(&elements, from: start)
            patch.elements = start..<elements.count
            let base = sections.count + 1
            let tableStart = tables.count
            var total = 0
            tables.append(0)
            section = sections.lowerBound
            while section < sections.upperBound {
                total += Self.cellCount(section, new, first: first, to: to)
                tables.append(Int32(truncatingIfNeeded: total))
                section += 1
            }
            Self.appendUnset(cells, to: &tables)
            // The cells' entries through the buffers (no uniqueness check a write), then the
            // supplementary views' positions after them.
            var tallest = 0.0, others = 0
            elements.withUnsafeMutableBufferPointer { elements in
                tables.withUnsafeMutableBufferPointer { tables in
                    var position = start
                    while position < elements.count {
                        let element = elements[position]
                        tallest = max(tallest, element.frame.height)
                        if element.kind == .cell {
                            let s = element.path.section - firstSection
                            let entry = s == 0 ? element.path.item - firstItem : element.path.item
                            let cellStart = Int(tables[tableStart + s]), cellCount = Int(tables[tableStart + s + 1]) - cellStart
                            if entry >= 0 && entry < cellCount {
                                tables[tableStart + base + cellStart + entry] = Int32(truncatingIfNeeded: position - start)
                            }
                        } else {
                            others += 1
                        }
                        position += 1
                    }
                }
            }
            patch.tallest = tallest
            if others > 0 {
                var position = start
                while position < elements.count {
                    if elements[position].kind != .cell { tables.append(Int32(truncatingIfNeeded: position - start)) }
                    position += 1
                }
            }
            patch.table = tableStart..<tables.count
            kept.append(patch)
            pieces[patchPiece].patch = kept.count - 1
        } else {
            pieces.remove(at: patchPiece)
        }
        var write = 0, read = 0
        while read < pieces.count {
            if pieces[read].start < pieces[read].end {
                if write != read { pieces[write] = pieces[read] }
                write += 1
            }
            read += 1
        }
        pieces.removeLast(pieces.count - write)
        guard pieces.count <= Self.maximumPieces else {
            swap(&pieces, &scratchPieces)
            return false
        }
        // The old list and patches become the next update's scratch.
        swap(&self.list, &pieces)
        swap(&scratchPieces, &pieces)
        swap(&self.patches, &kept)
        active = true
        compact()
        return true
    }

    /// Appends `count` entries of −1 to `array`, one by one: `append(contentsOf:)` of a
    /// repeated element, unspecialised in a debug build, allocates for each (a keystroke
    /// followed in pieces must allocate nothing in the tests too).
    static func appendUnset<Entry: FixedWidthInteger>(_ count: Int, to array: inout [Entry]) {
        var k = 0
        while k < count {
            array.append(-1)
            k += 1
        }
    }

    /// Makes room in `array` for `count` elements in all: at least twice its capacity when
    /// it must grow, so that the arrays every patch shares grow geometrically.
    static func reserve<Element>(_ array: inout [Element], _ count: Int) {
        guard array.capacity < count else { return }
        array.reserveCapacity(max(count, 2 * array.capacity))
    }

    /// Sorts `elements` from `start` on by `minY`, then ID, in place and without allocating:
    /// by insertion, which is linear for a base's answer in nearly that order (rows in
    /// order, the elements of a row apart from one another), and by heap when that turns out
    /// to move too much.
    static func sortByStart(_ elements: inout [LayoutAttributes], from start: Int) {
        elements.withUnsafeMutableBufferPointer { all in
            guard let base = all.baseAddress, all.count - start > 1 else { return }
            let items = UnsafeMutableBufferPointer(start: base + start, count: all.count - start)
            budgetedSort(items, budget: 16 * items.count) { a, b in
                a.frame.minY != b.frame.minY ? a.frame.minY < b.frame.minY : a.id < b.id
            }
        }
    }

    /// Moves the patches' elements and tables together, in place, once those no patch holds
    /// any more (laid again since) outweigh those in use and ``compactionSlack``: amortised
    /// O(1) an element laid again, and no allocation.
    mutating func compact() {
        var live = 0, liveTables = 0, index = 0
        while index < patches.count {
            live += patches[index].elements.count
            liveTables += patches[index].table.count
            index += 1
        }
        guard elements.count - live > max(live, Self.compactionSlack) || tables.count - liveTables > max(liveTables, 4 * Self.compactionSlack)
        else { return }
        // Patch by patch in the order of their runs, each moved down to the end of the last.
        var elementEnd = 0, tableEnd = 0, movedFrom = -1
        var round = 0
        while round < patches.count {
            round += 1
            // The patch whose run comes next: the first whose table starts after the last
            // moved one's (tables, never empty, are in the order of the elements' runs).
            var next = -1, index = 0
            while index < patches.count {
                let start = patches[index].table.lowerBound
                if start > movedFrom && (next < 0 || start < patches[next].table.lowerBound) { next = index }
                index += 1
            }
            guard next >= 0 else { break }
            var patch = patches[next]
            movedFrom = patch.table.lowerBound
            let count = patch.elements.count, tableCount = patch.table.count
            if patch.elements.lowerBound != elementEnd {
                var k = 0
                while k < count {
                    elements[elementEnd + k] = elements[patch.elements.lowerBound + k]
                    k += 1
                }
            }
            if patch.table.lowerBound != tableEnd {
                var k = 0
                while k < tableCount {
                    tables[tableEnd + k] = tables[patch.table.lowerBound + k]
                    k += 1
                }
            }
            patch.elements = elementEnd..<(elementEnd + count)
            patch.table = tableEnd..<(tableEnd + tableCount)
            patches[next] = patch
            elementEnd += count
            tableEnd += tableCount
        }
        elements.removeLast(elements.count - elementEnd)
        tables.removeLast(tables.count - tableEnd)
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

    /// Where `piece`, a run of the main arrays, splits at `key`: `before` ends the positions
    /// of the part before `key` and `after` starts those of the part from `key` on.
    ///
    /// At a section's start, `after` is the first position of an element of that section or
    /// a later one and `before` the position after the last element of an earlier section:
    /// the same position when the sections are in runs, else, in the one band where they
    /// mix (two rows of a span grid starting in one band, sorted by x), the parts share the
    /// band and each reads only its own sections there (``Piece/sharesBands``). Inside a
    /// section (a cut at an item), the first position of that section's elements starting at
    /// or below `cut` (a `y` before the update), the arrays being in order of band and the
    /// section's elements told apart by where they start (`SectionShift`), for both. `nil`
    /// when, inside the band of the cut, the section's elements are not in order of that, or
    /// the section shares a band with another: the cache is then built again.
    private static func split(at key: Int, cut: Double, _ piece: Piece, _ main: Main) -> (before: Int, after: Int)? {
        let section = (key >> 32) - piece.renumber, item = key & itemMask
        let boundary = boundary(of: section, in: piece.positions, main)
        guard item > 0 else { return boundary }
        guard boundary.before == boundary.after else { return nil }
        let runStart = boundary.after
        let next = Self.boundary(of: section + 1, in: runStart..<piece.positions.upperBound, main)
        guard next.before == next.after else { return nil }
        let runEnd = next.after
        // In stored coordinates: bands before the cut's hold elements starting above it,
        // bands after it elements starting below it.
        let y = cut - piece.shift
        let band = main.index.band(of: y)
        var position = min(max(Int(main.index.bandStarts[band]), runStart), runEnd)
        let bandEnd = max(min(Int(main.index.bandStarts[band + 1]), runEnd), position)
        while position < bandEnd && main.frames[position].minY < y { position += 1 }
        var later = position
        while later < bandEnd {
            if main.frames[later].minY < y { return nil }
            later += 1
        }
        return (position, position)
    }

    /// Where the elements of sections before `section` end (`before`) and those of
    /// `section` and later ones start (`after`) in `positions` of the main arrays, whose
    /// sections are in order band by band (every element of a band is of a section no later
    /// than every element of the bands after it; inside a band, sorted by x, they may mix).
    ///
    /// A binary search by section finds a position where they change; only the bands of
    /// the positions on either side of it can hold both kinds, so those are read: `before`
    /// is one past the last element of an earlier section there, `after` the first of a
    /// later one. Equal when the sections do not mix.
    /// - Complexity: O(log n + b) for the b elements of those two bands.
    static func boundary(of section: Int, in positions: Range<Int>, _ main: Main) -> (before: Int, after: Int) {
        let p = start(of: section, in: positions, main.ids)
        var low = p, high = p
        if p > positions.lowerBound { low = max(main.index.bandStart(holding: p - 1), positions.lowerBound) }
        if p < positions.upperBound { high = min(main.index.bandEnd(holding: p), positions.upperBound) }
        return main.ids.withUnsafeBufferPointer { ids in
            var after = low
            while after < high && ids[after].section < section { after += 1 }
            var before = high
            while before > low && ids[before - 1].section >= section { before -= 1 }
            return (before, after)
        }
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
                pieces.elements.withUnsafeBufferPointer { all in
                    let elements = UnsafeBufferPointer(rebasing: all[patch.elements])
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
            // The main arrays' bands, in stored coordinates; only this piece's positions and,
            // where it shares a band, only its own sections.
            let first = index.band(of: a - shift), last = index.band(of: b - shift)
            let range = piece.positions
            let sections = piece.sharesBands
                ? (piece.sections.lowerBound - renumber)..<(piece.sections.upperBound - renumber)
                : Int.min..<Int.max
            frames.withUnsafeBufferPointer { frames in
                ids.withUnsafeBufferPointer { ids in
                    positions.withUnsafeBufferPointer { groups in
                        if !index.spillStarts.isEmpty {
                            var s = Int(index.spillStarts[first])
                            let spillEnd = Int(index.spillStarts[first + 1])
                            while s < spillEnd {
                                let position = Int(index.spill[s])
                                if range.contains(position) && sections.contains(ids[position].section) {
                                    Self.emitMoved(
                                        frames[position], ids[position], groups.isEmpty ? .none : groups[position], shift, renumber, rect,
                                        &buffer)
                                }
                                s += 1
                            }
                        }
                        if bandMaxWidths.isEmpty {
                            var position = max(Int(index.bandStarts[max(first - 1, 0)]), range.lowerBound)
                            let end = min(Int(index.bandStarts[last + 1]), range.upperBound)
                            while position < end {
                                if !piece.sharesBands || sections.contains(ids[position].section) {
                                    // Group positions kept (a layout whose cells carry them): a
                                    // moved element keeps its own (`SectionShift`).
                                    Self.emitMoved(
                                        frames[position], ids[position], groups.isEmpty ? .none : groups[position], shift, renumber, rect,
                                        &buffer)
                                }
                                position += 1
                            }
                            return
                        }
                        // Bands sorted by x (content that scrolls both ways): in each, from the
                        // first element that can reach the rect's left edge to the first that
                        // starts past its right edge, as the arrays are read as built. A piece's
                        // part of a band is a run of it, sorted as the band is.
                        var band = max(first - 1, 0)
                        while band <= last {
                            var low = max(Int(index.bandStarts[band]), range.lowerBound)
                            let end = min(Int(index.bandStarts[band + 1]), range.upperBound)
                            if end - low > 8 {
                                let left = rect.minX - bandMaxWidths[band]
                                var high = end
                                while low < high {
                                    let mid = (low + high) / 2
                                    if frames[mid].minX < left { low = mid + 1 } else { high = mid }
                                }
                            }
                            let right = rect.maxX
                            while low < end && frames[low].minX < right {
                                if !piece.sharesBands || sections.contains(ids[low].section) {
                                    Self.emitMoved(
                                        frames[low], ids[low], groups.isEmpty ? .none : groups[low], shift, renumber, rect, &buffer)
                                }
                                low += 1
                            }
                            band += 1
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
                ? pieces.elements[position].groupPosition
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
                        ? pieces.elements[position].groupPosition
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
                guard let cell = pieces.cell(patch, section: stored.section - patch.firstSection, item: path.item) else { return nil }
                position = cell
            } else {
                var found: Int?
                for entry in patch.others(pieces.tables) {
                    let candidate = patch.elements.lowerBound + Int(pieces.tables[entry])
                    if pieces.elements[candidate].kind == kind && pieces.elements[candidate].path == stored {
                        found = candidate
                        break
                    }
                }
                guard let found else { return nil }
                position = found
            }
            let frame = pieces.elements[position].frame
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
