import Foundation
@testable import GridConformance
import GridCore
import GridLayouts
import Testing

/// The protocol tells a measurement as it tells an edit: `set-item-sizes` in a case's `told`.
@Suite struct MeasurementProtocolTests {
    /// `[3, 0, 5]` with heights 20…27, measured as the fixed change measures it: items 2 and 4
    /// of section 2.
    static func options() throws -> ConformanceOptions {
        let sizes = (0 ..< 8).map { Size(width: 1, height: Double(20 + $0)) }
        var options = ConformanceOptions(
            dataShapes: [try DataShape(itemCounts: [3, 0, 5], itemSizes: sizes)], containers: [Size(width: 320, height: 480)],
            changes: [.setItemSizes], widthSweep: [])
        options.editSequences = 0
        return options
    }

    /// Read as a runner in another language reads it, with a plain JSON parser: the told
    /// case's edit, written out by hand.
    @Test func theMeasurementIsWrittenAsDocumented() throws {
        let queries = ConformanceQueries.make(options: try Self.options())
        let json = try #require(try JSONSerialization.jsonObject(with: try queries.encoded()) as? [String: Any])
        let cases = try #require(json["cases"] as? [[String: Any]])
        let told = cases.compactMap { $0["told"] as? [String: Any] }
        #expect(told.count == 1)
        let first = try #require(told.first)
        #expect(first["data"] as? String == "edited" && first["container"] as? String == "unchanged")
        let edit = try #require(first["edit"] as? [String: Any])
        #expect(edit["type"] as? String == "set-item-sizes")
        let items = try #require(edit["items"] as? [[String: Any]])
        #expect(items.map { $0["section"] as? Int } == [2, 2])
        #expect(items.map { $0["item"] as? Int } == [2, 4])
        let sizes = items.compactMap { $0["size"] as? [String: Any] }
        #expect(sizes.count == 2 && sizes.allSatisfy { ($0["width"] as? Double ?? 0) > 0 && ($0["height"] as? Double ?? 0) > 0 })
        // The told case's data is the instance's last case's with those sizes at flat
        // indices 3 + 2 = 5 and 3 + 4 = 7.
        let index = try #require(cases.firstIndex { $0["told"] != nil })
        let data = try #require(cases[index]["data"] as? [String: Any])
        let written = try #require(data["itemSizes"] as? [[String: Any]])
        #expect(written[5]["height"] as? Double == sizes[0]["height"] as? Double)
        #expect(written[7]["height"] as? Double == sizes[1]["height"] as? Double)
        #expect(written[4]["height"] as? Double == 24 && written[6]["height"] as? Double == 26)

        // And read back, the edit is the one the suite made.
        let read = try ConformanceQueries.decode(try queries.encoded())
        #expect(read == queries)
    }

    /// A runner whose layout cannot be told (the waterfall prepares again from scratch,
    /// the contract's default) reuses its instance and passes, law 6 compared on the
    /// measured case; both rounds, through JSON both ways.
    @Test func aRunnerThatPreparesAgainFromScratchPasses() throws {
        let options = try Self.options()
        let configuration = Waterfall.Configuration(columns: 2, itemSizing: .heights, estimated: .itemHeight(24), lanes: .rebalance)
        func runExternally(_ queries: ConformanceQueries) throws -> ConformanceAnswers {
            let read = try ConformanceQueries.decode(try queries.encoded())
            return try ConformanceAnswers.decode(try ConformanceAnswers.answer(read) { Waterfall(configuration) }.encoded())
        }
        let queries = ConformanceQueries.make(options: options)
        let answers = try runExternally(queries)
        let report = try GridConformance.check(queries: queries, answers: answers)
        #expect(report.isPassing, "\(report)")
        #expect(report.checked.freshnessComparisons > 0)
        // The waterfall declares each item its own line, so the measured case is checked
        // under law 10 against the instance's last case: once per measured shape.
        #expect(report.lawsChecked.contains(.locality), "\(report)")
        #expect(report.checked.localityChecks == 1)
        let refined = try queries.refined(with: answers)
        let second = try GridConformance.check(queries: refined, answers: try runExternally(refined))
        #expect(second.isPassing, "\(second)")
    }

