import GridCore

extension TileGrid {
    /// CHGridView's properties: tiles per line, row height, padding, section title height
    /// and the centred ("iPhoto") style.
    public struct Configuration: Hashable, Sendable, Codable {
        /// Tiles in each row, `n ≥ 1`.
        public var tilesPerLine: Int
        /// The height of one row, padding included, `h > padding.height`.
        public var rowHeight: Double
        /// Horizontal padding between and around tiles (`pw`) and vertical padding above
        /// each row and below each section (`ph`), both `≥ 0`.
        public var padding: Size
        /// The height of each section's title (header), `t ≥ 0`; 0 means no headers.
        public var sectionTitleHeight: Double
        /// The height of each section's footer, `f ≥ 0`, below the section's bottom padding;
        /// 0 (the default, and CHGridView's: it has no footers) means no footers.
        public var sectionFooterHeight: Double
        /// CHGridView's `centerTilesInGrid`: each item that carries a content size is
        /// scaled down to fit its tile, keeping its aspect ratio, and centred in it.
        public var centersItems: Bool
        /// How the data's item sizes, when it carries them, shape the tiles.
        public var itemSizing: ItemSizing
        /// The estimated tile height, when the tiles' heights are learned by measurement (a
        /// spec's `"estimated": {"itemHeight": e}` with `itemHeights`); `nil` when every
        /// height is known. Only `itemHeight` is taken (``validate()`` refuses a size).
        public var estimated: SizeEstimate? {
            get {
                if estimatedHeight == 0 { return nil }
                return estimatedHeight == -.infinity ? .itemSize(Size(width: 0, height: 0)) : .itemHeight(estimatedHeight)
            }
            set {
                switch newValue {
                case nil: estimatedHeight = 0
                case .itemHeight(let height): estimatedHeight = height
                case .itemSize: estimatedHeight = -.infinity
                }
            }
        }
        /// ``estimated``, stored as one Double (0: none; −∞: a size, which ``validate()``
        /// refuses) rather than a `SizeEstimate?` of 17 bytes: a grid holds two
        /// configurations and strategies copy grids, so the fixed grid's copies and
        /// allocations stay the size they were.
        private var estimatedHeight: Double

        /// How the data's item sizes shape the tiles.
        public enum ItemSizing: String, Hashable, Sendable, Codable {
            /// Each size is the item's content, centred in its tile in the centred style
            /// (``Configuration/centersItems``), ignored otherwise: every tile is
            /// `rowHeight − padding.height` tall (a spec's `itemSizes`; CHGridView's grid).
            case content
            /// Each size's height is the tile's height (tiles with labels, a spec's
            /// `itemHeights`): a tile is as tall as its height, top-aligned in its row, and
            /// a row is as tall as its tallest tile plus `padding.height`.
            case heights
        }

        public init(
            tilesPerLine: Int = 4,
            rowHeight: Double = 79,
            padding: Size = Size(width: 4, height: 4),
            sectionTitleHeight: Double = 22,
            sectionFooterHeight: Double = 0,
            centersItems: Bool = false,
            itemSizing: ItemSizing = .content,
            estimated: SizeEstimate? = nil
        ) {
            self.itemSizing = itemSizing
            self.estimatedHeight = 0
            self.tilesPerLine = tilesPerLine
            self.rowHeight = rowHeight
            self.padding = padding
            self.sectionTitleHeight = sectionTitleHeight
            self.sectionFooterHeight = sectionFooterHeight
            self.centersItems = centersItems
            self.estimated = estimated
        }

        /// CHGridView's own demo: 4 tiles per line, rows of 79, padding 4, titles of 22.
        public static let chGridView = Configuration()

        /// Checks every parameter that does not depend on the container.
        @inline(__always)
        public func validate() throws(GridError) {
            guard tilesPerLine >= 1 else {
                throw .invalidParameter("tilesPerLine", tilesPerLine, expected: "an integer ≥ 1")
            }
            try GridError.requirePositive(rowHeight, "rowHeight")
            try GridError.requireNonNegative(padding.width, "padding.width")
            try GridError.requireNonNegative(padding.height, "padding.height")
            try GridError.requireNonNegative(sectionTitleHeight, "sectionTitleHeight")
            try GridError.requireNonNegative(sectionFooterHeight, "sectionFooterHeight")
            guard rowHeight - padding.height > 0 else {
                throw .invalidParameter(
                    "rowHeight", rowHeight,
                    expected: "more than padding.height (\(padding.height)), so that tiles have a height > 0")
            }
            // One test on the fixed grid's path (its prepare is gated): the rest only with heights.
            if itemSizing == .heights || estimatedHeight != 0 { try validateHeights() }
        }

        /// The checks of tiles with heights: not centred, an estimate of a height > 0, and
        /// heights beside it.
        @inline(never)
        private func validateHeights() throws(GridError) {
            if itemSizing == .heights && centersItems {
                throw .invalidParameter(
                    "centersItems", centersItems,
                    expected: "false with itemHeights: each tile is as tall as its height, top-aligned in its row")
            }
            if let estimated {
                guard case .itemHeight = estimated else {
                    throw .invalidParameter(
                        "estimated.itemSize", "(a size)", expected: "estimated.itemHeight with itemHeights: the tile grid measures its tiles' heights")
                }
                try estimated.validate()
                guard itemSizing == .heights else {
                    throw .invalidParameter(
                        "estimated.itemHeight", estimated.description, expected: "itemHeights beside it: the tile grid measures its tiles' heights")
                }
            }
        }

        /// The width of each tile in a container `containerWidth` wide:
        /// `floor((W − pw·(n+1)) / n)`.
        public func tileWidth(containerWidth: Double) -> Double {
            // n + 1 in Double: in Int it overflows for tilesPerLine = Int.max, which must be
            // refused with an error (a tile width ≤ 0), not a trap.
            let n = Double(tilesPerLine)
            return ((containerWidth - padding.width * (n + 1)) / n).rounded(.down)
        }
    }
}

extension TileGrid.Configuration: LayoutParameterList {
    /// The parameters, in the order files write them. A fixture's `parameters` must hold
    /// all but `sectionFooterHeight`; a spec may leave any out (CHGridView's values).
    static let parameters: [LayoutParameter<Self>] = [
        LayoutParameter("tilesPerLine", \.tilesPerLine, requiredInParameters: true),
        LayoutParameter("rowHeight", \.rowHeight, requiredInParameters: true),
        LayoutParameter("padding", \.padding, requiredInParameters: true),
        LayoutParameter("sectionTitleHeight", \.sectionTitleHeight, requiredInParameters: true),
        LayoutParameter("sectionFooterHeight", \.sectionFooterHeight, omittedWhen: 0),
        LayoutParameter("centersItems", \.centersItems, requiredInParameters: true),
        LayoutParameter("itemSizing", \.itemSizing, omittedWhen: .content, inSpec: false),
        LayoutParameter(optional: "estimated", \.estimated),
    ]

    /// Reads the parameters; `sectionFooterHeight` may be left out (files written before
    /// footers existed), and means 0.
    public init(from decoder: any Decoder) throws {
        try self.init(decodingParametersFrom: decoder, startingFrom: .chGridView)
    }

    /// Writes the parameters; `sectionFooterHeight` only when it is not 0, so that files of
    /// grids without footers read exactly as they did before footers existed.
    public func encode(to encoder: any Encoder) throws { try encodeParameters(to: encoder) }
}
