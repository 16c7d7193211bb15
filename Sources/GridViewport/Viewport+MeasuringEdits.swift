import GridCore

/// Batch updates while measuring (issue 28): items inserted, deleted or moved while the
/// viewport learns sizes, as a feed prepends posts of unknown height while the user is
/// scrolled down.
extension Viewport {
    /// A batch update while measuring: `edit` is applied to the data as measured so far
    /// (the sizes it has learnt are kept), the layout is told it, what has been measured
    /// and the true sizes follow every item to its new place, and the offset is corrected
    /// by the anchor policy so that the anchored cell keeps its place on screen, as after a
    /// measurement. Not measuring, it is ``setData(_:edit:)`` with `edit` applied to
    /// ``data``.
    ///
    /// The items `edit` inserts come in at the sizes it gives them (their estimates) and
    /// unmeasured: a later frame that loads them measures them, reading `trueSizes`.
    ///
    /// Anchoring: before the edit, the cell the policy follows (the first or last fully
    /// visible one, as in ``scrollMeasuring(to:)``); after it, the same cell followed
    /// through the edit (`DataEdit.id(after:)`): the offset moves by how far its top
    /// (bottom) moved, clamped to the content's ends. `none` keeps the offset: the visible
    /// cells move with everything the edit inserted or deleted above them. Either way, from
    /// the edit on, the offsets ``scrollMeasuring(to:)`` is asked for move the view by
    /// their differences, as after a correction: the finger does not move when items come
    /// in above it. The next frame counts the
    /// visible displacement across the edit (the screen is followed through it) and the
    /// correction is netted out of it as a measurement's is.
    ///
    /// - Parameters:
    ///   - edit: an insert, delete or move of items or sections (not `setItemSizes`, which
    ///     measuring tells itself).
    ///   - trueSizes: the true sizes of the items `edit` inserts, in order (none for a
    ///     delete or a move).
    /// - Throws: `GridError` naming `edit` for a `setItemSizes`, `trueSizes` when it does
    ///   not hold one size per inserted item; what applying `edit` to ``data`` or the
    ///   layout's prepare throws. The viewport is then unchanged.
    /// - Complexity: the edit applied to the data, O(n); the layout's prepare; O(n) to
    ///   shift the true sizes and the measured bits (both may grow: an edit may allocate);
    ///   O(k) to rename k loaded elements and the screen.
    public mutating func applyMeasuring(_ edit: DataEdit, trueSizes: [Size]) throws {
        if case .setItemSizes = edit {
            throw GridError.invalidParameter("edit", edit.description, expected: "an insert, delete or move: measurements are the viewport's own")
        }
        let edited = try edit.applied(to: data)
        guard var m = measuring else {
            try setData(edited, edit: edit)
            return
        }
        let inserted = Self.insertedCount(edit)
        guard trueSizes.count == inserted else {
            throw GridError.invalidParameter("trueSizes", trueSizes.count, expected: "one true size per inserted item: \(inserted)")
        }
        let anchor = m.anchor == .keepsOffset ? nil : anchorCell(lastVisible: m.anchor == .lastVisible)
        let old = data
        measuring = nil
        do {
            try prepareInPlace(data: edited, size: size, invalidation: .edited(edit))
        } catch {
            measuring = m
            throw error
        }
        state.rename(by: edit)
        m.follow(edit, old: old, new: edited, inserted: trueSizes)
        var correction = 0.0
        if let anchor, let id = edit.id(after: ElementID(kind: .cell, path: anchor.path)) {
            let corrected = anchoredOffset(anchor, now: id.path, lastVisible: m.anchor == .lastVisible, from: lastOffset.y)
            correction = corrected - lastOffset.y
            lastOffset.y = corrected
        }
        following.carrying = true
        m.summary.countCorrection(correction)
        m.pendingCorrection += correction
        measuring = m
    }

    /// How many items `edit` inserts.
    static func insertedCount(_ edit: DataEdit) -> Int {
        switch edit {
        case .insertItems(_, _, let count, _): count
        case .insertSections(_, let counts, _): counts.reduce(0, +)
        default: 0
        }
    }

    /// The cell the anchor follows among the loaded cells as they are now: the first
    /// (`lastVisible`: last) fully visible one, or else, when none fits on screen whole,
    /// the first (last) the screen shows; its path and its top (bottom). Pinned elements
    /// are not followed.
    /// - Complexity: O(k) for k loaded elements.
    func anchorCell(lastVisible last: Bool) -> (path: ItemPath, edge: Double)? {
        var choice = AnchorChoice(lastVisible: last)
        let elements = state.elements
        let visible = visibleRect
        var index = 0
        while index < elements.count {
            let element = elements[index]
            index += 1
            guard element.attributes.kind == .cell, !element.pinned else { continue }
            choice.consider(element.attributes, visible: visible)
        }
        return choice.anchored
    }
}

/// The anchor's rule, written once: among the cells on screen, the first (last) fully
/// visible one, the topmost (bottommost) then the leftmost; the first (last) visible one
/// when none fits whole.
struct AnchorChoice {
    let lastVisible: Bool
    private var best: Rect?
    private var bestIsWhole = false
    /// The chosen cell's path and top (or bottom, `lastVisible`).
    private(set) var anchored: (path: ItemPath, edge: Double)?

    init(lastVisible: Bool) { self.lastVisible = lastVisible }

    /// Takes `attributes`, a cell that is not pinned, into account.
    @inline(__always)
    mutating func consider(_ attributes: LayoutAttributes, visible: Rect) {
        let frame = attributes.frame
        guard frame.intersects(visible) else { return }
        let whole = frame.minY >= visible.minY && frame.maxY <= visible.maxY
        if let current = best {
            if bestIsWhole && !whole { return }
            if bestIsWhole == whole {
                let better = lastVisible
                    ? frame.maxY > current.maxY || (frame.maxY == current.maxY && frame.minX < current.minX)
                    : frame.minY < current.minY || (frame.minY == current.minY && frame.minX < current.minX)
                guard better else { return }
            }
        }
        best = frame
        bestIsWhole = whole
        anchored = (attributes.path, lastVisible ? frame.maxY : frame.minY)
    }
}
