import GridCore

/// What a ``CachedLayout`` answers from after told updates whose sections move apart
/// (`SectionShift.sectionsMoveApart`: the columnar layout in several columns, where an edit
/// sends most later sections to another column, each by an offset of its own): per section of
/// the data now, where its elements are stored (its section of the main arrays as built, or a
/// *run* of elements the base laid again, cached on their own) and the offset `(dx, dy)` that
/// brings them where they are now, with its box; the sections with elements sorted by the top
/// of their box, with the lowest bottom so far, so that a rect query finds the sections it
/// meets by binary search.
///
/// An update then costs O(S log S) for the S sections (an offset each, read from one element
/// the base answers, and the sort), plus the elements of the sections laid again, against
/// O(n) for a rebuild: the main arrays are not written.
///
/// Needs the main arrays to hold every cell (no cell of zero area) with each section's cells,
/// in item order, starting and ending no higher than the one before (sections stacked along y:
/// a columnar section's header, cells and footer), and supplementary views only per section;
/// checked once per build, at the first update to follow (O(n)). When the runs laid again
/// since the build outweigh the main arrays, the cache is built again.
@usableFromInline
struct ApartSections: Sendable {
    /// A section laid again: its cells in item order, then its supplementary views, in
    /// ``elements``.
    @usableFromInline
    struct Run: Sendable {
        @usableFromInline var start: Int
        @usableFromInline var cells: Int
        @usableFromInline var count: Int
    }

    /// Whether the cache answers from these sections.
    @usableFromInline var active = false
    /// Whether the main arrays as built can be followed apart (see the type's
    /// documentation); `nil` until the first update that asks after a build.
    var builtFits: Bool?
    /// Per section of the main arrays: the box of its elements in stored coordinates (zero
    /// width when it has none), and how many it has.
    @usableFromInline var builtBoxes: [Rect] = []
    var builtCounts: [Int32] = []
    /// Per section now: `≥ 0`, its section of the main arrays; `< 0`, run `~source`.
    @usableFromInline var source: [Int32] = []
    /// Per section now: what to add to a stored frame's `x` and `y`.
    @usableFromInline var dx: [Double] = []
    @usableFromInline var dy: [Double] = []
    /// Per section now: the box of its elements now (zero width when it has none).
    @usableFromInline var boxes: [Rect] = []
    /// The sections with elements, by the top of their box, and along it the lowest bottom of
    /// the boxes so far.
    @usableFromInline var order: [Int32] = []
    @usableFromInline var reach: [Double] = []
    @usableFromInline var runs: [Run] = []
    @usableFromInline var elements: [LayoutAttributes] = []
    /// The supplementary kinds the base declares, one per section each.
    @usableFromInline var kinds: [ElementKind] = []
    /// The previous update's per-section arrays, kept so that an update allocates nothing once
    /// they have grown.
    var scratchSource: [Int32] = [], scratchDX: [Double] = [], scratchDY: [Double] = [], scratchBoxes: [Rect] = []

    /// Forgets everything but the arrays' storage, for a cache built again.
    mutating func reset() {
        active = false
        builtFits = nil
        runs.removeAll(keepingCapacity: true)
        elements.removeAll(keepingCapacity: true)
    }

    /// The smallest rect holding `a` and `b`.
    static func union(_ a: Rect, _ b: Rect) -> Rect {
        let minX = min(a.minX, b.minX), minY = min(a.minY, b.minY)
        return Rect(x: minX, y: minY, width: max(a.maxX, b.maxX) - minX, height: max(a.maxY, b.maxY) - minY)
    }

    /// A box is used only to find sections a rect may meet: widened by this much, a rounding
    /// in adding an offset to its far edge cannot lose an element.
    @usableFromInline static func margin(_ v: Double) -> Double { 1 + abs(v) * 0x1p-40 }

    /// Sorts `order` by the top of `boxes` (then by section), in place: by insertion while
    /// that moves little (most sections keep their rank), else by heap.
    /// - Complexity: O(S log S); allocates nothing.
    static func sortByTop(_ order: inout [Int32], _ boxes: [Rect]) {
        order.withUnsafeMutableBufferPointer { items in
            boxes.withUnsafeBufferPointer { boxes in
                budgetedSort(items, budget: 8 * items.count + 64) { a, b in
                    let ya = boxes[Int(a)].minY, yb = boxes[Int(b)].minY
                    return ya != yb ? ya < yb : a < b
                }
            }
        }
    }
}

// MARK: - Following sections that move apart

