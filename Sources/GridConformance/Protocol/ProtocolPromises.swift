import GridCore

// The promises a layout in any language can make through the protocol, beyond its answers:
// what it was told of a change (`told`, in a query), what it says the change did (`shift`, in
// an answer), and what it declares about itself case by case (`lineHeight`, `lineWidth`,
// `pinning`, beside `declaredSupplementaries` and `tightness`).

/// What a query tells the runner's layout of a change, as `prepare(data:container:invalidation:)`
/// tells a Swift layout (`Invalidation`):
/// `{"data": "edited", "edit": {"type": "insert-items", …}, "container": "width"}`.
///
/// `data` is `unchanged`, `replaced` (nothing known) or `edited` (the batch update `edit`,
/// written as a scroll trace's edit events are, without `frame`); `container` is `unchanged`,
/// `width`, `height` or `both`. Each defaults to `unchanged`.
struct InvalidationJSON: Codable {
    var invalidation: Invalidation

    init(_ invalidation: Invalidation) { self.invalidation = invalidation }

    private enum CodingKeys: String, CodingKey { case data, edit, container }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let data: Invalidation.DataChange
        switch try c.decodeIfPresent(String.self, forKey: .data) ?? "unchanged" {
        case "unchanged": data = .unchanged
        case "replaced": data = .replaced
        case "edited": data = .edited(try c.decode(DataEditJSON.self, forKey: .edit).edit)
        case let other:
            throw FieldError(codingPath: c.codingPath, error: .invalidData(
                "data", "\"\(other)\"", expected: "\"unchanged\", \"replaced\" or \"edited\" (with an \"edit\")"))
        }
        let container: Invalidation.ContainerChange
        switch try c.decodeIfPresent(String.self, forKey: .container) ?? "unchanged" {
        case "unchanged": container = .unchanged
        case "width": container = .width
        case "height": container = .height
        case "both": container = .both
        case let other:
            throw FieldError(codingPath: c.codingPath, error: .invalidData(
                "container", "\"\(other)\"", expected: "\"unchanged\", \"width\", \"height\" or \"both\""))
        }
        invalidation = Invalidation(data: data, container: container)
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch invalidation.data {
        case .unchanged: try c.encode("unchanged", forKey: .data)
        case .replaced: try c.encode("replaced", forKey: .data)
        case .edited(let edit):
            try c.encode("edited", forKey: .data)
            try c.encode(DataEditJSON(edit), forKey: .edit)
        }
        let container = switch invalidation.container {
        case .unchanged: "unchanged"
        case .width: "width"
        case .height: "height"
        case .both: "both"
        }
        try c.encode(container, forKey: .container)
    }
}

/// A batch update in a query's `told`, in the words of a scroll trace's edit events:
/// `{"type": "insert-items", "section", "item", "count"[, "sizes"]}`,
/// `{"type": "delete-items", "section", "item", "count"}`,
/// `{"type": "insert-sections", "section", "counts"[, "sizes"]}`,
/// `{"type": "delete-sections", "section", "count"}`,
/// `{"type": "move-item", "from": [section, item], "to": [section, item]}`,
/// `{"type": "set-item-sizes", "items": [{"section", "item", "size": {"width", "height"}}, …]}`
/// (a measurement: each item's size set, every count and path kept).
struct DataEditJSON: Codable {
    var edit: DataEdit

    init(_ edit: DataEdit) { self.edit = edit }

