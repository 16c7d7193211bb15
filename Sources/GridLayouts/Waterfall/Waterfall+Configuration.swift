import GridCore

extension Waterfall {
    /// Space around a section's items: above the first row, left of the first column,
    /// below the tallest column, right of the last column.
    public struct Insets: Hashable, Sendable, Codable {
        public var top: Double
        public var left: Double
        public var bottom: Double
        public var right: Double

        public init(top: Double = 10, left: Double = 10, bottom: Double = 10, right: Double = 10) {
            self.top = top
            self.left = left
            self.bottom = bottom
            self.right = right
        }

        /// The same inset on every side.
        public init(all inset: Double) {
            self.init(top: inset, left: inset, bottom: inset, right: inset)
        }

        private enum CodingKeys: String, CodingKey { case top, left, bottom, right }

        /// Reads the insets; sides left out are 10.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                top: try c.decodeIfPresent(Double.self, forKey: .top) ?? 10,
                left: try c.decodeIfPresent(Double.self, forKey: .left) ?? 10,
                bottom: try c.decodeIfPresent(Double.self, forKey: .bottom) ?? 10,
                right: try c.decodeIfPresent(Double.self, forKey: .right) ?? 10)
        }
    }

    /// The waterfall's parameters: columns, spacings, insets, header and footer heights,
    /// and how the data's item sizes are read.
    public struct Configuration: Hashable, Sendable, Codable {
        /// How the data's item sizes give an item's height.
        public enum ItemSizing: String, Hashable, Sendable, Codable {
            /// Each size is a photo's `(width, height)`, scaled to the column width keeping
            /// its aspect ratio: `h = max(1, floor(height · w / width))` (a spec's
            /// `itemSizes`).
            case scaled
            /// Each size's height is the item's height, as given (a spec's `itemHeights`).
            case heights
        }

        /// The number of columns, `k ≥ 1`.
        public var columns: Int
        /// Space between columns, `g ≥ 0`.
        public var columnSpacing: Double
        /// Space between the items of a column, `v ≥ 0`.
        public var itemSpacing: Double
        /// Space around each section's items, each side `≥ 0`.
        public var insets: Insets
        /// The height of each section's header, `t ≥ 0`; 0 means no headers.
        public var headerHeight: Double
        /// The height of each section's footer, `f ≥ 0`; 0 means no footers.
        public var footerHeight: Double
        /// The height of every item when the data carries no sizes, `> 0`.
        public var itemHeight: Double
        /// How item sizes, when the data carries them, give heights.
        public var itemSizing: ItemSizing
        /// The estimated item size, when the data's sizes are learned by measurement (a
        /// spec's `"estimated": {"itemHeight": e}` with `itemHeights`, or
        /// `{"itemSize": [w, h]}` with `itemSizes`); `nil` when every size is known.
        public var estimated: SizeEstimate?
        /// How an item's column is chosen while sizes are estimated: see ``Lanes``.
        public var lanes: Lanes

        /// How an item's column (its lane) is chosen (a spec's `"lanes"`): the rule the
        /// columnar layout's sections follow too.
        public typealias Lanes = ColumnChoice

        public init(
            columns: Int = 2, columnSpacing: Double = 10, itemSpacing: Double = 10, insets: Insets = Insets(),
            headerHeight: Double = 0, footerHeight: Double = 0, itemHeight: Double = 100, itemSizing: ItemSizing = .scaled,
            estimated: SizeEstimate? = nil, lanes: Lanes = .stable
        ) {
            self.estimated = estimated
            self.lanes = lanes
            self.columns = columns
            self.columnSpacing = columnSpacing
            self.itemSpacing = itemSpacing
            self.insets = insets
            self.headerHeight = headerHeight
            self.footerHeight = footerHeight
            self.itemHeight = itemHeight
            self.itemSizing = itemSizing
        }

        /// The defaults: 2 columns, spacings of 10, insets of 10, no headers or footers,
        /// items of 100 (or their sizes scaled to the column).
        public static let standard = Configuration()

        /// Checks every parameter that does not depend on the container.
        ///
        /// - Throws: `GridError` naming the parameter: `columns`,
        ///   `columnSpacing`, `itemSpacing`, `insets.top` (and the other sides),
        ///   `headerHeight`, `footerHeight`, `itemHeight`, `estimated.itemHeight`,
        ///   `estimated.itemSize[0]` or `estimated.itemSize[1]`.
        public func validate() throws(GridError) {
            guard columns >= 1 else { throw .invalidParameter("columns", columns, expected: "an integer ≥ 1") }
            try GridError.requireNonNegative(columnSpacing, "columnSpacing")
            try GridError.requireNonNegative(itemSpacing, "itemSpacing")
            try GridError.requireNonNegative(insets.top, "insets.top")
            try GridError.requireNonNegative(insets.left, "insets.left")
            try GridError.requireNonNegative(insets.bottom, "insets.bottom")
            try GridError.requireNonNegative(insets.right, "insets.right")
            try GridError.requireNonNegative(headerHeight, "headerHeight")
            try GridError.requireNonNegative(footerHeight, "footerHeight")
            try GridError.requirePositive(itemHeight, "itemHeight")
            if let estimated {
                try estimated.validate()
                let matches = switch estimated {
                case .itemHeight: itemSizing == .heights
                case .itemSize: itemSizing == .scaled
                }
                guard matches else {
                    throw .invalidParameter(
                        "estimated.\(estimated.fieldName)", estimated.description,
                        expected: itemSizing == .heights ? "estimated.itemHeight, for sizes read as heights" : "estimated.itemSize, for sizes scaled to the column")
                }
            }
        }

        /// Whether each item's lane is the one it would take were every item at the
        /// estimate (`m mod k`): heights estimated and lanes ``ColumnChoice/stable``.
        var lanesByEstimate: Bool { estimated != nil && lanes == .stable }

        /// The width of each column in a container `containerWidth` wide:
        /// `floor((W − left − right − g·(k−1)) / k)`.
        public func columnWidth(containerWidth: Double) -> Double {
            let k = Double(columns)
            return ((containerWidth - insets.left - insets.right - columnSpacing * (k - 1)) / k).rounded(.down)
        }

        /// Reads the parameters; fields left out take the defaults of ``standard``.
        public init(from decoder: any Decoder) throws {
            try self.init(decodingParametersFrom: decoder, startingFrom: .standard)
        }

        /// Writes every parameter.
        public func encode(to encoder: any Encoder) throws { try encodeParameters(to: encoder) }
    }
}

