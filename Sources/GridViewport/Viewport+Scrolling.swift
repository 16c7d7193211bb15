import GridCore

extension Viewport {
    /// Scrolls to `offset` and updates the loaded set: one frame, the hot path.
    ///
    /// The layout is queried for ``loadedRect``; elements its pin rules pin are shown at
    /// their pinned frames (frozen bands are found with one more rect query per class:
    /// pinned vertically, horizontally, or both); the new set is diffed against the old by
    /// `ElementID`. Leaving elements return their
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
    ///
    /// Inlinable, so that it runs specialised for the layout's type in the caller's module
    /// (unspecialised, every frame would look up the viewport's type metadata); the work
    /// that does not depend on the layout's type is `LoadedSet`'s, compiled once.
    @inlinable
    @discardableResult
    public mutating func scroll(to offset: Point) -> FrameReport {
        lastOffset = Point(
            x: offset.x.isFinite ? offset.x : lastOffset.x,
            y: offset.y.isFinite ? offset.y : lastOffset.y)
        let rect = loadedRect
        let plan = state.plan(rect, incremental: scrollsIncrementally)
        var index = 0
        while index < plan.count {
            layout.elements(in: plan[index], into: &state.query)
            index += 1
        }
        if state.hasBands {
            var next: BandMembership? = .vertical
            while let member = next {
                if let natural = state.bandQueryRect(member: member, loaded: rect, offset: lastOffset) {
                    let band = state.planBand(member: member, natural: natural, incremental: plan.previous != nil)
                    var strip = 0
                    while strip < band.count {
                        layout.elements(in: band[strip], into: &state.scratch)
                        strip += 1
                    }
                    state.collectBand(member: member, plan: band, natural: natural, loaded: rect, offset: lastOffset)
                } else {
                    state.forgetBand(member: member)
                }
                next = member.nextClass
            }
        }
        if state.ordersSectionHeaders {
            state.orderedHeaders.appendPinned(layout, in: rect, at: lastOffset, into: &state.pinnedBuffer)
        }
        return state.finish(plan, rect: rect, offset: lastOffset)
    }
}
