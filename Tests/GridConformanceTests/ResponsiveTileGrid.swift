import GridCore
import GridLayouts

/// A responsive tile grid: 4 tiles per line below 600 points, 6 below 900, 8 from there; its
/// content at least as tall as its container. Broken on purpose by caches that only some
/// container changes expose.
struct ResponsiveTileGrid: GridLayout {
    enum Bug: String, CaseIterable, Sendable, CustomStringConvertible {
        /// Law 6: the tile width is cached per tiles-per-line, so a width change that stays
        /// between two breakpoints keeps the old tile width.
        case tileWidthCachedPerBreakpoint
        /// Law 6: prepare returns early when the width and data are unchanged, so a change
        /// of height alone keeps the old content height.
        case ignoresHeightOnlyChange

        var description: String { rawValue }
    }

    var bug: Bug?
    private var base = TileGrid()
    private var last: (data: DataShape, container: Size, perLine: Int)?
    private var minimumHeight = 0.0

    init(bug: Bug? = nil) { self.bug = bug }

    static func tilesPerLine(_ width: Double) -> Int { width < 600 ? 4 : width < 900 ? 6 : 8 }

    mutating func prepare(data: DataShape, container: Size) throws {
        let perLine = Self.tilesPerLine(container.width)
        if bug == .ignoresHeightOnlyChange, let last, last.data == data, last.container.width == container.width { return }
        var width = container.width
        if bug == .tileWidthCachedPerBreakpoint, let last, last.perLine == perLine { width = last.container.width }
        base.configuration.tilesPerLine = perLine
        try base.prepare(data: data, container: Size(width: width, height: container.height))
        minimumHeight = container.height
        last = (data, Size(width: width, height: container.height), perLine)
    }

    var contentSize: Size {
        Size(width: base.contentSize.width, height: max(base.contentSize.height, minimumHeight))
    }

    func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) { base.elements(in: rect, into: &buffer) }
    func attributes(at path: ItemPath) -> LayoutAttributes? { base.attributes(at: path) }
    func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? { base.supplementary(kind, at: path) }
    /// The tile grid's, but not tight: the content fills the container.
    var traits: LayoutTraits {
        var traits = base.traits
        traits.tightness = nil
        return traits
    }
}
