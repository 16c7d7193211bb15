import GridCore

/// A one-column list whose cells are as tall as the data's item heights, that follows a
/// measurement in place: told `DataEdit.setItemSizes`, it recomputes the tops from the
/// first measured item on, over its own array, and keeps no copy of the data (so that the
/// viewport's in-place write of the sizes copies nothing). A test layout for counting what
/// a measuring viewport itself allocates.
struct SelfSizingList: GridLayout {
    /// `tops[i]` is the top of item `i` (flat); `tops[n]` the content height.
    private var tops: [Double] = [0]
    /// `starts[s]` is the flat index of section `s`'s first item; `starts[S]` the total.
    private var starts: [Int] = [0]
    private var width = 0.0
    private(set) var contentSize = Size.zero

    mutating func prepare(data: DataShape, container: Size) throws {
        guard let sizes = data.itemSizes else {
            throw GridError.invalidData("itemSizes", "none", expected: "one size per item")
        }
        starts = (0...data.sectionCount).map { data.sectionStarts[$0] }
        tops = [0]
        tops.reserveCapacity(sizes.count + 1)
        for size in sizes { tops.append(tops[tops.count - 1] + size.height) }
        width = container.width
        contentSize = Size(width: width, height: tops[tops.count - 1])
    }

    mutating func prepare(data: DataShape, container: Size, invalidation: Invalidation) throws {
        guard case .edited(.setItemSizes(let items)) = invalidation.data, invalidation.container == .unchanged,
              let sizes = data.itemSizes, sizes.count + 1 == tops.count
        else { return try prepare(data: data, container: container) }
        var first = sizes.count
        var index = 0
        while index < items.count {
            if let flat = data.flatIndex(of: items[index].path) { first = min(first, flat) }
            index += 1
        }
        var flat = first
        while flat < sizes.count {
            tops[flat + 1] = tops[flat] + sizes[flat].height
            flat += 1
        }
        contentSize = Size(width: width, height: tops[sizes.count])
    }

    /// The path of flat item `flat`.
    private func path(of flat: Int) -> ItemPath {
        var low = 0, high = starts.count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if starts[mid] <= flat { low = mid } else { high = mid }
        }
        return ItemPath(section: low, item: flat - starts[low])
    }

    private func frame(_ flat: Int) -> Rect {
        Rect(x: 0, y: tops[flat], width: width, height: tops[flat + 1] - tops[flat])
    }

    func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        let n = tops.count - 1
        // The first item ending below the rect's top.
        var low = 0, high = n
        while low < high {
            let mid = (low + high) / 2
            if tops[mid + 1] <= rect.minY { low = mid + 1 } else { high = mid }
        }
        var flat = low
        while flat < n && tops[flat] < rect.maxY {
            let frame = frame(flat)
            if frame.intersects(rect) { buffer.append(.cell(path(of: flat), frame: frame)) }
            flat += 1
        }
    }

    func attributes(at path: ItemPath) -> LayoutAttributes? {
        guard path.section >= 0, path.section + 1 < starts.count, path.item >= 0,
              starts[path.section] + path.item < starts[path.section + 1] else { return nil }
        return .cell(path, frame: frame(starts[path.section] + path.item))
    }

    func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? { nil }

    var traits: LayoutTraits { LayoutTraits(cellsDoNotOverlap: true, scrollAxes: .vertical) }
}
