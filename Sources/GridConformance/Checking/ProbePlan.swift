import GridCore

/// Every query the suite asks of one prepared layout: probe rects (one of them covering
/// the whole content), item paths, supplementary requests, and which rects are the two
/// halves of which (law 7).
struct ProbePlan: Hashable, Sendable {
    typealias Role = ConformanceViolation.RectRole

    var rects: [Rect] = []
    var roles: [Role] = []
    /// The rect whose answer is taken as the full set of elements (law 1's brute force).
    var wholeIndex = 0
    var items: [ItemPath] = []
    var supplementary: [SupplementaryRequest] = []
    /// `(whole, first, second)` indices into `rects`: `first` and `second` are adjacent
    /// and their union is exactly `whole`.
    var splits: [Split] = []

    struct Split: Hashable, Sendable {
        var whole: Int
        var first: Int
        var second: Int
    }

    /// The margin around the content in the whole-content rect and the outside probes:
    /// a power of two, so that edges computed from it stay exact.
    static let margin = 64.0
    /// A rect far larger than any content.
    static let huge = Rect(x: -0x1p40, y: -0x1p40, width: 0x1p42, height: 0x1p42)
    /// At most this many distinct y values get boundary strips, and as many x values for a
    /// two-axis layout; a layout that scrolls only vertically gets strips at no more than
    /// ``maxColumnBoundaries`` x values.
    static let maxRowBoundaries = 8192
    /// As many, for a layout prepared a second time (law 6 and the laws on what it
    /// answers): its first preparation's configuration had every boundary probed.
    static let maxRowBoundariesAfterChange = 1024
    static let maxColumnBoundaries = 64
    /// For a layout that scrolls one way: crossings of this many column and row boundaries,
    /// and short strips at this many of each.
    static let oneAxisCrossingLines = 4
    static let oneAxisShortStrips = 16

    /// The plan laws 5 and 6 compare two layouts on: every query but the boundary strips and
    /// the rects at crossings, and at most `strips` of each, evenly chosen (the whole-content
    /// answer already holds every frame they could show); splits left out. With the rect
    /// indices kept.
    func forComparison(strips: Int = 64) -> (plan: ProbePlan, indices: [Int]) {
        let stripIndices = roles.indices.filter { if case .strip = roles[$0] { true } else { false } }
        let cornerIndices = roles.indices.filter { if case .corner = roles[$0] { true } else { false } }
        let kept = Set(Self.evenlyChosen(stripIndices, count: strips) + Self.evenlyChosen(cornerIndices, count: strips))
        let indices = rects.indices.filter { index in
            switch roles[index] {
            case .strip, .corner: kept.contains(index)
            default: true
            }
        }
        var plan = self
        plan.rects = indices.map { rects[$0] }
        plan.roles = indices.map { roles[$0] }
        plan.wholeIndex = indices.firstIndex(of: wholeIndex) ?? 0
        plan.splits = []
        return (plan, indices)
    }

    mutating func add(_ rect: Rect, _ role: Role) {
        rects.append(rect)
        roles.append(role)
    }

    /// The rect covering `(0, 0, contentSize)`, every frame in `frames`, and a margin around
    /// them; the huge rect when the content size is not finite and ≥ 0.
    ///
    /// The per-item answers' frames are covered too, so that a frame reaching outside the
    /// content size is reported under law 4 alone, not also as missing from the full set.
    static func wholeRect(contentSize: Size, covering frames: [Rect] = []) -> Rect {
        guard contentSize.isFinite, contentSize.width >= 0, contentSize.height >= 0 else { return huge }
        var (minX, minY, maxX, maxY) = (0.0, 0.0, contentSize.width, contentSize.height)
        for frame in frames where frame.isFinite && !frame.isEmpty {
            (minX, minY) = (min(minX, frame.minX), min(minY, frame.minY))
            (maxX, maxY) = (max(maxX, frame.maxX), max(maxY, frame.maxY))
        }
        guard max(-minX, -minY, maxX, maxY) < 0x1p39 else { return huge }
        return Rect(x: minX - margin, y: minY - margin, width: maxX - minX + 2 * margin, height: maxY - minY + 2 * margin)
    }

    /// The whole-content rect of a prepared layout: its content and every frame its per-item
    /// answers and its supplementary answers in the spaces it declares give.
    static func wholeRect(of layout: some GridLayout, data: DataShape) -> Rect {
        var frames: [Rect] = []
        frames.reserveCapacity(data.totalItems)
        for (section, count) in data.itemCounts.enumerated() {
            for item in 0 ..< count {
                if let answer = layout.attributes(at: ItemPath(section: section, item: item)) { frames.append(answer.frame) }
            }
        }
        for space in layout.traits.supplementaries {
            for path in pathsProbed(in: space.space, data: data) {
                if let answer = layout.supplementary(space.kind, at: path) { frames.append(answer.frame) }
            }
        }
        return wholeRect(contentSize: layout.contentSize, covering: frames)
    }

