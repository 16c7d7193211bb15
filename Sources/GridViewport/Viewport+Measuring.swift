import GridCore

/// Measured sizes (issue 28): a viewport over data whose item sizes are estimates measures
/// the cells it loads, tells the layout the true sizes once per frame as one batch, and
/// corrects its offset by its ``AnchorPolicy`` so that what the screen shows keeps still.
extension Viewport {
    /// Starts measuring: from now on ``scrollMeasuring(to:)`` measures each cell the first
    /// time it is loaded, reading its size from `trueSizes`, and anchors by `anchor`. Every
    /// item counts as not yet measured, whatever its size in ``data``; the counters of
    /// ``measurementSummary`` start from zero. Called again, it starts over (a replay's
    /// next pass, once its data is back at the estimates), keeping the buffers grown so far.
    ///
    /// - Parameters:
    ///   - trueSizes: the data as measurement reveals it: the counts of ``data``, each
    ///     item's true size.
    ///   - anchor: how the offset follows what a measurement moves.
    /// - Throws: `GridError` naming `data.itemSizes` when the viewport's data carries no
    ///   item sizes (there is nothing to measure), `trueSizes` when it has other counts
    ///   than ``data`` or no item sizes.
    /// - Complexity: O(S + n) for S sections and n items: the counts are compared, and a
    ///   bit per item allocated (cleared in place when starting over).
    public mutating func startMeasuring(trueSizes: DataShape, anchor: AnchorPolicy = .standard) throws(GridError) {
        guard data.itemSizes != nil else {
            throw .invalidData("data.itemSizes", "none", expected: "item sizes to measure: estimates the true sizes replace")
        }
        guard let truth = trueSizes.itemSizes else {
            throw .invalidData("trueSizes", trueSizes.description, expected: "one true size per item")
        }
        guard Self.sameCounts(trueSizes, data) else {
            throw .invalidData("trueSizes", trueSizes.description, expected: "the counts of the viewport's data (\(data))")
        }
        following = OffsetFollowing()
        if var restarted = measuring {
            // Started over (a replay's next pass): the buffers grown so far are kept.
            measuring = nil
            restarted.restart(truth: truth, anchor: anchor)
            measuring = restarted
        } else {
            measuring = Measuring(truth: truth, anchor: anchor)
        }
        measuring?.summary.laneChanges = layout.laneChanges == nil ? nil : 0
    }

    /// Stops measuring: ``scrollMeasuring(to:)`` is then ``scroll(to:)`` (until a scroll to
    /// an item), and the data keeps the sizes measured so far.
    public mutating func stopMeasuring() {
        measuring = nil
        following = OffsetFollowing()
    }

    /// Whether ``scrollMeasuring(to:)`` moves the view by the differences between the
    /// offsets it is asked for, since a correction or a scroll to an item
    /// (``scrollMeasuring(toItem:position:maxRounds:)``) moved it other than as asked.
    public var followsOffsetDifferences: Bool { following.carrying }

    /// Forgets corrections and scrolls to items: the next ``scrollMeasuring(to:)`` goes to
    /// its offset as given (a replay's next pass, starting the trace over). Measuring, if
    /// it is, goes on.
    public mutating func resetOffsetFollowing() { following = OffsetFollowing() }

    /// The anchor policy while measuring, `nil` otherwise.
    public var anchorPolicy: AnchorPolicy? { measuring?.anchor }

    /// What the frames did since measuring started, `nil` when not measuring.
    public var measurementSummary: MeasurementSummary? { measuring?.summary }

    /// What the last measuring frame did, `nil` when not measuring.
    public var lastMeasuringFrame: MeasuringFrame? { measuring?.lastFrame }

    /// Whether item `path` has been measured since measuring started (`false` when not
    /// measuring or the path does not exist).
    public func isMeasured(_ path: ItemPath) -> Bool {
        guard let measuring, let flat = data.flatIndex(of: path), flat < measuring.truth.count else { return false }
        return measuring.isMeasured(flat)
    }