    private enum CodingKeys: String, CodingKey { case type, section, item, count, counts, sizes, from, to, items }
    private enum SizedItemKeys: String, CodingKey { case section, item, size }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func count(_ key: CodingKeys) throws -> Int {
            let value = try c.decode(Int.self, forKey: key)
            guard value >= 0 else {
                throw FieldError(codingPath: c.codingPath, error: .invalidData(key.rawValue, value, expected: "a number ≥ 0"))
            }
            return value
        }
        /// `start ..< start + count`, refused where the end would overflow.
        func range(_ start: Int, _ countKey: CodingKeys) throws -> Range<Int> {
            let length = try count(countKey)
            let (end, overflow) = start.addingReportingOverflow(length)
            guard !overflow else {
                throw FieldError(codingPath: c.codingPath, error: .invalidData(
                    countKey.rawValue, length, expected: "a count that keeps the range's end within \(Int.max)"))
            }
            return start ..< end
        }
        func path(_ key: CodingKeys) throws -> ItemPath {
            let pair = try c.decode([Int].self, forKey: key)
            guard pair.count == 2 else {
                throw FieldError(codingPath: c.codingPath, error: .invalidData(key.rawValue, "\(pair)", expected: "[section, item]"))
            }
            return ItemPath(section: pair[0], item: pair[1])
        }
        switch try c.decode(String.self, forKey: .type) {
        case "insert-items":
            edit = .insertItems(
                section: try count(.section), item: try count(.item), count: try count(.count),
                sizes: try c.decodeIfPresent([Size].self, forKey: .sizes))
        case "delete-items":
            let section = try count(.section)
            edit = .deleteItems(section: section, items: try range(try count(.item), .count))
        case "insert-sections":
            edit = .insertSections(
                section: try count(.section), counts: try c.decode([Int].self, forKey: .counts),
                sizes: try c.decodeIfPresent([Size].self, forKey: .sizes))
        case "delete-sections":
            edit = .deleteSections(try range(try count(.section), .count))
        case "move-item":
            edit = .moveItem(from: try path(.from), to: try path(.to))
        case "set-item-sizes":
            var list = try c.nestedUnkeyedContainer(forKey: .items)
            var items: [SizedItem] = []
            while !list.isAtEnd {
                let entry = try list.nestedContainer(keyedBy: SizedItemKeys.self)
                let section = try entry.decode(Int.self, forKey: .section), item = try entry.decode(Int.self, forKey: .item)
                let size = try entry.decode(Size.self, forKey: .size)
                let field = "items[\(items.count)]"
                guard section >= 0, item >= 0 else {
                    throw FieldError(codingPath: c.codingPath, error: .invalidData(
                        field, "[\(section), \(item)]", expected: "a section and an item ≥ 0"))
                }
                guard size.width.isFinite, size.width > 0, size.height.isFinite, size.height > 0 else {
                    throw FieldError(codingPath: c.codingPath, error: .invalidData(
                        "\(field).size", size, expected: "a finite width and height > 0"))
                }
                items.append(SizedItem(path: ItemPath(section: section, item: item), size: size))
            }
            edit = .setItemSizes(items)
        case let other:
            throw FieldError(codingPath: c.codingPath, error: .invalidData(
                "type", "\"\(other)\"", expected: "one of insert-items, delete-items, insert-sections, delete-sections, move-item, set-item-sizes"))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch edit {
        case .insertItems(let section, let item, let count, let sizes):
            try c.encode("insert-items", forKey: .type)
            try c.encode(section, forKey: .section)
            try c.encode(item, forKey: .item)
            try c.encode(count, forKey: .count)
            try c.encodeIfPresent(sizes, forKey: .sizes)
        case .deleteItems(let section, let items):
            try c.encode("delete-items", forKey: .type)
            try c.encode(section, forKey: .section)
            try c.encode(items.lowerBound, forKey: .item)
            try c.encode(items.count, forKey: .count)
        case .insertSections(let section, let counts, let sizes):
            try c.encode("insert-sections", forKey: .type)
            try c.encode(section, forKey: .section)
            try c.encode(counts, forKey: .counts)
            try c.encodeIfPresent(sizes, forKey: .sizes)
        case .deleteSections(let sections):
            try c.encode("delete-sections", forKey: .type)
            try c.encode(sections.lowerBound, forKey: .section)
            try c.encode(sections.count, forKey: .count)
        case .moveItem(let from, let to):
            try c.encode("move-item", forKey: .type)
            try c.encode([from.section, from.item], forKey: .from)
            try c.encode([to.section, to.item], forKey: .to)
        case .setItemSizes(let items):
            try c.encode("set-item-sizes", forKey: .type)
            var list = c.nestedUnkeyedContainer(forKey: .items)
            for entry in items {
                var item = list.nestedContainer(keyedBy: SizedItemKeys.self)
                try item.encode(entry.path.section, forKey: .section)
                try item.encode(entry.path.item, forKey: .item)
                try item.encode(entry.size, forKey: .size)
            }
        }
    }
}

/// What an answer says a told update did (`SectionShift`):
/// `{"firstChanged": 1, "movedFrom": 2, "movedTo": 2, "offset": 79, "changedSpan": [184, 368]}`.
struct SectionShiftJSON: Codable {
    var shift: SectionShift

    init(_ shift: SectionShift) { self.shift = shift }

