/// A refusal of an input file: it names the file, the field (as a JSON-style path such as
/// `sections[3]` or `frames[120].offset`), the value found there and what was expected.
///
/// Every reader of specs, traces, fixtures, query and answer files throws this, so that a
/// message always reads `trace.json: frames[120].offset = nan: expected a finite number`.
public struct InputError: Error, Hashable, Sendable {
    public var file: String
    public var field: String
    public var value: String
    public var expected: String

    public init(file: String, field: String, value: String, expected: String) {
        self.file = file
        self.field = field
        self.value = value
        self.expected = expected
    }

    /// A ``GridError`` raised while using the contents of `file`, with its field nested
    /// under `fieldPrefix` (for example `"spec."`).
    public init(file: String, _ error: GridError, fieldPrefix: String = "") {
        self.init(file: file, field: fieldPrefix + error.field, value: error.value, expected: error.expected)
    }

    /// A decoding failure in `file`, with the coding path turned into a field path.
    public init(file: String, _ error: DecodingError) {
        switch error {
        case .typeMismatch(let type, let context):
            self.init(
                file: file, field: Self.fieldPath(context.codingPath),
                value: Self.found(in: context.debugDescription) ?? "a value of another type",
                expected: "a value of type \(Self.typeName(type))")
        case .valueNotFound(let type, let context):
            self.init(
                file: file, field: Self.fieldPath(context.codingPath), value: "null",
                expected: "a value of type \(Self.typeName(type))")
        case .keyNotFound(let key, let context):
            self.init(
                file: file, field: Self.fieldPath(context.codingPath + [key]), value: "missing",
                expected: "a value (the field is required)")
        case .dataCorrupted(let context):
            var detail = context.debugDescription
            if let underlying = context.underlyingError { detail += " (\(underlying))" }
            self.init(file: file, field: Self.fieldPath(context.codingPath), value: detail, expected: "well-formed JSON")
        @unknown default:
            self.init(file: file, field: "(document)", value: "\(error)", expected: "a readable file")
        }
    }

    /// `[a, 3, b]` → `a[3].b`; the empty path is `(document)`.
    public static func fieldPath(_ path: [any CodingKey]) -> String {
        var result = ""
        for key in path {
            if let index = key.intValue, key.stringValue == "Index \(index)" || key.stringValue == "\(index)" {
                result += "[\(index)]"
            } else {
                result += result.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return result.isEmpty ? "(document)" : result
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Float.Type: "number"
        case is Int.Type, is Int32.Type, is Int64.Type, is UInt64.Type: "integer"
        case is String.Type: "string"
        case is Bool.Type: "boolean"
        default: "\(type)"
        }
    }

    /// Foundation says "Expected to decode Double but found a string instead."; keep the
    /// part after "found".
    private static func found(in description: String) -> String? {
        guard let range = description.firstRange(of: "found ") else { return nil }
        var rest = description[range.upperBound...]
        if rest.hasSuffix(" instead.") { rest = rest.dropLast(" instead.".count) }
        return String(rest)
    }
}

extension InputError: CustomStringConvertible {
    public var description: String { "\(file): \(field) = \(value): expected \(expected)" }
}
