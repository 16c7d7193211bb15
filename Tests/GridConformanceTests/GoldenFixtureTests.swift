import Foundation
import GridConformance
import GridCore
import GridLayouts
import Testing

@Suite struct GoldenFixtureTests {
    /// Re-records the committed fixtures, only when asked:
    /// `GRIDBENCH_RECORD_LAYOUT_FIXTURES=1 swift test --filter GoldenFixtureTests/record`.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["GRIDBENCH_RECORD_LAYOUT_FIXTURES"] == "1"))
    func record() throws {
        let urls = try GoldenFixture.record(try TileGridFixtures.recipes(), into: TileGridFixtures.directory, makeLayout: TileGridFixtures.makeLayout)
        #expect(urls.count == 4)
    }
}

extension GoldenFixtureTests {
    func fixture(_ name: String) throws -> GoldenFixture {
        try GoldenFixture.load(from: TileGridFixtures.directory.appendingPathComponent("\(name).json"))
    }

    func element(_ fixture: GoldenFixture, _ kind: ElementKind, _ section: Int, _ item: Int) -> Rect? {
        fixture.elements.first { $0.kind == kind && $0.path == ItemPath(section: section, item: item) }?.frame
    }

    @Test func committedFixturesAreTheCanonicalConfigurations() throws {
        let fixtures = try GoldenFixture.loadAll(in: TileGridFixtures.directory).filter { $0.layout == "tile-grid" }
        #expect(fixtures.map(\.recipe) == (try TileGridFixtures.recipes()).sorted { $0.name < $1.name })
    }

    @Test func committedFixturesMatchTileGrid() throws {
        for fixture in try GoldenFixture.loadAll(in: TileGridFixtures.directory) where fixture.layout == "tile-grid" {
            let configuration = try fixture.parameters.decode(TileGrid.Configuration.self)
            let mismatches = fixture.verify { TileGrid(configuration) }
            #expect(mismatches.isEmpty, "\(fixture.name): \(mismatches.prefix(3))")
        }
    }

    /// The data grid's goldens hold what `DataGrid` answers; their frames were checked
    /// against the formulas, computed apart, when they were first recorded.
    @Test func committedDataGridFixturesMatchDataGrid() throws {
        let fixtures = try GoldenFixture.loadAll(in: TileGridFixtures.directory).filter { $0.layout == "data-grid" }
        #expect(fixtures.count == 3)
        for fixture in fixtures {
            let configuration = try fixture.parameters.decode(DataGrid.Configuration.self)
            let mismatches = fixture.verify { DataGrid(configuration) }
            #expect(mismatches.isEmpty, "\(fixture.name): \(mismatches.prefix(3))")
        }
        // sales-10x4 by hand: transposed, 10 records × 4 fields; columns of 150 after a header
        // column of 150, rows of 44 under a header row of 150. Record 7, field 2 sits at
        // display row 2, column 7: (150 + 7·150, 150 + 2·44) = (1200, 238).
        let sales = try #require(fixtures.first { $0.name == "data-grid-sales-10x4" })
        #expect(sales.contentSize == Size(width: 150 + 10 * 150, height: 150 + 4 * 44))
        #expect(element(sales, .cell, 7, 2) == Rect(x: 1200, y: 238, width: 150, height: 44))
        #expect(element(sales, .columnHeader, 0, 9) == Rect(x: 1500, y: 0, width: 150, height: 150))
        #expect(element(sales, .rowHeader, 3, 0) == Rect(x: 0, y: 282, width: 150, height: 44))
        #expect(element(sales, .rowHeader, 4, 0) == nil)
        #expect(element(sales, .corner, 0, 0) == Rect(x: 0, y: 0, width: 150, height: 150))
        #expect(sales.elements.count == 40 + 10 + 4 + 1)
    }