extension Waterfall.Configuration: LayoutParameterList {
    /// The parameters, in the order files write them. A spec does not hold `itemSizing`:
    /// which of `itemSizes` and `itemHeights` it holds says it (see `decodeSpec(from:)`).
    static let parameters: [LayoutParameter<Self>] = [
        LayoutParameter("columns", \.columns),
        LayoutParameter("columnSpacing", \.columnSpacing),
        LayoutParameter("itemSpacing", \.itemSpacing),
        LayoutParameter("insets", \.insets),
        LayoutParameter("headerHeight", \.headerHeight),
        LayoutParameter("footerHeight", \.footerHeight),
        LayoutParameter("itemHeight", \.itemHeight),
        LayoutParameter("itemSizing", \.itemSizing, inSpec: false),
        LayoutParameter(optional: "estimated", \.estimated),
        LayoutParameter("lanes", \.lanes, omittedWhen: .stable),
    ]
}

/// The waterfall in the registry: `"layout": "waterfall"`.
///
/// ```json
/// {"schemaVersion": 1, "name": "pins-3000", "layout": "waterfall",
///  "container": {"width": 320, "height": 480},
///  "sections": [3000], "itemSizes": [[1200, 800], [600, 1800], …],
///  "columns": 2, "columnSpacing": 10, "itemSpacing": 10,
///  "insets": {"top": 10, "left": 10, "bottom": 10, "right": 10},
///  "headerHeight": 0, "footerHeight": 0}
/// ```
///
/// `sections` as in ``SectionsField``; then at most one of `itemSizes` (`[width, height]`
/// per item, section by section, scaled to the column width keeping the aspect ratio;
/// listed, or a pattern repeated to a count, see ``ItemSizesField``) and
/// `itemHeights` (one height > 0 per item, used as given); without either every item is
/// `itemHeight` tall. The other fields left out take their defaults: 2 columns, spacings
/// of 10, insets of 10, no headers or footers, `itemHeight` 100.
///
/// With `"estimated"` the sizes are measured: `{"itemHeight": e}` with `itemHeights`, or
/// `{"itemSize": [w, h]}` with `itemSizes` (then required), which are the true sizes; the
/// layout first lays every item out at the estimate (the data of GridHarness's
/// `LayoutSpec`). `"lanes"`, `"stable"` (the default) or `"rebalance"`, says how items
/// find their column meanwhile (``Waterfall/Configuration/Lanes``).
extension Waterfall.Configuration: LayoutConfiguration {
    public static let layoutName = "waterfall"
    public static let summary = "the Pinterest-style waterfall: each item into the shortest of k columns, photos scaled to the column"
    public static let specFieldNames = SpecKeys.allCases.map(\.rawValue) + parameterNames(in: .spec)
    public static var reference: Self { .standard }

