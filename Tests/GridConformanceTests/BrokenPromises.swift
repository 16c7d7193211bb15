import GridCore
import GridLayouts

/// The tile grid, reporting what a told update did (`SectionShiftReporting`) and enumerating
/// its elements (`ScrollOrderedEnumeration`) through the grid's own, so that the cached
/// strategy over it keeps its cache in pieces; with one bug, in the word alone: every answer
/// is the grid's.
struct ShiftReportingTileGrid: SectionShiftReporting, ScrollOrderedEnumeration {
    enum Bug: String, Sendable, CustomStringConvertible {
        /// Law 6: the shift is reported with offset 0, whatever the update did to the
        /// sections after the edited ones: a layout that sums its tops again rather than
        /// tracking the change says "nothing moved".
        case reportsNoOffset

        var description: String { rawValue }
    }

    var bug: Bug?
    var grid: TileGrid

    init(bug: Bug? = nil, _ configuration: TileGrid.Configuration = .chGridView) {
        self.bug = bug
        grid = TileGrid(configuration)
    }

    mutating func prepare(data: DataShape, container: Size) throws { try grid.prepare(data: data, container: container) }
    mutating func prepare(data: DataShape, container: Size, invalidation: Invalidation) throws {
        try grid.prepare(data: data, container: container, invalidation: invalidation)
    }

    mutating func prepareReportingShift(data: DataShape, container: Size, invalidation: Invalidation) throws -> SectionShift? {
        var shift = try grid.prepareReportingShift(data: data, container: container, invalidation: invalidation)
        if bug == .reportsNoOffset { shift?.offset = 0 }
        return shift
    }

    func enumerateElements(into sink: inout ElementSink) { grid.enumerateElements(into: &sink) }
    var contentSize: Size { grid.contentSize }
    var traits: LayoutTraits { grid.traits }
    func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) { grid.elements(in: rect, into: &buffer) }
    func attributes(at path: ItemPath) -> LayoutAttributes? { grid.attributes(at: path) }
    func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? { grid.supplementary(kind, at: path) }
}

/// The tile grid with an enumeration of its own (`ScrollOrderedEnumeration`): every element
/// its rect query returns over the whole content, sorted by where its frame starts along y,
/// then by ID; with one bug, in the enumeration alone.
struct EnumeratingTileGrid: ScrollOrderedEnumeration {
    enum Bug: String, CaseIterable, Sendable, CustomStringConvertible {
        /// Law 1: the last element is never written (a loop bound one short).
        case leavesOutTheLast
        /// Law 1: the first element of every section after the first is written twice (a
        /// section's header written both as the end of one run and the start of the next).
        case listsSectionStartsTwice
        /// Law 1: each section's header is written after its cells, as a layout that lays
        /// a section's cells before measuring its header writes them.
        case headerAfterItsCells

        var description: String { rawValue }
    }

    var bug: Bug?
    var grid = TileGrid()

    mutating func prepare(data: DataShape, container: Size) throws { try grid.prepare(data: data, container: container) }

    func enumerateElements(into sink: inout ElementSink) {
        var all: [LayoutAttributes] = []
        grid.elements(in: Rect(x: -1, y: -1, width: grid.contentSize.width + 2, height: grid.contentSize.height + 2), into: &all)
        all.sort { ($0.frame.minY, $0.id) < ($1.frame.minY, $1.id) }
        if bug == .leavesOutTheLast, !all.isEmpty { all.removeLast() }
        if bug == .headerAfterItsCells {
            var reordered: [LayoutAttributes] = []
            var header: LayoutAttributes?
            for element in all {
                if element.kind == .sectionHeader {
                    if let header { reordered.append(header) }
                    header = element
                } else {
                    reordered.append(element)
                }
            }
            if let header { reordered.append(header) }
            all = reordered
        }
        var lastSection = 0
        for element in all {
            if bug == .listsSectionStartsTwice, element.path.section > lastSection {
                sink.append(element.kind, element.path, element.frame)
                lastSection = element.path.section
            }
            sink.append(element.kind, element.path, element.frame)
        }
    }

