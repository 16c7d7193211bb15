import Foundation
import GridCore

/// The one JSON reader of GridBench's files: specs, traces, plans, fixtures, results, query
/// and answer files.
///
/// Stricter than `JSONDecoder`, and its refusals say where:
///
/// - a syntax error names the line and column (`line 3, column 14`, the column in
///   characters) and the byte offset from the start of the file (`byte offset 57`, counting
///   from 0, a byte-order mark included), for tools that seek by byte;
/// - a bare `NaN`, `Infinity` or `-Infinity` (what Python's `json.dumps` writes by default,
///   and not JSON) is refused as such, saying how to write it: as a string;
/// - a key given twice in one object is refused (`JSONDecoder` keeps one silently);
/// - a key the type never asks for is refused, naming the nearest known key
///   (`"rowheight"`: did you mean `rowHeight`?), so that a misspelt field is not ignored;
/// - a number that does not fit its field (`1.5` or 2⁶³ for an integer, `1e400` for a
///   number) is named as such, with its field, not called malformed JSON;
/// - nesting deeper than ``maxDepth`` is refused rather than recursed into.
///
/// Non-finite numbers may be written as the strings `"NaN"`, `"Infinity"` and
/// `"-Infinity"`, so that a validator can refuse them by field.
package enum StrictJSON {
    /// The deepest nesting of arrays and objects a document may have.
    package static let maxDepth = 128

    /// The most values (numbers, strings, arrays, objects…) a document may hold: a trace of
    /// a million frames holds a million, and each value takes tens of bytes once parsed.
    package static let maxValues = 20_000_000

    /// Decodes `T` from `data`, naming `file` in every error.
    ///
    /// - Throws: `InputError` naming the file, the field path (or line and
    ///   column) and the value found there.
    /// - Parameters:
    ///   - type: the type to decode.
    ///   - data: the file's bytes.
    ///   - file: the file's name or path, as errors name it.
    ///   - ignoringUnknownKeys: for a partial view of a file that other code reads
    ///     whole (a spec's common fields, read before its layout's), keys `T` does not ask
    ///     for are let through.
    package static func decode<T: Decodable>(
        _ type: T.Type, from data: Data, file: String, ignoringUnknownKeys: Bool = false
    ) throws(InputError) -> T {
        guard !data.isEmpty else {
            throw InputError(file: file, field: "(document)", value: "empty", expected: "a JSON document")
        }
        let root: Node
        do {
            var parser = Parser(bytes: [UInt8](data))
            root = try parser.document()
        } catch {
            throw InputError(
                file: file, field: "line \(error.line), column \(error.column)", value: error.found,
                expected: "\(error.expected); byte offset \(error.offset)")
        }
        let value: T
        do {
            value = try T(from: NodeDecoder(node: root, codingPath: []))
        } catch let error as StrictJSONError {
            throw InputError(file: file, field: InputError.fieldPath(error.codingPath), value: error.value, expected: error.expected)
        } catch let error as DecodingError {
            // A required key missing beside a key nobody asked for is most likely that key
            // misspelt ("hieght"): say so.
            if case .keyNotFound(let key, let context) = error, let object = root.object(at: context.codingPath),
               let stray = object.keys.indices.first(where: {
                   !object.isUsed($0) && !object.wasAsked(object.keys[$0]) && nearest(to: object.keys[$0], in: [key.stringValue]) != nil
               }).map({ object.keys[$0] }) {
                throw InputError(
                    file: file, field: InputError.fieldPath(context.codingPath + [StrictKey(stray)]), value: "(an unknown field)",
                    expected: "no such field here; did you mean \(key.stringValue)?")
            }
            var result = InputError(file: file, error)
            if case .typeMismatch(_, let context) = error, let found = root.text(at: context.codingPath) {
                result.value = found
            }
            if case .dataCorrupted(let context) = error, !context.codingPath.isEmpty {
                if let found = root.text(at: context.codingPath) { result.value = found }
                let description = context.debugDescription
                result.expected = description.ranges(of: "expected ").last.map { String(description[$0.upperBound...]) } ?? description
            }
            throw result
        } catch let error as InputError {
            throw error
        } catch let error as GridError {
            throw InputError(file: file, error)
        } catch let error as FieldError {
            let prefix = error.codingPath.isEmpty ? "" : InputError.fieldPath(error.codingPath)
            throw InputError(
                file: file, field: [prefix, error.error.field].filter { !$0.isEmpty }.joined(separator: "."),
                value: error.error.value, expected: error.error.expected)
        } catch {
            throw InputError(file: file, field: "(document)", value: "\(error)", expected: "a readable document")
        }
        if !ignoringUnknownKeys, let unknown = root.firstUnknownKey(path: []) {
            let known = unknown.known.sorted()
            let nearest = Self.nearest(to: unknown.key, in: known)
            throw InputError(
                file: file, field: InputError.fieldPath(unknown.path), value: "(an unknown field)",
                expected: "no such field here" + (nearest.map { "; did you mean \($0)?" } ?? "")
                    + (known.isEmpty ? "" : " (fields: " + known.joined(separator: ", ") + ")"))
        }
        return value
    }

    /// The known name closest to `name` by edit distance (case ignored), when it is close.
    package static func nearest(to name: String, in known: [String]) -> String? {
        let target = Array(name.lowercased())
        var best: (String, Int)?
        for candidate in known {
            let d = distance(target, Array(candidate.lowercased()))
            if d <= max(2, target.count / 3), best.map({ d < $0.1 }) ?? true { best = (candidate, d) }
        }
        return best?.0
    }

    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}

