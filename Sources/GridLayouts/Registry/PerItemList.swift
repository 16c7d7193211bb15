import GridCore

/// A per-item field of a spec (`itemHeights`, `itemSizes`), in either of the forms users
/// write: one list of every item, section by section (`[44, 60, 120]`), or one list per
/// section, as `sections` is (`[[44, 60], [120]]`). The one place every layout reads its
/// per-item fields through, so that both forms mean the same everywhere.
///
/// The forms cannot be confused: an element of the flat form is one item's value (a
/// number, or a `[width, height]` pair), an element of the sectioned form is a list of them.
public enum PerItemList<Element: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
    case flat([Element])
    case perSection([[Element]])

    /// Reads the sectioned form when the first element is a list of items, the flat form
    /// otherwise, so that a flat list's bad element is named as such (`itemHeights[3]`).
    public init(from decoder: any Decoder) throws {
        var probe = try decoder.unkeyedContainer()
        if !probe.isAtEnd, (try? probe.decode(Element.self)) == nil {
            var second = try decoder.unkeyedContainer()
            if (try? second.decode([Element].self)) != nil {
                self = .perSection(try decoder.singleValueContainer().decode([[Element]].self))
                return
            }
        }
        self = .flat(try decoder.singleValueContainer().decode([Element].self))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .flat(let list): try c.encode(list)
        case .perSection(let lists): try c.encode(lists)
        }
    }

    /// Every item's value, section by section, checked against the sections' item counts
    /// when given per section; `body` makes the data from them, and an error it throws
    /// about the flat item `field[17]` is named by section and item (`field[3][2]`) when the
    /// spec gave lists per section.
    ///
    /// - Parameters:
    ///   - field: the spec's field, `itemHeights`.
    ///   - noun: what one value is called in messages, plural: `heights`.
    ///   - counts: the item count of each section.
    ///   - body: makes the data from every item's value, flat, in order.
    /// - Throws: `GridError` naming `field` when the number of lists is not the
    ///   number of sections, `field[3]` when section 3's list does not hold one value per
    ///   item, or what `body` throws.
    public func values<T>(
        field: String, noun: String, counts: [Int], _ body: ([Element]) throws(GridError) -> T
    ) throws(GridError) -> T {
        switch self {
        case .flat(let list):
            return try body(list)
        case .perSection(let lists):
            guard lists.count == counts.count else {
                throw .invalidData(
                    field, "\(lists.count) lists", expected: "one list of \(noun) per section: \(counts.count), as sections has")
            }
            var flat: [Element] = []
            flat.reserveCapacity(counts.reduce(0) { $0 &+ max($1, 0) })
            for (section, list) in lists.enumerated() {
                guard list.count == counts[section] else {
                    throw .invalidData(
                        "\(field)[\(section)]", "\(list.count) \(noun)",
                        expected: "\(counts[section]) \(noun), one per item of section \(section)")
                }
                flat.append(contentsOf: list)
            }
            do {
                return try body(flat)
            } catch {
                throw Self.renamed(error, field: field, counts: counts)
            }
        }
    }

    /// `error` with a flat item index of `field` (`itemHeights[17].width`) named by section
    /// and item (`itemHeights[3][2].width`).
    static func renamed(_ error: GridError, field: String, counts: [Int]) -> GridError {
        let prefix = field + "["
        guard error.field.hasPrefix(prefix) else { return error }
        let rest = error.field.dropFirst(prefix.count)
        guard let close = rest.firstIndex(of: "]"), var index = Int(rest[..<close]), index >= 0 else { return error }
        for (section, count) in counts.enumerated() {
            if index < count {
                var renamed = error
                renamed.field = "\(field)[\(section)][\(index)]" + rest[rest.index(after: close)...]
                return renamed
            }
            index -= count
        }
        return error
    }
}
