import Foundation
import GridCore

/// Any JSON value: how a fixture carries a layout's parameters without knowing the layout.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The JSON form of any encodable value (a layout's configuration, say).
    public init(encoding value: some Encodable) throws {
        let data = try JSONCoding.encoder.encode(value)
        self = try JSONCoding.decoder.decode(JSONValue.self, from: data)
    }

    /// This value decoded as `T` (a layout's configuration, say).
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONCoding.decoder.decode(T.self, from: try JSONCoding.encoder.encode(self))
    }

    /// `T` decoded from this value as strictly as `StrictJSON` reads a file: a key `T`
    /// does not know is refused with the nearest known name, not ignored.
    ///
    /// - Throws: `InputError` naming `file` and the field path within this value.
    public func decodeStrictly<T: Decodable>(_ type: T.Type, file: String) throws(InputError) -> T {
        let data: Data
        do {
            data = try JSONCoding.encoder.encode(self)
        } catch {
            throw InputError(file: file, field: "(value)", value: "\(error)", expected: "a value JSON can write")
        }
        return try StrictJSON.decode(T.self, from: data, file: file)
    }
}

extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
