import Foundation
import GridCore

/// A golden fixture: the full attribute set of one layout in one canonical configuration,
/// kept as text JSON in `datasets/fixtures/layouts/` and reviewed like code.
///
/// The format knows nothing of any particular layout: the layout's name and its parameters
/// (a JSON object) travel with the data shape, the container, the content size and every
/// element (kind, section, item, frame) in `ElementID` order. Fixtures are
/// re-recorded only on purpose, by ``record(_:into:makeLayout:)``.
public struct GoldenFixture: Hashable, Sendable {
    /// The schema version this GridBench writes and reads.
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    /// The fixture's name; its file is `<name>.json`.
    public var name: String
    /// The layout's name, as the CLI and specs name layouts (`tile-grid`).
    public var layout: String
    /// The layout's parameters, as a JSON object.
    public var parameters: JSONValue
    public var data: DataShape
    public var container: Size
    public var contentSize: Size
    /// Every element, sorted by `ElementID`, each once.
    public var elements: [LayoutAttributes]

    /// What a fixture is recorded from: everything but the answers.
    public struct Recipe: Hashable, Sendable {
        public var name: String
        public var layout: String
        public var parameters: JSONValue
        public var data: DataShape
        public var container: Size

        public init(name: String, layout: String, parameters: JSONValue, data: DataShape, container: Size) {
            self.name = name
            self.layout = layout
            self.parameters = parameters
            self.data = data
            self.container = container
        }
    }

    /// What this fixture was recorded from.
    public var recipe: Recipe {
        Recipe(name: name, layout: layout, parameters: parameters, data: data, container: container)
    }

    /// The fixture of `layout`, already prepared with the recipe's data and container: the
    /// elements of the rect query over the whole content, with the per-item answer of every
    /// path and the supplementary answers at the paths of every space the layout declares
    /// (a bounded choice of a huge space; elements of zero area included).
    ///
    /// - Throws: `GridError` when the layout's answers disagree with each other (a
    ///   rect answer and a per-item answer with different frames): such a layout must pass
    ///   ``GridConformance`` before it can be recorded.
    /// - Complexity: O(n log n) for n elements.
    public init(_ recipe: Recipe, prepared layout: some GridLayout) throws(GridError) {
        var byID: [ElementID: LayoutAttributes] = [:]
        func add(_ element: LayoutAttributes, from query: String) throws(GridError) {
            if let known = byID[element.id], !known.isIdentical(to: element) {
                throw GridError(
                    .invalidData, field: "elements", value: "\(known) and \(element) (from \(query))",
                    expected: "one frame per element: the layout disagrees with itself (law 2); run GridConformance on it first")
            }
            byID[element.id] = element
        }
        for element in layout.elements(in: ProbePlan.wholeRect(of: layout, data: recipe.data)) {
            try add(element, from: "the rect query over the whole content")
        }
        for path in ProbePlan.itemProbes(recipe.data) where recipe.data.contains(path) {
            if let element = layout.attributes(at: path) { try add(element, from: "attributes(at: \(path))") }
        }
        let supplementaries = layout.traits.supplementaries
        let space = ElementSpace(data: recipe.data, supplementaries: supplementaries)
        for request in ProbePlan.supplementaryProbes(recipe.data, spaces: supplementaries, whole: [], beyond: false)
        where space.contains(request.kind, request.path) {
            if let element = layout.supplementary(request.kind, at: request.path) {
                try add(element, from: "supplementary(\(request.kind.name), at: \(request.path))")
            }
        }
        self.init(
            recipe: recipe, contentSize: layout.contentSize,
            elements: byID.values.sorted { $0.id < $1.id })
    }

    /// A fixture with the given contents; `elements` are sorted by ID here.
    public init(recipe: Recipe, contentSize: Size, elements: [LayoutAttributes]) {
        schemaVersion = Self.currentSchemaVersion
        name = recipe.name
        layout = recipe.layout
        parameters = recipe.parameters
        data = recipe.data
        container = recipe.container
        self.contentSize = contentSize
        self.elements = elements.sorted { $0.id < $1.id }
    }
}

// MARK: - JSON

