import GridCore

/// The parts of a loaded rect that the previous frame's did not cover, as at most four
/// rects to query: what an incremental frame asks the layout for. Made with a
/// ``Clearance``, it leaves out the sides where the layout was seen to begin no element,
/// and reaches on beyond the rect (``lookahead``) on the sides it asks for.
///
/// For a new rect `N` that meets the old one `O`, `N \ O` is covered by a band above `O`
/// and one beneath it (each as wide as `N`) and, between them, a band left of `O` and one
/// right of it. A vertical scroll needs one strip, a diagonal drag two. Each strip is grown
/// by ``pad`` on every side, so that rounding in `origin + size` can never leave out an
/// element on a strip's edge; the viewport keeps only the answers that meet `N` and not
/// `O`, with the very rects a full query uses, so the padding changes nothing but the
/// work.
@usableFromInline
struct Strips: Sendable {
    /// How far each strip is grown on every side, in points: a point, plus a little for
    /// coordinates so large that a point is within their rounding.
    static func pad(_ rect: Rect) -> Double {
        // Two-argument `max`s: the variadic one builds an array.
        1 + 1e-9 * max(max(abs(rect.minX), abs(rect.maxX)), max(abs(rect.minY), abs(rect.maxY)))
    }

    /// How many rects to query.
    @usableFromInline private(set) var count = 0
    /// The previous frame's loaded rect, for an incremental frame; `nil` when the one rect
    /// is the whole loaded rect.
    @usableFromInline private(set) var previous: Rect?
    private var first = Strips.empty, second = Strips.empty, third = Strips.empty, fourth = Strips.empty
    /// The sides queried with a look-ahead (``Side``), whose answers show a new stretch of
    /// ``Clearance``.
    private(set) var looksAhead: UInt8 = 0
    /// How far the strips reach beyond the new rect, down and up, and right and left.
    private(set) var aheadY = 0.0, aheadX = 0.0
    /// The rows the side strips cover: where the new rect and the old one overlap along y.
    private(set) var low = 0.0, high = 0.0

    /// The sides of the new rect, as bits of ``looksAhead``.
    enum Side {
        static var below: UInt8 { 1 }
        static var above: UInt8 { 2 }
        static var right: UInt8 { 4 }
        static var left: UInt8 { 8 }
    }

    /// How far a strip reaches beyond the new rect, as a share of the rect's extent on each
    /// axis (along the strip's axis, and either side across it): an eighth of a loaded rect
    /// is a row or more of most layouts, so that one answer usually shows where the next
    /// row begins.
    static var lookahead: Double { 0.125 }

    /// (Computed: a stored `static let` costs a `swift_once` check on every use.)
    private static var empty: Rect { Rect(x: 0, y: 0, width: 0, height: 0) }

    /// The strips covering `new` outside `old`; `new` and `old` must intersect.
    /// - Complexity: O(1).
    init(of new: Rect, outside old: Rect) {
        self.init(of: new, outside: old, clearance: nil)
    }

    /// The strips covering `new` outside `old` (which must intersect it) that `clearance`
    /// does not show empty of entering elements, each reaching ``lookahead`` of `new`'s
    /// extent beyond `new`, along its axis and across it, so that its answers show the next
    /// stretch (see ``Clearance``), and a drag that also moves across keeps it.
    /// With no clearance, the strips of ``init(of:outside:)``: nothing skipped, no
    /// look-ahead.
    /// - Complexity: O(1).
    init(of new: Rect, outside old: Rect, clearance: Clearance?) {
        previous = old
        let pad = Self.pad(new)
        let low = max(new.minY, old.minY), high = min(new.maxY, old.maxY)
        self.low = low
        self.high = high
        let looks = clearance != nil
        if looks {
            aheadY = new.height * Self.lookahead
            aheadX = new.width * Self.lookahead
        }
        if new.minY < old.minY && !(clearance?.clearsAbove(old: old, new: new) ?? false) {
            add(minX: new.minX - aheadX, maxX: new.maxX + aheadX, minY: new.minY - aheadY, maxY: old.minY, pad: pad)
            if looks { looksAhead |= Side.above }
        }
        if new.maxY > old.maxY && !(clearance?.clearsBelow(old: old, new: new) ?? false) {
            add(minX: new.minX - aheadX, maxX: new.maxX + aheadX, minY: old.maxY, maxY: new.maxY + aheadY, pad: pad)
            if looks { looksAhead |= Side.below }
        }
        if new.minX < old.minX && !(clearance?.clearsLeft(old: old, new: new, low: low, high: high) ?? false) {
            add(minX: new.minX - aheadX, maxX: old.minX, minY: low - aheadY, maxY: high + aheadY, pad: pad)
            if looks { looksAhead |= Side.left }
        }
        if new.maxX > old.maxX && !(clearance?.clearsRight(old: old, new: new, low: low, high: high) ?? false) {
            add(minX: old.maxX, maxX: new.maxX + aheadX, minY: low - aheadY, maxY: high + aheadY, pad: pad)
            if looks { looksAhead |= Side.right }
        }
    }

    /// Makes the strips one: their bounding box.
    mutating func mergeIntoOne() {
        guard count > 1 else { return }
        var minX = first.minX, maxX = first.maxX, minY = first.minY, maxY = first.maxY
        var index = 1
        while index < count {
            let strip = self[index]
            minX = min(minX, strip.minX)
            maxX = max(maxX, strip.maxX)
            minY = min(minY, strip.minY)
            maxY = max(maxY, strip.maxY)
            index += 1
        }
        first = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        count = 1
    }

    /// The whole of `rect`: a full frame.
    init(whole rect: Rect) {
        first = rect
        count = 1
    }

    private mutating func add(minX: Double, maxX: Double, minY: Double, maxY: Double, pad: Double) {
        let rect = Rect(x: minX - pad, y: minY - pad, width: maxX - minX + 2 * pad, height: maxY - minY + 2 * pad)
        switch count {
        case 0: first = rect
        case 1: second = rect
        case 2: third = rect
        default: fourth = rect
        }
        count += 1
    }

    /// The strip at `index`, `0 ..< count`.
    @usableFromInline
    subscript(index: Int) -> Rect {
        switch index {
        case 0: first
        case 1: second
        case 2: third
        default: fourth
        }
    }
}
