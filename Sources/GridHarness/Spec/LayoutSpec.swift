import GridCore
import GridLayouts

/// A data set: which layout, with which parameters, lays out which data in which container.
///
/// Read from and written to JSON (see ``LayoutSpec/load(from:)`` and docs/formats.md's
/// "Layout spec"); the bundled ones live in `datasets/specs/`. The layout is any of
/// `LayoutRegistry`'s, by its configuration.
public struct LayoutSpec: Hashable, Sendable {
    /// The data set's name, used in results and reports (`photos-2976`).
    public var name: String
    /// The layout and its parameters.
    public var parameters: any LayoutConfiguration
    /// The container (the grid view's bounds) the layout is prepared for.
    public var container: Size
    /// The data as the layout first knows it: with estimated sizes (the spec's
    /// `estimated`), every item at the estimate.
    public var data: DataShape
    /// With estimated sizes, the data after every item has been measured: the true sizes
    /// the spec's `itemHeights` or `itemSizes` give, which the layout learns only by
    /// measurement (`DataEdit.setItemSizes`); `nil` when every size is known from the start.
    /// It has the counts of ``data``.
    public var measuredData: DataShape?

    public init(name: String, parameters: any LayoutConfiguration, container: Size, data: DataShape, measuredData: DataShape? = nil) {
        self.name = name
        self.parameters = parameters
        self.container = container
        self.data = data
        self.measuredData = measuredData
    }

    /// The layout names a spec may give, in the order help texts list them.
    public static var layoutNames: [String] { LayoutRegistry.names }

    /// The name of the layout, as in the `layout` field.
    public var layoutName: String { parameters.layoutName }

    /// The number of tiles (cells) in the data.
    public var tiles: Int { data.totalItems }

    /// A new, unprepared layout of the kind and parameters this spec names.
    public func makeLayout() -> any GridLayout { parameters.makeAnyLayout() }

    /// A layout of this spec, prepared with its data and container.
    ///
    /// - Throws: `GridError` when the parameters cannot lay out this data in this
    ///   container (a tile width that comes out ≤ 0, for instance).
    public func preparedLayout() throws(GridError) -> any GridLayout {
        var layout = makeLayout()
        do {
            try layout.prepare(data: data, container: container)
        } catch let error as GridError {
            throw error
        } catch {
            throw GridError(.invalidParameter, field: "layout", value: layoutName, expected: "a layout that prepares (\(error))")
        }
        return layout
    }

    public static func == (lhs: LayoutSpec, rhs: LayoutSpec) -> Bool {
        lhs.name == rhs.name && AnyHashable(lhs.parameters) == AnyHashable(rhs.parameters)
            && lhs.container == rhs.container && lhs.data == rhs.data && lhs.measuredData == rhs.measuredData
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(AnyHashable(parameters))
        hasher.combine(container)
        hasher.combine(data)
        hasher.combine(measuredData)
    }
}
