/// The position of an item in the data: a section and an item within it.
///
/// Ordered by section, then item, like `IndexPath` in a collection view.
///
/// A path is a position in the *data*, never on screen. In a two-axis layout (a data grid,
/// a span grid) the section is the data's row (a record) and the item its column (a
/// field): `(record, field)`. Where that cell is displayed (its display row and column,
/// which a transposed grid swaps) is the layout's answer to
/// ``GridLayout/gridPlacement(of:)``. ``ElementID`` holds 2²⁸ rows of 2³² columns, so a
/// grid of 1,000,000 records × 20 fields fits with room to spare.
///
/// Supplementary elements use paths too, each kind in the path space its layout declares
/// (``LayoutTraits/supplementaries``): a section header or footer is `(section, 0)`; the
/// column header of display column `c` is `(0, c)`; the row header of display row `r` is
/// `(r, 0)`; the corner is `(0, 0)`.
public struct ItemPath: Hashable, Comparable, Sendable, Codable {
    public var section: Int
    public var item: Int

    @inlinable
    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    @inlinable
    public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }
}

extension ItemPath: CustomStringConvertible {
    public var description: String { "[\(section), \(item)]" }
}
