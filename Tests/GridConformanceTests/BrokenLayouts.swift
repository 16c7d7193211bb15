import GridCore
import GridLayouts

/// `TileGrid` with exactly one bug, so that everything else it answers is right and a
/// violation can only come from the bug.
struct BrokenTileGrid: GridLayout {
    enum Bug: String, CaseIterable, Sendable, CustomStringConvertible {
        /// Law 1: the rect query compares the far edges with `<=`, so frames that only
        /// touch the rect's bottom or right edge are returned.
        case closedFarEdge
        /// Law 1: the rect query never returns the cells of the last row of the last
        /// non-empty section.
        case dropsLastRow
        /// Law 1: the rect query returns its first element twice.
        case returnsFirstTwice
        /// Law 1: the rect query empties the caller's buffer before appending.
        case clearsBuffer
        /// Laws 1 and 7: the rect query returns only frames lying wholly inside the rect.
        case containedOnly
        /// Law 2: `attributes(at:)` puts item 2 of every section half a point lower than
        /// the rect query does.
        case itemAnswerDisagrees
        /// Law 3: `attributes(at:)` answers for items beyond the end of a section.
        case answersBeyondData
        /// Law 3: item 0 of section 0 has a negative width.
        case negativeSizeFrame
        /// Law 3: item 0 of section 0 has a NaN origin.
        case nanFrame
        /// Law 4: the content size is 1 pt shorter than the last row's bottom.
        case frameOutsideContent
        /// Law 4: the content size is half as tall as the content: frames lie far outside it.
        case contentHalfTooShort
        /// Law 9: the content runs one row past the last row (a trailing line counted twice).
        case contentOneRowTooLong
        /// Laws 9 and 4: the content stops one row short (the last line not counted).
        case contentOneRowTooShort
        /// Law 5 (and 6): a shared counter, bumped by every prepare, jitters a frame.
        case nondeterministic
        /// Law 6: a second prepare keeps the first data.
        case staleAfterDataChange
        /// Law 6: a second prepare keeps the first container (a cache not refreshed after
        /// a rotation).
        case staleAfterRotation
        /// Law 6: a second prepare with the same item counts keeps the old item sizes.
        case staleWhenCountsUnchanged
        /// Law 8: cells in column 1 reach 1 pt into column 0, while the layout declares
        /// that cells never overlap.
        case overlappingCells

        var description: String { rawValue }
    }

    /// Counts prepares across every layout one factory makes (the "global counter").
    final class PrepareCounter: @unchecked Sendable {
        var value = 0
    }

    var base: TileGrid
    let bug: Bug
    let counter: PrepareCounter
    private var firstPreparation: (data: DataShape, container: Size)?
    private var jitter = 0.0
    /// The data the base was last prepared with.
    private var data = DataShape.empty

    init(_ bug: Bug, _ configuration: TileGrid.Configuration = .chGridView, counter: PrepareCounter = PrepareCounter()) {
        self.base = TileGrid(configuration)
        self.bug = bug
        self.counter = counter
    }

    /// A factory whose layouts share one counter, as the suite wants.
    static func factory(_ bug: Bug, _ configuration: TileGrid.Configuration = .chGridView) -> () -> BrokenTileGrid {
        let counter = PrepareCounter()
        return { BrokenTileGrid(bug, configuration, counter: counter) }
    }

    mutating func prepare(data: DataShape, container: Size) throws {
        var data = data, container = container
        if let first = firstPreparation {
            switch bug {
            case .staleAfterDataChange: data = first.data
            case .staleAfterRotation: container = first.container
            case .staleWhenCountsUnchanged where first.data.itemCounts == data.itemCounts: data = first.data
            default: break
            }
        }
        try base.prepare(data: data, container: container)
        self.data = data
        if firstPreparation == nil { firstPreparation = (data, container) }
        counter.value += 1
        jitter = bug == .nondeterministic ? Double(counter.value % 64 + 1) / 128 : 0
    }

    var contentSize: Size {
        var size = base.contentSize
        if bug == .frameOutsideContent && size.height > 0 {
            size.height = max(0, size.height - base.configuration.padding.height - 1)
        }
        if bug == .contentHalfTooShort { size.height /= 2 }
        if bug == .contentOneRowTooLong { size.height += base.configuration.rowHeight }
        if bug == .contentOneRowTooShort && data.totalItems > 0 { size.height -= base.configuration.rowHeight }
        return size
    }

