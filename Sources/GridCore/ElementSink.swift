
/// Where a layout that adopts ``ScrollOrderedEnumeration`` writes its elements in bulk: the
/// arrays of a cache under construction, in band order.
///
/// The sink checks, element by element, that the order is the one the cache keeps: bands
/// (of the frames' start along the scroll axis) never decrease. On content that scrolls both
/// ways the cache keeps each band sorted by `minX` then ID; elements that come otherwise
/// within a band (two short rows starting in one band) are sorted by the sink when the band
/// ends, by insertion, so an order that is nearly right costs little. When a band comes
/// before the last one, or the arrays are full, or a path does not fit an ``ElementID``, the
/// sink stops taking elements (``isStopped``) and the cache is built from rect queries
/// instead (or, when full, again with more room): a layout can never make the cache wrong,
/// only slower.
///
/// As it writes, the sink also does the cache's bookkeeping, so that nothing is read twice:
/// it records each cell's position in a `CellSlotTable` when given one, lists the
/// positions of the other elements (`others`) and of the elements that reach two bands or
/// more past their first (`tall`), and, on content that scrolls both ways, the widest
/// element of each band (`bandWidths`): what the cache reads back through the sink's package API.
///
/// Frames with a zero or negative width or height are left out, as every rect query leaves
/// them out (law 1 of ``GridLayout``).
public struct ElementSink {
    /// Why the sink stopped taking elements.
    @usableFromInline
    package enum Stop: Hashable, Sendable {
        /// The arrays are full: the layout places more elements than the cache made room for.
        case full
        /// An element's band came before the last one's.
        case outOfOrder
        /// An element's path does not fit an ``ElementID``.
        case pathOutOfRange(ItemPath)
    }

    /// How the paths of a row written by ``appendRow(_:from:along:y:height:xs:widths:)``
    /// advance from one element to the next.
    public enum RowStep: Sendable {
        /// Item by item within one section (`(s, i)`, `(s, i + 1)`, …).
        case items
        /// Section by section at one item (`(s, i)`, `(s + 1, i)`, …): a transposed grid's row.
        case sections
    }

    /// An element reaching two bands or more past the one it starts in: only such an
    /// element can be missed by a query that reads its first band and the one before.
    @usableFromInline
    package typealias TallElement = (position: Int32, first: Int, last: Int)

    @usableFromInline let frames: UnsafeMutablePointer<Rect>
    @usableFromInline let ids: UnsafeMutablePointer<ElementID>
    @usableFromInline let capacity: Int
    @usableFromInline let geometry: BandGeometry
    @usableFromInline let alongX: Bool
    @usableFromInline let sortsAcross: Bool
    @usableFromInline let table: CellSlotTable?
    /// The number of elements written.
    @inlinable public var count: Int { written }
    @usableFromInline var written = 0
    /// `bandStarts[b]` is the position of the first element of band `b`, for every band up
    /// to the current one; the cache completes it.
    package private(set) var bandStarts: [Int32]
    /// The positions of the elements that are not cells, in order.
    package var others: [Int32] { otherPositions }
    @usableFromInline var otherPositions: [Int32] = []
    /// The elements that reach two bands or more past the one they start in, in order.
    package var tall: [TallElement] { tallElements }
    @usableFromInline var tallElements: [TallElement] = []
    /// On content that scrolls both ways, the width of the widest element starting in each
    /// band (complete after ``finish()``); empty otherwise.
    package var bandWidths: [Double] { widestByBand }
    @usableFromInline var widestByBand: [Double]
    @usableFromInline var band = 0
    @usableFromInline var bandWidest = 0.0
    @usableFromInline var lastMinX = -Double.infinity
    /// The start along the axis of the last element taken (NaN before the first).
    @usableFromInline var lastStart = Double.nan
    @usableFromInline var lastID = ElementID(rawValue: 0)
    /// Whether the current band's elements came out of `minX`-then-ID order.
    @usableFromInline var bandUnsorted = false
    /// Why the sink stopped, or `nil` while it takes elements.
    package private(set) var stop: Stop?
    /// Whether ``stop`` is set: one byte for the hot path to test.
    @usableFromInline var halted = false
    /// Whether the elements written so far came in order of section (never a section before
    /// the last one's): a cache then finds each section's elements in one run of its arrays.
    package var sectionsInOrder: Bool { !sectionsOutOfOrder }
    @usableFromInline var sectionsOutOfOrder = false
    @usableFromInline var lastSection = 0

