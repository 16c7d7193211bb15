import Foundation
import GridConformance
import GridCore
import GridLayouts
import Testing

/// What a layout in any language can promise through the protocol, beyond its answers: what
/// a told update did (`told` in the queries, `shift` in the answers) and what it declares
/// about itself case by case (`lineHeight`, `lineWidth`, `pinning`, `tightness`).
@Suite struct ProtocolPromiseTests {
    /// `[5, 3, 4]` in CHGridView's grid, with the standard changes told and untold.
    static func options() throws -> ConformanceOptions {
        var options = ConformanceOptions(
            dataShapes: [try DataShape(itemCounts: [5, 3, 4])], containers: [Size(width: 320, height: 480)], widthSweep: [])
        options.editSequences = 0
        return options
    }

    /// Through JSON both ways, as an external runner works.
    func runExternally<L: GridLayout>(_ queries: ConformanceQueries, _ makeLayout: () -> L) throws -> ConformanceAnswers {
        let read = try ConformanceQueries.decode(try queries.encoded())
        #expect(read == queries)
        let answers = ConformanceAnswers.answer(read, makeLayout: makeLayout)
        let decoded = try ConformanceAnswers.decode(try answers.encoded())
        #expect(decoded == answers)
        return decoded
    }

    @Test func toldCasesCarryTheirChangeAndTheTileGridsWordIsChecked() throws {
        let queries = ConformanceQueries.make(options: try Self.options())
        // The told twins tell what the in-process suite tells: the insertion into section 1.
        let inserted = try #require(queries.cases.first { $0.told == .edited(.insertItems(section: 1, item: 1, count: 3, sizes: nil)) })
        #expect(inserted.check.change == .insertItems && inserted.data.itemCounts == [5, 6, 4])
        let answers = try runExternally(queries) { TileGrid() }
        // 3 items into section 1 take it from 1 row to 2: section 2 moves down 79 points.
        let answer = try #require(answers.cases.first { $0.id == inserted.id })
        #expect(answer.shift == SectionShift(firstChanged: 1, movedFrom: 2, movedTo: 2, offset: 79, changedSpan: 184 ... 368))
        #expect(answer.lineHeight == 79 && answer.pinning == [.sectionHeaders])
        let report = try GridConformance.check(queries: queries, answers: answers)
        #expect(report.isPassing, "\(report)")
        #expect(report.checked.shiftsCompared > 0 && report.checked.traitsComparisons > 0, "\(report.checked)")
        #expect(report.description.contains("SectionShiftReporting (law 6): \(report.checked.shiftReports) told updates checked"))
        #expect(!report.description.contains("ScrollOrderedEnumeration"))

        // Round 2 keeps what each case tells, and checks the word again.
        let refined = try queries.refined(with: answers)
        #expect(refined.cases.map(\.told) == queries.cases.map(\.told))
        let second = try GridConformance.check(queries: refined, answers: try runExternally(refined) { TileGrid() })
        #expect(second.isPassing, "\(second)")
        #expect(second.checked.shiftsCompared == report.checked.shiftsCompared)
    }

    @Test func aShiftThatSaysNothingMovedIsALaw6ViolationFromTheAnswers() throws {
        let queries = ConformanceQueries.make(options: try Self.options())
        var answers = ConformanceAnswers.answer(queries) { TileGrid() }
        let index = try #require(answers.cases.firstIndex { $0.shift.map { $0.offset != 0 } ?? false })
        answers.cases[index].shift?.offset = 0
        let report = try GridConformance.check(queries: queries, answers: answers)
        #expect(report.violatedLaws == [.freshness], "\(report)")
        let violation = try #require(report.violations.first)
        #expect(violation.code == .shiftMisreported)
        #expect(violation.location?.hasPrefix("case \"\(answers.cases[index].id)\"") == true, "\(violation)")
    }

