import GridCore

/// What the last strips' answers showed of the layout beyond a loaded rect: on each side, a
/// stretch in which no element begins, so that a frame whose new strip on that side lies
/// within it needs no query there at all.
///
/// A strip is queried with a look-ahead (``Strips/lookahead`` of the loaded rect's extent
/// on each axis) beyond the loaded rect, and as far either side across. By law 1 the layout
/// answers every element that meets the padded strip, so among the elements overlapping the
/// strip's cross range, the answer holds every one that begins within the look-ahead: the
/// nearest such beginning (or the look-ahead's end) closes a stretch where none begins. The
/// next frames' strips on that side ask nothing while their entering range lies in it, and
/// the cross range reaching past the loaded rect keeps a stretch good while a drag also
/// moves across by less than the look-ahead. Most frames of a scroll then make no layout
/// query: at 120 Hz a frame moves a few points, and a new row begins every few frames. (A
/// layout whose queries scan everything is asked as before, with neither.)
///
/// Every stretch says something of the layout alone, whatever is loaded; the viewport
/// forgets them all whenever the layout, its data or its container change.
struct Clearance: Sendable {
    /// A stretch along one axis, `[from, to)` of elements' minimum coordinate for the sides
    /// after the rect (below, right), `(from, to]` of their maximum for the sides before it
    /// (above, left), among the elements overlapping `crossMin ..< crossMax` on the other
    /// axis.
    struct Stretch: Sendable {
        var from: Double
        var to: Double
        var crossMin: Double
        var crossMax: Double

        /// Whether `[minCross, maxCross]` lies within the stretch's cross range.
        @inline(__always)
        func spans(_ minCross: Double, _ maxCross: Double) -> Bool {
            minCross >= crossMin && maxCross <= crossMax
        }
    }

    /// No element overlapping the cross range has its `minY` in `[from, to)`.
    var below: Stretch?
    /// No element overlapping the cross range has its `maxY` in `(from, to]`.
    var above: Stretch?
    /// No element overlapping the cross range has its `minX` in `[from, to)`.
    var right: Stretch?
    /// No element overlapping the cross range has its `maxX` in `(from, to]`.
    var left: Stretch?

    /// Whether nothing can enter `new` from below `old`: every element that does begins at
    /// a `minY` in `[old.maxY, new.maxY)`, and overlaps `new` across.
    func clearsBelow(old: Rect, new: Rect) -> Bool {
        guard let s = below else { return false }
        return old.maxY >= s.from && new.maxY <= s.to && s.spans(new.minX, new.maxX)
    }

    /// Whether nothing can enter `new` from above `old`: every element that does ends at a
    /// `maxY` in `(new.minY, old.minY]`.
    func clearsAbove(old: Rect, new: Rect) -> Bool {
        guard let s = above else { return false }
        return new.minY >= s.from && old.minY <= s.to && s.spans(new.minX, new.maxX)
    }

    /// Whether nothing can enter `new` from right of `old` within the rows `low ... high`:
    /// every element that does begins at a `minX` in `[old.maxX, new.maxX)`.
    func clearsRight(old: Rect, new: Rect, low: Double, high: Double) -> Bool {
        guard let s = right else { return false }
        return old.maxX >= s.from && new.maxX <= s.to && s.spans(low, high)
    }

    /// Whether nothing can enter `new` from left of `old` within the rows `low ... high`:
    /// every element that does ends at a `maxX` in `(new.minX, old.minX]`.
    func clearsLeft(old: Rect, new: Rect, low: Double, high: Double) -> Bool {
        guard let s = left else { return false }
        return new.minX >= s.from && old.minX <= s.to && s.spans(low, high)
    }

    /// The stretches the answers to `strips` (queried for `new`) show, for the sides
    /// `strips` looked ahead on, replacing what was known there.
    ///
    /// Each stretch starts at `new`'s edge and ends at the look-ahead's end or at the
    /// nearest edge of an answer beyond `new`, whichever comes first. Answers of other
    /// strips count too: they can only bring an end nearer, never claim too much.
    /// - Complexity: O(a) for the a answers.
    mutating func learn(from answers: UnsafeMutableBufferPointer<LayoutAttributes>, strips: Strips, new: Rect) {
        let looks = strips.looksAhead
        guard looks != 0 else { return }
        let minX = new.minX, maxX = new.maxX, minY = new.minY, maxY = new.maxY
        var belowEnd = maxY + strips.aheadY, aboveEnd = minY - strips.aheadY
        var rightEnd = maxX + strips.aheadX, leftEnd = minX - strips.aheadX
        var index = 0
        while index < answers.count {
            let frame = answers[index].frame
            let fMinY = frame.minY, fMaxY = frame.maxY, fMinX = frame.minX, fMaxX = frame.maxX
            if fMinY >= maxY && fMinY < belowEnd { belowEnd = fMinY }
            if fMaxY <= minY && fMaxY > aboveEnd { aboveEnd = fMaxY }
            if fMinX >= maxX && fMinX < rightEnd { rightEnd = fMinX }
            if fMaxX <= minX && fMaxX > leftEnd { leftEnd = fMaxX }
            index += 1
        }
        if looks & Strips.Side.below != 0 {
            below = Stretch(from: maxY, to: belowEnd, crossMin: minX - strips.aheadX, crossMax: maxX + strips.aheadX)
        }
        if looks & Strips.Side.above != 0 {
            above = Stretch(from: aboveEnd, to: minY, crossMin: minX - strips.aheadX, crossMax: maxX + strips.aheadX)
        }
        if looks & Strips.Side.right != 0 {
            right = Stretch(from: maxX, to: rightEnd, crossMin: strips.low - strips.aheadY, crossMax: strips.high + strips.aheadY)
        }
        if looks & Strips.Side.left != 0 {
            left = Stretch(from: leftEnd, to: minX, crossMin: strips.low - strips.aheadY, crossMax: strips.high + strips.aheadY)
        }
    }
}
