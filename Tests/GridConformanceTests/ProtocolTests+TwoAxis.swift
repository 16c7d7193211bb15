import Foundation
import GridConformance
import GridCore
import GridLayouts
import Testing

/// The protocol for two-axis layouts: answers declare their supplementary spaces (column
/// and row headers, a corner) and place cells in display rows and columns.
extension ProtocolTests {
    static func dataGridOptions() throws -> ConformanceOptions {
        ConformanceOptions(
            dataShapes: [.empty, try DataShape(sections: 3, itemsPerSection: 4), try DataShape(itemCounts: [0, 3, 0, 5, 1]), try DataShape(sections: 5, itemsPerSection: 1)],
            containers: [Size(width: 320, height: 480)],
            widthSweep: [321, 600])
    }

    static let dataGridModes = [DataGrid.Configuration(rowHeaderWidth: 60), DataGrid.Configuration(transposed: true, rowHeaderWidth: 60)]

    @Test(arguments: dataGridModes)
    func dataGridPassesBothRoundsWithItsHeadersAndDisplayPositions(configuration: DataGrid.Configuration) throws {
        let queries = ConformanceQueries.make(options: try Self.dataGridOptions())
        let answers = try runExternally(queries) { DataGrid(configuration) }
        #expect(answers.traits.scrollAxes == .both)
        // The reference answers declare what a data grid places, and where its cells sit.
        let c = try #require(queries.cases.firstIndex { $0.data.sectionCount == 3 })
        let answered = answers.cases[c]
        #expect(answered.declaredSupplementaries == [
            SupplementaryPaths(.columnHeader, .grid(sections: 1, items: configuration.transposed ? 3 : 4)),
            SupplementaryPaths(.rowHeader, .grid(sections: configuration.transposed ? 4 : 3, items: 1)),
            SupplementaryPaths(.corner, .grid(sections: 1, items: 1)),
        ])
        let cell = try #require(answered.items?.compactMap { $0 }.first { $0.path == ItemPath(section: 2, item: 1) })
        #expect(cell.placement == (configuration.transposed ? GridPlacement(row: 1, column: 2) : GridPlacement(row: 2, column: 1)))
        let text = String(decoding: try answers.encoded(), as: UTF8.self)
        #expect(text.contains("\"declaredSupplementaries\"") && text.contains("\"space\":\"grid\"") && text.contains("\"column\":"))

        let report = try GridConformance.check(queries: queries, answers: answers)
        #expect(report.isPassing, "\(report)")
        #expect(report.checked.cellsPlaced > 0)

        let refined = try queries.refined(with: answers)
        let roles = refined.cases.flatMap { $0.check.rectRoles ?? [] }
        #expect(roles.contains { $0.hasPrefix("corner@") })
        let kinds = Set(refined.cases.flatMap { $0.supplementary.map(\.kind) })
        #expect(kinds.isSuperset(of: [.columnHeader, .rowHeader, .corner]))
        let refinedReport = try GridConformance.check(queries: refined, answers: try runExternally(refined) { DataGrid(configuration) })
        #expect(refinedReport.isPassing, "\(refinedReport)")
        #expect(refinedReport.checked.rectQueries > report.checked.rectQueries)
    }

    @Test(arguments: [
        (BrokenDataGrid.Bug.dropsLastColumn, ConformanceLaw.completeness),
        (.rowHeaderOffByOne, .validity),
        (.undeclaredCorner, .validity),
        (.transposedCellsUntransposed, .agreement),
        (.floorAtColumnBoundary, .completeness),
        (.dropsPartlyCoveredCellInOneRow, .completeness),
    ])
    func brokenDataGridsAreCaughtFromTheirAnswers(bug: BrokenDataGrid.Bug, law: ConformanceLaw) throws {
        let configuration = DataGrid.Configuration(transposed: bug == .transposedCellsUntransposed, rowHeaderWidth: 60)
        let report = try roundTwoReport(options: try Self.dataGridOptions()) { BrokenDataGrid(bug, configuration) }
        #expect(report.violatedLaws.contains(law), "\(report)")
    }

    // MARK: Old files, new fields

    /// `answers` as a runner written before declared spaces and display positions would
    /// have written them.
    static func withoutTwoAxisFields(_ answers: ConformanceAnswers) -> ConformanceAnswers {
        var old = answers
        old.traits.scrollAxes = nil
        for c in old.cases.indices {
            old.cases[c].declaredSupplementaries = nil
            old.cases[c].rects = old.cases[c].rects?.map { $0.map { ConformanceAnswers.Element($0.attributes) } }
            old.cases[c].items = old.cases[c].items?.map { $0.map { ConformanceAnswers.Element($0.attributes) } }
        }
        return old
    }

    @Test func answerFilesWithoutTheNewFieldsStillRead() throws {
        // The tile grid places section headers, which is what a layout that declares nothing may place.
        let (queries, answers) = try tileGridAnswers(small: true)
        let old = try ConformanceAnswers.decode(try Self.withoutTwoAxisFields(answers).encoded())
        let text = String(decoding: try old.encoded(), as: UTF8.self)
        #expect(!text.contains("declaredSupplementaries") && !text.contains("\"row\"") && !text.contains("scrollAxes"))
        #expect(try GridConformance.check(queries: queries, answers: old).isPassing)

        // A data grid's headers lie outside that default: it must declare them.
        let gridQueries = ConformanceQueries.make(options: try Self.dataGridOptions())
        let undeclared = Self.withoutTwoAxisFields(ConformanceAnswers.answer(gridQueries) { DataGrid(Self.dataGridModes[0]) })
        let report = try GridConformance.check(queries: gridQueries, answers: undeclared)
        #expect(report.violatedLaws == [.validity], "\(report)")
        #expect(report.violations.allSatisfy { $0.code == .pathOutsideData && $0.description.contains("declared: section-header per section; section-footer per section") })
    }

    // MARK: Display positions in answer files

    /// A data grid's answers to a small query file, and the index of its 3 × 4 case.
    func dataGridAnswers() throws -> (ConformanceQueries, ConformanceAnswers, Int) {
        var options = try Self.dataGridOptions()
        options.dataShapes = [try DataShape(sections: 3, itemsPerSection: 4)]
        options.changes = []
        let queries = ConformanceQueries.make(options: options)
        return (queries, ConformanceAnswers.answer(queries) { DataGrid(Self.dataGridModes[0]) }, 0)
    }

    /// Gives the cell at `path` the display position `placement` in every answer of case `c`
    /// and of the case that repeats it (law 5), or only in the first rect answer holding it.
    func place(_ path: ItemPath, at placement: GridPlacement, in answers: inout ConformanceAnswers, case c: Int, everywhere: Bool) {
        for index in [c, c + 1] {
            var done = false
            for r in answers.cases[index].rects?.indices ?? 0 ..< 0 where everywhere || !done {
                for e in answers.cases[index].rects?[r].indices ?? 0 ..< 0 where answers.cases[index].rects?[r][e].path == path && answers.cases[index].rects?[r][e].kind == .cell {
                    answers.cases[index].rects?[r][e].placement = placement
                    done = true
                }
            }
            if everywhere, let i = answers.cases[index].items?.firstIndex(where: { $0?.path == path }) {
                answers.cases[index].items?[i]?.placement = placement
            }
        }
    }

    @Test func aCellPlacedTwoWaysIsLawTwo() throws {
        var (queries, answers, c) = try dataGridAnswers()
        place(ItemPath(section: 1, item: 2), at: GridPlacement(row: 1, column: 3), in: &answers, case: c, everywhere: false)
        let report = try GridConformance.check(queries: queries, answers: answers)
        #expect(report.violatedLaws == [.agreement], "\(report)")
        let violation = try #require(report.violations.first)
        #expect(violation.code == .placementDisagrees)
        #expect(violation.subject == .element(ElementID(kind: .cell, path: ItemPath(section: 1, item: 2))))
        #expect(violation.description.contains("row 1, column 3") && violation.description.contains("row 1, column 2"))
    }

    @Test func twoCellsInOneSlotAndNegativeRowsAreLawThree() throws {
        var (queries, answers, c) = try dataGridAnswers()
        // Cell [1, 2] claims [1, 3]'s slot, consistently.
        place(ItemPath(section: 1, item: 2), at: GridPlacement(row: 1, column: 3), in: &answers, case: c, everywhere: true)
        var report = try GridConformance.check(queries: queries, answers: answers)
        // Its frame still lies in column 2: the placement and the frame disagree too (law 2).
        #expect(report.violatedLaws == [.agreement, .validity], "\(report)")
        #expect(report.violations.first { $0.law == .validity }?.code == .sharedSlot)
        #expect(report.violations.first { $0.law == .validity }?.subject == .elementPair(
            ElementID(kind: .cell, path: ItemPath(section: 1, item: 2)), ElementID(kind: .cell, path: ItemPath(section: 1, item: 3))))
        #expect(report.violations.first { $0.law == .agreement }?.code == .placementFrameDisagrees)
        #expect(report.violations.first { $0.law == .agreement }?.subject == .element(ElementID(kind: .cell, path: ItemPath(section: 1, item: 2))))

        (queries, answers, c) = try dataGridAnswers()
        place(ItemPath(section: 0, item: 0), at: GridPlacement(row: -1, column: 0), in: &answers, case: c, everywhere: true)
        report = try GridConformance.check(queries: queries, answers: answers)
        #expect(report.violatedLaws == [.validity], "\(report)")
        #expect(report.violations.first?.code == .invalidPlacement)

        // A span covering a neighbour's slot is a shared slot too, and a frame one column short.
        (queries, answers, c) = try dataGridAnswers()
        place(ItemPath(section: 2, item: 0), at: GridPlacement(row: 2, column: 0, rowSpan: 1, columnSpan: 2), in: &answers, case: c, everywhere: true)
        report = try GridConformance.check(queries: queries, answers: answers)
        #expect(Set(report.violations.map(\.code)) == [.sharedSlot, .placementFrameDisagrees], "\(report)")
    }

    @Test func malformedTwoAxisFieldsNameFileFieldAndValue() throws {
        let (_, answers, c) = try dataGridAnswers()
        let json = try JSONDecoder().decode(JSONValue.self, from: try Self.withoutTwoAxisFields(answers).encoded())
        func refusal(_ path: [any Sendable], _ value: JSONValue) throws -> InputError {
            var changed = json
            changed.set(path, to: value)
            return try #require(throws: InputError.self) {
                _ = try ConformanceAnswers.decode(try JSONEncoder().encode(changed), file: "answers.json")
            }
        }
        let row = try refusal(["cases", c, "rects", 0, "elements", 0, "row"], .number(2))
        #expect(row.field == "cases[\(c)].rects[0].elements[0].row")
        #expect(row.expected == "a \"column\" beside \"row\": both or neither")

        let space = try refusal(["cases", c, "declaredSupplementaries"], .array([.object(["kind": .string("corner"), "space": .string("diagonal")])]))
        #expect(space.field == "cases[\(c)].declaredSupplementaries[0].space")
        #expect(space.value == "\"diagonal\"")

        let cellSpace = try refusal(["cases", c, "declaredSupplementaries"], .array([.object(["kind": .string("cell"), "space": .string("per-section")])]))
        #expect(cellSpace.field == "cases[\(c)].declaredSupplementaries[0].kind")

        let axis = try refusal(["traits", "scrollAxes"], .array([.string("sideways")]))
        #expect(axis.description == "answers.json: traits.scrollAxes[0] = \"sideways\": expected \"vertical\" or \"horizontal\"")
    }
}

