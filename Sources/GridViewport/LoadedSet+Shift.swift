import GridCore

// MARK: - Following a layout edit that says what it moved

extension LoadedSet {
    /// Whether the loaded set can follow an edit described by `shift` (see
    /// `Viewport.apply(_:)`), rather than forget the last frame: there is a last frame whose
    /// set is exact, no other shift is waiting for the next frame, the layout is not one whose
    /// queries scan everything, no section header pins, and the edit changed nothing from the
    /// frozen rows' band up (what a frozen band holds then stays as it was).
    /// - Complexity: O(1).
    func canFollow(_ shift: SectionShift) -> Bool {
        guard previousRect != nil, !shiftPending, !queriesOnce, !ordersSectionHeaders, pinning.untilNext.isEmpty else { return false }
        if let bands = pinning.bands, shift.changedSpan.lowerBound < bands.verticalReach { return false }
        return true
    }

    /// Finishes following a shift once every loaded element that is not pinned has its frame
    /// in the edited layout (kept, moved by the offset, or asked again) and the layout has
    /// answered in ``scratch`` for the parts of the last frame's rect `previous` where an
    /// element not loaded may now lie (the span laid again, and the stretch the moved
    /// elements entered by). Keeps, in ``shiftEntering`` sorted by ID, the answers that meet
    /// `previous`, are not pinned and are not loaded: with the loaded set they are exactly
    /// what a full query for `previous` gives now, and the next frame takes those that meet
    /// its rect as entering. Frozen bands' answers are forgotten (asked again next frame), as
    /// is the clearance, which was about the layout before the edit.
    /// - Complexity: O(e log e + e log k) for e answers and k loaded elements.
    mutating func acceptShift(previous: Rect, extents: Extents) {
        shiftEntering.removeAll(keepingCapacity: true)
        let pinnedKinds = pinning.pinnedKinds
        var index = 0
        while index < scratch.count {
            let element = scratch[index]
            index += 1
            guard element.frame.intersects(previous) else { continue }
            if pinnedKinds.contains(kindRaw: element.kind.rawValue), pinning.isPinned(element) { continue }
            if Self.isLoaded(element.id, in: elements) { continue }
            shiftEntering.append(element)
        }
        scratch.removeAll(keepingCapacity: true)
        if shiftEntering.count > 1 {
            sortByID(&shiftEntering)
            Self.removeDuplicates(&shiftEntering)
        }
        self.extents = extents
        clearance = Clearance()
        bandRects[0] = nil
        bandRects[1] = nil
        bandRects[2] = nil
        shiftPending = true
    }

    /// Whether `elements`, sorted by ID, hold an element with `id`.
    /// - Complexity: O(log k).
    static func isLoaded(_ id: ElementID, in elements: [LoadedElement]) -> Bool {
        let raw = id.rawValue
        return elements.withUnsafeBufferPointer { set in
            var low = 0, high = set.count
            while low < high {
                let mid = (low + high) / 2
                if set[mid].id.rawValue < raw { low = mid + 1 } else { high = mid }
            }
            return low < set.count && set[low].id.rawValue == raw
        }
    }
}
