import Foundation
import GridConformance
import GridCore

/// Reading and writing the JSON files GridBench keeps: specs, traces, fixtures, results.
public enum JSONFiles {
    /// Decodes `T` from the file at `url`, turning every failure into an `InputError`
    /// that names the file and the field.
    ///
    /// Non-finite numbers may be written as the strings `"NaN"`, `"Infinity"` and
    /// `"-Infinity"`, so that a validator can refuse them by field instead of the whole
    /// file failing to parse.
    public static func read<T: Decodable>(_ type: T.Type, from url: URL) throws(InputError) -> T {
        try decode(type, from: try InputFiles.read(url), file: url.path)
    }

    /// Decodes `T` from `data`, naming `file` in errors: `StrictJSON`,
    /// which refuses unknown and repeated keys and numbers that do not fit their field, and
    /// names the line and column of a syntax error.
    ///
    /// `ignoringUnknownKeys` is for partial views of a file that is also read whole.
    public static func decode<T: Decodable>(
        _ type: T.Type, from data: Data, file: String, ignoringUnknownKeys: Bool = false
    ) throws(InputError) -> T {
        try StrictJSON.decode(type, from: data, file: file, ignoringUnknownKeys: ignoringUnknownKeys)
    }

    /// Encodes `value` as pretty, key-sorted JSON and writes it to `url` atomically (see
    /// `AtomicFileWriter`): a reader never sees half a file and a failed
    /// write loses nothing.
    ///
    /// - Throws: `OutputFailure` when it cannot be written; an encoding error.
    public static func write<T: Encodable>(_ value: T, to url: URL) throws {
        try AtomicFile.write(try encoded(value), to: url)
    }

    /// `value` as the files GridBench writes hold it: pretty, key-sorted JSON and a newline.
    public static func encoded<T: Encodable>(_ value: T) throws -> Data {
        try encoder.encode(value) + Data("\n".utf8)
    }

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return decoder
    }

    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return encoder
    }
}

/// Writes files so that nothing is ever half-written (see
/// `AtomicFileWriter`).
public enum AtomicFile {
    /// Writes `data` to `url` through a temporary file in the same directory and a rename,
    /// creating missing parent directories.
    public static func write(_ data: Data, to url: URL) throws(OutputFailure) {
        try AtomicFileWriter.write(data, to: url)
    }

    /// Writes `text` as UTF-8, atomically.
    public static func write(_ text: String, to url: URL) throws(OutputFailure) {
        try write(Data(text.utf8), to: url)
    }
}

/// A JSON object key by name: for objects whose fields are not known at compile time (a
/// spec's layout fields, the fields a layout adds to `gridbench dump`).
struct FieldKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