    /// A sink writing into `frames` and `ids` (each `capacity` long), with bands of
    /// `geometry` along x when `alongX` (else y), each band sorted by `minX` then ID when
    /// `sortsAcross`; cells' positions go into `table` when there is one.
    ///
    /// The caller keeps the memory alive and initialised for as long as the sink is used.
    /// ``bandStarts`` is kept in the storage of `recycling` (a previous build's, whose
    /// contents are dropped) when that has the room: see ``takeBandStarts()``.
    package init(
        frames: UnsafeMutablePointer<Rect>, ids: UnsafeMutablePointer<ElementID>, capacity: Int, geometry: BandGeometry,
        alongX: Bool, sortsAcross: Bool, table: CellSlotTable? = nil, recycling: [Int32] = []
    ) {
        self.frames = frames
        self.ids = ids
        self.capacity = capacity
        self.geometry = geometry
        self.alongX = alongX
        self.sortsAcross = sortsAcross
        self.table = table
        bandStarts = recycling
        bandStarts.removeAll(keepingCapacity: true)
        bandStarts.append(0)
        bandStarts.reserveCapacity(geometry.bandCount + 1)
        widestByBand = sortsAcross ? [Double](repeating: 0, count: geometry.bandCount) : []
    }

    /// Whether the sink has stopped taking elements: a layout may stop enumerating then.
    @inlinable public var isStopped: Bool { halted }

    /// Writes the element of `kind` at `path` with `frame`, or checks that it may not: see
    /// the type's documentation.
    @inlinable @inline(__always)
    public mutating func append(_ kind: ElementKind, _ path: ItemPath, _ frame: Rect) {
        guard !halted, frame.size.width > 0, frame.size.height > 0 else { return }
        // ElementID's limits, as literals: its static lets are not constants across modules.
        guard UInt(bitPattern: path.section) <= 0x0FFF_FFFF, UInt(bitPattern: path.item) <= 0xFFFF_FFFF else {
            halt(.pathOutOfRange(path))
            return
        }
        let id = ElementID(kind: kind, path: path)
        let minX = frame.origin.x
        // An element starting where the last one did (the next cell of a row) is in its
        // band: only a new start is mapped to a band.
        guard enter(alongX ? minX : frame.origin.y) else { return }
        if sortsAcross && (minX < lastMinX || (minX == lastMinX && id < lastID)) { bandUnsorted = true }
        guard written < capacity else {
            halt(.full)
            return
        }
        frames[written] = frame
        ids[written] = id
        note(kind, path, frame, at: written)
        if path.section < lastSection { sectionsOutOfOrder = true }
        lastSection = path.section
        written += 1
        lastMinX = minX
        lastID = id
    }