    var traits: LayoutTraits { base.traits }

    /// What the broken layout says an element's frame is.
    private func broken(_ element: LayoutAttributes) -> LayoutAttributes {
        var element = element
        guard element.kind == .cell else { return element }
        let path = element.path
        switch bug {
        case .negativeSizeFrame where path == ItemPath(section: 0, item: 0):
            element.frame.size.width = -element.frame.width
        case .nanFrame where path == ItemPath(section: 0, item: 0):
            element.frame.origin.x = .nan
        case .nondeterministic where path == ItemPath(section: 0, item: 0):
            element.frame.size.width -= jitter
        case .overlappingCells where path.item % base.configuration.tilesPerLine == 1:
            element.frame.origin.x -= base.configuration.padding.width + 1
        default:
            break
        }
        return element
    }

    func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        switch bug {
        case .clearsBuffer:
            buffer.removeAll(keepingCapacity: true)
            base.elements(in: rect, into: &buffer)
        case .closedFarEdge:
            guard !(rect.minX.isNaN || rect.minY.isNaN || rect.width.isNaN || rect.height.isNaN) else { return }
            let grown = Rect(x: rect.minX, y: rect.minY, width: max(rect.width, 0) + 1, height: max(rect.height, 0) + 1)
            for element in base.elements(in: grown) {
                let f = element.frame
                if f.minX <= rect.maxX && rect.minX < f.maxX && f.minY <= rect.maxY && rect.minY < f.maxY {
                    buffer.append(element)
                }
            }
        case .containedOnly:
            for element in base.elements(in: rect) where rect.contains(element.frame) { buffer.append(element) }
        case .dropsLastRow:
            let lastRow = lastRowRange()
            for element in base.elements(in: rect) {
                if element.kind == .cell, let (section, items) = lastRow, element.path.section == section, items.contains(element.path.item) {
                    continue
                }
                buffer.append(element)
            }
        case .returnsFirstTwice:
            let start = buffer.count
            base.elements(in: rect, into: &buffer)
            if buffer.count > start { buffer.append(buffer[start]) }
        case .overlappingCells:
            // Frames move up to pw + 1 to the left: ask for a wider rect, keep what meets `rect`.
            let reach = base.configuration.padding.width + 1
            for element in base.elements(in: rect.insetBy(dx: -reach, dy: 0)) {
                let moved = broken(element)
                if moved.frame.intersects(rect) { buffer.append(moved) }
            }
        case .negativeSizeFrame, .nanFrame, .nondeterministic:
            // The changed frame only shrinks or becomes empty: filter what the base returns.
            for element in base.elements(in: rect) {
                let changed = broken(element)
                if changed.frame.intersects(rect) { buffer.append(changed) }
            }
        case .itemAnswerDisagrees, .answersBeyondData, .frameOutsideContent, .contentHalfTooShort,
             .contentOneRowTooLong, .contentOneRowTooShort,
             .staleAfterDataChange, .staleAfterRotation, .staleWhenCountsUnchanged:
            base.elements(in: rect, into: &buffer)
        }
    }

    func attributes(at path: ItemPath) -> LayoutAttributes? {
        switch bug {
        case .itemAnswerDisagrees:
            guard var answer = base.attributes(at: path) else { return nil }
            if path.item == 2 { answer.frame.origin.y += 0.5 }
            return answer
        case .answersBeyondData:
            // Checks the section but forgets to check the item against the section's count.
            guard path.item >= 0, let top = base.sectionTop(path.section), path.section < data.sectionCount else { return nil }
            let c = base.configuration
            let row = path.item / c.tilesPerLine, col = path.item % c.tilesPerLine
            return .cell(path, frame: Rect(
                x: c.padding.width + Double(col) * (base.tileWidth + c.padding.width),
                y: top + c.sectionTitleHeight + Double(row) * c.rowHeight + c.padding.height,
                width: base.tileWidth, height: c.rowHeight - c.padding.height))
        default:
            return base.attributes(at: path).map(broken)
        }
    }

    func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? {
        base.supplementary(kind, at: path)
    }

    /// The last section with items and the item range of its last row.
    private func lastRowRange() -> (Int, Range<Int>)? {
        guard let section = data.itemCounts.lastIndex(where: { $0 > 0 }) else { return nil }
        let count = data.itemCounts[section]
        let n = base.configuration.tilesPerLine
        return (section, (count - 1) / n * n ..< count)
    }
}
