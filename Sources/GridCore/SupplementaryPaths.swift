/// The paths at which a layout may place supplementary elements of one kind.
public struct SupplementaryPaths: Hashable, Sendable {
    /// Where the paths come from.
    public enum Space: Hashable, Sendable {
        /// One per section of the data, at `(section, 0)`: section headers and footers.
        case perSection
        /// The rectangle `(s, i)` with `0 ≤ s < sections` and `0 ≤ i < items`: a column
        /// header per display column is `grid(sections: 1, items: columns)`, a row header
        /// per display row `grid(sections: rows, items: 1)`, a corner `grid(1, 1)`.
        case grid(sections: Int, items: Int)

        /// The number of sections and items per section the space spans for `data`: one
        /// item per section of the data for ``perSection``; the rectangle itself, negative
        /// sizes read as 0, for a grid.
        /// - Complexity: O(1).
        @inlinable
        public func extent(for data: DataShape) -> (sections: Int, items: Int) {
            switch self {
            case .perSection: (data.sectionCount, 1)
            case .grid(let sections, let items): (max(0, sections), max(0, items))
            }
        }
    }

    public var kind: ElementKind
    public var space: Space

    public init(_ kind: ElementKind, _ space: Space) {
        self.kind = kind
        self.space = space
    }

    /// Whether `path` lies in this space for `data`.
    /// - Complexity: O(1).
    @inlinable
    public func contains(_ path: ItemPath, data: DataShape) -> Bool {
        switch space {
        case .perSection: path.section >= 0 && path.section < data.sectionCount && path.item == 0
        case .grid(let sections, let items): path.section >= 0 && path.section < sections && path.item >= 0 && path.item < items
        }
    }

    /// A header and a footer per section: what a layout that declares nothing may place.
    public static let sectionHeadersAndFooters = [
        SupplementaryPaths(.sectionHeader, .perSection), SupplementaryPaths(.sectionFooter, .perSection),
    ]
}