    // MARK: Items and supplementary requests

    /// Every path of the data in path order, then paths just beyond it: `(s, c_s)` for every
    /// section, `(S, 0)`, `(−1, 0)` and `(0, −1)`.
    static func itemProbes(_ data: DataShape) -> [ItemPath] {
        var paths: [ItemPath] = []
        paths.reserveCapacity(data.totalItems + data.sectionCount + 3)
        for (section, count) in data.itemCounts.enumerated() {
            for item in 0 ..< count { paths.append(ItemPath(section: section, item: item)) }
        }
        for (section, count) in data.itemCounts.enumerated() { paths.append(ItemPath(section: section, item: count)) }
        paths.append(ItemPath(section: data.sectionCount, item: 0))
        paths.append(ItemPath(section: -1, item: 0))
        paths.append(ItemPath(section: 0, item: -1))
        return paths
    }

    // MARK: The full plan

    /// The plan for a prepared layout whose whole-content answer and content size are
    /// known: the whole rect first, the huge rect, outside rects, zero-area rects, strips
    /// along every line where frames start or end, seeded random rects and their halves;
    /// for a two-axis layout, also short strips across every column boundary and small rects
    /// at crossings of row and column boundaries (see ``addCrossings(xs:ys:dx:dy:lines:shortStrips:)``).
    ///
    /// - Parameters:
    ///   - wholeRect: the rect whose answer, `whole`, is the full set of elements.
    ///   - supplementaries: the spaces the layout declares, for the supplementary requests.
    ///   - twoAxis: whether the layout scrolls sideways too (see ``isTwoAxis(scrollAxes:contentSize:container:)``).
    ///   - finiteOnly: leave out rects with NaN coordinates (for JSON files).
    ///   - extra: rects and splits to probe besides (a counterexample being shrunk).
    ///   - boundaries: at most this many distinct row boundaries (and column boundaries,
    ///     for a two-axis layout) get strips, evenly chosen.
    static func full(
        data: DataShape, container: Size, contentSize: Size, wholeRect: Rect, whole: [LayoutAttributes],
        seed: UInt64, randomRects: Int, supplementaries: [SupplementaryPaths] = SupplementaryPaths.sectionHeadersAndFooters,
        twoAxis: Bool = false, finiteOnly: Bool = false, extra: [ConformanceViolation.Subject] = [],
        boundaries: Int = ProbePlan.maxRowBoundaries
    ) -> ProbePlan {
        var plan = ProbePlan()
        plan.add(wholeRect, .wholeContent)
        plan.add(huge, .huge)
        for subject in extra {
            switch subject {
            case .rect(let rect, _):
                plan.add(rect, .given)
            case .split(let whole, let first, let second):
                let index = plan.rects.count
                plan.add(whole, .given)
                plan.add(first, .part)
                plan.add(second, .part)
                plan.splits.append(Split(whole: index, first: index + 1, second: index + 2))
            case .element, .elementPair, .contentSize, .declaredSupplementaries, .traits, .preparation:
                break
            }
        }

        let valid = whole.filter { $0.frame.isFinite && !$0.frame.isEmpty }
        let contentOK = contentSize.isFinite && contentSize.width >= 0 && contentSize.height >= 0
            && contentSize.width < 0x1p39 && contentSize.height < 0x1p39
        let w = contentOK ? contentSize.width : container.width
        let h = contentOK ? contentSize.height : max(container.height, 1)
        let m = margin

        // Outside the content: four rects touching its edges, two far away.
        plan.add(Rect(x: -m, y: -m, width: w + 2 * m, height: m), .outside)
        plan.add(Rect(x: -m, y: h, width: w + 2 * m, height: m), .outside)
        plan.add(Rect(x: -m, y: -m, width: m, height: h + 2 * m), .outside)
        plan.add(Rect(x: w, y: -m, width: m, height: h + 2 * m), .outside)
        plan.add(Rect(x: w + 0x1p20, y: h + 0x1p20, width: 100, height: 100), .outside)
        plan.add(Rect(x: -0x1p20, y: -0x1p20, width: 100, height: 100), .outside)

        let ys = distinctEdges(valid, vertical: true, limit: boundaries)
        let xs = distinctEdges(valid, vertical: false, limit: twoAxis ? boundaries : maxColumnBoundaries)

        // Zero area: lines along boundaries, points inside frames, degenerate rects.
        plan.add(Rect(x: 0, y: 0, width: 0, height: 0), .zeroArea)
        plan.add(Rect(x: -m, y: h / 2, width: w + 2 * m, height: 0), .zeroArea)
        plan.add(Rect(x: w / 2, y: -m, width: 0, height: h + 2 * m), .zeroArea)
        plan.add(Rect(x: 10, y: 10, width: -5, height: 20), .zeroArea)
        plan.add(Rect(x: 10, y: 10, width: 20, height: -5), .zeroArea)
        if !finiteOnly { plan.add(Rect(x: .nan, y: 0, width: w, height: h), .zeroArea) }
        for y in evenlyChosen(ys, count: 8) { plan.add(Rect(x: -m, y: y, width: w + 2 * m, height: 0), .zeroArea) }
        for x in evenlyChosen(xs, count: twoAxis ? 8 : 4) { plan.add(Rect(x: x, y: -m, width: 0, height: h + 2 * m), .zeroArea) }
        for element in valid.prefix(4) {
            let f = element.frame
            plan.add(Rect(x: f.minX + f.width / 2, y: f.minY + f.height / 2, width: 0, height: 0), .zeroArea)
        }

        // Strips on both sides of every line where a frame starts or ends.
        let dy = stripThickness(ys), dx = stripThickness(xs)
        for y in ys {
            plan.add(strip(endingAt: y, thickness: dy, vertical: true, from: -m, length: w + 2 * m), .strip(edge: .above, at: y))
            plan.add(Rect(x: -m, y: y, width: w + 2 * m, height: dy), .strip(edge: .below, at: y))
        }
        for x in xs {
            plan.add(strip(endingAt: x, thickness: dx, vertical: false, from: -m, length: h + 2 * m), .strip(edge: .left, at: x))
            plan.add(Rect(x: x, y: -m, width: dx, height: h + 2 * m), .strip(edge: .right, at: x))
        }
        // Rects at the crossings of the layout's own row and column boundaries: all of them
        // for a two-axis layout, a few for one that scrolls one way (lanes of a masonry,
        // columns of a tile grid).
        if twoAxis {
            plan.addCrossings(xs: xs, ys: ys, dx: dx, dy: dy)
        } else {
            plan.addCrossings(xs: xs, ys: ys, dx: dx, dy: dy, lines: oneAxisCrossingLines, shortStrips: oneAxisShortStrips)
        }

        // Seeded random rects, each split in two across and down.
        var random = SeededRandom(seed: seed)
        let viewportHeight = max(container.height, 1)
        for index in 0 ..< max(0, randomRects) {
            let rect: Rect
            switch index % 4 {
            case 0 where twoAxis:  // a viewport scrolled both ways
                let viewportWidth = max(container.width, 1)
                rect = Rect(
                    x: dyadic(random.uniform(-m ... max(w - viewportWidth, 0) + m)), y: dyadic(random.uniform(-m ... h)),
                    width: viewportWidth, height: viewportHeight)
            case 0:  // a viewport
                rect = Rect(x: 0, y: dyadic(random.uniform(-m ... h)), width: w, height: viewportHeight)
            case 1:  // small
                rect = Rect(
                    x: dyadic(random.uniform(-m ... w + m)), y: dyadic(random.uniform(-m ... h + m)),
                    width: dyadic(random.uniform(0 ... max(w / 4, 1))), height: dyadic(random.uniform(0 ... max(viewportHeight / 4, 1))))
            case 2:  // large
                rect = Rect(
                    x: dyadic(random.uniform(-m ... w / 2)), y: dyadic(random.uniform(-m ... h)),
                    width: dyadic(random.uniform(w / 4 ... w + m)), height: dyadic(random.uniform(0 ... 3 * viewportHeight)))
            default:  // edges on frame edges
                if xs.count >= 2, ys.count >= 2 {
                    let x0 = xs[random.integer(0 ... xs.count - 1)], x1 = xs[random.integer(0 ... xs.count - 1)]
                    let y0 = ys[random.integer(0 ... ys.count - 1)], y1 = ys[random.integer(0 ... ys.count - 1)]
                    rect = exactRect(minX: min(x0, x1), maxX: max(x0, x1), minY: min(y0, y1), maxY: max(y0, y1))
                        ?? Rect(x: min(x0, x1), y: min(y0, y1), width: abs(x1 - x0), height: abs(y1 - y0))
                } else {
                    rect = Rect(x: 0, y: dyadic(random.uniform(0 ... h)), width: w, height: dyadic(random.uniform(0 ... viewportHeight)))
                }
            }
            let wholeIndex = plan.rects.count
            plan.add(rect, .random)
            plan.addSplits(of: rect, index: wholeIndex, xs: xs, ys: ys, random: &random)
        }

        plan.items = itemProbes(data)
        plan.supplementary = supplementaryProbes(data, spaces: supplementaries, whole: whole)
        return plan
    }

