import Foundation
import GridConformance
import GridCore
import GridLayouts
import Testing

/// The language-neutral protocol: queries written, answered by a layout "outside", checked.
@Suite struct ProtocolTests {
    static func options() throws -> ConformanceOptions {
        ConformanceOptions(
            dataShapes: [.empty, try DataShape(itemCounts: [0, 3, 0, 5]), try DataShape(itemCounts: [10]), try DataShape(itemCounts: [31, 31, 31])],
            containers: [Size(width: 320, height: 480), Size(width: 333.5, height: 500.25)],
            widthSweep: [321, 600])
    }

    /// What an external runner does, through JSON both ways.
    func runExternally<L: GridLayout>(_ queries: ConformanceQueries, _ makeLayout: () -> L) throws -> ConformanceAnswers {
        let read = try ConformanceQueries.decode(try queries.encoded())
        return try ConformanceAnswers.decode(try ConformanceAnswers.answer(read, makeLayout: makeLayout).encoded())
    }

    @Test func tileGridPassesBothRounds() throws {
        let queries = ConformanceQueries.make(options: try Self.options())
        #expect(queries.round == 1)
        let answers = try runExternally(queries) { TileGrid() }
        let report = try GridConformance.check(queries: queries, answers: answers)
        #expect(report.isPassing, "\(report)")
        #expect(report.lawsChecked == ConformanceLaw.undeclaredLocality)
        #expect(report.checked.determinismComparisons == 8)
        #expect(report.checked.freshnessComparisons > 8)

        let refined = try queries.refined(with: answers)
        #expect(refined.round == 2)
        #expect(refined.cases.count == queries.cases.count)
        let roles = refined.cases.flatMap { $0.check.rectRoles ?? [] }
        #expect(roles.contains { $0.hasPrefix("strip-above@") } && roles.contains { $0.hasPrefix("strip-right@") })
        let refinedReport = try GridConformance.check(queries: refined, answers: try runExternally(refined) { TileGrid() })
        #expect(refinedReport.isPassing, "\(refinedReport)")
        #expect(refinedReport.checked.rectQueries > report.checked.rectQueries)
    }

    @Test(arguments: [
        (BrokenTileGrid.Bug.closedFarEdge, ConformanceLaw.completeness),
        (.dropsLastRow, .completeness),
        (.itemAnswerDisagrees, .agreement),
        (.answersBeyondData, .validity),
        (.nanFrame, .validity),
        (.frameOutsideContent, .containment),
        (.nondeterministic, .determinism),
        (.staleAfterDataChange, .freshness),
        (.staleAfterRotation, .freshness),
        (.containedOnly, .additivity),
        (.overlappingCells, .nonOverlap),
        (.contentOneRowTooLong, .tightness),
        (.contentOneRowTooShort, .tightness),
    ])
    func brokenLayoutsAreCaughtFromTheirAnswers(bug: BrokenTileGrid.Bug, law: ConformanceLaw) throws {
        // JSON is exercised elsewhere: answer in process, in one container.
        var options = try Self.options()
        options.containers.removeLast()
        let report = try roundTwoReport(options: options, makeLayout: BrokenTileGrid.factory(bug))
        #expect(report.violatedLaws.contains(law), "\(report)")
    }

    /// The report on round 2's answers, both rounds answered in process by `makeLayout`.
    func roundTwoReport<L: GridLayout>(options: ConformanceOptions, makeLayout: () -> L) throws -> ConformanceReport {
        let queries = ConformanceQueries.make(options: options)
        let refined = try queries.refined(with: ConformanceAnswers.answer(queries, makeLayout: makeLayout))
        return try GridConformance.check(queries: refined, answers: ConformanceAnswers.answer(refined, makeLayout: makeLayout))
    }

    // MARK: Corrupted answers

    func tileGridAnswers(small: Bool = false) throws -> (ConformanceQueries, ConformanceAnswers) {
        var options = try Self.options()
        if small {
            options.dataShapes = [try DataShape(itemCounts: [2, 0, 3])]
            options.containers = [Size(width: 320, height: 480)]
        }
        let queries = ConformanceQueries.make(options: options)
        return (queries, try runExternally(queries) { TileGrid() })
    }

