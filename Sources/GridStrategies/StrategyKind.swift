import GridCore

/// The strategies GridBench compares, by the names used in files, reports and on the
/// command line.
public enum StrategyKind: String, CaseIterable, Hashable, Sendable, Codable {
    /// Materialise every element once in `prepare`; answer rect queries from a spatial index.
    case cached
    /// CHGridView's own way: cache every frame in one array and scan all of it per query.
    case scan
    /// The layout's own native queries, computed when asked.
    case onDemand = "on-demand"
    /// Cached below a tile-count threshold, on demand at and above it.
    case adaptive

    /// The kind named `name`, or a `GridError` listing the names there are.
    public init(named name: String) throws(GridError) {
        guard let kind = StrategyKind(rawValue: name) else {
            throw .invalidParameter(
                "strategy", name,
                expected: "one of " + StrategyKind.allCases.map(\.rawValue).joined(separator: ", "))
        }
        self = kind
    }
}

extension StrategyKind {
    /// Calls `visitor` with `base` wrapped in this strategy, at the strategy's concrete type;
    /// `threshold` is the adaptive strategy's switch.
    ///
    /// - Throws: `GridError` when `threshold` is negative; what `visitor` throws.
    public func wrap<Base: GridLayout, V: StrategyVisitor>(
        _ base: Base, threshold: Int = AdaptiveLayout<Base>.defaultThreshold, visitor: V
    ) throws -> V.Result {
        switch self {
        case .cached: try visitor.visit(CachedLayout(base), kind: self)
        case .scan: try visitor.visit(ScanLayout(base), kind: self)
        case .onDemand: try visitor.visit(OnDemandLayout(base), kind: self)
        case .adaptive: try visitor.visit(try AdaptiveLayout(base, threshold: threshold), kind: self)
        }
    }

    /// `base` wrapped in this strategy; `threshold` is the adaptive strategy's switch.
    ///
    /// Returns an existential for tools and tests; code that measures wraps the concrete
    /// types (``CachedLayout``, ``ScanLayout``, ``OnDemandLayout``, ``AdaptiveLayout``) so
    /// that the compiler can specialise the hot path.
    ///
    /// - Throws: `GridError` when `threshold` is negative.
    public func wrap<Base: GridLayout>(
        _ base: Base, threshold: Int = AdaptiveLayout<Base>.defaultThreshold
    ) throws(GridError) -> any GridLayout {
        do {
            return try wrap(base, threshold: threshold, visitor: Existential())
        } catch let error as GridError {
            throw error
        } catch {
            throw .invalidParameter("strategy", rawValue, expected: "a strategy that wraps (\(error))")
        }
    }

    private struct Existential: StrategyVisitor {
        func visit<Layout: GridLayout>(_ layout: Layout, kind: StrategyKind) -> any GridLayout { layout }
    }
}
