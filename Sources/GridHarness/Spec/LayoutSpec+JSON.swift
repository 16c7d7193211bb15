import Foundation
import GridCore
import GridLayouts

/// The JSON form of a ``LayoutSpec``:
///
/// ```json
/// {"schemaVersion": 1, "name": "photos-2976", "layout": "tile-grid",
///  "container": {"width": 320, "height": 480},
///  "sections": {"count": 96, "items": 31},
///  "tilesPerLine": 4, "rowHeight": 79, "padding": {"width": 4, "height": 4},
///  "sectionTitleHeight": 22, "centersItems": false}
/// ```
///
/// `sections` is an array of item counts, `{"count": S, "items": N}` for S equal sections,
/// or `{"total": T, "itemsPerSection": N}` for T items in sections of N (the last one
/// shorter). `itemSizes`, optional, gives each item's content size as `[width, height]`,
/// section by section. Tile-grid fields left out take CHGridView's values (4, 79, 4 × 4,
/// 22, not centred). `name` defaults to the file's name without `.json`.
struct LayoutSpecFile: Codable {
    var schemaVersion: Int?
    var name: String?
    var layout: String
    var container: Size
    var sections: Sections
    var itemSizes: [[Double]]?
    var tilesPerLine: Int?
    var rowHeight: Double?
    var padding: Size?
    var sectionTitleHeight: Double?
    var centersItems: Bool?

    enum Sections: Codable {
        case counts([Int])
        case uniform(count: Int, items: Int)
        case total(total: Int, itemsPerSection: Int)

        private enum Keys: String, CodingKey { case count, items, total, itemsPerSection }

        init(from decoder: any Decoder) throws {
            if let counts = try? decoder.singleValueContainer().decode([Int].self) {
                self = .counts(counts)
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

        func encode(to encoder: any Encoder) throws {
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
    }
}

extension LayoutSpec {
    /// Reads and validates the spec at `url`.
    ///
    /// - Throws: ``InputError`` naming the file, the field and the value: malformed JSON,
    ///   an unknown layout, a negative count, a bad item size, a parameter the layout
    ///   refuses (checked by preparing it once).
    public static func load(from url: URL) throws(InputError) -> LayoutSpec {
        let file = try JSONFiles.read(LayoutSpecFile.self, from: url)
        let defaultName = url.deletingPathExtension().lastPathComponent
        return try LayoutSpec(file: file, path: url.path, defaultName: defaultName)
    }

    /// Decodes and validates a spec from JSON bytes; `path` names it in errors.
    public static func decode(_ data: Data, path: String) throws(InputError) -> LayoutSpec {
        let file = try JSONFiles.decode(LayoutSpecFile.self, from: data, file: path)
        let defaultName = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return try LayoutSpec(file: file, path: path, defaultName: defaultName)
    }

    init(file: LayoutSpecFile, path: String, defaultName: String) throws(InputError) {
        func fail(_ field: String, _ value: some CustomStringConvertible, _ expected: String) -> InputError {
            InputError(file: path, field: field, value: value.description, expected: expected)
        }
        if let version = file.schemaVersion, version != 1 {
            throw fail("schemaVersion", version, "1")
        }
        guard LayoutSpec.layoutNames.contains(file.layout) else {
            throw fail("layout", "\"\(file.layout)\"", "one of " + LayoutSpec.layoutNames.joined(separator: ", "))
        }
        let counts: [Int]
        switch file.sections {
        case .counts(let list):
            counts = list
        case .uniform(let count, let items):
            guard count >= 0, count <= ElementID.maxSection + 1 else { throw fail("sections.count", count, "a section count in 0...\(ElementID.maxSection + 1)") }
            guard items >= 0 else { throw fail("sections.items", items, "an item count ≥ 0") }
            let (total, overflow) = count.multipliedReportingOverflow(by: items)
            guard !overflow, total <= DataShape.maxTotalItems else {
                throw fail("sections.items", items, "at most \(DataShape.maxTotalItems) items in all (\(count) sections)")
            }
            counts = Array(repeating: items, count: count)
        case .total(let total, let perSection):
            guard total >= 0, total <= DataShape.maxTotalItems else { throw fail("sections.total", total, "an item count in 0...\(DataShape.maxTotalItems)") }
            guard perSection >= 1 else { throw fail("sections.itemsPerSection", perSection, "an integer ≥ 1") }
            var list = Array(repeating: perSection, count: total / perSection)
            if total % perSection != 0 { list.append(total % perSection) }
            counts = list
        }
        var sizes: [Size]?
        if let raw = file.itemSizes {
            var parsed = [Size]()
            parsed.reserveCapacity(raw.count)
            for (index, pair) in raw.enumerated() {
                guard pair.count == 2 else { throw fail("itemSizes[\(index)]", pair, "a pair [width, height]") }
                parsed.append(Size(width: pair[0], height: pair[1]))
            }
            sizes = parsed
        }
        let data: DataShape
        do {
            data = try DataShape(itemCounts: counts, itemSizes: sizes)
        } catch {
            var field = error.field
            if field.hasPrefix("itemCounts") { field = "sections" + field.dropFirst("itemCounts".count) }
            throw InputError(file: path, field: field, value: error.value, expected: error.expected)
        }
        let defaults = TileGrid.Configuration.chGridView
        let configuration = TileGrid.Configuration(
            tilesPerLine: file.tilesPerLine ?? defaults.tilesPerLine,
            rowHeight: file.rowHeight ?? defaults.rowHeight,
            padding: file.padding ?? defaults.padding,
            sectionTitleHeight: file.sectionTitleHeight ?? defaults.sectionTitleHeight,
            centersItems: file.centersItems ?? defaults.centersItems)
        let spec = LayoutSpec(name: file.name ?? defaultName, parameters: .tileGrid(configuration), container: file.container, data: data)
        do {
            _ = try spec.preparedLayout()
        } catch {
            throw InputError(file: path, error)
        }
        self = spec
    }

    /// The spec's JSON form, compact where it can be: equal sections as
    /// `{"count", "items"}`, equal sections but a shorter last one as
    /// `{"total", "itemsPerSection"}`.
    var file: LayoutSpecFile {
        let counts = data.itemCounts
        let sections: LayoutSpecFile.Sections =
            if let first = counts.first, counts.count > 1, counts.allSatisfy({ $0 == first }) {
                .uniform(count: counts.count, items: first)
            } else if let first = counts.first, let last = counts.last, counts.count > 2, first > 0, last > 0, last < first,
                      counts.dropLast().allSatisfy({ $0 == first }) {
                .total(total: data.totalItems, itemsPerSection: first)
            } else {
                .counts(counts)
            }
        switch parameters {
        case .tileGrid(let c):
            return LayoutSpecFile(
                schemaVersion: 1, name: name, layout: layoutName, container: container, sections: sections,
                itemSizes: data.itemSizes.map { $0.map { [$0.width, $0.height] } },
                tilesPerLine: c.tilesPerLine, rowHeight: c.rowHeight, padding: c.padding,
                sectionTitleHeight: c.sectionTitleHeight, centersItems: c.centersItems)
        }
    }

    /// Writes the spec as JSON to `url`, atomically.
    public func write(to url: URL) throws {
        try JSONFiles.write(file, to: url)
    }
}