extension CachedLayout {
    /// Whether the main arrays as built can be followed apart (``ApartSections``), worked out
    /// once per build: every cell held, each section's cells in item order starting and ending
    /// no higher than the one before, supplementary views only per section; with each
    /// section's box and count.
    /// - Complexity: O(n) the first time after a build; O(1) after.
    private mutating func apartFits() -> Bool {
        if let known = pieces.apart.builtFits { return known }
        var fits = true
        let built = pieces.builtData
        let traits = base.traits
        var kinds: [ElementKind] = []
        for declared in traits.supplementaries {
            guard declared.space == .perSection, declared.kind != .cell else {
                fits = false
                break
            }
            if declared.kind != .sectionHeader { kinds.append(declared.kind) }
        }
        var boxes: [Rect] = [], counts: [Int32] = []
        swap(&boxes, &pieces.apart.builtBoxes)
        swap(&counts, &pieces.apart.builtCounts)
        boxes.removeAll(keepingCapacity: true)
        counts.removeAll(keepingCapacity: true)
        if fits {
            let sections = built.sectionCount
            boxes.append(contentsOf: repeatElement(Rect(x: 0, y: 0, width: 0, height: 0), count: sections))
            counts.append(contentsOf: repeatElement(0, count: sections))
            var position = 0
            while position < ids.count {
                let section = ids[position].section, frame = frames[position]
                guard section >= 0, section < sections else {
                    fits = false
                    break
                }
                boxes[section] = boxes[section].width > 0 ? ApartSections.union(boxes[section], frame) : frame
                counts[section] += 1
                position += 1
            }
            var section = 0
            while fits && section < sections {
                let start = built.sectionStarts[section], count = built.itemCount(inSection: section)
                var item = 0
                var previous = Rect(x: 0, y: -Double.infinity, width: 0, height: 0)
                while item < count {
                    let slot = cellSlots[start + item]
                    guard slot >= 0, frames[Int(slot)].minY >= previous.minY, frames[Int(slot)].maxY >= previous.maxY else {
                        fits = false
                        break
                    }
                    previous = frames[Int(slot)]
                    item += 1
                }
                section += 1
            }
        }
        swap(&boxes, &pieces.apart.builtBoxes)
        swap(&counts, &pieces.apart.builtCounts)
        pieces.apart.kinds = kinds
        pieces.apart.builtFits = fits
        return fits
    }

