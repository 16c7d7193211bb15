import GridCore

/// The frozen bands of a layout's ``GridCore/PinRule/Reach/band(start:end:)`` rules.
///
/// An element of a kind with a band along an axis, lying within that band, is *in* it. At
/// offset `o` along the axis the band moves by `shift = clamp(o − start, 0, contentEnd −
/// end)`, and so do its elements; an element in a band on each axis (a corner) moves on
/// both. The viewport finds the pinned elements that meet its loaded rect `L` with one rect
/// query per class of membership (vertical only, horizontal only, both): the natural rect
/// whose shifted image is `L`, cut to the bands.
struct FrozenBands {
    struct Band {
        var kinds: ElementKinds
        var start: Double
        var end: Double
        /// The content's end along the band's axis.
        var limit: Double
    }

    /// Bands along y and along x.
    private(set) var vertical: [Band] = []
    private(set) var horizontal: [Band] = []
    /// Every kind with a band.
    private(set) var kinds = ElementKinds()
    /// The kinds with a band along y, along x, and along both: which of them are empty says
    /// which membership classes cannot occur (``occurs(_:)``).
    private var verticalKinds = ElementKinds(), horizontalKinds = ElementKinds(), cornerKinds = ElementKinds()
    /// The furthest end of any band along y, and along x: an element reaching past both is
    /// in no band.
    private(set) var verticalReach = -Double.infinity, horizontalReach = -Double.infinity

    init(rules: [PinRule], content: Size) {
        for rule in rules {
            guard case .band(let start, let end) = rule.reach else { continue }
            if rule.axis == .vertical {
                vertical.append(Band(kinds: ElementKinds(rule.kind), start: start, end: end, limit: content.height))
                verticalKinds.insert(ElementKinds(rule.kind))
            } else {
                horizontal.append(Band(kinds: ElementKinds(rule.kind), start: start, end: end, limit: content.width))
                horizontalKinds.insert(ElementKinds(rule.kind))
            }
        }
        kinds = verticalKinds.union(horizontalKinds)
        for band in vertical { verticalReach = max(verticalReach, band.end) }
        for band in horizontal { horizontalReach = max(horizontalReach, band.end) }
        cornerKinds = verticalKinds.intersection(horizontalKinds)
    }

    /// Takes the bands of `rules` over `content` in place, when the rules are bands of the
    /// same kinds along the same axes in the same order as those it holds (a span grid's
    /// frozen rows after a keystroke: only where they end and the content's ends move), and
    /// returns `true`; otherwise changes nothing and returns `false`.
    /// - Complexity: O(b) for b rules. No allocation: the arrays are written in place.
    mutating func update(rules: [PinRule], content: Size) -> Bool {
        var v = 0, h = 0, index = 0
        while index < rules.count {  // first check every rule, then write
            let rule = rules[index]
            index += 1
            guard case .band = rule.reach else { return false }
            if rule.axis == .vertical {
                guard v < vertical.count, vertical[v].kinds == ElementKinds(rule.kind) else { return false }
                v += 1
            } else {
                guard h < horizontal.count, horizontal[h].kinds == ElementKinds(rule.kind) else { return false }
                h += 1
            }
        }
        guard v == vertical.count, h == horizontal.count else { return false }
        (v, h, index) = (0, 0, 0)
        verticalReach = -Double.infinity
        horizontalReach = -Double.infinity
        while index < rules.count {
            let rule = rules[index]
            index += 1
            guard case .band(let start, let end) = rule.reach else { continue }
            if rule.axis == .vertical {
                vertical[v].start = start
                vertical[v].end = end
                vertical[v].limit = content.height
                verticalReach = max(verticalReach, end)
                v += 1
            } else {
                horizontal[h].start = start
                horizontal[h].end = end
                horizontal[h].limit = content.width
                horizontalReach = max(horizontalReach, end)
                h += 1
            }
        }
        return true
    }

