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

    /// The kind named `name`, or a ``GridError`` listing the names there are.
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
    /// `base` wrapped in this strategy; `threshold` is the adaptive strategy's switch.
    ///
    /// Returns an existential for tools and tests; code that measures wraps the concrete
    /// types (``CachedLayout``, ``ScanLayout``, ``OnDemandLayout``, ``AdaptiveLayout``) so
    /// that the compiler can specialise the hot path.
    ///
    /// - Throws: ``GridError`` when `threshold` is negative.
    public func wrap<Base: GridLayout>(
        _ base: Base, threshold: Int = AdaptiveLayout<Base>.defaultThreshold
    ) throws(GridError) -> any GridLayout {
        switch self {
        case .cached: CachedLayout(base)
        case .scan: ScanLayout(base)
        case .onDemand: OnDemandLayout(base)
        case .adaptive: try AdaptiveLayout(base, threshold: threshold)
        }
    }
}
