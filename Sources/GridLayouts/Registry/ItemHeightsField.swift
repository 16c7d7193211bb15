import GridCore

/// The `itemHeights` field of a spec, for layouts whose items have heights of their own
/// (the columnar grouped layout, the waterfall): one height per item, each finite and > 0,
/// as one list section by section or one list per section (see ``PerItemList``). The heights travel in the data shape as item sizes whose width is
/// 1, so that edits (inserts, deletes, moves) carry them along with their items.
///
/// A long list may also be written as a pattern repeated to a count,
/// `{"repeating": [193, 358, …], "count": 1000000}` (item `i` has the height at
/// `i mod pattern.count`), as `itemSizes` may (``ItemSizesField``): a million captioned
/// pins fit in a small file. Specs are written in that form when the heights are a shorter
/// pattern repeated at least twice.
public enum ItemHeightsField {
    /// The field as a spec writes it: a list (flat or per section) or a repeated pattern.
    public enum Form: Codable, Hashable, Sendable {
        case list(PerItemList<Double>)
        case repeating(pattern: [Double], count: Int)

        private enum Keys: String, CodingKey { case repeating, count }

        public init(from decoder: any Decoder) throws {
            if (try? decoder.unkeyedContainer()) != nil {
                self = .list(try PerItemList<Double>(from: decoder))
                return
            }
            let c = try decoder.container(keyedBy: Keys.self)
            self = .repeating(pattern: try c.decode([Double].self, forKey: .repeating), count: try c.decode(Int.self, forKey: .count))
        }

        public func encode(to encoder: any Encoder) throws {
            switch self {
            case .list(let list):
                try list.encode(to: encoder)
            case .repeating(let pattern, let count):
                var c = encoder.container(keyedBy: Keys.self)
                try c.encode(pattern, forKey: .repeating)
                try c.encode(count, forKey: .count)
            }
        }

        /// The compact form of `heights`: the repeating form when they are a shorter
        /// pattern repeated at least twice (the last time perhaps cut short), otherwise the
        /// flat list (``ItemSizesField/init(compacting:)``'s rule).
        /// - Complexity: O(n) time and memory (the prefix function of the sequence).
        public init(compacting heights: [Double]) {
            let n = heights.count
            var border = [Int](repeating: 0, count: n)
            var index = 1
            while index < n {
                var k = border[index - 1]
                while k > 0 && heights[index] != heights[k] { k = border[k - 1] }
                if heights[index] == heights[k] { k += 1 }
                border[index] = k
                index += 1
            }
            let period = n - (border.last ?? 0)
            self = n > 0 && 2 * period <= n ? .repeating(pattern: Array(heights[..<period]), count: n) : .list(.flat(heights))
        }
    }

    /// The data shape of `sections` with the optional per-item `itemHeights` in either form.
    ///
    /// - Throws: the list form as the list-taking `dataShape(sections:itemHeights:)`; for the
    ///   repeating form, `itemHeights.count` for a count outside `0...DataShape.maxTotalItems`
    ///   or other than the sections' items, `itemHeights.repeating` for an empty pattern
    ///   with a count > 0, `itemHeights.repeating[3]` for a height that is not finite and > 0.
    public static func dataShape(sections: SectionsField, itemHeights form: Form?) throws(GridError) -> DataShape {
        switch form {
        case nil: return try dataShape(sections: sections, itemHeights: nil as PerItemList<Double>?)
        case .list(let list): return try dataShape(sections: sections, itemHeights: list)
        case .repeating(let pattern, let count):
            guard count >= 0, count <= DataShape.maxTotalItems else {
                throw .invalidData("itemHeights.count", count, expected: "an item count in 0...\(DataShape.maxTotalItems)")
            }
            guard !pattern.isEmpty || count == 0 else {
                throw .invalidData("itemHeights.repeating", "[]", expected: "at least one height to repeat")
            }
            for (index, height) in pattern.enumerated() where !(height.isFinite && height > 0) {
                throw .invalidData("itemHeights.repeating[\(index)]", height, expected: "a finite height > 0")
            }
            let counted = try SectionsField.dataShape(sections: sections, itemSizes: nil)
            guard count == counted.totalItems else {
                throw .invalidData("itemHeights.count", count, expected: "one height per item of sections: \(counted.totalItems)")
            }
            var sizes = [Size]()
            sizes.reserveCapacity(count)
            var index = 0
            while index < count {
                sizes.append(Size(width: 1, height: pattern[index % pattern.count]))
                index += 1
            }
            return try counted.withItemSizes(sizes)
        }
    }

    /// The data shape of `sections` with the optional per-item `itemHeights`.
    ///
    /// - Throws: `GridError` naming the field: `itemHeights[17]` for a height
    ///   that is not finite and > 0 (`itemHeights[3][2]` in the sectioned form),
    ///   `itemHeights.count` when the count does not match `sections`, `itemHeights[3]` when
    ///   section 3's list does not, or a `sections` field (see ``SectionsField``).
    public static func dataShape(sections: SectionsField, itemHeights: PerItemList<Double>?) throws(GridError) -> DataShape {
        guard let itemHeights else { return try SectionsField.dataShape(sections: sections, itemSizes: nil) }
        let counted = try SectionsField.dataShape(sections: sections, itemSizes: nil)
        return try itemHeights.values(field: "itemHeights", noun: "heights", counts: Array(counted.itemCounts)) { list throws(GridError) in
            try dataShape(counted: counted, itemHeights: list)
        }
    }

    /// `counted`'s items with `itemHeights`, one per item, checked.
    static func dataShape(counted: DataShape, itemHeights: [Double]) throws(GridError) -> DataShape {
        let total = counted.totalItems
        guard itemHeights.count == total else {
            throw .invalidData("itemHeights.count", itemHeights.count, expected: "one height per item of sections: \(total)")
        }
        var index = 0
        while index < itemHeights.count {
            let height = itemHeights[index]
            guard height.isFinite, height > 0 else {
                throw .invalidData("itemHeights[\(index)]", height, expected: "a finite height > 0")
            }
            index += 1
        }
        return try counted.withItemSizes(itemHeights.map { Size(width: 1, height: $0) })
    }
}
