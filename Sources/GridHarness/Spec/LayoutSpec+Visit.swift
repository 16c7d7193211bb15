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
        try Self.visit(parameters, visitor)
    }

    /// Opens the configuration's type: the registry's layouts are reached without a switch.
    static func visit<C: LayoutConfiguration, V: LayoutVisitor>(_ configuration: C, _ visitor: V) throws -> V.Result {
        try visitor.visit(configuration.makeLayout())
    }
}
