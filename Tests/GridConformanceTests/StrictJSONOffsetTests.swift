import Foundation
import GridConformance
import GridCore
import Testing

/// Parse errors of the strict JSON reader name the line, the column (in characters) and
/// the byte offset (from 0) of the failure; a bare non-finite number is refused saying how
/// to write it. Every offset below is counted by hand in the comment beside it.
@Suite struct StrictJSONOffsetTests {
    struct Point: Decodable {
        var x: Double
    }

    static func message<T: Decodable>(_ text: String, as type: T.Type = Point.self) -> String {
        do {
            _ = try StrictJSON.decode(type, from: Data(text.utf8), file: "t.json")
            return "decoded"
        } catch {
            return error.description
        }
    }

    static let howToWrite = "(non-finite numbers are written \"NaN\", \"Infinity\" and \"-Infinity\", in double quotes)"

    /// `{"x": NaN}`: `{` 0, `"` 1, `x` 2, `"` 3, `:` 4, space 5, `N` 6.
    @Test func bareNaNIsRefusedAtItsByte() {
        #expect(Self.message(#"{"x": NaN}"#) == "t.json: line 1, column 7 = NaN: expected a JSON number: a bare NaN is not JSON and is refused; write it as the string \"NaN\" \(Self.howToWrite) (in x); byte offset 6")
    }

    /// Line 2 is ` "é": 1, "x": Infinity}` and starts at byte 2 (after `{` and the newline):
    /// space 2, `"` 3, `é` 4–5 (two bytes, one character), `"` 6, `:` 7, space 8, `1` 9,
    /// `,` 10, space 11, `"` 12, `x` 13, `"` 14, `:` 15, space 16, `I` 17. Its column is the
    /// 15th character of the line: 15 bytes before it on the line, one of them `é`'s second.
    @Test func theColumnCountsCharactersAndTheOffsetBytes() {
        struct Two: Decodable {
            var é: Int
            var x: Double
        }
        #expect(Self.message("{\n \"é\": 1, \"x\": Infinity}", as: Two.self)
            == "t.json: line 2, column 15 = Infinity: expected a JSON number: a bare Infinity is not JSON and is refused; write it as the string \"Infinity\" \(Self.howToWrite) (in x); byte offset 17")
    }

    /// `{"x": -Infinity}`: the `-` is byte 6, as `N` above; it is written "-Infinity".
    @Test func negativeInfinity() {
        #expect(Self.message(#"{"x": -Infinity}"#).hasSuffix("line 1, column 7 = -Infinity: expected a JSON number: a bare -Infinity is not JSON and is refused; write it as the string \"-Infinity\" \(Self.howToWrite) (in x); byte offset 6"))
    }

    /// A byte-order mark is 3 bytes (0–2) and no column (an editor does not show it): in
    /// `[1, nan]` after it, `[` is byte 3, `1` 4, `,` 5, space 6, `n` 7; four characters
    /// precede `n` on the line, so its column is 5.
    @Test func aByteOrderMarkCountsInTheOffset() {
        #expect(Self.message("\u{FEFF}[1, nan]", as: [Double].self)
            == "t.json: line 1, column 5 = nan: expected a JSON number: a bare nan is not JSON and is refused; write it as the string \"NaN\" \(Self.howToWrite) (in [1]); byte offset 7")
    }

    /// Other syntax errors carry the offset too: in `[1, 2,]` the `]` is byte 6; in
    /// `{"a": 1, "a": 2}` the second key's quote is byte 9 (`{` 0, `"a"` 1–3, `:` 4, space 5,
    /// `1` 6, `,` 7, space 8).
    @Test func everySyntaxErrorHasItsOffset() {
        #expect(Self.message("[1, 2,]", as: [Double].self)
            == "t.json: line 1, column 7 = ']': expected a value: an object, array, string, number, true, false or null (in [2]); byte offset 6")
        #expect(Self.message(#"{"a": 1, "a": 2}"#, as: [String: Double].self)
            == "t.json: line 1, column 10 = \"a\" a second time: expected each key once in an object; byte offset 9")
    }

    /// What is not a non-finite number is read as before: negative numbers, `null`, and a
    /// word that only starts like one.
    @Test func numbersAndNullAreUntouched() {
        #expect(Self.message(#"{"x": -1.5}"#) == "decoded")
        #expect(Self.message("[null, -0]", as: [Double?].self) == "decoded")
        #expect(Self.message("[nano]", as: [Double].self).contains("= 'n': expected a value (null?)"))
        #expect(Self.message("[nano]", as: [Double].self).hasSuffix("; byte offset 1"))
    }
}
