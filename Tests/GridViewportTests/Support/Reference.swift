import GridCore
import GridLayouts
import GridViewport
import Testing

/// Whether two half-open rectangles share area, written out here rather than taken from
/// `Rect.intersects`, so that the reference does not share code with the viewport.
func overlaps(_ a: Rect, _ b: Rect) -> Bool {
    a.width > 0 && a.height > 0 && b.width > 0 && b.height > 0
        && a.minX < b.minX + b.width && b.minX < a.minX + a.width
        && a.minY < b.minY + b.height && b.minY < a.minY + a.height
}

/// The margin in points, from the test's own reading of "n lines".
func marginPoints(_ margin: PreloadMargin, lineHeight: Double?) -> Double {
    switch margin.vertical {
    case .lines(let lines): lines * (lineHeight ?? 44)
    case .points(let points): points
    }
}

/// A tile-grid scenario for the brute-force membership tests.
struct TileGridCase: Sendable, CustomTestStringConvertible {
    var name: String
    var configuration = TileGrid.Configuration.chGridView
    var itemCounts: [Int]
    /// When set, every item carries a content size drawn from a generator with this seed.
    var itemSizesSeed: UInt64?
    var size = Size(width: 320, height: 480)
    var margin = PreloadMargin.chGridView
    var pins: Bool?
    /// The horizontal offset of every frame.
    var x = 0.0

    var testDescription: String { name }

    func data() throws -> DataShape {
        guard let seed = itemSizesSeed else { return try DataShape(itemCounts: itemCounts) }
        var random = SeededRandom(seed: seed)
        let sizes = (0..<itemCounts.reduce(0, +)).map { _ in
            Size(width: random.uniform(10...200).rounded(), height: random.uniform(10...200).rounded())
        }
        return try DataShape(itemCounts: itemCounts, itemSizes: sizes)
    }

    func viewport(reusePolicy: ReusePolicy = .init()) throws -> Viewport<TileGrid> {
        try Viewport(
            layout: TileGrid(configuration), data: data(), size: size, margin: margin,
            reusePolicy: reusePolicy, pinsSectionHeaders: pins)
    }

    static let chGridView = TileGridCase(name: "CHGridView 96 × 31", itemCounts: Array(repeating: 31, count: 96))
}

/// The loaded set computed by brute force: every element of the content, its pinned frame
/// when it is a pinned header, filtered by hand against the loaded rect.
struct TileGridReference {
    let testCase: TileGridCase
    let grid: TileGrid
    /// Every element of the whole content.
    let all: [LayoutAttributes]
    let margin: Double
    let pins: Bool

    init(_ testCase: TileGridCase) throws {
        self.testCase = testCase
        var grid = TileGrid(testCase.configuration)
        try grid.prepare(data: testCase.data(), container: testCase.size)
        self.grid = grid
        all = grid.elements(in: grid.contentBounds)
        margin = marginPoints(testCase.margin, lineHeight: testCase.configuration.rowHeight)
        pins = testCase.pins ?? (testCase.configuration.sectionTitleHeight > 0)
    }

    var contentHeight: Double { grid.contentSize.height }
    var sectionCount: Int { testCase.itemCounts.count }

    /// `(x0, y0 − m, W, H + 2m)`: a tile grid scrolls vertically only.
    func loadedRect(at offset: Point) -> Rect {
        Rect(x: offset.x, y: offset.y - margin, width: testCase.size.width, height: testCase.size.height + 2 * margin)
    }

    /// docs/architecture.md: `min(max(top_i, y0), top_{i+1} − t)`.
    func pinnedY(section: Int, y0: Double) -> Double {
        let top = grid.sectionTop(section) ?? .nan, next = grid.sectionTop(section + 1) ?? .nan
        return min(max(top, y0), next - testCase.configuration.sectionTitleHeight)
    }

    func expected(at offset: Point) -> [ElementID: Rect] {
        let loaded = loadedRect(at: offset)
        var result: [ElementID: Rect] = [:]
        for element in all {
            var frame = element.frame
            if element.kind == .sectionHeader && pins {
                frame.origin.y = pinnedY(section: element.path.section, y0: offset.y)
            }
            if overlaps(frame, loaded) { result[element.id] = frame }
        }
        return result
    }

    /// Offsets to visit: a sweep every 37 pt from −200 to past the end and back, offsets
    /// around section boundaries (where headers start and stop pinning, and where a
    /// boundary crosses an edge of the loaded rect), and seeded random jumps.
    func offsets() -> [Double] {
        let h = testCase.size.height, m = margin
        let end = contentHeight + h + m + 37
        let sweep = Array(stride(from: -200.0, through: end, by: 37))
        var result = sweep + sweep.reversed()
        let t = testCase.configuration.sectionTitleHeight, ph = testCase.configuration.padding.height
        var sections = Array(0..<sectionCount)
        if sections.count > 8 { sections = [0, 1, 2, sectionCount / 2, sectionCount - 3, sectionCount - 2, sectionCount - 1] }
        for section in sections {
            guard let top = grid.sectionTop(section), let next = grid.sectionTop(section + 1) else { continue }
            for anchor in [top, next - t, next - ph, next] {
                for shift in [-h - m, -m, 0, m] {
                    for nudge in [-0.5, 0, 0.5] { result.append(anchor + shift + nudge) }
                }
            }
        }
        var random = SeededRandom(seed: 42)
        for _ in 0..<200 { result.append(random.uniform(-300...(contentHeight + 300)).rounded()) }
        return result
    }
}

