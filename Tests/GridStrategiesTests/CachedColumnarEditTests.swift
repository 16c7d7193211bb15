import GridCore
import GridLayouts
@testable import GridStrategies
import GridTestSupport
import Testing

/// The cached strategy told of batch updates over the columnar grouped layout, which says what
/// each did: in several columns the sections after an edited one go whole to other columns and
/// heights, each by an offset of its own (`SectionShift.sectionsMoveApart`), and the cache
/// follows them section by section (`ApartSections`) instead of caching every element again.
/// Every answer after every step of seeded random edit sequences is compared with a layout
/// prepared afresh, and the cache's builds are counted.
@Suite struct CachedColumnarEditTests {
    /// Several columns with whole-point heights (every sum exact: followed apart), one column
    /// (followed in pieces, one offset for the sections after), and thirds of a point (no sum
    /// exact: nothing reported, every edit a rebuild).
    static let cases: [(name: String, configuration: ColumnarGrouped.Configuration, sized: Bool, apart: Bool, builds: Bool)] = [
        ("3 columns, headers and footers, sized", .init(columns: 3, columnSpacing: 10, sectionSpacing: 5, headerHeight: 28, footerHeight: 16), true, true, false),
        ("2 columns, quarter points, no headers", .init(columns: 2, columnSpacing: 7.5, sectionSpacing: 2.25, itemHeight: 30.75), false, true, false),
        ("4 columns, footers only, sized", .init(columns: 4, columnSpacing: 0, sectionSpacing: 0, footerHeight: 9), true, true, false),
        ("1 column, headers", .init(columns: 1, sectionSpacing: 5, headerHeight: 20), true, false, false),
        ("3 columns, thirds", .init(columns: 3, sectionSpacing: 5, itemHeight: 100.0 / 3.0, headerHeight: 20), false, false, true),
    ]

    /// `edit` with a height for every item it brings in when `data` carries sizes, as a
    /// data source would give them: whole points from 20 to 120.
    static func sized(_ edit: DataEdit, _ data: DataShape, _ random: inout SeededRandom) -> DataEdit {
        guard data.itemSizes != nil else { return edit }
        func heights(_ count: Int) -> [Size] { (0..<count).map { _ in Size(width: 1, height: Double(random.integer(20...120))) } }
        switch edit {
        case .insertItems(let section, let item, let count, _):
            return .insertItems(section: section, item: item, count: count, sizes: heights(count))
        case .insertSections(let section, let counts, _):
            return .insertSections(section: section, counts: counts, sizes: heights(counts.reduce(0, +)))
        default:
            return edit
        }
    }

    static func data(sized: Bool, sections: Int, _ random: inout SeededRandom) throws -> DataShape {
        let counts = (0..<sections).map { _ in random.integer(0...12) }
        let total = counts.reduce(0, +)
        return try DataShape(
            itemCounts: counts,
            itemSizes: sized ? (0..<total).map { _ in Size(width: 1, height: Double(random.integer(20...120))) } : nil)
    }

    @Test(arguments: cases.indices)
    func everyAnswerAfterEveryEditIsAFreshLayouts(index: Int) throws {
        let (name, configuration, sized, apart, builds) = Self.cases[index]
        var random = SeededRandom(seed: 41 + UInt64(index))
        let container = Size(width: 768, height: 1024)
        var data = try Self.data(sized: sized, sections: 30, &random)
        var cached = CachedLayout(ColumnarGrouped(configuration))
        try cached.prepare(data: data, container: container)
        for step in 0..<120 {
            let edit = Self.sized(randomDataEdit(data, items: 6, &random), data, &random)
            data = try edit.applied(to: data)
            try cached.prepare(data: data, container: container, invalidation: .edited(edit))
            var fresh = ColumnarGrouped(configuration)
            try fresh.prepare(data: data, container: container)
            let context = "\(name), step \(step), \(edit)"
            #expect(cached.answersFromSectionsApart == apart, "\(context)")
            // One column: the sections stack, and one offset says where the later ones went.
            #expect(cached.answersFromPieces == !builds, "\(context)")
            // Built once, by the first prepare, when every edit is followed; else once an edit.
            #expect(cached.buildCount == (builds ? step + 2 : 1), "\(context)")
            let everything = fresh.elements(in: Rect(x: -1, y: -1, width: 800, height: fresh.contentSize.height + 2))
            #expect(cached.cachedElementCount == everything.count, "\(context)")
            let rects = probeRects(content: fresh.contentSize, edges: edges(of: fresh), random: &random, count: 20)
            expectAllAgree([("fresh", fresh), ("cached, told", cached)], data: data, rects: rects, context)
        }
    }

