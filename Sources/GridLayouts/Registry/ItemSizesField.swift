import GridCore

/// The `itemSizes` field of a waterfall spec: each item's `[width, height]`, section by
/// section, either listed (`[[1200, 800], [600, 1800], …]`, or one such list per section:
/// see ``PerItemList``) or as a pattern repeated to a
/// count (`{"repeating": [[1200, 800], [600, 1800], …], "count": 1000000}`: item `i` has
/// the size at `i mod pattern.count`), so that a million photos fit in a small file.
public enum ItemSizesField: Codable, Hashable, Sendable {
    case list([[Double]])
    /// One list of sizes per section, as `sections` is.
    case perSection([[[Double]]])
    case repeating(pattern: [[Double]], count: Int)

    private enum Keys: String, CodingKey { case repeating, count }

    public init(from decoder: any Decoder) throws {
        if (try? decoder.unkeyedContainer()) != nil {
            switch try PerItemList<[Double]>(from: decoder) {
            case .flat(let list): self = .list(list)
            case .perSection(let lists): self = .perSection(lists)
            }
            return
        }
        let c = try decoder.container(keyedBy: Keys.self)
        self = .repeating(pattern: try c.decode([[Double]].self, forKey: .repeating), count: try c.decode(Int.self, forKey: .count))
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .list(let list):
            var c = encoder.singleValueContainer()
            try c.encode(list)
        case .perSection(let lists):
            var c = encoder.singleValueContainer()
            try c.encode(lists)
        case .repeating(let pattern, let count):
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(pattern, forKey: .repeating)
            try c.encode(count, forKey: .count)
        }
    }

    /// The compact form of `sizes`: the repeating form when they are a shorter pattern
    /// repeated at least twice (the last time perhaps cut short), otherwise the list.
    /// - Complexity: O(n) time and memory (the prefix function of the sequence).
    public init(compacting sizes: [Size]) {
        let n = sizes.count
        var border = [Int](repeating: 0, count: n)
        var index = 1
        while index < n {
            var k = border[index - 1]
            while k > 0 && sizes[index] != sizes[k] { k = border[k - 1] }
            if sizes[index] == sizes[k] { k += 1 }
            border[index] = k
            index += 1
        }
        let period = n - (border.last ?? 0)
        let pairs = { (slice: ArraySlice<Size>) in slice.map { [$0.width, $0.height] } }
        if n > 0 && 2 * period <= n {
            self = .repeating(pattern: pairs(sizes[..<period]), count: n)
        } else {
            self = .list(pairs(sizes[...]))
        }
    }

    /// The data shape of `sections` with these item sizes, the pattern repeated to its
    /// count, made without an array per size.
    ///
    /// - Throws: `GridError` naming the field: `itemSizes.count` for a negative
    ///   count or more than 2³¹ − 1 items, `itemSizes.repeating` for an empty pattern with a
    ///   count > 0, `itemSizes.repeating[3]` for an entry that is not a pair, then what
    ///   ``SectionsField/dataShape(sections:itemSizes:)`` throws (`itemSizes[17].width`,
    ///   `itemSizes.count`, …; a pattern's bad size is named at its first place).
    public func dataShape(sections: SectionsField) throws(GridError) -> DataShape {
        switch self {
        case .list(let list):
            return try SectionsField.dataShape(sections: sections, itemSizes: list)
        case .perSection(let lists):
            return try SectionsField.dataShape(sections: sections, itemSizeList: .perSection(lists))
        case .repeating(let pattern, let count):
            guard count >= 0, count <= DataShape.maxTotalItems else {
                throw .invalidData("itemSizes.count", count, expected: "an item count in 0...\(DataShape.maxTotalItems)")
            }
            guard !pattern.isEmpty || count == 0 else {
                throw .invalidData("itemSizes.repeating", "[]", expected: "at least one [width, height] to repeat")
            }
            var sizes = [Size]()
            sizes.reserveCapacity(pattern.count)
            for (index, pair) in pattern.enumerated() {
                guard pair.count == 2 else {
                    throw .invalidData("itemSizes.repeating[\(index)]", pair, expected: "a pair [width, height]")
                }
                sizes.append(Size(width: pair[0], height: pair[1]))
            }
            let counted = try SectionsField.dataShape(sections: sections, itemSizes: nil)
            var all = [Size]()
            all.reserveCapacity(count)
            var index = 0
            while index < count {
                all.append(sizes[index % sizes.count])
                index += 1
            }
            return try counted.withItemSizes(all)
        }
    }
}