    /// Writes a row of elements of `kind` that share a top `y` and a `height`: element `j`
    /// has the frame `(xs[j], y, widths[j], height)` and the path `first` advanced `j` times
    /// `along` its items or its sections. What the sink keeps is exactly what appending them
    /// one by one, in order, would keep (an element of zero width is left out); a row is
    /// only cheaper, checked once rather than element by element where it can be.
    ///
    /// The two buffers are read up to the shorter one's length.
    @inlinable
    public mutating func appendRow(
        _ kind: ElementKind, from first: ItemPath, along step: RowStep, y: Double, height: Double,
        xs: UnsafeBufferPointer<Double>, widths: UnsafeBufferPointer<Double>
    ) {
        let count = min(xs.count, widths.count)
        guard !halted, count > 0, height > 0 else { return }
        let last = step == .items
            ? ItemPath(section: first.section, item: first.item &+ (count - 1))
            : ItemPath(section: first.section &+ (count - 1), item: first.item)
        // One check for the whole row where it can be made: bands along y (every element
        // starts at `y`), room for all, every path within ElementID's limits (the first
        // and the last bound the others), and no element reaching two bands past its first.
        guard !alongX, count <= capacity - written,
            first.section >= 0, first.item >= 0, last.section <= 0x0FFF_FFFF, last.item <= 0xFFFF_FFFF,
            (y + height) * geometry.inverseExtent < Double(geometry.band(of: y) + 2)
        else {
            appendEach(kind, from: first, along: step, y: y, height: height, xs: xs, widths: widths, count: count)
            return
        }
        // A row of nothing but zero widths leaves no trace, as its elements one by one would not.
        var shown = 0
        while shown < count && !(widths[shown] > 0) { shown += 1 }
        guard shown < count, enter(y) else { return }
        if first.section < lastSection { sectionsOutOfOrder = true }
        lastSection = step == .items ? first.section : last.section
        if kind == .cell && step == .items, let table {
            appendCells(from: first, y: y, height: height, xs: xs, widths: widths, count: count, table: table)
            return
        }
        let stepRaw: UInt64 = step == .items ? 1 : 1 << 36
        var raw = ElementID(kind: kind, path: first).rawValue
        var position = written, minX = lastMinX, lastRaw = lastID.rawValue, widest = bandWidest
        var unsorted = bandUnsorted
        let isCell = kind == .cell
        var section = first.section, item = first.item
        var j = 0
        while j < count {
            let width = widths[j], x = xs[j]
            if width > 0 {
                if x < minX || (x == minX && raw < lastRaw) { unsorted = true }
                frames[position] = Rect(x: x, y: y, width: width, height: height)
                ids[position] = ElementID(rawValue: raw)
                if isCell {
                    table?.record(section: section, item: item, at: position)
                } else {
                    otherPositions.append(Int32(truncatingIfNeeded: position))
                }
                widest = max(widest, width)
                minX = x
                lastRaw = raw
                position += 1
            }
            raw &+= stepRaw
            if step == .items { item &+= 1 } else { section &+= 1 }
            j += 1
        }
        written = position
        lastMinX = minX
        lastID = ElementID(rawValue: lastRaw)
        if sortsAcross {
            bandUnsorted = unsorted
            bandWidest = widest
        }
    }

    /// The commonest row of all, the cells of one section, items in order, indexed in
    /// `table`: their slots are consecutive, so the table is read once for the row.
    @inlinable @inline(__always)
    mutating func appendCells(
        from first: ItemPath, y: Double, height: Double, xs: UnsafeBufferPointer<Double>, widths: UnsafeBufferPointer<Double>,
        count: Int, table: CellSlotTable
    ) {
        // The row's first `indexed` elements are items of the section that the data holds.
        var indexed = 0
        var slots = table.slots
        if UInt(bitPattern: first.section) < UInt(bitPattern: table.sectionCount) {
            indexed = max(0, min(count, table.itemCounts[first.section] - first.item))
            slots += table.sectionStarts[first.section] + first.item
        }
        let firstRaw = ElementID(kind: .cell, path: first).rawValue
        var position = written, minX = lastMinX, widest = bandWidest, lastRaw = lastID.rawValue
        var unsorted = bandUnsorted
        var j = 0
        while j < count {
            let width = widths[j], x = xs[j]
            if width > 0 {
                let raw = firstRaw &+ UInt64(truncatingIfNeeded: j)
                if x <= minX && (x < minX || raw < lastRaw) { unsorted = true }
                frames[position] = Rect(x: x, y: y, width: width, height: height)
                ids[position] = ElementID(rawValue: raw)
                if j < indexed { slots[j] = Int32(truncatingIfNeeded: position) }
                widest = max(widest, width)
                minX = x
                lastRaw = raw
                position += 1
            }
            j += 1
        }
        lastID = ElementID(rawValue: lastRaw)
        written = position
        lastMinX = minX
        if sortsAcross {
            bandUnsorted = unsorted
            bandWidest = widest
        }
    }

    /// A row appended element by element: for what ``appendRow(_:from:along:y:height:xs:widths:)``
    /// cannot check once.
    @usableFromInline
    mutating func appendEach(
        _ kind: ElementKind, from first: ItemPath, along step: RowStep, y: Double, height: Double,
        xs: UnsafeBufferPointer<Double>, widths: UnsafeBufferPointer<Double>, count: Int
    ) {
        var path = first
        for j in 0..<count {
            append(kind, path, Rect(x: xs[j], y: y, width: widths[j], height: height))
            if step == .items { path.item &+= 1 } else { path.section &+= 1 }
        }
    }

