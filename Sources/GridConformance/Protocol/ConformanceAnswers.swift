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
    public struct Traits: Hashable, Sendable {
        /// Declares law 8: no two cells' frames ever intersect.
        public var cellsDoNotOverlap: Bool
        /// The axes the content scrolls along; `nil` when not declared. A layout that scrolls
        /// sideways (or whose content is wider than its container) gets round 2 probes across
        /// column boundaries too.
        public var scrollAxes: ScrollAxes?

        public init(cellsDoNotOverlap: Bool, scrollAxes: ScrollAxes? = nil) {
            self.cellsDoNotOverlap = cellsDoNotOverlap
            self.scrollAxes = scrollAxes
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
        public var rects: [[Element]]?
        /// One answer per item query (`nil` for `null`).
        public var items: [Element?]?
        /// One answer per supplementary query (`nil` for `null`).
        public var supplementary: [Element?]?
        /// The supplementary views the layout may place once prepared for this case: for each
        /// kind, its path space (`LayoutTraits.supplementaries`). `nil` when the
        /// answer does not say: then a header and a footer per section, what a layout that
        /// declares nothing may place.
        public var declaredSupplementaries: [SupplementaryPaths]?
        /// Law 9 for this case: the axes along which the content is tight and the insets
        /// (`LayoutTraits.tightness`); `nil` when the layout declares nothing, and
        /// law 9 is not checked on the case.
        public var tightness: ContentTightness?
        /// The height of one line of content once prepared for this case
        /// (`LayoutTraits.lineHeight`); `nil` when not declared.
        public var lineHeight: Double?
        /// The width of one column of content (`LayoutTraits.lineWidth`); `nil` when not
        /// declared.
        public var lineWidth: Double?
        /// Which elements stay in view while the content scrolls (`LayoutTraits.pinning`);
        /// `nil` when not declared.
        public var pinning: [PinRule]?
        /// For a case that told its layout what changed (the query's `told`): what the layout
        /// says the update did (`SectionShift`); `nil` when it says nothing.
        public var shift: SectionShift?
        /// Law 10 as the layout declares it once prepared for this case
        /// (`LayoutTraits.measurementLocality`): checked on the next case of the instance when
        /// that one tells a measurement (`set-item-sizes`); `nil` when not declared.
        public var measurementLocality: MeasurementLocality?

        /// An answered case.
        public init(
            id: String, contentSize: Size, rects: [[Element]], items: [Element?], supplementary: [Element?],
            declaredSupplementaries: [SupplementaryPaths]? = nil, tightness: ContentTightness? = nil
        ) {
            self.id = id
            self.contentSize = contentSize
            self.rects = rects
            self.items = items
            self.supplementary = supplementary
            self.declaredSupplementaries = declaredSupplementaries
            self.tightness = tightness
        }

        /// An answered case whose elements carry no display positions.
        public init(
            id: String, contentSize: Size, rects: [[LayoutAttributes]], items: [LayoutAttributes?], supplementary: [LayoutAttributes?],
            declaredSupplementaries: [SupplementaryPaths]? = nil, tightness: ContentTightness? = nil
        ) {
            self.init(
                id: id, contentSize: contentSize, rects: rects.map { $0.map { Element($0) } }, items: items.map { $0.map { Element($0) } },
                supplementary: supplementary.map { $0.map { Element($0) } }, declaredSupplementaries: declaredSupplementaries,
                tightness: tightness)
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

extension ConformanceAnswers.Traits: Codable {
    private enum CodingKeys: String, CodingKey { case cellsDoNotOverlap, scrollAxes }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        cellsDoNotOverlap = try c.decodeIfPresent(Bool.self, forKey: .cellsDoNotOverlap) ?? false
        guard let names = try c.decodeIfPresent([String].self, forKey: .scrollAxes) else { return }
        var axes: ScrollAxes = []
        for (index, name) in names.enumerated() {
            guard let axis = Axis.allCases.first(where: { Self.name(of: $0) == name }) else {
                throw FieldError(codingPath: c.codingPath, error: .invalidData(
                    "scrollAxes[\(index)]", "\"\(name)\"", expected: "\"vertical\" or \"horizontal\""))
            }
            axes.insert(ScrollAxes(axis))
        }
        scrollAxes = axes
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(cellsDoNotOverlap, forKey: .cellsDoNotOverlap)
        if let scrollAxes {
            try c.encode(Axis.allCases.filter { scrollAxes.contains(ScrollAxes($0)) }.map(Self.name), forKey: .scrollAxes)
        }
    }

    /// `vertical`, `horizontal`.
    static func name(of axis: Axis) -> String { axis == .vertical ? "vertical" : "horizontal" }
}

extension ConformanceAnswers.Case: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, skipped, contentSize, rects, items, supplementary, declaredSupplementaries, tightness, lineHeight, lineWidth, pinning, shift
        case measurementLocality
    }

    /// A rect query's answer: `{"elements": [...]}`.
    private struct RectAnswer: Codable {
        var elements: [ConformanceAnswers.Element]
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        skipped = try c.decodeIfPresent(String.self, forKey: .skipped)
        guard skipped == nil else { return }
        contentSize = try c.decode(Size.self, forKey: .contentSize)
        rects = try c.decode([RectAnswer].self, forKey: .rects).map(\.elements)
        items = try c.decode([ConformanceAnswers.Element?].self, forKey: .items)
        supplementary = try c.decode([ConformanceAnswers.Element?].self, forKey: .supplementary)
        declaredSupplementaries = try c.decodeIfPresent([SupplementaryPathsJSON].self, forKey: .declaredSupplementaries)?.map(\.paths)
        tightness = try c.decodeIfPresent(TightnessJSON.self, forKey: .tightness)?.tightness
        lineHeight = try c.decodeIfPresent(Double.self, forKey: .lineHeight)
        lineWidth = try c.decodeIfPresent(Double.self, forKey: .lineWidth)
        pinning = try c.decodeIfPresent([PinRuleJSON].self, forKey: .pinning)?.map(\.rule)
        shift = try c.decodeIfPresent(SectionShiftJSON.self, forKey: .shift)?.shift
        measurementLocality = try c.decodeIfPresent(MeasurementLocalityJSON.self, forKey: .measurementLocality)?.locality
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
        try c.encodeIfPresent(declaredSupplementaries?.map(SupplementaryPathsJSON.init), forKey: .declaredSupplementaries)
        try c.encodeIfPresent(tightness.map(TightnessJSON.init), forKey: .tightness)
        try c.encodeIfPresent(lineHeight, forKey: .lineHeight)
        try c.encodeIfPresent(lineWidth, forKey: .lineWidth)
        try c.encodeIfPresent(pinning?.map(PinRuleJSON.init), forKey: .pinning)
        try c.encodeIfPresent(shift.map(SectionShiftJSON.init), forKey: .shift)
        try c.encodeIfPresent(measurementLocality.map(MeasurementLocalityJSON.init), forKey: .measurementLocality)
    }

    /// What this answer declares about the layout, as `LayoutTraits`: its supplementary spaces
    /// (a header and a footer per section when it declares none), tightness, line sizes and
    /// pinning and locality, with the file's `cellsDoNotOverlap` and `scrollAxes`.
    func declaredTraits(_ file: ConformanceAnswers.Traits) -> LayoutTraits {
        var traits = LayoutTraits(
            cellsDoNotOverlap: file.cellsDoNotOverlap, lineHeight: lineHeight, lineWidth: lineWidth,
            scrollAxes: file.scrollAxes ?? .vertical,
            supplementaries: declaredSupplementaries ?? SupplementaryPaths.sectionHeadersAndFooters,
            pinning: pinning ?? [], tightness: tightness)
        traits.measurementLocality = measurementLocality
        traits.rectQueriesScanEverything = false
        return traits
    }
}