    /// Whether an element can be in bands of exactly the class `member`, by the kinds' rules:
    /// a class no kind can be in is never queried.
    func occurs(_ member: BandMembership) -> Bool {
        switch member {
        case .vertical: !verticalKinds.isEmpty
        case .horizontal: !horizontalKinds.isEmpty
        default: !cornerKinds.isEmpty
        }
    }

    /// The index of the band along an axis holding `element`, or −1.
    @inline(__always)
    private static func band(of element: LayoutAttributes, in bands: [Band], low: Double, high: Double) -> Int {
        var index = 0
        while index < bands.count {
            let band = bands[index]
            if band.kinds.contains(kindRaw: element.kind.rawValue) && low >= band.start && high <= band.end { return index }
            index += 1
        }
        return -1
    }

    /// The bands `element` is in: empty when in none.
    @inline(__always)
    func membership(_ element: LayoutAttributes) -> BandMembership {
        let f = element.frame
        // Most elements reach past every band on both axes: in none, without a band read.
        if f.maxY > verticalReach && f.maxX > horizontalReach { return BandMembership() }
        let inY = Self.band(of: element, in: vertical, low: f.minY, high: f.maxY) >= 0
        let inX = Self.band(of: element, in: horizontal, low: f.minX, high: f.maxX) >= 0
        return BandMembership(vertical: inY, horizontal: inX)
    }

    @inline(__always)
    private static func shift(_ band: Band, offset: Double) -> Double {
        PinRule.shift(offset: offset, start: band.start, end: band.end, limit: band.limit)
    }

    /// The natural rect to query for the elements of membership `member` (a class: vertical,
    /// horizontal or corner) that can be shown in `rect` at `offset`, or `nil` when none can.
    func queryRect(member: BandMembership, loaded rect: Rect, offset: Point) -> Rect? {
        var minX = rect.minX, maxX = rect.maxX, minY = rect.minY, maxY = rect.maxY
        if member.contains(.vertical) {
            guard let range = Self.naturalRange(vertical, low: rect.minY, high: rect.maxY, offset: offset.y) else { return nil }
            (minY, maxY) = range
        }
        if member.contains(.horizontal) {
            guard let range = Self.naturalRange(horizontal, low: rect.minX, high: rect.maxX, offset: offset.x) else { return nil }
            (minX, maxX) = range
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The union over `bands` of `[low − shift, high − shift) ∩ [start, end)`.
    private static func naturalRange(_ bands: [Band], low: Double, high: Double, offset: Double) -> (Double, Double)? {
        var lo = Double.infinity, hi = -Double.infinity
        var index = 0  // not `for … in`: a debug build allocates an iterator per frame
        while index < bands.count {
            let band = bands[index]
            index += 1
            let s = shift(band, offset: offset)
            let a = max(low - s, band.start), b = min(high - s, band.end)
            if a < b {
                lo = min(lo, a)
                hi = max(hi, b)
            }
        }
        return lo < hi ? (lo, hi) : nil
    }

    /// Appends the elements of `answer` whose membership is exactly `member`, shifted with
    /// their bands, that meet `rect`.
    func collect(_ answer: [LayoutAttributes], member: BandMembership, loaded rect: Rect, offset: Point, into buffer: inout [LayoutAttributes]) {
        var index = 0
        while index < answer.count {
            var element = answer[index]
            index += 1
            guard kinds.contains(kindRaw: element.kind.rawValue) else { continue }
            let f = element.frame
            let y = Self.band(of: element, in: vertical, low: f.minY, high: f.maxY)
            let x = Self.band(of: element, in: horizontal, low: f.minX, high: f.maxX)
            guard BandMembership(vertical: y >= 0, horizontal: x >= 0) == member else { continue }
            if y >= 0 { element.frame.origin.y += Self.shift(vertical[y], offset: offset.y) }
            if x >= 0 { element.frame.origin.x += Self.shift(horizontal[x], offset: offset.x) }
            if element.frame.intersects(rect) { buffer.append(element) }
        }
    }
}
