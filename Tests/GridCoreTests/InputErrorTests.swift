import Foundation
import GridCore
import Testing

@Suite("InputError")
struct InputErrorTests {
    struct Frame: Decodable { var offset: Double }
    struct Trace: Decodable { var frames: [Frame] }
    struct Padding: Decodable { var width: Double }
    struct Spec: Decodable { var padding: Padding }
    struct Document: Decodable { var spec: Spec }

    /// The ``InputError`` that decoding `json` as `T` produces.
    func inputError<T: Decodable>(_ type: T.Type, _ json: String, file: String = "trace.json") throws -> InputError {
        do {
            let value = try JSONDecoder().decode(T.self, from: Data(json.utf8))
            Issue.record("decoding \(json) should fail, got \(value)")
            throw CancellationError()
        } catch let error as DecodingError {
            return InputError(file: file, error)
        }
    }

    @Test func typeMismatchNamesTheFieldPath() throws {
        let error = try inputError(Trace.self, #"{"frames": [{"offset": 0}, {"offset": 1}, {"offset": 2}, {"offset": "fast"}]}"#)
        #expect(error.file == "trace.json")
        #expect(error.field == "frames[3].offset")
        #expect(error.expected == "a value of type number")
        #expect(error.value.contains("string"), "\(error)")
        #expect(error.description.hasPrefix("trace.json: frames[3].offset = "))
    }

    @Test func missingKeyNamesTheKeyItself() throws {
        let error = try inputError(Trace.self, #"{"frames": [{"offset": 0}, {}]}"#)
        #expect(error.field == "frames[1].offset")
        #expect(error.value == "missing")
        let top = try inputError(Trace.self, #"{}"#)
        #expect(top.field == "frames")
    }

    @Test func nullNamesTheField() throws {
        let error = try inputError(Trace.self, #"{"frames": [{"offset": null}]}"#)
        #expect(error.field == "frames[0].offset")
        #expect(error.value == "null")
    }

    @Test func nestedKeysAreJoinedWithDots() throws {
        let error = try inputError(Document.self, #"{"spec": {"padding": {"width": true}}}"#, file: "spec.json")
        #expect(error.field == "spec.padding.width")
        #expect(error.description.hasPrefix("spec.json: spec.padding.width = "))
        #expect(error.expected == "a value of type number")
    }

    @Test func malformedJSONIsADocumentError() throws {
        let error = try inputError(Trace.self, #"{"frames": [ {"offset": 1}"#)
        #expect(error.field == "(document)")
        #expect(error.expected == "well-formed JSON")
        // NaN is not JSON.
        let nan = try inputError(Trace.self, #"{"frames": [{"offset": NaN}]}"#)
        #expect(nan.expected == "well-formed JSON")
    }

    @Test func anUnknownElementKindNamesItsPlace() throws {
        let json = #"""
            [{"kind": "cell", "section": 0, "item": 0, "frame": {"x": 0, "y": 0, "width": 1, "height": 1}},
             {"kind": "footer", "section": 0, "item": 1, "frame": {"x": 0, "y": 0, "width": 1, "height": 1}}]
            """#
        let error = try inputError([LayoutAttributes].self, json, file: "answers.json")
        #expect(error.field == "[1].kind")
        #expect(error.value.contains("footer"), "\(error)")
        let badFrame = try inputError([LayoutAttributes].self, #"[{"kind": "cell", "section": 0, "item": 0, "frame": {"x": 0, "y": 0, "width": 1}}]"#)
        #expect(badFrame.field == "[0].frame.height")
    }

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(stringValue: String) { self.stringValue = stringValue }
        init(intValue: Int) { self.stringValue = "Index \(intValue)"; self.intValue = intValue }
        init(_ string: String, int: Int?) { stringValue = string; intValue = int }
    }

    @Test func fieldPathFormatting() {
        #expect(InputError.fieldPath([]) == "(document)")
        #expect(InputError.fieldPath([Key(stringValue: "frames")]) == "frames")
        #expect(InputError.fieldPath([Key(stringValue: "frames"), Key(intValue: 120), Key(stringValue: "offset")]) == "frames[120].offset")
        #expect(InputError.fieldPath([Key(intValue: 0), Key(intValue: 2)]) == "[0][2]")
        // A key written as a bare number with an int value is an index too.
        #expect(InputError.fieldPath([Key("sections", int: nil), Key("3", int: 3)]) == "sections[3]")
        // A string key that only looks like a number stays a key.
        #expect(InputError.fieldPath([Key("a", int: nil), Key("3", int: nil)]) == "a.3")
    }

    @Test func gridErrorsAreWrappedWithTheirField() {
        let grid = GridError.invalidParameter("tilesPerLine", 0, expected: "an integer ≥ 1")
        let error = InputError(file: "spec.json", grid, fieldPrefix: "layout.")
        #expect(error == InputError(file: "spec.json", field: "layout.tilesPerLine", value: "0", expected: "an integer ≥ 1"))
        #expect(error.description == "spec.json: layout.tilesPerLine = 0: expected an integer ≥ 1")
        #expect(grid.prefixingField(with: "spec.").field == "spec.tilesPerLine")
        #expect(grid.description == "tilesPerLine = 0: expected an integer ≥ 1")
    }
}
