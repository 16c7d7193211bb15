import GridCore

/// The compute-on-demand strategy: the base layout's own native queries, with nothing
/// cached on top.
///
/// A thin wrapper, so that "on demand" is a strategy like the others in reports, tests and
/// the command line. Its cost is the base's: for `TileGrid`, prepare O(S)
/// for S sections, rect query O(log S + k), per-item O(1), memory O(S); for the layouts
/// whose frames depend on everything before them (`ColumnarGrouped`,
/// `Waterfall`), checkpoints every 32 items and a replay from the nearest
/// one, memory O(S + n/32) (see each layout's documentation). Told of a measurement
/// (`DataEdit.setItemSizes`), those two follow it in place from the checkpoint before the
/// first measured item: a one-column feed of c items measured near item i costs
/// O(32 + (c − i)/32), a waterfall with lanes placed by estimate O(k·32 + k·c/32) for a batch
/// in a section of c items, with rebalanced lanes O(k·(c − i)), plus the sections after;
/// where their sums are not exact they prepare again, O(n).
public struct OnDemandLayout<Base: GridLayout>: GridLayout {
    /// The layout that answers.
    public var base: Base

    public init(_ base: Base) {
        self.base = base
    }

    public var contentSize: Size { base.contentSize }
    public var traits: LayoutTraits { base.traits }
    /// The base's: it is told every update.
    public var laneChanges: Int? { base.laneChanges }

    /// - Complexity: the base's prepare.
    public mutating func prepare(data: DataShape, container: Size) throws {
        try base.prepare(data: data, container: container)
    }

    /// The base told what changed.
    /// - Complexity: the base's.
    public mutating func prepare(data: DataShape, container: Size, invalidation: Invalidation) throws {
        try base.prepare(data: data, container: container, invalidation: invalidation)
    }

    /// - Complexity: the base's rect query.
    @inlinable
    public func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        base.elements(in: rect, into: &buffer)
    }

    /// - Complexity: the base's per-item query.
    @inlinable
    public func attributes(at path: ItemPath) -> LayoutAttributes? {
        base.attributes(at: path)
    }

    /// The base's placement: a strategy changes where answers come from, never what they are.
    /// - Complexity: the base's.
    public func gridPlacement(of path: ItemPath) -> GridPlacement? {
        base.gridPlacement(of: path)
    }

    /// - Complexity: the base's supplementary query.
    @inlinable
    public func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? {
        base.supplementary(kind, at: path)
    }
}