extension GoldenFixture: Codable {
    private enum CodingKeys: String, CodingKey {
        case schemaVersion, name, layout, parameters, data, container, contentSize, elements
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try c.decode(Int.self, forKey: .schemaVersion)
        guard schemaVersion == Self.currentSchemaVersion else {
            throw FieldError(codingPath: [], error: .invalidData(
                "schemaVersion", schemaVersion, expected: "\(Self.currentSchemaVersion), the fixture version this GridBench reads"))
        }
        name = try c.decode(String.self, forKey: .name)
        layout = try c.decode(String.self, forKey: .layout)
        parameters = try c.decode(JSONValue.self, forKey: .parameters)
        data = try c.decode(DataShapeJSON.self, forKey: .data).shape
        container = try c.decode(Size.self, forKey: .container)
        contentSize = try c.decode(Size.self, forKey: .contentSize)
        elements = try c.decode([LayoutAttributes].self, forKey: .elements)
        for index in elements.indices.dropFirst() where !(elements[index - 1].id < elements[index].id) {
            throw FieldError(codingPath: [], error: .invalidData(
                "elements[\(index)]", elements[index].id,
                expected: "elements sorted by section, kind and item, each once (after \(elements[index - 1].id))"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(schemaVersion, forKey: .schemaVersion)
        try c.encode(name, forKey: .name)
        try c.encode(layout, forKey: .layout)
        try c.encode(parameters, forKey: .parameters)
        try c.encode(DataShapeJSON(data), forKey: .data)
        try c.encode(container, forKey: .container)
        try c.encode(contentSize, forKey: .contentSize)
        try c.encode(elements, forKey: .elements)
    }
}

// MARK: - Files

extension GoldenFixture {
    /// Reads the fixture at `url`.
    /// - Throws: `InputError` naming the file, the field and the value.
    public static func load(from url: URL) throws(InputError) -> GoldenFixture {
        try JSONCoding.read(GoldenFixture.self, from: url)
    }

    /// Decodes a fixture's contents; `file` names it in errors.
    public static func decode(_ data: Data, file: String) throws(InputError) -> GoldenFixture {
        try JSONCoding.decode(GoldenFixture.self, from: data, file: file)
    }

    /// Every fixture in `directory` (its `.json` files, by name).
    public static func loadAll(in directory: URL) throws(InputError) -> [GoldenFixture] {
        var fixtures: [GoldenFixture] = []
        for url in try jsonFiles(in: directory) { fixtures.append(try load(from: url)) }
        return fixtures
    }

    /// The recipes of every fixture in `directory`: what re-recording them starts from.
    public static func recipes(in directory: URL) throws(InputError) -> [Recipe] {
        try loadAll(in: directory).map(\.recipe)
    }

    /// The file's contents: pretty-printed JSON with sorted keys.
    public func encoded() throws -> Data { try JSONCoding.encode(self) }

    /// Writes the fixture to `url` atomically.
    public func write(to url: URL) throws { try JSONCoding.write(self, to: url) }

    /// Records `recipes`: makes each layout with `makeLayout`, prepares it with the recipe's
    /// data and container, builds the fixture and writes it atomically to
    /// `directory/<name>.json`. The only way fixtures are (re-)recorded; the CLI's
    /// `gridbench fixtures record` calls it.
    ///
    /// - Returns: the files written.
    /// - Throws: whatever making or preparing a layout throws, `GridError` for a
    ///   layout that disagrees with itself, or a file system error.
    @discardableResult
    public static func record(
        _ recipes: [Recipe], into directory: URL, makeLayout: (Recipe) throws -> any GridLayout
    ) throws -> [URL] {
        var urls: [URL] = []
        for recipe in recipes {
            var layout = try makeLayout(recipe)
            try layout.prepare(data: recipe.data, container: recipe.container)
            let fixture = try GoldenFixture(recipe, prepared: layout)
            let url = directory.appendingPathComponent("\(recipe.name).json")
            try fixture.write(to: url)
            urls.append(url)
        }
        return urls
    }

    private static func jsonFiles(in directory: URL) throws(InputError) -> [URL] {
        do {
            return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "json" }
                .sorted { $0.lastPathComponent < $1.lastPathComponent }
        } catch {
            throw InputError(file: directory.path, field: "(directory)", value: "unreadable", expected: "a readable directory of fixtures (\(error.localizedDescription))")
        }
    }
}
