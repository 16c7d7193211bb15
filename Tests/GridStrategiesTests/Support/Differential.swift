import GridCore
import GridLayouts
import GridStrategies
import Testing

/// A rect query's answer as a comparable value: (ID, frame bits), sorted, with duplicates
/// kept so that an element returned twice shows.
struct Answer: Equatable, CustomStringConvertible {
    var entries: [Entry]

    struct Entry: Equatable {
        var id: ElementID
        var bits: FrameBits
        var position: GroupPosition
    }

    init(_ elements: [LayoutAttributes]) {
        entries = elements.map { Entry(id: $0.id, bits: $0.frame.bits, position: $0.groupPosition) }
            .sorted { $0.id == $1.id ? $0.bits < $1.bits : $0.id < $1.id }
    }

    init(_ layout: some GridLayout, _ rect: Rect) {
        var buffer: [LayoutAttributes] = []
        layout.elements(in: rect, into: &buffer)
        self.init(buffer)
    }

    var description: String {
        entries.prefix(12).map { "\($0.id)" }.joined(separator: ", ") + (entries.count > 12 ? ", … (\(entries.count))" : "")
    }
}

/// The four strategies over one base, under the names reports use.
func strategies<Base: GridLayout>(_ base: Base) throws -> [(String, any GridLayout)] {
    [
        ("on-demand", OnDemandLayout(base)),
        ("cached", CachedLayout(base)),
        ("scan", ScanLayout(base)),
        ("adaptive(0)", try AdaptiveLayout(base, threshold: 0)),
        ("adaptive(∞)", try AdaptiveLayout(base, threshold: Int.max)),
    ]
}

/// Prepares every strategy with `data` and `container`; `nil` when the base refuses them.
func prepared<Base: GridLayout>(_ base: Base, _ data: DataShape, _ container: Size) throws -> [(String, any GridLayout)]? {
    var result: [(String, any GridLayout)] = []
    for (name, var layout) in try strategies(base) {
        do {
            try layout.prepare(data: data, container: container)
        } catch {
            return nil
        }
        result.append((name, layout))
    }
    return result
}

/// Checks that every layout in `layouts` answers `rects`, every item and every section
/// header exactly as the first one does. `context` goes into every failure message.
func expectAllAgree(
    _ layouts: [(String, any GridLayout)], data: DataShape, rects: [Rect], _ context: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let (referenceName, reference) = layouts.first else { return }
    for (name, layout) in layouts.dropFirst() {
        #expect(layout.contentSize == reference.contentSize, "\(name) vs \(referenceName): content size; \(context)", sourceLocation: sourceLocation)
        for rect in rects {
            let expected = Answer(reference, rect), actual = Answer(layout, rect)
            if actual != expected {
                Issue.record("\(name) vs \(referenceName) in \(rect): got [\(actual)], expected [\(expected)]; \(context)", sourceLocation: sourceLocation)
                return
            }
        }
        for section in -1...data.sectionCount {
            for kind in [ElementKind.sectionHeader, .sectionFooter] {
                let header = reference.supplementary(kind, section: section)
                let got = layout.supplementary(kind, section: section)
                #expect(got.map(\.frame.bits) == header.map(\.frame.bits) && got?.id == header?.id,
                        "\(name): \(kind.name) \(section); \(context)", sourceLocation: sourceLocation)
            }
            for item in -1...(data.itemCount(inSection: section) + 1) {
                let path = ItemPath(section: section, item: item)
                let expected = reference.attributes(at: path), actual = layout.attributes(at: path)
                if actual.map(\.frame.bits) != expected.map(\.frame.bits) || actual?.id != expected?.id
                    || actual?.groupPosition != expected?.groupPosition {
                    Issue.record("\(name) vs \(referenceName) at \(path): got \(String(describing: actual)), expected \(String(describing: expected)); \(context)", sourceLocation: sourceLocation)
                    return
                }
            }
        }
    }
}

/// A frame's four coordinates as bit patterns: equal exactly when the frames are
/// identical bit for bit.
struct FrameBits: Hashable, Comparable {
    var x, y, width, height: UInt64
    static func < (a: FrameBits, b: FrameBits) -> Bool { (a.x, a.y, a.width, a.height) < (b.x, b.y, b.width, b.height) }
}

extension Rect {
    var bits: FrameBits { FrameBits(x: minX.bitPattern, y: minY.bitPattern, width: width.bitPattern, height: height.bitPattern) }
}

/// Probe rects for a content: the whole of it and beyond, strips along every distinct
/// horizontal edge of the elements, zero-area ones, ones outside, and seeded random ones.
func probeRects(content: Size, edges: [Double], random: inout SeededRandom, count: Int) -> [Rect] {
    let w = max(content.width, 1), h = max(content.height, 1)
    var rects = [
        Rect(x: -10, y: -10, width: w + 20, height: h + 20),
        Rect(x: 0, y: 0, width: w, height: h),
        Rect(x: 0, y: 0, width: 0, height: h),
        Rect(x: 0, y: h / 2, width: w, height: 0),
        Rect(x: 0, y: h, width: w, height: 100),
        Rect(x: 0, y: -100, width: w, height: 100),
        Rect(x: w, y: 0, width: 50, height: h),
        Rect(x: .nan, y: 0, width: w, height: h),
    ]
    // Centred items give every element edges of its own: a spread of at most 64 keeps
    // the suite quick while still probing row boundaries across the content.
    let stride = max(1, edges.count / 64)
    for edge in Swift.stride(from: 0, to: edges.count, by: stride).map({ edges[$0] }) {
        rects.append(Rect(x: 0, y: edge, width: w, height: 1))
        rects.append(Rect(x: 0, y: edge - 1, width: w, height: 1))
        rects.append(Rect(x: edge, y: 0, width: 1, height: h))
    }
    for _ in 0..<count {
        let x = random.uniform(-20...w), y = random.uniform(-20...h)
        rects.append(Rect(x: x, y: y, width: random.uniform(0...w), height: random.uniform(0...(h / 3 + 50))))
    }
    return rects
}

/// Every distinct minY and maxY (and minX, maxX) of the elements of `layout`.
func edges(of layout: some GridLayout) -> [Double] {
    var values = Set<Double>()
    for element in layout.elements(in: Rect(x: -1, y: -1, width: layout.contentSize.width + 2, height: layout.contentSize.height + 2)) {
        values.formUnion([element.frame.minY, element.frame.maxY, element.frame.minX, element.frame.maxX])
    }
    return values.sorted()
}
