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
    /// The elements on screen after the last frame that can be followed (not pinned), by
    /// ID, with their displayed origins; valid while ``screenIsValid``.
    var screenIDs: [ElementID] = []
    var screenOrigins: [Point] = []
    var screenIsValid = false
    /// The cell the anchor follows this frame, found before the batch is told: its path
    /// and its top (first-visible) or bottom (last-visible).
    var anchoredCell: (path: ItemPath, edge: Double)?
    var summary = MeasurementSummary()
    var lastFrame = MeasuringFrame()

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
        screenIDs.removeAll(keepingCapacity: true)
        screenOrigins.removeAll(keepingCapacity: true)
        screenIsValid = false
        started = false
        anchoredCell = nil
        summary = MeasurementSummary()
        lastFrame = MeasuringFrame()
    }

    @inline(__always)
    func isMeasured(_ flat: Int) -> Bool { measured[flat >> 6] & (1 << UInt64(flat & 63)) != 0 }

    @inline(__always)
    mutating func markMeasured(_ flat: Int) { measured[flat >> 6] |= 1 << UInt64(flat & 63) }

    /// Compares the elements of `elements` on screen in `visible` with those on screen
    /// after the last frame (both sorted by ID), counts their displacements net of
    /// `correction` (see ``MeasuringFrame/maxDisplacement``), and remembers the new screen.
    /// - Complexity: O(k) for k loaded elements; no allocation once the screen buffers
    ///   have grown.
    mutating func followScreen(_ elements: [LoadedElement], visible: Rect, correction: Double) {
        var largest = 0.0, total = 0.0
        var old = 0
        let oldCount = screenIsValid ? screenIDs.count : 0
        var index = 0
        while index < elements.count {
            let element = elements[index]
            index += 1
            let frame = element.attributes.frame
            guard !element.pinned, frame.intersects(visible) else { continue }
            let id = element.id
            while old < oldCount && screenIDs[old] < id { old += 1 }
            if old < oldCount && screenIDs[old] == id {
                let before = screenOrigins[old]
                let moved = max(abs(frame.minX - before.x), abs(frame.minY - before.y - correction))
                largest = max(largest, moved)
                total += moved
            }
        }
        // Rebuild the screen from scratch (the merge above only read it).
        screenIDs.removeAll(keepingCapacity: true)
        screenOrigins.removeAll(keepingCapacity: true)
        index = 0
        while index < elements.count {
            let element = elements[index]
            index += 1
            let frame = element.attributes.frame
            guard !element.pinned, frame.intersects(visible) else { continue }
            screenIDs.append(element.id)
            screenOrigins.append(frame.origin)
        }
        screenIsValid = true
        lastFrame.maxDisplacement = largest
        lastFrame.totalDisplacement = total
        summary.maxDisplacement = max(summary.maxDisplacement, largest)
        summary.totalDisplacement += total
        if largest > 0 { summary.displacementFrames += 1 }
    }
}