    /// Splits `rect` (at `index`) across and down, each at a line where frames start or end
    /// (when one crosses the rect) and at the middle, and records every split whose parts
    /// are exactly adjacent.
    mutating func addSplits(of rect: Rect, index: Int, xs: [Double], ys: [Double], random: inout SeededRandom) {
        guard !rect.isEmpty, rect.isFinite else { return }
        for vertical in [false, true] {
            let lines = vertical ? ys : xs
            let low = vertical ? rect.minY : rect.minX, high = vertical ? rect.maxY : rect.maxX
            let inside = lines.filter { $0 > low && $0 < high }
            var cuts: [Double] = []
            if !inside.isEmpty { cuts.append(inside[random.integer(0 ... inside.count - 1)]) }
            let middle = low + (high - low) / 2
            if cuts.first != middle { cuts.append(middle) }
            for cut in cuts { addSplit(of: rect, index: index, at: cut, vertical: vertical) }
        }
    }

    /// Splits `rect` (at `index`) at the line `cut`, down when `vertical`, across otherwise,
    /// and records the split when its parts are exactly adjacent.
    mutating func addSplit(of rect: Rect, index: Int, at cut: Double, vertical: Bool) {
        guard let (first, second) = Self.split(rect, at: cut, vertical: vertical) else { return }
        let firstIndex = rects.count
        add(first, .part)
        add(second, .part)
        splits.append(Split(whole: index, first: firstIndex, second: firstIndex + 1))
    }