    /// Follows `shift`, of sections that move apart, from data `old` to `new`, the base
    /// already told (see ``ApartSections``): the sections before `shift.firstChanged` as they
    /// were, those laid again cached from the base's per-path answers, each moved one at its
    /// offset now, read from one of its elements as the base answers it.
    ///
    /// - Returns: `false`, the pieces then as they were, when it cannot (band pieces answering,
    ///   arrays that do not fit, a section laid again too large or out of order, a moved
    ///   section whose element the base no longer places the same size): the caller builds
    ///   the cache again.
    /// - Complexity: O(S log S + m·q) for S sections, the m elements laid again and q the
    ///   base's per-path query; O(n) more for the first update after a build. Allocates
    ///   nothing once the arrays have grown.
    mutating func followApart(_ shift: SectionShift, old: DataShape, new: DataShape) -> Bool {
        guard shift.sectionsMoveApart, !pieces.active, shift.fits(oldSections: old.sectionCount, newSections: new.sectionCount),
              new.sectionCount <= ElementID.maxSection + 1, apartFits()
        else { return false }
        let laidLimit = max(4_096, ids.count / 8)
        var laidCells = 0
        var section = shift.firstChanged
        while section < shift.movedTo {
            laidCells += new.itemCount(inSection: section)
            section += 1
        }
        guard laidCells <= laidLimit, pieces.apart.elements.count + laidCells <= max(8_192, 2 * ids.count) else { return false }
        var apart = ApartSections()
        swap(&apart, &pieces.apart)
        // Put back as it was unless the update is taken.
        var taken = false
        let elementsBefore = apart.elements.count, runsBefore = apart.runs.count
        defer {
            if !taken {
                apart.elements.removeLast(apart.elements.count - elementsBefore)
                apart.runs.removeLast(apart.runs.count - runsBefore)
            }
            swap(&apart, &pieces.apart)
        }
        // The sections as they were: as built, the first time.
        if !apart.active {
            let count = old.sectionCount
            apart.source.removeAll(keepingCapacity: true)
            apart.dx.removeAll(keepingCapacity: true)
            apart.dy.removeAll(keepingCapacity: true)
            apart.boxes.removeAll(keepingCapacity: true)
            var s = 0
            while s < count {
                apart.source.append(Int32(s))
                apart.dx.append(0)
                apart.dy.append(0)
                apart.boxes.append(apart.builtBoxes[s])
                s += 1
            }
        }
        var source: [Int32] = [], dx: [Double] = [], dy: [Double] = [], boxes: [Rect] = []
        swap(&source, &apart.scratchSource)
        swap(&dx, &apart.scratchDX)
        swap(&dy, &apart.scratchDY)
        swap(&boxes, &apart.scratchBoxes)
        source.removeAll(keepingCapacity: true)
        dx.removeAll(keepingCapacity: true)
        dy.removeAll(keepingCapacity: true)
        boxes.removeAll(keepingCapacity: true)
        let sections = new.sectionCount
        var fits = true
        section = 0
        while fits && section < sections {
            if section < shift.firstChanged {
                source.append(apart.source[section])
                dx.append(apart.dx[section])
                dy.append(apart.dy[section])
                boxes.append(apart.boxes[section])
            } else if section < shift.movedTo {
                guard let box = layRun(section, new, &apart) else {
                    fits = false
                    break
                }
                source.append(~Int32(apart.runs.count - 1))
                dx.append(0)
                dy.append(0)
                boxes.append(box)
            } else {
                let was = section - shift.movedTo + shift.movedFrom
                let from = apart.source[was]
                guard let moved = offset(of: from, now: section, apart), SectionShift.isExact(moved.dx), SectionShift.isExact(moved.dy)
                else {
                    fits = false
                    break
                }
                let stored = from >= 0 ? apart.builtBoxes[Int(from)] : Self.box(of: apart.runs[Int(~from)], apart.elements)
                source.append(from)
                dx.append(moved.dx)
                dy.append(moved.dy)
                boxes.append(
                    stored.width > 0
                        ? Rect(x: stored.minX + moved.dx, y: stored.minY + moved.dy, width: stored.width, height: stored.height)
                        : stored)
            }
            section += 1
        }
        guard fits else {
            swap(&source, &apart.scratchSource)
            swap(&dx, &apart.scratchDX)
            swap(&dy, &apart.scratchDY)
            swap(&boxes, &apart.scratchBoxes)
            return false
        }
        swap(&source, &apart.source)
        swap(&dx, &apart.dx)
        swap(&dy, &apart.dy)
        swap(&boxes, &apart.boxes)
        swap(&source, &apart.scratchSource)
        swap(&dx, &apart.scratchDX)
        swap(&dy, &apart.scratchDY)
        swap(&boxes, &apart.scratchBoxes)
        apart.order.removeAll(keepingCapacity: true)
        section = 0
        while section < sections {
            if apart.boxes[section].width > 0 { apart.order.append(Int32(section)) }
            section += 1
        }
        ApartSections.sortByTop(&apart.order, apart.boxes)
        apart.reach.removeAll(keepingCapacity: true)
        var lowest = -Double.infinity
        var index = 0
        while index < apart.order.count {
            lowest = max(lowest, apart.boxes[Int(apart.order[index])].maxY)
            apart.reach.append(lowest)
            index += 1
        }
        apart.active = true
        taken = true
        return true
    }

    /// The box of the elements of positive area of `run`, zero width when none.
    static func box(of run: ApartSections.Run, _ elements: [LayoutAttributes]) -> Rect {
        var box = Rect(x: 0, y: 0, width: 0, height: 0)
        var position = run.start
        while position < run.start + run.count {
            let frame = elements[position].frame
            if frame.width > 0 && frame.height > 0 { box = box.width > 0 ? ApartSections.union(box, frame) : frame }
            position += 1
        }
        return box
    }

    /// Caches section `section` of `data` as the base places it now, as a new run: its cells
    /// in item order, then its supplementary views. Its box, or `nil` when its cells are not
    /// in order along y or one has no area.
    private func layRun(_ section: Int, _ data: DataShape, _ apart: inout ApartSections) -> Rect? {
        let start = apart.elements.count
        let count = data.itemCount(inSection: section)
        var previous = Rect(x: 0, y: -Double.infinity, width: 0, height: 0)
        var item = 0
        while item < count {
            guard let cell = base.attributes(at: ItemPath(section: section, item: item)),
                  cell.frame.width > 0, cell.frame.height > 0,
                  cell.frame.minY >= previous.minY, cell.frame.maxY >= previous.maxY
            else { return nil }
            previous = cell.frame
            apart.elements.append(cell)
            item += 1
        }
        if let header = base.supplementary(.sectionHeader, at: ItemPath(section: section, item: 0)) { apart.elements.append(header) }
        var kind = 0
        while kind < apart.kinds.count {
            if let view = base.supplementary(apart.kinds[kind], at: ItemPath(section: section, item: 0)) { apart.elements.append(view) }
            kind += 1
        }
        let run = ApartSections.Run(start: start, cells: count, count: apart.elements.count - start)
        apart.runs.append(run)
        return Self.box(of: run, apart.elements)
    }

