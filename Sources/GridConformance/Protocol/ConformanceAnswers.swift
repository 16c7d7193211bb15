import Foundation
import GridCore

/// An answer file of the language-neutral conformance protocol: for every case of a
/// ``ConformanceQueries`` file, what the layout answered, or why it refused the case.
///
/// The schema is documented in `docs/conformance-protocol.md`.
public struct ConformanceAnswers: Hashable, Sendable {
    /// The schema version this GridBench writes and reads.
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    /// The layout's name, for the report.
    public var layout: String?
    /// What the layout declares; `cellsDoNotOverlap` turns on law 8.
    public var traits: Traits
    public var cases: [Case]

    public init(schemaVersion: Int = ConformanceAnswers.currentSchemaVersion, layout: String?, traits: Traits, cases: [Case]) {
        self.schemaVersion = schemaVersion
        self.layout = layout
        self.traits = traits
        self.cases = cases
    }

    /// What an external layout declares about itself.
    public struct Traits: Hashable, Sendable, Codable {
        /// Declares law 8: no two cells' frames ever intersect.
        public var cellsDoNotOverlap: Bool

        public init(cellsDoNotOverlap: Bool) {
            self.cellsDoNotOverlap = cellsDoNotOverlap
        }
    }

    /// The answers to one case.
    public struct Case: Hashable, Sendable {
        /// The case's id in the query file.
        public var id: String
        /// Why `prepare` refused the case, or `nil` when it was answered.
        public var skipped: String?
        public var contentSize: Size?
        /// One list of elements per query rect, in the query's order.
        public var rects: [[LayoutAttributes]]?
        /// One answer per item query (`nil` for `null`).
        public var items: [LayoutAttributes?]?
        /// One answer per supplementary query (`nil` for `null`).
        public var supplementary: [LayoutAttributes?]?

        /// An answered case.
        public init(id: String, contentSize: Size, rects: [[LayoutAttributes]], items: [LayoutAttributes?], supplementary: [LayoutAttributes?]) {
            self.id = id
            self.contentSize = contentSize
            self.rects = rects
            self.items = items
            self.supplementary = supplementary
        }

        /// A case the layout refused: its `prepare` failed with `reason`.
        public init(id: String, skipped reason: String) {
            self.id = id
            self.skipped = reason
        }
    }
}

// MARK: - JSON

extension ConformanceAnswers: Codable {
    private enum CodingKeys: String, CodingKey { case schemaVersion, layout, traits, cases }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try c.decode(Int.self, forKey: .schemaVersion)
        guard schemaVersion == Self.currentSchemaVersion else {
            throw FieldError(codingPath: [], error: .invalidData(
                "schemaVersion", schemaVersion, expected: "\(Self.currentSchemaVersion), the answer file version this GridBench reads"))
        }
        layout = try c.decodeIfPresent(String.self, forKey: .layout)
        traits = try c.decodeIfPresent(Traits.self, forKey: .traits) ?? Traits(cellsDoNotOverlap: false)
        cases = try c.decode([Case].self, forKey: .cases)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(schemaVersion, forKey: .schemaVersion)
        try c.encodeIfPresent(layout, forKey: .layout)
        try c.encode(traits, forKey: .traits)
        try c.encode(cases, forKey: .cases)
    }
}

extension ConformanceAnswers.Case: Codable {
    private enum CodingKeys: String, CodingKey { case id, skipped, contentSize, rects, items, supplementary }

    /// A rect query's answer: `{"elements": [...]}`.
    private struct RectAnswer: Codable {
        var elements: [LayoutAttributes]
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        skipped = try c.decodeIfPresent(String.self, forKey: .skipped)
        guard skipped == nil else { return }
        contentSize = try c.decode(Size.self, forKey: .contentSize)
        rects = try c.decode([RectAnswer].self, forKey: .rects).map(\.elements)
        items = try c.decode([LayoutAttributes?].self, forKey: .items)
        supplementary = try c.decode([LayoutAttributes?].self, forKey: .supplementary)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        if let skipped {
            try c.encode(skipped, forKey: .skipped)
            return
        }
        try c.encodeIfPresent(contentSize, forKey: .contentSize)
        try c.encodeIfPresent(rects?.map(RectAnswer.init), forKey: .rects)
        try c.encodeIfPresent(items, forKey: .items)
        try c.encodeIfPresent(supplementary, forKey: .supplementary)
    }
}

// MARK: - Files

extension ConformanceAnswers {
    /// Reads the answer file at `url`.
    /// - Throws: `InputError` naming the file, the field and the value.
    public static func load(from url: URL) throws(InputError) -> ConformanceAnswers {
        try JSONCoding.read(ConformanceAnswers.self, from: url)
    }

    /// Decodes an answer file's contents; `file` names it in errors.
    public static func decode(_ data: Data, file: String = "answers.json") throws(InputError) -> ConformanceAnswers {
        try JSONCoding.decode(ConformanceAnswers.self, from: data, file: file)
    }

    /// The file's contents: pretty-printed JSON with sorted keys.
    public func encoded() throws -> Data { try JSONCoding.encode(self) }

    /// Writes the file atomically.
    public func write(to url: URL) throws { try JSONCoding.write(self, to: url) }
}

// MARK: - Answering in process

extension ConformanceAnswers {
    /// Answers `queries` with layouts made by `makeLayout`, exactly as an external runner
    /// must: cases in order; a new layout the first time an instance number appears, the
    /// same layout prepared again when it reappears; a case whose `prepare` throws is
    /// answered `skipped` (and the instance keeps its previous state).
    ///
    /// For Swift layouts the in-process suite is stronger (it also shrinks); this plays the
    /// external runner for tests, and gives reference answers for a fixture or a query file.
    public static func answer<L: GridLayout>(
        _ queries: ConformanceQueries, layout name: String? = nil, makeLayout: () -> L
    ) -> ConformanceAnswers {
        var instances: [Int: L] = [:]
        var cases: [Case] = []
        for query in queries.cases {
            var layout = instances[query.instance] ?? makeLayout()
            defer { instances[query.instance] = layout }
            do {
                try layout.prepare(data: query.data, container: query.container)
            } catch {
                cases.append(Case(id: query.id, skipped: "\(error)"))
                continue
            }
            var buffer: [LayoutAttributes] = []
            let rects = query.rects.map { rect -> [LayoutAttributes] in
                buffer.removeAll(keepingCapacity: true)
                layout.elements(in: rect, into: &buffer)
                return buffer
            }
            cases.append(Case(
                id: query.id, contentSize: layout.contentSize, rects: rects,
                items: query.items.map { layout.attributes(at: $0) },
                supplementary: query.supplementary.map { layout.supplementary($0.kind, at: $0.path) }))
        }
        return ConformanceAnswers(
            layout: name ?? String(describing: L.self),
            traits: Traits(cellsDoNotOverlap: makeLayout().traits.cellsDoNotOverlap),
            cases: cases)
    }
}