    @Test func droppedElementIsLawOne() throws {
        var (queries, answers) = try tileGridAnswers()
        // A random rect of a case with items: the whole-content answer stays complete.
        let c = try #require(queries.cases.firstIndex { $0.data.totalItems == 31 * 3 && $0.check.sameAnswersAs == nil })
        let r = try #require(queries.cases[c].check.rectRoles?.indices.first {
            queries.cases[c].check.rectRoles?[$0] == "random" && (answers.cases[c].rects?[$0].count ?? 0) > 1
        })
        #expect(queries.cases[c + 1].check.sameAnswersAs?.case == queries.cases[c].id)
        let dropped = try #require(answers.cases[c].rects?[r].last)
        // The same in the case that repeats it, so that determinism still holds.
        answers.cases[c].rects?[r].removeLast()
        answers.cases[c + 1].rects?[r].removeLast()
        let report = try GridConformance.check(queries: queries, answers: answers)
        let violation = try #require(report.violations.first)
        // The rect was split in two for law 7: its halves still hold the element.
        #expect(report.violatedLaws == [.completeness, .additivity])
        #expect(violation.code == .missingElements)
        #expect(violation.description.contains("\(dropped)"))
        #expect(violation.subject == .rect(queries.cases[c].rects[r], .random))
    }

    @Test func wrongItemFrameIsLawTwo() throws {
        var (queries, answers) = try tileGridAnswers()
        let c = try #require(queries.cases.firstIndex { $0.data.totalItems == 8 && $0.check.sameAnswersAs == nil })
        #expect(queries.cases[c + 1].check.sameAnswersAs?.case == queries.cases[c].id)
        answers.cases[c].items?[4]?.frame.size.height -= 1
        answers.cases[c + 1].items?[4]?.frame.size.height -= 1  // the repeat, for determinism
        let report = try GridConformance.check(queries: queries, answers: answers)
        #expect(report.violatedLaws == [.agreement], "\(report)")
        #expect(report.violations.first?.subject == .element(ElementID(kind: .cell, path: queries.cases[c].items[4])))
    }

    @Test func aBadValueNamesFileFieldAndValue() throws {
        let (_, answers) = try tileGridAnswers(small: true)
        // The first case, rect and element there is: a whole-content answer.
        let c = try #require(answers.cases.firstIndex { ($0.rects?.first?.count ?? 0) > 0 })
        var json = try JSONDecoder().decode(JSONValue.self, from: try answers.encoded())
        json.set(["cases", c, "rects", 0, "elements", 0, "frame", "width"], to: .string("abc"))
        let error = try #require(throws: InputError.self) {
            _ = try ConformanceAnswers.decode(try JSONEncoder().encode(json), file: "answers.json")
        }
        #expect(error.description == "answers.json: cases[\(c)].rects[0].elements[0].frame.width = \"abc\": expected a number")
    }

    @Test func anUnknownKindNamesTheKinds() throws {
        let (_, answers) = try tileGridAnswers(small: true)
        let c = try #require(answers.cases.firstIndex { ($0.rects?.first?.count ?? 0) > 0 })
        var json = try JSONDecoder().decode(JSONValue.self, from: try answers.encoded())
        json.set(["cases", c, "rects", 0, "elements", 0, "kind"], to: .string("tile"))
        let error = try #require(throws: InputError.self) {
            _ = try ConformanceAnswers.decode(try JSONEncoder().encode(json), file: "answers.json")
        }
        #expect(error.field == "cases[\(c)].rects[0].elements[0].kind")
        #expect(error.value == "\"tile\"")
        #expect(error.expected == "one of section-header, cell, section-footer, column-header, row-header, corner")
    }

    @Test func answersMustFitTheQueries() throws {
        let (queries, answers) = try tileGridAnswers()
        func refusal(_ change: (inout ConformanceAnswers) -> Void) -> InputError? {
            var changed = answers
            change(&changed)
            do {
                _ = try GridConformance.check(queries: queries, answers: changed)
                return nil
            } catch {
                return error
            }
        }
        let unknown = refusal { $0.cases[2].id = "c999" }
        #expect(unknown?.file == "answers.json")
        #expect(unknown?.field == "cases[2].id")
        #expect(unknown?.value == "\"c999\"")
        #expect(unknown?.expected == "the id of a case in queries.json")

        let missing = refusal { $0.cases.remove(at: 5) }
        #expect(missing?.field == "cases")
        #expect(missing?.value == "no answer for case \"c5\"")

        let twice = refusal { $0.cases.append($0.cases[1]) }
        #expect(twice?.field == "cases[\(answers.cases.count)].id")

        let short = refusal { $0.cases[1].rects?.removeLast() }
        #expect(short?.field == "cases[1].rects")
        #expect(short?.expected == "one answer per query rect of case \"c1\": \(queries.cases[1].rects.count)")
    }

    @Test func badQueryFilesNameTheField() throws {
        var options = try Self.options()
        options.containers = [Size(width: 320, height: 480)]
        let queries = ConformanceQueries.make(options: options)
        var json = try JSONDecoder().decode(JSONValue.self, from: try queries.encoded())
        #expect(queries.cases[2].data.itemCounts == [0, 3, 0, 5])
        // JSONValue holds numbers as doubles: a 64-bit seed would come back rounded, which
        // the reader refuses (an integer written as a float must be exact); a small one not.
        json.set(["seed"], to: .number(7))
        json.set(["cases", 2, "data", "itemCounts", 1], to: .number(-2))
        let negative = try #require(throws: InputError.self) {
            _ = try ConformanceQueries.decode(try JSONEncoder().encode(json), file: "q.json")
        }
        #expect(negative.description == "q.json: cases[2].data.itemCounts[1] = -2: expected an item count ≥ 0")

        json = try JSONDecoder().decode(JSONValue.self, from: try queries.encoded())
        json.set(["seed"], to: .number(7))
        json.set(["schemaVersion"], to: .number(2))
        let version = try #require(throws: InputError.self) {
            _ = try ConformanceQueries.decode(try JSONEncoder().encode(json), file: "q.json")
        }
        #expect(version.field == "schemaVersion")
        #expect(version.value == "2")

        var bad = queries
        bad.cases[3].check.wholeContentRect = 10_000
        #expect(throws: InputError.self) { try bad.validate() }
        bad = queries
        bad.cases[4].id = bad.cases[0].id
        let duplicate = try #require(throws: InputError.self) { try bad.validate(file: "q.json") }
        #expect(duplicate.field == "cases[4].id")

        #expect(throws: InputError.self) { _ = try ConformanceQueries.decode(Data(#"{"schemaVersion": 1, "cases": [{"id": "#.utf8), file: "q.json") }
    }

    @Test func checksFilesOnDisk() throws {
        let (queries, answers) = try tileGridAnswers()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gridbench-protocol-\(UInt64.random(in: 0 ... .max))")
        defer { try? FileManager.default.removeItem(at: directory) }
        let queriesURL = directory.appendingPathComponent("queries.json"), answersURL = directory.appendingPathComponent("answers.json")
        try queries.write(to: queriesURL)
        try answers.write(to: answersURL)
        #expect(try GridConformance.check(queriesAt: queriesURL, answersAt: answersURL).isPassing)
        try Data("{".utf8).write(to: answersURL)
        let error = try #require(throws: InputError.self) { try GridConformance.check(queriesAt: queriesURL, answersAt: answersURL) }
        #expect(error.file == answersURL.path)
    }
}

