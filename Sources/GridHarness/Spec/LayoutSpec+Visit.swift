import GridCore
import GridLayouts

/// Something done with a spec's layout at its concrete type, so that the compiler can
/// specialise the work (a replay, a strategy) for that layout.
public protocol LayoutVisitor {
    associatedtype Result
    func visit<Layout: GridLayout & Sendable>(_ layout: Layout) throws -> Result
}

extension LayoutSpec {
    /// Calls `visitor` with a new, unprepared layout of the spec's kind and parameters, at
    /// its concrete type.
    public func visit<V: LayoutVisitor>(_ visitor: V) throws -> V.Result {
        switch parameters {
        case .tileGrid(let configuration): try visitor.visit(TileGrid(configuration))
        }
    }
}