    var contentSize: Size { grid.contentSize }
    var traits: LayoutTraits { grid.traits }
    func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) { grid.elements(in: rect, into: &buffer) }
    func attributes(at path: ItemPath) -> LayoutAttributes? { grid.attributes(at: path) }
    func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? { grid.supplementary(kind, at: path) }
}

/// CHGridView's grid with square tiles: the row height follows the container's width, and
/// with it the line height it declares and the band of its first row, which it keeps in
/// view while the content scrolls (a featured row, frozen as a band); with one bug, in what
/// it declares alone.
struct SquareTileGrid: GridLayout {
    enum Bug: String, Sendable, CustomStringConvertible {
        /// Law 6: the line height and the pin band are worked out at the first prepare and
        /// kept, as a layout that memoises its traits does: after a resize the viewport
        /// preloads and pins by the old row.
        case traitsFromFirstPrepare

        var description: String { rawValue }
    }

    var bug: Bug?
    var grid = TileGrid()
    private var kept: (lineHeight: Double?, pinning: [PinRule])?

    init(bug: Bug? = nil) { self.bug = bug }

    mutating func prepare(data: DataShape, container: Size) throws {
        var configuration = TileGrid.Configuration.chGridView
        let n = Double(configuration.tilesPerLine), pad = configuration.padding
        let side = ((container.width - pad.width * (n + 1)) / n).rounded(.down)
        configuration.rowHeight = max(side, 1) + pad.height
        grid.configuration = configuration
        try grid.prepare(data: data, container: container)
        if bug == .traitsFromFirstPrepare, kept == nil {
            let now = traitsNow
            kept = (now.lineHeight, now.pinning)
        }
    }

    var traits: LayoutTraits {
        var traits = traitsNow
        if let kept { (traits.lineHeight, traits.pinning) = (kept.lineHeight, kept.pinning) }
        return traits
    }

    /// The grid's traits, and its first row's band `[t + ph, t + ph + side)` pinned.
    private var traitsNow: LayoutTraits {
        var traits = grid.traits
        let c = grid.configuration
        let top = c.sectionTitleHeight + c.padding.height
        traits.pinning.append(PinRule(.cell, along: .vertical, .band(start: top, end: top + c.rowHeight - c.padding.height)))
        return traits
    }

    var contentSize: Size { grid.contentSize }
    func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) { grid.elements(in: rect, into: &buffer) }
    func attributes(at path: ItemPath) -> LayoutAttributes? { grid.attributes(at: path) }
    func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? { grid.supplementary(kind, at: path) }
}

/// The span grid, its merged cells placed as the grid places them or, with the bug, not:
/// every frame is the grid's, only the placement is wrong.
/// A test layout that answers as the span grid it holds, except where it says otherwise.
protocol SpanGridWrapper: GridLayout {
    var grid: SpanGrid { get set }
}

extension SpanGridWrapper {
    mutating func prepare(data: DataShape, container: Size) throws { try grid.prepare(data: data, container: container) }
    var contentSize: Size { grid.contentSize }
    var traits: LayoutTraits { grid.traits }
    func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) { grid.elements(in: rect, into: &buffer) }
    func attributes(at path: ItemPath) -> LayoutAttributes? { grid.attributes(at: path) }
    func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? { grid.supplementary(kind, at: path) }
    func gridPlacement(of path: ItemPath) -> GridPlacement? { grid.gridPlacement(of: path) }
}

struct PlacedSpanGrid: SpanGridWrapper {
    enum Bug: String, Sendable, CustomStringConvertible {
        /// Law 2: a merged cell is placed with a row span of 1 while its frame covers all
        /// its rows, as a grid that reports a merged cell by its anchor slot alone (the rows
        /// under it are then covered by no cell, so no slot is taken twice and law 3 holds).
        case mergedRowsReportedAsOne

        var description: String { rawValue }
    }

    var bug: Bug?
    var grid: SpanGrid

    init(bug: Bug? = nil, _ configuration: SpanGrid.Configuration = .example) {
        self.bug = bug
        grid = SpanGrid(configuration)
    }

    func gridPlacement(of path: ItemPath) -> GridPlacement? {
        guard var placement = grid.gridPlacement(of: path) else { return nil }
        if bug == .mergedRowsReportedAsOne { placement.rowSpan = 1 }
        return placement
    }
}
