import GridCore

/// Scroll anchoring while the layout's own content changes (issue 29): a span grid's cell
/// grows as text is typed, its row grows, and everything below it moves; a row above the
/// screen that grows (a cell pasted into by a program) moves everything the screen shows,
/// unless the offset is corrected, as a measuring viewport corrects it after a measurement
/// (``AnchorPolicy``).
///
/// Anchoring covers the edits that keep the data (`EditableLayout.keepsData(_:)`: a span
/// grid's keystroke), whose elements keep their paths, so that the anchored cell is found
/// again by its path. An edit that changes the data (a merge, a split, a row or column
/// inserted or deleted) keeps the offset, as before, and the screen it leaves is not
/// compared with the one before (elements move for reasons of their own).
extension Viewport {
    /// Starts anchoring the layout's own edits by `policy`, with nothing counted, and
    /// forgets the screen followed so far. ``AnchorPolicy/keepsOffset`` (`none`) corrects
    /// nothing but still counts the visible displacement (``followScreenAfterEdits()``), so
    /// that the policies can be compared.
    ///
    /// After an edit that moves the anchored cell (the first fully visible cell that is not
    /// pinned, or the last, as ``AnchorPolicy`` says, chosen among the loaded cells as they
    /// were displayed before the edit), the offset moves by how far the cell's top (bottom)
    /// moved, clamped to the content's ends, and from then on the offsets
    /// ``scrollMeasuring(to:)`` is asked for move the view by their differences (as after a
    /// measurement's correction, or a scroll to an item): the finger does not move when a
    /// row above it grows.
    /// - Complexity: O(1).
    public mutating func startAnchoringEdits(_ policy: AnchorPolicy) {
        editAnchoring = EditAnchoring(policy: policy)
    }

    /// Stops anchoring edits: they keep the offset again.
    public mutating func stopAnchoringEdits() { editAnchoring = nil }

    /// The policy edits are anchored by, `nil` when they keep the offset and nothing is
    /// counted.
    public var editAnchorPolicy: AnchorPolicy? { editAnchoring?.policy }

    /// What anchoring edits did since ``startAnchoringEdits(_:)``: its offset corrections
    /// (`corrections`, `totalCorrection`) and, as far as ``followScreenAfterEdits()`` was
    /// called after each frame, the visible displacement (`maxDisplacement`,
    /// `totalDisplacement`, `displacementFrames`); `nil` when not anchoring edits. The
    /// measuring figures (items measured, content-size drift, lane changes) stay 0.
    public var editAnchoringSummary: MeasurementSummary? { editAnchoring?.summary }

    /// Counts how far the elements on screen now moved on screen since the last call, net
    /// of the scroll and of the corrections made in between (see ``MeasuringFrame/maxDisplacement``
    /// for the definition), and remembers the screen. Call it after each frame, outside
    /// what is timed: it reads every loaded element. Returns the frame's largest
    /// displacement; 0 when not anchoring edits, at the first call, and after an edit that
    /// changed the data.
    /// - Complexity: O(k) for k loaded elements; no allocation once its buffers have grown.
    @discardableResult
    public mutating func followScreenAfterEdits() -> Double {
        guard var anchoring = editAnchoring else { return 0 }
        editAnchoring = nil
        defer { editAnchoring = anchoring }
        let (largest, total) = anchoring.screen.follow(state.elements, visible: visibleRect, correction: anchoring.pendingCorrection)
        anchoring.pendingCorrection = 0
        anchoring.summary.countDisplacement(largest: largest, total: total)
        return largest
    }

    /// The cell the edit anchor follows, among the loaded cells as displayed in the last
    /// frame: `nil` when not anchoring, for `none`, or when the screen shows no cell.
    /// - Complexity: O(k) for k loaded elements.
    func editAnchorBeforeEdit() -> (path: ItemPath, edge: Double)? {
        guard let policy = editAnchoring?.policy, policy != .keepsOffset else { return nil }
        return anchorCell(lastVisible: policy == .lastVisible)
    }

    /// Corrects the offset by how far `anchor` (from ``editAnchorBeforeEdit()``) moved in
    /// the edit the layout has just made, clamped to the content's ends, and counts it.
    /// - Complexity: one `GridLayout.attributes(at:)`.
    mutating func correctAfterEdit(following anchor: (path: ItemPath, edge: Double)?) {
        guard let anchor, var anchoring = editAnchoring else { return }
        let corrected = anchoredOffset(anchor, now: anchor.path, lastVisible: anchoring.policy == .lastVisible, from: lastOffset.y)
        let correction = corrected - lastOffset.y
        guard correction != 0 else { return }
        if !following.carrying {
            // The offsets asked for from now on move the view from here.
            following.lastRequested = lastOffset
            following.carrying = true
        }
        lastOffset.y = corrected
        anchoring.summary.countCorrection(correction)
        anchoring.pendingCorrection += correction
        editAnchoring = anchoring
    }

    /// Forgets the screen the edit anchor follows: the next frame's displacement is not
    /// counted (an edit that changed the data moved its elements for reasons of its own).
    mutating func forgetEditAnchoringScreen() {
        editAnchoring?.screen.forget()
        editAnchoring?.pendingCorrection = 0
    }
}

/// A viewport's state while anchoring the layout's own edits.
struct EditAnchoring: Sendable {
    let policy: AnchorPolicy
    var summary = MeasurementSummary()
    /// The screen after the last followed frame.
    var screen = ScreenMeter()
    /// The corrections made since the last followed frame, netted out of its displacements.
    var pendingCorrection = 0.0
}