    public func makeLayout() -> Waterfall { Waterfall(self) }

    /// The data fields, written before the parameters (`parameters`).
    enum SpecKeys: String, CodingKey, CaseIterable {
        case sections, itemSizes, itemHeights
    }

    public static func decodeSpec(from decoder: any Decoder) throws -> (configuration: Self, data: DataShape) {
        // The parameters form, read from the spec's top level; `itemSizing` is set below.
        var configuration = try Self(from: decoder)
        let c = try decoder.container(keyedBy: SpecKeys.self)
        let sections = try c.decode(SectionsField.self, forKey: .sections)
        let sizes = try c.decodeIfPresent(ItemSizesField.self, forKey: .itemSizes)
        let heights = try c.decodeIfPresent(ItemHeightsField.Form.self, forKey: .itemHeights)
        if sizes != nil && heights != nil {
            throw GridError.invalidData("itemHeights", "given", expected: "either itemSizes or itemHeights, not both")
        }
        try EstimatedSpec.check(
            configuration.estimated, layout: layoutName,
            trueSizesField: heights != nil ? "itemHeights" : sizes != nil ? "itemSizes" : nil,
            accepts: ["itemHeights": "itemHeight", "itemSizes": "itemSize"])
        if heights != nil {
            configuration.itemSizing = .heights
            return (configuration, try ItemHeightsField.dataShape(sections: sections, itemHeights: heights))
        }
        configuration.itemSizing = .scaled
        guard let sizes else { return (configuration, try SectionsField.dataShape(sections: sections, itemSizes: nil)) }
        return (configuration, try sizes.dataShape(sections: sections))
    }

    /// The estimate, when sizes are measured.
    public var sizeEstimate: SizeEstimate? { estimated }

    /// Writes `sections`, the item sizes as `itemSizes` or `itemHeights` (as the
    /// configuration reads them), and every parameter.
    public func encodeSpec(data: DataShape, to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: SpecKeys.self)
        try c.encode(SectionsField(compacting: Array(data.itemCounts)), forKey: .sections)
        switch itemSizing {
        case .scaled: try c.encodeIfPresent(data.itemSizes.map(ItemSizesField.init(compacting:)), forKey: .itemSizes)
        case .heights: try c.encodeIfPresent(data.itemSizes.map { ItemHeightsField.Form(compacting: $0.map(\.height)) }, forKey: .itemHeights)
        }
        try encodeParameters(to: encoder, in: .spec)
    }
}
