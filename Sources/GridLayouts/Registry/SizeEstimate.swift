import GridCore

/// The `estimated` field of a spec: the item sizes are estimated. The per-item field of
/// the spec (`itemHeights`, `itemSizes`) then gives the *true* sizes, which the layout
/// learns only by measurement (`DataEdit.setItemSizes`); before that, every item is laid
/// out at the estimate.
///
/// ```json
/// "estimated": {"itemHeight": 44}
/// "estimated": {"itemSize": [1200, 800]}
/// ```
///
/// `itemHeight` goes with a spec's `itemHeights` (the columnar grouped layout, a waterfall
/// of heights), `itemSize` with its `itemSizes` (a waterfall of photos, `[width, height]`
/// scaled to the column as each true size is). Exactly one of the two, each value finite
/// and > 0. Only layouts that measure their items take the field: `columnar-grouped` and
/// `waterfall`.
public enum SizeEstimate: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Every item estimated this tall (`"itemHeight": h`).
    case itemHeight(Double)
    /// Every item estimated at this size (`"itemSize": [w, h]`).
    case itemSize(Size)

    /// The estimate as an item size of the data, as `DataShape.itemSizes` holds sizes: a
    /// height as a size of width 1 (the form of `itemHeights`, see ``ItemHeightsField``),
    /// a size as it is.
    public var dataSize: Size {
        switch self {
        case .itemHeight(let height): Size(width: 1, height: height)
        case .itemSize(let size): size
        }
    }

    /// The field's name inside `estimated`: `itemHeight` or `itemSize`.
    public var fieldName: String {
        switch self {
        case .itemHeight: "itemHeight"
        case .itemSize: "itemSize"
        }
    }

    public var description: String {
        switch self {
        case .itemHeight(let height): "{\"itemHeight\": \(height)}"
        case .itemSize(let size): "{\"itemSize\": [\(size.width), \(size.height)]}"
        }
    }

    /// Checks the values: finite and > 0.
    ///
    /// - Throws: `GridError` naming `estimated.itemHeight`, `estimated.itemSize[0]` (the
    ///   width) or `estimated.itemSize[1]` (the height).
    public func validate() throws(GridError) {
        switch self {
        case .itemHeight(let height):
            try GridError.requirePositive(height, "estimated.itemHeight")
        case .itemSize(let size):
            try GridError.requirePositive(size.width, "estimated.itemSize[0]")
            try GridError.requirePositive(size.height, "estimated.itemSize[1]")
        }
    }

    /// The data `truth` carries, every item at this estimate: what a layout first knows
    /// of a spec with `estimated`.
    ///
    /// - Throws: `GridError` naming `estimated` when `truth` carries no item sizes.
    /// - Complexity: O(n) for n items.
    public func estimatedData(for truth: DataShape) throws(GridError) -> DataShape {
        guard truth.itemSizes != nil else {
            throw .invalidParameter("estimated", description, expected: "true sizes beside it (itemHeights or itemSizes), which measurement reveals")
        }
        return try truth.withItemSizes([Size](repeating: dataSize, count: truth.totalItems))
    }

    private enum Keys: String, CodingKey, CaseIterable { case itemHeight, itemSize }

    /// A key of any name, to refuse the ones `estimated` does not have.
    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Reads `{"itemHeight": h}` or `{"itemSize": [w, h]}`.
    ///
    /// - Throws: `GridError` naming `estimated.<field>` for a field it does not have,
    ///   `estimated` for none or both of the two, `estimated.itemSize` for a list that is
    ///   not two numbers, and what ``validate()`` throws.
    public init(from decoder: any Decoder) throws {
        let names = Keys.allCases.map(\.rawValue)
        for key in try decoder.container(keyedBy: AnyKey.self).allKeys where !names.contains(key.stringValue) {
            throw GridError.invalidParameter("estimated.\(key.stringValue)", "(an unknown field)", expected: "itemHeight or itemSize")
        }
        let c = try decoder.container(keyedBy: Keys.self)
        let height = try c.decodeIfPresent(Double.self, forKey: .itemHeight)
        let size = try c.decodeIfPresent([Double].self, forKey: .itemSize)
        switch (height, size) {
        case (let height?, nil):
            self = .itemHeight(height)
        case (nil, let size?):
            guard size.count == 2 else {
                throw GridError.invalidParameter("estimated.itemSize", "\(size.count) numbers", expected: "[width, height]")
            }
            self = .itemSize(Size(width: size[0], height: size[1]))
        case (nil, nil):
            throw GridError.invalidParameter("estimated", "{}", expected: "{\"itemHeight\": h} or {\"itemSize\": [w, h]}")
        case (_?, _?):
            throw GridError.invalidParameter("estimated", "both itemHeight and itemSize", expected: "one of them")
        }
        try validate()
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        switch self {
        case .itemHeight(let height): try c.encode(height, forKey: .itemHeight)
        case .itemSize(let size): try c.encode([size.width, size.height], forKey: .itemSize)
        }
    }
}

/// A spec field whose value is one of a few words (`"placement": "stable"`), read so that
/// an unknown word is refused naming the field and the word.
protocol SpecChoice: RawRepresentable<String>, CaseIterable, Codable {}

extension SpecChoice {
    /// Reads the word, refusing one that is not a case.
    ///
    /// - Throws: `GridError` naming the field (the coding path) and the word.
    init(decodingChoiceFrom decoder: any Decoder) throws {
        let word = try decoder.singleValueContainer().decode(String.self)
        guard let value = Self(rawValue: word) else {
            let field = decoder.codingPath.map(\.stringValue).joined(separator: ".")
            throw GridError.invalidParameter(
                field.isEmpty ? "\(Self.self)" : field, "\"\(word)\"",
                expected: "one of " + Self.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
        }
        self = value
    }
}

/// Estimate rules shared by the layouts that measure their items.
enum EstimatedSpec {
    /// Checks that a spec's `estimated` goes with the per-item field it gives: `itemHeight`
    /// with `itemHeights`, `itemSize` with `itemSizes`, and some true sizes beside it.
    ///
    /// - Parameters:
    ///   - estimate: the spec's `estimated`, if any.
    ///   - layout: the layout's name, in messages.
    ///   - trueSizesField: `itemHeights` or `itemSizes`, the per-item field the spec gave;
    ///     `nil` when it gave none.
    ///   - accepts: the estimate fields this layout takes, in the form the spec's per-item
    ///     field calls for.
    /// - Throws: `GridError` naming `estimated` or `estimated.<field>`.
    static func check(_ estimate: SizeEstimate?, layout: String, trueSizesField: String?, accepts: [String: String]) throws(GridError) {
        guard let estimate else { return }
        guard let trueSizesField else {
            throw .invalidParameter(
                "estimated", estimate.description,
                expected: "true sizes beside it (\(accepts.keys.sorted().joined(separator: " or "))): measurement reveals them; without them every item is the layout's itemHeight")
        }
        guard accepts[trueSizesField] == estimate.fieldName else {
            throw .invalidParameter(
                "estimated.\(estimate.fieldName)", estimate.description,
                expected: "estimated.\(accepts[trueSizesField] ?? "?"): a \(layout) spec with \(trueSizesField) estimates \(accepts[trueSizesField] == "itemHeight" ? "heights" : "sizes")")
        }
    }
}