/// Checks each frame of a viewport against an expected loaded set, and keeps an
/// independent model of the reuse pools: leaving tiles return to their pool, then each
/// pool serves its entering elements and creates tiles only for the shortfall.
struct FrameChecker {
    /// The pool of each kind, as the test understands the reuse policy in force.
    let poolOf: (ElementKind) -> UInt8
    private(set) var previous: [ElementID: Rect] = [:]
    private var previousTiles: [ElementID: Int32] = [:]
    private var reloaded = false
    private var idle: [UInt8: Int] = [:]
    private(set) var created = 0
    private var poolOfTile: [Int32: UInt8] = [:]
    private(set) var peak: [UInt8: Int] = [:]

    init(poolOf: @escaping (ElementKind) -> UInt8 = { $0.rawValue }) {
        self.poolOf = poolOf
    }

    /// Every element loaded so far left at a reload; the next frame loads all anew.
    mutating func reloadData() { reloaded = true }

    /// Checks the frame just made; returns `false` (having recorded issues) on a mismatch.
    @discardableResult
    mutating func check<Layout>(
        _ viewport: Viewport<Layout>, _ report: FrameReport, expected: [ElementID: Rect], _ context: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        var ok = true
        func fail(_ message: String) {
            Issue.record("\(context): \(message)", sourceLocation: sourceLocation)
            ok = false
        }
        let loaded = viewport.loadedElements

        // Membership and frames.
        var actual: [ElementID: Rect] = [:]
        for (index, element) in loaded.enumerated() {
            if index > 0 && !(loaded[index - 1].id < element.id) { fail("not strictly sorted at \(index)") }
            actual[element.id] = element.attributes.frame
        }
        if actual != expected {
            let missing = expected.keys.filter { actual[$0] == nil }.sorted().prefix(5)
            let extra = actual.keys.filter { expected[$0] == nil }.sorted().prefix(5)
            let moved = expected.keys.filter { actual[$0] != nil && actual[$0] != expected[$0] }.sorted().prefix(5)
                .map { "\($0): \(actual[$0]!) ≠ \(expected[$0]!)" }
            fail("loaded set differs: missing \(Array(missing)), extra \(Array(extra)), frames \(moved)")
        }

        // The diff.
        let before = reloaded ? [:] : previous
        let entering = expected.keys.filter { before[$0] == nil }
        let leaving = previous.keys.filter { reloaded || expected[$0] == nil }
        if report.entered != entering.count { fail("entered \(report.entered), expected \(entering.count)") }
        if report.left != leaving.count { fail("left \(report.left), expected \(leaving.count)") }

        // The digest, from scratch.
        let hash = expected.keys.reduce(UInt64(0)) { $0 &+ SeededRandom.mix($1.rawValue) }
        if viewport.digest != report.digest { fail("report digest \(report.digest) ≠ viewport digest \(viewport.digest)") }
        if report.digest.count != expected.count || report.digest.hash != hash {
            fail("digest \(report.digest), expected \(expected.count) elements and hash \(hash)")
        }

        // Pools: leaving first, then entering; tiles created only for the shortfall.
        var enteringPerPool: [UInt8: Int] = [:], leavingPerPool: [UInt8: Int] = [:]
        for id in entering { enteringPerPool[poolOf(id.kind!), default: 0] += 1 }
        for id in leaving { leavingPerPool[poolOf(id.kind!), default: 0] += 1 }
        var createdNow = 0
        for pool in Set(enteringPerPool.keys).union(leavingPerPool.keys) {
            let available = idle[pool, default: 0] + leavingPerPool[pool, default: 0]
            let shortfall = max(0, enteringPerPool[pool, default: 0] - available)
            createdNow += shortfall
            idle[pool] = available + shortfall - enteringPerPool[pool, default: 0]
        }
        created += createdNow
        if report.created != createdNow { fail("created \(report.created), expected \(createdNow)") }
        if viewport.tilesCreated != created { fail("tilesCreated \(viewport.tilesCreated), expected \(created)") }

        var loadedPerPool: [UInt8: Int] = [:]
        var tiles = Set<Int32>()
        for element in loaded {
            let pool = poolOf(element.attributes.kind)
            loadedPerPool[pool, default: 0] += 1
            if !tiles.insert(element.tile).inserted { fail("tile \(element.tile) shows two elements") }
            if element.tile < 0 || Int(element.tile) >= viewport.tilesCreated { fail("tile \(element.tile) was never created") }
            if let owner = poolOfTile[element.tile], owner != pool {
                fail("tile \(element.tile) of pool \(owner) shows \(element.id) of pool \(pool)")
            }
            poolOfTile[element.tile] = pool
            if !reloaded, let tile = previousTiles[element.id], tile != element.tile {
                fail("\(element.id) stayed loaded but changed tile \(tile) → \(element.tile)")
            }
        }
        var pooledTotal = 0
        for pool in Set(idle.keys).union(loadedPerPool.keys) {
            let pooled = viewport.pooledTileCount(ReuseIdentifier(rawValue: pool))
            pooledTotal += pooled
            if pooled != idle[pool, default: 0] { fail("pool \(pool) holds \(pooled), expected \(idle[pool, default: 0])") }
            peak[pool] = max(peak[pool, default: 0], loadedPerPool[pool, default: 0])
            if pooled + loadedPerPool[pool, default: 0] > peak[pool, default: 0] {
                fail("pool \(pool): \(pooled) pooled + \(loadedPerPool[pool, default: 0]) loaded exceeds the peak \(peak[pool]!)")
            }
        }
        if pooledTotal + loaded.count != viewport.tilesCreated {
            fail("\(pooledTotal) pooled + \(loaded.count) loaded ≠ \(viewport.tilesCreated) created")
        }

        previous = expected
        previousTiles = Dictionary(uniqueKeysWithValues: loaded.map { ($0.id, $0.tile) })
        reloaded = false
        return ok
    }
}
