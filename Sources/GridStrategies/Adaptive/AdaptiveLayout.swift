import GridCore

/// The adaptive strategy CHGridView's author wished for: "Optimally CHGridView should be
/// smart enough to switch this trade-off at some point (if < 400 tiles, for instance)."
///
/// Each `prepare` chooses: below ``threshold`` tiles (cells) it caches everything
/// (``CachedLayout``); at and above it, it computes on demand (the base's own queries). It
/// says which it chose in ``choice``.
///
/// - Complexity: that of the strategy chosen: below the threshold prepare O(P + n) and
///   rect query O(1 + k); at and above it, the base's.
/// - Memory: below the threshold O(n) (about 50 bytes per element); at and above it,
///   the base's.
public struct AdaptiveLayout<Base: GridLayout>: GridLayout, StrategyChoosing {
    /// The seed's suggestion: cache below 400 tiles.
    public static var defaultThreshold: Int { 400 }

    /// Data with fewer cells than this is cached; larger data is computed on demand.
    public let threshold: Int

    @usableFromInline enum State {
        case cached(CachedLayout<Base>)
        case onDemand(Base)
        /// Only while a prepare has moved the layout it holds out, so that the layout is not
        /// shared while it is prepared in place: never seen by a query.
        case moving
    }

    @usableFromInline var state: State

    /// Wraps `base`, switching at `threshold` tiles.
    ///
    /// - Throws: `GridError` when `threshold` is negative.
    public init(_ base: Base, threshold: Int = AdaptiveLayout.defaultThreshold) throws(GridError) {
        guard threshold >= 0 else {
            throw .invalidParameter("threshold", threshold, expected: "a tile count ≥ 0")
        }
        self.threshold = threshold
        self.state = .onDemand(base)
    }

    /// The strategy chosen at the last successful prepare: ``StrategyKind/cached`` or
    /// ``StrategyKind/onDemand`` (before any prepare, on demand).
    public var choice: StrategyKind {
        switch state {
        case .cached: .cached
        case .onDemand, .moving: .onDemand
        }
    }

    /// The base layout, as last prepared.
    public var base: Base {
        switch state {
        case .cached(let cached): cached.base
        case .onDemand(let base): base
        case .moving: preconditionFailure("the layout is read while a prepare has moved it out")
        }
    }

    public var contentSize: Size {
        switch state {
        case .cached(let cached): cached.contentSize
        case .onDemand(let base): base.contentSize
        case .moving: .zero
        }
    }

    public var traits: LayoutTraits { base.traits }

    /// The strategy in place's (a switch starts another from the unprepared base, whose
    /// count starts again).
    public var laneChanges: Int? {
        switch state {
        case .cached(let cached): cached.laneChanges
        case .onDemand(let base): base.laneChanges
        case .moving: nil
        }
    }

    /// Chooses the strategy for `data`'s tile count and prepares it.
    ///
    /// - Throws: what the chosen strategy's prepare throws; the previous state is kept.
    public mutating func prepare(data: DataShape, container: Size) throws {
        if data.totalItems < threshold, case .cached = state {
            try prepare(data: data, container: container, invalidation: .everything)
        } else {
            try prepareAfresh(data: data, container: container)
        }
    }

    /// Chooses the strategy for `data`'s tile count and prepares it, telling it what changed
    /// when it is the strategy already in place (a switch starts the other afresh).
    ///
    /// - Throws: what the chosen strategy's prepare throws; the previous state is kept.
    public mutating func prepare(data: DataShape, container: Size, invalidation: Invalidation) throws {
        if data.totalItems < threshold {
            // The cache it holds is prepared again in place (moved out of `state` first, so
            // that it is not shared), which lets it write over its own arrays.
            guard case .cached(var cached) = state else { return try prepareAfresh(data: data, container: container) }
            state = .moving
            defer { state = .cached(cached) }
            try cached.prepare(data: data, container: container, invalidation: invalidation)
        } else if case .onDemand(var onDemand) = state {
            // Told what changed, and prepared in place: moved out first, so not shared.
            state = .moving
            defer { state = .onDemand(onDemand) }
            try onDemand.prepare(data: data, container: container, invalidation: invalidation)
        } else {
            try prepareAfresh(data: data, container: container)
        }
    }

    /// The strategy for `data`'s tile count, made from the base and prepared untold: a
    /// new cache below the threshold, the base itself at and above it.
    @inline(__always)
    private mutating func prepareAfresh(data: DataShape, container: Size) throws {
        if data.totalItems < threshold {
            var cached = CachedLayout(base)
            try cached.prepare(data: data, container: container)
            state = .cached(cached)
        } else {
            var onDemand = base
            try onDemand.prepare(data: data, container: container)
            state = .onDemand(onDemand)
        }
    }

    @inlinable
    public func elements(in rect: Rect, into buffer: inout [LayoutAttributes]) {
        switch state {
        case .cached(let cached): cached.elements(in: rect, into: &buffer)
        case .onDemand(let base): base.elements(in: rect, into: &buffer)
        case .moving: break
        }
    }

    @inlinable
    public func attributes(at path: ItemPath) -> LayoutAttributes? {
        switch state {
        case .cached(let cached): cached.attributes(at: path)
        case .onDemand(let base): base.attributes(at: path)
        case .moving: nil
        }
    }

    /// The base's placement.
    @inlinable
    public func gridPlacement(of path: ItemPath) -> GridPlacement? {
        switch state {
        case .cached(let cached): cached.gridPlacement(of: path)
        case .onDemand(let base): base.gridPlacement(of: path)
        case .moving: nil
        }
    }

    @inlinable
    public func supplementary(_ kind: ElementKind, at path: ItemPath) -> LayoutAttributes? {
        switch state {
        case .cached(let cached): cached.supplementary(kind, at: path)
        case .onDemand(let base): base.supplementary(kind, at: path)
        case .moving: nil
        }
    }
}
