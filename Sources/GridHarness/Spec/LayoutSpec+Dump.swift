import Foundation
import GridCore
import GridLayouts
import GridStrategies
import GridViewport

/// One element as `gridbench dump` prints it: `kind`, `section`, `item`, `frame`, and the
/// fields its layout adds (``GridLayouts/LayoutConfiguration/dumpFields(of:in:)``): a data
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
    /// by ``GridCore/ElementID``.
    ///
    /// - Throws: ``GridCore/GridError`` when the layout refuses the spec.
    /// - Complexity: the strategy's prepare and one rect query, plus O(k log k).
    public func dump(strategy: StrategyKind = .onDemand, in rect: Rect? = nil) throws -> [DumpedElement] {
        var layout = try strategy.wrap(makeLayout())
        try layout.prepare(data: data, container: container)
        let elements = layout.elements(in: rect ?? layout.contentBounds).sorted { $0.id < $1.id }
        return try withFields(elements)
    }

    /// What a viewport of the spec's container size over the spec's layout (answered through
    /// `strategy`), scrolled to `offset`, has loaded, sorted by ``GridCore/ElementID``:
    /// pinned elements (section headers, a data grid's header row and column) carry their
    /// pinned frames.
    ///
    /// - Throws: ``GridCore/GridError`` when the layout refuses the spec or the margin is
    ///   invalid.
    public func dump(scrolledTo offset: Point, strategy: StrategyKind = .onDemand, margin: PreloadMargin = .chGridView) throws -> [DumpedElement] {
        var viewport = try Viewport(layout: AnyGridLayout(try strategy.wrap(makeLayout())), data: data, size: container, margin: margin)
        viewport.scroll(to: offset)
        return try withFields(viewport.loadedElements.map(\.attributes))
    }

    private func withFields(_ elements: [LayoutAttributes]) throws -> [DumpedElement] {
        try Self.withFields(parameters, data: data, container: container, elements)
    }

    private static func withFields<C: LayoutConfiguration>(
        _ configuration: C, data: DataShape, container: Size, _ elements: [LayoutAttributes]
    ) throws -> [DumpedElement] {
        var layout = configuration.makeLayout()
        try layout.prepare(data: data, container: container)
        return elements.map { DumpedElement(attributes: $0, fields: configuration.dumpFields(of: $0, in: layout)) }
    }
}
