import Foundation
import GridCore

struct ParseError: Error {
    var line: Int
    /// In characters, from 1.
    var column: Int
    /// The offset of the byte where the failure is, from the start of the file (0).
    var offset: Int
    var found: String
    var expected: String
}

/// A recursive-descent JSON parser (RFC 8259) over UTF-8 bytes that knows where it is.
struct Parser {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    var lineStart = 0
    /// Where the parser is, for messages: the keys and indices of the containers it is in.
    /// Kept as steps and written out only for a message (an answer file holds millions of
    /// members, and writing each one's path as text took longer than reading it).
    var path: [Step] = []
    var values = 0

    enum Step {
        case key(String)
        case index(Int)
    }

    /// `cases[3].rects`: the path, as messages write it.
    var pathText: String {
        var text = ""
        for step in path {
            switch step {
            case .key(let key): text += text.isEmpty ? key : "." + key
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    init(bytes: [UInt8]) { self.bytes = bytes }

    var column: Int { column(at: index) }

    /// The column of the byte at `position` on the current line, in characters (UTF-8
    /// continuation bytes do not start one). O(length of the line so far): for messages only.
    func column(at position: Int) -> Int {
        var count = 1
        var i = lineStart
        while i < position {
            if bytes[i] & 0xC0 != 0x80 { count += 1 }
            i += 1
        }
        return count
    }

    func fail(_ expected: String, found: String? = nil) -> ParseError {
        let what: String
        if let found {
            what = found
        } else if index >= bytes.count {
            what = "the end of the file"
        } else {
            let byte = bytes[index]
            what = byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : String(format: "byte 0x%02X", byte)
        }
        let place = path.isEmpty ? "" : " (in \(pathText))"
        return ParseError(line: line, column: column, offset: index, found: what, expected: expected + place)
    }

    mutating func document() throws(ParseError) -> Node {
        // A byte-order mark is skipped: no column (an editor shows none), but bytes of the file.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { (index, lineStart) = (3, 3) }
        skipSpace()
        let node = try value(depth: 0)
        skipSpace()
        guard index == bytes.count else { throw fail("the end of the document after its one value") }
        return node
    }

    mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    mutating func value(depth: Int) throws(ParseError) -> Node {
        guard index < bytes.count else { throw fail("a value") }
        values += 1
        guard values <= StrictJSON.maxValues else {
            throw fail("at most \(StrictJSON.maxValues) values in a document", found: "value number \(values)")
        }
        switch bytes[index] {
        case _ where nonFinite() != nil:
            let (token, written) = nonFinite() ?? ("", "")
            throw fail(
                "a JSON number: a bare \(token) is not JSON and is refused; write it as the string \"\(written)\" (non-finite numbers are written \"NaN\", \"Infinity\" and \"-Infinity\", in double quotes)",
                found: token)
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return Node(.string(try string()))
        case UInt8(ascii: "t"): try literal("true"); return Node(.bool(true))
        case UInt8(ascii: "f"): try literal("false"); return Node(.bool(false))
        case UInt8(ascii: "n"): try literal("null"); return Node(.null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return Node(.number(try number()))
        default: throw fail("a value: an object, array, string, number, true, false or null")
        }
    }

    /// The non-finite number written bare at the current byte (`NaN`, `-Infinity`, `nan`,
    /// `inf`…, followed by no letter or digit), and the string it is to be written as.
    func nonFinite() -> (token: String, written: String)? {
        let first = bytes[index]
        guard first == UInt8(ascii: "N") || first == UInt8(ascii: "n") || first == UInt8(ascii: "I") || first == UInt8(ascii: "i")
            || first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
        else { return nil }
        var end = index
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            end += 1
            guard end < bytes.count, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) else { return nil }  // a number
        }
        let wordStart = end
        while end < bytes.count, end - index < 12,
              (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[end] | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) {
            end += 1
        }
        let word = String(decoding: bytes[wordStart ..< end], as: UTF8.self).lowercased()
        let negative = first == UInt8(ascii: "-")
        let written: String
        switch word {
        case "nan": written = "NaN"
        case "inf", "infinity": written = negative ? "-Infinity" : "Infinity"
        default: return nil
        }
        return (String(decoding: bytes[index ..< end], as: UTF8.self), written)
    }

    mutating func literal(_ word: StaticString) throws(ParseError) {
        let count = word.utf8CodeUnitCount
        let matches = bytes.count - index >= count && word.withUTF8Buffer { expected in
            bytes.withUnsafeBufferPointer { UnsafeBufferPointer(rebasing: $0[index ..< index + count]).elementsEqual(expected) }
        }
        guard matches else { throw fail("a value (\(word)?)") }
        index += count
    }

    mutating func object(depth: Int) throws(ParseError) -> Node {
        guard depth <= StrictJSON.maxDepth else { throw fail("nesting at most \(StrictJSON.maxDepth) deep", found: "an object nested \(depth) deep") }
        index += 1
        let object = Node.Object()
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return Node(.object(object))
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("a key in double quotes") }
            // The key's place, its column counted only if needed: counting it for every key
            // would walk the whole line each time, quadratic in a one-line document.
            let keyLine = line, keyIndex = index
            let key = try string()
            if object.position(of: key) != nil {
                throw ParseError(
                    line: keyLine, column: column(at: keyIndex), offset: keyIndex, found: "\"\(key)\" a second time",
                    expected: "each key once in an object" + (path.isEmpty ? "" : " (in \(pathText))"))
            }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("':' after the key \"\(key)\"") }
            index += 1
            skipSpace()
            path.append(.key(key))
            let member = try value(depth: depth)
            path.removeLast()
            object.append(key, member)
            skipSpace()
            guard index < bytes.count else { throw fail("',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { throw fail("',' or '}' after the value of \"\(key)\"") }
            index += 1
            return Node(.object(object))
        }
    }

    mutating func array(depth: Int) throws(ParseError) -> Node {
        guard depth <= StrictJSON.maxDepth else { throw fail("nesting at most \(StrictJSON.maxDepth) deep", found: "an array nested \(depth) deep") }
        index += 1
        var elements: [Node] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return Node(.array(elements))
        }
        while true {
            skipSpace()
            path.append(.index(elements.count))
            elements.append(try value(depth: depth))
            path.removeLast()
            skipSpace()
            guard index < bytes.count else { throw fail("',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { throw fail("',' or ']' after an element") }
            index += 1
            return Node(.array(elements))
        }
    }

    mutating func number() throws(ParseError) -> String {
        let start = index
        func digits(_ parser: inout Parser) -> Int {
            let from = parser.index
            while parser.index < parser.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(parser.bytes[parser.index]) { parser.index += 1 }
            return parser.index - from
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        let integerDigits = digits(&self)
        guard integerDigits > 0 else { throw fail("a digit") }
        if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") {
            index = integerStart + 1
            throw fail("no leading zero in a number")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw fail("a digit after the decimal point") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw fail("a digit in the exponent") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    mutating func string() throws(ParseError) -> String {
        index += 1
        // Most strings (keys, kinds) hold no escape: read them in one piece.
        var end = index
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            let text = String(decoding: bytes[index ..< end], as: UTF8.self)
            index = end + 1
            return text
        }
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flush(_ parser: Parser, upTo end: Int, into scalars: inout String.UnicodeScalarView) {
            if end > runStart { scalars.append(contentsOf: String(decoding: parser.bytes[runStart..<end], as: UTF8.self).unicodeScalars) }
        }
        while true {
            guard index < bytes.count else { throw fail("the closing '\"' of a string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                flush(self, upTo: index, into: &scalars)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 {
                throw fail("no control character inside a string (write \\n, \\t…)")
            }
            if byte == UInt8(ascii: "\\") {
                flush(self, upTo: index, into: &scalars)
                index += 1
                guard index < bytes.count else { throw fail("an escape after '\\'") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code), bytes.count - index >= 6,
                       bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                        index += 2
                        let low = try hex4()
                        if (0xDC00..<0xE000).contains(low) {
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            code = 0xFFFD
                        }
                    }
                    scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                default:
                    index -= 1
                    throw fail("an escape: \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX")
                }
                runStart = index
                continue
            }
            index += 1
        }
    }

    mutating func hex4() throws(ParseError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw fail("four hexadecimal digits after \\u") }
        var code: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail("four hexadecimal digits after \\u")
            }
            code = code << 4 | UInt32(digit)
            index += 1
        }
        return code
    }
}