    /// The two parts of `rect` on either side of the line at `cut`, when they are exactly
    /// adjacent and exactly cover `rect` (floating-point edges can fail to meet).
    static func split(_ rect: Rect, at cut: Double, vertical: Bool) -> (Rect, Rect)? {
        if vertical {
            guard let a = exactRect(minX: rect.minX, maxX: rect.maxX, minY: rect.minY, maxY: cut),
                  let b = exactRect(minX: rect.minX, maxX: rect.maxX, minY: cut, maxY: rect.maxY),
                  a.width == rect.width, b.width == rect.width, a.minX == rect.minX, b.minX == rect.minX
            else { return nil }
            return (a, b)
        } else {
            guard let a = exactRect(minX: rect.minX, maxX: cut, minY: rect.minY, maxY: rect.maxY),
                  let b = exactRect(minX: cut, maxX: rect.maxX, minY: rect.minY, maxY: rect.maxY),
                  a.height == rect.height, b.height == rect.height, a.minY == rect.minY, b.minY == rect.minY
            else { return nil }
            return (a, b)
        }
    }

    /// The rect with exactly these edges, or `nil` when `origin + size` cannot reproduce
    /// the far edges in floating point.
    static func exactRect(minX: Double, maxX: Double, minY: Double, maxY: Double) -> Rect? {
        let rect = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        guard rect.maxX == maxX, rect.maxY == maxY else { return nil }
        return rect
    }

    /// A strip `thickness` thick whose far edge is exactly `edge`, when floating point
    /// allows (halving the thickness until it does); otherwise as close as it gets.
    static func strip(endingAt edge: Double, thickness: Double, vertical: Bool, from start: Double, length: Double) -> Rect {
        var d = thickness
        for _ in 0 ..< 8 {
            let rect = vertical
                ? Rect(x: start, y: edge - d, width: length, height: edge - (edge - d))
                : Rect(x: edge - d, y: start, width: edge - (edge - d), height: length)
            if (vertical ? rect.maxY : rect.maxX) == edge, !rect.isEmpty { return rect }
            d /= 2
        }
        return vertical
            ? Rect(x: start, y: edge - thickness, width: length, height: thickness)
            : Rect(x: edge - thickness, y: start, width: thickness, height: length)
    }

