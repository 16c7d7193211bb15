import Foundation
import GridCore

/// A query file of the language-neutral conformance protocol: cases, each a data shape and
/// a container to prepare a layout with, and the queries to answer.
///
/// A layout outside Swift reads it, answers every query of every case in order and writes a
/// ``ConformanceAnswers`` file; ``GridConformance/check(queries:answers:queriesFile:answersFile:maxViolations:)``
/// then checks every law that answers can show. The schema is documented in
/// `docs/conformance-protocol.md`.
///
/// Two rounds give the full check: ``make(options:)`` writes round 1, which needs no
/// knowledge of the layout; ``refined(with:randomRects:queriesFile:answersFile:)`` turns round 1's
/// answers into round 2, whose probe rects follow the layout's own rows (strips along every
/// line where frames start or end), as the in-process suite's do.
public struct ConformanceQueries: Hashable, Sendable {
    /// The schema version this GridBench writes and reads.
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    /// 1 for queries made without knowing the layout, 2 for queries refined from answers.
    public var round: Int
    /// The rounds a query file may carry: a round before the first means nothing, and the
    /// bound keeps the next round (`round + 1`) from overflowing.
    public static let rounds = 1...1_000_000
    /// The seed of the random probe rects.
    public var seed: UInt64
    public var cases: [Case]

    public init(schemaVersion: Int = ConformanceQueries.currentSchemaVersion, round: Int, seed: UInt64, cases: [Case]) {
        self.schemaVersion = schemaVersion
        self.round = round
        self.seed = seed
        self.cases = cases
    }

    /// One preparation of a layout and the queries to ask it afterwards.
    public struct Case: Hashable, Sendable {
        /// Unique within the file; answers name their case by it.
        public var id: String
        /// The layout instance to prepare: the runner makes a new layout the first time it
        /// meets an instance number, and prepares the same layout again when a later case
        /// names it again (law 6).
        public var instance: Int
        public var data: DataShape
        public var container: Size
        /// Rect queries: answer each with the elements whose frames intersect it.
        public var rects: [Rect]
        /// Per-item queries: answer each with the cell's attributes or `null`.
        public var items: [ItemPath]
        /// Supplementary queries: answer each with the view's attributes or `null`.
        public var supplementary: [SupplementaryRequest]
        /// For the checker only; a runner ignores it.
        public var check: Check
        /// For a case that prepares an instance again: what changed since its last case, for
        /// a runner whose layout can be told (`prepare(data:container:invalidation:)` in
        /// Swift), and whose answer may then say what the update did (`shift`). A runner that
        /// cannot tell its layout prepares it as for any case. `nil` for the others.
        public var told: Invalidation?

        public init(
            id: String, instance: Int, data: DataShape, container: Size, rects: [Rect], items: [ItemPath],
            supplementary: [SupplementaryRequest], check: Check
        ) {
            self.id = id
            self.instance = instance
            self.data = data
            self.container = container
            self.rects = rects
            self.items = items
            self.supplementary = supplementary
            self.check = check
        }
    }

    /// What the checker needs to know about a case's queries.
    public struct Check: Hashable, Sendable, Codable {
        /// The index of the rect that covers the whole content: its answer is the full set
        /// of elements (law 1).
        public var wholeContentRect: Int
        /// `[whole, first, second]` rect indices: `first` and `second` are adjacent and
        /// together exactly `whole` (law 7).
        public var splits: [[Int]]
        /// This case must answer exactly like another (law 5 when this case's instance is
        /// new, law 6 when it was prepared before with other data or another container).
        public var sameAnswersAs: SameAnswers?
        /// For a case that prepares an instance again: what changed since its last case.
        public var change: ConformanceChange?
        /// Why the rects were chosen, one word per rect (`whole`, `strip`, `random`, …);
        /// printed in violations.
        public var rectRoles: [String]?

        public init(
            wholeContentRect: Int, splits: [[Int]] = [], sameAnswersAs: SameAnswers? = nil,
            change: ConformanceChange? = nil, rectRoles: [String]? = nil
        ) {
            self.wholeContentRect = wholeContentRect
            self.splits = splits
            self.sameAnswersAs = sameAnswersAs
            self.change = change
            self.rectRoles = rectRoles
        }
    }

    /// A case whose answers must equal another's, and the law that says so.
    public struct SameAnswers: Hashable, Sendable, Codable {
        /// The id of the earlier case answered by a freshly made layout.
        public var `case`: String
        /// 5 (determinism) or 6 (freshness).
        public var law: Int

        public init(case: String, law: Int) {
            self.case = `case`
            self.law = law
        }
    }
}

// MARK: - JSON