/// `{"axes": ["vertical"], "insets": {"top": 0, "left": 0, "bottom": 8, "right": 0}}`:
/// law 9 as an answer declares it; `insets` and each of its edges default to 0.
struct TightnessJSON: Codable {
    var tightness: ContentTightness

    init(_ tightness: ContentTightness) { self.tightness = tightness }

    private enum CodingKeys: String, CodingKey { case axes, insets }
    private enum EdgeKeys: String, CodingKey, CaseIterable { case top, left, bottom, right }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let names = try c.decode([String].self, forKey: .axes)
        var axes: ScrollAxes = []
        for (index, name) in names.enumerated() {
            guard let axis = Axis.allCases.first(where: { ConformanceAnswers.Traits.name(of: $0) == name }) else {
                throw FieldError(codingPath: c.codingPath, error: .invalidData(
                    "axes[\(index)]", "\"\(name)\"", expected: "\"vertical\" or \"horizontal\""))
            }
            axes.insert(ScrollAxes(axis))
        }
        var insets = ContentInsets()
        if c.contains(.insets) {
            let e = try c.nestedContainer(keyedBy: EdgeKeys.self, forKey: .insets)
            for key in EdgeKeys.allCases {
                let value = try e.decodeIfPresent(Double.self, forKey: key) ?? 0
                guard value.isFinite, value >= 0 else {
                    throw FieldError(codingPath: e.codingPath, error: .invalidData(
                        key.rawValue, value, expected: "a finite inset ≥ 0 (points)"))
                }
                switch key {
                case .top: insets.top = value
                case .left: insets.left = value
                case .bottom: insets.bottom = value
                case .right: insets.right = value
                }
            }
        }
        tightness = ContentTightness(axes: axes, insets: insets)
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Axis.allCases.filter { tightness.axes.contains(ScrollAxes($0)) }.map(ConformanceAnswers.Traits.name), forKey: .axes)
        var e = c.nestedContainer(keyedBy: EdgeKeys.self, forKey: .insets)
        let i = tightness.insets
        try e.encode(i.top, forKey: .top)
        try e.encode(i.left, forKey: .left)
        try e.encode(i.bottom, forKey: .bottom)
        try e.encode(i.right, forKey: .right)
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

    /// The file's contents: JSON on one line, with sorted keys (files of this kind run to
    /// tens of megabytes; any JSON formatter shows them indented).
    public func encoded() throws -> Data { try JSONCoding.encode(self, compact: true) }

    /// Writes the file atomically.
    public func write(to url: URL) throws { try JSONCoding.write(self, to: url, compact: true) }
}