    /// The span grid's golden holds what `SpanGrid` answers; frames by hand: columns 120, a
    /// quarter of 320 (80), 320 − 200 (120), 90, so x 0, 120, 200, 320 (410 wide); rows 36 then
    /// 44s, so y 0, 36, 80, 124, … (520 high).
    @Test func committedSpanGridFixtureMatchesSpanGrid() throws {
        let fixture = try fixture("span-grid-example-320x480")
        let configuration = try fixture.parameters.decode(SpanGrid.Configuration.self)
        #expect(configuration == .example)
        #expect(fixture.verify { SpanGrid(configuration) }.isEmpty)
        #expect(fixture.contentSize == Size(width: 410, height: 36 + 11 * 44))
        #expect(element(fixture, .cell, 0, 1) == Rect(x: 120, y: 0, width: 200, height: 36))  // merged (0, 1…2)
        #expect(element(fixture, .cell, 0, 2) == Rect(x: 320, y: 0, width: 90, height: 36))
        #expect(element(fixture, .cell, 2, 2) == Rect(x: 200, y: 80, width: 210, height: 132))  // merged rows 2…4, columns 2…3
        #expect(element(fixture, .cell, 3, 1) == Rect(x: 120, y: 124, width: 80, height: 44))
        #expect(element(fixture, .cell, 3, 2) == nil)
        // 48 slots; the merged cells cover 2 and 6 of them.
        #expect(fixture.elements.count == 48 - 8 + 2)
    }

    @Test func filesAreCanonicalText() throws {
        // Pretty-printed, sorted keys, final newline: re-encoding gives the same bytes, so a
        // re-recording that changes nothing changes no byte.
        for name in try TileGridFixtures.recipes().map(\.name) {
            let url = TileGridFixtures.directory.appendingPathComponent("\(name).json")
            let bytes = try Data(contentsOf: url)
            #expect(try GoldenFixture.decode(bytes, file: url.path).encoded() == bytes, "\(name)")
            #expect(String(decoding: bytes.prefix(40), as: UTF8.self).contains("\"container\" : {"))
        }
    }

    // Spot checks against docs/architecture.md's formulas, computed by hand: w = floor((W − pw·(n+1))/n),
    // top_i = top_{i−1} + t + r_{i−1}·h + ph, tile (pw + col·(w + pw), top_i + t + row·h + ph).

    @Test func chGridViewPortraitByHand() throws {
        let f = try fixture("tile-grid-chgridview-320x480")
        // w = floor((320 − 20) / 4) = 75; each section is 22 + 8·79 + 4 = 658 high.
        #expect(f.elements.count == 96 * 31 + 96)
        #expect(f.contentSize == Size(width: 320, height: 96 * 658))
        #expect(element(f, .cell, 0, 0) == Rect(x: 4, y: 26, width: 75, height: 75))
        #expect(element(f, .cell, 0, 5) == Rect(x: 83, y: 105, width: 75, height: 75))  // row 1, col 1
        #expect(element(f, .cell, 95, 30) == Rect(x: 162, y: 63089, width: 75, height: 75))  // top 62510, row 7, col 2
        #expect(element(f, .sectionHeader, 95, 0) == Rect(x: 0, y: 62510, width: 320, height: 22))
    }

    @Test func chGridViewLandscapeByHand() throws {
        let f = try fixture("tile-grid-chgridview-480x320")
        // w = floor((480 − 20) / 4) = 115; heights do not depend on the width.
        #expect(f.contentSize == Size(width: 480, height: 63168))
        #expect(element(f, .cell, 0, 3) == Rect(x: 361, y: 26, width: 115, height: 75))  // 4 + 3·119
        #expect(element(f, .cell, 95, 30) == Rect(x: 242, y: 63089, width: 115, height: 75))
        #expect(element(f, .sectionHeader, 1, 0) == Rect(x: 0, y: 658, width: 480, height: 22))
    }

    @Test func unevenSectionsByHand() throws {
        let f = try fixture("tile-grid-uneven-empty-sections")
        // Counts [0, 5, 0, 0, 1, 9, 0, 4] in 333 wide: w = floor(313 / 4) = 78; rows [0, 2, 0, 0, 1, 3, 0, 1];
        // tops 0, 26, 210, 236, 262, 367, 630, 656, and 761 in all.
        #expect(f.contentSize == Size(width: 333, height: 761))
        let headers = f.elements.filter { $0.kind == .sectionHeader }.map(\.frame.minY)
        #expect(headers == [0, 26, 210, 236, 262, 367, 630, 656])
        #expect(element(f, .cell, 1, 4) == Rect(x: 4, y: 131, width: 78, height: 75))
        #expect(element(f, .cell, 5, 8) == Rect(x: 4, y: 551, width: 78, height: 75))
        #expect(element(f, .cell, 7, 3) == Rect(x: 250, y: 682, width: 78, height: 75))  // 4 + 3·82
        #expect(f.elements.filter { $0.kind == .cell }.map(\.path.section).allSatisfy { [1, 4, 5, 7].contains($0) })
    }