    /// A measurement that names a negative item or a size that is not > 0 is refused,
    /// naming the field.
    @Test(arguments: [
        (#"{"type": "set-item-sizes", "items": [{"section": 0, "item": -1, "size": {"width": 1, "height": 2}}]}"#, "items[0]"),
        (#"{"type": "set-item-sizes", "items": [{"section": 0, "item": 0, "size": {"width": 1, "height": 2}}, {"section": 0, "item": 1, "size": {"width": 1, "height": 0}}]}"#, "items[1].size"),
    ])
    func aWrongMeasurementIsRefusedNamingTheField(json: String, field: String) throws {
        let error = try #require(throws: FieldError.self) { try JSONDecoder().decode(DataEditJSON.self, from: Data(json.utf8)) }
        #expect(error.error.field == field, "\(error.error)")
        // Written and read again, a right one is what it was.
        let right = DataEdit.setItemSizes([SizedItem(path: ItemPath(section: 2, item: 4), size: Size(width: 30, height: 45.5))])
        let decoded = try JSONDecoder().decode(DataEditJSON.self, from: try JSONEncoder().encode(DataEditJSON(right)))
        #expect(decoded.edit == right)
    }

    // MARK: Law 10 from answers

    /// A runner whose layout re-lays everything on a measurement (lanes renumbered tallest
    /// first) while declaring each item its own line is caught from its answers under law 10,
    /// as in process, the violation placed at the measured case; the right one passes with
    /// law 10 checked.
    @Test func aLayoutThatMovesWhatComesBeforeTheMeasuredItemIsCaughtFromItsAnswers() throws {
        let configuration = LocalityLawTests.measuringWaterfalls[1]
        var options = ConformanceOptions.quick
        options.shrinks = false
        let queries = ConformanceQueries.make(options: options)
        func check(bug: Bool) throws -> ConformanceReport {
            let answers = ConformanceAnswers.answer(queries) { LaneSortedWaterfall(configuration, bug: bug) }
            return try GridConformance.check(queries: queries, answers: try ConformanceAnswers.decode(try answers.encoded()))
        }
        let broken = try check(bug: true)
        #expect(broken.violatedLaws == [.locality], "\(broken)")
        let first = try #require(broken.violations.first)
        #expect(first.code == .movedBeforeMeasured)
        let measured = queries.cases.filter { $0.check.change == .setItemSizes }.map(\.id)
        #expect(measured.contains { first.location?.hasPrefix("case \"\($0)\"") == true }, "\(first)")
        #expect(first.problem.contains("the measurementLocality of case \""), "\(first)")

        let right = try check(bug: false)
        #expect(right.isPassing, "\(right)")
        #expect(right.lawsChecked.contains(.locality))
        // As many checks as in process: one per measurement told.
        let inProcess = GridConformance.check(options: options) { LaneSortedWaterfall(configuration, bug: false) }
        #expect(right.checked.localityChecks > 0)
        #expect(right.checked.localityChecks <= inProcess.checked.localityChecks)
    }

    /// The three declarations, written and read back; a line of no items, or an unknown
    /// name, is refused naming the field.
    @Test func localityIsWrittenAsDocumentedAndAWrongOneIsRefused() throws {
        let written: [(MeasurementLocality, String)] = [
            (.item, #""item""#), (.section, #""section""#), (.rows(itemsPerRow: 4), #"{"itemsPerRow":4}"#),
        ]
        for (locality, json) in written {
            #expect(String(decoding: try JSONEncoder().encode(MeasurementLocalityJSON(locality)), as: UTF8.self) == json)
            #expect(try JSONDecoder().decode(MeasurementLocalityJSON.self, from: Data(json.utf8)).locality == locality)
        }
        func answers(_ locality: String) -> Data {
            Data(#"{"schemaVersion": 1, "cases": [{"id": "c0", "contentSize": {"width": 1, "height": 1}, "rects": [], "items": [], "supplementary": [], "measurementLocality": \#(locality)}]}"#.utf8)
        }
        for (bad, field) in [("{\"itemsPerRow\": 0}", "cases[0].measurementLocality.itemsPerRow"), ("\"rows\"", "cases[0].measurementLocality")] {
            let error = try #require(throws: InputError.self) { try ConformanceAnswers.decode(answers(bad)) }
            #expect(error.field == field, "\(error)")
        }
        let read = try ConformanceAnswers.decode(answers(#"{"itemsPerRow": 3}"#))
        #expect(read.cases.first?.measurementLocality == .rows(itemsPerRow: 3))
    }
}