    /// One measuring frame: ``scroll(to:)`` as asked, then the cells loaded and not yet
    /// measured are measured and told to the layout as one `DataEdit.setItemSizes`
    /// batch, the offset is corrected by the anchor's shift (clamped to the content's
    /// ends), and the viewport scrolls again to the corrected offset. Cells that the second
    /// scroll loads unmeasured are measured next frame. Not measuring, it is
    /// ``scroll(to:)``.
    ///
    /// Offsets: until a correction has been made, each frame goes to `offset` as given;
    /// after, the view moves by the difference between `offset` and the offset the last
    /// frame was asked for (as a finger drags by a delta), clamped to
    /// `0 … max(0, contentHeight − height)`, so that corrections carry into every later
    /// frame. Only y is corrected; x is always as given. A non-finite coordinate keeps its
    /// previous value, as in ``scroll(to:)``. A scroll to an item
    /// (``scrollMeasuring(toItem:position:maxRounds:)``) moves the view as a correction does,
    /// measuring or not: the offsets asked for after it move the view by their differences
    /// from the last one asked before it.
    ///
    /// - Returns: the frame's report: the entered, left and created counts of both scrolls
    ///   added up (a cell loaded only to be measured counts as entered and left), the digest
    ///   of the final set. ``lastMeasuringFrame`` says what was measured and corrected.
    /// - Complexity: ``scroll(to:)``, plus O(k) for k loaded elements; on a frame that
    ///   measures, the layout's prepare told the batch and a second ``scroll(to:)``. The
    ///   viewport's own part allocates nothing once its batch and screen buffers have grown
    ///   (the data's sizes are written in place; shared with a layout that keeps the data,
    ///   they are copied by the first write).
    ///
    /// Inlinable, so that its scroll runs specialised for the layout's type in the caller's
    /// module, as ``scroll(to:)`` does; the measuring around it is compiled once.
    @inlinable
    @discardableResult
    public mutating func scrollMeasuring(to requested: Point) -> FrameReport {
        guard measuring != nil else {
            guard following.carrying else { return scroll(to: requested) }
            return scroll(to: followedTarget(requested))
        }
        let target = followedTarget(requested)
        noteFirstMeasuringFrame()
        let report = scroll(to: target)
        return finishMeasuring(report)
    }

    /// Where a frame asked for `requested` scrolls first: `requested` (its non-finite
    /// coordinates replaced by the last frame's), or, once the view was moved other than as
    /// asked, the last offset moved by the difference from the last frame's request, clamped
    /// to the content. Remembers the request.
    @usableFromInline
    mutating func followedTarget(_ requested: Point) -> Point {
        let last = following.lastRequested
        let asked = Point(x: requested.x.isFinite ? requested.x : last.x, y: requested.y.isFinite ? requested.y : last.y)
        var target = asked
        if following.carrying {
            target.y = clampedY(offset.y + (asked.y - last.y))
        }
        following.lastRequested = asked
        return target
    }

    /// At the first frame since measuring started, records the content height at the
    /// estimates.
    @usableFromInline
    mutating func noteFirstMeasuringFrame() {
        guard var m = measuring, !m.started else { return }
        measuring = nil
        m.started = true
        m.summary.estimatedHeight = layout.contentSize.height
        measuring = m
    }

    /// The rest of a measuring frame, once the first scroll made `report`: measures the
    /// loaded cells not yet measured, tells the layout, corrects the offset and scrolls again,
    /// then follows the screen. Returns the frame's report.
    @usableFromInline
    mutating func finishMeasuring(_ report: FrameReport) -> FrameReport {
        guard var m = measuring else { return report }
        measuring = nil
        defer { measuring = m }
        var report = report
        let first = offset
        m.lastFrame = MeasuringFrame()
        collectUnmeasured(&m)
        var correction = 0.0
        if !m.batch.isEmpty, tell(&m) {
            var corrected = first.y
            if let anchor = m.anchoredCell {
                corrected = anchoredOffset(anchor, now: anchor.path, lastVisible: m.anchor == .lastVisible, from: first.y)
                correction = corrected - first.y
            }
            if correction != 0 { following.carrying = true }
            m.summary.countCorrection(correction)
            m.lastFrame.correction = correction
            let second = scroll(to: Point(x: first.x, y: corrected))
            report = FrameReport(
                entered: report.entered + second.entered, left: report.left + second.left,
                created: report.created + second.created, digest: second.digest)
        }
        m.summary.finalHeight = layout.contentSize.height
        // A batch update since the last frame (`applyMeasuring`) may have corrected too.
        m.followScreen(state.elements, visible: visibleRect, correction: correction + m.pendingCorrection)
        m.pendingCorrection = 0
        return report
    }

