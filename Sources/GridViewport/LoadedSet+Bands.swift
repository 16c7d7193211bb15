import GridCore

// MARK: - Frozen bands

extension LoadedSet {
    /// The natural rect to query for the frozen-band elements of membership `member` that
    /// can show in `rect` at `offset` (see ``FrozenBands/queryRect(member:loaded:offset:)``),
    /// or `nil` when there are none to ask for.
    @usableFromInline
    func bandQueryRect(member: BandMembership, loaded rect: Rect, offset: Point) -> Rect? {
        guard let bands = pinning.bands else { return nil }
        return bands.occurs(member) ? bands.queryRect(member: member, loaded: rect, offset: offset) : nil
    }

    /// Starts the band query of membership `member` for the natural rect `natural`:
    /// empties ``scratch`` and says what to ask the layout for. Like ``plan(_:incremental:)``:
    /// when the last frame asked this member for a rect that meets `natural` and nothing has
    /// changed since, only the strips of `natural` outside it; otherwise `natural` whole.
    /// - Complexity: O(1).
    @usableFromInline
    mutating func planBand(member: BandMembership, natural: Rect, incremental: Bool) -> Strips {
        if !scratch.isEmpty { scratch.removeAll(keepingCapacity: true) }
        let slot = member.classIndex
        if incremental, let previous = bandRects[slot], previous.intersects(natural) {
            var strips = Strips(of: natural, outside: previous)
            if queriesOnce { strips.mergeIntoOne() }
            return strips
        }
        return Strips(whole: natural)
    }

    /// Finishes the band query `plan` started, once the layout has answered in ``scratch``:
    /// brings the member's natural answer up to date (incrementally: the old answers that
    /// still meet `natural`, plus the strips' answers that meet it and did not meet the old
    /// rect; otherwise the answer whole), then adds its elements of membership `member`,
    /// shifted with their bands, that meet `rect`, to ``pinnedBuffer``.
    /// - Complexity: O(b + e log e) for b answers kept and e answers of the strips.
    @usableFromInline
    mutating func collectBand(member: BandMembership, plan: Strips, natural: Rect, loaded rect: Rect, offset: Point) {
        let slot = member.classIndex
        // Three stored buffers, not an array of arrays: mutating an element of a nested
        // array in place is not guaranteed, and a copy would allocate.
        switch slot {
        case 0: Self.update(&bandAnswers0, with: &scratch, plan: plan, natural: natural)
        case 1: Self.update(&bandAnswers1, with: &scratch, plan: plan, natural: natural)
        default: Self.update(&bandAnswers2, with: &scratch, plan: plan, natural: natural)
        }
        bandRects[slot] = natural
        guard let bands = pinning.bands else { return }
        switch slot {
        case 0: bands.collect(bandAnswers0, member: member, loaded: rect, offset: offset, into: &pinnedBuffer)
        case 1: bands.collect(bandAnswers1, member: member, loaded: rect, offset: offset, into: &pinnedBuffer)
        default: bands.collect(bandAnswers2, member: member, loaded: rect, offset: offset, into: &pinnedBuffer)
        }
    }

    /// Brings `answers` (the layout's answer for the plan's previous rect) up to date for
    /// `natural` with the strips' answers in `strips`; for a whole query, takes `strips`.
    ///
    /// The answers are kept sorted by ID, so that the frozen bands' elements come out of
    /// ``FrozenBands/collect(_:member:loaded:offset:into:)`` in runs already in order and
    /// the pinned buffer's sort is a scan. (Left in the order they came, the answers of a
    /// drag that turns back are a shuffle after a few frames, and sorting ~50 of them each
    /// frame was a third of the timesheet's diagonal drag.)
    /// - Complexity: O(b + e·d) for b answers kept, e entering and d answers after each
    ///   entering one in ID order; O(b log b) at worst.
    private static func update(_ answers: inout [LayoutAttributes], with strips: inout [LayoutAttributes], plan: Strips, natural: Rect) {
        guard let previous = plan.previous else {
            // Copied, not swapped: each buffer keeps the capacity it grew to.
            if !answers.isEmpty { answers.removeAll(keepingCapacity: true) }
            var index = 0
            while index < strips.count {
                answers.append(strips[index])
                index += 1
            }
            sortByID(&answers)
            return
        }
        var kept = 0
        answers.withUnsafeMutableBufferPointer { a in
            var index = 0
            while index < a.count {
                if a[index].frame.intersects(natural) {
                    a[kept] = a[index]
                    kept += 1
                }
                index += 1
            }
        }
        answers.removeLast(answers.count - kept)
        var index = 0
        while index < strips.count {
            let element = strips[index]
            if element.frame.intersects(natural) && !element.frame.intersects(previous) { answers.append(element) }
            index += 1
        }
        guard answers.count > kept else { return }
        // The kept answers are in ID order still; the entering ones go in among them. Strips
        // overlap by their padding, so an element may have come twice.
        sortByID(&answers)
        removeDuplicates(&answers)
    }

    /// Forgets the member's last band answer: no band of it can show this frame.
    @usableFromInline
    mutating func forgetBand(member: BandMembership) {
        bandRects[member.classIndex] = nil
    }
}
