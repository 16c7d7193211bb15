import Foundation
import GridCore
import GridLayouts
import GridStrategies
import GridViewport

/// One element as `gridbench dump` prints it: `kind`, `section`, `item`, `frame`, and the
/// fields its layout adds (`LayoutConfiguration.dumpFields(of:in:)`): a data
/// grid's `row`, `column`, `record` and `field`, for instance.
public struct DumpedElement: Hashable, Sendable, Encodable {
    public var attributes: LayoutAttributes
    public var fields: [DumpField]

    public init(attributes: LayoutAttributes, fields: [DumpField] = []) {
        self.attributes = attributes
        self.fields = fields
    }

    public func encode(to encoder: any Encoder) throws {
        try attributes.encode(to: encoder)
        var c = encoder.container(keyedBy: FieldKey.self)
        for field in fields { try c.encode(field.value, forKey: FieldKey(stringValue: field.name)) }
    }
}

extension LayoutSpec {
    /// Every element of the spec's layout prepared with its data and container, answered
    /// through `strategy`, whose frame meets `rect` (the whole content when `nil`), sorted
    /// by `ElementID`.
    ///
    /// - Throws: `GridError` when the layout refuses the spec.
    /// - Complexity: the strategy's prepare and one rect query, plus O(k log k).
    public func dump(strategy: StrategyKind = .onDemand, in rect: Rect? = nil) throws -> [DumpedElement] {
        var all: [DumpedElement] = []
        try dump(strategy: strategy, in: rect) { all.append(contentsOf: $0) }
        return all
    }

    /// The same elements as ``dump(strategy:in:)``, handed to `body` in order in batches of
    /// at most `batchSize`, without holding them all at once: for data sets of millions of
    /// elements, whose attributes would not fit in memory together.
    ///
    /// The rect is queried in horizontal strips; each element is kept by the one strip that
    /// holds the top of its part inside the rect (so exactly once), and only its
    /// `ElementID` is kept until all are sorted; then the attributes are fetched
    /// again by ID, a batch at a time.
    ///
    /// - Complexity: O(n log n) time, O(n) IDs (8 bytes each) plus one batch in memory.
    /// `progress` hears how far the work is: the strips queried out of all, then the
    /// elements written out of all.
    public func dump(
        strategy: StrategyKind = .onDemand, in rect: Rect? = nil, batchSize: Int = 4096,
        progress: (DumpProgress) -> Void = { _ in },
        _ body: ([DumpedElement]) throws -> Void
    ) throws {
        var layout = try strategy.wrap(makeLayout())
        try layout.prepare(data: data, container: container)
        let bounds = rect ?? layout.contentBounds
        let strips = max(1, min(1 << 16, data.totalItems / 16_384))
        let height = bounds.height / Double(strips)
        var ids: [ElementID] = []
        var buffer: [LayoutAttributes] = []
        for strip in 0..<strips {
            progress(.finding(strip: strip, of: strips))
            let top = bounds.minY + Double(strip) * height
            let bottom = strip == strips - 1 ? bounds.maxY : bounds.minY + Double(strip + 1) * height
            buffer.removeAll(keepingCapacity: true)
            layout.elements(in: Rect(x: bounds.minX, y: top, width: bounds.width, height: bottom - top), into: &buffer)
            for element in buffer {
                let start = max(element.frame.minY, bounds.minY)
                if start >= top && (start < bottom || strip == strips - 1) && element.frame.intersects(bounds) {
                    ids.append(element.id)
                }
            }
        }
        ids.sort()
        let withFields = try Self.fieldMaker(parameters, data: data, container: container)
        var batch: [LayoutAttributes] = []
        batch.reserveCapacity(min(batchSize, ids.count))
        for chunk in stride(from: 0, to: ids.count, by: batchSize) {
            progress(.writing(element: chunk, of: ids.count))
            batch.removeAll(keepingCapacity: true)
            for id in ids[chunk..<min(chunk + batchSize, ids.count)] {
                guard let attributes = layout.attributes(for: id) else {
                    throw GridError(.invalidParameter, field: "layout", value: layoutName, expected: "a layout that answers for every element it places (\(id) has no attributes)")
                }
                batch.append(attributes)
            }
            try body(withFields(batch))
        }
    }

    /// What a viewport of the spec's container size over the spec's layout (answered through
    /// `strategy`), scrolled to `offset`, has loaded, sorted by `ElementID`:
    /// pinned elements (section headers, a data grid's header row and column) carry their
    /// pinned frames.
    ///
    /// - Throws: `GridError` when the layout refuses the spec or the margin is
    ///   invalid.
    public func dump(scrolledTo offset: Point, strategy: StrategyKind = .onDemand, margin: PreloadMargin = .chGridView) throws -> [DumpedElement] {
        var viewport = try Viewport(layout: AnyGridLayout(try strategy.wrap(makeLayout())), data: data, size: container, margin: margin)
        viewport.scroll(to: offset)
        return try withFields(viewport.loadedElements.map(\.attributes))
    }

    private func withFields(_ elements: [LayoutAttributes]) throws -> [DumpedElement] {
        try Self.withFields(parameters, data: data, container: container, elements)
    }

    /// A function adding the layout's own fields to elements, its layout prepared once.
    private static func fieldMaker<C: LayoutConfiguration>(
        _ configuration: C, data: DataShape, container: Size
    ) throws -> ([LayoutAttributes]) -> [DumpedElement] {
        var layout = configuration.makeLayout()
        try layout.prepare(data: data, container: container)
        return { [layout] elements in
            elements.map { DumpedElement(attributes: $0, fields: configuration.dumpFields(of: $0, in: layout)) }
        }
    }

    private static func withFields<C: LayoutConfiguration>(
        _ configuration: C, data: DataShape, container: Size, _ elements: [LayoutAttributes]
    ) throws -> [DumpedElement] {
        var layout = configuration.makeLayout()
        try layout.prepare(data: data, container: container)
        return elements.map { DumpedElement(attributes: $0, fields: configuration.dumpFields(of: $0, in: layout)) }
    }
}

/// How far a dump is (see ``LayoutSpec/dump(strategy:in:batchSize:progress:_:)``).
public enum DumpProgress: Hashable, Sendable {
    /// Querying strip `strip` (from 0) of the layout's rect, out of `of`.
    case finding(strip: Int, of: Int)
    /// Writing from element `element` (from 0), out of `of`.
    case writing(element: Int, of: Int)
}
