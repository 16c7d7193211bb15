import Foundation
import GridConformance
import GridCore
import GridHarness
import Testing

/// A golden fixture's `parameters` are read as strictly as a spec: a misspelt key is
/// refused with its path and the name it was likely meant to be, never ignored (it used to
/// be, leaving the field at its default).
@Suite struct GoldenParametersTests {
    /// The committed CHGridView golden, with `parameters` changed by `edit`, written to a
    /// temporary file and made into a layout.
    func makeLayout(_ edit: (inout [String: Any]) -> Void) throws -> Result<Void, InputError> {
        let source = Repository.datasets.appendingPathComponent("fixtures/layouts/tile-grid-chgridview-480x320.json")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: source)) as? [String: Any])
        var parameters = try #require(object["parameters"] as? [String: Any])
        edit(&parameters)
        object["parameters"] = parameters
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.file("golden.json")
        try JSONSerialization.data(withJSONObject: object).write(to: file)
        let fixture = try GoldenFixture.load(from: file)
        do {
            _ = try fixture.recipe.makeLayout(file: file.path)
            return .success(())
        } catch {
            return .failure(error)
        }
    }

    @Test func theCommittedParametersStillMakeTheLayout() throws {
        #expect(throws: Never.self) { try makeLayout { _ in }.get() }
    }

    @Test func aMisspeltKeyIsRefusedWithTheNearestName() throws {
        let result = try makeLayout { $0["rowheight"] = 5 }
        guard case .failure(let error) = result else {
            Issue.record("a golden with \"rowheight\" in its parameters was accepted")
            return
        }
        #expect(error.field == "parameters.rowheight")
        #expect(error.file.hasSuffix("golden.json"))
        #expect("\(error)".contains("rowHeight"), "\(error)")
    }

    @Test func aValueOfTheWrongTypeNamesItsPath() throws {
        let result = try makeLayout { $0["padding"] = ["width": "wide", "height": 4] }
        guard case .failure(let error) = result else {
            Issue.record("a golden with a string padding width was accepted")
            return
        }
        #expect(error.field == "parameters.padding.width")
    }
}
