import Benchmark
import GridCore
import GridHarness
import GridLayouts
import GridStrategies
import GridViewport

/// A viewport over CHGridView's grid, scrolled one frame per call; made in a benchmark's
/// setup (not at registration) so that filtering benchmarks does not build 10 million
/// tiles for nothing.
final class FrameLoop: @unchecked Sendable {
    enum Gesture {
        /// The bundled fling-120hz trace of photos-2976: flicks to the end and back.
        case bundledFling
        /// 25 points a frame from the middle of the content, bouncing off the ends.
        case steadyFromMiddle
    }

    let tiles: Int
    let strategy: StrategyKind
    let gesture: Gesture
    private var scroller: (any Scrolling)?

    init(tiles: Int, strategy: StrategyKind, gesture: Gesture) {
        self.tiles = tiles
        self.strategy = strategy
        self.gesture = gesture
    }

    func load() throws {
        let spec = tiles == 2_976 ? try BundledDatasets.photos2976() : try BundledDatasets.scale(tiles)
        let offsets: [Point]
        switch gesture {
        case .bundledFling:
            offsets = try TraceGenerator(spec: spec).generate(.init(kind: .fling, seed: 1, refreshHz: 120)).offsets
        case .steadyFromMiddle:
            let height = try spec.preparedLayout().contentSize.height
            var y = (height / 2).rounded(), step = 25.0
            offsets = (0..<4_000).map { _ in
                if y + step < 0 || y + step > height - 480 { step = -step }
                y += step
                return Point(x: 0, y: y)
            }
        }
        scroller = try strategy.wrap(TileGrid(), visitor: MakeScroller(spec: spec, offsets: offsets))
    }

    /// A scroller over the layout at its strategy's concrete type.
    private struct MakeScroller: StrategyVisitor {
        let spec: LayoutSpec
        let offsets: [Point]
        func visit<L: GridLayout>(_ layout: L, kind: StrategyKind) throws -> any Scrolling {
            try Scroller(layout, spec: spec, offsets: offsets)
        }
    }

    func unload() { scroller = nil }

    @inline(__always)
    func next() -> Int { scroller?.next() ?? 0 }
}

protocol Scrolling: AnyObject {
    func next() -> Int
}

/// One strategy's viewport and the offsets it cycles through, warmed up by a full pass.
final class Scroller<L: GridLayout>: Scrolling {
    private var viewport: Viewport<L>
    private let offsets: [Point]
    private var index = 0

    init(_ layout: L, spec: LayoutSpec, offsets: [Point]) throws {
        viewport = try Viewport(layout: layout, data: spec.data, size: spec.container)
        self.offsets = offsets
        for offset in offsets { viewport.scroll(to: offset) }
    }

    func next() -> Int {
        let report = viewport.scroll(to: offsets[index])
        index = index + 1 == offsets.count ? 0 : index + 1
        return report.digest.count
    }
}

/// A value made once, on first use, so that setup pays for it rather than registration.
final class Lazy<T>: @unchecked Sendable {
    private var made: T?
    private let make: () throws -> T
    init(_ make: @escaping () throws -> T) { self.make = make }
    func value() throws -> T {
        if let made { return made }
        let value = try make()
        made = value
        return value
    }
}