extension ConformanceQueries: Codable {
    private enum CodingKeys: String, CodingKey { case schemaVersion, round, seed, cases }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try c.decode(Int.self, forKey: .schemaVersion)
        guard schemaVersion == Self.currentSchemaVersion else {
            throw FieldError(codingPath: [], error: .invalidData(
                "schemaVersion", schemaVersion, expected: "\(Self.currentSchemaVersion), the query file version this GridBench reads"))
        }
        round = try c.decodeIfPresent(Int.self, forKey: .round) ?? 1
        guard Self.rounds.contains(round) else {
            throw FieldError(codingPath: [], error: .invalidData(
                "round", round, expected: "a round in \(Self.rounds) (1 for queries made without the layout's answers, 2 or more for queries refined from them)"))
        }
        seed = try c.decodeIfPresent(UInt64.self, forKey: .seed) ?? 0
        cases = try c.decode([Case].self, forKey: .cases)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(schemaVersion, forKey: .schemaVersion)
        try c.encode(round, forKey: .round)
        try c.encode(seed, forKey: .seed)
        try c.encode(cases, forKey: .cases)
    }
}

extension ConformanceQueries.Case: Codable {
    private enum CodingKeys: String, CodingKey { case id, instance, data, container, rects, items, supplementary, check, told }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        instance = try c.decode(Int.self, forKey: .instance)
        data = try c.decode(DataShapeJSON.self, forKey: .data).shape
        container = try c.decode(Size.self, forKey: .container)
        rects = try c.decode([Rect].self, forKey: .rects)
        items = try c.decode([ItemPath].self, forKey: .items)
        supplementary = try c.decode([SupplementaryRequest].self, forKey: .supplementary)
        check = try c.decode(ConformanceQueries.Check.self, forKey: .check)
        told = try c.decodeIfPresent(InvalidationJSON.self, forKey: .told)?.invalidation
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(instance, forKey: .instance)
        try c.encode(DataShapeJSON(data), forKey: .data)
        try c.encode(container, forKey: .container)
        try c.encode(rects, forKey: .rects)
        try c.encode(items, forKey: .items)
        try c.encode(supplementary, forKey: .supplementary)
        try c.encode(check, forKey: .check)
        try c.encodeIfPresent(told.map(InvalidationJSON.init), forKey: .told)
    }
}

/// A data shape in JSON: `{"itemCounts": [3, 0, 5], "itemSizes": [{"width": 40, "height": 30}, …]}`
/// (`itemSizes` optional), validated as `DataShape` validates.
struct DataShapeJSON: Codable {
    var shape: DataShape

    init(_ shape: DataShape) { self.shape = shape }

    private enum CodingKeys: String, CodingKey { case itemCounts, itemSizes }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let counts = try c.decode([Int].self, forKey: .itemCounts)
        let sizes = try c.decodeIfPresent([Size].self, forKey: .itemSizes)
        do {
            shape = try DataShape(itemCounts: counts, itemSizes: sizes)
        } catch {
            throw FieldError(codingPath: decoder.codingPath, error: error)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Array(shape.itemCounts), forKey: .itemCounts)
        try c.encodeIfPresent(shape.itemSizes, forKey: .itemSizes)
    }
}

// MARK: - Files

extension ConformanceQueries {
    /// Reads and validates the query file at `url`.
    /// - Throws: `InputError` naming the file, the field and the value.
    public static func load(from url: URL) throws(InputError) -> ConformanceQueries {
        let queries = try JSONCoding.read(ConformanceQueries.self, from: url)
        try queries.validate(file: url.path)
        return queries
    }

    /// Decodes and validates a query file's contents; `file` names it in errors.
    public static func decode(_ data: Data, file: String = "queries.json") throws(InputError) -> ConformanceQueries {
        let queries = try JSONCoding.decode(ConformanceQueries.self, from: data, file: file)
        try queries.validate(file: file)
        return queries
    }

    /// The file's contents: JSON on one line, with sorted keys (files of this kind run to
    /// tens of megabytes; any JSON formatter shows them indented).
    public func encoded() throws -> Data { try JSONCoding.encode(self, compact: true) }

    /// Writes the file atomically.
    public func write(to url: URL) throws { try JSONCoding.write(self, to: url, compact: true) }

    /// The most items one case's data may hold: a case is answered by preparing a layout
    /// over it and listing every element its rects meet, in memory and in the answer file.
    public static let maxItemsPerCase = 100_000

    /// The most items all cases' data may hold together.
    public static let maxItemsInAll = 5_000_000

