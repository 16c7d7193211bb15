/// A layout of any type behind one concrete type: for code that chooses a layout at run
/// time (a strategy by name, a layout from a file) and hands it to a generic entry point
/// such as the conformance suite's `makeLayout` closure.
///
/// Every call goes through the existential: a dynamic dispatch per query, never per
/// element. Complexity and memory are the wrapped layout's.
public struct AnyGridLayout: GridLayout {
    /// The layout that answers.
    public var base: any GridLayout

    public init(_ base: any GridLayout) {
        self.base = base
    }

    public mutating func prepare(data: DataShape, container: Size) throws {
        try base.prepare(data: data, container: container)
    }

    public mutating func prepare(data: DataShape, container: Size, invalidation: Invalidation) throws {
        try base.prepare(data: data, container: container, invalidation: invalidation)
    }

    public var contentSize: Size { base.contentSize }
    public var traits: LayoutTraits { base.traits }
    public var laneChanges: Int? { base.laneChanges }

    public func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        base.elements(in: rect, into: &buffer)
    }

    public func attributes(at path: ItemPath) -> LayoutAttributes? {
        base.attributes(at: path)
    }

    public func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? {
        base.supplementary(kind, at: path)
    }

    public func gridPlacement(of path: ItemPath) -> GridPlacement? {
        base.gridPlacement(of: path)
    }
}
