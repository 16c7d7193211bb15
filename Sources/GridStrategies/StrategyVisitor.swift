import GridCore

/// Something done with a layout wrapped in a strategy, at the strategy's concrete type, so
/// that the compiler can specialise the work (a measured replay, a benchmark loop) for it.
/// ``StrategyKind/wrap(_:threshold:visitor:)`` is the one place that maps a kind to its type.
public protocol StrategyVisitor {
    associatedtype Result
    /// `layout` is `base` wrapped in the strategy `kind`.
    func visit<Layout: GridLayout>(_ layout: Layout, kind: StrategyKind) throws -> Result
}
