import GridCore

/// How a viewport follows the offsets ``Viewport/scrollMeasuring(to:)`` is asked for: as
/// given until a correction or a scroll to an item has moved the view, then by their
/// differences from frame to frame.
@usableFromInline
struct OffsetFollowing: Sendable {
    /// Whether the view was moved other than as asked (an anchor's correction, a scroll to
    /// an item): offsets then move it by their differences.
    @usableFromInline var carrying = false
    /// The offset the last frame was asked for (its non-finite coordinates replaced by the
    /// one before's); while not carrying, only a measuring frame keeps it.
    @usableFromInline var lastRequested = Point.zero

    @usableFromInline init() {}
}

/// A measuring viewport's state (``Viewport/startMeasuring(trueSizes:anchor:)``): the true
/// sizes it reads, which items it has measured, its reused buffers and what it counted
/// (how trace offsets are followed is the viewport's `OffsetFollowing`). Every buffer is
/// allocated once, or grows to the largest batch or screen and then stays.
@usableFromInline
struct Measuring: Sendable {
    /// Each item's true size, in flat order: what measuring an item reads.
    private(set) var truth: [Size]
    /// Bit `i % 64` of word `i / 64` is set when item `i` (flat) has been measured.
    var measured: [UInt64]
    /// This frame's batch, told to the layout as one `DataEdit.setItemSizes`.
    var batch: [SizedItem] = []
    /// The sizes the batch's items had before it, to put back should the layout refuse it.
    var previous: [Size] = []
    private(set) var anchor: AnchorPolicy
    /// Whether a frame has run since measuring started.
    var started = false
    /// The screen after the last frame, followed for the visible displacement.
    var screen = ScreenMeter()
    /// The cell the anchor follows this frame, found before the batch is told: its path
    /// and its top (first-visible) or bottom (last-visible).
    var anchoredCell: (path: ItemPath, edge: Double)?
    var summary = MeasurementSummary()
    var lastFrame = MeasuringFrame()
    /// The correction a batch update made since the last frame (`applyMeasuring`), netted
    /// out of the next frame's displacements.
    var pendingCorrection = 0.0

    init(truth: [Size], anchor: AnchorPolicy) {
        self.truth = truth
        self.anchor = anchor
        measured = [UInt64](repeating: 0, count: (truth.count + 63) / 64)
    }

    /// Starts over with `truth` and `anchor`: nothing measured, nothing counted, the screen
    /// forgotten, every buffer kept (the bits reallocated only for another item count).
    mutating func restart(truth: [Size], anchor: AnchorPolicy) {
        let words = (truth.count + 63) / 64
        if measured.count == words {
            var index = 0
            while index < words {
                measured[index] = 0
                index += 1
            }
        } else {
            measured = [UInt64](repeating: 0, count: words)
        }
        self.truth = truth
        self.anchor = anchor
        batch.removeAll(keepingCapacity: true)
        previous.removeAll(keepingCapacity: true)
        screen.forget()
        started = false
        anchoredCell = nil
        pendingCorrection = 0
        summary = MeasurementSummary()
        lastFrame = MeasuringFrame()
    }

    /// Follows the batch update `edit` from `old` to `new`: the true sizes and measured
    /// bits of the items it keeps go where the items go, those of deleted items go, the
    /// items it inserts come unmeasured with the true sizes `inserted` (in order); the
    /// screen is renamed as the loaded set is, so that the next frame follows it.
    /// - Complexity: O(n) (the bits rebuilt, the sizes shifted), O(s log s) at worst to
    ///   re-sort the s elements of the screen.
    mutating func follow(_ edit: DataEdit, old: DataShape, new: DataShape, inserted: [Size]) {
        func start(_ data: DataShape, _ section: Int) -> Int {
            section < data.sectionCount ? data.sectionStarts[section] : data.totalItems
        }
        switch edit {
        case .insertItems(let section, let item, _, _):
            splice(at: start(old, section) + item, removing: 0, inserting: inserted)
        case .insertSections(let section, _, _):
            splice(at: start(old, section), removing: 0, inserting: inserted)
        case .deleteItems(let section, let items):
            splice(at: start(old, section) + items.lowerBound, removing: items.count, inserting: [])
        case .deleteSections(let sections):
            let from = start(old, sections.lowerBound)
            splice(at: from, removing: start(old, sections.upperBound) - from, inserting: [])
        case .moveItem(let from, let to):
            guard let source = old.flatIndex(of: from), let target = new.flatIndex(of: to) else { break }
            let size = truth[source], wasMeasured = isMeasured(source)
            splice(at: source, removing: 1, inserting: [])
            splice(at: target, removing: 0, inserting: [size], measured: wasMeasured)
        case .setItemSizes:
            break
        }
        // The screen follows the items, as the loaded set does.
        var write = 0, ordered = true
        var index = 0
        while index < screen.ids.count {
            if let id = edit.id(after: screen.ids[index]) {
                if write > 0 && id < screen.ids[write - 1] { ordered = false }
                screen.ids[write] = id
                screen.origins[write] = screen.origins[index]
                write += 1
            }
            index += 1
        }
        screen.ids.removeLast(screen.ids.count - write)
        screen.origins.removeLast(screen.origins.count - write)
        if !ordered {
            let sorted = zip(screen.ids, screen.origins).sorted { $0.0 < $1.0 }
            screen.ids = sorted.map(\.0)
            screen.origins = sorted.map(\.1)
        }
    }

    /// Replaces the items `p ..< p + removing` (flat) by `sizes.count` items of true sizes
    /// `sizes`, measured or not as `measured` says; the bits after move with their items.
    /// - Complexity: O(n).
    private mutating func splice(at p: Int, removing: Int, inserting sizes: [Size], measured isMeasuredNow: Bool = false) {
        let oldBits = measured
        truth.replaceSubrange(p..<(p + removing), with: sizes)
        let count = truth.count
        var bits = [UInt64](repeating: 0, count: (count + 63) / 64)
        let added = sizes.count
        var flat = 0
        while flat < count {
            let source: Int? = flat < p ? flat : (flat < p + added ? nil : flat - added + removing)
            let set = source.map { oldBits[$0 >> 6] & (1 << UInt64($0 & 63)) != 0 } ?? isMeasuredNow
            if set { bits[flat >> 6] |= 1 << UInt64(flat & 63) }
            flat += 1
        }
        measured = bits
    }

    @inline(__always)
    func isMeasured(_ flat: Int) -> Bool { measured[flat >> 6] & (1 << UInt64(flat & 63)) != 0 }

    @inline(__always)
    mutating func markMeasured(_ flat: Int) { measured[flat >> 6] |= 1 << UInt64(flat & 63) }

    /// Counts the displacements of the elements of `elements` on screen in `visible` since
    /// the last frame, net of `correction` (see ``MeasuringFrame/maxDisplacement`` and
    /// ``ScreenMeter``), and remembers the new screen.
    /// - Complexity: O(k) for k loaded elements; no allocation once the screen buffers
    ///   have grown.
    mutating func followScreen(_ elements: [LoadedElement], visible: Rect, correction: Double) {
        let (largest, total) = screen.follow(elements, visible: visible, correction: correction)
        lastFrame.maxDisplacement = largest
        lastFrame.totalDisplacement = total
        summary.countDisplacement(largest: largest, total: total)
    }
}
