import GridCore

/// The parts of a loaded rect that the previous frame's did not cover, as at most four
/// rects to query: what an incremental frame asks the layout for.
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

    /// (Computed: a stored `static let` costs a `swift_once` check on every use.)
    private static var empty: Rect { Rect(x: 0, y: 0, width: 0, height: 0) }

    /// The strips covering `new` outside `old`; `new` and `old` must intersect.
    /// - Complexity: O(1).
    init(of new: Rect, outside old: Rect) {
        previous = old
        let pad = Self.pad(new)
        if new.minY < old.minY {
            add(minX: new.minX, maxX: new.maxX, minY: new.minY, maxY: old.minY, pad: pad)
        }
        if new.maxY > old.maxY {
            add(minX: new.minX, maxX: new.maxX, minY: old.maxY, maxY: new.maxY, pad: pad)
        }
        let low = max(new.minY, old.minY), high = min(new.maxY, old.maxY)
        if new.minX < old.minX {
            add(minX: new.minX, maxX: old.minX, minY: low, maxY: high, pad: pad)
        }
        if new.maxX > old.maxX {
            add(minX: old.maxX, maxX: new.maxX, minY: low, maxY: high, pad: pad)
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
