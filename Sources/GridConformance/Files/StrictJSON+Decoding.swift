import Foundation
import GridCore

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
        guard let node = object.take(key.stringValue) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "No value for key \(key.stringValue)."))
        }
        return node
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
        guard let node = object.take(key.stringValue) else { return nil }
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
        return NodeDecoder(node: object.take(key.stringValue) ?? Node(.null), codingPath: codingPath + [key])
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
