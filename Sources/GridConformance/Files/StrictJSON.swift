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
                   !object.isAsked($0) && nearest(to: object.keys[$0], in: [key.stringValue]) != nil
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