    /// The offset now of the section stored as `source`, section `section` now: one of its
    /// elements as the base answers it, less as stored; `(0, 0)` for a section with no
    /// element of positive area. `nil` when the base no longer places that element, or not
    /// the same size.
    private func offset(of source: Int32, now section: Int, _ apart: ApartSections) -> (dx: Double, dy: Double)? {
        let path = ItemPath(section: section, item: 0)
        var stored: Rect?
        var kind = ElementKind.cell
        if source >= 0 {
            let s = Int(source)
            if s < headerSlots.count, headerSlots[s] >= 0 {
                stored = frames[Int(headerSlots[s])]
                kind = .sectionHeader
            } else if pieces.builtData.itemCount(inSection: s) > 0 {
                let slot = cellSlots[pieces.builtData.sectionStarts[s]]
                if slot >= 0 { stored = frames[Int(slot)] }
            } else {
                var k = 0
                while stored == nil && k < apart.kinds.count {
                    if let slot = otherSlots.slot(apart.kinds[k], ItemPath(section: s, item: 0)), slot >= 0 {
                        stored = frames[Int(slot)]
                        kind = apart.kinds[k]
                    }
                    k += 1
                }
            }
        } else {
            let run = apart.runs[Int(~source)]
            var position = run.start
            while stored == nil && position < run.start + run.count {
                let element = apart.elements[position]
                if element.frame.width > 0 && element.frame.height > 0 && (element.kind == .cell ? element.path.item == 0 : true) {
                    stored = element.frame
                    kind = element.kind
                }
                position += 1
            }
        }
        guard let stored else { return (0, 0) }
        guard let now = kind == .cell ? base.attributes(at: path) : base.supplementary(kind, at: path),
              now.frame.width == stored.width, now.frame.height == stored.height
        else { return nil }
        return (now.frame.minX - stored.minX, now.frame.minY - stored.minY)
    }
}

// MARK: - Answers from sections apart