/// A value that does not fit the field it is decoded into.
struct StrictJSONError: Error {
    var codingPath: [any CodingKey]
    var value: String
    var expected: String
}

// MARK: - The tree

/// One parsed value.
final class Node {
    enum Value {
        case null
        case bool(Bool)
        /// The number's text as written, so that integers are read exactly.
        case number(String)
        case string(String)
        case array([Node])
        case object(Object)
    }

    /// An object's members in order, and which keys the decoder asked for and used.
    ///
    /// Kept in arrays searched in order: the objects of GridBench's files have a handful of
    /// members, for which comparing keys is cheaper than hashing them, and a file holds
    /// millions of objects (a dictionary and two sets each cost four allocations an object,
    /// the most of reading an answer file). An object of many members (a map's) gets an
    /// index by key when first searched.
    final class Object {
        /// The keys, in document order.
        private(set) var keys: [String] = []
        /// The members' values, in document order.
        private(set) var values: [Node] = []
        /// Per member, whether the decoder asked for it, and whether it used it.
        private var asked: [Bool] = []
        private var used: [Bool] = []
        /// The keys the decoder asked for that the object does not have, each once.
        private var askedMissing: [String] = []
        /// The position of each key, for an object of more than `linearLimit` members.
        private var positions: [String: Int]?
        /// Whether a decoder opened the object (a keyed container).
        var opened = false

        private static let linearLimit = 12

        var count: Int { keys.count }

        /// The position of `key` among the members, `nil` when the object has no such key.
        func position(of key: String) -> Int? {
            if keys.count <= Self.linearLimit { return keys.firstIndex(of: key) }
            if positions == nil {
                var index: [String: Int] = [:]
                index.reserveCapacity(keys.count)
                for (position, key) in keys.enumerated() { index[key] = position }
                positions = index
            }
            return positions?[key]
        }

        /// Adds a member at the end; `false`, adding nothing, when the object has `key` already.
        func append(_ key: String, _ value: Node) -> Bool {
            guard position(of: key) == nil else { return false }
            keys.append(key)
            values.append(value)
            asked.append(false)
            used.append(false)
            positions?[key] = keys.count - 1
            return true
        }

        /// The value of `key`, without marking it asked or used.
        func member(_ key: String) -> Node? {
            position(of: key).map { values[$0] }
        }

        /// Notes that the decoder asked for `key`; returns its position when the object has it.
        func ask(_ key: String) -> Int? {
            if let position = position(of: key) {
                asked[position] = true
                return position
            }
            if !askedMissing.contains(key) { askedMissing.append(key) }
            return nil
        }

        /// Notes that the decoder used the member at `position`.
        func use(_ position: Int) { used[position] = true }

        /// Notes that the decoder asked for and used every member.
        func useAll() {
            for position in used.indices { (asked[position], used[position]) = (true, true) }
        }

        func isUsed(_ position: Int) -> Bool { used[position] }

        /// Whether the decoder asked for `key` (a member or not).
        func wasAsked(_ key: String) -> Bool {
            if let position = position(of: key) { return asked[position] }
            return askedMissing.contains(key)
        }

        /// The keys the decoder asked for: members and keys it looked for in vain.
        var known: Set<String> {
            var known = Set(askedMissing)
            for position in keys.indices where asked[position] { known.insert(keys[position]) }
            return known
        }
    }

    let value: Value

    init(_ value: Value) { self.value = value }

    var kindName: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The value as short JSON text, for messages.
    var text: String {
        let full: String
        switch value {
        case .null: full = "null"
        case .bool(let b): full = b ? "true" : "false"
        case .number(let n): full = n
        case .string(let s): full = "\"" + s + "\""
        case .array(let a): full = "[" + a.prefix(8).map(\.text).joined(separator: ", ") + (a.count > 8 ? ", …" : "") + "]"
        case .object(let o): full = "{" + o.keys.prefix(6).map { "\"\($0)\": …" }.joined(separator: ", ") + (o.keys.count > 6 ? ", …" : "") + "}"
        }
        return full.count > 80 ? String(full.prefix(80)) + "…" : full
    }