// MARK: - Answering in process

extension ConformanceAnswers {
    /// Answers `queries` with layouts made by `makeLayout`, exactly as an external runner
    /// must: cases in order; a new layout the first time an instance number appears, the
    /// same layout prepared again when it reappears, told what changed when the case says
    /// (`told`: through `prepareReportingShift` when the layout adopts
    /// `SectionShiftReporting`, whose shift the answer gives); a case whose `prepare` throws
    /// is answered `skipped` (and the instance keeps its previous state). Each answered case
    /// declares the layout's supplementary spaces, tightness, line sizes and pinning, and
    /// each cell carries its display row and column where the layout gives one
    /// (`GridLayout.gridPlacement(of:)`): a data grid's reference answers show a runner what
    /// to write for its headers, corner and cells.
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
            var shift: SectionShift?
            do {
                if let told = query.told, instances[query.instance] != nil {
                    if let reported = try Promises.prepareReportingShift(&layout, data: query.data, container: query.container, invalidation: told) {
                        shift = reported
                    } else {
                        try layout.prepare(data: query.data, container: query.container, invalidation: told)
                    }
                } else {
                    try layout.prepare(data: query.data, container: query.container)
                }
            } catch {
                cases.append(Case(id: query.id, skipped: "\(error)"))
                continue
            }
            func placed(_ attributes: LayoutAttributes) -> Element {
                Element(attributes, placement: attributes.kind == .cell ? layout.gridPlacement(of: attributes.path) : nil)
            }
            var buffer: [LayoutAttributes] = []
            let rects = query.rects.map { rect -> [Element] in
                buffer.removeAll(keepingCapacity: true)
                layout.elements(in: rect, into: &buffer)
                return buffer.map(placed)
            }
            let traits = layout.traits
            var answered = Case(
                id: query.id, contentSize: layout.contentSize, rects: rects,
                items: query.items.map { layout.attributes(at: $0).map(placed) },
                supplementary: query.supplementary.map { layout.supplementary($0.kind, at: $0.path).map(placed) },
                declaredSupplementaries: traits.supplementaries, tightness: traits.tightness)
            (answered.lineHeight, answered.lineWidth) = (traits.lineHeight, traits.lineWidth)
            answered.pinning = traits.pinning.isEmpty ? nil : traits.pinning
            answered.shift = shift
            answered.measurementLocality = traits.measurementLocality
            cases.append(answered)
        }
        let traits = makeLayout().traits
        return ConformanceAnswers(
            layout: name ?? String(describing: L.self),
            traits: Traits(cellsDoNotOverlap: traits.cellsDoNotOverlap, scrollAxes: traits.scrollAxes),
            cases: cases)
    }
}
