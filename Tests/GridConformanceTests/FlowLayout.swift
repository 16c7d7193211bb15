import GridCore

/// A left-aligned flow of items of mixed sizes, the way UICollectionViewFlowLayout and
/// tag-list views lay out a vertical flow, written here so that the suite can be tried on
/// it, and broken on purpose (``Bug``).
///
/// Inside insets `(top, left, bottom, right)` the room for a line is `W − left − right`.
/// Items, in path order, fill lines from the left, `itemSpacing` apart; an item joins the
/// line when its right edge comes at most to the room's right edge (an exact fit stays),
/// else it starts the next line, `lineSpacing` below the tallest item of this one. Every
/// section starts a line. Each item is centred on its line's height (the slack halved and
/// rounded down), so the items of a line do not share a top unless they share a height.
/// An item wider than the room is cut to it; without item sizes every item is 50 × 30.
///
/// The content hugs the lines (a tag list sized to fit): as wide as the widest line plus
/// the left and right insets, as tall as the lines plus the top and bottom insets. It
/// declares law 9 on both axes with those insets.
///
/// The content size comes from a sizing pass and the frames from a placing pass, as a
/// view's `sizeThatFits` and `layoutSubviews` each run the wrap loop; without a bug the two
/// passes are one.
struct FlowLayout: GridLayout {
    /// Bugs shipped by flow layouts and tag lists, each in one place.
    enum Bug: String, CaseIterable, Sendable, CustomStringConvertible {
        /// Law 8: a line is as tall as its first item rather than its tallest, so a taller
        /// item later in the line, centred on it, reaches into the lines above and below.
        /// (fairygui/FairyGUI-unity#7: a virtual list's flow rows as tall as their first
        /// item, items overlapping and vanishing; facebookarchive/three20#428: rows as tall
        /// as their last view.)
        case lineHeightFromFirstItem
        /// Law 9: the placing pass wraps an item that exactly fills the line's remaining
        /// width (`<` where the sizing pass has `≤`): the frames no longer fill the
        /// content sized for them. (ElaWorkshop/TagListView#35: a tag that would reach the
        /// right edge exactly sent to the next row; efremidze/LEAmountInputView#4: widths
        /// summing to a hair over the line wrapping its last cell; TagListView#300: a size
        /// computed apart from the layout disagreeing with it.)
        case exactFitWraps
        /// Law 9: a line's width counts the spacing after its last item, so the content
        /// is one item spacing too wide. (The margin after the last tag that TagListView#35
        /// took out of its row arithmetic.)
        case trailingSpacingCounted
        /// Law 1: the rect query stops at the first line whose first item starts at or
        /// below the rect's bottom; a taller item later in that line, centred, starts
        /// higher and reaches into the rect, and is lost. (Instagram/IGListKit#674: a row
        /// whose items meet the rect or not by their own heights, one of them dropped.)
        case stopsAtFirstItemOfLine

        var description: String { rawValue }
    }

    struct Insets: Hashable {
        var top = 8.0, left = 8.0, bottom = 8.0, right = 8.0
    }

    var insets = Insets()
    var itemSpacing = 6.0
    var lineSpacing = 4.0
    var bug: Bug?

    /// Items `start ..< end` (flat indices) on one line: its height and the right edge of
    /// its last item.
    private struct Line {
        var start: Int, end: Int
        var height: Double, right: Double
        var top = 0.0
    }

    private var frames: [Rect] = []
    private var paths: [ItemPath] = []
    private var lines: [Line] = []
    private var data = DataShape.empty
    private(set) var contentSize = Size.zero

    init(bug: Bug? = nil) { self.bug = bug }