    /// The bundled data set's shape (96 sections in 3 columns, headers, footers, item heights
    /// from 45 to 120): an edit in the second section sends most later sections to another
    /// column, yet the cache lays again only the section edited, its cells and its header and
    /// footer, counted from the edit, and is never built again.
    @Test func anEditLaysAgainOnlyTheSectionItTouched() throws {
        var random = SeededRandom(seed: 96)
        let counts = (0..<96).map { _ in random.integer(2...35) }
        let sizes = (0..<counts.reduce(0, +)).map { _ in Size(width: 1, height: Double(random.integer(45...120))) }
        var data = try DataShape(itemCounts: counts, itemSizes: sizes)
        let configuration = ColumnarGrouped.Configuration(columns: 3, columnSpacing: 10, sectionSpacing: 5, headerHeight: 28, footerHeight: 16)
        let container = Size(width: 768, height: 1024)
        var cached = CachedLayout(ColumnarGrouped(configuration))
        try cached.prepare(data: data, container: container)
        var before = ColumnarGrouped(configuration)
        try before.prepare(data: data, container: container)
        // Why pieces of sections in bands cannot follow it: sections side by side share bands,
        // so a section's elements are no run of the arrays.
        #expect(!CachedLayout<ColumnarGrouped>.sectionsInOrderByBand(cached.ids, cached.index.bandStarts))
        let edits: [DataEdit] = [
            .insertItems(section: 1, item: 1, count: 1, sizes: [Size(width: 1, height: 115)]),
            .deleteItems(section: 3, items: 8..<10),
            .insertSections(section: 4, counts: [2], sizes: [Size(width: 1, height: 63), Size(width: 1, height: 54)]),
            .deleteSections(2..<3),
            .moveItem(from: ItemPath(section: 2, item: 0), to: ItemPath(section: 5, item: 1)),
        ]
        var runElements = 0
        var editsThatSwitchedColumns = 0
        for edit in edits {
            let old = data
            data = try edit.applied(to: data)
            try cached.prepare(data: data, container: container, invalidation: .edited(edit))
            var fresh = ColumnarGrouped(configuration)
            try fresh.prepare(data: data, container: container)
            // The sections laid again, after the edit: the edited or inserted ones (for a move,
            // those from the source to the destination).
            let laid: Range<Int> = switch edit {
            case .insertItems(let s, _, _, _), .deleteItems(let s, _): s..<(s + 1)
            case .insertSections(let s, let c, _): s..<(s + c.count)
            case .deleteSections: 0..<0
            case .moveItem(let from, let to): min(from.section, to.section)..<(max(from.section, to.section) + 1)
            case .setItemSizes: 0..<0
            }
            runElements += laid.reduce(0) { $0 + data.itemCount(inSection: $1) + 2 }
            #expect(cached.buildCount == 1, "\(edit)")
            #expect(cached.answersFromSectionsApart, "\(edit)")
            #expect(cached.pieces.apart.elements.count == runElements, "\(edit)")
            let oldSection = { (s: Int) -> Int? in
                switch edit {
                case .insertSections(let at, let c, _): s < at ? s : (s < at + c.count ? nil : s - c.count)
                case .deleteSections(let r): s < r.lowerBound ? s : s + r.count
                default: s
                }
            }
            let switched = (0..<data.sectionCount).filter { s in
                guard !laid.contains(s), let o = oldSection(s), o < old.sectionCount else { return false }
                return fresh.column(ofSection: s) != before.column(ofSection: o)
            }
            if !switched.isEmpty { editsThatSwitchedColumns += 1 }
            expectAllAgree(
                [("fresh", fresh), ("cached", cached)], data: data,
                rects: probeRects(content: fresh.contentSize, edges: edges(of: fresh), random: &random, count: 40), "\(edit)")
            before = fresh
        }
        // Most of the edits sent sections to other columns: the case one offset cannot say.
        #expect(editsThatSwitchedColumns >= 3, "the test shows nothing")
    }

    /// A rotation after edits builds the cache again, back in its arrays.
    @Test func aRotationAfterEditsBuildsTheArraysAgain() throws {
        var random = SeededRandom(seed: 8)
        var data = try Self.data(sized: true, sections: 20, &random)
        let configuration = ColumnarGrouped.Configuration(columns: 3, headerHeight: 28, footerHeight: 16)
        var cached = CachedLayout(ColumnarGrouped(configuration))
        try cached.prepare(data: data, container: Size(width: 768, height: 1024))
        let edit = DataEdit.deleteItems(section: 0, items: 0..<min(1, data.itemCount(inSection: 0)))
        data = try edit.applied(to: data)
        try cached.prepare(data: data, container: Size(width: 768, height: 1024), invalidation: .edited(edit))
        #expect(cached.answersFromSectionsApart)
        let rotated = Size(width: 1024, height: 768)
        try cached.prepare(data: data, container: rotated, invalidation: .resized(from: Size(width: 768, height: 1024), to: rotated))
        #expect(!cached.answersFromPieces)
        #expect(cached.buildCount == 2)
        var fresh = ColumnarGrouped(configuration)
        try fresh.prepare(data: data, container: rotated)
        expectAllAgree(
            [("fresh", fresh), ("cached", cached)], data: data,
            rects: probeRects(content: fresh.contentSize, edges: edges(of: fresh), random: &random, count: 16), "after the rotation")
    }
}
