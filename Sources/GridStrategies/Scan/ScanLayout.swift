import GridCore

/// CHGridView's own strategy, kept as the baseline to beat: every element's attributes are
/// computed once and cached in one big array (CHGridLayout's), and every query scans all
/// of it.
///
/// The seed's README: "Computes layout and caches it in a big array, making it easy for
/// CHGridView to only display visible tiles and section titles", and its grid view walked
/// every tile on each layout pass, so "performance is roughly the same if you use 3000
/// tiles or 200 tiles". This strategy reproduces that cost profile faithfully; it is not
/// meant to be used.
///
/// The array is kept in `ElementID` order (the order a vertical layout emits anyway; it
/// is sorted when the base answers otherwise), so that a query by path is a binary search:
/// the baseline is slow where CHGridView was slow, in the rect queries of every frame,
/// not in lookups a viewport makes once per prepare.
///
/// - Complexity: prepare O(P + n), or O(P + n log n) when the base's answer is not in ID
///   order; rect query O(n) for n elements, whatever the rect; per-item and
///   supplementary queries O(log n).
/// - Memory: O(n), one `LayoutAttributes` (56 bytes) per element.
public struct ScanLayout<Base: GridLayout>: GridLayout {
    /// The layout whose answers are cached.
    public private(set) var base: Base
    /// Every element, in ``ElementID`` order.
    @usableFromInline var all: [LayoutAttributes] = []

    /// Wraps `base`; nothing is cached until ``prepare(data:container:)``.
    public init(_ base: Base) {
        self.base = base
    }

    public var contentSize: Size { base.contentSize }
    /// None: the seed's cache prepares its base again, untold, so the base cannot count
    /// what a measurement moved.
    public var laneChanges: Int? { nil }
    /// The base's traits, saying that every rect query scans every element.
    public var traits: LayoutTraits {
        var traits = base.traits
        traits.rectQueriesScanEverything = true
        return traits
    }

    /// The number of elements in the array.
    public var cachedElementCount: Int { all.count }

    /// Prepares the base, then caches every element of its content in one array.
    ///
    /// - Throws: what the base's `prepare` throws; the previous state is kept.
    /// - Complexity: O(P + n).
    public mutating func prepare(data: DataShape, container: Size) throws {
        var newBase = base
        try newBase.prepare(data: data, container: container)
        adopt(newBase, data: data)
    }

    /// Takes `prepared`, a base already prepared for `data` (by an edit), and gathers its
    /// elements, as ``prepare(data:container:)`` would after preparing it.
    /// - Complexity: O(n).
    mutating func adopt(_ prepared: Base, data: DataShape) {
        let newBase = prepared
        var elements: [LayoutAttributes] = []
        elements.reserveCapacity(data.totalItems + data.sectionCount)
        newBase.elements(in: newBase.contentBounds, into: &elements)
        if !zip(elements, elements.dropFirst()).allSatisfy({ $0.id <= $1.id }) {
            elements.sort { $0.id < $1.id }
        }
        base = newBase
        all = elements
    }

    /// - Complexity: O(n): every element is tested.
    @inlinable
    public func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        all.withUnsafeBufferPointer { all in
            var position = 0
            while position < all.count {
                if all[position].frame.intersects(rect) { buffer.append(all[position]) }
                position += 1
            }
        }
    }

    /// - Complexity: O(log n).
    @inlinable
    public func attributes(at path: ItemPath) -> LayoutAttributes? {
        find(.cell, path) ?? base.attributes(at: path)
    }

    /// The base's placement: a strategy changes where answers come from, never what they are.
    /// - Complexity: the base's.
    public func gridPlacement(of path: ItemPath) -> GridPlacement? {
        base.gridPlacement(of: path)
    }

    /// - Complexity: O(log n).
    @inlinable
    public func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? {
        guard kind != .cell else { return nil }
        return find(kind, path) ?? base.supplementary(kind, at: path)
    }

    /// The element of `kind` at `path`, by binary search over the ID-ordered array.
    @inlinable
    func find(_ kind: ElementKind, _ path: ItemPath) -> LayoutAttributes? {
        let id = ElementID(kind: kind, path: path)
        guard id.path == path else { return nil }
        var low = 0, high = all.count
        while low < high {
            let mid = (low + high) / 2
            if all[mid].id < id { low = mid + 1 } else { high = mid }
        }
        return low < all.count && all[low].id == id ? all[low] : nil
    }
}
