import Foundation
import GridCore

/// Reading and writing GridConformance's JSON files: query files, answer files, fixtures.
///
/// Fixtures are pretty-printed with sorted keys, for people to read and diffs to show;
/// query and answer files, which run to tens of megabytes and are read by programs, are
/// written compactly (``compactEncoder``), a third of the size. Non-finite numbers may be written as the
/// strings `"NaN"`, `"Infinity"` and `"-Infinity"`, so that an answer holding a NaN frame is
/// refused by law 3 with the element named rather than by the parser. Every failure to read
/// is an `InputError` naming the file, the field and the value found there.
enum JSONCoding {
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return encoder
    }

    /// The encoder of query and answer files: sorted keys, no spaces or line breaks. The
    /// default round 1 of the reference tile grid is 25 MB of queries and 93 MB of answers
    /// written so, and 64 and 284 MB pretty-printed (over what a reader takes in, 256 MiB).
    static var compactEncoder: JSONEncoder {
        let encoder = encoder
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return decoder
    }

    /// `value` as key-sorted JSON with a final newline: pretty, or on one line when `compact`.
    static func encode(_ value: some Encodable, compact: Bool = false) throws -> Data {
        try (compact ? compactEncoder : encoder).encode(value) + Data("\n".utf8)
    }

    /// Writes `value` to `url` atomically (see `AtomicFileWriter`), creating the
    /// directory when it is missing.
    static func write(_ value: some Encodable, to url: URL, compact: Bool = false) throws {
        try AtomicFileWriter.write(try encode(value, compact: compact), to: url)
    }

    /// Reads the file at `url`, naming it in errors by its path.
    static func read<T: Decodable>(_ type: T.Type, from url: URL) throws(InputError) -> T {
        try decode(type, from: try InputFiles.read(url), file: url.path)
    }

    /// Decodes `T` from `data` with `StrictJSON`, turning every failure into an
    /// `InputError` that names `file`, the field, and the value found there as JSON text.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data, file: String) throws(InputError) -> T {
        try StrictJSON.decode(type, from: data, file: file)
    }

    /// GridCore's reading of a decoding error, with the value found at the failing field
    /// shown as JSON text (`"abc"` rather than "a string").
    static func inputError(_ error: DecodingError, in data: Data, file: String) -> InputError {
        var result = InputError(file: file, error)
        switch error {
        case .typeMismatch(_, let context):
            if let found = jsonText(at: context.codingPath, in: data) { result.value = found }
        case .dataCorrupted(let context) where !context.codingPath.isEmpty:
            if let found = jsonText(at: context.codingPath, in: data) { result.value = found }
            // "unknown element kind "x"; expected one of …": keep what was expected.
            let description = context.debugDescription
            result.expected = description.ranges(of: "expected ").last.map { String(description[$0.upperBound...]) } ?? description
        default:
            break
        }
        return result
    }

    /// The value at `path` in the JSON document `data`, as compact JSON text cut at `limit`
    /// characters; `nil` when the document does not parse or the path leads nowhere.
    static func jsonText(at path: [any CodingKey], in data: Data, limit: Int = 80) -> String? {
        guard var current = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return nil }
        for key in path {
            if let object = current as? [String: Any], let next = object[key.stringValue] {
                current = next
            } else if let array = current as? [Any], let index = key.intValue, array.indices.contains(index) {
                current = array[index]
            } else {
                return nil
            }
        }
        guard let text = try? JSONSerialization.data(withJSONObject: current, options: [.fragmentsAllowed, .sortedKeys])
        else { return nil }
        let string = String(decoding: text, as: UTF8.self)
        return string.count > limit ? String(string.prefix(limit)) + "…" : string
    }
}

/// A `GridError` raised while decoding a value (a data shape whose counts are
/// negative, say), with the coding path where it happened.
struct FieldError: Error {
    var codingPath: [any CodingKey]
    var error: GridError
}