    @Test func centredItemsByHand() throws {
        let f = try fixture("tile-grid-centred-item-sizes")
        // Tiles are 75 × 75. Fits: centred with floor. Wider: scaled to width 75. Taller: to height 75.
        #expect(element(f, .cell, 0, 0) == Rect(x: 4 + 12, y: 26 + 22, width: 50, height: 30))
        #expect(element(f, .cell, 0, 1) == Rect(x: 83, y: 26 + 18, width: 75, height: 37.5))  // 150 × 75 → 75 × 37.5
        #expect(element(f, .cell, 0, 2) == Rect(x: 162 + 33, y: 26, width: 7.5, height: 75))  // 30 × 300 → 7.5 × 75
        #expect(element(f, .cell, 1, 3) == Rect(x: 241 + 2, y: 131, width: 70.3125, height: 75))  // 75 × 80 → 70.3125 × 75
        #expect(element(f, .cell, 2, 0) == Rect(x: 4, y: 289 + 26, width: 75, height: 75))  // 120 × 120; top_2 = 105 + 184
    }

    @Test func verificationFindsABrokenLayout() throws {
        let f = try fixture("tile-grid-uneven-empty-sections")
        let disagreeing = f.verify(makeLayout: BrokenTileGrid.factory(.itemAnswerDisagrees))
        #expect(disagreeing.contains { $0.kind == .frame && $0.element == ElementID(kind: .cell, path: ItemPath(section: 1, item: 2)) && $0.query == "attributes(at: [1, 2])" })
        let dropping = f.verify(makeLayout: BrokenTileGrid.factory(.dropsLastRow))
        #expect(dropping.map(\.kind) == Array(repeating: .missingElement, count: 4))  // section 7's one row
        // (333 − 4·101) / 100 < 0: no room for 100 tiles per line.
        let narrow = f.verify { TileGrid(TileGrid.Configuration(tilesPerLine: 100)) }
        #expect(narrow.map(\.kind) == [.prepareFailed])
    }

