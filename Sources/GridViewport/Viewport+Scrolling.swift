import GridCore

extension Viewport {
    /// Scrolls to `offset` and updates the loaded set: one frame, the hot path.
    ///
    /// The layout is queried for ``loadedRect``; elements its pin rules pin are shown at
    /// their pinned frames (frozen bands are found with one more rect query per class:
    /// pinned vertically, horizontally, or both); the new set is diffed against the old by
    /// ``ElementID``. Leaving elements return their
    /// tiles to their pools first, then entering elements take tiles from their pools, and a
    /// tile is created only when a pool is empty. Elements that stay keep their tile and get
    /// their attributes refreshed from this frame's query.
    ///
    /// A non-finite coordinate (NaN or ±∞) is ignored: that coordinate keeps its previous
    /// value, so a corrupt sample in a trace costs one ordinary frame, never a trap and
    /// never an unload of every tile.
    ///
    /// - Returns: how many elements entered and left, how many tiles were created, and the
    ///   digest of the new loaded set.
    /// - Complexity: the layout's rect query, plus O(k) for k elements in the old and new
    ///   sets (O(k log k) if the layout answers out of ID order), plus O(log S + p) to pin p
    ///   headers. No heap allocation once the buffers have grown to the largest loaded set.
    @discardableResult
    public mutating func scroll(to offset: Point) -> FrameReport {
        self.offset = Point(
            x: offset.x.isFinite ? offset.x : self.offset.x,
            y: offset.y.isFinite ? offset.y : self.offset.y)
        let rect = loadedRect
        state.query.removeAll(keepingCapacity: true)
        layout.elements(in: rect, into: &state.query)
        state.pinnedBuffer.removeAll(keepingCapacity: true)
        if let bands = state.pinning.bands {
            var member: UInt8 = 1
            while member <= 3 {
                let occurs = member == 3 ? bands.classes & 4 != 0 : bands.classes & member != 0
                if occurs, let natural = bands.queryRect(member: member, loaded: rect, offset: self.offset) {
                    state.scratch.removeAll(keepingCapacity: true)
                    layout.elements(in: natural, into: &state.scratch)
                    bands.collect(state.scratch, member: member, loaded: rect, offset: self.offset, into: &state.pinnedBuffer)
                }
                member += 1
            }
        }
        return state.commit(rect: rect, offset: self.offset)
    }
}