    /// The value at `path`, or `nil` when the path leads nowhere.
    func node(at path: [any CodingKey]) -> Node? {
        var current = self
        for key in path {
            switch current.value {
            case .object(let object):
                guard let next = object.member(key.stringValue) else { return nil }
                current = next
            case .array(let array):
                guard let index = key.intValue, array.indices.contains(index) else { return nil }
                current = array[index]
            default:
                return nil
            }
        }
        return current
    }

    /// The text of the value at `path`, or `nil` when the path leads nowhere.
    func text(at path: [any CodingKey]) -> String? {
        node(at: path)?.text
    }

    /// The object at `path`, or `nil`.
    func object(at path: [any CodingKey]) -> Object? {
        guard let node = node(at: path), case .object(let object) = node.value else { return nil }
        return object
    }

    /// The first key, depth first in document order, of an object the decoder read that it
    /// never asked for.
    func firstUnknownKey(path: [any CodingKey]) -> (path: [any CodingKey], key: String, known: Set<String>)? {
        var walked = path
        return firstUnknownKey(walking: &walked)
    }

    /// `firstUnknownKey(path:)`, with one path grown and shrunk along the walk: a path copied
    /// for every value of a large file cost more than reading the file.
    private func firstUnknownKey(walking path: inout [any CodingKey]) -> (path: [any CodingKey], key: String, known: Set<String>)? {
        switch value {
        case .object(let object):
            for (position, key) in object.keys.enumerated() {
                if object.opened && !object.isUsed(position) {
                    return (path + [StrictKey(key)], key, object.known)
                }
                let member = object.values[position]
                guard member.holdsContainers else { continue }
                path.append(StrictKey(key))
                defer { path.removeLast() }
                if let found = member.firstUnknownKey(walking: &path) { return found }
            }
        case .array(let array):
            for (index, element) in array.enumerated() where element.holdsContainers {
                path.append(StrictKey(index))
                defer { path.removeLast() }
                if let found = element.firstUnknownKey(walking: &path) { return found }
            }
        default:
            break
        }
        return nil
    }

    /// Whether the value is an object or an array (where an unknown key may hide).
    private var holdsContainers: Bool {
        switch value {
        case .object, .array: true
        default: false
        }
    }
}

/// A coding key by name or index.
struct StrictKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(_ string: String) { stringValue = string; intValue = nil }
    init(_ index: Int) { stringValue = "\(index)"; intValue = index }
    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { self.init(intValue) }
}

// MARK: - Parsing

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
            _ = object.append(key, member)
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

// MARK: - Decoding

struct NodeDecoder: Decoder {
    let node: Node
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = node.value else {
            throw StrictJSONError(codingPath: codingPath, value: node.text, expected: "an object")
        }
        object.opened = true
        return KeyedDecodingContainer(KeyedNodeContainer<Key>(object: object, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = node.value else {
            throw StrictJSONError(codingPath: codingPath, value: node.text, expected: "an array")
        }
        return UnkeyedNodeContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleNodeContainer(node: node, codingPath: codingPath)
    }
}

/// Reading one value as a Swift type, with the refusals `StrictJSON` promises.
enum NodeReading {
    static func decode<T: Decodable>(_ type: T.Type, from node: Node, at path: [any CodingKey]) throws -> T {
        try decode(type, from: node, in: path, nil)
    }

    /// Decodes the value at `key` of the container at `parent` (the value at `parent` itself
    /// when `key` is `nil`). The value's path is written out only when it is needed: for a
    /// nested container, or a refusal; a number or string read well costs no path.
    static func decode<T: Decodable>(_ type: T.Type, from node: Node, in parent: [any CodingKey], _ key: (any CodingKey)?) throws -> T {
        var path: [any CodingKey] { key.map { parent + [$0] } ?? parent }
        func fail(_ expected: String) -> StrictJSONError { StrictJSONError(codingPath: path, value: node.text, expected: expected) }
        switch type {
        case is Bool.Type:
            guard case .bool(let value) = node.value else { throw fail("true or false") }
            return value as! T
        case is String.Type:
            guard case .string(let value) = node.value else { throw fail("a string") }
            return value as! T
        case is Double.Type:
            return try double(node, fail) as! T
        case is Float.Type:
            let value = try double(node, fail)
            guard !value.isFinite || abs(value) <= Double(Float.greatestFiniteMagnitude) else { throw fail("a number that fits a 32-bit float") }
            return Float(value) as! T
        case is Int.Type: return try integer(Int.self, node, fail) as! T
        case is Int8.Type: return try integer(Int8.self, node, fail) as! T
        case is Int16.Type: return try integer(Int16.self, node, fail) as! T
        case is Int32.Type: return try integer(Int32.self, node, fail) as! T
        case is Int64.Type: return try integer(Int64.self, node, fail) as! T
        case is UInt.Type: return try integer(UInt.self, node, fail) as! T
        case is UInt8.Type: return try integer(UInt8.self, node, fail) as! T
        case is UInt16.Type: return try integer(UInt16.self, node, fail) as! T
        case is UInt32.Type: return try integer(UInt32.self, node, fail) as! T
        case is UInt64.Type: return try integer(UInt64.self, node, fail) as! T
        default:
            return try T(from: NodeDecoder(node: node, codingPath: path))
        }
    }