extension CachedLayout {
    /// A rect query over sections that moved apart: the sections whose box meets the rect,
    /// found by binary search over their tops, and in each the cells from the first that ends
    /// below the rect's top (binary search: they are in order along y) to the last that starts
    /// above its bottom, and its supplementary views, each moved by the section's offset.
    /// - Complexity: O(log S + s·log c + k) for the s sections met, c cells a section and k
    ///   elements returned (plus the sections whose boxes reach past the rect's top from
    ///   above it).
    @usableFromInline
    func apartElements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        let a = rect.minY, b = rect.maxY
        guard !a.isNaN, !b.isNaN, !rect.minX.isNaN, !rect.maxX.isNaN else { return }
        let apart = pieces.apart
        // The first section in order whose boxes so far reach below the rect's top.
        var low = 0, high = apart.order.count
        while low < high {
            let mid = (low + high) / 2
            let reach = apart.reach[mid]
            if reach + ApartSections.margin(reach) > a { high = mid } else { low = mid + 1 }
        }
        while low < apart.order.count {
            let section = Int(apart.order[low])
            low += 1
            let box = apart.boxes[section]
            if box.minY - ApartSections.margin(box.minY) >= b { break }
            guard box.maxY + ApartSections.margin(box.maxY) > a, box.minX - ApartSections.margin(box.minX) < rect.maxX,
                  box.maxX + ApartSections.margin(box.maxX) > rect.minX
            else { continue }
            appendApartSection(section, rect, apart, &buffer)
        }
    }

    /// The elements of section `section` now that meet `rect`.
    private func appendApartSection(_ section: Int, _ rect: Rect, _ apart: ApartSections, _ buffer: inout [LayoutAttributes]) {
        let dx = apart.dx[section], dy = apart.dy[section]
        let a = rect.minY, b = rect.maxY
        let source = apart.source[section]
        @inline(__always)
        func moved(_ frame: Rect) -> Rect {
            Rect(x: frame.minX + dx, y: frame.minY + dy, width: frame.width, height: frame.height)
        }
        if source >= 0 {
            let s = Int(source)
            let start = pieces.builtData.sectionStarts[s], count = pieces.builtData.itemCount(inSection: s)
            // The first cell ending below the rect's top.
            var low = 0, high = count
            while low < high {
                let mid = (low + high) / 2
                if frames[Int(cellSlots[start + mid])].maxY + dy > a { high = mid } else { low = mid + 1 }
            }
            while low < count {
                let slot = Int(cellSlots[start + low])
                let frame = moved(frames[slot])
                if frame.minY >= b { break }
                if frame.intersects(rect) {
                    buffer.append(.cell(ItemPath(section: section, item: low), frame: frame, groupPosition: groupPosition(at: slot)))
                }
                low += 1
            }
            let path = ItemPath(section: section, item: 0)
            if s < headerSlots.count, headerSlots[s] >= 0 {
                let slot = Int(headerSlots[s])
                let frame = moved(frames[slot])
                if frame.intersects(rect) {
                    buffer.append(LayoutAttributes(kind: .sectionHeader, path: path, frame: frame, groupPosition: groupPosition(at: slot)))
                }
            }
            var k = 0
            while k < apart.kinds.count {
                if let slot = otherSlots.slot(apart.kinds[k], ItemPath(section: s, item: 0)), slot >= 0 {
                    let frame = moved(frames[Int(slot)])
                    if frame.intersects(rect) {
                        buffer.append(LayoutAttributes(kind: apart.kinds[k], path: path, frame: frame, groupPosition: groupPosition(at: Int(slot))))
                    }
                }
                k += 1
            }
            return
        }
        let run = apart.runs[Int(~source)]
        var low = 0, high = run.cells
        while low < high {
            let mid = (low + high) / 2
            if apart.elements[run.start + mid].frame.maxY + dy > a { high = mid } else { low = mid + 1 }
        }
        @inline(__always)
        func emit(_ position: Int) -> Bool {
            var element = apart.elements[position]
            element.frame = moved(element.frame)
            element.path.section = section
            if element.frame.intersects(rect) { buffer.append(element) }
            return element.frame.minY < b
        }
        while low < run.cells {
            if !emit(run.start + low) { break }
            low += 1
        }
        var position = run.start + run.cells
        while position < run.start + run.count {
            _ = emit(position)
            position += 1
        }
    }

    /// The element of `kind` (`.cell` for a cell) at `path` now, from the sections apart; the
    /// base's for a supplementary view the cache does not hold.
    @usableFromInline
    func apartAnswer(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? {
        let apart = pieces.apart
        let section = path.section
        if kind == .cell {
            guard data.flatIndex(of: path) != nil, section < apart.source.count else { return nil }
        } else {
            guard path.item == 0, section >= 0, section < apart.source.count else { return base.supplementary(kind, at: path) }
        }
        let dx = apart.dx[section], dy = apart.dy[section]
        let source = apart.source[section]
        if source >= 0 {
            let s = Int(source)
            let slot: Int32?
            if kind == .cell {
                slot = cellSlots[pieces.builtData.sectionStarts[s] + path.item]
            } else if kind == .sectionHeader {
                slot = s < headerSlots.count ? headerSlots[s] : nil
            } else {
                slot = otherSlots.slot(kind, ItemPath(section: s, item: 0))
            }
            guard let slot, slot >= 0 else { return kind == .cell ? base.attributes(at: path) : base.supplementary(kind, at: path) }
            let stored = frames[Int(slot)]
            return LayoutAttributes(
                kind: kind, path: path, frame: Rect(x: stored.minX + dx, y: stored.minY + dy, width: stored.width, height: stored.height),
                groupPosition: groupPosition(at: Int(slot)))
        }
        let run = apart.runs[Int(~source)]
        var found: LayoutAttributes?
        if kind == .cell {
            if path.item < run.cells { found = apart.elements[run.start + path.item] }
        } else {
            var position = run.start + run.cells
            while found == nil && position < run.start + run.count {
                if apart.elements[position].kind == kind { found = apart.elements[position] }
                position += 1
            }
        }
        guard var element = found else { return kind == .cell ? base.attributes(at: path) : base.supplementary(kind, at: path) }
        element.frame = Rect(x: element.frame.minX + dx, y: element.frame.minY + dy, width: element.frame.width, height: element.frame.height)
        element.path = path
        return element
    }

    /// The number of elements of positive area the sections apart hold.
    /// - Complexity: O(S + m) for the m elements of the runs.
    func apartElementCount() -> Int {
        let apart = pieces.apart
        var total = 0, section = 0
        while section < apart.source.count {
            let source = apart.source[section]
            if source >= 0 {
                total += Int(apart.builtCounts[Int(source)])
            } else {
                let run = apart.runs[Int(~source)]
                var position = run.start
                while position < run.start + run.count {
                    if apart.elements[position].frame.width > 0 && apart.elements[position].frame.height > 0 { total += 1 }
                    position += 1
                }
            }
            section += 1
        }
        return total
    }
}
