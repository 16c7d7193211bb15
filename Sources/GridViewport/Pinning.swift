import GridCore

/// A prepared layout's pin rules, resolved for a viewport: the elements pinned until the
/// next one pushes them out (section headers), and the frozen bands (a data grid's header
/// row and column, its corner).
struct Pinning {
    /// One list per ``GridCore/PinRule/Reach/untilNext`` rule.
    var untilNext: [PinnedHeaders] = []
    /// The kinds pinned until the next: a rect query's answers of these kinds are dropped,
    /// and their pinned frames added instead.
    var untilNextKinds = ElementKinds()
    /// When section headers pin along y by binary search over the layout's own answers
    /// (``OrderedHeaders``), the layout declaring them in order: the data's section count
    /// and the content's height, which the search is reset with. The headers are then in no
    /// list of ``untilNext``.
    var orderedSectionHeaders: (sections: Int, contentEnd: Double)?
    /// Whether section headers pin by ``orderedSectionHeaders``.
    var ordersSectionHeaders: Bool { orderedSectionHeaders != nil }
    /// The frozen bands, when there are any.
    var bands: FrozenBands?
    /// Every kind some rule pins: an answer of another kind is never pinned, which a
    /// frame's merge checks first, cheaply, for every element.
    private(set) var pinnedKinds = ElementKinds()

    /// No pinning.
    init() {}

    /// The rules of `traits`, those of `layout` prepared with `data` (asked for once by the
    /// caller: a layout may build its traits anew on every call). `sectionHeaders` overrides the
    /// rule for section headers: `false` drops it, `true` adds it when missing.
    ///
    /// - Complexity: O(P) for the P elements of the until-next rules, O(1) for section
    /// headers declared in order (``GridCore/LayoutTraits/sectionHeadersInOrder``) and for bands.
    init<Layout: GridLayout>(layout: Layout, traits: LayoutTraits, data: DataShape, sectionHeaders: Bool?) {
        var rules = traits.pinning
        switch sectionHeaders {
        case .some(false): rules.removeAll { $0 == .sectionHeaders }
        case .some(true) where !rules.contains(.sectionHeaders): rules.append(.sectionHeaders)
        default: break
        }
        var bandRules: [PinRule] = []
        for rule in rules {
            switch rule.reach {
            case .untilNext where rule == .sectionHeaders && traits.sectionHeadersInOrder
                && (traits.supplementaryPaths(of: .sectionHeader)?.space ?? .perSection) == .perSection:
                orderedSectionHeaders = (data.sectionCount, layout.contentSize.height)
                untilNextKinds.insert(ElementKinds(rule.kind))
            case .untilNext:
                untilNext.append(PinnedHeaders(
                    layout: layout, data: data, kind: rule.kind, axis: rule.axis, space: traits.supplementaryPaths(of: rule.kind)?.space))
                untilNextKinds.insert(ElementKinds(rule.kind))
            case .band:
                bandRules.append(rule)
            }
        }
        if !bandRules.isEmpty { bands = FrozenBands(rules: bandRules, content: layout.contentSize) }
        pinnedKinds = untilNextKinds.union(bands?.kinds ?? ElementKinds())
    }

    /// Whether section headers pin.
    var pinsSectionHeaders: Bool { ordersSectionHeaders || untilNext.contains { $0.kind == .sectionHeader && $0.axis == .vertical } }

    /// The section headers' list, when they pin along y.
    var sectionHeaders: PinnedHeaders? { untilNext.first { $0.kind == .sectionHeader && $0.axis == .vertical } }

    /// Whether a rect query's answer `element` is shown elsewhere when pinned, and so left
    /// out of the loaded set at its layout frame.
    @inline(__always)
    func isPinned(_ element: LayoutAttributes) -> Bool {
        let raw = element.kind.rawValue
        if untilNextKinds.contains(kindRaw: raw) { return true }
        // Read in place: binding the bands to a local would copy (and retain) their arrays
        // once per element.
        return (bands?.kinds.contains(kindRaw: raw) ?? false) && bands?.membership(element).isEmpty == false
    }
}

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
