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