    /// Checks what decoding cannot: the size limits, unique case ids, rect indices in
    /// range, comparisons that name an earlier case with the same data, container and
    /// queries.
    public func validate(file: String = "queries.json") throws(InputError) {
        var seen: [String: Int] = [:]
        var lastCaseOfInstance: [Int: Int] = [:]
        var itemsInAll = 0
        for (index, item) in cases.enumerated() {
            let field = "cases[\(index)]"
            guard item.data.totalItems <= Self.maxItemsPerCase else {
                throw InputError(
                    file: file, field: "\(field).data.itemCounts", value: "\(item.data.totalItems) items",
                    expected: "at most \(Self.maxItemsPerCase) items in one case")
            }
            itemsInAll += item.data.totalItems
            guard itemsInAll <= Self.maxItemsInAll else {
                throw InputError(
                    file: file, field: "\(field).data.itemCounts", value: "\(itemsInAll) items in cases[0...\(index)]",
                    expected: "at most \(Self.maxItemsInAll) items in all cases together")
            }
            if seen[item.id] != nil {
                throw InputError(file: file, field: "\(field).id", value: "\"\(item.id)\"", expected: "an id no other case has")
            }
            seen[item.id] = index
            guard item.rects.indices.contains(item.check.wholeContentRect) else {
                throw InputError(
                    file: file, field: "\(field).check.wholeContentRect", value: "\(item.check.wholeContentRect)",
                    expected: "the index of one of the case's \(item.rects.count) rects")
            }
            for (s, split) in item.check.splits.enumerated() {
                guard split.count == 3, split.allSatisfy({ item.rects.indices.contains($0) }) else {
                    throw InputError(
                        file: file, field: "\(field).check.splits[\(s)]", value: "\(split)",
                        expected: "three indices [whole, first, second] of the case's \(item.rects.count) rects")
                }
            }
            if let roles = item.check.rectRoles, roles.count != item.rects.count {
                throw InputError(
                    file: file, field: "\(field).check.rectRoles", value: "\(roles.count) roles",
                    expected: "one role per rect: \(item.rects.count)")
            }
            if let same = item.check.sameAnswersAs {
                guard let target = seen[same.case], target < index else {
                    throw InputError(
                        file: file, field: "\(field).check.sameAnswersAs.case", value: "\"\(same.case)\"",
                        expected: "the id of an earlier case")
                }
                let other = cases[target]
                guard other.data == item.data, other.container == item.container, other.rects == item.rects,
                      other.items == item.items, other.supplementary == item.supplementary
                else {
                    throw InputError(
                        file: file, field: "\(field).check.sameAnswersAs.case", value: "\"\(same.case)\"",
                        expected: "a case with the same data, container and queries as this one")
                }
                let reused = lastCaseOfInstance[item.instance] != nil
                guard same.law == (reused ? 6 : 5) else {
                    throw InputError(
                        file: file, field: "\(field).check.sameAnswersAs.law", value: "\(same.law)",
                        expected: reused ? "6: this case prepares instance \(item.instance) again" : "5: this case's instance \(item.instance) is new")
                }
            }
            if let told = item.told {
                try validate(told, of: item, at: index, after: lastCaseOfInstance[item.instance].map { cases[$0] }, file: file)
            }
            lastCaseOfInstance[item.instance] = index
        }
    }

    /// A case's `told` must describe the change from its instance's last case to it: the
    /// batch update applied to that case's data gives this case's, and the container change
    /// is the one between their containers.
    private func validate(_ told: Invalidation, of item: Case, at index: Int, after earlier: Case?, file: String) throws(InputError) {
        let field = "cases[\(index)].told"
        guard let earlier else {
            throw InputError(
                file: file, field: field, value: "a change told to instance \(item.instance)",
                expected: "no \"told\" on a case whose instance is new: there is nothing to tell it")
        }
        let container = Invalidation.ContainerChange(from: earlier.container, to: item.container)
        guard told.container == container else {
            throw InputError(
                file: file, field: "\(field).container", value: "\(told.container)",
                expected: "\(container), the change from \(earlier.container) in case \"\(earlier.id)\" to \(item.container)")
        }
        switch told.data {
        case .unchanged where earlier.data != item.data:
            throw InputError(
                file: file, field: "\(field).data", value: "\"unchanged\"",
                expected: "\"edited\" or \"replaced\": the data differs from case \"\(earlier.id)\"'s")
        case .edited(let edit):
            guard (try? edit.applied(to: earlier.data)) == item.data else {
                throw InputError(
                    file: file, field: "\(field).edit", value: ConformanceConfiguration.describe(edit),
                    expected: "an edit that turns case \"\(earlier.id)\"'s data into this case's")
            }
        default:
            break
        }
    }
}