    static func double(_ node: Node, _ fail: (String) -> StrictJSONError) throws -> Double {
        switch node.value {
        case .number(let text):
            guard let value = Double(text), value.isFinite else {
                throw fail("a number within ±1.8e308 (a 64-bit float)")
            }
            return value
        case .string("NaN"): return .nan
        case .string("Infinity"): return .infinity
        case .string("-Infinity"): return -.infinity
        default:
            throw fail("a number")
        }
    }

    static func integer<I: FixedWidthInteger>(_ type: I.Type, _ node: Node, _ fail: (String) -> StrictJSONError) throws -> I {
        let range = I.bitWidth == 64 && I.isSigned ? "an integer (a whole number within ±9.2e18)" : "an integer in \(I.min)...\(I.max)"
        guard case .number(let text) = node.value else { throw fail(range) }
        if let exact = I(text) { return exact }
        // Written with a fraction or an exponent (5.0, 1e3): fine when it is whole and exact.
        if let value = Double(text), value.isFinite, value == value.rounded(), abs(value) <= 9_007_199_254_740_992,
           let exact = I(exactly: value) {
            return exact
        }
        throw fail(range)
    }
}

struct KeyedNodeContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: Node.Object
    let codingPath: [any CodingKey]

    var allKeys: [Key] {
        object.useAll()
        return object.keys.compactMap { Key(stringValue: $0) }
    }

    func contains(_ key: Key) -> Bool {
        object.ask(key.stringValue) != nil
    }

    private func member(_ key: Key) throws -> Node {
        guard let position = object.ask(key.stringValue) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "No value for key \(key.stringValue)."))
        }
        object.use(position)
        return object.values[position]
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        let node = try member(key)
        if case .null = node.value { return true }
        return false
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try NodeReading.decode(type, from: try member(key), in: codingPath, key)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let position = object.ask(key.stringValue) else { return nil }
        object.use(position)
        let node = object.values[position]
        if case .null = node.value { return nil }
        return try NodeReading.decode(type, from: node, in: codingPath, key)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try NodeDecoder(node: try member(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try NodeDecoder(node: try member(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        let key = StrictKey("super")
        let position = object.ask(key.stringValue)
        if let position { object.use(position) }
        return NodeDecoder(node: position.map { object.values[$0] } ?? Node(.null), codingPath: codingPath + [key])
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        NodeDecoder(node: try member(key), codingPath: codingPath + [key])
    }
}

struct UnkeyedNodeContainer: UnkeyedDecodingContainer {
    let elements: [Node]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    init(elements: [Node], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// The current element, without moving on: as Foundation's decoder does, a decode that
    /// fails leaves the container where it was, so a caller may try another type
    /// (`try? decode(Double.self)`, then an object).
    private func peek<T>(_ type: T.Type) throws -> (Node, [any CodingKey]) {
        guard !isAtEnd else { throw atEnd(type) }
        return (elements[currentIndex], codingPath + [StrictKey(currentIndex)])
    }

    private func atEnd<T>(_ type: T.Type) -> DecodingError {
        .valueNotFound(type, .init(codingPath: codingPath + [StrictKey(currentIndex)], debugDescription: "Unkeyed container is at end."))
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { return false }
        if case .null = elements[currentIndex].value {
            currentIndex += 1
            return true
        }
        return false
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard !isAtEnd else { throw atEnd(type) }
        let value = try NodeReading.decode(type, from: elements[currentIndex], in: codingPath, StrictKey(currentIndex))
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (node, path) = try peek(Node.self)
        let container = try NodeDecoder(node: node, codingPath: path).container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (node, path) = try peek(Node.self)
        let container = try NodeDecoder(node: node, codingPath: path).unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let (node, path) = try peek(Node.self)
        currentIndex += 1
        return NodeDecoder(node: node, codingPath: path)
    }
}

struct SingleNodeContainer: SingleValueDecodingContainer {
    let node: Node
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool {
        if case .null = node.value { return true }
        return false
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try NodeReading.decode(type, from: node, at: codingPath)
    }
}