    mutating func prepare(data: DataShape, container: Size) throws {
        let room = container.width - insets.left - insets.right
        guard room > 0 else {
            throw GridError.invalidParameter("container.width", container.width, expected: "more than the insets \(insets.left) + \(insets.right)")
        }
        let sizes = (0 ..< data.totalItems).map { flat in
            let size = data.itemSizes?[flat] ?? Size(width: 50, height: 30)
            return Size(width: min(size.width, room), height: size.height)
        }
        let sized = breakLines(data, sizes, room: room, strictFit: false)
        var placed = bug == .exactFitWraps ? breakLines(data, sizes, room: room, strictFit: true) : sized
        var frames: [Rect] = [], paths: [ItemPath] = []
        frames.reserveCapacity(sizes.count)
        var y = insets.top
        for index in placed.indices {
            placed[index].top = y
            let line = placed[index]
            var x = insets.left
            for flat in line.start ..< line.end {
                let size = sizes[flat]
                let dy = ((line.height - size.height) / 2).rounded(.down)
                frames.append(Rect(x: x, y: y + dy, width: size.width, height: size.height))
                x += size.width + itemSpacing
            }
            y += line.height + lineSpacing
        }
        for section in 0 ..< data.sectionCount {
            for item in 0 ..< data.itemCounts[section] { paths.append(ItemPath(section: section, item: item)) }
        }
        // The content from the sizing pass.
        let linesHeight = sized.reduce(0) { $0 + $1.height } + Double(max(0, sized.count - 1)) * lineSpacing
        let widest = sized.map(\.right).max() ?? insets.left
        self.frames = frames
        self.paths = paths
        self.lines = placed
        self.data = data
        contentSize = Size(width: widest + insets.right, height: insets.top + linesHeight + insets.bottom)
    }

    /// The wrap loop: which items share a line, how tall each line is and where it ends.
    private func breakLines(_ data: DataShape, _ sizes: [Size], room: Double, strictFit: Bool) -> [Line] {
        var lines: [Line] = []
        let limit = insets.left + room
        for section in 0 ..< data.sectionCount where data.itemCounts[section] > 0 {
            let first = data.sectionStarts[section], end = first + data.itemCounts[section]
            var line = Line(start: first, end: first, height: 0, right: insets.left)
            var x = insets.left
            for flat in first ..< end {
                let size = sizes[flat]
                if flat > line.start {
                    let fits = strictFit ? x + size.width < limit : x + size.width <= limit
                    if !fits {
                        lines.append(line)
                        line = Line(start: flat, end: flat, height: 0, right: insets.left)
                        x = insets.left
                    }
                }
                if flat == line.start || bug != .lineHeightFromFirstItem { line.height = max(line.height, size.height) }
                line.end = flat + 1
                line.right = bug == .trailingSpacingCounted ? x + size.width + itemSpacing : x + size.width
                x += size.width + itemSpacing
            }
            lines.append(line)
        }
        return lines
    }

    func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        guard !rect.isEmpty else { return }
        // The first line that ends below the rect's top: lines stack, so their bottoms grow.
        var low = 0, high = lines.count
        while low < high {
            let mid = (low + high) / 2
            if lines[mid].top + lines[mid].height > rect.minY { high = mid } else { low = mid + 1 }
        }
        for line in lines[low...] {
            // A line's tallest item starts at its top; the others lower.
            let top = bug == .stopsAtFirstItemOfLine ? frames[line.start].minY : line.top
            guard top < rect.maxY else { break }
            for flat in line.start ..< line.end where frames[flat].intersects(rect) {
                buffer.append(.cell(paths[flat], frame: frames[flat]))
            }
        }
    }

    func attributes(at path: ItemPath) -> LayoutAttributes? {
        guard let flat = data.flatIndex(of: path) else { return nil }
        return .cell(path, frame: frames[flat])
    }

    func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? { nil }

    var traits: LayoutTraits {
        LayoutTraits(
            cellsDoNotOverlap: true, scrollAxes: .vertical, supplementaries: [],
            tightness: ContentTightness(
                axes: .both, insets: ContentInsets(top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right)))
    }
}