    private enum CodingKeys: String, CodingKey { case firstChanged, movedFrom, movedTo, offset, changedSpan }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let span = try c.decode([Double].self, forKey: .changedSpan)
        guard span.count == 2, span[0].isFinite, span[1].isFinite, span[0] <= span[1] else {
            throw FieldError(codingPath: c.codingPath, error: .invalidData(
                "changedSpan", "\(span)", expected: "[low, high], finite, low ≤ high"))
        }
        let offset = try c.decode(Double.self, forKey: .offset)
        guard offset.isFinite else {
            throw FieldError(codingPath: c.codingPath, error: .invalidData("offset", offset, expected: "a finite offset"))
        }
        shift = SectionShift(
            firstChanged: try c.decode(Int.self, forKey: .firstChanged), movedFrom: try c.decode(Int.self, forKey: .movedFrom),
            movedTo: try c.decode(Int.self, forKey: .movedTo), offset: offset, changedSpan: span[0] ... span[1])
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(shift.firstChanged, forKey: .firstChanged)
        try c.encode(shift.movedFrom, forKey: .movedFrom)
        try c.encode(shift.movedTo, forKey: .movedTo)
        try c.encode(shift.offset, forKey: .offset)
        try c.encode([shift.changedSpan.lowerBound, shift.changedSpan.upperBound], forKey: .changedSpan)
    }
}

/// A pin rule in an answer's `pinning`: `{"kind": "section-header", "axis": "vertical",
/// "reach": "until-next"}` or `{"kind": "row", …, "reach": {"band": [0, 44]}}`.
struct PinRuleJSON: Codable {
    var rule: PinRule

    init(_ rule: PinRule) { self.rule = rule }

    private enum CodingKeys: String, CodingKey { case kind, axis, reach }
    private enum ReachKeys: String, CodingKey { case band }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try c.decode(ElementKind.self, forKey: .kind)
        let axisName = try c.decode(String.self, forKey: .axis)
        guard let axis = Axis.allCases.first(where: { ConformanceAnswers.Traits.name(of: $0) == axisName }) else {
            throw FieldError(codingPath: c.codingPath, error: .invalidData("axis", "\"\(axisName)\"", expected: "\"vertical\" or \"horizontal\""))
        }
        if let name = try? c.decode(String.self, forKey: .reach) {
            guard name == "until-next" else {
                throw FieldError(codingPath: c.codingPath, error: .invalidData(
                    "reach", "\"\(name)\"", expected: "\"until-next\" or {\"band\": [start, end]}"))
            }
            rule = PinRule(kind, along: axis, .untilNext)
        } else {
            let band = try c.nestedContainer(keyedBy: ReachKeys.self, forKey: .reach).decode([Double].self, forKey: .band)
            guard band.count == 2, band[0].isFinite, band[1].isFinite, band[0] <= band[1] else {
                throw FieldError(codingPath: c.codingPath, error: .invalidData(
                    "reach.band", "\(band)", expected: "[start, end], finite, start ≤ end"))
            }
            rule = PinRule(kind, along: axis, .band(start: band[0], end: band[1]))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(rule.kind, forKey: .kind)
        try c.encode(ConformanceAnswers.Traits.name(of: rule.axis), forKey: .axis)
        switch rule.reach {
        case .untilNext: try c.encode("until-next", forKey: .reach)
        case .band(let start, let end):
            var band = c.nestedContainer(keyedBy: ReachKeys.self, forKey: .reach)
            try band.encode([start, end], forKey: .band)
        }
    }
}

/// Law 10 as an answer declares it (`MeasurementLocality`): `"item"` (each item its own
/// line), `"section"` (a section's items one line) or `{"itemsPerRow": n}` (a section's items
/// in lines of `n`, `n ≥ 1`, the section's first item starting a line).
struct MeasurementLocalityJSON: Codable {
    var locality: MeasurementLocality

    init(_ locality: MeasurementLocality) { self.locality = locality }

    private enum CodingKeys: String, CodingKey { case itemsPerRow }

    init(from decoder: any Decoder) throws {
        if let name = try? decoder.singleValueContainer().decode(String.self) {
            switch name {
            case "item": locality = .item
            case "section": locality = .section
            default:
                throw FieldError(codingPath: decoder.codingPath, error: .invalidData(
                    "", "\"\(name)\"", expected: "\"item\", \"section\" or {\"itemsPerRow\": n}"))
            }
            return
        }
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let count = try c.decode(Int.self, forKey: .itemsPerRow)
        guard count >= 1 else {
            throw FieldError(codingPath: c.codingPath, error: .invalidData("itemsPerRow", "\(count)", expected: "an integer ≥ 1"))
        }
        locality = .rows(itemsPerRow: count)
    }

    func encode(to encoder: any Encoder) throws {
        switch locality {
        case .item:
            var c = encoder.singleValueContainer()
            try c.encode("item")
        case .section:
            var c = encoder.singleValueContainer()
            try c.encode("section")
        case .rows(let itemsPerRow):
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(itemsPerRow, forKey: .itemsPerRow)
        }
    }
}
