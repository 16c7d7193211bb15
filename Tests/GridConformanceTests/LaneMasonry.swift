import GridCore

/// A masonry of `lanes` equal columns: every item, in path order, goes to the lane whose
/// bottom is highest (the leftmost of equal ones), at the width of a lane and the height its
/// content size gives at that width (a fixed height without sizes). The kind of layout
/// Pinterest-style grids are, written here so that the suite can be tried on it, and broken
/// on purpose (``Bug``).
///
/// Frames are not sorted by their bottoms: a tall item early in one lane ends below many
/// items after it. The rect query binary-searches frames sorted by top over the running
/// largest bottom, which is what makes it right.
struct LaneMasonry: GridLayout {
    /// Bugs shipped by masonry and waterfall layouts, each in one place.
    enum Bug: String, CaseIterable, Sendable, CustomStringConvertible {
        /// Law 9 (and 4): the content height comes from the last item placed, not the
        /// lowest lane: right when the last item lands in the tallest lane, short otherwise.
        case contentFromLastItem
        /// Law 1: the rect query binary-searches for the first frame whose own bottom passes
        /// the rect's top, as if bottoms grew with tops; a tall item placed early is lost.
        case searchAssumesSortedBottoms
        /// Law 6: the placement is cached by item count, so new item sizes with the same
        /// counts keep the old frames.
        case cacheKeyedOnCounts
        /// Laws 9 and 4: the content height is the sum of item heights divided by the lanes,
        /// as if the lanes came out even; right for equal items, wrong for varied ones.
        case averageLaneHeight

        var description: String { rawValue }
    }

    var lanes: Int
    var spacing: Double
    var bug: Bug?

    private var frames: [Rect] = []
    private var paths: [ItemPath] = []
    /// Indices into `frames`, sorted by `minY`, and the running largest `maxY` along them.
    private var byTop: [Int] = []
    private var runningBottom: [Double] = []
    private var data = DataShape.empty
    private var cachedCounts: [Int]?
    private(set) var contentSize = Size.zero

    init(lanes: Int = 3, spacing: Double = 4, bug: Bug? = nil) {
        self.lanes = lanes
        self.spacing = spacing
        self.bug = bug
    }

    mutating func prepare(data: DataShape, container: Size) throws {
        let s = spacing
        let laneWidth = ((container.width - s * Double(lanes + 1)) / Double(lanes)).rounded(.down)
        guard laneWidth > 0 else { throw GridError.invalidParameter("container.width", container.width, expected: "room for \(lanes) lanes") }
        if bug == .cacheKeyedOnCounts, cachedCounts == Array(data.itemCounts), self.data.itemSizes != nil {
            return
        }
        var bottoms = Array(repeating: 0.0, count: lanes)
        var frames: [Rect] = [], paths: [ItemPath] = []
        var heights = 0.0
        var index = 0
        for (section, count) in data.itemCounts.enumerated() {
            for item in 0 ..< count {
                var height = 50.0
                if let sizes = data.itemSizes {
                    let size = sizes[index]
                    height = max(1, (size.height / max(size.width, 1) * laneWidth).rounded())
                }
                index += 1
                var lane = 0
                for candidate in 1 ..< lanes {
                    if bottoms[candidate] < bottoms[lane] { lane = candidate }
                }
                let frame = Rect(x: s + Double(lane) * (laneWidth + s), y: bottoms[lane] + s, width: laneWidth, height: height)
                bottoms[lane] = frame.maxY
                heights += height + s
                frames.append(frame)
                paths.append(ItemPath(section: section, item: item))
            }
        }
        var height = (bottoms.max() ?? 0) + s
        switch bug {
        case .contentFromLastItem: height = (frames.last?.maxY ?? 0) + s
        case .averageLaneHeight: height = (heights / Double(lanes)).rounded(.up) + s
        default: break
        }
        self.frames = frames
        self.paths = paths
        byTop = frames.indices.sorted { (frames[$0].minY, $0) < (frames[$1].minY, $1) }
        var running = -Double.infinity
        runningBottom = byTop.map { running = max(running, frames[$0].maxY); return running }
        self.data = data
        cachedCounts = Array(data.itemCounts)
        contentSize = Size(width: container.width, height: height)
    }

    func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        guard !rect.isEmpty else { return }
        var low = 0, high = byTop.count
        while low < high {
            let mid = (low + high) / 2
            let bottom = bug == .searchAssumesSortedBottoms ? frames[byTop[mid]].maxY : runningBottom[mid]
            if bottom > rect.minY { high = mid } else { low = mid + 1 }
        }
        var k = low
        while k < byTop.count, frames[byTop[k]].minY < rect.maxY {
            let i = byTop[k]
            if frames[i].intersects(rect) { buffer.append(.cell(paths[i], frame: frames[i])) }
            k += 1
        }
    }

    func attributes(at path: ItemPath) -> LayoutAttributes? {
        guard let index = data.flatIndex(of: path), index < frames.count else { return nil }
        return .cell(path, frame: frames[index])
    }

    func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? { nil }

    var traits: LayoutTraits {
        LayoutTraits(
            cellsDoNotOverlap: true, lineHeight: 50, supplementaries: [],
            tightness: ContentTightness(axes: .vertical, insets: ContentInsets(bottom: spacing)))
    }
}
