import GridCore
import GridLayouts

/// The reference waterfall's formulas (see `Waterfall`), written again over plain arrays of
/// frames so that one bug at a time can be put in. With no bug it answers exactly what
/// `Waterfall` answers (`WaterfallMutationTests` compares them).
///
/// Its rect query walks a section's items in order and stops at the first one that starts
/// below the rect: right for shortest-column placement, where items start at
/// non-decreasing `y`, as the reference's query assumes too.
///
/// Each bug is one that waterfall ("Pinterest", "masonry") layouts for collection views
/// have shipped, in our words.
struct BrokenWaterfall: GridLayout {
    enum Bug: String, CaseIterable, Sendable, CustomStringConvertible {
        /// Law 1: items go to the columns in turn (item `i` to column `i mod k`), not to the
        /// shortest one, while the rect query still stops at the first item that starts
        /// below the rect: with mixed heights a later item in a shorter column starts
        /// higher, and is lost. (Shopify/flash-list#2147: a masonry placing items in column
        /// order, searched as if tops grew with the index.)
        case columnByIndex
        /// Law 4 (and 9): a section ends below the last column rather than the tallest,
        /// as when the height is read from the column the last item went to: right while the
        /// last column is the tallest, short otherwise; the next section then starts inside
        /// the taller columns. (kissyteam/kissy#213: a waterfall's container height that a
        /// taller last item does not raise, so the footer overlaps it.)
        case contentFromLastColumn
        /// Law 4: the column width is the room divided by the columns, leaving out the
        /// spacing between them, while the columns are still placed `w + g` apart: the last
        /// column runs past the right edge by `(k − 1)·g` less the right inset.
        /// (desandro/masonry#357, raphamorim/waterfall.js#17: column widths that leave no
        /// room for the gutters, so the columns no longer fit the container.)
        case widthIgnoresColumnSpacing
        /// Law 1: the rect query binary-searches a section's items for one that meets the
        /// rect's rows, then walks back while the previous item ends below the rect's top and
        /// forward while the next starts above its bottom, as for a list sorted by both
        /// edges. Items of a waterfall are sorted by their tops only: a tall item in one
        /// column ends below later items of the others, and the walk stops short of it.
        /// (The search-then-walk of airbnb/MagazineLayout#43 and of WWDC 2018's "A Tour of
        /// UICollectionView", applied to a mosaic in vincent144/mosaic-layout#24; zenangst/
        /// Blueprints#55: items of mixed heights disappearing from such a search.)
        case searchAssumesSortedFrames
        /// Law 6: the prepared frames are cached under the number of items, so a new
        /// container width with the same data keeps the old columns; so does deleting an
        /// empty section. (chiahsien/CHTCollectionViewWaterfallLayout#111 and
        /// patchthecode/JTAppleCalendar#859: layouts kept after a rotation.)
        case cacheKeyedOnItemCount

        var description: String { rawValue }
    }

    var configuration: Waterfall.Configuration
    var bug: Bug?

    private var headers: [Rect?] = []
    private var footers: [Rect?] = []
    /// The frames of each section's items, in item order.
    private var items: [[Rect]] = []
    /// Where each section starts; one extra entry, the content height.
    private var sectionTops: [Double] = [0]
    private var data = DataShape.empty
    private var cachedItemCount: Int?
    private(set) var contentSize = Size.zero

    init(_ configuration: Waterfall.Configuration = .standard, bug: Bug? = nil) {
        self.configuration = configuration
        self.bug = bug
    }

    mutating func prepare(data: DataShape, container: Size) throws {
        if bug == .cacheKeyedOnItemCount, cachedItemCount == data.totalItems { return }
        let c = configuration
        let k = c.columns, g = c.columnSpacing, v = c.itemSpacing, insets = c.insets
        let t = c.headerHeight, f = c.footerHeight
        let w = bug == .widthIgnoresColumnSpacing
            ? ((container.width - insets.left - insets.right) / Double(k)).rounded(.down)
            : c.columnWidth(containerWidth: container.width)
        guard w > 0 else { throw GridError.invalidParameter("container.width", container.width, expected: "room for \(k) columns") }
        var headers: [Rect?] = [], footers: [Rect?] = [], items: [[Rect]] = [], tops: [Double] = []
        var y = 0.0
        for section in 0 ..< data.sectionCount {
            tops.append(y)
            headers.append(t > 0 ? Rect(x: 0, y: y, width: container.width, height: t) : nil)
            y += t
            var heights = Array(repeating: y + insets.top, count: k)
            var frames: [Rect] = []
            var lowest = -Double.infinity
            let first = data.sectionStarts[section], count = data.itemCounts[section]
            for item in 0 ..< count {
                var j = 0
                if bug == .columnByIndex {
                    j = item % k
                } else {
                    for column in 1 ..< k where heights[column] < heights[j] { j = column }
                }
                let h = Self.height(of: first + item, data: data, configuration: c, columnWidth: w)
                frames.append(Rect(x: insets.left + Double(j) * (w + g), y: heights[j], width: w, height: h))
                lowest = max(lowest, heights[j] + h)
                heights[j] += h + v
            }
            if count == 0 {
                y += insets.top + insets.bottom
            } else if bug == .contentFromLastColumn {
                y = heights[k - 1] - v + insets.bottom
            } else {
                y = max((heights.max() ?? 0) - v + insets.bottom, lowest)
            }
            items.append(frames)
            footers.append(f > 0 ? Rect(x: 0, y: y, width: container.width, height: f) : nil)
            y += f
        }
        tops.append(y)
        self.headers = headers
        self.footers = footers
        self.items = items
        self.sectionTops = tops
        self.data = data
        cachedItemCount = data.totalItems
        contentSize = Size(width: container.width, height: y)
    }

