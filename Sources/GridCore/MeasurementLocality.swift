/// Law 10, locality, as a layout declares it (``LayoutTraits/measurementLocality``): telling
/// the layout that items changed size (``DataEdit/setItemSizes(_:)``) changes the frame of no
/// element that comes before the start of the first measured item's line.
///
/// The order is the data's, the same for every layout that declares the law: section by
/// section, each section's header, then its items in item order, then its footer. Items are
/// grouped into *lines*, the unit whose elements may move together when one of them is
/// measured: a row of tiles whose cells share the row's height, or a single item where
/// nothing beside it depends on its size (a waterfall's item, a cell in a grouped column).
///
/// So when item `i` of section `s` is measured, with its line starting at item `l`:
/// - the cells of sections before `s`, and the cells `0 ..< l` of `s`, keep their frames;
/// - the headers of sections `0 … s` and the footers of sections before `s` keep theirs;
/// - everything else may move: `i`'s line, the items after it, the footer of `s`, the
///   sections after `s`, and the content size.
///
/// Kinds whose paths are positions in a two-axis grid (column and row headers, the corner)
/// have no place in this order, and the law says nothing of them.
///
/// A layout declares it where a measurement changes its frames from the measured item's line
/// on and no earlier: where a rule that depends on sizes (a waterfall's lane, a grouped
/// section's column) is taken in order from the top, each element's place depends on the
/// sizes before it alone. A layout that balances its columns over every item (the tallest
/// column's items moved to the left, sections dealt tallest first) does not, and must not
/// declare it: there a measurement far down the content moves what the user is looking at.
public enum MeasurementLocality: Hashable, Sendable, CustomStringConvertible {
    /// Each item is its own line (a waterfall, a grouped column): only the measured items and
    /// what follows them may move.
    case item
    /// Each section's items in lines of `itemsPerRow`, a section's first item starting a
    /// line (a tile grid's rows, whose tiles share a height): item `i`'s line starts at item
    /// `(i / itemsPerRow)·itemsPerRow` of its section. A count below 1 counts as 1.
    case rows(itemsPerRow: Int)
    /// A whole section is one line (a data grid's record, whose cells share the row's
    /// height): a measurement may move every element of the measured item's section but its
    /// header.
    case section

    /// The first item of the line `path` lies on.
    ///
    /// - Parameter path: An item of the data.
    /// - Returns: The item of `path`'s section that starts its line: `path` itself for
    ///   ``item``, the first of its row for ``rows(itemsPerRow:)``, item 0 for ``section``.
    /// - Complexity: O(1).
    @inlinable
    public func lineStart(of path: ItemPath) -> ItemPath {
        switch self {
        case .item: path
        case .rows(let itemsPerRow):
            ItemPath(section: path.section, item: path.item - path.item % max(1, itemsPerRow))
        case .section: ItemPath(section: path.section, item: 0)
        }
    }

    /// Whether the element of `kind` at `path` comes before `lineStart`, a line's first
    /// item, in the order of the data (see the type's documentation): a cell at an earlier
    /// path, a section header of that section or an earlier one, a section footer of an
    /// earlier section. `false` for the kinds that have no place in that order (column and
    /// row headers, the corner).
    ///
    /// - Parameters:
    ///   - kind: The element's kind.
    ///   - path: The element's path: a cell's item, or `(section, 0)` for a section header
    ///     or footer.
    ///   - lineStart: The first item of a measured item's line (``lineStart(of:)``).
    /// - Returns: Whether a measurement from `lineStart` on must leave the element's frame
    ///   as it was.
    /// - Complexity: O(1).
    @inlinable
    public static func precedes(_ kind: ElementKind, at path: ItemPath, lineStart: ItemPath) -> Bool {
        switch kind {
        case .cell:
            path.section < lineStart.section || (path.section == lineStart.section && path.item < lineStart.item)
        case .sectionHeader:
            path.section <= lineStart.section
        case .sectionFooter:
            path.section < lineStart.section
        case .columnHeader, .rowHeader, .corner:
            false
        }
    }

    /// `item`, `rows of 4 items` or `section`, for reports.
    public var description: String {
        switch self {
        case .item: "item"
        case .rows(let itemsPerRow): "rows of \(itemsPerRow) items"
        case .section: "section"
        }
    }
}