    /// `y` clamped to the content's ends: `0 … max(0, contentHeight − height)`.
    func clampedY(_ y: Double) -> Double {
        min(max(y, 0), max(0, layout.contentSize.height - size.height))
    }

    /// The offset that keeps `anchor` (a cell's top, or its bottom when `lastVisible`, on
    /// the content before a change) where it was on screen: `offsetY` moved by how far
    /// that edge of the cell, now at `path`, moved, clamped to the content's ends;
    /// `offsetY` itself when the cell did not move or is gone. Written once for the three
    /// corrections: a measurement's, a batch update's while measuring and an anchored
    /// edit's.
    /// - Complexity: one `GridLayout.attributes(at:)`.
    func anchoredOffset(_ anchor: (path: ItemPath, edge: Double), now path: ItemPath, lastVisible: Bool, from offsetY: Double) -> Double {
        guard let frame = layout.attributes(at: path)?.frame else { return offsetY }
        let shift = (lastVisible ? frame.maxY : frame.minY) - anchor.edge
        guard shift != 0, shift.isFinite else { return offsetY }
        return clampedY(offsetY + shift)
    }

    /// Fills `m`'s batch with the loaded cells not yet measured, at their true sizes, and
    /// finds the anchor among the loaded cells as they are now.
    private func collectUnmeasured(_ m: inout Measuring) {
        if !m.batch.isEmpty { m.batch.removeAll(keepingCapacity: true) }
        if !m.previous.isEmpty { m.previous.removeAll(keepingCapacity: true) }
        m.anchoredCell = nil
        let elements = state.elements
        let visible = visibleRect
        // The anchor: the first (last) fully visible cell, or else, when no cell fits on
        // screen whole, the first (last) cell the screen shows.
        var choice = AnchorChoice(lastVisible: m.anchor == .lastVisible)
        var index = 0
        while index < elements.count {
            let element = elements[index]
            index += 1
            let attributes = element.attributes
            guard attributes.kind == .cell else { continue }
            let path = attributes.path
            if let flat = data.flatIndex(of: path), flat < m.truth.count, !m.isMeasured(flat) {
                m.batch.append(SizedItem(path: path, size: m.truth[flat]))
                m.previous.append(data.itemSizes?[flat] ?? m.truth[flat])
            }
            guard m.anchor != .keepsOffset, !element.pinned else { continue }
            choice.consider(attributes, visible: visible)
        }
        m.anchoredCell = choice.anchored
    }

    /// Writes `m`'s batch into the data in place and tells the layout. Returns `false`,
    /// the viewport unchanged, when the layout refuses it (the items stay unmeasured).
    private mutating func tell(_ m: inout Measuring) -> Bool {
        do {
            try data.setItemSizes(m.batch)
        } catch {
            return false
        }
        let lanesBefore = layout.laneChanges
        do {
            try prepareInPlace(data: data, size: size, invalidation: .edited(.setItemSizes(m.batch)))
        } catch {
            var index = 0
            while index < m.batch.count {
                m.batch[index].size = m.previous[index]
                index += 1
            }
            try? data.setItemSizes(m.batch)
            // A prepare that failed after the layout took the batch (its margin) left the
            // layout prepared for the measured sizes: prepared again for the data as it was.
            try? layout.prepare(data: data, container: size)
            return false
        }
        var index = 0
        while index < m.batch.count {
            if let flat = data.flatIndex(of: m.batch[index].path) { m.markMeasured(flat) }
            index += 1
        }
        m.summary.measurementFrames += 1
        m.summary.itemsMeasured += m.batch.count
        if let before = lanesBefore, let after = layout.laneChanges, let counted = m.summary.laneChanges {
            m.summary.laneChanges = counted + max(0, after - before)
        }
        m.lastFrame.measured = m.batch.count
        return true
    }

    /// Whether `a` and `b` have the same item counts, section by section.
    static func sameCounts(_ a: DataShape, _ b: DataShape) -> Bool {
        guard a.sectionCount == b.sectionCount, a.totalItems == b.totalItems else { return false }
        var section = 0
        while section < a.sectionCount {
            if a.itemCount(inSection: section) != b.itemCount(inSection: section) { return false }
            section += 1
        }
        return true
    }
}