    /// The reference's item height: a photo scaled to the column, `max(1, floor(height · w /
    /// width))`; a height as given; or the fixed height without sizes.
    static func height(of flat: Int, data: DataShape, configuration: Waterfall.Configuration, columnWidth w: Double) -> Double {
        guard let size = data.itemSizes?[flat] else { return configuration.itemHeight }
        guard configuration.itemSizing == .scaled else { return size.height }
        return max(1, (size.height * w / size.width).rounded(.down))
    }

    func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        guard !rect.isEmpty else { return }
        var section = 0
        while section < data.sectionCount && sectionTops[section] < rect.maxY {
            defer { section += 1 }
            guard sectionTops[section + 1] > rect.minY else { continue }
            if let header = headers[section], header.intersects(rect) {
                buffer.append(LayoutAttributes(kind: .sectionHeader, path: ItemPath(section: section, item: 0), frame: header))
            }
            appendItems(of: section, rect, into: &buffer)
            if let footer = footers[section], footer.intersects(rect) {
                buffer.append(LayoutAttributes(kind: .sectionFooter, path: ItemPath(section: section, item: 0), frame: footer))
            }
        }
    }

    private func appendItems(of section: Int, _ rect: Rect, into buffer: inout [LayoutAttributes]) {
        let frames = items[section]
        func append(_ item: Int) {
            if frames[item].intersects(rect) { buffer.append(.cell(ItemPath(section: section, item: item), frame: frames[item])) }
        }
        guard bug == .searchAssumesSortedFrames else {
            for item in frames.indices {
                guard frames[item].minY < rect.maxY else { break }
                append(item)
            }
            return
        }
        var low = 0, high = frames.count
        var found: Int?
        while low < high {
            let mid = (low + high) / 2
            if frames[mid].maxY <= rect.minY {
                low = mid + 1
            } else if frames[mid].minY >= rect.maxY {
                high = mid
            } else {
                found = mid
                break
            }
        }
        guard let found else { return }
        var first = found, last = found
        while first > 0 && frames[first - 1].maxY > rect.minY { first -= 1 }
        while last + 1 < frames.count && frames[last + 1].minY < rect.maxY { last += 1 }
        for item in first ... last { append(item) }
    }

    func attributes(at path: ItemPath) -> LayoutAttributes? {
        guard data.contains(path) else { return nil }
        return .cell(path, frame: items[path.section][path.item])
    }

    func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? {
        guard path.item == 0, path.section >= 0, path.section < data.sectionCount else { return nil }
        switch kind {
        case .sectionHeader: return headers[path.section].map { LayoutAttributes(kind: kind, path: path, frame: $0) }
        case .sectionFooter: return footers[path.section].map { LayoutAttributes(kind: kind, path: path, frame: $0) }
        default: return nil
        }
    }

    /// What the reference declares, worked out again: cells do not overlap; headers and
    /// footers where they have a height; law 9 along y with the bottom inset that follows
    /// the farthest frame (0 after a footer; `bottom` after the last items, `top + bottom`
    /// after an empty section's header; and `top + bottom` more for each trailing empty
    /// section that places nothing).
    var traits: LayoutTraits {
        let c = configuration
        var supplementaries: [SupplementaryPaths] = []
        if c.headerHeight > 0 { supplementaries.append(SupplementaryPaths(.sectionHeader, .perSection)) }
        if c.footerHeight > 0 { supplementaries.append(SupplementaryPaths(.sectionFooter, .perSection)) }
        let counts = data.itemCounts
        let space = c.insets.top + c.insets.bottom
        var bottom = 0.0
        if let last = counts.last, c.footerHeight == 0 {
            if c.headerHeight > 0 {
                bottom = last > 0 ? c.insets.bottom : space
            } else {
                let trailingEmpty = counts.reversed().prefix { $0 == 0 }.count
                bottom = Double(trailingEmpty) * space + (trailingEmpty == counts.count ? 0 : c.insets.bottom)
            }
        }
        return LayoutTraits(
            cellsDoNotOverlap: true, scrollAxes: .vertical, supplementaries: supplementaries,
            tightness: ContentTightness(axes: .vertical, insets: ContentInsets(bottom: bottom)))
    }
}