    /// Moves to the band of an element starting at `start` along the axis: `false`, and
    /// the sink stopped, when that band comes before the current one.
    @inlinable @inline(__always)
    mutating func enter(_ start: Double) -> Bool {
        guard start != lastStart else { return true }
        lastStart = start
        let elementBand = geometry.band(of: start)
        if elementBand != band {
            guard elementBand > band else {
                halt(.outOfOrder)
                return false
            }
            advance(to: elementBand)
        }
        return true
    }

    /// The bookkeeping for the element of `kind` at `path` with `frame`, just written at
    /// `position` in the current band: its cell slot or its place in ``others``, its width,
    /// and whether it is tall.
    @inlinable @inline(__always)
    mutating func note(_ kind: ElementKind, _ path: ItemPath, _ frame: Rect, at position: Int) {
        if kind == .cell {
            table?.record(section: path.section, item: path.item, at: position)
        } else {
            otherPositions.append(Int32(truncatingIfNeeded: position))
        }
        if sortsAcross { bandWidest = max(bandWidest, frame.size.width) }
        let far = alongX ? frame.maxX : frame.maxY
        // `band(of: v)` reaches `band + 2` only where `v / bandExtent` does, and
        // `far.nextDown ≤ far`: one product lets almost every element go.
        if far * geometry.inverseExtent >= Double(band + 2) { noteTall(far, at: position) }
    }

    /// Lists the element at `position`, reaching `far` along the axis, in ``tall`` when it
    /// reaches two bands or more past the current one (its far edge excluded).
    @usableFromInline
    mutating func noteTall(_ far: Double, at position: Int) {
        let last = geometry.band(of: far.nextDown)
        if last - band >= 2 { tallElements.append((Int32(truncatingIfNeeded: position), band, last)) }
    }

    /// Stops taking elements, for `reason`.
    @usableFromInline
    mutating func halt(_ reason: Stop) {
        stop = reason
        halted = true
    }

    /// Starts band `newBand`, later than the current one: every band in between starts (and
    /// ends) here.
    @usableFromInline
    mutating func advance(to newBand: Int) {
        if bandUnsorted { sortCurrentBand() }
        if sortsAcross && band < widestByBand.count { widestByBand[band] = bandWidest }
        bandWidest = 0
        let position = Int32(truncatingIfNeeded: written)
        while band < newBand {
            bandStarts.append(position)
            band += 1
        }
        lastMinX = -Double.infinity
    }

    /// Moves ``bandStarts`` out, leaving the sink's empty: the array is handed over, not
    /// copied, so that a later build can write over its storage.
    package mutating func takeBandStarts() -> [Int32] {
        var starts: [Int32] = []
        swap(&starts, &bandStarts)
        return starts
    }

    /// Completes ``bandStarts`` with the start (and end) of every band after the current
    /// one: `bandCount + 1` entries in all.
    package mutating func finish() {
        advance(to: geometry.bandCount)
    }

    /// Sorts the current band's elements by `minX`, then ID: an insertion sort over both
    /// arrays, each element out of place moved to its place in one block copy. The band's
    /// bookkeeping is then done again for the positions the elements moved to.
    @usableFromInline
    mutating func sortCurrentBand() {
        bandUnsorted = false
        let begin = Int(bandStarts[band]), end = written
        let frameStride = MemoryLayout<Rect>.stride, idStride = MemoryLayout<ElementID>.stride
        var j = begin + 1
        while j < end {
            let frame = frames[j], id = ids[j]
            func precedes(_ k: Int) -> Bool {
                frame.origin.x != frames[k].origin.x ? frame.origin.x < frames[k].origin.x : id < ids[k]
            }
            if precedes(j - 1) {
                var k = j - 1
                while k > begin && precedes(k - 1) { k -= 1 }
                UnsafeMutableRawPointer(frames + k + 1).copyMemory(from: frames + k, byteCount: (j - k) * frameStride)
                UnsafeMutableRawPointer(ids + k + 1).copyMemory(from: ids + k, byteCount: (j - k) * idStride)
                frames[k] = frame
                ids[k] = id
            }
            j += 1
        }
        // What was noted for this band's positions is noted again where the elements are now
        // (the band's entries are the last of each list).
        while let position = otherPositions.last, position >= begin { otherPositions.removeLast() }
        while let element = tallElements.last, element.position >= begin { tallElements.removeLast() }
        let widest = bandWidest
        for position in begin..<end {
            let id = ids[position]
            if let kind = id.kind { note(kind, id.path, frames[position], at: position) }
        }
        bandWidest = widest
    }
}