    @Test func verifiesAThirdPartysAnswerFile() throws {
        let f = try fixture("tile-grid-centred-item-sizes")
        let queries = try ConformanceQueries.decode(try f.queries().encoded())
        var answers = ConformanceAnswers.answer(queries) { TileGrid(TileGrid.Configuration(centersItems: true)) }
        answers = try ConformanceAnswers.decode(try answers.encoded())
        #expect(try f.verify(answers: answers, queries: queries) == [])

        // Move one cell by a quarter point in the whole-content answer.
        let index = try #require(answers.cases[0].rects?[0].firstIndex { $0.path == ItemPath(section: 1, item: 5) && $0.kind == .cell })
        answers.cases[0].rects?[0][index].frame.origin.x += 0.25
        let mismatches = try f.verify(answers: answers, queries: queries)
        #expect(mismatches.count == 1)
        #expect(mismatches.first?.kind == .frame)
        #expect(mismatches.first?.description.contains("cell[1, 5]") == true)

        // Answers to queries that hold no case with the fixture's configuration.
        let other = try fixture("tile-grid-uneven-empty-sections").queries()
        let otherAnswers = ConformanceAnswers.answer(other) { TileGrid() }
        #expect {
            try f.verify(answers: otherAnswers, queries: other)
        } throws: { error in
            (error as? InputError)?.field == "cases"
        }
    }

    @Test func recordsAtomicallyAndRefusesSelfContradiction() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gridbench-fixtures-\(UInt64.random(in: 0 ... .max))")
        defer { try? FileManager.default.removeItem(at: directory) }
        let recipe = try TileGridFixtures.recipes()[2]
        let urls = try GoldenFixture.record([recipe], into: directory, makeLayout: TileGridFixtures.makeLayout)
        #expect(urls.map(\.lastPathComponent) == ["tile-grid-uneven-empty-sections.json"])
        #expect(try GoldenFixture.recipes(in: directory) == [recipe])
        // No temporary file left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["tile-grid-uneven-empty-sections.json"])
        #expect(throws: GridError.self) {
            try GoldenFixture.record([recipe], into: directory) { _ in BrokenTileGrid(.itemAnswerDisagrees) }
        }
    }

    /// Recording by the declared spaces' rule gives every committed golden, tile grid and
    /// data grid, byte for byte: the rule changed how supplementary paths are asked for, not
    /// what a fixture holds.
    @Test func reRecordingEveryCommittedFixtureChangesNoByte() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gridbench-rerecord-\(UInt64.random(in: 0 ... .max))")
        defer { try? FileManager.default.removeItem(at: directory) }
        let recipes = try GoldenFixture.recipes(in: TileGridFixtures.directory)
        #expect(Set(recipes.map(\.layout)) == ["tile-grid", "data-grid", "columnar-grouped", "waterfall", "span-grid"])
        let urls = try GoldenFixture.record(recipes, into: directory) { recipe in
            let configuration: any LayoutConfiguration = try recipe.parameters.decode(try LayoutRegistry.configuration(named: recipe.layout))
            return configuration.makeAnyLayout()
        }
        for url in urls {
            let committed = try Data(contentsOf: TileGridFixtures.directory.appendingPathComponent(url.lastPathComponent))
            #expect(try Data(contentsOf: url) == committed, "\(url.lastPathComponent)")
        }
    }

    @Test func aDataGridFixtureHoldsItsHeadersAndCornerAndCatchesAnOffByOne() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gridbench-datagrid-\(UInt64.random(in: 0 ... .max))")
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = DataGrid.Configuration.salesExample  // transposed, header row and column
        let recipe = GoldenFixture.Recipe(
            name: "sales-3x4", layout: "data-grid", parameters: try JSONValue(encoding: configuration),
            data: try DataShape(sections: 3, itemsPerSection: 4), container: Size(width: 768, height: 1024))
        let url = try #require(try GoldenFixture.record([recipe], into: directory) { _ in DataGrid(configuration) }.first)
        let f = try GoldenFixture.load(from: url)
        // Transposed: 4 display rows (fields) of 3 columns (records).
        #expect(f.elements.filter { $0.kind == .cell }.count == 12)
        #expect(f.elements.filter { $0.kind == .columnHeader }.map(\.path.item) == [0, 1, 2])
        #expect(f.elements.filter { $0.kind == .rowHeader }.map(\.path.section) == [0, 1, 2, 3])
        #expect(element(f, .corner, 0, 0) == Rect(x: 0, y: 0, width: 150, height: 150))
        #expect(element(f, .cell, 2, 1) == Rect(x: 150 + 2 * 150, y: 150 + 44, width: 150, height: 44))  // row 1, column 2

        #expect(f.verify { DataGrid(configuration) } == [])
        let shifted = f.verify { BrokenDataGrid(.rowHeaderOffByOne, configuration) }
        #expect(shifted.contains { $0.kind == .unexpectedElement && $0.element == ElementID(kind: .rowHeader, path: ItemPath(section: 4, item: 0)) })
        #expect(shifted.contains { $0.kind == .frame && $0.element == ElementID(kind: .rowHeader, path: ItemPath(section: 1, item: 0)) })

        // A runner outside Swift answers the fixture's own queries.
        let queries = f.queries()
        #expect(Set(queries.cases[0].supplementary.map(\.kind)).isSuperset(of: [.columnHeader, .rowHeader, .corner]))
        #expect(try f.verify(answers: ConformanceAnswers.answer(queries) { DataGrid(configuration) }, queries: queries) == [])
    }

    @Test func refusesAnUnsortedFixture() throws {
        var f = try fixture("tile-grid-uneven-empty-sections")
        f.elements.swapAt(1, 2)
        let error = try #require(throws: InputError.self) { try GoldenFixture.decode(try f.encoded(), file: "f.json") }
        #expect(error.file == "f.json")
        #expect(error.field == "elements[2]")
    }
}
