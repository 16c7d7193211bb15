import GridCore

/// The `sections` and `itemSizes` fields of a spec, shared by every layout whose data is
/// sections of items (the tile grid, and the layouts that follow it):
///
/// - `sections`: an array of item counts, `{"count": S, "items": N}` for S equal sections,
///   or `{"total": T, "itemsPerSection": N}` for T items in sections of N (the last one
///   shorter);
/// - `itemSizes`, optional: each item's content size as `[width, height]`, section by
///   section.
public enum SectionsField: Codable, Hashable, Sendable {
    case counts([Int])
    case uniform(count: Int, items: Int)
    case total(total: Int, itemsPerSection: Int)

    private enum Keys: String, CodingKey { case count, items, total, itemsPerSection }

    /// The most sections (or a data grid's records) a spec may give: 4,194,304 (2²²).
    /// `ElementID` could address 2²⁸, but at that count the per-section arrays
    /// of the data and of a prepared layout alone take several gigabytes; the bundled data
    /// sets use at most 322,580.
    public static let maxSections = 1 << 22

    public init(from decoder: any Decoder) throws {
        if (try? decoder.unkeyedContainer()) != nil {
            // An array: its elements' errors name the element (`sections[3]`).
            self = .counts(try decoder.singleValueContainer().decode([Int].self))
            return
        }
        let keyed: KeyedDecodingContainer<Keys>
        do {
            keyed = try decoder.container(keyedBy: Keys.self)
        } catch {
            throw DecodingError.typeMismatch(
                [Int].self,
                .init(codingPath: decoder.codingPath, debugDescription: "Expected to decode an array of item counts or an object but found something else instead."))
        }
        if keyed.contains(.total) {
            self = .total(total: try keyed.decode(Int.self, forKey: .total), itemsPerSection: try keyed.decode(Int.self, forKey: .itemsPerSection))
        } else {
            self = .uniform(count: try keyed.decode(Int.self, forKey: .count), items: try keyed.decode(Int.self, forKey: .items))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .counts(let counts):
            var c = encoder.singleValueContainer()
            try c.encode(counts)
        case .uniform(let count, let items):
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(count, forKey: .count)
            try c.encode(items, forKey: .items)
        case .total(let total, let itemsPerSection):
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(total, forKey: .total)
            try c.encode(itemsPerSection, forKey: .itemsPerSection)
        }
    }

    /// The compact form of `counts`: equal sections as `{"count", "items"}`, equal sections
    /// but a shorter last one as `{"total", "itemsPerSection"}`, otherwise the list.
    public init(compacting counts: [Int]) {
        if let first = counts.first, counts.count > 1, counts.allSatisfy({ $0 == first }) {
            self = .uniform(count: counts.count, items: first)
        } else if let first = counts.first, let last = counts.last, counts.count > 2, first > 0, last > 0, last < first,
                  counts.dropLast().allSatisfy({ $0 == first }) {
            self = .total(total: counts.reduce(0, +), itemsPerSection: first)
        } else {
            self = .counts(counts)
        }
    }

    /// The item counts, checked against the limits before any array is made.
    ///
    /// - Throws: `GridError` naming `sections.count`, `sections.items`,
    ///   `sections.total` or `sections.itemsPerSection`.
    public func itemCounts() throws(GridError) -> [Int] {
        switch self {
        case .counts(let list):
            guard list.count <= Self.maxSections else {
                throw .invalidData("sections", "\(list.count) sections", expected: "at most \(Self.maxSections) sections")
            }
            return list
        case .uniform(let count, let items):
            guard count >= 0, count <= Self.maxSections else {
                throw .invalidData("sections.count", count, expected: "a section count in 0...\(Self.maxSections)")
            }
            guard items >= 0 else { throw .invalidData("sections.items", items, expected: "an item count ≥ 0") }
            let (total, overflow) = count.multipliedReportingOverflow(by: items)
            guard !overflow, total <= DataShape.maxTotalItems else {
                throw .invalidData("sections.items", items, expected: "at most \(DataShape.maxTotalItems) items in all (\(count) sections)")
            }
            return Array(repeating: items, count: count)
        case .total(let total, let perSection):
            guard total >= 0, total <= DataShape.maxTotalItems else {
                throw .invalidData("sections.total", total, expected: "an item count in 0...\(DataShape.maxTotalItems)")
            }
            guard perSection >= 1 else { throw .invalidData("sections.itemsPerSection", perSection, expected: "an integer ≥ 1") }
            let sections = total / perSection + (total % perSection == 0 ? 0 : 1)
            guard sections <= Self.maxSections else {
                throw .invalidData(
                    "sections.itemsPerSection", perSection,
                    expected: "sections of enough items that \(total) items make at most \(Self.maxSections) sections")
            }
            var list = Array(repeating: perSection, count: total / perSection)
            if total % perSection != 0 { list.append(total % perSection) }
            return list
        }
    }

    /// The data shape of `sections` and the optional `itemSizes` pairs.
    ///
    /// - Throws: `GridError` naming the field: `sections[3]`, `itemSizes[17]`,
    ///   `itemSizes[17].width`, `itemSizes.count`.
    public static func dataShape(sections: SectionsField, itemSizes: [[Double]]?) throws(GridError) -> DataShape {
        let counts = try sections.itemCounts()
        var sizes: [Size]?
        if let raw = itemSizes {
            var parsed = [Size]()
            parsed.reserveCapacity(raw.count)
            for (index, pair) in raw.enumerated() {
                guard pair.count == 2 else {
                    throw .invalidData("itemSizes[\(index)]", pair, expected: "a pair [width, height]")
                }
                parsed.append(Size(width: pair[0], height: pair[1]))
            }
            sizes = parsed
        }
        do {
            return try DataShape(itemCounts: counts, itemSizes: sizes)
        } catch {
            guard error.field.hasPrefix("itemCounts") else { throw error }
            var renamed = error
            renamed.field = "sections" + error.field.dropFirst("itemCounts".count)
            throw renamed
        }
    }

    /// The data shape of `sections` and the optional `itemSizes` pairs, given as one list
    /// or one list per section (see ``PerItemList``).
    ///
    /// - Throws: `GridError` as ``dataShape(sections:itemSizes:)``
    ///   does, the items of the sectioned form named by section (`itemSizes[3][2].width`),
    ///   and `itemSizes[3]` when section 3's list does not hold one size per item.
    public static func dataShape(sections: SectionsField, itemSizeList itemSizes: PerItemList<[Double]>?) throws(GridError) -> DataShape {
        guard let itemSizes else { return try dataShape(sections: sections, itemSizes: nil) }
        let counts = try sections.itemCounts()
        return try itemSizes.values(field: "itemSizes", noun: "sizes", counts: counts) { list throws(GridError) in
            try dataShape(sections: .counts(counts), itemSizes: list)
        }
    }

    /// `itemSizes` as written in a spec: `[width, height]` pairs, or `nil`.
    public static func itemSizePairs(_ data: DataShape) -> [[Double]]? {
        data.itemSizes.map { $0.map { [$0.width, $0.height] } }
    }
}