    @Test func traitsThatDifferFromAFreshCasesAreALaw6Violation() throws {
        let queries = ConformanceQueries.make(options: try Self.options())
        var answers = ConformanceAnswers.answer(queries) { TileGrid() }
        // A case answered by an instance prepared again keeps an old line height.
        let again = try #require(queries.cases.first { $0.check.sameAnswersAs?.law == 6 })
        let index = try #require(answers.cases.firstIndex { $0.id == again.id })
        answers.cases[index].lineHeight = 44
        let report = try GridConformance.check(queries: queries, answers: answers)
        #expect(report.violatedLaws == [.freshness], "\(report)")
        let violation = try #require(report.violations.first)
        #expect(violation.code == .traitsDiffer && violation.subject == .traits)
        #expect(violation.expected == .text("lineHeight 79.0") && violation.actual == .text("lineHeight 44.0"), "\(violation)")
    }

    @Test func theNewFieldsReadAsTheyAreWrittenAndWrongOnesAreNamed() throws {
        let json = """
        {"schemaVersion": 1, "cases": [
          {"id": "c0", "contentSize": {"width": 10, "height": 10}, "rects": [], "items": [], "supplementary": [],
           "lineHeight": 44, "pinning": [{"kind": "column-header", "axis": "vertical", "reach": {"band": [0, 44]}},
                                          {"kind": "section-header", "axis": "vertical", "reach": "until-next"}],
           "shift": {"firstChanged": 1, "movedFrom": 2, "movedTo": 3, "offset": -8.5, "changedSpan": [10, 20]}}]}
        """
        let answers = try ConformanceAnswers.decode(Data(json.utf8))
        let answer = try #require(answers.cases.first)
        #expect(answer.lineHeight == 44 && answer.lineWidth == nil)
        #expect(answer.pinning == [PinRule(.columnHeader, along: .vertical, .band(start: 0, end: 44)), .sectionHeaders])
        #expect(answer.shift == SectionShift(firstChanged: 1, movedFrom: 2, movedTo: 3, offset: -8.5, changedSpan: 10 ... 20))

        let badSpan = json.replacingOccurrences(of: "[10, 20]", with: "[20, 10]")
        let error = try #require(throws: InputError.self) { try ConformanceAnswers.decode(Data(badSpan.utf8)) }
        #expect(error.field.hasSuffix("shift.changedSpan"), "\(error)")
    }

    /// A told edit whose range would end past `Int.max` is refused by field, not trapped on.
    @Test func aToldRangeThatOverflowsIsRefused() throws {
        let json = """
        {"schemaVersion": 1, "cases": [{"id": "c0", "instance": 0, "data": {"itemCounts": [1]},
          "container": {"width": 10, "height": 10}, "rects": [], "items": [], "supplementary": [],
          "check": {"wholeContentRect": 0, "splits": []},
          "told": {"data": "edited", "edit": {"type": "delete-sections", "section": \(Int.max), "count": 1}}}]}
        """
        let error = try #require(throws: InputError.self) { try ConformanceQueries.decode(Data(json.utf8)) }
        #expect(error.field.hasSuffix("told.edit.count"), "\(error)")
    }

    @Test func aToldChangeMustBeTheChangeBetweenTheCases() throws {
        var queries = ConformanceQueries.make(options: try Self.options())
        let index = try #require(queries.cases.firstIndex { $0.told != nil && $0.check.change == .insertItems })
        // Told the wrong edit: 2 items, not 3.
        queries.cases[index].told = .edited(.insertItems(section: 1, item: 1, count: 2, sizes: nil))
        let wrongEdit = try #require(throws: InputError.self) { try queries.validate() }
        #expect(wrongEdit.field == "cases[\(index)].told.edit", "\(wrongEdit)")
        // Told of a change on a new instance.
        queries.cases[index].told = nil
        queries.cases[0].told = .resized(from: Size(width: 1, height: 1), to: Size(width: 2, height: 1))
        let newInstance = try #require(throws: InputError.self) { try queries.validate() }
        #expect(newInstance.field == "cases[0].told", "\(newInstance)")
    }
}