extension ProtocolTests {
    /// The answer files shown in `docs/conformance-protocol.md` read as documented.
    @Test func theDocumentedAnswerFilesRead() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/conformance-protocol.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let blocks = text.components(separatedBy: "```json\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        let answerFiles = try blocks.filter { $0.contains("\"traits\"") }.map { try ConformanceAnswers.decode(Data($0.utf8), file: "docs") }
        #expect(answerFiles.count == 2)
        let grid = try #require(answerFiles.last?.cases.first)
        #expect(answerFiles.last?.traits.scrollAxes == .both)
        #expect(grid.declaredSupplementaries?.map(\.kind) == [.columnHeader, .rowHeader, .corner])
        #expect(grid.rects?.first?.last?.placement == GridPlacement(row: 2, column: 1))
        // Its frames follow the data grid's formulas: hw + c·cw, hh + r·rh.
        var layout = DataGrid(DataGrid.Configuration(rowHeaderWidth: 60))
        try layout.prepare(data: try DataShape(sections: 3, itemsPerSection: 4), container: Size(width: 320, height: 480))
        #expect(grid.contentSize == layout.contentSize)
        for element in (grid.rects ?? []).joined() + (grid.items ?? []).compactMap({ $0 }) {
            #expect(layout.attributes(for: element.id) == element.attributes)
            if element.kind == .cell { #expect(layout.gridPlacement(of: element.path) == element.placement) }
        }
    }
}
