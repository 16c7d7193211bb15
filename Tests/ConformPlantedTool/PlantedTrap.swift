import GridCore

/// A layout with a trap planted in it, for the tests of the isolated suite only
/// (`gridbench-conform-planted`): the registry's layouts do not trap, so without it no
/// test could show `gridbench conform --isolate` meeting one.
///
/// It answers as its base does, except that `attributes(at:)` reads a per-column table of
/// six entries at the item's index for every item the data holds: item 6 of any section is
/// out of range, and the process traps.
struct PlantedTrap: GridLayout {
    var base: AnyGridLayout
    private let table = [Double](repeating: 1, count: 6)

    init(_ base: AnyGridLayout) { self.base = base }

    mutating func prepare(data: DataShape, container: Size) throws { try base.prepare(data: data, container: container) }
    var contentSize: Size { base.contentSize }
    var traits: LayoutTraits { base.traits }
    func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) { base.elements(in: rect, into: &buffer) }
    func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? { base.supplementary(kind, at: path) }
    func gridPlacement(of path: ItemPath) -> GridPlacement? { base.gridPlacement(of: path) }

    func attributes(at path: ItemPath) -> LayoutAttributes? {
        guard let answer = base.attributes(at: path) else { return nil }
        return table[path.item] > 0 ? answer : nil  // traps for item ≥ 6
    }
}