    /// The sorted distinct `minY`/`maxY` (or `minX`/`maxX`) of the frames, at most `limit`
    /// of them, evenly chosen when there are more.
    static func distinctEdges(_ elements: [LayoutAttributes], vertical: Bool, limit: Int) -> [Double] {
        var edges: [Double] = []
        edges.reserveCapacity(elements.count * 2)
        // Elements of a row share both edges and come one after another: each pair is kept
        // once, so that far fewer are sorted.
        var last: (Double, Double)?
        for element in elements {
            let f = element.frame
            let pair = vertical ? (f.minY, f.maxY) : (f.minX, f.maxX)
            if let last, last.0.bitPattern == pair.0.bitPattern, last.1.bitPattern == pair.1.bitPattern { continue }
            last = pair
            edges.append(pair.0)
            edges.append(pair.1)
        }
        edges.sort()
        var distinct: [Double] = []
        for edge in edges where distinct.last != edge { distinct.append(edge) }
        return evenlyChosen(distinct, count: limit)
    }

    /// At most `count` elements of `values`, spread evenly, first and last included.
    static func evenlyChosen<T>(_ values: [T], count: Int) -> [T] {
        guard values.count > count, count > 0 else { return values }
        if count == 1 { return [values[0]] }
        return (0 ..< count).map { values[$0 * (values.count - 1) / (count - 1)] }
    }

    /// A power of two no more than half the smallest gap between consecutive edges, and
    /// at most 1, so that a strip never reaches the next edge and stays exact.
    static func stripThickness(_ edges: [Double]) -> Double {
        var gap = 2.0
        for (a, b) in zip(edges, edges.dropFirst()) where b - a < gap { gap = b - a }
        var d = 1.0
        while d > gap / 2, d > 0x1p-20 { d /= 2 }
        return d
    }

    /// `value` rounded to a multiple of 1/64, so sums and halves of probe edges stay exact.
    static func dyadic(_ value: Double) -> Double { (value * 64).rounded() / 64 }
}

// MARK: - Round 1 of the protocol: a plan made without answers

extension ProbePlan {
    /// The plan for a layout that has not answered yet: a huge rect serves as the whole
    /// content; rects touching the content's top and left edges, far away and of zero area;
    /// seeded random rects over the first screens, half with whole-number edges, each split
    /// in two; every item path and paths beyond; headers and footers of every section (the
    /// spaces a layout that declares nothing may place) and a few paths of every other kind.
    static func blind(data: DataShape, container: Size, seed: UInt64, randomRects: Int) -> ProbePlan {
        var plan = ProbePlan()
        let m = margin
        let w = max(container.width, 1), h = max(container.height, 1)
        plan.add(huge, .wholeContent)
        plan.add(Rect(x: -m, y: -m, width: w + 2 * m, height: m), .outside)
        plan.add(Rect(x: -m, y: -m, width: m, height: 4 * h), .outside)
        plan.add(Rect(x: 0x1p30, y: 0x1p30, width: 100, height: 100), .outside)
        plan.add(Rect(x: -0x1p20, y: -0x1p20, width: 100, height: 100), .outside)
        plan.add(Rect(x: 0, y: 0, width: 0, height: 0), .zeroArea)
        plan.add(Rect(x: -m, y: h / 2, width: w + 2 * m, height: 0), .zeroArea)
        plan.add(Rect(x: w / 2, y: -m, width: 0, height: 4 * h), .zeroArea)
        plan.add(Rect(x: 10, y: 10, width: -5, height: 20), .zeroArea)
        plan.add(Rect(x: 10, y: 10, width: 20, height: -5), .zeroArea)
        var random = SeededRandom(seed: seed)
        for index in 0 ..< max(0, randomRects) {
            var x0 = random.uniform(-m ... w), y0 = random.uniform(-m ... 3 * h)
            var x1 = x0 + random.uniform(0 ... w), y1 = y0 + random.uniform(0 ... 2 * h)
            if index % 2 == 0 {
                (x0, y0, x1, y1) = (x0.rounded(), y0.rounded(), x1.rounded(), y1.rounded())
            } else {
                (x0, y0, x1, y1) = (dyadic(x0), dyadic(y0), dyadic(x1), dyadic(y1))
            }
            let rect = exactRect(minX: x0, maxX: x1, minY: y0, maxY: y1) ?? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            let wholeIndex = plan.rects.count
            plan.add(rect, .random)
            let lines = (Int(x0.rounded(.up)) ... max(Int(x0.rounded(.up)), Int(x1.rounded(.down)))).map(Double.init)
            let rows = (Int(y0.rounded(.up)) ... max(Int(y0.rounded(.up)), Int(y1.rounded(.down)))).map(Double.init)
            plan.addSplits(of: rect, index: wholeIndex, xs: lines, ys: rows, random: &random)
        }
        plan.items = itemProbes(data)
        plan.supplementary = supplementaryProbes(data, spaces: SupplementaryPaths.sectionHeadersAndFooters, whole: [])
        return plan
    }
}
