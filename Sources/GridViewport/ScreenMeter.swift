import GridCore

/// What the screen showed after the last frame, and how far what it shows moved since:
/// the visible displacement of issues 28 and 29, counted the one way for a measuring
/// viewport (``Viewport/scrollMeasuring(to:)``) and for one anchoring the layout's own
/// edits (``Viewport/startAnchoringEdits(_:)``).
///
/// For an element on screen after the previous frame at displayed origin `(x₀, y₀)` and
/// after this one at `(x₁, y₁)`, with `c` the offset corrections made between them, its
/// displacement is `max(|x₁ − x₀|, |y₁ − y₀ − c|)`: how far it moved on screen net of the
/// scroll (the frames are in content coordinates, so the trace's own scrolling does not
/// count; an anchor's correction moves the screen with the content, so it is netted out).
/// Cells, headers and footers that are not pinned count; an element counts when its frame
/// meets the visible rect after both frames.
struct ScreenMeter: Sendable {
    /// The elements on screen after the last frame that can be followed (not pinned), by ID,
    /// with their displayed origins; valid while ``isValid``.
    var ids: [ElementID] = []
    var origins: [Point] = []
    /// Whether ``ids`` and ``origins`` hold the last frame's screen: `false` at first and
    /// after anything that moves elements for reasons of its own (a resize, a reload).
    var isValid = false

    /// Compares the elements of `elements` (sorted by ID) on screen in `visible` with those
    /// on screen after the last frame, and remembers the new screen. Returns the largest
    /// displacement and their sum, net of `correction` (0 for both when the last screen is
    /// not valid).
    /// - Complexity: O(k) for k loaded elements; no allocation once the buffers have grown.
    mutating func follow(_ elements: [LoadedElement], visible: Rect, correction: Double) -> (largest: Double, total: Double) {
        var largest = 0.0, total = 0.0
        var old = 0
        let oldCount = isValid ? ids.count : 0
        var index = 0
        while index < elements.count {
            let element = elements[index]
            index += 1
            let frame = element.attributes.frame
            guard !element.pinned, frame.intersects(visible) else { continue }
            let id = element.id
            while old < oldCount && ids[old] < id { old += 1 }
            if old < oldCount && ids[old] == id {
                let before = origins[old]
                let moved = max(abs(frame.minX - before.x), abs(frame.minY - before.y - correction))
                largest = max(largest, moved)
                total += moved
            }
        }
        // Rebuild the screen from scratch (the merge above only read it).
        ids.removeAll(keepingCapacity: true)
        origins.removeAll(keepingCapacity: true)
        index = 0
        while index < elements.count {
            let element = elements[index]
            index += 1
            let frame = element.attributes.frame
            guard !element.pinned, frame.intersects(visible) else { continue }
            ids.append(element.id)
            origins.append(frame.origin)
        }
        isValid = true
        return (largest, total)
    }

    /// Forgets the screen, keeping the buffers.
    mutating func forget() {
        ids.removeAll(keepingCapacity: true)
        origins.removeAll(keepingCapacity: true)
        isValid = false
    }
}