extension JSONValue {
    /// Replaces the value at `path` (object keys and array indices).
    mutating func set(_ path: [any Sendable], to value: JSONValue) {
        guard let first = path.first else {
            self = value
            return
        }
        let rest = Array(path.dropFirst())
        switch (self, first) {
        case (.object(var members), let key as String):
            var member = members[key] ?? .null
            member.set(rest, to: value)
            members[key] = member
            self = .object(members)
        case (.array(var elements), let index as Int) where elements.indices.contains(index):
            elements[index].set(rest, to: value)
            self = .array(elements)
        default:
            Issue.record("no value at \(path) in \(self)")
        }
    }
}

/// Law 9 through answer files: the `tightness` field of a case.
@Suite struct ProtocolTightnessTests {
    @Test func theTightnessFieldReadsBackAndABadInsetIsRefusedByName() throws {
        let json = #"{"schemaVersion": 1, "cases": [{"id": "a", "contentSize": {"width": 10, "height": 12}, "rects": [], "items": [], "supplementary": [], "tightness": {"axes": ["vertical"], "insets": {"bottom": 2}}}]}"#
        let answers = try ConformanceAnswers.decode(Data(json.utf8))
        #expect(answers.cases[0].tightness == ContentTightness(axes: .vertical, insets: ContentInsets(bottom: 2)))
        let bad = json.replacingOccurrences(of: #""bottom": 2"#, with: #""bottom": -1"#)
        let error = try #require(throws: InputError.self) { try ConformanceAnswers.decode(Data(bad.utf8), file: "a.json") }
        #expect(error.file == "a.json")
        #expect("\(error)".contains("bottom"))
        #expect("\(error)".contains("-1"))
    }

    @Test func withoutTheFieldLaw9IsNotCheckedAndTheReportSaysSo() throws {
        let options = ConformanceOptions(dataShapes: [try DataShape(itemCounts: [3])], containers: [Size(width: 320, height: 480)])
        let queries = ConformanceQueries.make(options: options)
        var answers = ConformanceAnswers.answer(queries) { TileGrid() }
        for index in answers.cases.indices { answers.cases[index].tightness = nil }
        let report = try GridConformance.check(queries: queries, answers: answers)
        #expect(report.isPassing, "\(report)")
        #expect(!report.lawsChecked.contains(.tightness))
        #expect(report.description.contains("law 9 (tightness) not checked"))
    }
}

/// What a runner's author reads: the case and query index, each failure once, the
/// command-line option rather than Swift API, only what answers can show.
@Suite struct ProtocolReportWordingTests {
    @Test func violationsNameTheCaseAndRectIndexOnceAndSpeakOfOptions() throws {
        let options = ConformanceOptions(dataShapes: [try DataShape(itemCounts: [5]), try DataShape(itemCounts: [6])],
                                         containers: [Size(width: 320, height: 480)], changes: [])
        let queries = ConformanceQueries.make(options: options)
        // c0 and c2 are new instances; c1 and c3 repeat them for law 5.
        #expect(queries.cases.map { $0.check.sameAnswersAs?.case } == [nil, "c0", nil, "c2"])
        let answers = ConformanceAnswers.answer(queries, makeLayout: BrokenTileGrid.factory(.returnsFirstTwice))
        let report = try GridConformance.check(queries: queries, answers: answers, maxViolations: 1)
        let violation = try #require(report.violations.first { $0.code == .duplicateElements })
        let location = try #require(violation.location)
        #expect(location.hasPrefix("case \"c0\", rects["))
        // The index names the very rect of the violation in the query file.
        let index = try #require(Int(location.split(separator: "[").last?.dropLast() ?? ""))
        guard case .rect(let rect, _) = violation.subject else {
            Issue.record("expected a rect: \(violation)")
            return
        }
        #expect(queries.cases[0].rects[index].isIdentical(to: rect))
        #expect(violation.description.contains("  in: case \"c0\", rects[\(index)]"))
        #expect(!violation.description.contains("caller's buffer"))
        #expect(!violation.description.contains("shrank"))
        // Law 5's repeats are compared, not checked again: nothing is reported for c1 or c3.
        #expect(report.checked.configurations == 2)
        #expect(report.checked.determinismComparisons == 2)
        // One law-1 violation per case (c0, c2): one shown, the other omitted, named by option.
        #expect(report.omittedViolations == 1)
        #expect(report.description.contains("(--max-violations)"))
        #expect(!report.description.contains("ConformanceOptions"))
        #expect(report.description.contains("checked: 2 cases"))
    }
}
